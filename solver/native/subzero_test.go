package native

import (
	"math"
	"math/rand"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

var allModes = []arith.RoundingMode{arith.NearestEven, arith.Downward, arith.Upward, arith.TowardZero}

// TestSubZeroLemma: x ⊖ y is a zero exactly when x and y are finite and
// equal as reals, in all four modes: every pair of a window of float32
// around zero (subnormals, both zeros) and around 1, with infinities and
// NaN, and random float32 and float64 pairs.
func TestSubZeroLemma(t *testing.T) {
	check := func(k arith.Kind, x, y arith.Word) {
		fx, fy := toFloat(k, x), toFloat(k, y)
		want := !math.IsInf(fx, 0) && !math.IsNaN(fx) && !math.IsInf(fy, 0) && !math.IsNaN(fy) && fx == fy
		for _, rm := range allModes {
			z := toFloat(k, arith.FSub(k, rm, x, y))
			if got := z == 0; got != want {
				t.Fatalf("%v %v: %v ⊖ %v = %v; zero %v, want %v", k, rm, fx, fy, z, got, want)
			}
		}
	}
	var win []arith.Word
	for b := uint32(0); b < 300; b++ {
		win = append(win, arith.FromFloat32(math.Float32frombits(b)), arith.FromFloat32(math.Float32frombits(b|1<<31)))
	}
	for b := uint32(0x3f800000 - 100); b < 0x3f800000+100; b++ {
		win = append(win, arith.FromFloat32(math.Float32frombits(b)))
	}
	win = append(win, arith.FromFloat32(float32(math.Inf(1))), arith.FromFloat32(float32(math.Inf(-1))),
		arith.FromFloat32(float32(math.NaN())), arith.FromFloat32(math.MaxFloat32), arith.FromFloat32(-math.MaxFloat32))
	for _, x := range win {
		for _, y := range win {
			check(arith.F32, x, y)
		}
	}
	rng := rand.New(rand.NewSource(9))
	for i := 0; i < 200000; i++ {
		a := rng.Uint32()
		b := a
		if i%2 == 0 {
			b = a ^ 1<<uint(rng.Intn(32))
		}
		check(arith.F32, arith.FromFloat32(math.Float32frombits(a)), arith.FromFloat32(math.Float32frombits(b)))
		c := rng.Uint64()
		d := c ^ 1<<uint(rng.Intn(64))
		check(arith.F64, arith.FromFloat64(math.Float64frombits(c)), arith.FromFloat64(math.Float64frombits(d)))
	}
}

// TestSubZeroRefutes: x − y == 0 ∧ x ≠ y is refuted by propagation with
// the rule, not without it (the interval projections keep both operands
// in [1, 2]); x + y == 0 ∧ x ≠ y is satisfiable (x = −y) and stays so.
func TestSubZeroRefutes(t *testing.T) {
	for _, k := range []arith.Kind{arith.F32, arith.F64} {
		e := newEnv(t)
		x, ax := e.sym("x", k)
		y, ay := e.sym("y", k)
		arrs := []*expr.Array{ax, ay}
		in := func(v *expr.Expr) []*expr.Expr {
			return []*expr.Expr{e.fcmp(arith.OLE, e.c(k, 1), v), e.fcmp(arith.OLE, v, e.c(k, 2))}
		}
		bounds := append(in(x), in(y)...)
		for _, rm := range allModes {
			diff := e.b.FBin(expr.OpFSub, rm, x, y)
			cons := append(append([]*expr.Expr(nil), bounds...), e.fcmp(arith.OEQ, diff, e.c(k, 0)), e.b.Not(e.fcmp(arith.OEQ, x, y)))
			ans := e.solve(200, arrs, cons...)
			if ans.Result != Unsat || !ans.Propagated {
				t.Fatalf("%v %v: x − y == 0 ∧ x ≠ y: %v (propagated %v), want UNSAT by propagation", k, rm, ans.Result, ans.Propagated)
			}
			ok := false
			for _, c := range ans.Rules {
				ok = ok || c.Name == "sub-zero" && c.Narrowed+c.Refuted > 0
			}
			if !ok {
				t.Fatalf("%v %v: the refutation does not rest on sub-zero: %+v", k, rm, ans.Rules)
			}
			if _, refuted := propagateWithout("sub-zero", cons); refuted {
				t.Fatalf("%v %v: refuted without the rule: the test shows nothing of it", k, rm)
			}
			sum := e.b.FBin(expr.OpFAdd, rm, x, y)
			neg := append(append(in(x), in(e.b.FNeg(y))...), e.fcmp(arith.OEQ, sum, e.c(k, 0)), e.b.Not(e.fcmp(arith.OEQ, x, y)))
			if a := e.solve(200, arrs, neg...); a.Result == Unsat {
				t.Fatalf("%v %v: x + y == 0 ∧ x ≠ y with y ∈ [−2, −1]: UNSAT, but x = 1, y = −1 satisfies it", k, rm)
			}
		}
	}
}

// propagateWithout propagates the constraints with rule name left out of
// the registry; it reports whether a domain became empty.
func propagateWithout(name string, cons []*expr.Expr) (*network, bool) {
	saved := byOp
	defer func() { byOp = saved }()
	byOp = map[expr.Op][]int{}
	for op, ids := range saved {
		for _, id := range ids {
			if rules[id].name != name {
				byOp[op] = append(byOp[op], id)
			}
		}
	}
	n := newNetwork(cons)
	n.queueAll()
	for _, r := range n.roots {
		n.set(r, boolDom(false, true), false)
	}
	return n, !n.propagate(func() bool { return false })
}
