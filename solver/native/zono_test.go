package native

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// zonoGen builds random computations over one or two float inputs for
// the enclosure test: the operations the forms have rules for, mixed
// kinds and modes, operands reused (x·x, a/x, x − x ⊕ c) so that shared
// noise symbols matter, and comparisons of random pairs as roots.
type zonoGen struct {
	rng  *rand.Rand
	e    *env
	pool map[arith.Kind][]*expr.Expr
}

func (g *zonoGen) pick(k arith.Kind) *expr.Expr {
	p := g.pool[k]
	// Favour recent nodes: deep chains like the loop programs'.
	i := len(p) - 1 - int(math.Abs(g.rng.NormFloat64())*float64(len(p))/3)
	if i < 0 {
		i = g.rng.Intn(len(p))
	}
	return p[i]
}

func (g *zonoGen) constant(k arith.Kind) *expr.Expr {
	switch g.rng.Intn(4) {
	case 0:
		return g.e.c(k, math.Ldexp(1, g.rng.Intn(20)-10)*float64(1-2*g.rng.Intn(2)))
	case 1:
		return g.e.c(k, float64(g.rng.Intn(20)-10))
	case 2:
		return g.e.c(k, []float64{0.1, 1e-6, 3.3, -2.5e-3, 1e10}[g.rng.Intn(5)])
	}
	return g.e.c(k, g.rng.NormFloat64()*math.Ldexp(1, g.rng.Intn(40)-20))
}

func (g *zonoGen) step() {
	k := []arith.Kind{arith.F32, arith.F64}[g.rng.Intn(2)]
	if len(g.pool[k]) == 0 {
		k = arith.F32 + arith.F64 - k
	}
	b := g.e.b
	rm := modes[g.rng.Intn(4)]
	var x *expr.Expr
	switch r := g.rng.Intn(12); {
	case r < 7:
		ops := []expr.Op{expr.OpFAdd, expr.OpFSub, expr.OpFMul, expr.OpFDiv}
		u, v := g.pick(k), g.pick(k)
		switch g.rng.Intn(4) {
		case 0:
			v = g.constant(k)
		case 1:
			v = u
		}
		if g.rng.Intn(2) == 0 {
			u, v = v, u
		}
		x = b.FBin(ops[g.rng.Intn(4)], rm, u, v)
	case r == 7:
		x = b.FNeg(g.pick(k))
	case r == 8:
		x = b.FAbs(g.pick(k))
	default:
		to := arith.F32 + arith.F64 - k
		x = b.FPConv(rm, g.pick(k), to)
		k = to
	}
	if x.Op != expr.OpConst {
		g.pool[k] = append(g.pool[k], x)
	}
}

// zonoBox is a random box around a random centre: from one float to a
// few binades wide, sometimes across zero or among the subnormals.
func zonoBox(rng *rand.Rand, k arith.Kind) Dom {
	var c float64
	switch rng.Intn(6) {
	case 0:
		c = 0
	case 1:
		c = math.Ldexp(rng.Float64(), -140) // f32 subnormals (f64 normals)
	default:
		c = math.Ldexp(1+rng.Float64(), rng.Intn(40)-20)
	}
	if rng.Intn(3) == 0 {
		c = -c
	}
	lo, _ := keyOf(k, fconst(k, c))
	w := uint64(1) << rng.Intn(34)
	w += uint64(rng.Int63n(int64(w)))
	hi := kAdd(lo, w)
	if kLess(keyMaxFinite(k), hi) {
		hi = keyMaxFinite(k)
	}
	return Dom{Lo: lo, Hi: hi, Num: true}
}

// TestZonoEncloses: over random computations and boxes, every form
// encloses its node's value at points of the box (endpoints and random
// points, evaluated with package arith), the difference of two forms
// encloses the exact difference of the two values (the shared symbols
// are sound together, not only one by one), and every comparison the
// forms decide has that truth at each point.
func TestZonoEncloses(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	queries, checks, decided, formed := 3000, 0, 0, 0
	if testing.Short() {
		queries = 500
	}
	for q := 0; q < queries; q++ {
		e := newEnv(t)
		g := &zonoGen{rng: rng, e: e, pool: map[arith.Kind][]*expr.Expr{}}
		var arrays []*expr.Array
		for v := 0; v < 1+rng.Intn(2); v++ {
			k := []arith.Kind{arith.F32, arith.F64}[rng.Intn(2)]
			x, a := e.sym("v", k)
			g.pool[k] = append(g.pool[k], x)
			arrays = append(arrays, a)
		}
		for s := 0; s < 4+rng.Intn(16); s++ {
			g.step()
		}
		var cons []*expr.Expr
		preds := []arith.Pred{arith.OLT, arith.OLE, arith.OEQ, arith.OGT, arith.UNE, arith.UGE}
		for c := 0; c < 4; c++ {
			k := []arith.Kind{arith.F32, arith.F64}[rng.Intn(2)]
			if len(g.pool[k]) == 0 {
				continue
			}
			x, y := g.pick(k), g.pick(k)
			if rng.Intn(3) == 0 {
				y = g.constant(k)
			}
			if c := e.b.FCmp(preds[rng.Intn(len(preds))], x, y); c.Op != expr.OpConst {
				cons = append(cons, c)
			}
		}
		if len(cons) == 0 {
			continue
		}
		n := newNetwork(cons)
		s := newSearch(n, rootsOf(cons), arrays, math.MaxInt64, 1)
		if len(s.leaves) == 0 {
			continue
		}
		all := make([]int32, len(n.nodes))
		for i := range all {
			all[i] = int32(i)
		}
		z := newZctx(s, all)
		box := make([]Dom, len(s.leaves))
		for i, l := range s.leaves {
			box[i] = zonoBox(rng, l.k)
		}
		z.refutes(box, s.leaves)
		var fpNodes []int
		for i, f := range z.forms {
			if f != nil {
				fpNodes = append(fpNodes, i)
			}
		}
		formed += len(fpNodes)
		for p := 0; p < 24; p++ {
			m := s.base.clone()
			for i, l := range s.leaves {
				key := box[i].Lo
				switch {
				case p == 1:
					key = box[i].Hi
				case p > 1:
					key = kAdd(box[i].Lo, uint64(rng.Float64()*kSpan(box[i].Lo, box[i].Hi)))
					if kLess(box[i].Hi, key) {
						key = box[i].Hi
					}
				}
				l.assign(m, l.bitsOf(key))
			}
			ev := expr.NewEvaluator(m)
			val := map[int]*big.Rat{}
			for _, i := range fpNodes {
				nd := n.nodes[i]
				v := toFloat(nd.Sort.FK, ev.Eval(nd))
				lo, hi, ok := z.forms[i].bounds()
				checks++
				if math.IsNaN(v) || math.IsInf(v, 0) || !ok || v < lo || v > hi {
					t.Fatalf("query %d point %d: node %d (%v %v, mode %d) = %g outside its form's [%g, %g]\n%s",
						q, p, i, nd.Op, nd.Sort, nd.RM, v, lo, hi, fmtQuery(cons))
				}
				val[i] = new(big.Rat).SetFloat64(v)
			}
			for c := 0; c < 12 && len(fpNodes) > 1; c++ {
				i, j := fpNodes[rng.Intn(len(fpNodes))], fpNodes[rng.Intn(len(fpNodes))]
				lo, hi, ok := zcombine(z.forms[i], z.forms[j], 1, -1).bounds()
				if !ok {
					continue
				}
				d := new(big.Rat).Sub(val[i], val[j])
				if d.Cmp(new(big.Rat).SetFloat64(lo)) < 0 || d.Cmp(new(big.Rat).SetFloat64(hi)) > 0 {
					t.Fatalf("query %d point %d: node %d − node %d = %s outside [%g, %g]\n%s",
						q, p, i, j, d.FloatString(20), lo, hi, fmtQuery(cons))
				}
			}
			for i, tr := range z.truth {
				if tr == 0 || n.nodes[i].Sort.Kind != expr.Bool {
					continue
				}
				decided++
				if ev.True(n.nodes[i]) != (tr == 2) {
					t.Fatalf("query %d point %d: node %d (%v) decided %v, evaluates otherwise\n%s",
						q, p, i, n.nodes[i].Op, tr == 2, fmtQuery(cons))
				}
			}
		}
	}
	t.Logf("%d forms, %d enclosure checks, %d decided comparisons checked", formed, checks, decided)
	if checks < 100000 || decided < 1000 {
		t.Fatalf("too few checks (%d) or decisions (%d): the generator no longer exercises the forms", checks, decided)
	}
}

// TestZonoProveAgrees: the prover with the affine forms against the
// enumeration of every point, on the enclosure test's computations over
// one input confined to a window of 3000 floats, with a comparison of a
// computed node to a bound a small relative distance from its value at
// the window's centre (so that whether any point reaches the bound is
// decided by the last few bits, where the forms' error terms matter).
func TestZonoProveAgrees(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	var sat, unsat, formBoxes int
	for q := 0; q < 800; q++ {
		e := newEnv(t)
		g := &zonoGen{rng: rng, e: e, pool: map[arith.Kind][]*expr.Expr{}}
		k := []arith.Kind{arith.F32, arith.F64}[q%2]
		x, arr := e.sym("x", k)
		g.pool[k] = append(g.pool[k], x)
		for s := 0; s < 8+rng.Intn(12); s++ {
			g.step()
		}
		const width = 3000
		d := zonoBox(rng, k)
		lo := kMin(d.Lo, kSub(keyMaxFinite(k), width))
		hi := kAdd(lo, width-1)
		mid := kAdd(lo, width/2)
		node := g.pool[k][len(g.pool[k])-1]
		m := Model{}
		(&leaf{bytes: bytesOf(arr, k), fp: true, k: k}).assign(m, valueOf(k, mid))
		v := toFloat(k, expr.NewEvaluator(m).Eval(node))
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		bound := v * (1 + []float64{1e-4, 1e-5, 1e-6, -1e-6, -1e-5, -1e-4}[rng.Intn(6)])
		cons := []*expr.Expr{e.fcmp(arith.OLE, e.b.FConst(k, valueOf(k, lo)), x),
			e.fcmp(arith.OLE, x, e.b.FConst(k, valueOf(k, hi))),
			e.fcmp([]arith.Pred{arith.OLE, arith.OGT}[rng.Intn(2)], node, e.c(k, bound))}
		roots := rootsOf(cons)
		ans, p := proveQuery(roots, []*expr.Array{arr}, Ms(20000))
		if p != nil {
			formBoxes += p.zBoxes
		}
		truth := false
		for key := lo; !truth; key = kAdd(key, 1) {
			m := Model{}
			(&leaf{bytes: bytesOf(arr, k), fp: true, k: k}).assign(m, valueOf(k, key))
			ev := expr.NewEvaluator(m)
			truth = ev.True(cons[0]) && ev.True(cons[1]) && ev.True(cons[2])
			if key == hi {
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
			if !truth {
				t.Fatalf("query %d: SAT, but no point satisfies it:\n%s", q, fmtQuery(cons))
			}
		default:
			if p != nil {
				t.Fatalf("query %d: undecided (truth %v):\n%s", q, truth, fmtQuery(cons))
			}
		}
	}
	t.Logf("%d sat, %d unsat, all agreeing with the enumeration; %d boxes refuted by the forms", sat, unsat, formBoxes)
	if formBoxes < 40 || unsat < 50 {
		t.Fatalf("%d boxes refuted by the forms, %d unsat: the test no longer exercises them", formBoxes, unsat)
	}
}

// smoothingQuery is iir_smoothing.c's loose-bound path: x, y0 ∈ [−1, 1],
// α ∈ (0, 1], four steps y ← y ⊕ α ⊗ (x ⊖ y), each y within ±1.001 but
// the last (negated). A convex combination stays within [−1, 1] over the
// reals; intervals see y ⊕ α(x − y) as y plus anything in [−2, 2].
func smoothingQuery(e *env) ([]Root, []*expr.Array) {
	k := arith.F32
	x, ax := e.sym("x", k)
	y0, ay := e.sym("y0", k)
	al, aa := e.sym("alpha", k)
	cons := []*expr.Expr{e.fcmp(arith.OGE, x, e.c(k, -1)), e.fcmp(arith.OLE, x, e.c(k, 1)),
		e.fcmp(arith.OGE, y0, e.c(k, -1)), e.fcmp(arith.OLE, y0, e.c(k, 1)),
		e.fcmp(arith.OGT, al, e.c(k, 0)), e.fcmp(arith.OLE, al, e.c(k, 1))}
	y := y0
	for i := 0; i < 4; i++ {
		y = e.bin(expr.OpFAdd, y, e.bin(expr.OpFMul, al, e.bin(expr.OpFSub, x, y)))
		ok := e.b.And(e.fcmp(arith.OGE, y, e.c(k, -1.001)), e.fcmp(arith.OLE, y, e.c(k, 1.001)))
		if i == 3 {
			ok = e.b.Not(ok)
		}
		cons = append(cons, ok)
	}
	return rootsOf(cons), []*expr.Array{ax, ay, aa}
}

// TestZonoProvesSmoothing: the forms prove the three-input smoothing query
// (boxes split in value, the product α·(x − y) linearised); interval
// propagation alone makes no progress on it (3.6% of the proof after
// 40 s, measured), so without the forms the prover gives up.
func TestZonoProvesSmoothing(t *testing.T) {
	e := newEnv(t)
	roots, arrays := smoothingQuery(e)
	start := time.Now()
	a, p := proveQuery(roots, arrays, Ms(60_000))
	if a.Result != Unsat || p.zBoxes == 0 {
		t.Fatalf("smoothing query with the forms: %v (%.3g done, %d boxes refuted by the forms), want unsat",
			a.Result, p.progress(), p.zBoxes)
	}
	t.Logf("unsat in %v: %d boxes, %d refuted by the forms, %d propagations", time.Since(start), p.boxes, p.zBoxes, p.nodes)
	a, p = proveQueryForms(roots, arrays, Ms(5000), false)
	if a.Result != Unknown {
		t.Fatalf("without the forms: %v, want unknown (else this test shows nothing of the forms)", a.Result)
	}
	t.Logf("without the forms: unknown, %.3g of the proof done", p.progress())
}
