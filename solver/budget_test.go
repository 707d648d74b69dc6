package solver

import (
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
	"github.com/floatsym/floatsym/solver/native"
)

// TestBudgetFollowsDecidedWork: once the search has decided queries
// with little work, its first budget is about twice that, not the base
// budget; the cap fades without new verdicts; a timeout setting caps the
// budget at a quarter of its work. Every number is work: the same
// history gives the same budget on any machine.
func TestBudgetFollowsDecidedWork(t *testing.T) {
	var b budgeter
	for i := 0; i < 5; i++ {
		b.record(true)
	}
	base := b.next()
	if base < nativeBase {
		t.Fatalf("base budget %d: the test needs one above %d", base, nativeBase)
	}
	small := int64(5 * native.WorkPerMs)
	b.decided(small)
	b.record(true)
	if d := b.next(); d > 2*small || d < nativeMin {
		t.Fatalf("after a verdict with work %d: budget %d, want at most %d (base %d)", small, d, 2*small, base)
	}
	// Queries passed on: the cap fades to fastFloor, the success rate
	// falls, and the budget settles at the base budget's floor.
	for i := 0; i < 80; i++ {
		b.record(false)
	}
	floor := int64(float64(nativeBase) * (0.25 + 2*b.success))
	if d, want := b.next(), min(floor, fastFloor); d < want-1 || d > want+1 {
		t.Fatalf("after 80 queries passed on: budget %d, want %d", d, want)
	}
	// A timeout of 40 ms: at most a quarter of its work.
	b.timeout = func() time.Duration { return 40 * time.Millisecond }
	if d := b.next(); d != max(nativeMin, 10*native.WorkPerMs) {
		t.Fatalf("timeout 40 ms: budget %d, want %d", d, 10*native.WorkPerMs)
	}
}

// instantStage answers SAT with model m at once and counts its queries.
type instantStage struct {
	n int
	m Model
}

func (s *instantStage) check(*query) (bool, Model, error) { s.n++; return true, s.m, nil }

// TestBesideWaitsForQuickAnswer: the search beside the next stage starts
// only after the delay, so a next stage that answers at once never has
// it beside it (no search time is counted). The query is satisfiable and
// the search finds a model at once.
func TestBesideWaitsForQuickAnswer(t *testing.T) {
	e := newEnv(t)
	x, a := e.sym("x", arith.F32)
	cons := []*expr.Expr{e.ge(x, e.c(arith.F32, 1))}
	q := &query{constraints: cons, arrays: []*expr.Array{a}}
	roots := []native.Root{{E: cons[0], Want: true}}
	next := &instantStage{m: Model{a: []byte{0, 0, 0x80, 0x3f}}} // x = 1
	st := &StageStats{}
	n := &nativeStage{next: next, b: e.b, st: st, beside: &StageStats{}, smt: &smtStage{log: quietLog()},
		limit: func() time.Duration { return time.Minute }}
	for i := 0; i < 20; i++ {
		sat, _, err, _ := n.passOnBeside(q, roots, nil, besideDelayMax)
		if err != nil || !sat {
			t.Fatalf("passOnBeside = %v, %v; want SAT", sat, err)
		}
	}
	if next.n != 20 {
		t.Fatalf("next stage asked %d times: want 20", next.n)
	}
}

// failingStage answers unknown at once.
type failingStage struct{ n int }

func (s *failingStage) check(*query) (bool, Model, error) { s.n++; return false, nil, ErrUnknown }

// TestBesideVerdictWhenSMTFails: when the next stage fails (unknown),
// the native solver beside it is not stopped: it runs its work budget
// and its verdict stands, whatever the delay and whoever finished
// first. The query is absorption_loop's exit after exactly nine steps
// (SAT, found by the search) and its refutation by x > 1e9 (UNSAT, by
// propagation).
func TestBesideVerdictWhenSMTFails(t *testing.T) {
	e := newEnv(t)
	k := arith.F32
	x, a := e.sym("x", k)
	loop := func(extra ...*expr.Expr) []*expr.Expr {
		cons := []*expr.Expr{e.ge(x, e.c(k, 0)), e.b.Not(e.gt(x, e.c(k, 1e9)))}
		end := e.add(x, e.c(k, 8))
		f := x
		for i := 0; i < 9; i++ {
			cons = append(cons, e.lt(f, end))
			f = e.add(f, e.c(k, 1))
		}
		return append(append(cons, e.b.Not(e.lt(f, end))), extra...)
	}
	for _, tc := range []struct {
		name string
		cons []*expr.Expr
		want native.Result
	}{
		{"exit after nine steps", loop(), native.Sat},
		{"beyond the bound", []*expr.Expr{e.gt(x, e.c(k, 1e9)), e.lt(x, e.c(k, 1e8))}, native.Unsat},
	} {
		for _, delay := range []time.Duration{0, besideDelayMax} {
			next := &failingStage{}
			bs := &StageStats{}
			n := &nativeStage{next: next, b: e.b, st: &StageStats{}, beside: bs, smt: &smtStage{log: quietLog()},
				limit: func() time.Duration { return 0 }}
			q := &query{constraints: tc.cons, arrays: []*expr.Array{a}}
			roots := make([]native.Root, len(tc.cons))
			for i, c := range tc.cons {
				roots[i] = native.Root{E: c, Want: true}
			}
			sat, m, err, by := n.passOnBeside(q, roots, nil, delay)
			if by != tc.want || err != nil || sat != (tc.want == native.Sat) {
				t.Fatalf("%s, delay %v: passOnBeside = %v, %v, by %v; want %v", tc.name, delay, sat, err, by, tc.want)
			}
			if sat {
				if ok, _ := q.holds(expr.NewEvaluator(m)); !ok {
					t.Fatalf("%s: the model does not satisfy the query", tc.name)
				}
			}
			if bs.Queries != 1 || bs.Sat+bs.Unsat != 1 {
				t.Fatalf("%s: native-beside counters %+v, want one verdict", tc.name, *bs)
			}
		}
	}
}

// TestBesideDelayFollowsWins: the search beside the SMT stage waits
// (besideDelay) while the SMT stage has been answering the passed
// queries, and starts at once while it has been deciding them itself.
func TestBesideDelayFollowsWins(t *testing.T) {
	var b budgeter
	first := 30 * time.Millisecond
	if d := b.delay(first); d != besideDelay(first) || d == 0 {
		t.Fatalf("no history: delay %v, want %v", d, besideDelay(first))
	}
	for i := 0; i < 3; i++ {
		b.passed(true)
	}
	if d := b.delay(first); d != 0 {
		t.Fatalf("after 3 passed queries decided beside: delay %v, want none", d)
	}
	for i := 0; i < 3; i++ {
		b.passed(false)
	}
	if d := b.delay(first); d != besideDelay(first) {
		t.Fatalf("after 3 passed queries answered by the SMT stage: delay %v, want %v", d, besideDelay(first))
	}
	if besideDelay(0) != besideDelayMin || besideDelay(time.Second) != besideDelayMax {
		t.Fatalf("besideDelay outside [%v, %v]: %v, %v", besideDelayMin, besideDelayMax, besideDelay(0), besideDelay(time.Second))
	}
}
