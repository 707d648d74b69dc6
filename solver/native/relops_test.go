package native

import (
	"math/rand"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// hypotQuery is hypot_overflow's scaled path: ax = |x|, ay = |y| ≤ B,
// ax ≥ ay (m = ax), ax ≠ 0, r = ax ⊗ sqrt((ay ⊘ ax)² ⊕ (ax ⊘ ax)²), and
// the negated assertion isfinite(r). guard false drops ax ≥ ay.
func hypotQuery(e *env, k arith.Kind, m arith.RoundingMode, bound float64, guard, bitAbs bool) ([]*expr.Expr, []*expr.Array) {
	x, ax := e.sym("x", k)
	y, ay := e.sym("y", k)
	B := e.c(k, bound)
	cons := []*expr.Expr{
		e.b.FCmp(arith.OLE, e.b.FNeg(B), x), e.b.FCmp(arith.OLE, x, B),
		e.b.FCmp(arith.OLE, e.b.FNeg(B), y), e.b.FCmp(arith.OLE, y, B),
	}
	fx, fy := e.b.FAbs(x), e.b.FAbs(y)
	if bitAbs { // as clang -O0 compiles fabs: an and on the bits
		mask := e.b.Const(arith.Mask(k.Bits()-1), k.Bits())
		fx = e.b.FromBits(e.b.Bin(expr.OpAnd, mask, x.Kid[0]), k)
		fy = e.b.FromBits(e.b.Bin(expr.OpAnd, mask, y.Kid[0]), k)
	}
	if guard {
		cons = append(cons, e.b.Not(e.b.FCmp(arith.OLT, fx, fy)))
	}
	cons = append(cons, e.b.Not(e.b.FCmp(arith.OEQ, fx, e.c(k, 0))))
	u := e.b.FBin(expr.OpFDiv, m, fx, fx)
	v := e.b.FBin(expr.OpFDiv, m, fy, fx)
	s := e.b.FSqrt(m, e.b.FBin(expr.OpFAdd, m, e.b.FBin(expr.OpFMul, m, v, v), e.b.FBin(expr.OpFMul, m, u, u)))
	r := e.b.FBin(expr.OpFMul, m, fx, s)
	inf := e.b.FConst(k, valueOf(k, keyPosInf(k)))
	cons = append(cons, e.b.Not(e.b.FCmp(arith.OLT, e.b.FAbs(r), inf)))
	return cons, []*expr.Array{ax, ay}
}

// The relational division facts refute hypot_overflow's path; without
// ax ≥ ay (v unbounded) the path overflows and must not be refuted.
func TestRelDivRefutesHypot(t *testing.T) {
	for _, k := range []arith.Kind{arith.F32, arith.F64} {
		bound := 1e300
		if k == arith.F32 {
			bound = 1e30
		}
		for _, m := range modes4 {
			for _, bits := range []bool{false, true} {
				e := newEnv(t)
				cons, arrs := hypotQuery(e, k, m, bound, true, bits)
				if ans := e.solve(200, arrs, cons...); ans.Result != Unsat {
					t.Errorf("kind %v mode %v bit-level fabs %v: %v, want unsat", k, m, bits, ans.Result)
				}
				e = newEnv(t)
				cons, arrs = hypotQuery(e, k, m, bound, false, bits)
				ans := e.solve(200, arrs, cons...)
				if m == arith.NearestEven || m == arith.Upward {
					if ans.Result == Unsat {
						t.Errorf("kind %v mode %v bit-level fabs %v without ax ≥ ay: unsat, but y = B, x tiny overflows", k, m, bits)
					}
				} else if ans.Result == Sat {
					// Toward zero and downward, a positive overflow
					// saturates at the largest float: every operation
					// here stays finite and the query is UNSAT (Z3
					// agrees), whatever the guard.
					t.Errorf("kind %v mode %v bit-level fabs %v without ax ≥ ay: sat, but nothing overflows to INF", k, m, bits)
				}
			}
		}
	}
}

// The facts on random and special operands evaluated with arith: x ⊘ x
// is 1 unless x is ±0, ±INF or NaN (then NaN); -0 ≤ a ≤ b gives a ⊘ b in
// [-0, 1] or NaN. Every mode and kind.
func TestRelDivFacts(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	g := &gen{rng: rng, b: expr.NewBuilder()}
	for _, k := range []arith.Kind{arith.F32, arith.F64, arith.F80} {
		one := valueOf(k, oneKey(k))
		rnd := func() arith.Word { return g.operand(k) }
		for trial := 0; trial < 100000; trial++ {
			m := modes4[rng.Intn(4)]
			x := rnd()
			r := arith.FDiv(k, m, x, x)
			xk, ok := keyOf(k, x)
			special := !ok || isZeroKey(xk) || xk == keyPosInf(k) || xk == keyNegInf(k)
			if rk, rok := keyOf(k, r); special != !rok || (rok && rk != oneKey(k)) {
				t.Fatalf("kind %v: %s / itself = %s", k, arith.Format(k, x), arith.Format(k, r))
			}
			a, b := rnd(), rnd()
			if rng.Intn(2) == 0 { // b just above a
				if ak, ok := keyOf(k, a); ok {
					b = valueOf(k, kMin(kAdd(ak, uint64(rng.Intn(1000))), keyPosInf(k)))
				}
			}
			ak, oka := keyOf(k, a)
			bk, okb := keyOf(k, b)
			if !oka || !okb || !kLE(keyNegZero, ak) || !numLE(ak, bk) {
				continue
			}
			q := arith.FDiv(k, m, a, b)
			if qk, ok := keyOf(k, q); ok && (!kLE(keyNegZero, qk) || !kLE(qk, oneKey(k))) {
				t.Fatalf("kind %v mode %v: %s / %s = %s outside [-0, 1] (%s)", k, m, arith.Format(k, a), arith.Format(k, b), arith.Format(k, q), arith.Format(k, one))
			}
		}
	}
}

// a ⊘ b with a finite and b ≠ 0 (an atom: zero is inside b's interval)
// is never NaN, by propagation alone; without b ≠ 0, 0 ⊘ 0 is.
func TestRelDivNoNaN(t *testing.T) {
	for _, k := range []arith.Kind{arith.F32, arith.F64, arith.F80} {
		for _, nz := range []bool{true, false} {
			e := newEnv(t)
			a, _ := e.sym("a", k)
			b, _ := e.sym("b", k)
			q := e.b.FBin(expr.OpFDiv, arith.NearestEven, a, b)
			cons := []*expr.Expr{
				e.b.FCmp(arith.OLE, e.c(k, -10), a), e.b.FCmp(arith.OLE, a, e.c(k, 10)),
				e.b.FCmp(arith.OLE, e.c(k, -1), b), e.b.FCmp(arith.OLE, b, e.c(k, 1)),
				e.b.Not(e.b.FCmp(arith.OEQ, q, e.c(k, 1e30))),
			}
			if nz {
				cons = append(cons, e.b.Not(e.b.FCmp(arith.OEQ, b, e.c(k, 0))))
			}
			n, ok := propagateOnly(cons...)
			if !ok {
				t.Fatalf("kind %v: refuted", k)
			}
			if nan := n.domOf(q).NaN; nan == nz {
				t.Errorf("kind %v, b ≠ 0 %v: a / b may be NaN: %v", k, nz, nan)
			}
		}
	}
}
