package native

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// sqrt(x ⊗ x) = |x|. In radix 2 and round-to-nearest, RN(√RN(x·x)) = |x|
// when x·x neither underflows nor overflows (a classical lemma; it fails
// in radix 10 and in the directed modes). Intervals cannot see it: over
// x ∈ [a, b] the square root spans [a, b] too, and x ≠ that root keeps
// every value (sqrt_square). The lemma's conditions, read on x's domain:
// |x| ≥ 2^⌈emin/2⌉ makes x·x ≥ 2^emin, a normal; |x| < 2^((emax+1)/2)
// keeps x·x below 2^(emax+1)(1 − 2^(1−p)) + …, under the overflow
// threshold 2^(emax+1)(1 − 2^(−p−1)). binary32 and binary64 only.

// sqrtSquareOf reports x when node i is sqrt_RN(x ⊗_RN x) and x's domain
// meets the lemma's conditions, with x's sign (+1 or -1: an interval spanning zero holds values
// too small for the lemma).
func (n *network) sqrtSquareOf(i int) (x, sign int, ok bool) {
	e := n.nodes[i]
	if e.Op != expr.OpFSqrt || e.RM != arith.NearestEven {
		return 0, 0, false
	}
	m := n.kid(i, 0)
	me := n.nodes[m]
	k := e.Sort.FK
	if me.Op != expr.OpFMul || me.RM != arith.NearestEven || n.kid(m, 0) != n.kid(m, 1) {
		return 0, 0, false
	}
	var lo, hi float64 // |x| bounds: 2^⌈emin/2⌉, 2^((emax+1)/2)
	switch k {
	case arith.F32:
		lo, hi = 0x1p-63, 0x1p64
	case arith.F64:
		lo, hi = 0x1p-511, 0x1p512
	default:
		return 0, 0, false
	}
	x = n.kid(m, 0)
	d := n.dom[x]
	if d.NaN || !d.Num {
		return 0, 0, false
	}
	l, h := toFloat(k, valueOf(k, d.Lo)), toFloat(k, valueOf(k, d.Hi))
	switch {
	case l >= lo && h < hi:
		return x, 1, true
	case -h >= lo && -l < hi:
		return x, -1, true
	}
	return 0, 0, false
}
