package native

// Differential fuzzing against Z3: generated FP queries (mixed operations,
// rounding modes, kinds and special values) are answered by Solve; every
// SAT model must satisfy the query concretely, and an UNSAT where Z3 finds
// a model fails the test. A rewritten query Z3 refutes must be refuted in
// its original form too. 250 queries in CI; FLOATSYM_NATIVE_FUZZ=N runs
// N queries.
//
// Z3 gets a deterministic work budget per query (z3RLimit resource
// units, its rlimit), not a wall-clock limit, so the set of verdicts Z3
// confirms is the same on an idle and on a loaded machine
// (FLOATSYM_NATIVE_FUZZ_RLIMIT sets another budget). z3Wall is only an
// outer safety bound (FLOATSYM_NATIVE_FUZZ_Z3 sets another); a query
// that reaches it is counted and logged apart.

import (
	"errors"
	"math/rand"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
	"github.com/floatsym/floatsym/solver/z3"
)

type gen struct {
	rng  *rand.Rand
	b    *expr.Builder
	k    arith.Kind
	vars []*expr.Expr
	arrs []*expr.Array
}

var specials = []float64{0, 1, -1, 2, 0.5, 3, 10, 100, 1e4, 1e12, -1e12, 0.1, 1e-30, 1e30, 3.5, -7.25, 65536, 1e300}

func (g *gen) constant(k arith.Kind) *expr.Expr {
	switch r := g.rng.Intn(10); {
	case r < 7:
		return g.b.FConst(k, fconst(k, specials[g.rng.Intn(len(specials))]))
	case r == 7:
		keys := []arith.Word{keyNegZero, keyPosInf(k), keyNegInf(k), keyPosMinSub, keyMaxFinite(k), keyPosMinNormal(k)}
		return g.b.FConst(k, valueOf(k, keys[g.rng.Intn(len(keys))]))
	case r == 8:
		return g.b.FConst(k, expr.CanonicalBits(k, arith.Word{Lo: ^uint64(0), Hi: 0xffff}))
	}
	return g.b.FConst(k, fconst(k, float64(g.rng.Intn(2000)-1000)/8))
}

// operand is a random value of kind k for the facts' checks: a third of
// the time one of the generator's constants (specials, small values),
// else random bits (for x86_fp80 any 80 bits, invalid encodings too).
func (g *gen) operand(k arith.Kind) arith.Word {
	if g.rng.Intn(3) == 0 {
		return g.constant(k).Val
	}
	w := arith.Word{Lo: g.rng.Uint64(), Hi: g.rng.Uint64() & 0xffff}
	if k != arith.F80 {
		w = arith.Word{Lo: w.Lo & arith.Mask(k.Bits()).Lo}
	}
	return w
}

func (g *gen) rm() arith.RoundingMode {
	if g.rng.Intn(2) == 0 {
		return arith.NearestEven
	}
	return modes[g.rng.Intn(4)]
}

func (g *gen) term(depth int) *expr.Expr {
	k := g.k
	if depth == 0 || g.rng.Intn(4) == 0 {
		if g.rng.Intn(3) == 0 {
			return g.constant(k)
		}
		return g.vars[g.rng.Intn(len(g.vars))]
	}
	x := func() *expr.Expr { return g.term(depth - 1) }
	switch g.rng.Intn(16) {
	case 0, 1, 2:
		return g.b.FBin(expr.OpFAdd, g.rm(), x(), x())
	case 3, 4:
		return g.b.FBin(expr.OpFSub, g.rm(), x(), x())
	case 5, 6:
		return g.b.FBin(expr.OpFMul, g.rm(), x(), x())
	case 7:
		return g.b.FBin(expr.OpFDiv, g.rm(), x(), x())
	case 8:
		return g.b.FSqrt(g.rm(), x())
	case 9:
		if g.rng.Intn(2) == 0 {
			return g.b.FNeg(x())
		}
		return g.b.FAbs(x())
	case 10:
		ops := []expr.Op{expr.OpFMin, expr.OpFMax, expr.OpFRem, expr.OpFRemainder}
		return g.b.FBin(ops[g.rng.Intn(len(ops))], arith.NearestEven, x(), x())
	case 11:
		return g.b.FRound(arith.Integral(g.rng.Intn(7)), g.rm(), x())
	case 12:
		return g.b.FMA(g.rm(), x(), x(), x())
	case 13:
		other := arith.F64
		if k == arith.F64 {
			other = arith.F32
		}
		return g.b.FPConv(g.rm(), g.b.FPConv(g.rm(), x(), other), k)
	case 14:
		return g.b.IntToFP(true, g.rm(), g.b.FPToInt(true, x(), 32), k)
	case 15:
		// fabs as clang -O0 writes it: the sign bit cleared (bitabs.go).
		v := g.vars[g.rng.Intn(len(g.vars))]
		return g.b.FromBits(g.b.Bin(expr.OpAnd, g.b.Const(arith.Mask(k.Bits()-1), k.Bits()), v.Kid[0]), k)
	}
	return x()
}

func (g *gen) cond() *expr.Expr {
	var c *expr.Expr
	if g.rng.Intn(6) == 0 {
		ops := []expr.Op{expr.OpFIsNaN, expr.OpFIsInf, expr.OpFIsZero, expr.OpFIsSub, expr.OpFIsNorm, expr.OpFIsNeg}
		c = g.b.FClass(ops[g.rng.Intn(len(ops))], g.term(2))
	} else {
		p := arith.Pred(1 + g.rng.Intn(14))
		c = g.b.FCmp(p, g.term(3), g.term(2))
	}
	if g.rng.Intn(4) == 0 {
		c = g.b.Not(c)
	}
	return c
}

func (g *gen) query() []*expr.Expr {
	g.b = expr.NewBuilder()
	kinds := []arith.Kind{arith.F32, arith.F32, arith.F64, arith.F64, arith.F80}
	g.k = kinds[g.rng.Intn(len(kinds))]
	g.vars, g.arrs = nil, nil
	for i := 0; i < 1+g.rng.Intn(3); i++ {
		n := g.k.Bits() / 8
		a := g.b.NewArray("x"+strconv.Itoa(i), uint64(n), nil)
		v := g.b.Byte(a, 0)
		for j := 1; j < n; j++ {
			v = g.b.Concat(g.b.Byte(a, uint64(j)), v)
		}
		g.vars = append(g.vars, g.b.FromBits(v, g.k))
		g.arrs = append(g.arrs, a)
	}
	var out []*expr.Expr
	if len(g.vars) >= 2 && g.k != arith.F80 && g.rng.Intn(5) == 0 {
		out = append(out, g.sterbenz()...)
	}
	if g.rng.Intn(6) == 0 {
		out = append(out, g.remRange())
	}
	if g.rng.Intn(6) == 0 {
		out = append(out, g.relDiv()...)
	}
	if g.k != arith.F80 && g.rng.Intn(6) == 0 {
		out = append(out, g.sqrtSquare()...)
	}
	if g.k == arith.F32 && g.rng.Intn(5) == 0 {
		out = append(out, g.doubleRounding())
	}
	if g.k != arith.F80 && g.rng.Intn(4) == 0 {
		out = append(out, g.affineCmp()...)
	}
	if g.k != arith.F80 && g.rng.Intn(6) == 0 {
		out = append(out, g.window()...)
	}
	if g.k != arith.F80 && g.rng.Intn(4) == 0 {
		out = append(out, g.relErrCmp()...)
	}
	if g.k != arith.F80 && g.rng.Intn(5) == 0 {
		out = append(out, g.exactArith()...)
	}
	for i := 0; i < 1+g.rng.Intn(3); i++ {
		if c := g.cond(); !c.IsConst() {
			out = append(out, c)
		}
	}
	return out
}

// window confines every input to a few hundred floats around a constant:
// the queries the branch-and-prune proof (prove.go) decides by
// enumerating boxes.
func (g *gen) window() []*expr.Expr {
	var out []*expr.Expr
	for _, x := range g.vars {
		kc, ok := keyOf(g.k, g.constant(g.k).Val)
		if !ok {
			continue
		}
		kc = kMin(kMax(kc, kAdd(keyNegInf(g.k), 1)), kSub(keyPosInf(g.k), 400))
		out = append(out, g.b.FCmp(arith.OLE, g.b.FConst(g.k, valueOf(g.k, kc)), x),
			g.b.FCmp(arith.OLE, x, g.b.FConst(g.k, valueOf(g.k, kAdd(kc, uint64(g.rng.Intn(300)))))))
	}
	return out
}

// sterbenz builds the shapes the Sterbenz rewrite (sterbenz.go) reads:
// sign guards, bounds y/2 ≤ x ≤ 2y written several ways (some of them in
// the wrong direction or with other constants, which must not count),
// and a comparison over (x ⊖ y) ⊕ y or x ⊖ (x ⊖ y).
func (g *gen) sterbenz() []*expr.Expr {
	x, y := g.vars[0], g.vars[1]
	if g.rng.Intn(2) == 0 {
		x, y = y, x
	}
	k := g.k
	c := func(v float64) *expr.Expr { return g.b.FConst(k, fconst(k, v)) }
	two := []float64{2, 2, 2, 3, 1.5}
	half := []float64{2, 2, 2, 1.5, 4}
	var out []*expr.Expr
	if g.rng.Intn(4) != 0 {
		out = append(out, g.b.FCmp(arith.OLT, c(0), x))
	}
	if g.rng.Intn(4) != 0 {
		out = append(out, g.b.FCmp(arith.OLT, c(0), y))
	}
	bound := func(a, b *expr.Expr) *expr.Expr { // a ≤ 2b, some way
		p := []arith.Pred{arith.OLE, arith.OLT, arith.OGE}[g.rng.Intn(3)]
		switch g.rng.Intn(3) {
		case 0:
			return g.b.FCmp(p, a, g.b.FBin(expr.OpFMul, g.rm(), c(two[g.rng.Intn(len(two))]), b))
		case 1:
			return g.b.FCmp(p, g.b.FBin(expr.OpFDiv, g.rm(), a, c(half[g.rng.Intn(len(half))])), b)
		}
		return g.b.FCmp(p, a, g.b.FBin(expr.OpFAdd, g.rm(), b, b))
	}
	if g.rng.Intn(5) != 0 {
		out = append(out, bound(x, y))
	}
	if g.rng.Intn(5) != 0 {
		out = append(out, bound(y, x))
	}
	d := g.b.FBin(expr.OpFSub, g.rm(), x, y)
	s, other := g.b.FBin(expr.OpFAdd, g.rm(), d, y), x
	if g.rng.Intn(2) == 0 {
		s, other = g.b.FBin(expr.OpFSub, g.rm(), x, d), y
	}
	if g.rng.Intn(3) == 0 {
		other = g.term(1)
	}
	p := arith.Pred(1 + g.rng.Intn(14))
	return append(out, g.b.FCmp(p, s, other))
}

func TestDifferentialZ3(t *testing.T) {
	count, rlimit, wall := 250, uint(z3RLimit), z3Wall
	if v, err := strconv.Atoi(os.Getenv("FLOATSYM_NATIVE_FUZZ")); err == nil && v > 0 {
		count = v
	}
	if v, err := strconv.ParseUint(os.Getenv("FLOATSYM_NATIVE_FUZZ_RLIMIT"), 10, 32); err == nil && v > 0 {
		rlimit = uint(v)
	}
	if d, err := time.ParseDuration(os.Getenv("FLOATSYM_NATIVE_FUZZ_Z3")); err == nil && d > 0 {
		wall = d
	}
	g := &gen{rng: rand.New(rand.NewSource(7))}
	chk := z3.NewChecker()
	chk.RLimit = rlimit
	defer chk.Close()
	var sat, unsat, unknown, rewritten, rwChecked, proved int
	var z3confirmed, z3budget, z3wall, z3other int
	var z3skipped int
	z3check := func(cons []*expr.Expr, arrs []*expr.Array) (bool, bool) {
		if wideRem(cons) {
			z3skipped++
			return false, false
		}
		ok, _, err := chk.Check(cons, nil, arrs, wall)
		switch {
		case err == nil:
			z3confirmed++
			return ok, true
		case errors.Is(err, z3.ErrTimeout):
			// Only the safety bound: the machine is very slow.
			z3wall++
			t.Logf("z3 reached the %v safety bound (load-dependent; %d units used): %v", wall, chk.LastRLimit, err)
		case errors.Is(err, z3.ErrUnknown) && chk.LastRLimit >= uint64(rlimit):
			z3budget++
		case errors.Is(err, z3.ErrUnknown) || errors.Is(err, z3.ErrZ3):
			z3other++
			t.Logf("z3 gave no verdict: %v", err)
		default:
			t.Fatalf("z3: %v", err)
		}
		return false, false
	}
	for q := 0; q < count; q++ {
		if q > 0 && q%500 == 0 {
			t.Logf("after %d queries: %d sat, %d unsat, %d unknown; Z3: %d decided, %d out of budget, %d at the wall bound, no disagreement", q, sat, unsat, unknown, z3confirmed, z3budget, z3wall)
		}
		cons := g.query()
		if len(cons) == 0 {
			continue
		}
		roots := make([]Root, len(cons))
		for i, c := range cons {
			roots[i] = Root{E: c, Want: true}
		}
		ans := Solve(roots, g.arrs, g.b, Ms(20), int64(q))
		// check holds a verdict of who (the stage, or the prover) to the
		// same oracles: a SAT model satisfies every constraint; an UNSAT
		// has no concrete witness and no Z3 model.
		check := func(who string, a Answer) {
			switch a.Result {
			case Sat:
				ev := expr.NewEvaluator(a.Model)
				for i, c := range cons {
					if !ev.True(c) {
						t.Fatalf("query %d: %s SAT model violates constraint %d: %s", q, who, i, c)
					}
				}
			case Unsat:
				if w := g.witness(cons, 300); w != "" {
					t.Fatalf("query %d: %s UNSAT, but %s satisfies it:\n%s", q, who, w, fmtQuery(cons))
				}
				if zs, ok := z3check(cons, g.arrs); ok && zs {
					t.Fatalf("query %d: %s UNSAT, Z3 finds a model:\n%s", q, who, fmtQuery(cons))
				}
			}
		}
		check("native", ans)
		switch ans.Result {
		case Sat:
			sat++
		case Unsat:
			unsat++
		default:
			unknown++
			// The branch-and-prune proof (prove.go) on what Solve left
			// open: its verdicts face the same checks.
			if pa, _ := Prove(roots, g.arrs, Ms(20)); pa.Result != Unknown {
				proved++
				check("prover", pa)
			}
			if ans.Rewritten != nil {
				rewritten++
				if rwChecked < 100 {
					rwChecked++
					if zs, ok := z3check(ans.Rewritten, g.arrs); ok && !zs {
						if zo, ok := z3check(cons, g.arrs); ok && zo {
							t.Fatalf("query %d: the rewritten query is UNSAT, the original SAT:\n%s\nrewritten:\n%s", q, fmtQuery(cons), fmtQuery(ans.Rewritten))
						}
					}
				}
			}
		}
	}
	t.Logf("%d queries: %d sat, %d unsat, %d unknown (%d rewritten, %d checked, %d decided by the prover); Z3 (rlimit %d): %d checks decided, no disagreement; %d out of budget, %d at the %v wall bound, %d other unknown, %d not posed (fmod/remainder on double or x86_fp80)",
		count, sat, unsat, unknown, rewritten, rwChecked, proved, rlimit, z3confirmed, z3budget, z3wall, wall, z3other, z3skipped)
}

// remRange compares fmod or remainder with its divisor's magnitude, the
// shapes of the relational fact in remrel.go.
func (g *gen) remRange() *expr.Expr {
	y := g.term(1)
	op := []expr.Op{expr.OpFRem, expr.OpFRemainder}[g.rng.Intn(2)]
	r := g.b.FBin(op, arith.NearestEven, g.term(2), y)
	switch g.rng.Intn(3) {
	case 0:
		r = g.b.FAbs(r)
	case 1:
		r = g.b.FNeg(g.b.FAbs(r))
	}
	var c *expr.Expr
	if g.rng.Intn(2) == 0 {
		c = g.b.FCmp(arith.Pred(1+g.rng.Intn(14)), r, g.b.FAbs(y))
	} else {
		c = g.b.FCmp(arith.Pred(1+g.rng.Intn(14)), g.b.FAbs(y), r)
	}
	if g.rng.Intn(2) == 0 {
		return g.b.And(c, g.b.Not(g.b.FCmp(arith.OEQ, y, g.constant(g.k))))
	}
	return c
}

// relDiv builds the shapes of relops.go: x ⊘ x, and a ⊘ b under a
// guard a ≤ b written three ways (sometimes missing), compared with 1,
// 0 or a term.
func (g *gen) relDiv() []*expr.Expr {
	a, b := g.term(1), g.term(1)
	if g.rng.Intn(2) == 0 {
		a, b = g.b.FAbs(a), g.b.FAbs(b)
	}
	var out []*expr.Expr
	switch g.rng.Intn(4) {
	case 0:
		out = append(out, g.b.FCmp(arith.OLE, a, b))
	case 1:
		out = append(out, g.b.FCmp(arith.OLT, a, b))
	case 2:
		out = append(out, g.b.Not(g.b.FCmp(arith.OLT, b, a)))
	}
	q := g.b.FBin(expr.OpFDiv, g.rm(), a, b)
	if g.rng.Intn(3) == 0 {
		q = g.b.FBin(expr.OpFDiv, g.rm(), a, a)
		if g.rng.Intn(2) == 0 {
			out = append(out, g.b.Not(g.b.FCmp(arith.OEQ, a, g.b.FConst(g.k, fconst(g.k, 0)))))
		}
	}
	other := []*expr.Expr{g.b.FConst(g.k, fconst(g.k, 1)), g.b.FConst(g.k, fconst(g.k, 0)), g.term(1)}[g.rng.Intn(3)]
	return append(out, g.b.FCmp(arith.Pred(1+g.rng.Intn(14)), q, other))
}

// sqrtSquare builds sqrt(v ⊗ v) compared with v under range guards near
// the bounds of sqrtsq.go (sometimes beyond them), in any mode.
func (g *gen) sqrtSquare() []*expr.Expr {
	v := g.vars[g.rng.Intn(len(g.vars))]
	lo, hi := 0x1p-63, 0x1p64
	if g.k == arith.F64 {
		lo, hi = 0x1p-511, 0x1p512
	}
	lo *= []float64{1, 1, 0.5, 2}[g.rng.Intn(4)]
	hi *= []float64{0.5, 0.75, 1, 2}[g.rng.Intn(4)]
	c := func(x float64) *expr.Expr { return g.b.FConst(g.k, fconst(g.k, x)) }
	out := []*expr.Expr{g.b.FCmp(arith.OLE, c(lo), v), g.b.FCmp(arith.OLT, v, c(hi))}
	if g.rng.Intn(2) == 0 {
		out = []*expr.Expr{g.b.FCmp(arith.OLE, c(-hi), v), g.b.FCmp(arith.OLE, v, c(-lo))}
	}
	rm := g.rm()
	if g.rng.Intn(2) == 0 {
		rm = arith.NearestEven
	}
	r := g.b.FSqrt(rm, g.b.FBin(expr.OpFMul, rm, v, v))
	other := v
	if g.rng.Intn(3) == 0 {
		other = g.b.FAbs(v)
	}
	return append(out, g.b.FCmp(arith.Pred(1+g.rng.Intn(14)), r, other))
}

// doubleRounding compares a binary32 operation computed in binary64 and
// rounded back (dblround.go) with the direct one, the modes sometimes
// differing.
func (g *gen) doubleRounding() *expr.Expr {
	a, b := g.term(1), g.term(1)
	ops := []expr.Op{expr.OpFAdd, expr.OpFSub, expr.OpFMul, expr.OpFDiv}
	op := ops[g.rng.Intn(len(ops))]
	rm := g.rm()
	rm2 := rm
	if g.rng.Intn(4) == 0 {
		rm2 = g.rm()
	}
	wide := g.b.FBin(op, rm, g.b.FPConv(rm, a, arith.F64), g.b.FPConv(rm, b, arith.F64))
	if g.rng.Intn(5) == 0 {
		wide = g.b.FSqrt(rm, g.b.FPConv(rm, a, arith.F64))
	}
	narrow := g.b.FPConv(rm2, wide, arith.F32)
	other := g.b.FBin(op, rm, a, b)
	if g.rng.Intn(3) == 0 {
		other = g.term(1)
	}
	return g.b.FCmp(arith.Pred(1+g.rng.Intn(14)), narrow, other)
}

// witness looks for a model by evaluation: random values of the
// variables, some of them special, most of them near another variable
// (within a factor of two, where the Sterbenz rewrite acts). It returns
// the satisfying values, or "".
func (g *gen) witness(cons []*expr.Expr, tries int) string {
	k := g.k
	vals := make([]arith.Word, len(g.vars))
	for t := 0; t < tries; t++ {
		for i := range vals {
			switch r := g.rng.Intn(4); {
			case r == 0:
				vals[i] = g.constant(k).Val
			case r == 1 || i == 0:
				vals[i] = arith.Word{Lo: g.rng.Uint64(), Hi: g.rng.Uint64() & 0xffff}
				if k != arith.F80 {
					vals[i] = arith.Word{Lo: vals[i].Lo & arith.Mask(k.Bits()).Lo}
				}
			case k == arith.F80 || g.rng.Intn(2) == 0:
				// Near the first variable: a few thousand floats away.
				if kk, ok := keyOf(k, vals[0]); ok {
					kk = kMax(kAdd(kk, uint64(g.rng.Intn(1<<12))), kAdd(keyNegInf(k), 1<<12))
					vals[i] = valueOf(k, kMin(kSub(kk, uint64(g.rng.Intn(1<<13))), keyPosInf(k)))
				}
			default:
				vals[i], _ = sterbenzInput(g.rng, k)
			}
		}
		m := Model{}
		for i, a := range g.arrs {
			(&leaf{bytes: bytesOf(a, k)}).assign(m, vals[i])
		}
		ev := expr.NewEvaluator(m)
		ok := true
		for _, c := range cons {
			ok = ok && ev.True(c)
		}
		if ok {
			s := ""
			for i := range vals {
				s += arith.Format(k, vals[i]) + " "
			}
			return s
		}
	}
	return ""
}

func fmtQuery(cons []*expr.Expr) string {
	s := ""
	for _, c := range cons {
		s += "  " + c.String() + "\n"
	}
	return s
}

// affineCmp builds the shapes affine.go decides: range guards on a
// variable, then a comparison of two chains of ⊕ ⊖ constants and ⊗ ⊘ by
// constants over the same variables (the absorption-loop and monotone
// step shapes), with constants near the boundary of the truth.
// loopCmps is a loop's tests f_j < end (some negated) for f_0 = x,
// f_{j+1} = f_j ⊕ c and end = x ⊕ d: the shape of the affine shave,
// the absorption and tie rules and the sibling comparisons (affshave.go,
// absorb.go), where several decided comparisons share their nodes.
func (g *gen) loopCmps(x *expr.Expr) []*expr.Expr {
	k := g.k
	c := func(v float64) *expr.Expr { return g.b.FConst(k, fconst(k, v)) }
	consts := []float64{1, 1, 0.5, 2, 8, 3, -1}
	end := g.b.FBin(expr.OpFAdd, g.rm(), x, c(consts[g.rng.Intn(len(consts))]))
	step := c(consts[g.rng.Intn(len(consts))])
	var out []*expr.Expr
	f := x
	for j := 0; j < 1+g.rng.Intn(10); j++ {
		if g.rng.Intn(2) == 0 {
			cmp := g.b.FCmp([]arith.Pred{arith.OLT, arith.OLE, arith.OEQ}[g.rng.Intn(3)], f, end)
			if g.rng.Intn(3) == 0 {
				cmp = g.b.Not(cmp)
			}
			out = append(out, cmp)
		}
		f = g.b.FBin(expr.OpFAdd, g.rm(), f, step)
	}
	return append(out, g.b.Not(g.b.FCmp(arith.OLT, f, end)))
}

func (g *gen) affineCmp() []*expr.Expr {
	k := g.k
	c := func(v float64) *expr.Expr { return g.b.FConst(k, fconst(k, v)) }
	x := g.vars[g.rng.Intn(len(g.vars))]
	y := g.vars[g.rng.Intn(len(g.vars))]
	mag := []float64{1, 16, 1 << 20, 1 << 23, 1 << 24, 1 << 52, 1 << 53, 1e30}[g.rng.Intn(8)]
	var out []*expr.Expr
	for _, v := range []*expr.Expr{x, y} {
		if g.rng.Intn(5) != 0 {
			out = append(out, g.b.FCmp(arith.OGE, v, c(-mag*float64(g.rng.Intn(2)))))
		}
		if g.rng.Intn(5) != 0 {
			out = append(out, g.b.FCmp(arith.OLE, v, c(mag)))
		}
	}
	if g.rng.Intn(3) == 0 {
		return append(out, g.loopCmps(x)...)
	}
	steps := []float64{1, 1, 0.5, 3, -1, 0.1, 8}
	chain := func(v *expr.Expr) *expr.Expr {
		for i := 0; i < g.rng.Intn(5); i++ {
			st := c(steps[g.rng.Intn(len(steps))])
			switch g.rng.Intn(6) {
			case 0:
				v = g.b.FBin(expr.OpFSub, g.rm(), v, st)
			case 1:
				v = g.b.FBin(expr.OpFMul, g.rm(), v, st)
			case 2:
				v = g.b.FBin(expr.OpFDiv, g.rm(), v, c(2))
			case 3:
				v = g.b.FBin(expr.OpFAdd, g.rm(), v, y)
			default:
				v = g.b.FBin(expr.OpFAdd, g.rm(), v, st)
			}
		}
		return v
	}
	l, r := chain(x), chain(x)
	if g.rng.Intn(3) == 0 {
		r = g.b.FBin(expr.OpFAdd, g.rm(), r, c(float64(g.rng.Intn(9)-4)))
	}
	p := []arith.Pred{arith.OLT, arith.OLE, arith.OEQ, arith.OGT, arith.OGE, arith.ONE, arith.UGE}[g.rng.Intn(7)]
	cmp := g.b.FCmp(p, l, r)
	if g.rng.Intn(3) == 0 {
		cmp = g.b.Not(cmp)
	}
	return append(out, cmp)
}

// relErrCmp builds the shapes relerr.go decides: a rounded sum a ± p
// compared with a or with the other end b of a reference b − a, where p
// scales b ⊖ a (lerp's one- and two-sided formulas, the midpoint), under
// guards that hold the proof (a ≤ b, t ∈ [0, 1/2)) or miss it (no a ≤ b,
// t up to 1, other bounds), in random modes and with random predicates.
func (g *gen) relErrCmp() []*expr.Expr {
	k := g.k
	c := func(v float64) *expr.Expr { return g.b.FConst(k, fconst(k, v)) }
	a, b := g.vars[0], g.vars[1%len(g.vars)]
	t := g.vars[2%len(g.vars)]
	if g.rng.Intn(2) == 0 {
		a, b = b, a
	}
	mag := []float64{1, 1e-30, 1e30, 1e300, 1 << 24}[g.rng.Intn(5)]
	var out []*expr.Expr
	if g.rng.Intn(4) != 0 {
		out = append(out, g.b.FCmp(arith.OGE, a, c(-mag)), g.b.FCmp(arith.OLE, b, c(mag)))
	}
	if g.rng.Intn(5) != 0 {
		out = append(out, g.b.FCmp([]arith.Pred{arith.OLE, arith.OLE, arith.OLT, arith.OGE}[g.rng.Intn(4)], a, b))
	}
	if g.rng.Intn(5) != 0 {
		out = append(out, g.b.FCmp(arith.OGE, t, c(0)))
	}
	if g.rng.Intn(5) != 0 {
		top := []float64{0.5, 0.5, 1, 0.75, 2}[g.rng.Intn(5)]
		out = append(out, g.b.FCmp([]arith.Pred{arith.OLT, arith.OLE}[g.rng.Intn(2)], t, c(top)))
	}
	if g.rng.Intn(3) == 0 {
		return append(out, g.sumOrderCmp()...)
	}
	d := g.b.FBin(expr.OpFSub, g.rm(), b, a)
	var r *expr.Expr
	switch g.rng.Intn(4) {
	case 0:
		r = g.b.FBin(expr.OpFAdd, g.rm(), a, g.b.FBin(expr.OpFMul, g.rm(), t, d))
	case 1:
		s := g.b.FBin(expr.OpFSub, g.rm(), c(1), t)
		r = g.b.FBin(expr.OpFSub, g.rm(), b, g.b.FBin(expr.OpFMul, g.rm(), d, s))
	case 2:
		r = g.b.FBin(expr.OpFAdd, g.rm(), g.b.FBin(expr.OpFDiv, g.rm(), d, c(2)), a)
	default:
		r = g.b.FBin(expr.OpFSub, g.rm(), a, g.b.FBin(expr.OpFMul, g.rm(), t, d))
	}
	other := a
	if g.rng.Intn(2) == 0 {
		other = b
	}
	p := []arith.Pred{arith.OLE, arith.OGE, arith.OLT, arith.OGT, arith.UGT, arith.ULT}[g.rng.Intn(6)]
	cmp := g.b.FCmp(p, r, other)
	if g.rng.Intn(2) == 0 {
		cmp = g.b.FCmp(p, other, r)
	}
	return append(out, cmp)
}

// sumOrderCmp builds the sum mode's shapes: two orders of summing the
// variables (nonnegative or not), their difference against a relative
// tolerance c ⊗ (f ⊕ b) with c around the true error bound.
func (g *gen) sumOrderCmp() []*expr.Expr {
	k := g.k
	c := func(v float64) *expr.Expr { return g.b.FConst(k, fconst(k, v)) }
	var out []*expr.Expr
	for _, v := range g.vars {
		if g.rng.Intn(4) != 0 {
			out = append(out, g.b.FCmp(arith.OGE, v, c(0)))
		}
		if g.rng.Intn(3) != 0 {
			out = append(out, g.b.FCmp(arith.OLE, v, c([]float64{1e6, 1e30, 1e-30}[g.rng.Intn(3)])))
		}
	}
	vs := g.vars
	rm := func() arith.RoundingMode { // mostly nearest: what the proof needs
		if g.rng.Intn(6) != 0 {
			return arith.NearestEven
		}
		return g.rm()
	}
	sum := func(order []int) *expr.Expr {
		s := vs[order[0]%len(vs)]
		for _, i := range order[1:] {
			s = g.b.FBin(expr.OpFAdd, rm(), s, vs[i%len(vs)])
		}
		return s
	}
	f, b := sum([]int{0, 1, 2}), sum([]int{2, 1, 0})
	u := 0x1p-24
	if k == arith.F64 {
		u = 0x1p-53
	}
	tol := g.b.FBin(expr.OpFMul, rm(), c(u*[]float64{1, 2, 4, 8}[g.rng.Intn(4)]), g.b.FBin(expr.OpFAdd, rm(), f, b))
	d := g.b.FBin(expr.OpFSub, rm(), f, b)
	if g.rng.Intn(2) == 0 {
		d = g.b.FBin(expr.OpFSub, rm(), b, f)
	}
	p := []arith.Pred{arith.OLE, arith.OGT, arith.OLT, arith.UGT}[g.rng.Intn(4)]
	return append(out, g.b.FCmp(p, d, tol))
}

// exactArith builds the shapes exact.go decides: sums of integer-valued
// floats (conversions of integers, bounded near where the sums stop
// being exact) compared across associations, and a power-of-two scale
// (a constant or an ite of two) distributed over ⊕ ⊖ with operands
// guarded to be zero or of a magnitude range reaching the subnormals
// or not.
func (g *gen) exactArith() []*expr.Expr {
	k := g.k
	c := func(v float64) *expr.Expr { return g.b.FConst(k, fconst(k, v)) }
	v := func() *expr.Expr { return g.vars[g.rng.Intn(len(g.vars))] }
	var out []*expr.Expr
	pred := func(l, r *expr.Expr) *expr.Expr {
		p := []arith.Pred{arith.OEQ, arith.OEQ, arith.OLT, arith.OLE, arith.ONE, arith.UNE}[g.rng.Intn(6)]
		return g.b.FCmp(p, l, r)
	}
	if g.rng.Intn(2) == 0 {
		mag := []float64{1 << 10, 1 << 20, 1 << 22, 1 << 23, 1 << 24, 1 << 26, 1 << 30}[g.rng.Intn(7)]
		var xs []*expr.Expr
		for i := 0; i < 3; i++ {
			x := v()
			out = append(out, g.b.FCmp(arith.OLE, g.b.FAbs(x), c(mag)))
			xs = append(xs, g.b.IntToFP(true, g.rm(), g.b.FPToInt(true, x, 32), k))
		}
		m := g.rm()
		l := g.b.FBin(expr.OpFAdd, m, g.b.FBin(expr.OpFAdd, m, xs[0], xs[1]), xs[2])
		r := g.b.FBin(expr.OpFAdd, m, xs[0], g.b.FBin(expr.OpFAdd, m, xs[1], xs[2]))
		return append(out, pred(l, r))
	}
	pows := []float64{0x1p-100, 0x1p-30, 0x1p-10, 0.5, 2, 0x1p10, 0x1p100}
	sc := c(pows[g.rng.Intn(len(pows))])
	if g.rng.Intn(2) == 0 {
		sc = g.b.Ite(g.b.FCmp(arith.OLT, v(), v()), sc, c(pows[g.rng.Intn(len(pows))]))
	}
	lo := []float64{0x1p-60, 0x1p-120, 0x1p-140, 0x1p-1000, 0}[g.rng.Intn(5)]
	hi := []float64{0x1p60, 0x1p120, 1e300}[g.rng.Intn(3)]
	p, q := v(), v()
	for _, x := range []*expr.Expr{p, q} {
		a := g.b.FAbs(x)
		in := g.b.And(g.b.FCmp(arith.OLE, c(lo), a), g.b.FCmp(arith.OLE, a, c(hi)))
		out = append(out, g.b.Or(g.b.FCmp(arith.OEQ, x, c(0)), in))
	}
	op := []expr.Op{expr.OpFAdd, expr.OpFSub}[g.rng.Intn(2)]
	m := g.rm()
	l := g.b.FBin(expr.OpFMul, g.rm(), sc, g.b.FBin(op, m, p, q))
	r := g.b.FBin(op, m, g.b.FBin(expr.OpFMul, g.rm(), sc, p), g.b.FBin(expr.OpFMul, g.rm(), q, sc))
	cmp := pred(l, r)
	if g.rng.Intn(3) == 0 {
		cmp = g.b.Not(cmp)
	}
	return append(out, cmp)
}
