package native

import (
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// satCase is a satisfiable query of the kind the suite's bug variants
// pose, with few or isolated models that labelling by splitting does not
// reach: the model search must find one within a small budget.
type satCase struct {
	name  string
	build func(e *env) ([]*expr.Expr, []*expr.Array)
}

func (e *env) fcmp(p arith.Pred, x, y *expr.Expr) *expr.Expr { return e.b.FCmp(p, x, y) }

var satCases = []satCase{
	{
		// absorption_loop: f stepped by 1 from x stays below x + 8 for
		// 20 steps: 1 must be absorbed (x near 2^24).
		name: "absorption_loop_float",
		build: func(e *env) ([]*expr.Expr, []*expr.Array) {
			return absorptionLoop(e, arith.F32, 1e9)
		},
	},
	{
		name: "absorption_loop_double",
		build: func(e *env) ([]*expr.Expr, []*expr.Array) {
			return absorptionLoop(e, arith.F64, 1e17)
		},
	},
	{
		// power: x^60 by repeated multiplication overflows only for
		// x ≥ about 2^17.06 in [1, 2^18] (single precision).
		name: "power_overflow_float",
		build: func(e *env) ([]*expr.Expr, []*expr.Array) {
			k := arith.F32
			x, a := e.sym("x", k)
			r := e.c(k, 1)
			for i := 0; i < 60; i++ {
				r = e.bin(expr.OpFMul, r, x)
			}
			q := e.bin(expr.OpFDiv, e.c(k, 1), r)
			return []*expr.Expr{
				e.fcmp(arith.OGE, x, e.c(k, 1)), e.fcmp(arith.OLE, x, e.c(k, 1<<18)),
				e.fcmp(arith.OEQ, q, e.c(k, 0)),
				e.fcmp(arith.OLT, x, e.c(k, 1<<17+1000)),
			}, []*expr.Array{a}
		},
	},
	{
		// dichotomic: the bisection of [xL, xR] (width ≤ 2) makes no
		// progress for 10 steps: xR is xL's successor where the spacing
		// exceeds the tolerance and the midpoint rounds back to xL.
		name: "dichotomic_stuck",
		build: func(e *env) ([]*expr.Expr, []*expr.Array) {
			k := arith.F32
			xl, a := e.sym("xL", k)
			xr, b := e.sym("xR", k)
			f := func(x *expr.Expr) *expr.Expr {
				return e.bin(expr.OpFSub, e.bin(expr.OpFMul, x, x), e.c(k, 2))
			}
			cons := []*expr.Expr{
				e.fcmp(arith.OGE, xl, e.c(k, 0)), e.fcmp(arith.OLT, xl, xr),
				e.fcmp(arith.OLE, xr, e.c(k, 1e7)),
				e.fcmp(arith.OLE, e.bin(expr.OpFSub, xr, xl), e.c(k, 2)),
			}
			for i := 0; i < 10; i++ {
				cons = append(cons, e.fcmp(arith.OGT, e.bin(expr.OpFSub, xr, xl), e.c(k, 0.125)))
				xm := e.bin(expr.OpFDiv, e.bin(expr.OpFAdd, xr, xl), e.c(k, 2))
				cons = append(cons, e.fcmp(arith.OGT, e.bin(expr.OpFMul, f(xl), f(xm)), e.c(k, -1)))
				xl = xm
			}
			return cons, []*expr.Array{a, b}
		},
	},
}

// absorptionLoop is the path of absorption_loop.c that runs into the
// bound: 0 ≤ x ≤ hi and f_k < x + 8 for f_0 = x, f_k+1 = f_k + 1, k < 20.
func absorptionLoop(e *env, k arith.Kind, hi float64) ([]*expr.Expr, []*expr.Array) {
	x, a := e.sym("x", k)
	cons := []*expr.Expr{e.fcmp(arith.OGE, x, e.c(k, 0)), e.fcmp(arith.OLE, x, e.c(k, hi))}
	end := e.bin(expr.OpFAdd, x, e.c(k, 8))
	f := x
	for i := 0; i < 20; i++ {
		cons = append(cons, e.fcmp(arith.OLT, f, end))
		f = e.bin(expr.OpFAdd, f, e.c(k, 1))
	}
	return cons, []*expr.Array{a}
}

// TestSearchFindsModels: each query is SAT natively within a small
// budget (e.solve checks the model against every constraint).
func TestSearchFindsModels(t *testing.T) {
	for _, c := range satCases {
		t.Run(c.name, func(t *testing.T) {
			e := newEnv(t)
			cons, arrays := c.build(e)
			ans := e.solve(500*time.Millisecond, arrays, cons...)
			if ans.Result != Sat {
				t.Fatalf("Solve = %v, want SAT", ans.Result)
			}
		})
	}
}
