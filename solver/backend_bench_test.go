package solver

// BenchmarkBackendOverhead compares the two ways of running a small
// query on Z3: in-process (cgo, a context per FP query) and in a
// persistent z3 process (SMT-LIB2 over pipes after a reset, the
// translation printed by z3.Script). The queries are the solver
// benchmarks' plus two bit-vector ones (symbolic integers and pointers,
// the most frequent queries); all take Z3 milliseconds, so the
// difference is the per-query overhead.
//
//	go test -bench BackendOverhead -run '^$' ./solver/

import (
	"context"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"

	"github.com/floatsym/floatsym/solver/expr"
	"github.com/floatsym/floatsym/solver/smtpipe"
	"github.com/floatsym/floatsym/solver/z3"
)

var bvBenchQueries = []benchQuery{
	{"int-add-model", func(e *env) ([]*expr.Expr, *expr.Expr, *expr.Expr) {
		a := e.b.NewArray("n", 4, nil)
		n := e.b.Concat(e.b.Concat(e.b.Byte(a, 3), e.b.Byte(a, 2)), e.b.Concat(e.b.Byte(a, 1), e.b.Byte(a, 0)))
		return []*expr.Expr{e.b.ICmp(arith.IULT, n, e.b.U64(100, 32))}, e.b.Eq(e.b.Bin(expr.OpAdd, n, e.b.U64(1, 32)), e.b.U64(6, 32)), nil
	}},
	{"int-mul-unsat", func(e *env) ([]*expr.Expr, *expr.Expr, *expr.Expr) {
		a := e.b.NewArray("m", 4, nil)
		n := e.b.Concat(e.b.Concat(e.b.Byte(a, 3), e.b.Byte(a, 2)), e.b.Concat(e.b.Byte(a, 1), e.b.Byte(a, 0)))
		lt := e.b.ICmp(arith.IULT, n, e.b.U64(1000, 32))
		return []*expr.Expr{lt}, e.b.Eq(e.b.Bin(expr.OpMul, n, e.b.U64(4, 32)), e.b.U64(4002, 32)), nil
	}},
}

func BenchmarkBackendOverhead(b *testing.B) {
	for _, q := range append(append([]benchQuery(nil), benchQueries...), bvBenchQueries...) {
		e := &env{b: expr.NewBuilder()}
		cons, cond, value := q.build(e)
		qu := &query{constraints: cons, expr: cond}
		if value != nil {
			qu.arrays = arraysOf(value)
		}
		assert, negate := split(qu)
		b.Run(q.name+"/inprocess", func(b *testing.B) {
			c := z3.NewChecker()
			defer c.Close()
			for i := 0; i < b.N; i++ {
				if _, _, err := c.Check(assert, negate, qu.arrays, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(q.name+"/session", func(b *testing.B) {
			c := z3.NewChecker()
			defer c.Close()
			p := smtpipe.Z3(0).NewSession()
			defer p.Close()
			for i := 0; i < b.N; i++ {
				sc, err := c.Script(assert, negate, qu.arrays)
				if err != nil {
					b.Fatal(err)
				}
				r, err := p.Run(context.Background(), sc.Logic, sc.Body, sc.Terms)
				if err != nil || r.Status == smtpipe.Unknown {
					b.Fatal(r, err)
				}
				if r.Status == smtpipe.Sat {
					if _, err := sc.Model(r.Values); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
