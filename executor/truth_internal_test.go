package executor

import (
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// __VERIFIER_assert(x < y) passes zext(x < y): the condition asked of the
// solver must be the comparison itself, as for assert's branch (asking
// about ite(c, 1, 0) != 0 made variance_cancellation 5× slower). The
// builder's k == ite(c, t, f) rule gives it to every caller of nonZero.
func TestNonZeroSeesThroughZExt(t *testing.T) {
	e := &Executor{B: expr.NewBuilder()}
	x := e.B.Byte(e.B.NewArray("x", 1, nil), 0)
	c := e.B.ICmp(arith.IULT, x, e.B.U64(7, 8))
	if got := e.nonZero(Value{E: e.B.ZExt(c, 32)}, nil); got != c {
		t.Errorf("nonZero(zext c) = %v, want %v", got, c)
	}
	if got := e.nonZero(Value{E: e.B.Ite(c, e.B.U64(0, 32), e.B.U64(5, 32))}, nil); got != e.B.Not(c) {
		t.Errorf("nonZero(ite(c, 0, 5)) = %v, want not c", got)
	}
	// Anything else: != 0.
	z := e.B.ZExt(x, 32)
	if got, want := e.nonZero(Value{E: z}, nil), e.B.Not(e.B.Eq(z, e.B.U64(0, 32))); got != want {
		t.Errorf("nonZero(zext x) = %v, want %v", got, want)
	}
}
