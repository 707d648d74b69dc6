package native

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Bit-vector and Bool projections: the views the executor's queries need
// around the FP operations (bytes of symbolic arrays concatenated into the
// bits of a float, comparisons, logic, if-then-else).

func one() arith.Word { return arith.Word{Lo: 1} }

// bvRange is [lo, hi] or empty.
func bvRange(lo, hi arith.Word) Dom {
	if kLess(hi, lo) {
		return Dom{}
	}
	return Dom{Lo: lo, Hi: hi, Num: true}
}

// bvTrim removes value v from the ends of d.
func bvTrim(d Dom, v arith.Word) Dom {
	if !d.Num {
		return d
	}
	if d.Lo == v {
		if d.Hi == v {
			return Dom{}
		}
		d.Lo = kAdd(v, 1)
	}
	if d.Hi == v {
		d.Hi = kSub(v, 1)
	}
	return d
}

func (n *network) reviseEq(i int) {
	e := n.nodes[i]
	ia, ib := n.kid(i, 0), n.kid(i, 1)
	a, b := n.dom[ia], n.dom[ib]
	s := e.Kid[0].Sort
	m := intersect(a, b)
	canT := !m.Empty()
	canF := !(a.Point() && b.Point() && a.Lo == b.Lo && !(s.Kind == expr.FP && s.FK == arith.F80))
	if s.Kind == expr.FP && (a.NaN || b.NaN) {
		canF = true // NaN payloads differ
	}
	n.set(i, boolDom(canF, canT), false)
	r := n.dom[i]
	switch {
	case r.canTrue() && !r.canFalse():
		n.set(ia, b, true)
		n.set(ib, n.dom[ia], true)
	case r.canFalse() && !r.canTrue() && s.Kind != expr.FP:
		if b.Point() {
			n.set(ia, bvTrim(a, b.Lo), true)
		}
		if a2 := n.dom[ia]; a2.Point() {
			n.set(ib, bvTrim(n.dom[ib], a2.Lo), true)
		}
	}
}

// flipSign maps a bit-vector domain into signed order (x ^ signbit),
// reporting false when the unsigned range crosses the sign boundary.
func flipSign(d Dom, w int) (Dom, bool) {
	if !d.Num {
		return d, true
	}
	sb := signBitW(w)
	if arith.SignBitOf(d.Lo, w) != arith.SignBitOf(d.Hi, w) {
		return Dom{Hi: bvMax(w), Num: true}, false
	}
	return Dom{Lo: arith.Xor(d.Lo, sb), Hi: arith.Xor(d.Hi, sb), Num: true}, true
}

// unflip maps a signed-order domain back (hull when it crosses).
func unflip(d Dom, w int) Dom {
	r, _ := flipSign(d, w)
	return r
}

func (n *network) reviseICmp(i int) {
	e := n.nodes[i]
	ia, ib := n.kid(i, 0), n.kid(i, 1)
	a, b := n.dom[ia], n.dom[ib]
	w := e.Kid[0].Width()
	signed := e.Op == expr.OpSlt || e.Op == expr.OpSle
	if signed {
		a, _ = flipSign(a, w)
		b, _ = flipSign(b, w)
	}
	if !a.Num || !b.Num {
		n.set(i, Dom{}, false)
		return
	}
	strict := e.Op == expr.OpUlt || e.Op == expr.OpSlt
	var canT, canF bool
	if strict {
		canT, canF = kLess(a.Lo, b.Hi), kLE(b.Lo, a.Hi)
	} else {
		canT, canF = kLE(a.Lo, b.Hi), kLess(b.Lo, a.Hi)
	}
	n.set(i, boolDom(canF, canT), false)
	r := n.dom[i]
	if r.Empty() || (r.canTrue() && r.canFalse()) {
		return
	}
	max := bvMax(w)
	var na, nb Dom
	switch {
	case r.canTrue() && strict: // a < b
		if b.Hi == (arith.Word{}) || a.Lo == max {
			na, nb = Dom{}, Dom{}
		} else {
			na, nb = bvRange(a.Lo, kMin(a.Hi, kSub(b.Hi, 1))), bvRange(kMax(b.Lo, kAdd(a.Lo, 1)), b.Hi)
		}
	case r.canTrue(): // a ≤ b
		na, nb = bvRange(a.Lo, kMin(a.Hi, b.Hi)), bvRange(kMax(b.Lo, a.Lo), b.Hi)
	case strict: // a ≥ b
		na, nb = bvRange(kMax(a.Lo, b.Lo), a.Hi), bvRange(b.Lo, kMin(b.Hi, a.Hi))
	default: // a > b
		if a.Hi == (arith.Word{}) || b.Lo == max {
			na, nb = Dom{}, Dom{}
		} else {
			na, nb = bvRange(kMax(a.Lo, kAdd(b.Lo, 1)), a.Hi), bvRange(b.Lo, kMin(b.Hi, kSub(a.Hi, 1)))
		}
	}
	if signed {
		na, nb = unflip(na, w), unflip(nb, w)
	}
	n.set(ia, na, true)
	n.set(ib, nb, true)
}

func (n *network) reviseLogic(i int) {
	e := n.nodes[i]
	ia := n.kid(i, 0)
	a := n.dom[ia]
	if e.Op == expr.OpNot {
		n.set(i, boolDom(a.canTrue(), a.canFalse()), false)
		r := n.dom[i]
		n.set(ia, boolDom(r.canTrue(), r.canFalse()), true)
		return
	}
	ib := n.kid(i, 1)
	b := n.dom[ib]
	var canT, canF bool
	switch e.Op {
	case expr.OpAnd:
		canT, canF = a.canTrue() && b.canTrue(), a.canFalse() || b.canFalse()
	case expr.OpOr:
		canT, canF = a.canTrue() || b.canTrue(), a.canFalse() && b.canFalse()
	default:
		canT = (a.canTrue() && b.canFalse()) || (a.canFalse() && b.canTrue())
		canF = (a.canTrue() && b.canTrue()) || (a.canFalse() && b.canFalse())
	}
	n.set(i, boolDom(canF, canT), false)
	r := n.dom[i]
	if r.Empty() || (r.canTrue() && r.canFalse()) {
		return
	}
	t := r.canTrue()
	switch e.Op {
	case expr.OpAnd:
		if t {
			n.set(ia, boolDom(false, true), true)
			n.set(ib, boolDom(false, true), true)
		} else if !n.dom[ia].canFalse() {
			n.set(ib, boolDom(true, false), true)
		} else if !n.dom[ib].canFalse() {
			n.set(ia, boolDom(true, false), true)
		}
	case expr.OpOr:
		if !t {
			n.set(ia, boolDom(true, false), true)
			n.set(ib, boolDom(true, false), true)
		} else if !n.dom[ia].canTrue() {
			n.set(ib, boolDom(false, true), true)
		} else if !n.dom[ib].canTrue() {
			n.set(ia, boolDom(false, true), true)
		}
	default:
		if a.Point() {
			v := (a.Lo.Lo == 1) != t
			n.set(ib, boolDom(!v, v), true)
		}
		if b.Point() {
			v := (b.Lo.Lo == 1) != t
			n.set(ia, boolDom(!v, v), true)
		}
	}
}

// notDom is the domain of the bitwise complement.
func notDom(d Dom, w int) Dom {
	if !d.Num {
		return d
	}
	m := bvMax(w)
	return Dom{Lo: arith.Xor(d.Hi, m), Hi: arith.Xor(d.Lo, m), Num: true}
}

func (n *network) reviseIte(i int) {
	ic, it, ie := n.kid(i, 0), n.kid(i, 1), n.kid(i, 2)
	c := n.dom[ic]
	var r Dom
	if c.canTrue() {
		r = hull(r, n.dom[it])
	}
	if c.canFalse() {
		r = hull(r, n.dom[ie])
	}
	n.set(i, r, false)
	rd := n.dom[i]
	if intersect(n.dom[it], rd).Empty() {
		n.set(ic, boolDom(true, false), true)
	}
	if intersect(n.dom[ie], rd).Empty() {
		n.set(ic, boolDom(false, true), true)
	}
	c = n.dom[ic]
	if !c.canFalse() {
		n.set(it, rd, true)
	}
	if !c.canTrue() {
		n.set(ie, rd, true)
	}
}

func (n *network) reviseConcat(i int) {
	ih, il := n.kid(i, 0), n.kid(i, 1)
	h, l := n.dom[ih], n.dom[il]
	lw := n.nodes[il].Width()
	sh := arith.Word{Lo: uint64(lw)}
	if h.Num && l.Num {
		lo := arith.Or(arith.Shl(h.Lo, sh, 128), l.Lo)
		hi := arith.Or(arith.Shl(h.Hi, sh, 128), l.Hi)
		n.set(i, Dom{Lo: lo, Hi: hi, Num: true}, false)
	}
	r := n.dom[i]
	if !r.Num {
		return
	}
	hl, hh := arith.LShr(r.Lo, sh, 128), arith.LShr(r.Hi, sh, 128)
	n.set(ih, Dom{Lo: hl, Hi: hh, Num: true}, true)
	if hl == hh {
		m := bvMax(lw)
		n.set(il, Dom{Lo: arith.And(r.Lo, m), Hi: arith.And(r.Hi, m), Num: true}, true)
	}
}

func (n *network) reviseExtract(i int) {
	e := n.nodes[i]
	ia := n.kid(i, 0)
	a := n.dom[ia]
	if !a.Num {
		return
	}
	w := e.Width()
	off := arith.Word{Lo: uint64(e.Aux)}
	lo, hi := arith.LShr(a.Lo, off, 128), arith.LShr(a.Hi, off, 128)
	ww := arith.Word{Lo: uint64(w)}
	if arith.LShr(lo, ww, 128) == arith.LShr(hi, ww, 128) {
		m := bvMax(w)
		n.set(i, Dom{Lo: arith.And(lo, m), Hi: arith.And(hi, m), Num: true}, false)
	}
}

func (n *network) reviseSExt(i int) {
	e := n.nodes[i]
	ia := n.kid(i, 0)
	a := n.dom[ia]
	kw, w := e.Kid[0].Width(), e.Width()
	if !a.Num {
		return
	}
	if arith.SignBitOf(a.Lo, kw) == arith.SignBitOf(a.Hi, kw) {
		n.set(i, Dom{Lo: arith.SExt(a.Lo, kw, w), Hi: arith.SExt(a.Hi, kw, w), Num: true}, false)
	}
	r := n.dom[i]
	if !r.Num {
		return
	}
	// Back: results that are sign extensions of one sign.
	maxPos := arith.Sub(signBitW(kw), one(), 128)
	minNeg := arith.SExt(signBitW(kw), kw, w)
	switch {
	case kLE(r.Hi, maxPos):
		n.set(ia, r, true)
	case kLE(minNeg, r.Lo):
		n.set(ia, Dom{Lo: arith.Truncate(r.Lo, kw), Hi: arith.Truncate(r.Hi, kw), Num: true}, true)
	}
}

// reviseAddSub: the direct projection when no wrap-around is possible.
func (n *network) reviseAddSub(i int) {
	e := n.nodes[i]
	a, b := n.dom[n.kid(i, 0)], n.dom[n.kid(i, 1)]
	if !a.Num || !b.Num {
		return
	}
	w := e.Width()
	if w > 64 {
		return
	}
	m := bvMax(w).Lo
	// When every result wraps around exactly once, the results are the
	// exact ones less 2^w (plus 2^w for a difference), still in order:
	// 0 − k over a negative k is −k. The arithmetic is modulo 2^64,
	// masked to w bits.
	if e.Op == expr.OpAdd {
		switch {
		case a.Hi.Lo <= m-b.Hi.Lo:
			n.set(i, Dom{Lo: arith.Word{Lo: a.Lo.Lo + b.Lo.Lo}, Hi: arith.Word{Lo: a.Hi.Lo + b.Hi.Lo}, Num: true}, false)
		case a.Lo.Lo > m-b.Lo.Lo:
			n.set(i, Dom{Lo: arith.Word{Lo: (a.Lo.Lo + b.Lo.Lo) & m}, Hi: arith.Word{Lo: (a.Hi.Lo + b.Hi.Lo) & m}, Num: true}, false)
		}
		return
	}
	switch {
	case a.Lo.Lo >= b.Hi.Lo:
		n.set(i, Dom{Lo: arith.Word{Lo: a.Lo.Lo - b.Hi.Lo}, Hi: arith.Word{Lo: a.Hi.Lo - b.Lo.Lo}, Num: true}, false)
	case a.Hi.Lo < b.Lo.Lo:
		n.set(i, Dom{Lo: arith.Word{Lo: (a.Lo.Lo - b.Hi.Lo) & m}, Hi: arith.Word{Lo: (a.Hi.Lo - b.Lo.Lo) & m}, Num: true}, false)
	}
}
