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
// finds in milliseconds and Z3 does not decide in seconds. No duration is
// asserted: the Z3 stage's counters are the check. Its time limit is an
// hour, so its one query can end as an interrupt (counted in Interrupts,
// unanswered) only by the stop the native answer sends; a check that was
// waited for instead ends with Z3's own answer (counted as SAT) or in go
// test's timeout. The time taken is logged.
func TestNativeBesideSMT(t *testing.T) {
	e := newEnv(t)
	s := e.solver(Config{Backend: BackendZ3})
	defer s.Close()
	s.SetTimeout(time.Hour)
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
	n := newNativeStage(newValidating(s.smt, quietLog()), s.smt, Config{Builder: e.b}, &StageStats{}, nil).(*nativeStage)
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
	z3 := s.smt.backends[0].st
	if z3.Name != stageZ3 || z3.Queries != 1 || z3.Interrupts != 1 || z3.Unknown != 1 || z3.Sat+z3.Unsat != 0 {
		t.Fatalf("Z3 stage %+v after %v: want its one query interrupted by the native answer, not waited for", *z3, took)
	}
	t.Logf("answered by the search beside Z3 after %v", took)
}

// hangingStage answers unknown when the query's time limit has passed
// (an SMT stage that cannot decide the query).
type hangingStage struct{ limit time.Duration }

func (s *hangingStage) check(*query) (bool, Model, error) {
	time.Sleep(s.limit)
	return false, nil, ErrTimeout
}

// TestNativeHonorsDeadline: a query neither the native solver nor the
// next stage settles (six Newton steps for sqrt(a) in double on [1, 4]
// with a residual above 1e-12·a: UNSAT, beyond the first search, and
// the prover refutes it too slowly to finish) under a time limit of
// 300 ms: the native stage's calls, whose work budgets are far longer
// (a minute of proof), stop at the limit, and the stop is counted as an
// interrupt (the counter is the check: no duration is asserted).
func TestNativeHonorsDeadline(t *testing.T) {
	e := newEnv(t)
	k := arith.F64
	a, arr := e.sym("a", k)
	div := func(x, y *expr.Expr) *expr.Expr { return e.b.FBin(expr.OpFDiv, arith.NearestEven, x, y) }
	x := a
	for i := 0; i < 6; i++ {
		x = div(e.add(x, div(a, x)), e.c(k, 2))
	}
	res := e.sub(e.mul(x, x), a)
	cons := []*expr.Expr{e.b.Not(e.lt(a, e.c(k, 1))), e.b.Not(e.gt(a, e.c(k, 4))),
		e.gt(res, e.mul(e.c(k, 1e-12), a))}
	limit := 300 * time.Millisecond
	st, bs := &StageStats{}, &StageStats{}
	n := &nativeStage{next: &hangingStage{limit}, b: e.b, st: st, beside: bs, smt: &smtStage{log: quietLog()},
		fpMemo: map[*expr.Expr]bool{}, limit: func() time.Duration { return limit }}
	n.budget.timeout = func() time.Duration { return time.Hour }
	start := time.Now()
	sat, _, err := n.check(&query{constraints: cons, arrays: []*expr.Array{arr}})
	took := time.Since(start)
	if sat || err == nil {
		t.Fatalf("check = %v, %v; want the next stage's timeout", sat, err)
	}
	if bs.Queries != 1 || bs.Interrupts != 1 || bs.Unknown != 1 {
		t.Fatalf("native-beside counters %+v after %v (limit %v): want one query, stopped by the limit (a call that ignored it ends by its work budget, not counted as an interrupt)", *bs, took, limit)
	}
	t.Logf("returned after %v (limit %v); first search %+v", took, limit, *st)
}
