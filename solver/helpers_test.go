package solver

import (
	"math"
	"testing"

	"github.com/sirupsen/logrus"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// env builds test expressions over symbolic arrays.
type env struct {
	t *testing.T
	b *expr.Builder
}

func newEnv(t *testing.T) *env { return &env{t: t, b: expr.NewBuilder()} }

func quietLog() *logrus.Entry {
	l := logrus.New()
	l.SetLevel(logrus.WarnLevel)
	return logrus.NewEntry(l)
}

// solver makes a solver for the test: Z3 alone unless cfg names another
// backend (the translation tests need no second solver racing them on a
// shared machine; backends_test.go tests the portfolio).
func (e *env) solver(cfg Config) *Solver {
	cfg.Builder = e.b
	if cfg.Backend == "" {
		cfg.Backend = BackendZ3
	}
	if cfg.Log == nil {
		cfg.Log = quietLog()
	}
	return New(cfg)
}

// sym makes a symbolic value of kind k from a fresh array of its bytes
// (little-endian, as in memory).
func (e *env) sym(name string, k arith.Kind) (*expr.Expr, *expr.Array) {
	n := k.Bits() / 8
	a := e.b.NewArray(name, uint64(n), nil)
	v := e.b.Byte(a, 0)
	for i := 1; i < n; i++ {
		v = e.b.Concat(e.b.Byte(a, uint64(i)), v)
	}
	return e.b.FromBits(v, k), a
}

// c is the constant x of kind k (x converted from double; exact for the
// values used).
func (e *env) c(k arith.Kind, x float64) *expr.Expr {
	switch k {
	case arith.F32:
		return e.b.FConst(k, arith.FromFloat32(float32(x)))
	case arith.F64:
		return e.b.FConst(k, arith.FromFloat64(x))
	}
	return e.b.FConst(k, arith.F80FromFloat64(x))
}

func (e *env) add(x, y *expr.Expr) *expr.Expr { return e.b.FBin(expr.OpFAdd, arith.NearestEven, x, y) }
func (e *env) sub(x, y *expr.Expr) *expr.Expr { return e.b.FBin(expr.OpFSub, arith.NearestEven, x, y) }
func (e *env) mul(x, y *expr.Expr) *expr.Expr { return e.b.FBin(expr.OpFMul, arith.NearestEven, x, y) }
func (e *env) lt(x, y *expr.Expr) *expr.Expr  { return e.b.FCmp(arith.OLT, x, y) }
func (e *env) gt(x, y *expr.Expr) *expr.Expr  { return e.b.FCmp(arith.OGT, x, y) }
func (e *env) ge(x, y *expr.Expr) *expr.Expr  { return e.b.FCmp(arith.OGE, x, y) }
func (e *env) oeq(x, y *expr.Expr) *expr.Expr { return e.b.FCmp(arith.OEQ, x, y) }

// float64Of reads a model value of kind k as a double.
func float64Of(k arith.Kind, w arith.Word) float64 {
	switch k {
	case arith.F32:
		return float64(math.Float32frombits(uint32(w.Lo)))
	case arith.F64:
		return math.Float64frombits(w.Lo)
	}
	return arith.F80ToFloat64(w)
}

func mustNot(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func may(t *testing.T, s *Solver, cons []*expr.Expr, e *expr.Expr) bool {
	t.Helper()
	r, err := s.MayBeTrue(Query{Constraints: cons, Expr: e})
	mustNot(t, err)
	return r
}

func must(t *testing.T, s *Solver, cons []*expr.Expr, e *expr.Expr) bool {
	t.Helper()
	r, err := s.MustBeTrue(Query{Constraints: cons, Expr: e})
	mustNot(t, err)
	return r
}
