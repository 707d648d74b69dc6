package native

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Classification, fmod/remainder, bitcasts and FP→int conversions.

// minNormalIndex is the magnitude index of the smallest normal of k.
func minNormalIndex(k arith.Kind) uint64 {
	switch k {
	case arith.F32:
		return 0x800000
	case arith.F64:
		return 1 << 52
	}
	return 1 << 63
}

func keyPosMinNormal(k arith.Kind) arith.Word { return kAdd(keyZero, minNormalIndex(k)) }
func keyNegMinNormal(k arith.Kind) arith.Word { return keyNeg(keyPosMinNormal(k)) }

// within is d's numeric part inside the ranges rs (hull), without NaN.
func within(d Dom, rs ...[2]arith.Word) Dom {
	out := Dom{}
	for _, r := range rs {
		out = hull(out, intersect(Dom{Lo: d.Lo, Hi: d.Hi, Num: d.Num}, fpRange(r[0], r[1])))
	}
	return out
}

func (n *network) reviseClass(i int) {
	e := n.nodes[i]
	ia := n.kid(i, 0)
	a := n.dom[ia]
	k := e.Kid[0].Sort.FK
	ni, pi := keyNegInf(k), keyPosInf(k)
	var sets [][2]arith.Word // the values for which the class holds
	switch e.Op {
	case expr.OpFIsNaN:
		n.set(i, boolDom(a.Num, a.NaN), false)
		r := n.dom[i]
		if !r.canFalse() {
			n.set(ia, Dom{NaN: true}, true)
		} else if !r.canTrue() {
			n.set(ia, noNaN(fullDom(e.Kid[0].Sort)), true)
		}
		return
	case expr.OpFIsNeg:
		canT := a.NaN || (a.Num && kLE(a.Lo, keyNegZero))
		canF := a.NaN || (a.Num && kLE(keyPosZero, a.Hi))
		n.set(i, boolDom(canF, canT), false)
		r := n.dom[i]
		if !r.canFalse() {
			n.set(ia, Dom{Lo: ni, Hi: keyNegZero, Num: true, NaN: true}, true)
		} else if !r.canTrue() {
			n.set(ia, Dom{Lo: keyPosZero, Hi: pi, Num: true, NaN: true}, true)
		}
		return
	case expr.OpFIsInf:
		sets = [][2]arith.Word{{ni, ni}, {pi, pi}}
	case expr.OpFIsZero:
		sets = [][2]arith.Word{{keyNegZero, keyPosZero}}
	case expr.OpFIsSub:
		sets = [][2]arith.Word{{kAdd(keyNegMinNormal(k), 1), keyNegMinSub}, {keyPosMinSub, kSub(keyPosMinNormal(k), 1)}}
	case expr.OpFIsNorm:
		sets = [][2]arith.Word{{kAdd(ni, 1), keyNegMinNormal(k)}, {keyPosMinNormal(k), kSub(pi, 1)}}
	}
	in := within(a, sets...)
	canT := in.Num
	canF := a.NaN
	if a.Num && !canF {
		// Some value of a is outside every set: check the ends and the
		// gaps between the sets.
		canF = !covered(a, sets)
	}
	n.set(i, boolDom(canF, canT), false)
	r := n.dom[i]
	if !r.canFalse() {
		n.set(ia, in, true)
	} else if !r.canTrue() {
		// Not in the class: trim a class range touching an end.
		d := a
		for _, s := range sets {
			d = trim(d, fpRange(s[0], s[1]))
		}
		n.set(ia, d, true)
	}
}

// covered reports whether every numeric value of d lies in one of the
// ranges (ranges sorted and disjoint).
func covered(d Dom, rs [][2]arith.Word) bool {
	for _, r := range rs {
		if kLE(r[0], d.Lo) && kLE(d.Hi, r[1]) {
			return true
		}
	}
	return false
}

// absMax is the largest magnitude (as a positive key) in the numeric
// part of d restricted to [lo, hi].
func absRange(d Dom, lo, hi arith.Word) (minAbs, maxAbs arith.Word, ok bool) {
	d = intersect(Dom{Lo: d.Lo, Hi: d.Hi, Num: d.Num}, fpRange(lo, hi))
	if !d.Num {
		return arith.Word{}, arith.Word{}, false
	}
	abs := func(x arith.Word) arith.Word {
		if kLess(x, keyZero) {
			return keyNeg(x)
		}
		return x
	}
	maxAbs = kMax(abs(d.Lo), abs(d.Hi))
	switch {
	case kLE(keyPosZero, d.Lo):
		minAbs = d.Lo
	case kLE(d.Hi, keyNegZero):
		minAbs = keyNeg(d.Hi)
	default:
		minAbs = keyPosZero
	}
	return minAbs, maxAbs, true
}

// remIdentity reports that fmod(x, y) = x (rem false) or remainder(x, y)
// = x (rem true) holds for every x, y in the domains: x finite, y neither
// NaN nor zero, and |x| < |y| (fmod) or |x| ≤ |y|/2 (remainder).
func remIdentity(k arith.Kind, remainder bool, a, b Dom) bool {
	if a.NaN || b.NaN || !a.Num || !b.Num {
		return false
	}
	if a.Lo == keyNegInf(k) || a.Hi == keyPosInf(k) {
		return false
	}
	_, xmax, _ := absRange(a, keyNegInf(k), keyPosInf(k))
	ymin, _, _ := absRange(b, keyNegInf(k), keyPosInf(k))
	if isZeroKey(ymin) {
		return false
	}
	if !remainder {
		return kLess(xmax, ymin)
	}
	// |y|/2 rounded down is at most the exact half.
	half := arith.FMul(k, arith.Downward, valueOf(k, ymin), halfOf(k))
	hk, ok := keyOf(k, half)
	return ok && kLE(xmax, hk)
}

func halfOf(k arith.Kind) arith.Word {
	switch k {
	case arith.F32:
		return arith.FromFloat32(0.5)
	case arith.F64:
		return arith.FromFloat64(0.5)
	}
	return arith.F80FromFloat64(0.5)
}

// lessProven reports that |x| < |y| follows from an ordered comparison
// the domains decide: x < y with 0 ≤ x, or y < x with x ≤ 0, x finite.
// (fmod(x, y) = x then; intervals alone cannot see x < y.)
func (n *network) lessProven(ix, iy int) bool {
	x := n.dom[ix]
	if x.NaN || !x.Num {
		return false
	}
	k := n.nodes[ix].Sort.FK
	if x.Lo == keyNegInf(k) || x.Hi == keyPosInf(k) {
		return false
	}
	decided := func(a, b int) bool {
		for _, p := range n.parents[a] {
			e := n.nodes[p]
			if e.Op == expr.OpFOLt && n.kids[p][0] == a && n.kids[p][1] == b && n.dom[p].Point() && n.dom[p].Lo.Lo == 1 {
				return true
			}
		}
		return false
	}
	switch { // -0 counts on either side: fmod(±0, y) = ±0
	case kLE(keyNegZero, x.Lo):
		return decided(ix, iy)
	case kLE(x.Hi, keyPosZero):
		return decided(iy, ix)
	}
	return false
}

// reviseRem: fmod has the sign of x and |r| ≤ min(|x|, |y|); remainder
// has |r| ≤ min(|x|, |y|); both are x itself when |x| is small enough.
func (n *network) reviseRem(i int) {
	e := n.nodes[i]
	k := e.Sort.FK
	rem := e.Op == expr.OpFRemainder
	ia, ib := n.kid(i, 0), n.kid(i, 1)
	a, b := n.dom[ia], n.dom[ib]
	ni, pi := keyNegInf(k), keyPosInf(k)
	if remIdentity(k, rem, a, b) || (!rem && n.lessProven(ia, ib)) {
		n.set(i, a, false)
		n.set(ia, n.dom[i], true)
		return
	}
	r := Dom{}
	r.NaN = a.NaN || b.NaN || a.contains(ni) || a.contains(pi) || b.contains(keyNegZero) || b.contains(keyPosZero)
	_, xmax, okx := absRange(a, kAdd(ni, 1), kSub(pi, 1))
	ybNZ := trim(b, fpRange(keyNegZero, keyPosZero))
	_, ymax, oky := absRange(ybNZ, ni, pi)
	if okx && oky {
		m := kMin(xmax, ymax)
		lo, hi := keyNeg(m), m
		if !rem {
			if kLE(keyPosZero, a.Lo) {
				lo = keyPosZero
			} else if kLE(a.Hi, keyNegZero) {
				hi = keyNegZero
			}
		}
		r = hull(r, fpRange(lo, hi))
	}
	n.set(i, r, false)
	rd := n.dom[i]
	if rd.NaN {
		return
	}
	// A number: x finite, not NaN; y not NaN.
	xd := fpRange(kAdd(ni, 1), kSub(pi, 1))
	if !rem && rd.Num {
		if kLE(keyPosZero, rd.Lo) {
			xd = intersect(xd, fpRange(keyPosZero, pi))
			if kLess(keyPosZero, rd.Lo) {
				xd = intersect(xd, fpRange(rd.Lo, pi)) // |x| ≥ |r|
			}
		} else if kLE(rd.Hi, keyNegZero) {
			xd = intersect(xd, fpRange(ni, keyNegZero))
			if kLess(rd.Hi, keyNegZero) {
				xd = intersect(xd, fpRange(ni, rd.Hi))
			}
		}
	}
	n.set(ia, xd, true)
	n.set(ib, noNaN(trim(n.dom[ib], fpRange(keyNegZero, keyPosZero))), true)
}

// Bitcasts. For float and double the bits order like keys within each
// sign; x86_fp80 has several encodings per value, so only single values
// are mapped.

func signBitW(w int) arith.Word {
	return arith.Shl(arith.Word{Lo: 1}, arith.Word{Lo: uint64(w - 1)}, 128)
}

func infBits(k arith.Kind) arith.Word { return infIndex(k) } // float/double: same pattern

// bitsToFP is the FP domain of the values whose bits lie in d; canonNaN
// restricts NaN to the canonical pattern (ToBits).
func bitsToFP(k arith.Kind, d Dom, canonNaN bool) Dom {
	if !d.Num {
		return Dom{}
	}
	if k == arith.F80 {
		if d.Lo == d.Hi {
			return constDom(expr.FPSort(k), d.Lo)
		}
		r := fullDom(expr.FPSort(k))
		if canonNaN {
			r.NaN = d.contains(expr.CanonicalBits(k, arith.Word{Lo: 0xc000000000000000, Hi: 0x7fff}))
		}
		return r
	}
	w := k.Bits()
	sb, inf := signBitW(w), infBits(k)
	r := Dom{}
	if lo, hi := kMax(d.Lo, arith.Word{}), kMin(d.Hi, inf); kLE(lo, hi) {
		kl, _ := keyOf(k, lo)
		kh, _ := keyOf(k, hi)
		r = hull(r, fpRange(kl, kh))
	}
	if lo, hi := kMax(d.Lo, sb), kMin(d.Hi, arith.Or(sb, inf)); kLE(lo, hi) {
		kl, _ := keyOf(k, hi)
		kh, _ := keyOf(k, lo)
		r = hull(r, fpRange(kl, kh))
	}
	if canonNaN {
		r.NaN = d.contains(expr.CanonicalBits(k, arith.Word{Lo: ^uint64(0)}))
	} else {
		// NaN patterns: (inf, sb) and (sb|inf, max].
		r.NaN = (kLess(d.Lo, sb) && kLess(inf, d.Hi)) || kLess(arith.Or(sb, inf), d.Hi)
	}
	return r
}

// fpToBits is the bits domain of the FP values in d; canonNaN maps NaN to
// the canonical pattern (ToBits), otherwise to every NaN pattern.
func fpToBits(k arith.Kind, d Dom, canonNaN bool) Dom {
	w := k.Bits()
	if k == arith.F80 {
		if d.Point() {
			v := valueOf(k, d.Lo)
			return Dom{Lo: v, Hi: v, Num: true}
		}
		if !d.Num && d.NaN && canonNaN {
			v := expr.CanonicalBits(k, arith.Word{Lo: 0xc000000000000000, Hi: 0xffff})
			return Dom{Lo: v, Hi: v, Num: true}
		}
		return Dom{Hi: bvMax(w), Num: true}
	}
	r := Dom{}
	if d.Num {
		lo, hi := valueOf(k, d.Lo), valueOf(k, d.Hi)
		switch {
		case kLE(keyPosZero, d.Lo):
			r = Dom{Lo: lo, Hi: hi, Num: true}
		case kLE(d.Hi, keyNegZero):
			r = Dom{Lo: hi, Hi: lo, Num: true}
		default:
			r = Dom{Lo: arith.Word{}, Hi: lo, Num: true}
		}
	}
	if d.NaN {
		if canonNaN {
			v := expr.CanonicalBits(k, arith.Word{Lo: ^uint64(0)})
			r = hull(r, Dom{Lo: v, Hi: v, Num: true})
		} else {
			r = hull(r, Dom{Lo: kAdd(infBits(k), 1), Hi: bvMax(w), Num: true})
		}
	}
	r.NaN = false
	return r
}

func (n *network) reviseFromBits(i int) {
	k := n.nodes[i].Sort.FK
	a := n.kid(i, 0)
	n.set(i, bitsToFP(k, n.dom[a], false), false)
	n.set(a, fpToBits(k, n.dom[i], false), true)
	if j, ok := n.bitAbs(i); ok && !n.failed {
		n.absLink(i, j)
	}
}

func (n *network) reviseToBits(i int) {
	k := n.nodes[i].Kid[0].Sort.FK
	a := n.kid(i, 0)
	n.set(i, fpToBits(k, n.dom[a], true), false)
	n.set(a, bitsToFP(k, n.dom[i], true), true)
}

// FP → int: monotone on the values whose truncation fits (the valid
// range, an interval); outside it x86 gives an indefinite value.

func (n *network) reviseFPToInt(i int) {
	e := n.nodes[i]
	k := e.Kid[0].Sort.FK
	w := e.Width()
	signed := e.Op == expr.OpFPToSI
	ia := n.kid(i, 0)
	a := n.dom[ia]
	conv := func(key arith.Word) arith.Word {
		if signed {
			return arith.FPToSI(k, valueOf(k, key), w)
		}
		return arith.FPToUI(k, valueOf(k, key), w)
	}
	valid := func(key arith.Word) bool {
		v := valueOf(k, key)
		if !arith.IsNormal(k, v) && !arith.IsSubnormal(k, v) && !arith.IsZero(k, v) {
			return false
		}
		t := arith.FRoundToIntegral(k, arith.Trunc, arith.NearestEven, v)
		var back arith.Word
		if signed {
			back = arith.SIToFP(w, k, arith.NearestEven, conv(key))
		} else {
			back = arith.UIToFP(w, k, arith.NearestEven, conv(key))
		}
		return arith.FCmp(k, arith.OEQ, t, back)
	}
	if a.NaN || !a.Num || !valid(a.Lo) || !valid(a.Hi) {
		return
	}
	less := func(x, y arith.Word) bool {
		if signed {
			return arith.SLess(x, y, w)
		}
		return arith.ULess(x, y)
	}
	lo, hi := conv(a.Lo), conv(a.Hi)
	if signed && arith.SignBitOf(lo, w) != arith.SignBitOf(hi, w) {
		n.set(i, Dom{Hi: bvMax(w), Num: true}, false)
	} else {
		n.set(i, Dom{Lo: lo, Hi: hi, Num: true}, false)
	}
	r := n.dom[i]
	if !r.Num {
		return
	}
	rl, rh := r.Lo, r.Hi
	if signed && arith.SignBitOf(rl, w) != arith.SignBitOf(rh, w) {
		return // in signed order the range is everything
	}
	p := piece{a.Lo, a.Hi}
	geLo := func(x arith.Word) bool { return !less(conv(x), rl) }
	leHi := func(x arith.Word) bool { return !less(rh, conv(x)) }
	l1, h1, ok1 := setOf(p, geLo(p.lo), geLo(p.hi), geLo)
	l2, h2, ok2 := setOf(p, leHi(p.lo), leHi(p.hi), leHi)
	if !ok1 || !ok2 {
		n.set(ia, Dom{}, true)
		return
	}
	n.set(ia, fpRange(kMax(l1, l2), kMin(h1, h2)), true)
}
