package native

import (
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Found by the differential fuzz test: a NaN-only leaf does not fix its
// bytes (the sign of a NaN input propagates), so labelling must not
// conclude UNSAT from the canonical NaN failing. x = +NaN satisfies
// ¬isneg(-123.25 ⊖↓ (+INF ⊕ x)).
func TestNaNLeafIsNotOneValue(t *testing.T) {
	e := newEnv(t)
	x, a := e.sym("x0", arith.F32)
	s := e.b.FBin(expr.OpFSub, arith.Downward, e.c(arith.F32, -123.25), e.bin(expr.OpFAdd, e.b.FConst(arith.F32, arith.Word{Lo: 0x7f800000}), x))
	ans := e.solve(50, []*expr.Array{a}, e.b.Not(e.b.FClass(expr.OpFIsNeg, s)))
	if ans.Result == Unsat {
		t.Fatal("UNSAT, but x = +NaN is a solution")
	}
}
