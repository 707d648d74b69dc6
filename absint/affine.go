package absint

import (
	"math"

	"github.com/floatsym/floatsym/internal/arith"
)

// Affine forms with noise symbols (Fluctuat's zonotopes), for the
// subdivision replay (subdiv.go): every float value computed from a
// split input carries
//
//	v = c + Σ a_j·ε_j ± r,   ε_j ∈ [−1, 1],
//
// where ε_j is shared by every value computed from j — an input's
// position in its sub-box, or the rounding error and linearisation
// remainder of one operation — and r bounds what is shared with nothing
// (the float64 rounding of the forms' own coefficients). x·(2 − d·x)
// and x + a/x keep the correlation of their operands, so a Newton step
// whose derivative in x is near 0 cancels the error x brings in, which
// intervals cannot. The arithmetic is solver/native/zono.go's (same
// linearisations, same float64 error accounting); that one is tied to
// the solver's query network, so the rules are restated here over
// registers and memory cells.
//
// Soundness: each rule encloses the real result on every pair of values
// the operand forms enclose; afRound then adds |fl(v) − v|, at most the
// spacing of v's largest binade (half of it when the mode is known to be
// to nearest), and refuses a result that may overflow. A form exists
// only for a value that is finite on every execution it describes.
type aff struct {
	c   float64
	sym []int32
	a   []float64
	r   float64
}

// afRel is the relative slack one float64 operation on forms adds (a
// rounding to nearest errs by at most 2^-53 relative; the margin covers
// the few roundings of one combined coefficient), afTiny the absolute
// slack for underflow.
const (
	afRel  = 0x1p-50
	afTiny = 0x1p-1060
)

func afErr(v float64) float64  { return math.Abs(v)*afRel + afTiny }
func afUp(v float64) float64   { return v + afErr(v) }
func afDown(v float64) float64 { return v - afErr(v) }

// afConst is the exact constant x.
func afConst(x float64) *aff { return &aff{c: x} }

// afRange is the form of a value in [lo, hi] on symbol s.
func afRange(lo, hi float64, s int32) *aff {
	c := lo/2 + hi/2
	rad := afUp(math.Max(hi-c, c-lo))
	if rad == 0 {
		return &aff{c: c}
	}
	return &aff{c: c, sym: []int32{s}, a: []float64{rad}}
}

// rad bounds |v − c| for every v the form encloses.
func (f *aff) rad() float64 {
	s := f.r
	for _, a := range f.a {
		s = afUp(s + math.Abs(a))
	}
	return s
}

// bounds is the enclosed range; ok is false when it is not finite.
func (f *aff) bounds() (lo, hi float64, ok bool) {
	rd := f.rad()
	lo, hi = afDown(f.c-rd), afUp(f.c+rd)
	return lo, hi, !math.IsInf(lo, 0) && !math.IsInf(hi, 0) && !math.IsNaN(lo) && !math.IsNaN(hi)
}

func (f *aff) isConst() bool { return len(f.sym) == 0 && f.r == 0 }

// afCombine is α·x + β·y.
func afCombine(x, y *aff, al, be float64) *aff {
	f := &aff{sym: make([]int32, 0, len(x.sym)+len(y.sym)), a: make([]float64, 0, len(x.sym)+len(y.sym))}
	f.c = al*x.c + be*y.c
	r := afUp(afUp(math.Abs(al)*x.r) + afUp(math.Abs(be)*y.r))
	r = afUp(r + afErr(math.Abs(al*x.c)+math.Abs(be*y.c)))
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
		r = afUp(r + afErr(math.Abs(p)+math.Abs(q)))
		if v != 0 {
			f.sym = append(f.sym, s)
			f.a = append(f.a, v)
		}
	}
	f.r = r
	return f
}

// afMul is x·y linearised at the centres, cx·cy + cx·Y + cy·X, and the
// remainder |X·Y| ≤ rad X · rad Y (for x·x: X² ∈ [0, rad²], centred)
// to put on the result's own symbol.
func afMul(x, y *aff, same bool) (*aff, float64) {
	f := afCombine(&aff{sym: x.sym, a: x.a, r: x.r}, &aff{sym: y.sym, a: y.a, r: y.r}, y.c, x.c)
	f.c = x.c * y.c
	f.r = afUp(f.r + afErr(f.c))
	rx, ry := x.rad(), y.rad()
	if same {
		h := afUp(afUp(rx*rx) / 2)
		f.c += h
		f.r = afUp(f.r + afErr(f.c))
		return f, h
	}
	return f, afUp(rx * ry)
}

// afDiv is x/y for y's range away from zero: with q ≈ cx/cy and
// D = (x − cx) − q·(y − cy) + (cx − q·cy), x/y = q + D/cy − D·(y − cy)/(cy·y)
// (an identity); the last term is the remainder, at most
// rad D · rad Y / (|cy| · min|y|). ok is false when y may be 0.
func afDiv(x, y *aff) (*aff, float64, bool) {
	ylo, yhi, ok := y.bounds()
	if !ok || (ylo <= 0 && yhi >= 0) || y.c == 0 {
		return nil, 0, false
	}
	miny := ylo
	if yhi < 0 {
		miny = -yhi
	}
	q := x.c / y.c
	d := afCombine(&aff{sym: x.sym, a: x.a, r: x.r}, &aff{sym: y.sym, a: y.a, r: y.r}, 1, -q)
	d.c = 0
	d.r = afUp(d.r + afUp(math.Abs(y.c)*afErr(q)))
	ry, rd := y.rad(), d.rad()
	f := afScaleDiv(d, y.c)
	f.c = q
	f.r = afUp(f.r + afErr(q))
	return f, afUp(afUp(rd*ry) / afDown(math.Abs(y.c)*miny)), true
}

// afScaleDiv is x/k.
func afScaleDiv(x *aff, k float64) *aff {
	f := &aff{sym: append([]int32(nil), x.sym...), a: make([]float64, len(x.a))}
	f.c = x.c / k
	r := afUp(afUp(math.Abs(x.r/k)) + afErr(f.c))
	for i, a := range x.a {
		f.a[i] = a / k
		r = afUp(r + afErr(f.a[i]))
	}
	f.r = r
	return f
}

// afTop is the largest finite magnitude of k a float64 form may reach
// without the rounded result overflowing in any mode.
func afTop(k arith.Kind) float64 {
	if k == arith.F32 {
		return math.MaxFloat32
	}
	return math.MaxFloat64
}

// afUlp bounds |fl(v) − v| for every real v with |v| ≤ m rounded to k:
// the spacing of m's binade (of the subnormals below 2^emin), half of
// it to nearest. Never below 2^-1074 (an F80 spacing float64 cannot
// hold is smaller than that).
func afUlp(m float64, k arith.Kind, nearest bool) float64 {
	be := k.MinExp()
	if m > 0 {
		if _, x := math.Frexp(m); x-1 > be {
			be = x - 1
		}
	}
	e := be - (k.Precision() - 1)
	if nearest {
		e--
	}
	return math.Max(math.Ldexp(1, e), 0x1p-1074)
}

// afRound is the form of fl_k(v) for the real result form f plus own
// (the remainder of f's linearisation, or other errors already bounded),
// on the fresh symbol s, which must exceed every symbol of f. exact
// skips the rounding error (the operation is exact by construction). ok
// is false when the result may overflow or the form is not finite.
func afRound(f *aff, own float64, k arith.Kind, nearest, exact bool, s int32) (*aff, bool) {
	lo, hi, ok := f.bounds()
	if !ok {
		return nil, false
	}
	m := afUp(math.Max(math.Abs(lo), math.Abs(hi)) + own)
	if !(m < afTop(k)) { // NaN or past the largest finite value
		return nil, false
	}
	if !exact {
		own = afUp(own + afUlp(m, k, nearest))
	}
	if own == 0 {
		return f, true
	}
	return &aff{c: f.c, sym: append(f.sym[:len(f.sym):len(f.sym)], s), a: append(f.a[:len(f.a):len(f.a)], own), r: f.r}, true
}

// afFMA is fl(fl(x·y) + z) or fl(x·y + z) (llvm.fmuladd: fused or not,
// both enclosed), on the fresh symbol s.
func afFMA(x, y, z *aff, k arith.Kind, nearest bool, s int32) (*aff, bool) {
	p, rem := afMul(x, y, false)
	plo, phi, ok := p.bounds()
	if !ok {
		return nil, false
	}
	pm := afUp(math.Max(math.Abs(plo), math.Abs(phi)) + rem)
	if !(pm < afTop(k)) {
		return nil, false
	}
	own := afUp(rem + afUlp(pm, k, nearest))
	return afRound(afCombine(p, z, 1, 1), own, k, nearest, false, s)
}
