package native

import (
	"math/rand"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// TestFevalFastAgrees: the slice evaluator's direct float and double
// arithmetic and comparisons (feval.fast) give expr.Apply's bits on
// random and special operands (NaNs with payloads, infinities, both
// zeros, subnormals), in every mode (the directed ones go to Apply).
func TestFevalFastAgrees(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	ops := []expr.Op{expr.OpFAdd, expr.OpFSub, expr.OpFMul, expr.OpFDiv}
	cmps := []arith.Pred{arith.OLT, arith.OLE, arith.OEQ}
	for _, k := range []arith.Kind{arith.F32, arith.F64} {
		specials := []uint64{0, 1 << 31, 0x7f800000, 0xff800000, 0x7fc00000, 0x7fa00001, 0xffc12345, 1, 0x807fffff, 0x3f800000}
		if k == arith.F64 {
			specials = []uint64{0, 1 << 63, 0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000,
				0x7ff4000000000001, 0xfff8000000012345, 1, 0x800fffffffffffff, 0x3ff0000000000000}
		}
		operand := func() uint64 {
			if rng.Intn(3) == 0 {
				return specials[rng.Intn(len(specials))]
			}
			if k == arith.F32 {
				return uint64(rng.Uint32())
			}
			return rng.Uint64()
		}
		e := newEnv(t)
		x, _ := e.sym("x", k)
		y, _ := e.sym("y", k)
		var nodes []*expr.Expr
		for _, rm := range modes {
			for _, op := range ops {
				nodes = append(nodes, e.b.FBin(op, rm, x, y))
			}
		}
		for _, p := range cmps {
			nodes = append(nodes, e.b.FCmp(p, x, y))
		}
		n := newNetwork(nodes)
		f := &feval{n: n, val: make([]arith.Word, len(n.nodes))}
		ix, iy := n.index[x], n.index[y]
		fast := 0
		for it := 0; it < 20000; it++ {
			vx, vy := arith.Word{Lo: operand()}, arith.Word{Lo: operand()}
			f.val[ix], f.val[iy] = vx, vy
			for _, nd := range nodes {
				i := int32(n.index[nd])
				if f.fast(i, nd) {
					fast++
				}
				f.node(i)
				kx, ky := n.nodes[n.kids[i][0]], n.nodes[n.kids[i][1]]
				want := expr.Apply(nd, []arith.Word{argOf(kx, x, vx, vy), argOf(ky, x, vx, vy)})
				if f.val[i] != want {
					t.Fatalf("%v %v (mode %d) of %#x, %#x: feval %#x, Apply %#x", k, nd.Op, nd.RM, vx.Lo, vy.Lo, f.val[i].Lo, want.Lo)
				}
			}
		}
		if fast == 0 {
			t.Fatalf("%v: the fast path never taken", k)
		}
	}
}

// argOf is the value of operand node kid (x or y) for the check.
func argOf(kid, x *expr.Expr, vx, vy arith.Word) arith.Word {
	if kid == x {
		return vx
	}
	return vy
}
