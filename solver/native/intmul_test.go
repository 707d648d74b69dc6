package native

import (
	"math/rand"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// No solution pruned: for random operand intervals (small, near the
// width's limits, shift counts up to the width) every pair of members
// evaluates, with expr's semantics, into the projected domain.
func TestIntBinDirectSound(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	b := expr.NewBuilder()
	narrowed := 0
	for _, w := range []int{8, 16, 32, 64} {
		arr := b.NewArray("v", 16, nil)
		x, y := b.Byte(arr, 0), b.Byte(arr, 1)
		if w > 8 {
			x, y = b.ZExt(x, w), b.ZExt(y, w)
		}
		mask := arith.Mask(w).Lo
		bound := func() uint64 {
			switch rng.Intn(4) {
			case 0:
				return uint64(rng.Intn(w + 2))
			case 1:
				return uint64(rng.Intn(300))
			case 2:
				return rng.Uint64() & mask >> uint(rng.Intn(w))
			}
			return rng.Uint64() & mask
		}
		for _, op := range []expr.Op{expr.OpMul, expr.OpUDiv, expr.OpShl, expr.OpLShr} {
			node := b.Bin(op, x, y)
			for trial := 0; trial < 3000; trial++ {
				al, ah, bl, bh := bound(), bound(), bound(), bound()
				if al > ah {
					al, ah = ah, al
				}
				if bl > bh {
					bl, bh = bh, bl
				}
				d, ok := intBinDirect(op, w, bvRange(arith.Word{Lo: al}, arith.Word{Lo: ah}), bvRange(arith.Word{Lo: bl}, arith.Word{Lo: bh}))
				if !ok {
					continue
				}
				narrowed++
				pick := func(lo, hi uint64) uint64 {
					switch rng.Intn(3) {
					case 0:
						return lo
					case 1:
						return hi
					}
					if hi == lo {
						return lo
					}
					return lo + rng.Uint64()%(hi-lo+1)
				}
				for s := 0; s < 20; s++ {
					u, v := pick(al, ah), pick(bl, bh)
					r := expr.Apply(node, []arith.Word{{Lo: u}, {Lo: v}})
					if !d.contains(r) {
						t.Fatalf("w=%d %v: %d, %d in [%d,%d]×[%d,%d] gives %d outside %s", w, op, u, v, al, ah, bl, bh, r.Lo, d.format(node.Sort))
					}
				}
			}
		}
	}
	if narrowed < 1000 {
		t.Fatalf("only %d projections narrowed", narrowed)
	}
}
