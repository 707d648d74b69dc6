package native

import (
	"github.com/floatsym/floatsym/internal/arith"
)

// The projections of the rounded operations (fadd … fma, sqrt, min/max,
// rounding to integral, FP conversions, int→FP) share one engine built on
// two facts that hold in every rounding mode, for every format, subnormals
// included, because each operation is a correctly rounded real function
// and rounding is monotone:
//
//  1. Split each operand's domain into pieces: the special singletons
//     -INF, -0, +0, +INF and the finite negative and positive ranges. On a
//     box of pieces the operation is monotone in each operand (in key order,
//     where -0 < +0), with a direction fixed by the pieces' signs, and it
//     is NaN either everywhere or nowhere.
//  2. So the image of a box lies between the minimum and maximum of the
//     operation at the box's corners (the direct projection, FPSE's
//     [al⊕bl, ah⊕bh] generalised), and for one operand x the functions
//     gmax(x) = max over corners of the others and gmin(x) are monotone:
//     the x whose image can meet [rl, rh] form an interval whose ends are
//     found by bisection over the keys, each step a concrete evaluation
//     with package arith (the indirect projections). This is the exact
//     hull of what the monotone bounds allow: it needs no mid-points and
//     no wider format, and it is bit-exact for x87 f80 and the directed
//     modes, where FPSE's formulas are stated for round-to-nearest only.

// space is the value space of one operand: FP keys of kind k, or
// bit-vectors of width w (ordered as signed when signed is set).
type space struct {
	fp     bool
	k      arith.Kind
	w      int
	signed bool
}

func (s space) val(key arith.Word) arith.Word {
	if s.fp {
		return valueOf(s.k, key)
	}
	return key
}

// piece is a range of keys of one operand on which the operation is
// monotone.
type piece struct{ lo, hi arith.Word }

func (p piece) single() bool { return p.lo == p.hi }

// pieces splits the numeric part of d.
func pieces(s space, d Dom) []piece {
	if !d.Num {
		return nil
	}
	var out []piece
	add := func(lo, hi arith.Word) {
		lo, hi = kMax(lo, d.Lo), kMin(hi, d.Hi)
		if kLE(lo, hi) {
			out = append(out, piece{lo, hi})
		}
	}
	if !s.fp {
		if s.signed {
			half := arith.Shl(arith.Word{Lo: 1}, arith.Word{Lo: uint64(s.w - 1)}, 128)
			add(arith.Word{}, arith.Sub(half, arith.Word{Lo: 1}, 128))
			add(half, arith.Mask(s.w))
			return out
		}
		return []piece{{d.Lo, d.Hi}}
	}
	ni, pi := keyNegInf(s.k), keyPosInf(s.k)
	add(ni, ni)
	add(kAdd(ni, 1), keyNegMinSub)
	add(keyNegZero, keyNegZero)
	add(keyPosZero, keyPosZero)
	add(keyPosMinSub, kSub(pi, 1))
	add(pi, pi)
	return out
}

// opSpec describes one rounded operation for the engine.
type opSpec struct {
	args []space
	out  arith.Kind
	eval func(v []arith.Word) arith.Word
	// minmax: a NaN operand yields the other operand (llvm.minnum).
	minmax bool
	// nanToo: a NaN operand may also yield NaN (x86_fp80 min/max go to
	// glibc's fmin, which returns NaN for a signalling operand).
	nanToo bool
	// m counts the evaluations (nil: not counted).
	m *meter
}

// result classifies one evaluation: its key, or NaN.
func (o *opSpec) result(v []arith.Word) (arith.Word, bool) {
	if o.m != nil {
		o.m.apply++
	}
	return keyOf(o.out, o.eval(v))
}

// forBoxes calls f with every combination of pieces of the operands other
// than skip (skip = -1: all operands).
func forBoxes(ps [][]piece, skip int, f func(box []piece)) {
	box := make([]piece, len(ps))
	var rec func(i int)
	rec = func(i int) {
		if i == len(ps) {
			f(box)
			return
		}
		if i == skip {
			rec(i + 1)
			return
		}
		for _, p := range ps[i] {
			box[i] = p
			rec(i + 1)
		}
	}
	rec(0)
}

// corners calls f with the operand values at every corner of box, the
// operand skip set to x (when skip ≥ 0).
func (o *opSpec) corners(box []piece, skip int, x arith.Word, f func(v []arith.Word)) {
	n := len(box)
	v := make([]arith.Word, n)
	for mask := 0; mask < 1<<n; mask++ {
		dup := false
		for i := 0; i < n; i++ {
			bit := mask>>i&1 == 1
			switch {
			case i == skip:
				if bit {
					dup = true
				}
				v[i] = x
			case bit:
				if box[i].single() {
					dup = true
				}
				v[i] = o.args[i].val(box[i].hi)
			default:
				v[i] = o.args[i].val(box[i].lo)
			}
		}
		if !dup {
			f(v)
		}
	}
}

// direct is the domain of the result given the operands' domains.
func (o *opSpec) direct(ds []Dom) Dom {
	r := Dom{}
	for i, d := range ds {
		if !d.NaN {
			continue
		}
		if !o.minmax {
			r.NaN = true
			continue
		}
		other := ds[1-i]
		r = hull(r, Dom{Lo: other.Lo, Hi: other.Hi, Num: other.Num, NaN: other.NaN || o.nanToo})
	}
	ps := make([][]piece, len(ds))
	for i, d := range ds {
		ps[i] = pieces(o.args[i], d)
	}
	forBoxes(ps, -1, func(box []piece) {
		o.corners(box, -1, arith.Word{}, func(v []arith.Word) {
			if k, ok := o.result(v); ok {
				r = hull(r, Dom{Lo: k, Hi: k, Num: true})
			} else {
				r.NaN = true
			}
		})
	})
	return r
}

// indirect is the domain of operand i given the others and the result
// domain rd: every value of operand i that some operands in the domains
// take to a result in rd is kept.
func (o *opSpec) indirect(ds []Dom, i int, rd Dom) Dom {
	di := ds[i]
	for j, d := range ds {
		if j != i && d.NaN && (!o.minmax || o.nanToo) && rd.NaN {
			return di // another operand's NaN satisfies rd by itself
		}
	}
	out := Dom{}
	// NaN in operand i.
	if di.NaN && o.args[i].fp {
		if !o.minmax {
			out.NaN = rd.NaN
		} else {
			other := ds[1-i]
			out.NaN = !intersect(other, rd).Empty() || (other.NaN && rd.NaN) || (o.nanToo && rd.NaN)
		}
	}
	if o.minmax {
		// A NaN other operand yields operand i itself.
		if ds[1-i].NaN {
			m := intersect(Dom{Lo: di.Lo, Hi: di.Hi, Num: di.Num}, Dom{Lo: rd.Lo, Hi: rd.Hi, Num: rd.Num})
			out = hull(out, m)
		}
	}
	ps := make([][]piece, len(ds))
	for j, d := range ds {
		ps[j] = pieces(o.args[j], d)
	}
	for _, p := range ps[i] {
		forBoxes(ps, i, func(box []piece) {
			if lo, hi, ok := o.survivors(box, i, p, rd); ok {
				out = hull(out, Dom{Lo: lo, Hi: hi, Num: true})
			}
		})
	}
	return out
}

// eval at x of operand i over the corners of box: the least and greatest
// result keys and whether any result is NaN.
func (o *opSpec) extremes(box []piece, i int, x arith.Word) (lo, hi arith.Word, nan, num bool) {
	o.corners(box, i, o.args[i].val(x), func(v []arith.Word) {
		k, ok := o.result(v)
		if !ok {
			nan = true
			return
		}
		if !num {
			lo, hi, num = k, k, true
			return
		}
		lo, hi = kMin(lo, k), kMax(hi, k)
	})
	return
}

// survivors is the sub-range of piece p of operand i whose image over box
// can meet rd.
func (o *opSpec) survivors(box []piece, i int, p piece, rd Dom) (lo, hi arith.Word, ok bool) {
	mayMeet := func(x arith.Word) (bool, bool) { // (meets, nan)
		l, h, nan, num := o.extremes(box, i, x)
		return num && rd.Num && kLE(rd.Lo, h) && kLE(l, rd.Hi), nan
	}
	if p.single() {
		m, nan := mayMeet(p.lo)
		return p.lo, p.lo, m || (nan && rd.NaN)
	}
	lL, hL, nanL, numL := o.extremes(box, i, p.lo)
	lH, hH, nanH, numH := o.extremes(box, i, p.hi)
	if nanL || nanH {
		if nanL && nanH && !numL && !numH {
			return p.lo, p.hi, rd.NaN // NaN on the whole box
		}
		return p.lo, p.hi, true // not the expected shape: keep all
	}
	if !rd.Num {
		return arith.Word{}, arith.Word{}, false
	}
	// A(x): gmax(x) ≥ rl; B(x): gmin(x) ≤ rh; both monotone in x.
	aL, aH := kLE(rd.Lo, hL), kLE(rd.Lo, hH)
	bL, bH := kLE(lL, rd.Hi), kLE(lH, rd.Hi)
	gmax := func(x arith.Word) bool {
		_, h, nan, num := o.extremes(box, i, x)
		return nan || !num || kLE(rd.Lo, h)
	}
	gmin := func(x arith.Word) bool {
		l, _, nan, num := o.extremes(box, i, x)
		return nan || !num || kLE(l, rd.Hi)
	}
	alo, ahi, okA := setOf(p, aL, aH, gmax)
	blo, bhi, okB := setOf(p, bL, bH, gmin)
	if !okA || !okB {
		return arith.Word{}, arith.Word{}, false
	}
	lo, hi = kMax(alo, blo), kMin(ahi, bhi)
	return lo, hi, kLE(lo, hi)
}

// setOf is the interval of p where the monotone predicate pred holds,
// given its values at the ends.
func setOf(p piece, atLo, atHi bool, pred func(arith.Word) bool) (lo, hi arith.Word, ok bool) {
	switch {
	case atLo && atHi:
		return p.lo, p.hi, true
	case !atLo && !atHi:
		return arith.Word{}, arith.Word{}, false
	case atHi: // up-set: first true
		l, h := p.lo, p.hi
		for kLess(kAdd(l, 1), h) {
			m := kMid(l, h)
			if pred(m) {
				h = m
			} else {
				l = m
			}
		}
		return h, p.hi, true
	}
	l, h := p.lo, p.hi // down-set: last true
	for kLess(kAdd(l, 1), h) {
		m := kMid(l, h)
		if pred(m) {
			l = m
		} else {
			h = m
		}
	}
	return p.lo, l, true
}
