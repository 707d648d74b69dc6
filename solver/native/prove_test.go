package native

import (
	"math"
	"math/rand"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// newtonQuery is newton_sqrt.c's residual query: lo ≤ a ≤ hi, steps
// Newton steps x ← (x + a/x)/2 from x = a, and the residual x·x − a above
// 1e-6·a (the negated assertion).
func newtonQuery(e *env, lo, hi float64, steps int) ([]Root, []*expr.Array) {
	k := arith.F32
	a, arr := e.sym("a", k)
	x := a
	for i := 0; i < steps; i++ {
		x = e.bin(expr.OpFDiv, e.bin(expr.OpFAdd, x, e.bin(expr.OpFDiv, a, x)), e.c(k, 2))
	}
	res := e.bin(expr.OpFAdd, e.bin(expr.OpFMul, x, x), e.b.FNeg(a))
	cons := []*expr.Expr{e.fcmp(arith.OLE, e.c(k, lo), a), e.fcmp(arith.OLE, a, e.c(k, hi)),
		e.b.Not(e.fcmp(arith.OLE, res, e.bin(expr.OpFMul, e.c(k, 1e-6), a)))}
	return rootsOf(cons), []*expr.Array{arr}
}

func rootsOf(cons []*expr.Expr) []Root {
	roots := make([]Root, len(cons))
	for i, c := range cons {
		roots[i] = Root{E: c, Want: true}
	}
	return roots
}

// TestProveNewton: six Newton steps leave a residual of a few ulps on
// [1, 1.03125] (2^18 floats; interval propagation refutes only boxes of a
// few floats there, so the proof is the enumeration of the boxes); three
// steps do not on [3, 4], and the model found must be one.
func TestProveNewton(t *testing.T) {
	e := newEnv(t)
	roots, arrays := newtonQuery(e, 1, 1.03125, 6)
	// Propagation alone does not refute it (else the test proves
	// nothing about the prover).
	if refuted(roots, &meter{}, func() bool { return false }) {
		t.Fatal("propagation alone refutes the query")
	}
	a, p := proveQueryForms(roots, arrays, Ms(60_000), false)
	if a.Result != Unsat {
		t.Fatalf("six steps on [1, 1.03125]: %v (refuted %.3g), want unsat", a.Result, p.progress())
	}
	if p.points == 0 {
		t.Fatal("proved without enumerating a box: the query is too easy for this test")
	}
	t.Logf("six steps: unsat, %d propagations, %d points (%.3g work each)", p.nodes, p.points, p.pCost)

	// With the affine forms, boxes thousands of floats wide are refuted
	// whole: no point needs evaluating.
	a, p = proveQuery(roots, arrays, Ms(60_000))
	if a.Result != Unsat || p.zBoxes == 0 || p.points > 0 {
		t.Fatalf("six steps with the forms: %v, %d boxes refuted by the forms, %d points; want unsat by forms alone",
			a.Result, p.zBoxes, p.points)
	}
	t.Logf("six steps with the forms: unsat, %d boxes refuted by them of %d tried (%.3g work each)",
		p.zBoxes, p.zTries, p.zCost)

	e = newEnv(t)
	roots, arrays = newtonQuery(e, 3, 4, 3)
	a, _ = proveQuery(roots, arrays, Ms(60_000))
	if a.Result != Sat {
		t.Fatalf("three steps on [3, 4]: %v, want sat", a.Result)
	}
	ev := expr.NewEvaluator(a.Model)
	for i, r := range roots {
		if ev.True(r.E) != r.Want {
			t.Fatalf("model violates root %d", i)
		}
	}
}

// TestProveStopsWhenNotConverging: the same query over a double input has
// 2^53 points; propagation refutes only boxes of a few floats, so the
// projected end is far beyond the budget and the prover gives up after
// its warm-up instead of taking the whole budget (the core it takes
// beside the SMT backends is theirs).
func TestProveStopsWhenNotConverging(t *testing.T) {
	e := newEnv(t)
	k := arith.F64
	a, arr := e.sym("a", k)
	x := a
	for i := 0; i < 6; i++ {
		x = e.bin(expr.OpFDiv, e.bin(expr.OpFAdd, x, e.bin(expr.OpFDiv, a, x)), e.c(k, 2))
	}
	res := e.bin(expr.OpFAdd, e.bin(expr.OpFMul, x, x), e.b.FNeg(a))
	roots := rootsOf([]*expr.Expr{e.fcmp(arith.OLE, e.c(k, 1), a), e.fcmp(arith.OLE, a, e.c(k, 4)),
		e.b.Not(e.fcmp(arith.OLE, res, e.bin(expr.OpFMul, e.c(k, 1e-12), a)))})
	budget := Ms(10000)
	ans, frac := Prove(roots, []*expr.Array{arr}, budget)
	if ans.Result != Unknown || ans.Capped {
		t.Fatalf("double Newton query: %v (capped %v), want unknown", ans.Result, ans.Capped)
	}
	if ans.Work > budget.Work*3/10 {
		t.Fatalf("the prover spent %d of its %d work on a query it refuted %.3g of", ans.Work, budget.Work, frac)
	}
	t.Logf("gave up after %d work (%.1f%% of the budget) with %.3g refuted", ans.Work, 100*float64(ans.Work)/float64(budget.Work), frac)
}

// TestProveAgreesWithEnumeration: random queries (the fuzz generator's
// terms, all four rounding modes) over one to three float or double
// inputs, each confined to a window of a few hundred floats so that the
// answer can be checked by evaluating every point with expr.Evaluator.
// The prover must decide each one within its budget and agree: UNSAT
// exactly when no point satisfies the query, and a SAT model that does.
func TestProveAgreesWithEnumeration(t *testing.T) {
	g := &gen{rng: rand.New(rand.NewSource(11))}
	var sat, unsat int
	for q := 0; q < 160; q++ {
		g.b = expr.NewBuilder()
		g.k = []arith.Kind{arith.F32, arith.F64}[q%2]
		nv := 1 + q%3
		width := []uint64{2000, 60, 14}[nv-1]
		g.vars, g.arrs = nil, nil
		var cons []*expr.Expr
		lo := make([]arith.Word, nv)
		for i := 0; i < nv; i++ {
			n := g.k.Bits() / 8
			a := g.b.NewArray("x"+strconv.Itoa(i), uint64(n), nil)
			v := g.b.Byte(a, 0)
			for j := 1; j < n; j++ {
				v = g.b.Concat(g.b.Byte(a, uint64(j)), v)
			}
			x := g.b.FromBits(v, g.k)
			g.vars = append(g.vars, x)
			g.arrs = append(g.arrs, a)
			c := g.constant(g.k).Val
			kc, ok := keyOf(g.k, c)
			if !ok { // NaN: a window at 1
				kc, _ = keyOf(g.k, fconst(g.k, 1))
			}
			kc = kMin(kMax(kc, kAdd(keyNegInf(g.k), 1)), kSub(keyPosInf(g.k), width+1))
			lo[i] = kc
			cons = append(cons, g.b.FCmp(arith.OLE, g.b.FConst(g.k, valueOf(g.k, kc)), x),
				g.b.FCmp(arith.OLE, x, g.b.FConst(g.k, valueOf(g.k, kAdd(kc, width-1)))))
		}
		if q%4 == 3 {
			// Needles: every input pinned to one point of its window (its
			// ends often) by its low 16 bits, scrambled so that
			// propagation does not narrow the float: a point the prover
			// skips, or evaluates with stale values, is a solution missed.
			w := g.k.Bits()
			mask := g.b.Const(arith.Word{Lo: 0xffff}, w)
			for i, x := range g.vars {
				r := []uint64{0, width - 1, uint64(g.rng.Intn(int(width)))}[g.rng.Intn(3)]
				bits := valueOf(g.k, kAdd(lo[i], r))
				// Scrambled by an odd factor (a bijection modulo 2^16),
				// which no projection inverts.
				h := func(v *expr.Expr) *expr.Expr {
					return g.b.Bin(expr.OpAnd, g.b.Bin(expr.OpMul, v, g.b.Const(arith.Word{Lo: 0x9e3779b1}, w)), mask)
				}
				cons = append(cons, g.b.Eq(h(g.b.ToBits(x)), h(g.b.Const(arith.Word{Lo: bits.Lo}, w))))
			}
		}
		for i := 0; i < 1+g.rng.Intn(3) && q%8 != 7; i++ { // needles alone at q%8 == 7
			if c := g.cond(); !c.IsConst() {
				cons = append(cons, c)
			}
		}
		roots := rootsOf(cons)
		ans, _ := Prove(roots, g.arrs, Ms(20000))
		// The truth: every point of the windows through expr.Evaluator.
		truth := false
		cur := make([]uint64, nv)
		for !truth {
			m := Model{}
			for i, a := range g.arrs {
				(&leaf{bytes: bytesOf(a, g.k)}).assign(m, valueOf(g.k, kAdd(lo[i], cur[i])))
			}
			ev := expr.NewEvaluator(m)
			ok := true
			for _, c := range cons {
				ok = ok && ev.True(c)
			}
			truth = ok
			i := 0
			for ; i < nv; i++ {
				if cur[i]++; cur[i] < width {
					break
				}
				cur[i] = 0
			}
			if i == nv {
				break
			}
		}
		switch ans.Result {
		case Unsat:
			unsat++
			if truth {
				t.Fatalf("query %d: prover UNSAT, but a point satisfies it:\n%s", q, fmtQuery(cons))
			}
		case Sat:
			sat++
			ev := expr.NewEvaluator(ans.Model)
			for i, c := range cons {
				if !ev.True(c) {
					t.Fatalf("query %d: SAT model violates constraint %d:\n%s", q, i, fmtQuery(cons))
				}
			}
		default:
			t.Fatalf("query %d: undecided, windows of %d floats (truth %v):\n%s", q, width, truth, fmtQuery(cons))
		}
	}
	t.Logf("%d sat, %d unsat, all agreeing with the enumeration", sat, unsat)
}

// secantQuery is secant_root.c's path (GUARD) through every step: 1 ≤ c
// ≤ 4, f1 ≠ f0 before each step, and x1 not finite at the end.
func secantQuery(e *env, steps int) ([]Root, []*expr.Array) {
	k := arith.F32
	c, arr := e.sym("c", k)
	x0, x1 := e.c(k, 1), e.c(k, 2)
	sq := func(x *expr.Expr) *expr.Expr { return e.bin(expr.OpFSub, e.bin(expr.OpFMul, x, x), c) }
	f0, f1 := sq(x0), sq(x1)
	cons := []*expr.Expr{e.fcmp(arith.OLE, e.c(k, 1), c), e.fcmp(arith.OLE, c, e.c(k, 4))}
	for i := 0; i < steps; i++ {
		cons = append(cons, e.b.Not(e.fcmp(arith.OEQ, f1, f0)))
		d := e.bin(expr.OpFDiv, e.bin(expr.OpFMul, f1, e.bin(expr.OpFSub, x1, x0)), e.bin(expr.OpFSub, f1, f0))
		x0, f0, x1 = x1, f1, e.bin(expr.OpFSub, x1, d)
		f1 = sq(x1)
	}
	cons = append(cons, e.b.Not(e.fcmp(arith.OLT, e.b.FAbs(x1), e.c(k, math.Inf(1)))))
	return rootsOf(cons), []*expr.Array{arr}
}

// TestProveMeasure (FLOATSYM_PROVE_MEASURE=1) measures, on newton_sqrt's
// and secant_root's full queries (one float in [1, 4]), the labelling of
// Solve with a budget of 20 s (before) and the prover (after): the
// verdict, the time, and the prover's refuted share each second.
func TestProveMeasure(t *testing.T) {
	if os.Getenv("FLOATSYM_PROVE_MEASURE") == "" {
		t.Skip("set FLOATSYM_PROVE_MEASURE=1")
	}
	for _, q := range []struct {
		name  string
		build func(e *env) ([]Root, []*expr.Array)
	}{
		{"newton_sqrt", func(e *env) ([]Root, []*expr.Array) { return newtonQuery(e, 1, 4, 6) }},
		{"secant_root", func(e *env) ([]Root, []*expr.Array) { return secantQuery(e, 8) }},
	} {
		e := newEnv(t)
		roots, arrays := q.build(e)
		start := time.Now()
		a := Solve(roots, arrays, e.b, Ms(20000), 1)
		t.Logf("%s: Solve (labelling) %v in %v", q.name, a.Result, time.Since(start))
		last := int64(0)
		proveTrace = func(w int64, f float64) {
			if w-last >= 2000*WorkPerMs {
				last = w
				t.Logf("%s: work %d refuted %.4f", q.name, w, f)
			}
		}
		start = time.Now()
		// A long budget: the measure is the time to the proof.
		a, p := proveQuery(roots, arrays, Ms(600000))
		proveTrace = nil
		t.Logf("%s: prover %v in %v (work %d): %d propagations (%.3g work each), %d points (%.3g work each), refuted %.4f",
			q.name, a.Result, time.Since(start), a.Work, p.nodes, p.prCost, p.points, p.pCost, p.progress())
	}
}
