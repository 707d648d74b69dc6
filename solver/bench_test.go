package solver

// Benchmarks of typical floating-point queries, through the full chain
// after one warm-up query (so every op is a cache hit) and with both
// caches off (every op reaches Z3: translation plus solving).
//
//	go test -bench . -run '^$' ./solver/

import (
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

type benchQuery struct {
	name string
	// build returns the query; value, when non-nil, is asked for with
	// GetValue instead of MayBeTrue.
	build func(e *env) (cons []*expr.Expr, cond, value *expr.Expr)
}

var benchQueries = []benchQuery{
	{"foo-float-unsat", func(e *env) ([]*expr.Expr, *expr.Expr, *expr.Expr) {
		x, _ := e.sym("x", arith.F32)
		big := e.c(arith.F32, 1e12)
		return []*expr.Expr{e.lt(x, e.c(arith.F32, 10000))}, e.gt(e.add(x, big), big), nil
	}},
	{"foo-double-model", func(e *env) ([]*expr.Expr, *expr.Expr, *expr.Expr) {
		x, _ := e.sym("x", arith.F64)
		big := e.c(arith.F64, 1e12)
		return []*expr.Expr{e.lt(x, e.c(arith.F64, 10000)), e.gt(e.add(x, big), big)}, nil, x
	}},
	{"howden-double-unsat", func(e *env) ([]*expr.Expr, *expr.Expr, *expr.Expr) {
		a, _ := e.sym("A", arith.F64)
		b, _ := e.sym("B", arith.F64)
		x1 := e.add(e.mul(a, b), e.c(arith.F64, 2))
		x3 := e.sub(e.sub(e.c(arith.F64, 100), x1), e.c(arith.F64, 50))
		return []*expr.Expr{e.gt(x1, e.c(arith.F64, 100))}, e.gt(x3, e.c(arith.F64, 50)), nil
	}},
	{"g2i-float-value", func(e *env) ([]*expr.Expr, *expr.Expr, *expr.Expr) {
		c, _ := e.sym("C", arith.F32)
		a, b := e.c(arith.F32, 1.22), e.c(arith.F32, 3.34)
		delta := e.sub(e.mul(b, b), e.mul(e.c(arith.F32, 4), e.mul(a, c)))
		return []*expr.Expr{e.oeq(delta, e.c(arith.F32, 0))}, nil, c
	}},
	{"nan-x86fp80-must", func(e *env) ([]*expr.Expr, *expr.Expr, *expr.Expr) {
		x, _ := e.sym("x", arith.F80)
		return []*expr.Expr{e.b.FCmp(arith.UNE, x, x)}, e.b.Not(e.b.FClass(expr.OpFIsNaN, x)), nil
	}},
}

func BenchmarkQueries(b *testing.B) {
	for _, q := range benchQueries {
		for _, mode := range []struct {
			name string
			cfg  Config
		}{{"cached", Config{}}, {"uncached", Config{NoCache: true, NoCexCache: true}}} {
			b.Run(q.name+"/"+mode.name, func(b *testing.B) {
				e := &env{b: expr.NewBuilder()}
				s := e.solver(mode.cfg)
				cons, cond, value := q.build(e)
				run := func() {
					var err error
					if value != nil {
						_, err = s.GetValue(cons, value)
					} else {
						_, err = s.MayBeTrue(Query{Constraints: cons, Expr: cond})
					}
					if err != nil {
						b.Fatal(err)
					}
				}
				if mode.name == "cached" {
					run()
				}
				calls := s.Stats().SolverCalls
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					run()
				}
				b.ReportMetric(float64(s.Stats().SolverCalls-calls)/float64(b.N), "z3calls/op")
			})
		}
	}
}
