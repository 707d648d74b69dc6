package native

import (
	"math"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Affine arithmetic with noise symbols over one box of the inputs (the
// zonotopes of Fluctuat), for the prover's boxes (prove.go). Interval
// propagation refutes a box of newton_sqrt's query only when it is a few
// floats wide: x + a/x takes its operands independently, so each Newton
// step adds the width of the box again. The forms of affine.go do not
// help there: a quotient of two non-constant operands is an opaque term
// to them, and their rounding errors are one unshared bound, so a step
// whose derivative in x is 1 − a/x² ≈ 0 cannot cancel the error x
// brings in. Here every node computed from the box has a form
//
//	v = c + Σ a_j·ε_j ± r,   ε_j ∈ [−1, 1],
//
// where ε_j is the noise of node j, shared by every node computed from
// j: an input's position in its box, j's rounding error, or the
// remainder of j's linearisation (a product or quotient of two
// non-constant operands is linearised at the operands' centres and the
// quadratic remainder bounded). r bounds what is shared with nothing:
// the float64 rounding of the forms' own arithmetic.
//
// Soundness: each rule encloses the real result of the operation on
// every pair of values its operands' forms enclose, and the rounded
// result within |fl(v) − v| ≤ spacing/2 (nearest) or < spacing
// (directed), the spacing of the binade of the real result's largest
// magnitude; coefficients are float64 values rounded to nearest, and
// every operation adds a bound of its own rounding to r (zerr). A node
// the rules cannot enclose — a possible NaN, infinity or overflow, a
// quotient whose divisor's range holds zero, an operation without a
// rule — gets a fresh symbol over its propagated domain when that is
// finite, else no form. The propagated domains hold every solution of
// the query, so the forms enclose each node's value at every solution in
// the box: a root decided against what the query wants refutes the box.

// zform is c + Σ a[j]·ε_sym[j] ± r (sym ascending).
type zform struct {
	c   float64
	sym []int32
	a   []float64
	r   float64
}

// zrel is the relative slack one float64 operation on forms adds (a
// rounding to nearest errs by at most 2^-53 relative; the margin covers
// the few roundings of one combined coefficient), ztiny the absolute
// slack for underflow.
const (
	zrel  = 0x1p-50
	ztiny = 0x1p-1060
)

// zerr bounds the float64 rounding error of a computed value v.
func zerr(v float64) float64 { return math.Abs(v)*zrel + ztiny }

// zup is an upper bound of the exact value v approximates.
func zup(v float64) float64 { return v + zerr(v) }

// zdown is a lower bound of the exact value v approximates.
func zdown(v float64) float64 { return v - zerr(v) }

// rad bounds |v − c| for every v the form encloses.
func (f *zform) rad() float64 {
	s := f.r
	for _, a := range f.a {
		s = zup(s + math.Abs(a))
	}
	return s
}

// bounds is the enclosed range [lo, hi]; ok is false when not finite.
func (f *zform) bounds() (lo, hi float64, ok bool) {
	rd := f.rad()
	lo, hi = zdown(f.c-rd), zup(f.c+rd)
	return lo, hi, !math.IsInf(lo, 0) && !math.IsInf(hi, 0) && !math.IsNaN(lo) && !math.IsNaN(hi)
}

// isConst reports a form without noise.
func (f *zform) isConst() bool { return len(f.sym) == 0 && f.r == 0 }

// zcombine is α·x + β·y with the constant term α·x.c + β·y.c.
func zcombine(x, y *zform, al, be float64) *zform {
	f := &zform{sym: make([]int32, 0, len(x.sym)+len(y.sym)), a: make([]float64, 0, len(x.sym)+len(y.sym))}
	f.c = al*x.c + be*y.c
	r := zup(zup(math.Abs(al)*x.r) + zup(math.Abs(be)*y.r))
	r = zup(r + zerr(math.Abs(al*x.c)+math.Abs(be*y.c)))
	i, j := 0, 0
	for i < len(x.sym) || j < len(y.sym) {
		var s int32
		var p, q float64
		switch {
		case j == len(y.sym) || (i < len(x.sym) && x.sym[i] < y.sym[j]):
			s, p = x.sym[i], al*x.a[i]
			i++
		case i == len(x.sym) || y.sym[j] < x.sym[i]:
			s, q = y.sym[j], be*y.a[j]
			j++
		default:
			s, p, q = x.sym[i], al*x.a[i], be*y.a[j]
			i++
			j++
		}
		v := p + q
		r = zup(r + zerr(math.Abs(p)+math.Abs(q)))
		if v != 0 {
			f.sym = append(f.sym, s)
			f.a = append(f.a, v)
		}
	}
	f.r = r
	return f
}

// zscale is x·k for a float64 k (x/k when div).
func zscale(x *zform, k float64, div bool) *zform {
	f := &zform{sym: make([]int32, len(x.sym)), a: make([]float64, len(x.a))}
	op := func(v float64) float64 {
		if div {
			return v / k
		}
		return v * k
	}
	f.c = op(x.c)
	r := zup(zup(math.Abs(op(x.r))) + zerr(f.c))
	copy(f.sym, x.sym)
	for i, a := range x.a {
		f.a[i] = op(a)
		r = zup(r + zerr(f.a[i]))
	}
	f.r = r
	return f
}

// zctx computes the forms of one query's nodes over the prover's boxes.
type zctx struct {
	n     *network
	forms []*zform
	truth []int8 // Bool nodes: 0 unknown, 1 false, 2 true
	// order lists the nodes computed per box (index order: kids first);
	// the others keep the forms computed once (constants, nodes no leaf
	// reaches).
	order  []int32
	leafAt []int  // node → leaf index + 1 (0: not a leaf)
	want   []bool // per root of the network
	// own accumulates the coefficient of the node's own symbol while it
	// is built.
	own float64
}

// newZctx prepares the forms of s's network over boxes of its leaves;
// deps lists the nodes that depend on some leaf (index order).
func newZctx(s *search, deps []int32) *zctx {
	n := s.n
	z := &zctx{n: n, forms: make([]*zform, len(n.nodes)), truth: make([]int8, len(n.nodes)),
		leafAt: make([]int, len(n.nodes))}
	for _, r := range s.roots {
		z.want = append(z.want, r.Want)
	}
	for li, l := range s.leaves {
		z.leafAt[l.node] = li + 1
	}
	dep := make([]bool, len(n.nodes))
	for _, i := range deps {
		dep[i] = true
	}
	for i := range n.nodes {
		if z.leafAt[i] != 0 {
			continue
		}
		if dep[i] {
			z.order = append(z.order, int32(i))
			continue
		}
		z.node(i)
	}
	return z
}

// refutes reports that no solution lies in box (a domain per leaf).
func (z *zctx) refutes(box []Dom, leaves []leaf) bool {
	for li, l := range leaves {
		z.truth[l.node] = 0
		z.forms[l.node] = nil
		if l.fp {
			z.forms[l.node] = z.opaque(l.node, box[li])
		}
	}
	for _, i := range z.order {
		z.node(int(i))
	}
	for j, r := range z.n.roots {
		if t := z.truth[r]; t != 0 && (t == 2) != z.want[j] {
			return true
		}
	}
	return false
}

// opaque is a fresh symbol of node i over the finite domain d (nil when
// d may be NaN or infinite).
func (z *zctx) opaque(i int, d Dom) *zform {
	e := z.n.nodes[i]
	if !zKind(e.Sort) || d.NaN || !d.Num {
		return nil
	}
	k := e.Sort.FK
	lo, hi := toFloat(k, valueOf(k, d.Lo)), toFloat(k, valueOf(k, d.Hi))
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return nil
	}
	if lo == hi {
		return &zform{c: lo}
	}
	c := lo/2 + hi/2
	rd := zup(math.Max(hi-c, c-lo))
	return &zform{c: c, sym: []int32{int32(i)}, a: []float64{rd}}
}

// zKind reports the sorts forms are computed for (f80 is left out: its
// pseudo-denormals and 64-bit significand are beyond float64 forms).
func zKind(s expr.Sort) bool {
	return s.Kind == expr.FP && (s.FK == arith.F32 || s.FK == arith.F64)
}

// node computes node i's form (FP) or truth (Bool).
func (z *zctx) node(i int) {
	e := z.n.nodes[i]
	z.n.m.zono++
	switch e.Sort.Kind {
	case expr.Bool:
		z.truth[i] = z.decide(i)
	case expr.FP:
		z.forms[i] = nil
		if zKind(e.Sort) {
			z.own = 0
			f := z.build(i)
			if f == nil {
				f = z.opaque(i, z.n.dom[i])
			}
			z.forms[i] = f
		}
	}
}

// build is node i's form by its operation's rule (nil: none).
func (z *zctx) build(i int) *zform {
	n := z.n
	e := n.nodes[i]
	k := e.Sort.FK
	kid := func(j int) *zform { return z.forms[n.kid(i, j)] }
	switch e.Op {
	case expr.OpConst:
		v := toFloat(k, e.Val)
		if math.IsInf(v, 0) || math.IsNaN(v) {
			return nil
		}
		return &zform{c: v}
	case expr.OpFAdd, expr.OpFSub:
		x, y := kid(0), kid(1)
		if x == nil || y == nil {
			return nil
		}
		be := 1.0
		if e.Op == expr.OpFSub {
			be = -1
		}
		return z.round(i, zcombine(x, y, 1, be), false)
	case expr.OpFMul:
		x, y := kid(0), kid(1)
		if x == nil || y == nil {
			return nil
		}
		if x.isConst() {
			x, y = y, x
		}
		if y.isConst() {
			return z.round(i, zscale(x, y.c, false), zPow2(y.c))
		}
		return z.round(i, z.mul(x, y, n.kid(i, 0) == n.kid(i, 1)), false)
	case expr.OpFDiv:
		x, y := kid(0), kid(1)
		if x == nil || y == nil {
			return nil
		}
		if y.isConst() {
			if y.c == 0 {
				return nil
			}
			return z.round(i, zscale(x, y.c, true), zPow2(y.c))
		}
		f := z.div(x, y)
		if f == nil {
			return nil
		}
		return z.round(i, f, false)
	case expr.OpFNeg:
		x := kid(0)
		if x == nil {
			return nil
		}
		return zscale(x, -1, false)
	case expr.OpFAbs:
		x := kid(0)
		if x == nil {
			return nil
		}
		lo, hi, ok := x.bounds()
		switch {
		case ok && lo >= 0:
			return x
		case ok && hi <= 0:
			return zscale(x, -1, false)
		}
		return nil
	case expr.OpFPConv:
		x := kid(0)
		src := n.nodes[n.kid(i, 0)].Sort
		if x == nil || !zKind(src) {
			return nil
		}
		if src.FK == arith.F32 || src.FK == k {
			return x // extension is exact
		}
		return z.round(i, x, false)
	}
	return nil
}

// zPow2 reports a power of two (scaling by it is exact unless the result
// is subnormal).
func zPow2(v float64) bool {
	f, _ := math.Frexp(math.Abs(v))
	return f == 0.5
}

// mul is x·y linearised at the centres: cx·cy + cx·Y + cy·X, with the
// remainder X·Y (|X·Y| ≤ rad X · rad Y; X² ∈ [0, rad²] when x and y
// are one node) on node's own symbol.
func (z *zctx) mul(x, y *zform, same bool) *zform {
	f := zcombine(&zform{sym: x.sym, a: x.a, r: x.r}, &zform{sym: y.sym, a: y.a, r: y.r}, y.c, x.c)
	f.c = x.c * y.c
	f.r = zup(f.r + zerr(f.c))
	rx, ry := x.rad(), y.rad()
	if same {
		h := zup(zup(rx*rx) / 2)
		f.c += h
		f.r = zup(f.r + zerr(f.c))
		z.own = zup(z.own + h)
	} else {
		z.own = zup(z.own + zup(rx*ry))
	}
	return f
}

// div is x/y for y's range away from zero, linearised at the centres:
// with q ≈ cx/cy and D = (x − cx) − q·(y − cy) + (cx − q·cy),
//
//	x/y = q + D/cy − D·(y − cy)/(cy·y),
//
// an identity; the last term is the remainder, bounded by
// rad D · rad Y / (|cy| · min|y|) on node's own symbol. When x and y
// move together (a/a) D is small and so is the remainder.
func (z *zctx) div(x, y *zform) *zform {
	ylo, yhi, ok := y.bounds()
	if !ok || (ylo <= 0 && yhi >= 0) || y.c == 0 {
		return nil
	}
	miny := ylo
	if yhi < 0 {
		miny = -yhi
	}
	q := x.c / y.c
	// D's constant cx − q·cy is below |cy|·|q|·2^-53; it goes to r.
	d := zcombine(&zform{sym: x.sym, a: x.a, r: x.r}, &zform{sym: y.sym, a: y.a, r: y.r}, 1, -q)
	d.c = 0
	d.r = zup(d.r + zup(math.Abs(y.c)*zerr(q)))
	ry, rd := y.rad(), d.rad()
	f := zscale(d, y.c, true)
	f.c = q
	f.r = zup(f.r + zerr(q))
	z.own = zup(z.own + zup(zup(rd*ry)/zdown(math.Abs(y.c)*miny)))
	return f
}

// round is the form of node i's result: f, the real result, plus the
// rounding error (none when exact: a scaling by a power of two outside
// the subnormal range) and the remainder gathered in z.own, on node i's
// own symbol. nil when the real result may overflow.
func (z *zctx) round(i int, f *zform, pow2 bool) *zform {
	e := z.n.nodes[i]
	k := e.Sort.FK
	lo, hi, ok := f.bounds()
	if !ok {
		return nil
	}
	p, emin, top := k.Precision(), k.MinExp(), float64(math.MaxFloat32)
	if k == arith.F64 {
		top = math.MaxFloat64
	}
	m := math.Max(math.Abs(lo), math.Abs(hi))
	if m > top {
		return nil // the directed modes saturate, nearest overflows
	}
	minAbs := 0.0
	if lo > 0 {
		minAbs = lo
	} else if hi < 0 {
		minAbs = -hi
	}
	err := 0.0
	if !pow2 || minAbs < math.Ldexp(1, emin) {
		be := emin
		if m > 0 {
			if _, x := math.Frexp(m); x-1 > be {
				be = x - 1
			}
		}
		err = math.Ldexp(1, be-(p-1))
		if e.RM == arith.NearestEven {
			err /= 2
		}
	}
	own := zup(z.own + err)
	if own == 0 {
		return f
	}
	// Node i's symbol is above every symbol its operands use (kids come
	// first), so appending keeps sym ascending.
	g := &zform{c: f.c, sym: append(f.sym[:len(f.sym):len(f.sym)], int32(i)),
		a: append(f.a[:len(f.a):len(f.a)], own), r: f.r}
	return g
}

// decide is the truth of Bool node i over the box: 1 false, 2 true, 0
// unknown.
func (z *zctx) decide(i int) int8 {
	n := z.n
	e := n.nodes[i]
	switch e.Op {
	case expr.OpConst:
		return int8(e.Val.Lo&1) + 1
	case expr.OpNot:
		if t := z.truth[n.kid(i, 0)]; t != 0 {
			return 3 - t
		}
		return 0
	case expr.OpAnd, expr.OpOr:
		a, b := z.truth[n.kid(i, 0)], z.truth[n.kid(i, 1)]
		absorbing := int8(1) // false absorbs and
		if e.Op == expr.OpOr {
			absorbing = 2
		}
		switch {
		case a == absorbing || b == absorbing:
			return absorbing
		case a != 0 && b != 0:
			return a
		}
		return 0
	case expr.OpFIsNaN, expr.OpFIsInf:
		if z.forms[n.kid(i, 0)] != nil {
			return 1
		}
		return 0
	case expr.OpFOLt, expr.OpFOLe, expr.OpFOEq:
		x, y := z.forms[n.kid(i, 0)], z.forms[n.kid(i, 1)]
		if x == nil || y == nil {
			return 0
		}
		lo, hi, ok := zcombine(x, y, 1, -1).bounds()
		if !ok {
			return 0
		}
		switch e.Op {
		case expr.OpFOLt:
			if hi < 0 {
				return 2
			}
			if lo >= 0 {
				return 1
			}
		case expr.OpFOLe:
			if hi <= 0 {
				return 2
			}
			if lo > 0 {
				return 1
			}
		default:
			if lo > 0 || hi < 0 {
				return 1
			}
		}
	}
	return 0
}
