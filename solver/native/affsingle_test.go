package native

import (
	"fmt"
	"math"
	"math/rand"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// boundaryFloats are the operands every table below tries besides random
// ones: zeros, subnormals, the normal range's ends, ±1, infinities, NaN.
func boundaryFloats(k arith.Kind) []arith.Word {
	var out []arith.Word
	add := func(w arith.Word) { out = append(out, w, arith.FNeg(k, w)) }
	if k == arith.F32 {
		for _, b := range []uint32{0, 1, 0x007fffff, 0x00800000, 0x3f800000, 0x7f7fffff, 0x7f800000, 0x3fc00000} {
			add(arith.Word{Lo: uint64(b)})
		}
		out = append(out, arith.Word{Lo: 0x7fc00000})
		return out
	}
	for _, b := range []uint64{0, 1, 0x000fffffffffffff, 0x0010000000000000, 0x3ff0000000000000,
		0x7fefffffffffffff, 0x7ff0000000000000, 0x3ff8000000000000, 0x4035f5c28f5c28f6} {
		add(arith.Word{Lo: b})
	}
	return append(out, arith.Word{Lo: 0x7ff8000000000000})
}

// randFloat is a random float of kind k: random bits, or a value of a
// random binade, or a neighbour of other (so that Q − c is tiny or
// exactly zero).
func randFloat(rng *rand.Rand, k arith.Kind, other arith.Word) arith.Word {
	bits := func() arith.Word {
		if k == arith.F32 {
			return arith.Word{Lo: uint64(rng.Uint32())}
		}
		return arith.Word{Lo: rng.Uint64()}
	}
	switch rng.Intn(3) {
	case 0:
		return bits()
	case 1:
		return fconst(k, math.Ldexp(rng.Float64()+0.5, rng.Intn(80)-40)*float64(1-2*rng.Intn(2)))
	}
	return arith.Word{Lo: uint64(int64(other.Lo) + int64(rng.Intn(5)-2))}
}

func isNaNWord(k arith.Kind, w arith.Word) bool { return arith.FCmp(k, arith.UNO, w, w) }

func isInfWord(k arith.Kind, w arith.Word) bool { return math.IsInf(toF64(k, w), 0) }

// TestSubConstMonotone: the lemma the intervals decide poly_bracket's
// sign tests by. For a finite constant Q and every c, in every mode,
// fl(Q − c) ≤ 0 ⟺ c ≥ Q, fl(Q − c) < 0 ⟺ c > Q, fl(Q − c) = 0 ⟺
// c = Q, fl(c − Q) ≤ 0 ⟺ c ≤ Q and fl(Q + c) ≤ 0 ⟺ c ≤ −Q (rounding
// is monotone and the difference of two finite floats rounds to zero
// only when it is zero; a NaN c makes both sides false), checked with
// arith on boundary and random operands.
func TestSubConstMonotone(t *testing.T) {
	rng := rand.New(rand.NewSource(23))
	for _, k := range []arith.Kind{arith.F32, arith.F64} {
		var qs []arith.Word
		for _, q := range boundaryFloats(k) {
			if !isNaNWord(k, q) && !isInfWord(k, q) {
				qs = append(qs, q)
			}
		}
		for len(qs) < 400 {
			if q := randFloat(rng, k, fconst(k, 1)); !isNaNWord(k, q) && !isInfWord(k, q) {
				qs = append(qs, q)
			}
		}
		zero := arith.Word{}
		checks := 0
		for _, q := range qs {
			cs := append([]arith.Word{q, {Lo: q.Lo + 1}, {Lo: q.Lo - 1}, arith.FNeg(k, q)}, boundaryFloats(k)...)
			for len(cs) < 60 {
				cs = append(cs, randFloat(rng, k, q))
			}
			for _, c := range cs {
				for _, rm := range allModes {
					d, e, s := arith.FSub(k, rm, q, c), arith.FSub(k, rm, c, q), arith.FAdd(k, rm, q, c)
					for _, row := range []struct {
						name      string
						got, want bool
					}{
						{"Q-c<=0 vs c>=Q", arith.FCmp(k, arith.OLE, d, zero), arith.FCmp(k, arith.OGE, c, q)},
						{"Q-c<0 vs c>Q", arith.FCmp(k, arith.OLT, d, zero), arith.FCmp(k, arith.OGT, c, q)},
						{"Q-c=0 vs c=Q", arith.FCmp(k, arith.OEQ, d, zero), arith.FCmp(k, arith.OEQ, c, q)},
						{"c-Q<=0 vs c<=Q", arith.FCmp(k, arith.OLE, e, zero), arith.FCmp(k, arith.OLE, c, q)},
						{"Q+c<=0 vs c<=-Q", arith.FCmp(k, arith.OLE, s, zero), arith.FCmp(k, arith.OLE, c, arith.FNeg(k, q))},
					} {
						checks++
						if row.got != row.want {
							t.Fatalf("%v %v Q=%v c=%v: %s: %v, want %v", k, rm, toF64(k, q), toF64(k, c), row.name, row.got, row.want)
						}
					}
				}
			}
		}
		t.Logf("%v: %d checks", k, checks)
	}
}

// TestSubConstIntervalsDecide: the intervals alone decide the sign test
// fl(Q − c) ≤ 0 against c ≥ Q, in every mode (the case the affine rule
// now leaves to them): {fl(Q − c) ≤ 0, c < Q} and {fl(Q − c) > 0, c ≥ Q}
// are refuted by propagation, {fl(Q − c) ≤ 0, c ≥ Q} is not, and the
// forms did no work.
func TestSubConstIntervalsDecide(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for _, k := range []arith.Kind{arith.F32, arith.F64} {
		qs := []float64{0, 1, 100, 21.96, 137.99999999999997, 1e-300, -3}
		for len(qs) < 30 {
			qs = append(qs, math.Ldexp(rng.Float64()+0.5, rng.Intn(40)-20))
		}
		for _, qv := range qs {
			for _, rm := range allModes {
				e := newEnv(t)
				c, _ := e.sym("c", k)
				q := e.c(k, qv)
				le := e.fcmp(arith.OLE, e.b.FBin(expr.OpFSub, rm, q, c), e.c(k, 0))
				for _, row := range []struct {
					cons    []*expr.Expr
					refuted bool
				}{
					{[]*expr.Expr{le, e.fcmp(arith.OLT, c, q)}, true},
					{[]*expr.Expr{e.b.Not(le), e.fcmp(arith.OGE, c, q)}, true},
					{[]*expr.Expr{le, e.fcmp(arith.OGE, c, q)}, false},
					{[]*expr.Expr{e.b.Not(le), e.fcmp(arith.OLT, c, q)}, false},
				} {
					n, ok := propagateOnly(row.cons...)
					if ok == row.refuted {
						t.Fatalf("%v %v Q=%v: %v: refuted %v, want %v", k, rm, qv, row.cons, !ok, row.refuted)
					}
					if w := n.count(affineRule).Work; w != 0 {
						t.Fatalf("%v %v Q=%v: the forms spent %d", k, rm, qv, w)
					}
				}
			}
		}
	}
}

// polyQ is poly_bracket's p(x) + c = ((((x·x)·x·x + 1)·x)·x + 1)·x in
// round-to-nearest double (the program's default mode).
func polyQ(x float64) float64 {
	k, rm := arith.F64, arith.NearestEven
	f := func(w arith.Word) float64 { return math.Float64frombits(w.Lo) }
	w := func(v float64) arith.Word { return arith.FromFloat64(v) }
	mul := func(a, b float64) float64 { return f(arith.FMul(k, rm, w(a), w(b))) }
	add := func(a, b float64) float64 { return f(arith.FAdd(k, rm, w(a), w(b))) }
	return mul(add(mul(mul(add(mul(mul(mul(x, x), x), x), 1), x), x), 1), x)
}

// bisectPath is the path poly_bracket takes for c = target: the sign
// tests fl(Q_j − c) ≤ 0 (mode rm) with their outcomes, over the
// assumption 1 ≤ c ≤ 100; and the interval [lo, hi] of c it admits (by
// TestSubConstMonotone's lemma), which the last test is flipped against.
func bisectPath(e *env, c *expr.Expr, target float64, steps int, rm arith.RoundingMode, flip bool) (cons []*expr.Expr, sat bool) {
	k := arith.F64
	cons = []*expr.Expr{e.fcmp(arith.OGE, c, e.c(k, 1)), e.fcmp(arith.OLE, c, e.c(k, 100))}
	lo, hi := 1.0, 100.0 // c's admitted range, closed
	blo, bhi := 0.0, 2.0
	for j := 0; j < steps; j++ {
		mid := (blo + bhi) / 2
		q := polyQ(mid)
		neg := q <= target // fl(q − c) ≤ 0 ⟺ c ≥ q
		if flip && j == steps-1 {
			neg = !neg
		}
		le := e.fcmp(arith.OLE, e.b.FBin(expr.OpFSub, rm, e.c(k, q), c), e.c(k, 0))
		if neg {
			cons = append(cons, le)
			lo = math.Max(lo, q)
			blo = mid
		} else {
			cons = append(cons, e.b.Not(le))
			hi = math.Min(hi, math.Nextafter(q, math.Inf(-1)))
			bhi = mid
		}
	}
	return cons, lo <= hi
}

// TestAffineSkipsSingleUse: poly_bracket's path queries (each sign test
// fl(Q − c) ≤ 0 of a constant Q) are decided as before — SAT with a
// validated model when the lemma's interval for c is not empty, UNSAT
// when it is — with no work of the affine forms (before the skip: about
// 550 units per revision of each test, 75% of the run's native work) nor
// of the relative-error rule (one input); a relational comparison
// ((x ⊕ 1) ⊖ x < 1/2, x shared) still gets both.
func TestAffineSkipsSingleUse(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for _, rm := range allModes {
		for trial := 0; trial < 12; trial++ {
			target := 1 + 99*rng.Float64()
			flip := trial%2 == 1
			t.Run(fmt.Sprintf("%v_%d", rm, trial), func(t *testing.T) {
				e := newEnv(t)
				c, a := e.sym("c", arith.F64)
				cons, sat := bisectPath(e, c, target, 10, rm, flip)
				ans := e.solve(200, []*expr.Array{a}, cons...)
				if want := map[bool]Result{true: Sat, false: Unsat}[sat]; ans.Result != want {
					t.Fatalf("c≈%v flip %v: %v, want %v", target, flip, ans.Result, want)
				}
				for _, r := range ans.Rules {
					if (r.Name == "affine" || r.Name == "rel-err") && r.Work != 0 {
						t.Fatalf("the %s rule spent %d on single-use comparisons (%d revisions)", r.Name, r.Work, r.Fired)
					}
				}
			})
		}
	}

	e := newEnv(t)
	x, a := e.sym("x", arith.F64)
	d := e.bin(expr.OpFSub, e.bin(expr.OpFAdd, x, e.c(arith.F64, 1)), x)
	cons := []*expr.Expr{e.fcmp(arith.OGE, x, e.c(arith.F64, 1)), e.fcmp(arith.OLE, x, e.c(arith.F64, 1e6)),
		e.fcmp(arith.OLT, d, e.c(arith.F64, 0.5))}
	ans := e.solve(200, []*expr.Array{a}, cons...)
	if ans.Result != Unsat {
		t.Fatalf("(x ⊕ 1) ⊖ x < 1/2: %v, want UNSAT", ans.Result)
	}
	worked := map[string]bool{}
	for _, r := range ans.Rules {
		worked[r.Name] = r.Work > 0
	}
	if !worked["affine"] || !worked["rel-err"] {
		t.Fatalf("the relational comparison was skipped: %+v", ans.Rules)
	}
}

// TestAffineSingleUseDominated: on random single-use comparisons — k ⊕ x,
// k ⊖ x, x ⊗ k, x ⊘ k, nested, a float input widened, an input on each
// side — against constants, over random ranges, in every mode, float and
// double, propagation reaches the same verdict and the same domains with
// the affine and relative-error rules skipping them as with the rules
// running (affsingle.go's claim: they decide nothing the intervals do
// not there).
func TestAffineSingleUseDominated(t *testing.T) {
	rng := rand.New(rand.NewSource(29))
	preds := []arith.Pred{arith.OLT, arith.OLE, arith.OEQ, arith.OGT, arith.OGE}
	konst := func(k arith.Kind) float64 {
		switch rng.Intn(6) {
		case 0:
			return 0
		case 1:
			return float64(rng.Intn(9) - 4)
		case 2:
			return toF64(k, randFloat(rng, k, fconst(k, 1)))
		}
		return math.Ldexp(rng.Float64()+0.5, rng.Intn(30)-15) * float64(1-2*rng.Intn(2))
	}
	skipped, relSkipped, refuted, same := 0, 0, 0, 0
	for trial := 0; trial < 3000; trial++ {
		k := []arith.Kind{arith.F32, arith.F64}[rng.Intn(2)]
		rm := allModes[rng.Intn(4)]
		build := func(e *env) ([]*expr.Expr, []*expr.Expr) {
			x, _ := e.sym("x", k)
			y, _ := e.sym("y", k)
			c := func() *expr.Expr { return e.c(k, konst(k)) }
			op := func(o expr.Op, a, b *expr.Expr) *expr.Expr { return e.b.FBin(o, rm, a, b) }
			var l, r *expr.Expr
			switch rng.Intn(6) {
			case 0:
				l, r = op([]expr.Op{expr.OpFAdd, expr.OpFSub}[rng.Intn(2)], c(), x), c()
			case 1:
				l, r = op([]expr.Op{expr.OpFMul, expr.OpFDiv}[rng.Intn(2)], x, c()), c()
			case 2:
				l, r = op(expr.OpFAdd, op(expr.OpFMul, op(expr.OpFSub, c(), x), c()), c()), c()
			case 3:
				xf, _ := e.sym("xf", arith.F32)
				if k == arith.F32 {
					xf = x
				}
				l, r = op(expr.OpFSub, e.b.FPConv(rm, xf, k), c()), c()
				x = xf
			case 4:
				l, r = op(expr.OpFAdd, c(), x), op(expr.OpFMul, y, c())
			default:
				l, r = e.b.FNeg(op(expr.OpFSub, x, c())), op(expr.OpFDiv, c(), y)
			}
			lo, hi := konst(k), konst(k)
			if lo > hi {
				lo, hi = hi, lo
			}
			cmp := e.fcmp(preds[rng.Intn(len(preds))], l, r)
			if rng.Intn(2) == 0 {
				cmp = e.b.Not(cmp)
			}
			return []*expr.Expr{e.fcmp(arith.OGE, x, e.c(k, lo)), e.fcmp(arith.OLE, x, e.c(k, hi)),
				e.fcmp(arith.OGE, y, e.c(k, -hi)), cmp}, []*expr.Expr{x, y}
		}
		seed := rng.Int63()
		var oks [2]bool
		var doms [2][]Dom
		var desc string
		for pass, skip := range []bool{true, false} {
			rng.Seed(seed)
			e := newEnv(t)
			cons, ins := build(e)
			affSkipSingleUse = skip
			n, ok := propagateOnly(cons...)
			affSkipSingleUse = true
			oks[pass] = ok
			for _, in := range ins {
				doms[pass] = append(doms[pass], n.domOf(in))
			}
			if skip {
				for i := range n.nodes {
					if s, ok := n.aff().single[i]; ok && s {
						skipped++
					}
					if s, ok := slotState[relState](n, relErrRule).one[i]; ok && s {
						relSkipped++
					}
				}
				desc = fmt.Sprint(cons)
			}
		}
		if oks[0] != oks[1] {
			t.Fatalf("trial %d %v %v: consistent %v with the skip, %v without: %s", trial, k, rm, oks[0], oks[1], desc)
		}
		if !oks[0] {
			refuted++
			continue
		}
		for j := range doms[0] {
			if doms[0][j] != doms[1][j] {
				t.Fatalf("trial %d %v %v: input %d's domain %v with the skip, %v without: %s", trial, k, rm, j, doms[0][j], doms[1][j], desc)
			}
		}
		same++
	}
	if skipped < 3000 || relSkipped < 500 || refuted < 100 {
		t.Fatalf("the table does not exercise the skips: %d and %d skipped comparisons, %d refuted", skipped, relSkipped, refuted)
	}
	t.Logf("%d single-use comparisons skipped by the affine rule, %d by rel-err; %d refuted and %d consistent queries, each alike with and without the skips", skipped, relSkipped, refuted, same)
}
