package native

import (
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// TestAffineRefutesAbsorptionExit: "the loop f = x; while (f < x ⊕ 8)
// f = f ⊕ 1 exits after exactly k steps" is UNSAT for small k when x is
// below 2^(p−1) (each step adds about 1), by propagation and the affine
// decision of the comparisons alone (k ≤ 4 by the forms over the whole
// domain, k = 5, 6 need the case split on x and the exactness by quantum
// near 2^(p−1), where the one inexact step happens). The bug ranges keep
// the SAT k.
func TestAffineRefutesAbsorptionExit(t *testing.T) {
	for _, c := range []struct {
		k  arith.Kind
		hi float64
	}{{arith.F32, 1 << 23}, {arith.F64, 1 << 52}} {
		for steps := 1; steps <= 6; steps++ {
			t.Run(fmt.Sprintf("%v_%d", c.k, steps), func(t *testing.T) {
				e := newEnv(t)
				cons, _ := absorptionLoop(e, c.k, c.hi, steps, true)
				if _, ok := propagateOnly(cons...); ok {
					t.Fatalf("exit after exactly %d steps not refuted", steps)
				}
			})
		}
	}

	// The bug range x ∈ [0, 1e9] float: exits after 8 or 9 steps are SAT
	// (x small), so propagation must not refute them.
	for _, steps := range []int{8, 9} {
		e := newEnv(t)
		cons, arrays := absorptionLoop(e, arith.F32, 1e9, steps, true)
		if _, ok := propagateOnly(cons...); !ok {
			t.Fatalf("bug range: exit after %d steps refuted", steps)
		}
		if ans := e.solve(2000, arrays, cons...); ans.Result == Unsat {
			t.Fatalf("bug range: exit after %d steps UNSAT", steps)
		}
	}
}

// TestAffineFormsSound: for random DAGs of ⊕ ⊖, ⊗ ⊘ by constants, fneg,
// products of two operands and conversions over float and double leaves in
// random domains, in the four modes, every node's concrete value (package
// arith, through the evaluator) at random leaf values in the domains lies
// within its form's error bound of the form's value at those leaves.
func TestAffineFormsSound(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	checks := 0
	for trial := 0; checks < 100000; trial++ {
		e := newEnv(t)
		k := arith.F32
		if rng.Intn(2) == 0 {
			k = arith.F64
		}
		type leaf struct {
			x      *expr.Expr
			a      *expr.Array
			lo, hi float64
		}
		var leaves []leaf
		var cons []*expr.Expr
		pool := []*expr.Expr{}
		for j := 0; j < 1+rng.Intn(3); j++ {
			x, a := e.sym(fmt.Sprintf("x%d", j), k)
			mag := math.Ldexp(1, rng.Intn(60)-30)
			if k == arith.F64 && rng.Intn(4) == 0 {
				mag = math.Ldexp(1, rng.Intn(1800)-900)
			}
			lo := (rng.Float64()*2 - 1) * mag
			hi := lo + rng.Float64()*mag
			if k == arith.F32 {
				lo, hi = float64(float32(lo)), float64(float32(hi))
			}
			if rng.Intn(5) == 0 {
				hi = lo // a point
			}
			cons = append(cons, e.fcmp(arith.OGE, x, e.c(k, lo)), e.fcmp(arith.OLE, x, e.c(k, hi)))
			leaves = append(leaves, leaf{x, a, lo, hi})
			pool = append(pool, x)
		}
		var nodes []*expr.Expr
		for j := 0; j < 2+rng.Intn(8); j++ {
			rm := modes4[rng.Intn(4)]
			a := pool[rng.Intn(len(pool))]
			b := pool[rng.Intn(len(pool))]
			cst := e.c(k, affTestConst(rng))
			var r *expr.Expr
			switch rng.Intn(8) {
			case 0, 1:
				r = e.b.FBin(expr.OpFAdd, rm, a, b)
			case 2:
				r = e.b.FBin(expr.OpFSub, rm, a, b)
			case 3:
				r = e.b.FBin(expr.OpFAdd, rm, a, cst)
			case 4:
				r = e.b.FBin(expr.OpFMul, rm, cst, a)
			case 5:
				r = e.b.FBin(expr.OpFDiv, rm, a, cst)
			case 6:
				r = e.b.FBin(expr.OpFMul, rm, a, b)
			default:
				if k == arith.F64 {
					r = e.b.FPConv(rm, e.b.FPConv(rm, a, arith.F32), arith.F64)
				} else {
					r = e.b.FNeg(a)
				}
			}
			pool = append(pool, r)
			nodes = append(nodes, r)
		}
		n := newNetwork(append(append([]*expr.Expr(nil), cons...), nodes...))
		n.queueAll()
		for _, r := range n.roots[:len(cons)] {
			n.set(r, boolDom(false, true), false)
		}
		if !n.propagate(func() bool { return false }) {
			continue // an empty leaf range (hi < lo after rounding)
		}
		c := &affCtx{n: n, forms: map[int]*affForm{}, done: map[int]bool{}}
		for s := 0; s < 20; s++ {
			m := Model{}
			for _, l := range leaves {
				v := l.lo + rng.Float64()*(l.hi-l.lo)
				switch rng.Intn(4) {
				case 0:
					v = l.lo
				case 1:
					v = l.hi
				}
				w := fconst(k, v)
				if toF64(k, w) < l.lo || toF64(k, w) > l.hi {
					w = fconst(k, l.lo)
				}
				m[l.a] = wordBytes(w, k.Bits()/8)
			}
			ev := expr.NewEvaluator(m)
			for _, r := range nodes {
				f := c.form(n.index[r])
				if f == nil {
					continue
				}
				got := affRat(r.Sort.FK, ev.Eval(r))
				if got == nil {
					t.Fatalf("node %s has a form but evaluates to a non-finite value", r)
				}
				want := new(big.Rat).Set(f.c0)
				for term, co := range f.c {
					tv := affRat(n.nodes[term].Sort.FK, ev.Eval(n.nodes[term]))
					if tv == nil {
						t.Fatalf("term %s non-finite", n.nodes[term])
					}
					want.Add(want, new(big.Rat).Mul(co, tv))
				}
				diff := new(big.Rat).Sub(got, want)
				if diff.Abs(diff).Cmp(f.e) > 0 {
					t.Fatalf("node %s (%v) = %v, form gives %v ± %v", r, r.RM, got.FloatString(30), want.FloatString(30), f.e.FloatString(30))
				}
				checks++
			}
		}
	}
}

func affTestConst(rng *rand.Rand) float64 {
	switch rng.Intn(4) {
	case 0:
		return float64(rng.Intn(17) - 8)
	case 1:
		return math.Ldexp(1, rng.Intn(20)-10)
	}
	return (rng.Float64()*2 - 1) * math.Ldexp(1, rng.Intn(40)-20)
}

// affRat is a finite float's exact value (nil for NaN and ±INF).
func affRat(k arith.Kind, w arith.Word) *big.Rat {
	f := toF64(k, w)
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return nil
	}
	return new(big.Rat).SetFloat64(f)
}

// wordBytes is the little-endian bytes of w.
func wordBytes(w arith.Word, size int) []byte {
	b := make([]byte, size)
	for i := 0; i < size && i < 8; i++ {
		b[i] = byte(w.Lo >> (8 * i))
	}
	return b
}

// TestAffineWitnessFuzz: affine-shaped queries only (no Z3, so many):
// a native UNSAT for which the concrete witness search finds a model
// fails.
func TestAffineWitnessFuzz(t *testing.T) {
	g := &gen{rng: rand.New(rand.NewSource(17))}
	unsat := 0
	for q := 0; q < 1500; q++ {
		g.b = expr.NewBuilder()
		g.k = []arith.Kind{arith.F32, arith.F64}[g.rng.Intn(2)]
		g.vars, g.arrs = nil, nil
		for i := 0; i < 1+g.rng.Intn(2); i++ {
			x, a := (&env{t: t, b: g.b}).sym(fmt.Sprintf("x%d", i), g.k)
			g.vars, g.arrs = append(g.vars, x), append(g.arrs, a)
		}
		cons := g.affineCmp()
		roots := make([]Root, 0, len(cons))
		for _, c := range cons {
			if c.IsConst() {
				continue
			}
			roots = append(roots, Root{E: c, Want: true})
		}
		if len(roots) == 0 {
			continue
		}
		if ans := Solve(roots, g.arrs, g.b, Ms(5), int64(q)); ans.Result == Unsat {
			unsat++
			if w := g.witness(cons, 400); w != "" {
				t.Fatalf("query %d: native UNSAT, but %s satisfies it:\n%s", q, w, fmtQuery(cons))
			}
		}
	}
	t.Logf("%d UNSAT, none with a witness", unsat)
}
