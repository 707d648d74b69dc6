package native

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Innocuous double rounding. C code that computes in a wider type and
// rounds back — (float)((double)a + (double)b) — rounds twice, and a
// bit-blaster has to carry both roundings (ld_double_rounding). For a
// binary32 operation computed in binary64 and rounded back in the same
// mode, the result is the binary32 operation's:
//   - round-to-nearest: the wide format has p' = 53 ≥ 2p + 2 = 50 bits, and
//     then double rounding of +, −, ×, ÷ and √ is innocuous (Figueroa,
//     "When is double rounding innocuous?", 1995); overflow agrees, the
//     binary32 threshold 2^128 − 2^103 being a binary64 number;
//   - the directed modes: the binary32 numbers are binary64 numbers, so
//     rounding toward a side twice is rounding once.
// The binary64 exponent range holds every exact result of binary32
// operands, so the wide operation never over- or underflows itself; the
// binary32 subnormals are binary64 numbers. NaN operands are excluded
// (their payloads may travel differently); NaNs made by the operation
// are the default NaN in both.

// narrowOf returns the binary32 operation node i equals, or nil.
func (n *network) narrowOf(b *expr.Builder, i int, rw func(*expr.Expr) *expr.Expr) *expr.Expr {
	e := n.nodes[i]
	if e.Op != expr.OpFPConv || e.Sort.FK != arith.F32 || e.Kid[0].Sort.FK != arith.F64 {
		return nil
	}
	w := n.kid(i, 0)
	we := n.nodes[w]
	if we.RM != e.RM {
		return nil
	}
	var ops []*expr.Expr
	switch we.Op {
	case expr.OpFAdd, expr.OpFSub, expr.OpFMul, expr.OpFDiv, expr.OpFSqrt:
	default:
		return nil
	}
	for j, k := range we.Kids() {
		kid := n.kid(w, j)
		if k.Op != expr.OpFPConv || k.Kid[0].Sort.FK != arith.F32 || n.dom[kid].NaN {
			return nil
		}
		ops = append(ops, rw(k.Kid[0]))
	}
	if we.Op == expr.OpFSqrt {
		return b.FSqrt(e.RM, ops[0])
	}
	return b.FBin(we.Op, e.RM, ops[0], ops[1])
}
