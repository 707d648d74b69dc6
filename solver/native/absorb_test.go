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

// TestAffineAbsorbSound: chains f ⊕ c, f ⊖ c over leaves in ranges of one
// or a few binades, the constants near the spacing there (half, quarter,
// odd multiples of half: the absorption and tie cases and their edges),
// some leaves points, in the four modes. At random and edge leaf values
// (both ends, even and odd significands), every node evaluated with
// arith lies within its form's error of the form's value, and is a
// multiple of the structural quantum the tie and absorption rules
// recorded for it.
func TestAffineAbsorbSound(t *testing.T) {
	rng := rand.New(rand.NewSource(29))
	checks, absorbed, ties := 0, 0, 0
	for trial := 0; trial < 3000; trial++ {
		e := newEnv(t)
		k := arith.F32
		if rng.Intn(2) == 0 {
			k = arith.F64
		}
		p := k.Precision()
		be := rng.Intn(40) - 10
		lo := math.Ldexp(1, be)
		hi := math.Ldexp(1, be+1+rng.Intn(2))
		hi = toFloat(k, valueOf(k, kSub(mustKey(k, hi), 1)))
		if rng.Intn(3) == 0 {
			lo = lo + float64(rng.Intn(50))*math.Ldexp(1, be-p+1)
		}
		if rng.Intn(5) == 0 {
			hi = lo
		}
		neg := rng.Intn(4) == 0
		if neg {
			lo, hi = -hi, -lo
		}
		x, a := e.sym("x", k)
		cons := []*expr.Expr{e.fcmp(arith.OGE, x, e.c(k, lo)), e.fcmp(arith.OLE, x, e.c(k, hi))}
		u := math.Ldexp(1, be-p+1)
		consts := []float64{u / 2, u / 4, u / 8, u, 1.5 * u, 2 * u, 3 * u / 2, u / 2 * 3, 1}
		var nodes []*expr.Expr
		f := x
		for j := 0; j < 1+rng.Intn(8); j++ {
			cv := consts[rng.Intn(len(consts))]
			if rng.Intn(3) == 0 {
				cv = -cv
			}
			rm := arith.NearestEven
			if rng.Intn(4) == 0 {
				rm = modes4[rng.Intn(4)]
			}
			op := expr.OpFAdd
			if rng.Intn(3) == 0 {
				op = expr.OpFSub
			}
			if op == expr.OpFAdd && rng.Intn(3) == 0 {
				f = e.b.FBin(op, rm, e.c(k, cv), f)
			} else {
				f = e.b.FBin(op, rm, f, e.c(k, cv))
			}
			nodes = append(nodes, f)
		}
		n := newNetwork(append(append([]*expr.Expr(nil), cons...), nodes...))
		n.queueAll()
		for _, r := range n.roots[:len(cons)] {
			n.set(r, boolDom(false, true), false)
		}
		if !n.propagate(func() bool { return false }) {
			t.Fatalf("trial %d: leaf range [%v, %v] refuted", trial, lo, hi)
		}
		c := newAffCtx(n)
		for _, r := range nodes {
			c.form(n.index[r])
		}
		for s := 0; s < 12; s++ {
			v := lo + rng.Float64()*(hi-lo)
			switch s {
			case 0:
				v = lo
			case 1:
				v = hi
			case 2, 3:
				v = toFloat(k, valueOf(k, kAdd(mustKey(k, lo), uint64(s-1))))
			}
			w := fconst(k, v)
			if tv := toF64(k, w); tv < lo || tv > hi {
				w = fconst(k, lo)
			}
			ev := expr.NewEvaluator(Model{a: wordBytes(w, k.Bits()/8)})
			xv := affRat(k, w)
			for _, r := range nodes {
				i := n.index[r]
				fm := c.forms[i]
				got := affRat(k, ev.Eval(r))
				if fm == nil {
					continue
				}
				if got == nil {
					t.Fatalf("node %s has a form but is not finite at x = %v", r, toF64(k, w))
				}
				want := new(big.Rat).Set(fm.c0)
				for term, co := range fm.c {
					if n.nodes[term] != x {
						t.Fatalf("term %s is not the leaf", n.nodes[term])
					}
					want.Add(want, new(big.Rat).Mul(co, xv))
				}
				diff := new(big.Rat).Sub(got, want)
				if diff.Abs(diff).Cmp(fm.e) > 0 {
					t.Fatalf("x = %v: node %s (%v) = %v, form gives %v ± %v", toF64(k, w), r, r.RM, got.FloatString(40), want.FloatString(40), fm.e.FloatString(40))
				}
				if q := c.quant[i]; q != nil {
					if m := new(big.Rat).Quo(got, q); !m.IsInt() {
						t.Fatalf("x = %v: node %s = %v is not a multiple of its quantum %v", toF64(k, w), r, got.FloatString(40), q)
					}
				}
				checks++
			}
		}
		for _, r := range nodes {
			i := n.index[r]
			if fm := c.forms[i]; fm != nil && fm.e.Sign() == 0 && len(fm.c) == 1 && c.quant[i] != nil {
				absorbed++
			}
			if q := c.quant[i]; q != nil {
				ties++
			}
		}
	}
	if absorbed < 200 || ties < 400 {
		t.Fatalf("the rules fired too rarely to test them: %d exact absorptions, %d quanta", absorbed, ties)
	}
	t.Logf("%d checks, %d exact absorptions, %d structural quanta", checks, absorbed, ties)
}

func mustKey(k arith.Kind, v float64) arith.Word {
	key, ok := keyOf(k, fconst(k, v))
	if !ok {
		panic(fmt.Sprint("NaN key ", v))
	}
	return key
}

// TestAffineShaveAbsorptionLoop: "the loop exits after exactly k steps"
// over the bug ranges (x ≤ 1e9 float, 1e17 double), where f sticks once
// x ≥ 2^24 (2^53): refuted by propagation (the shave of x by the
// comparisons, the absorption and ties in the forms) for the k where it
// is UNSAT, and SAT with a model where it is SAT (k = 8; 9: rounding
// below 2^-k; 7: x = 2^24 − 7 float, where end = x ⊕ 8 rounds to 2^24). Over the correct ranges, k ≥ 10 (every exit comes at
// 8 or 9) is refuted too.
func TestAffineShaveAbsorptionLoop(t *testing.T) {
	for _, c := range []struct {
		k       arith.Kind
		hi      float64
		refuted []int
		sat     []int
	}{
		{arith.F32, 1e9, []int{1, 4, 10, 19}, []int{7, 8, 9}},
		{arith.F64, 1e17, []int{1, 3, 12}, []int{7, 8}},
		{arith.F32, 1 << 23, []int{7, 10, 16}, []int{9}},
		{arith.F64, 1 << 52, []int{7, 11}, nil},
	} {
		for _, steps := range c.refuted {
			e := newEnv(t)
			cons, _ := absorptionLoop(e, c.k, c.hi, steps, true)
			if _, ok := propagateOnly(cons...); ok {
				t.Errorf("%v x ≤ %g: exit after exactly %d steps not refuted", c.k, c.hi, steps)
			}
		}
		for _, steps := range c.sat {
			e := newEnv(t)
			cons, arrays := absorptionLoop(e, c.k, c.hi, steps, true)
			if _, ok := propagateOnly(cons...); !ok {
				t.Errorf("%v x ≤ %g: exit after exactly %d steps refuted, but it is SAT", c.k, c.hi, steps)
			}
			if ans := e.solve(2000, arrays, cons...); ans.Result == Unsat {
				t.Errorf("%v x ≤ %g: exit after exactly %d steps UNSAT", c.k, c.hi, steps)
			}
		}
	}
}

// TestAffineAbsorbPrecondition: x ∈ [2^27, 2^28) float (spacing 16),
// end = x ⊕ 8 (a tie), x < end, and the exit test not (x ⊕ c < end).
// c = 1 is absorbed (x ⊕ 1 = x), so the exit test is the negated entry
// test: refuted. c = 9 is not (x ⊕ 9 = x + 16 = end when x is odd):
// not refuted, and the witness x = 2^27 + 16 satisfies it. In round
// upward x ⊕ 1 = x + 16 too: nothing is absorbed, not refuted.
func TestAffineAbsorbPrecondition(t *testing.T) {
	k := arith.F32
	build := func(e *env, c float64, rm arith.RoundingMode) ([]*expr.Expr, []*expr.Array) {
		x, a := e.sym("x", k)
		end := e.bin(expr.OpFAdd, x, e.c(k, 8))
		f := e.b.FBin(expr.OpFAdd, rm, x, e.c(k, c))
		return []*expr.Expr{
			e.fcmp(arith.OGE, x, e.c(k, 1<<27)), e.fcmp(arith.OLT, x, e.c(k, 1<<28)),
			e.fcmp(arith.OLT, x, end), e.b.Not(e.fcmp(arith.OLT, f, end)),
		}, []*expr.Array{a}
	}
	e := newEnv(t)
	cons, _ := build(e, 1, arith.NearestEven)
	if _, ok := propagateOnly(cons...); ok {
		t.Fatal("x ⊕ 1 absorbed: exit not refuted")
	}
	for _, c := range []struct {
		c  float64
		rm arith.RoundingMode
	}{{9, arith.NearestEven}, {1, arith.Upward}} {
		e := newEnv(t)
		cons, arrays := build(e, c.c, c.rm)
		if _, ok := propagateOnly(cons...); !ok {
			t.Fatalf("x ⊕ %v (%v): refuted", c.c, c.rm)
		}
		w := fconst(k, 1<<27+16)
		ev := expr.NewEvaluator(Model{arrays[0]: wordBytes(w, 4)})
		for i, con := range cons {
			if !ev.True(con) {
				t.Fatalf("x ⊕ %v (%v): the witness violates constraint %d", c.c, c.rm, i)
			}
		}
	}
}
