package native

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// revise applies node i's projections: direct (i from its operands) and
// indirect (each operand from i and the other operands), by the rules of
// its operation in the registry (rules.go). An operator without rules
// gets its direct projection by evaluation once every operand is a
// single value, and never narrows its operands: what is not known is not
// pruned.
func (n *network) revise(i int) {
	e := n.nodes[i]
	switch e.Op {
	case expr.OpConst, expr.OpByte:
		return
	case expr.OpRead:
		if constRead(e) {
			n.reviseConstRead(i)
		}
		return
	}
	if n.evalPoints(i) {
		return
	}
	for _, id := range byOp[e.Op] {
		n.apply(id, i)
		if n.failed {
			return
		}
	}
}

// reviseBitLogic revises a logic node: Bool logic (or bit-vector logic
// on 0/1 operands), else the bit-vector and's and not's bounds.
func (n *network) reviseBitLogic(i int) {
	e := n.nodes[i]
	if e.Sort.Kind == expr.Bool || n.boolLike(i) {
		n.reviseLogic(i)
	} else if e.Op == expr.OpAnd {
		a, b := n.dom[n.kid(i, 0)], n.dom[n.kid(i, 1)]
		if a.Num && b.Num {
			n.set(i, Dom{Hi: kMin(a.Hi, b.Hi), Num: true}, false)
		}
	} else if e.Op == expr.OpNot {
		a := n.kid(i, 0)
		n.set(i, notDom(n.dom[a], e.Width()), false)
		n.set(a, notDom(n.dom[i], e.Width()), true)
	}
}

// boolLike: a bit-vector logic node whose operands are all 0 or 1 (C's
// (a < b) & (c < d) after zext), which is Bool logic on those values.
func (n *network) boolLike(i int) bool {
	if n.nodes[i].Op == expr.OpNot {
		return false // ~1 is not 0 at widths above 1
	}
	for _, k := range n.kids[i] {
		if d := n.dom[k]; d.Num && (d.Hi.Hi != 0 || d.Hi.Lo > 1) {
			return false
		}
	}
	return true
}

func bvMax(w int) arith.Word { return arith.Mask(w) }

// evalPoints gives a node whose operands are all single values its value
// (the direct projection of any operator). It reports whether it did.
func (n *network) evalPoints(i int) bool {
	e := n.nodes[i]
	var vals [3]arith.Word
	for j, k := range n.kids[i] {
		d := n.dom[k]
		if !d.Point() {
			return false
		}
		s := n.nodes[k].Sort
		if s.Kind == expr.FP {
			if s.FK == arith.F80 && (e.Op == expr.OpEq || e.Op == expr.OpToBits) {
				return false // several encodings share a value
			}
			vals[j] = valueOf(s.FK, d.Lo)
		} else {
			vals[j] = d.Lo
		}
	}
	if len(n.kids[i]) == 0 {
		return false
	}
	n.set(i, constDom(e.Sort, expr.Apply(e, vals[:len(n.kids[i])])), false)
	return true
}

// spec builds the engine description of a rounded operation.
func roundedSpec(e *expr.Expr) *opSpec {
	fpArg := func(x *expr.Expr) space { return space{fp: true, k: x.Sort.FK} }
	o := &opSpec{out: e.Sort.FK}
	for _, k := range e.Kids() {
		o.args = append(o.args, fpArg(k))
	}
	node := e
	o.eval = func(v []arith.Word) arith.Word { return expr.Apply(node, v) }
	switch e.Op {
	case expr.OpFMin, expr.OpFMax:
		o.minmax = true
		o.nanToo = e.Sort.FK == arith.F80
	case expr.OpSIToFP, expr.OpUIToFP:
		o.args[0] = space{w: e.Kid[0].Width(), signed: e.Op == expr.OpSIToFP}
	}
	return o
}

func (n *network) reviseRounded(i int) {
	e := n.nodes[i]
	o := roundedSpec(e)
	o.m = n.m
	kids := n.kids[i]
	ds := make([]Dom, len(kids))
	load := func() {
		for j, k := range kids {
			ds[j] = n.dom[k]
		}
	}
	load()
	n.set(i, o.direct(ds), false)
	for j, k := range kids {
		if n.failed {
			return
		}
		load()
		n.set(k, o.indirect(ds, j, n.dom[i]), true)
	}
	if (e.Op == expr.OpFAdd || e.Op == expr.OpFSub) && e.RM == arith.NearestEven && !n.failed {
		n.ulpMax(i)
	}
}

// negDom is the domain of -x.
func negDom(d Dom) Dom {
	if !d.Num {
		return d
	}
	return Dom{Lo: keyNeg(d.Hi), Hi: keyNeg(d.Lo), Num: true, NaN: d.NaN}
}

func (n *network) reviseAbs(i int) { n.absLink(i, n.kid(i, 0)) }

// absLink narrows node i = |a| and a from each other.
func (n *network) absLink(i, a int) {
	d := n.dom[a]
	r := Dom{NaN: d.NaN}
	if d.Num {
		switch {
		case kLE(keyPosZero, d.Lo):
			r = hull(r, fpRange(d.Lo, d.Hi))
		case kLE(d.Hi, keyNegZero):
			r = hull(r, fpRange(keyNeg(d.Hi), keyNeg(d.Lo)))
		default:
			r = hull(r, fpRange(keyPosZero, kMax(keyNeg(d.Lo), d.Hi)))
		}
	}
	n.set(i, r, false)
	rd := n.dom[i]
	back := Dom{NaN: rd.NaN}
	if rd.Num {
		// a ∈ [−hi, −lo] ∪ [lo, hi], taken within a's domain: a lower
		// bound of |a| cuts the side of zero a's domain only reaches
		// near zero.
		hi := kMax(rd.Hi, keyPosZero)
		lo := kMax(rd.Lo, keyPosZero)
		num := Dom{Lo: d.Lo, Hi: d.Hi, Num: d.Num}
		back = hull(back, hull(intersect(num, fpRange(keyNeg(hi), keyNeg(lo))), intersect(num, fpRange(lo, hi))))
	}
	n.set(a, back, true)
}

// reviseFCmp: ordered comparisons (false on NaN); -0 == +0.
func (n *network) reviseFCmp(i int) {
	e := n.nodes[i]
	ia, ib := n.kid(i, 0), n.kid(i, 1)
	a, b := n.dom[ia], n.dom[ib]
	k := e.Kid[0].Sort.FK
	if n.reviseRemRel(i) && n.dom[i].Point() {
		return // decided by a relational fact; no pruning of the operands
	}
	if ia == ib {
		// x < x is false; x == x and x <= x hold unless x is NaN.
		if e.Op == expr.OpFOLt {
			n.set(i, boolDom(true, false), false)
		} else {
			n.set(i, boolDom(a.NaN, a.Num), false)
			r := n.dom[i]
			if !r.canFalse() {
				n.set(ia, noNaN(a), true)
			} else if !r.canTrue() {
				n.set(ia, Dom{NaN: true}, true)
			}
		}
		return
	}
	nan := a.NaN || b.NaN
	both := a.Num && b.Num
	var canT, canF bool
	wa, wb := widen0(a), widen0(b)
	switch e.Op {
	case expr.OpFOLt:
		canT = both && numLT(a.Lo, b.Hi)
		canF = nan || (both && numLE(b.Lo, a.Hi))
	case expr.OpFOLe:
		canT = both && numLE(a.Lo, b.Hi)
		canF = nan || (both && numLT(b.Lo, a.Hi))
	default:
		canT = both && intersect(wa, wb).Num
		canF = nan || !both || !(wa == wb && numPoint(wa))
	}
	n.set(i, boolDom(canF, canT), false)
	r := n.dom[i]
	if r.Empty() || (r.canTrue() && r.canFalse()) {
		return
	}
	ni, pi := keyNegInf(k), keyPosInf(k)
	if r.canTrue() {
		switch e.Op {
		case expr.OpFOLt:
			n.set(ia, fpRange(ni, numBelow(b.Hi)), true)
			n.set(ib, fpRange(numAbove(n.dom[ia].Lo), pi), true)
		case expr.OpFOLe:
			n.set(ia, fpRange(ni, numUp(b.Hi)), true)
			n.set(ib, fpRange(numDown(n.dom[ia].Lo), pi), true)
		default:
			n.set(ia, noNaN(wb), true)
			n.set(ib, noNaN(widen0(n.dom[ia])), true)
		}
		return
	}
	if nan {
		return // false may come from a NaN: no numeric pruning
	}
	switch e.Op {
	case expr.OpFOLt: // a ≥ b
		n.set(ia, fpRange(numDown(b.Lo), pi), true)
		n.set(ib, fpRange(ni, numUp(n.dom[ia].Hi)), true)
	case expr.OpFOLe: // a > b
		n.set(ia, fpRange(numAbove(b.Lo), pi), true)
		n.set(ib, fpRange(ni, numBelow(n.dom[ia].Hi)), true)
	default: // a ≠ b
		if numPoint(wb) {
			n.set(ia, trim(a, wb), true)
		}
		if wa2 := widen0(n.dom[ia]); numPoint(wa2) {
			n.set(ib, trim(n.dom[ib], wa2), true)
		}
	}
}

// widen0 adds the other zero to a domain bounded by a zero (numeric
// comparisons do not tell -0 from +0).
func widen0(d Dom) Dom {
	if !d.Num {
		return d
	}
	return Dom{Lo: numDown(d.Lo), Hi: numUp(d.Hi), Num: true, NaN: d.NaN}
}

func noNaN(d Dom) Dom { d.NaN = false; return d }

// numPoint: one numeric value (a key, or the two zeros).
func numPoint(d Dom) bool {
	return d.Num && !d.NaN && (d.Lo == d.Hi || (d.Lo == keyNegZero && d.Hi == keyPosZero))
}

// trim removes the range p from the ends of d.
func trim(d, p Dom) Dom {
	if !d.Num {
		return d
	}
	lo, hi := d.Lo, d.Hi
	if kLE(p.Lo, lo) && kLE(lo, p.Hi) {
		lo = kAdd(p.Hi, 1)
	}
	if kLE(p.Lo, hi) && kLE(hi, p.Hi) {
		hi = kSub(p.Lo, 1)
	}
	r := Dom{Lo: lo, Hi: hi, Num: kLE(lo, hi), NaN: d.NaN}
	if !r.Num {
		r.Lo, r.Hi = arith.Word{}, arith.Word{}
	}
	return r
}
