package solver

// Tests of the stages: validation, caches, independence, timeouts, and
// the facade's model and value queries.

import (
	"errors"
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// fakeStage answers every query with a fixed result and records queries.
type fakeStage struct {
	sat   bool
	m     Model
	seen  []*query
	calls int
}

func (f *fakeStage) check(q *query) (bool, Model, error) {
	f.calls++
	cp := *q
	f.seen = append(f.seen, &cp)
	return f.sat, f.m, nil
}

func TestValidationRejectsWrongModel(t *testing.T) {
	e := newEnv(t)
	x, a := e.sym("x", arith.F32)
	cons := []*expr.Expr{e.gt(x, e.c(arith.F32, 1))}
	// A model with x = 0 (all bytes zero) does not satisfy x > 1.
	fake := &fakeStage{sat: true, m: Model{a: make([]byte, 4)}}
	s := e.solver(Config{})
	s.chain = buildChain(Config{NoCache: true, NoCexCache: true, NoNative: true}, fake, &s.stats, &stageList{}, s.log)
	_, err := s.MayBeTrue(Query{Constraints: cons, Expr: e.lt(x, e.c(arith.F32, 5))})
	if !errors.Is(err, ErrModelMismatch) {
		t.Fatalf("err = %v, want ErrModelMismatch", err)
	}
	if s.Stats().Mismatches != 1 {
		t.Errorf("mismatches = %d, want 1", s.Stats().Mismatches)
	}
	// The same fake with a right model (x = 2) is accepted.
	two := arith.FromFloat32(2)
	fake.m = Model{a: []byte{byte(two.Lo), byte(two.Lo >> 8), byte(two.Lo >> 16), byte(two.Lo >> 24)}}
	ok, err := s.MayBeTrue(Query{Constraints: cons, Expr: e.lt(x, e.c(arith.F32, 6))})
	if err != nil || !ok {
		t.Fatalf("valid model: %v, %v", ok, err)
	}
	// A satisfiable answer without a model cannot be validated.
	fake.m = nil
	if _, err := s.MayBeTrue(Query{Constraints: cons, Expr: e.lt(x, e.c(arith.F32, 7))}); !errors.Is(err, ErrModelMismatch) {
		t.Fatalf("no model: err = %v", err)
	}
}

func TestCache(t *testing.T) {
	e := newEnv(t)
	s := e.solver(Config{NoCexCache: true, NoNative: true})
	x, _ := e.sym("x", arith.F64)
	cons := []*expr.Expr{e.gt(x, e.c(arith.F64, 1))}
	q := Query{Constraints: cons, Expr: e.lt(x, e.c(arith.F64, 3))}
	for i := 0; i < 3; i++ {
		if !may(t, s, q.Constraints, q.Expr) {
			t.Fatal("unsat")
		}
	}
	st := s.Stats()
	if st.SolverCalls != 1 || st.CacheHits != 2 || st.Queries != 3 {
		t.Fatalf("stats %+v, want 1 solver call and 2 cache hits", st)
	}
	// The negation is a different query; its answer is cached too.
	for i := 0; i < 2; i++ {
		if must(t, s, q.Constraints, q.Expr) {
			t.Fatal("x > 1 does not imply x < 3")
		}
	}
	if st := s.Stats(); st.SolverCalls != 2 || st.CacheHits != 3 {
		t.Fatalf("stats %+v, want 2 solver calls and 3 cache hits", st)
	}
	// Without the cache every query reaches Z3.
	s2 := e.solver(Config{NoCache: true, NoCexCache: true, NoNative: true})
	for i := 0; i < 3; i++ {
		may(t, s2, q.Constraints, q.Expr)
	}
	if st := s2.Stats(); st.SolverCalls != 3 || st.CacheHits != 0 {
		t.Fatalf("uncached stats %+v", st)
	}
}

func TestCexCache(t *testing.T) {
	e := newEnv(t)
	s := e.solver(Config{NoCache: true, NoNative: true})
	x, _ := e.sym("x", arith.F32)
	cons := []*expr.Expr{e.gt(x, e.c(arith.F32, 10)), e.lt(x, e.c(arith.F32, 20))}
	w, err := s.GetValue(cons, x)
	mustNot(t, err)
	v := float64Of(arith.F32, w)
	// Any query the model satisfies is answered without Z3.
	calls := s.Stats().SolverCalls
	if !may(t, s, cons, e.ge(x, e.c(arith.F32, v))) {
		t.Fatal("unsat")
	}
	if st := s.Stats(); st.SolverCalls != calls || st.CexHits != 1 {
		t.Fatalf("stats %+v: the counterexample cache did not answer", st)
	}
	// One it does not satisfy goes to Z3.
	if !may(t, s, cons, e.lt(x, e.c(arith.F32, v))) && v > 10 && float32(v) != float32(10) {
		// x in (10, v) may be empty only when v is the successor of 10
		t.Log("no value between 10 and the model")
	}
	if st := s.Stats(); st.SolverCalls != calls+1 {
		t.Fatalf("stats %+v: want one more solver call", st)
	}
}

func TestIndependence(t *testing.T) {
	e := newEnv(t)
	x, ax := e.sym("x", arith.F64)
	y, ay := e.sym("y", arith.F64)
	z, _ := e.sym("z", arith.F64)
	cx := e.gt(x, e.c(arith.F64, 1))
	cy := e.gt(y, e.c(arith.F64, 2))
	cyz := e.lt(y, z)
	cz := e.gt(z, e.c(arith.F64, 3))
	all := []*expr.Expr{cx, cy, cyz, cz}

	fake := &fakeStage{sat: false}
	st := &Stats{}
	chain := newIndependence(fake, newArrayIndex(), &StageStats{})
	// A condition on x needs only cx.
	chain.check(&query{constraints: all, expr: e.lt(x, e.c(arith.F64, 5))})
	// A condition on z needs cz, and through z < y... cyz and cy.
	chain.check(&query{constraints: all, expr: e.lt(z, e.c(arith.F64, 5))})
	// A model of y needs cy, cyz, cz.
	chain.check(&query{constraints: all, arrays: []*expr.Array{ay}})
	// A model of x and y needs all.
	chain.check(&query{constraints: all, arrays: []*expr.Array{ax, ay}})
	want := [][]*expr.Expr{{cx}, {cy, cyz, cz}, {cy, cyz, cz}, all}
	for i, q := range fake.seen {
		if len(q.constraints) != len(want[i]) {
			t.Errorf("query %d kept %d constraints, want %d", i, len(q.constraints), len(want[i]))
			continue
		}
		for j := range want[i] {
			if q.constraints[j] != want[i][j] {
				t.Errorf("query %d constraint %d = %s, want %s", i, j, q.constraints[j], want[i][j])
			}
		}
	}
	_ = st

	// End to end: an unsatisfiable x-part does not matter to a y query
	// (the constraints are assumed satisfiable; here they deliberately
	// are not, which shows the x constraints were not consulted).
	s := e.solver(Config{NoCache: true, NoCexCache: true})
	bad := []*expr.Expr{cx, e.lt(x, e.c(arith.F64, 0)), cy}
	if !may(t, s, bad, e.lt(y, e.c(arith.F64, 4))) {
		t.Fatal("independence did not drop the x constraints")
	}
	s2 := e.solver(Config{NoIndependence: true, NoCache: true, NoCexCache: true})
	if may(t, s2, bad, e.lt(y, e.c(arith.F64, 4))) {
		t.Fatal("without independence the contradiction must be seen")
	}
}

func TestGetModelAndValue(t *testing.T) {
	e := newEnv(t)
	s := e.solver(Config{})
	x, ax := e.sym("x", arith.F64)
	_, ay := e.sym("y", arith.F32) // unconstrained: zeros
	cons := []*expr.Expr{e.oeq(x, e.c(arith.F64, 2.5))}
	m, err := s.GetModel(cons, []*expr.Array{ax, ay})
	mustNot(t, err)
	if len(m[ax]) != 8 || len(m[ay]) != 4 {
		t.Fatalf("model sizes %d, %d", len(m[ax]), len(m[ay]))
	}
	if got := expr.NewEvaluator(m).Eval(x); got != arith.FromFloat64(2.5) {
		t.Fatalf("x = %#x", got.Lo)
	}
	// A value of an integer function of x.
	v, err := s.GetValue(cons, e.b.FPToInt(true, x, 32))
	mustNot(t, err)
	if v.Lo != 2 {
		t.Fatalf("(int)x = %d", v.Lo)
	}
	// Unsatisfiable constraints are an error.
	_, err = s.GetModel(append(cons, e.lt(x, e.c(arith.F64, 0))), []*expr.Array{ax})
	if !errors.Is(err, ErrUnsat) {
		t.Fatalf("err = %v, want ErrUnsat", err)
	}
	// Constant conditions need no solver.
	calls := s.Stats().SolverCalls
	if !may(t, s, cons, e.b.True) || may(t, s, cons, e.b.False) || !must(t, s, cons, e.b.True) {
		t.Fatal("constant conditions")
	}
	if s.Stats().SolverCalls != calls {
		t.Fatal("constant conditions reached the solver")
	}
}

// hardQuery is a double query Z3 needs seconds for: a product and a
// quotient of two unknowns with given roundings.
func hardQuery(e *env) ([]*expr.Expr, *expr.Expr) {
	a, _ := e.sym("a", arith.F64)
	b, _ := e.sym("b", arith.F64)
	p := e.mul(a, b)
	d := e.b.FBin(expr.OpFDiv, arith.NearestEven, a, b)
	cons := []*expr.Expr{e.oeq(p, e.c(arith.F64, 0x1.23456789abcdfp+3)), e.gt(a, e.c(arith.F64, 1)), e.gt(b, e.c(arith.F64, 1))}
	return cons, e.oeq(d, e.c(arith.F64, 0x1.fedcba9876543p-1))
}

func TestTimeout(t *testing.T) {
	e := newEnv(t)
	// The native stage decides this query; the test is about Z3's timeout.
	s := e.solver(Config{Timeout: time.Millisecond, NoNative: true})
	cons, cond := hardQuery(e)
	start := time.Now()
	_, err := s.MayBeTrue(Query{Constraints: cons, Expr: cond})
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
	t.Logf("a 1ms timeout took %v", time.Since(start))
	if s.Stats().Timeouts != 1 {
		t.Errorf("timeouts = %d", s.Stats().Timeouts)
	}
	// The solver still works, and a timeout is not cached.
	s.SetTimeout(0)
	x, _ := e.sym("x", arith.F32)
	if !may(t, s, nil, e.gt(x, e.c(arith.F32, 1))) {
		t.Fatal("unsat after a timeout")
	}
	s.SetTimeout(time.Millisecond)
	if _, err := s.MayBeTrue(Query{Constraints: cons, Expr: cond}); !errors.Is(err, ErrTimeout) {
		t.Fatalf("second try: err = %v, want ErrTimeout again", err)
	}
}
