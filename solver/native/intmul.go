package native

import (
	"math/bits"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Direct projections of the unsigned integer operations the executor
// emits for C shifts, products and quotients (1 << k, i * 4, n / 2),
// which otherwise left their results at the full range: interval
// corners when no wrap-around can happen (the result as unsigned values
// is monotone in each operand there), nothing otherwise. Widths up to 64.

// intBinDirect is the direct projection of op over a and b at width w;
// ok is false when it cannot narrow.
func intBinDirect(op expr.Op, w int, a, b Dom) (Dom, bool) {
	if w > 64 || !a.Num || !b.Num {
		return Dom{}, false
	}
	al, ah, bl, bh := a.Lo.Lo, a.Hi.Lo, b.Lo.Lo, b.Hi.Lo
	max := arith.Mask(w).Lo
	var lo, hi uint64
	switch op {
	case expr.OpMul:
		over, p := bits.Mul64(ah, bh)
		if over != 0 || p > max {
			return Dom{}, false
		}
		lo, hi = al*bl, p
	case expr.OpUDiv:
		if bl == 0 {
			return Dom{}, false
		}
		lo, hi = al/bh, ah/bl
	case expr.OpShl:
		if bh >= uint64(w) || (ah != 0 && uint64(bits.Len64(ah))+bh > uint64(w)) {
			return Dom{}, false
		}
		lo, hi = al<<bl, ah<<bh
	case expr.OpLShr:
		if bh >= uint64(w) {
			return Dom{}, false
		}
		lo, hi = al>>bh, ah>>bl
	default:
		return Dom{}, false
	}
	return bvRange(arith.Word{Lo: lo}, arith.Word{Lo: hi}), true
}

// reviseIntBin narrows node i (mul, udiv, shl, lshr) from its operands.
func (n *network) reviseIntBin(i int) {
	e := n.nodes[i]
	if d, ok := intBinDirect(e.Op, e.Width(), n.dom[n.kid(i, 0)], n.dom[n.kid(i, 1)]); ok {
		n.set(i, d, false)
	}
}
