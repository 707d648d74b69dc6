package native

import (
	"math/rand"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// fmodRangeQuery is fmod_range's path: y ≠ 0, x finite (when finite),
// y not NaN, and the negated assertion |fmod(x, y)| < |y| (or the same
// with remainder, or a sign variant).
func fmodRangeQuery(e *env, k arith.Kind, op expr.Op, finite, nonzero bool, shape int) ([]*expr.Expr, []*expr.Array) {
	x, ax := e.sym("x", k)
	y, ay := e.sym("y", k)
	cons := []*expr.Expr{e.b.Not(e.b.FClass(expr.OpFIsNaN, y))}
	if nonzero {
		cons = append(cons, e.b.Not(e.b.FCmp(arith.OEQ, y, e.c(k, 0))))
	}
	if finite {
		inf := e.b.FConst(k, valueOf(k, keyPosInf(k)))
		cons = append(cons, e.b.FCmp(arith.OLT, e.b.FAbs(x), inf))
	}
	r := e.b.FBin(op, arith.NearestEven, x, y)
	ay2 := e.b.FAbs(y)
	switch shape {
	case 0:
		cons = append(cons, e.b.Not(e.b.FCmp(arith.OLT, e.b.FAbs(r), ay2)))
	case 1:
		cons = append(cons, e.b.FCmp(arith.OGE, e.b.FAbs(r), ay2))
	case 2:
		cons = append(cons, e.b.FCmp(arith.OEQ, r, ay2))
	default:
		cons = append(cons, e.b.Not(e.b.FCmp(arith.OLE, r, ay2)))
	}
	return cons, []*expr.Array{ax, ay}
}

// fmod_range is refuted natively in every kind; without either
// precondition the negated forms have solutions and must not be.
func TestRemRangeRefutes(t *testing.T) {
	for _, k := range []arith.Kind{arith.F32, arith.F64, arith.F80} {
		for _, op := range []expr.Op{expr.OpFRem, expr.OpFRemainder} {
			for shape := 0; shape < 4; shape++ {
				e := newEnv(t)
				cons, arrs := fmodRangeQuery(e, k, op, true, true, shape)
				if ans := e.solve(100, arrs, cons...); ans.Result != Unsat {
					t.Errorf("kind %v op %v shape %d: %v, want unsat", k, op, shape, ans.Result)
				}
				if shape == 1 || shape == 2 {
					continue // ordered: false on the NaN of x = ±INF or y = 0 too, so always UNSAT
				}
				// The negated ones hold on that NaN: solutions without either precondition.
				for _, fz := range [][2]bool{{false, true}, {true, false}} {
					e := newEnv(t)
					cons, arrs := fmodRangeQuery(e, k, op, fz[0], fz[1], shape)
					if ans := e.solve(100, arrs, cons...); ans.Result == Unsat {
						t.Errorf("kind %v op %v shape %d finite,nonzero=%v: unsat, but it has solutions", k, op, shape, fz)
					}
				}
			}
		}
	}
}

// The fact itself, on random and special operands evaluated with arith:
// whenever remBelow's preconditions hold, |r| < |y|.
func TestRemBelowFact(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	g := &gen{rng: rng, b: expr.NewBuilder()}
	for _, k := range []arith.Kind{arith.F32, arith.F64, arith.F80} {
		for trial := 0; trial < 200000; trial++ {
			var x, y arith.Word
			for j, w := range []*arith.Word{&x, &y} {
				if rng.Intn(3) == 0 {
					*w = g.constant(k).Val
				} else {
					*w = arith.Word{Lo: rng.Uint64(), Hi: rng.Uint64() & 0xffff}
					if k != arith.F80 {
						*w = arith.Word{Lo: w.Lo & arith.Mask(k.Bits()).Lo}
					}
				}
				if j == 0 && rng.Intn(2) == 0 {
					y = x // often near each other
				}
			}
			xk, okx := keyOf(k, x)
			yk, oky := keyOf(k, y)
			if !okx || !oky || isZeroKey(yk) || xk == keyPosInf(k) || xk == keyNegInf(k) {
				continue
			}
			ay := arith.FAbs(k, y)
			for _, r := range []arith.Word{arith.FRem(k, x, y), arith.FRemainder(k, x, y)} {
				if !arith.FCmp(k, arith.OLT, arith.FAbs(k, r), ay) {
					t.Fatalf("kind %v: x=%s y=%s: |r| = %s not below |y|", k, arith.Format(k, x), arith.Format(k, y), arith.Format(k, r))
				}
			}
		}
	}
}
