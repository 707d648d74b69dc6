package solver

import (
	"errors"
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// stuckStage never answers until released: a stage that ignores every
// limit (the facade must abandon it).
type stuckStage struct {
	started chan struct{}
	release chan struct{}
	next    stage
}

func (s *stuckStage) check(q *query) (bool, Model, error) {
	select {
	case s.started <- struct{}{}:
	default:
	}
	<-s.release
	return s.next.check(q)
}

// interruptUntil calls Interrupt again and again until call returns (an
// Interrupt between two calls is for nobody).
func interruptUntil(s *Solver, call func() error) error {
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case <-time.After(10 * time.Millisecond):
				s.Interrupt()
			}
		}
	}()
	defer close(done)
	return call()
}

// TestAbandonStuckStage: a facade call returns ErrTimeout at the
// deadline, or on Interrupt, while a stage is stuck; the next call waits
// for the stuck check only within its own limits; once the stage lets
// go, the solver answers again. No durations are asserted: the stuck
// stage is released only after the calls returned.
func TestAbandonStuckStage(t *testing.T) {
	e := newEnv(t)
	s := e.solver(Config{NoNative: true})
	stuck := &stuckStage{started: make(chan struct{}, 1), release: make(chan struct{}), next: s.chain}
	s.chain = stuck
	x, _ := e.sym("x", arith.F32)
	q := Query{Expr: e.gt(x, e.c(arith.F32, 1))}
	call := func() error { _, err := s.MayBeTrue(q); return err }
	steps := []struct {
		name string
		run  func() error
	}{
		{"deadline while stuck", func() error {
			s.SetDeadline(time.Now().Add(50 * time.Millisecond))
			err := call()
			<-stuck.started
			return err
		}},
		{"interrupt while waiting for the stuck check", func() error {
			s.SetDeadline(time.Time{})
			return interruptUntil(s, call)
		}},
		{"past the deadline while stuck", func() error {
			s.SetDeadline(time.Now().Add(-time.Second))
			return call()
		}},
		{"interrupt while stuck", func() error {
			stuck.release <- struct{}{} // the first check ends
			s.SetDeadline(time.Time{})
			go func() { <-stuck.started; s.Interrupt() }() // the second one runs
			err := call()
			stuck.release <- struct{}{} // and ends
			return err
		}},
	}
	for _, st := range steps {
		if err := st.run(); !errors.Is(err, ErrTimeout) {
			t.Fatalf("%s: err %v, want ErrTimeout", st.name, err)
		}
	}
	close(stuck.release)
	if !may(t, s, nil, q.Expr) {
		t.Error("x > 1 unsatisfiable after the stuck stage let go")
	}
	if st := s.Stats(); st.Queries != 5 {
		t.Errorf("%d facade calls counted, want 5", st.Queries)
	}
}

// TestKnownModel: a model comes from hints, recent answers or zeros,
// group by group, and is never one that fails a constraint.
func TestKnownModel(t *testing.T) {
	e := newEnv(t)
	s := e.solver(Config{NoNative: true})
	x, ax := e.sym("x", arith.F32)
	y, ay := e.sym("y", arith.F32)
	z, az := e.sym("z", arith.F32)
	f32 := func(m Model, a *expr.Array) float64 {
		return float64Of(arith.F32, expr.NewEvaluator(m).Eval(e.b.Concat(e.b.Concat(e.b.Byte(a, 3), e.b.Byte(a, 2)),
			e.b.Concat(e.b.Byte(a, 1), e.b.Byte(a, 0)))))
	}
	bits := func(v float32) []byte {
		w := arith.FromFloat32(v).Lo
		return []byte{byte(w), byte(w >> 8), byte(w >> 16), byte(w >> 24)}
	}
	xGt5 := e.gt(x, e.c(arith.F32, 5))
	yLt0 := e.lt(y, e.c(arith.F32, 0))
	zSmall := e.b.And(e.ge(z, e.c(arith.F32, -1)), e.lt(z, e.c(arith.F32, 1)))
	xy := e.gt(e.add(x, y), e.c(arith.F32, 100))
	cases := []struct {
		name  string
		cons  []*expr.Expr
		hints []Model
		ok    bool
	}{
		{"zeros satisfy", []*expr.Expr{zSmall}, nil, true},
		{"no candidate", []*expr.Expr{xGt5}, nil, false},
		{"hint", []*expr.Expr{xGt5, zSmall}, []Model{{ax: bits(6)}}, true},
		{"groups from different hints", []*expr.Expr{xGt5, yLt0, zSmall},
			[]Model{{ax: bits(6), ay: bits(1)}, {ax: bits(0), ay: bits(-2)}}, true},
		{"coupled: one model for both", []*expr.Expr{xGt5, yLt0, xy},
			[]Model{{ax: bits(200)}, {ay: bits(-1)}}, false},
		{"coupled, satisfied", []*expr.Expr{xGt5, yLt0, xy}, []Model{{ax: bits(200), ay: bits(-1)}}, true},
	}
	for _, c := range cases {
		m, ok := s.KnownModel(c.cons, []*expr.Array{ax, ay, az}, c.hints...)
		if ok != c.ok {
			t.Errorf("%s: ok %v, want %v", c.name, ok, c.ok)
			continue
		}
		if !ok {
			continue
		}
		ev := expr.NewEvaluator(m)
		for i, con := range c.cons {
			if !ev.True(con) {
				t.Errorf("%s: constraint %d false under the model (x %g y %g z %g)", c.name, i, f32(m, ax), f32(m, ay), f32(m, az))
			}
		}
		for _, a := range []*expr.Array{ax, ay, az} {
			if len(m[a]) != int(a.Size) {
				t.Errorf("%s: %s has %d bytes", c.name, a.Name, len(m[a]))
			}
		}
	}
	// A recent answer is a candidate too.
	if !may(t, s, []*expr.Expr{xGt5}, e.lt(x, e.c(arith.F32, 7))) {
		t.Fatal("5 < x < 7 unsatisfiable")
	}
	if _, ok := s.KnownModel([]*expr.Expr{xGt5}, []*expr.Array{ax}); !ok {
		t.Error("the solver's last model is not found")
	}
}
