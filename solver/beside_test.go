package solver

import (
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
	"github.com/floatsym/floatsym/solver/native"
)

// TestNativeBesideSMT: when the first native budget misses a query, the
// search goes on beside the SMT stage, and a model it finds first is the
// answer (the SMT check is interrupted, not waited for). The query is
// absorption_loop's exit after exactly nine steps, which the search
// finds in milliseconds and Z3 does not decide in seconds.
func TestNativeBesideSMT(t *testing.T) {
	e := newEnv(t)
	s := e.solver(Config{Backend: BackendZ3})
	defer s.Close()
	s.SetTimeout(30 * time.Second)
	k := arith.F32
	x, a := e.sym("x", k)
	cons := []*expr.Expr{e.ge(x, e.c(k, 0)), e.b.Not(e.gt(x, e.c(k, 1e9)))}
	end := e.add(x, e.c(k, 8))
	f := x
	for i := 0; i < 9; i++ {
		cons = append(cons, e.lt(f, end))
		f = e.add(f, e.c(k, 1))
	}
	cons = append(cons, e.b.Not(e.lt(f, end)))
	q := &query{constraints: cons, arrays: []*expr.Array{a}}
	roots := make([]native.Root, len(cons))
	for i, c := range cons {
		roots[i] = native.Root{E: c, Want: true}
	}
	n := newNativeStage(newValidating(s.smt, quietLog()), s.smt, Config{Builder: e.b}, &StageStats{}).(*nativeStage)
	start := time.Now()
	sat, m, err, ans := n.passOnBeside(q, roots, nil, besideDelay(0))
	took := time.Since(start)
	if err != nil || !sat {
		t.Fatalf("passOnBeside = %v, %v; want SAT", sat, err)
	}
	if ans != native.Sat {
		t.Fatalf("the search beside the SMT stage answered %v; want SAT (took %v)", ans, took)
	}
	if ok, _ := q.holds(expr.NewEvaluator(m)); !ok {
		t.Fatal("the model does not satisfy the query")
	}
	if took > besideMax+10*time.Second {
		t.Fatalf("took %v: the SMT check was waited for, not interrupted", took)
	}
}
