package native

import (
	"math"
	"math/big"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Exact floating-point arithmetic that intervals cannot see.
//
// Granularity. A finite float32/float64 node has a quantum 2^q: its value,
// when finite, is a multiple of 2^q. The range gives one (a float of
// magnitude at least 2^E is a multiple of 2^(E−p+1); affine.go), and so
// does how the node is computed: a conversion from an integer is an
// integer (q = 0, whatever the rounding: every float at or above 2^p is an
// integer); a constant is a multiple of its lowest set bit; fl(a ± b) is
// a multiple of min(q_a, q_b) and fl(a·b) of 2^(q_a+q_b). The rounding
// argument, for a real v = m·2^Q with minE ≤ Q ≤ maxQ (minE the exponent of
// the smallest subnormal, maxQ that of the ulp of the largest float, so
// that the largest float, which the directed modes return on overflow, is
// a multiple of 2^Q): if |m| < 2^p, v is a float, returned as it is; if
// not, |fl(v)| ≥ 2^(Q+p) (rounding is monotone and 2^(Q+p) a float or
// beyond the range), so fl(v) is a float of exponent at least Q+p: a
// multiple of 2^(Q+1). A quantum below minE is replaced by minE (every
// float is a multiple of the smallest subnormal), one above maxQ by maxQ.
// The affine forms (affine.go) use it to prove sums exact: sums of small
// integers converted to float, (x ⊕ y) ⊕ z = x ⊕ (y ⊕ z) as reals.
//
// Scaling by a power of two. For c = 2^s > 0 and finite p, q whose exact
// sum v = p + q is a multiple of 2^Q with Q ≥ minE and Q + s ≥ minE, and
// nothing beyond the largest float (|v|, |c·v|, |c·fl(v)| ≤ max), in every
// rounding mode
//
//	fl(c·fl(v)) = c·fl(v) = fl(c·v) = fl(fl(c·p) + fl(c·q)),
//
// so c ⊗ (p ⊕ q) and (c ⊗ p) ⊕ (c ⊗ q) are the same float (the same for
// ⊖). c·p, c·q and c·fl(v) are exact: multiples of 2^(Q+s) ≥ 2^minE with
// at most p significant bits. fl(c·v) = c·fl(v): if |v| and |c·v| are
// both at least 2^emin, scaling by 2^s maps the normal floats of each
// binade onto those of another, and every mode commutes with it; if |v| <
// 2^emin, v is a multiple of 2^minE below 2^emin, a subnormal, exact, and
// c·v is exact as shown; if |v| ≥ 2^emin > |c·v| (s < 0), the ulp of v
// is at most 2^(minE−s−1) < 2^Q, so v is exact, and c·v is a multiple of
// 2^minE below 2^emin, exact. When v = 0 the zero's sign follows the
// operands' signs and the mode on both sides alike: c > 0 keeps every
// sign (a negative c would turn fl(c·p + c·q) = +0 into c ⊗ +0 = −0).
// A comparison of two nodes proven to hold the same float is decided
// (x == x, x ≤ x true, x < x false when NaN is excluded).

// quantumBounds are minE and maxQ of kind k (float32, float64).
func quantumBounds(k arith.Kind) (minE, maxQ, p int) {
	p = k.Precision()
	emax := -k.MinExp() + 1
	return k.MinExp() - p + 1, emax - (p - 1), p
}

// qclamp clamps a quantum exponent of kind k.
func qclamp(k arith.Kind, q int) int {
	minE, maxQ, _ := quantumBounds(k)
	if q < minE {
		return minE
	}
	if q > maxQ {
		return maxQ
	}
	return q
}

// lowBit is the exponent of the lowest set bit of the finite nonzero
// double v (exactly a float of the node's kind).
func lowBit(v float64) int {
	fr, x := math.Frexp(math.Abs(v))
	mant := uint64(fr * (1 << 53))
	tz := 0
	for mant&1 == 0 && tz < 64 {
		mant >>= 1
		tz++
	}
	return x - 53 + tz
}

// rangeQExp is the quantum exponent node i's domain gives (minE when it
// gives none; maxQ for the point zero).
func (n *network) rangeQExp(i int) int {
	k := n.nodes[i].Sort.FK
	minE, maxQ, p := quantumBounds(k)
	lo, hi, ok := n.ratRange(i)
	if !ok {
		return minE
	}
	l, _ := lo.Float64() // exact: floats
	h, _ := hi.Float64()
	switch {
	case l == 0 && h == 0:
		return maxQ
	case l == h:
		return qclamp(k, lowBit(l))
	case l <= 0 && h >= 0:
		return minE
	}
	m := math.Min(math.Abs(l), math.Abs(h))
	_, x := math.Frexp(m) // m = f·2^x, f ∈ [0.5, 1): binade x−1
	return qclamp(k, x-1-p+1)
}

// qexp is the quantum exponent of node i (a float32/float64 node): the
// larger of what its range and its computation give. memo caches it for
// one decision (the domains must not change meanwhile).
func (n *network) qexp(i int, memo map[int]int) int {
	if q, ok := memo[i]; ok {
		return q
	}
	e := n.nodes[i]
	k := e.Sort.FK
	minE, _, _ := quantumBounds(k)
	memo[i] = minE // a guard; the graph has no cycles
	q := n.rangeQExp(i)
	s := minE
	kidQ := func(j int) (int, bool) {
		x := n.kid(i, j)
		if !affKind(n.nodes[x].Sort) {
			return 0, false
		}
		return n.qexp(x, memo), true
	}
	switch e.Op {
	case expr.OpSIToFP, expr.OpUIToFP:
		s = 0 // an integer, rounded or not
	case expr.OpFAdd, expr.OpFSub, expr.OpFMin, expr.OpFMax:
		a, ok1 := kidQ(0)
		b, ok2 := kidQ(1)
		if ok1 && ok2 && n.nodes[n.kid(i, 0)].Sort == e.Sort {
			s = min(a, b)
		}
	case expr.OpFMul:
		a, ok1 := kidQ(0)
		b, ok2 := kidQ(1)
		if ok1 && ok2 && n.nodes[n.kid(i, 0)].Sort == e.Sort {
			s = a + b
		}
	case expr.OpFDiv:
		// By a power of two 2^t: a multiple of 2^(q_a − t).
		a, ok1 := kidQ(0)
		if t, ok := n.constPow2(n.kid(i, 1)); ok1 && ok && n.nodes[n.kid(i, 0)].Sort == e.Sort {
			s = a - t
		}
	case expr.OpFNeg, expr.OpFAbs:
		if a, ok := kidQ(0); ok {
			s = a
		}
	case expr.OpFPConv:
		if a, ok := kidQ(0); ok {
			s = a
		}
	case expr.OpFRound:
		// An integer; a multiple of 2^q_a (q_a ≥ 0) is left as it is.
		s = 0
		if a, ok := kidQ(0); ok && a > 0 {
			s = a
		}
	case expr.OpIte:
		x, y := n.kid(i, 1), n.kid(i, 2)
		s = min(n.qexp(x, memo), n.qexp(y, memo))
	}
	if s = qclamp(k, s); s > q {
		q = s
	}
	memo[i] = q
	return q
}

// constPow2 reports t when node i is the constant ±2^t.
func (n *network) constPow2(i int) (int, bool) {
	e := n.nodes[i]
	if e.Op != expr.OpConst || !affKind(e.Sort) {
		return 0, false
	}
	v := toFloat(e.Sort.FK, e.Val)
	if v == 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, false
	}
	fr, x := math.Frexp(math.Abs(v))
	if fr != 0.5 {
		return 0, false
	}
	return x - 1, true
}

// pow2Range reports that node i (float32/float64) is a positive power of
// two 2^s with s in [lo, hi], from how it is computed: a constant; a
// conversion of 1 << t, t within the width (less the sign bit when
// signed), exact; an ite of powers of two; a quotient or product of
// powers of two whose exponents stay within [minE, emax], exact. The
// range is then tightened by the node's domain when that is positive.
func (n *network) pow2Range(i int, depth int) (lo, hi int, ok bool) {
	e := n.nodes[i]
	if !affKind(e.Sort) || depth > 8 {
		return 0, 0, false
	}
	k := e.Sort.FK
	minE, maxQ, p := quantumBounds(k)
	emax := maxQ + p - 1
	switch e.Op {
	case expr.OpConst:
		t, isP := n.constPow2(i)
		if !isP || toFloat(k, e.Val) < 0 {
			return 0, 0, false
		}
		lo, hi = t, t
	case expr.OpSIToFP, expr.OpUIToFP:
		lo, hi, ok = n.intPow2(n.kid(i, 0), e.Op == expr.OpSIToFP)
		if !ok || hi > emax {
			return 0, 0, false
		}
	case expr.OpIte:
		l1, h1, ok1 := n.pow2Range(n.kid(i, 1), depth+1)
		l2, h2, ok2 := n.pow2Range(n.kid(i, 2), depth+1)
		if !ok1 || !ok2 {
			return 0, 0, false
		}
		lo, hi = min(l1, l2), max(h1, h2)
	case expr.OpFDiv, expr.OpFMul:
		l1, h1, ok1 := n.pow2Range(n.kid(i, 0), depth+1)
		l2, h2, ok2 := n.pow2Range(n.kid(i, 1), depth+1)
		if !ok1 || !ok2 {
			return 0, 0, false
		}
		if e.Op == expr.OpFDiv {
			lo, hi = l1-h2, h1-l2
		} else {
			lo, hi = l1+l2, h1+h2
		}
		if lo < minE || hi > emax {
			return 0, 0, false
		}
	default:
		return 0, 0, false
	}
	if d := n.dom[i]; !d.NaN && d.Num && kLess(keyPosZero, d.Lo) {
		l, h := toFloat(k, valueOf(k, d.Lo)), toFloat(k, valueOf(k, d.Hi))
		_, xl := math.Frexp(l)
		dl := xl - 1
		if math.Ldexp(1, dl) < l {
			dl++
		}
		lo = max(lo, dl)
		if !math.IsInf(h, 0) {
			_, xh := math.Frexp(h)
			hi = min(hi, xh-1)
		}
	}
	return lo, hi, lo <= hi
}

// intPow2 reports that integer node i is 1 << t with t's domain within
// the width (below the sign bit when signed): a positive power of two
// 2^t, t in [lo, hi].
func (n *network) intPow2(i int, signed bool) (lo, hi int, ok bool) {
	e := n.nodes[i]
	if e.Op != expr.OpShl || e.Sort.Kind != expr.BV || e.Sort.W > 64 {
		return 0, 0, false
	}
	one := n.nodes[n.kid(i, 0)]
	if one.Op != expr.OpConst || one.Val.Lo != 1 || one.Val.Hi != 0 {
		return 0, 0, false
	}
	d := n.dom[n.kid(i, 1)]
	top := uint64(e.Sort.W) - 1
	if signed {
		top--
	}
	if !d.Num || d.Hi.Hi != 0 || d.Hi.Lo > top {
		return 0, 0, false
	}
	return int(d.Lo.Lo), int(d.Hi.Lo), true
}

// maxAbsOf is the largest magnitude in node i's finite domain.
func (n *network) maxAbsOf(i int) (float64, bool) {
	lo, hi, ok := n.ratRange(i)
	if !ok {
		return 0, false
	}
	l, _ := lo.Float64()
	h, _ := hi.Float64()
	return math.Max(math.Abs(l), math.Abs(h)), true
}

// sameDepth bounds the structural recursion of sameValue.
const sameDepth = 6

// sameValue reports that nodes a and b are proven to hold the same float
// (bit for bit) under the current domains: one node, one constant, the
// same operation of one mode on operands holding the same floats, or the
// scaling law above.
func (n *network) sameValue(a, b int, memo map[int]int, depth int) bool {
	if a == b {
		return true
	}
	ea, eb := n.nodes[a], n.nodes[b]
	if ea.Sort != eb.Sort || ea.Sort.Kind != expr.FP || depth > sameDepth {
		return false
	}
	if da, db := n.dom[a], n.dom[b]; da.Point() && db.Point() && da.Lo == db.Lo {
		return true
	}
	if !affKind(ea.Sort) {
		return false
	}
	if ea.Op == eb.Op && ea.RM == eb.RM && ea.Aux == eb.Aux && ea.N == eb.N && n.congruent(a, b, memo, depth) {
		return true
	}
	return n.scaled(a, b, memo, depth) || n.scaled(b, a, memo, depth)
}

// congruent: the operands hold the same floats (in order, or swapped for
// ⊕ and ⊗, which commute bit for bit on non-NaN results; the caller
// excludes NaN at the top, and a NaN operand gives a NaN result).
func (n *network) congruent(a, b int, memo map[int]int, depth int) bool {
	switch n.nodes[a].Op {
	case expr.OpFAdd, expr.OpFSub, expr.OpFMul, expr.OpFDiv, expr.OpFNeg, expr.OpFPConv:
	default:
		return false
	}
	if n.nodes[n.kid(a, 0)].Sort != n.nodes[n.kid(b, 0)].Sort {
		return false
	}
	all := true
	for j := range n.kids[a] {
		all = all && n.sameValue(n.kid(a, j), n.kid(b, j), memo, depth+1)
	}
	if all {
		return true
	}
	op := n.nodes[a].Op
	if (op == expr.OpFAdd || op == expr.OpFMul) && !n.dom[a].NaN {
		return n.sameValue(n.kid(a, 0), n.kid(b, 1), memo, depth+1) &&
			n.sameValue(n.kid(a, 1), n.kid(b, 0), memo, depth+1)
	}
	return false
}

// scaleOf splits a product node i into (c, x) with c a positive power of
// two; ok false otherwise.
func (n *network) scaleOf(i int) (c, x int, ok bool) {
	if n.nodes[i].Op != expr.OpFMul {
		return 0, 0, false
	}
	k0, k1 := n.kid(i, 0), n.kid(i, 1)
	if _, _, ok := n.pow2Range(k0, 0); ok {
		return k0, k1, true
	}
	if _, _, ok := n.pow2Range(k1, 0); ok {
		return k1, k0, true
	}
	return 0, 0, false
}

// scaled reports a = c ⊗ (p ⊙ q) and b = (c1 ⊗ p') ⊙ (c2 ⊗ q') (⊙ one
// of ⊕ ⊖ in one mode) with c, c1, c2 the same power of two and p, p', q,
// q' the same floats pairwise, under the precondition of the scaling law.
func (n *network) scaled(a, b int, memo map[int]int, depth int) bool {
	c, t, ok := n.scaleOf(a)
	et, eb := n.nodes[t], n.nodes[b]
	if !ok || (et.Op != expr.OpFAdd && et.Op != expr.OpFSub) || eb.Op != et.Op || eb.RM != et.RM || et.Sort != n.nodes[a].Sort {
		return false
	}
	c1, p1, ok1 := n.scaleOf(n.kid(b, 0))
	c2, q1, ok2 := n.scaleOf(n.kid(b, 1))
	if !ok1 || !ok2 || !n.sameValue(c1, c, memo, depth+1) || !n.sameValue(c2, c, memo, depth+1) {
		return false
	}
	p, q := n.kid(t, 0), n.kid(t, 1)
	match := n.sameValue(p1, p, memo, depth+1) && n.sameValue(q1, q, memo, depth+1)
	if !match && et.Op == expr.OpFAdd && !n.dom[t].NaN {
		match = n.sameValue(p1, q, memo, depth+1) && n.sameValue(q1, p, memo, depth+1)
	}
	return match && n.scalingExact(c, p, q, t, memo)
}

// scalingExact checks the precondition of the scaling law for c ⊗ (p ⊙ q)
// with t = p ⊙ q: the domains of p, q, t finite, Q = min(q_p, q_q) with
// Q + s ≥ minE for the smallest exponent s of c, and (|p| + |q|)·2^s,
// |t|·2^s within the largest float for the largest s (and |p| + |q|
// itself).
func (n *network) scalingExact(c, p, q, t int, memo map[int]int) bool {
	k := n.nodes[t].Sort.FK
	if n.nodes[p].Sort != n.nodes[t].Sort || n.nodes[q].Sort != n.nodes[t].Sort {
		return false
	}
	slo, shi, ok := n.pow2Range(c, 0)
	if !ok {
		return false
	}
	minE, _, _ := quantumBounds(k)
	Q := min(n.qexp(p, memo), n.qexp(q, memo))
	if Q+slo < minE {
		return false
	}
	mp, ok1 := n.maxAbsOf(p)
	mq, ok2 := n.maxAbsOf(q)
	mt, ok3 := n.maxAbsOf(t)
	if !ok1 || !ok2 || !ok3 {
		return false
	}
	top := new(big.Rat).SetFloat64(toFloat(k, valueOf(k, keyMaxFinite(k))))
	sum := new(big.Rat).Add(new(big.Rat).SetFloat64(mp), new(big.Rat).SetFloat64(mq))
	scale := pow2Rat(max(shi, 0))
	for _, m := range []*big.Rat{sum, new(big.Rat).SetFloat64(mt)} {
		if new(big.Rat).Mul(m, scale).Cmp(top) > 0 {
			return false
		}
	}
	return true
}

// reviseSame decides comparison node i when its operands are proven to
// hold the same non-NaN float (a comparison already decided the other
// way, a root, gets an empty domain: a refutation).
func (n *network) reviseSame(i int) {
	if n.failed {
		return
	}
	a, b := n.kid(i, 0), n.kid(i, 1)
	if oa, ob := n.nodes[a].Op, n.nodes[b].Op; oa != ob && oa != expr.OpFMul && ob != expr.OpFMul &&
		!(n.dom[a].Point() && n.dom[b].Point()) {
		return // none of sameValue's rules can apply: spare the memo
	}
	if n.dom[a].NaN || n.dom[b].NaN || !n.sameValue(a, b, map[int]int{}, 0) {
		return
	}
	v := n.nodes[i].Op != expr.OpFOLt
	n.set(i, boolDom(!v, v), false)
}
