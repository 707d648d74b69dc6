package solver

import (
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
	"github.com/floatsym/floatsym/solver/native"
)

// TestBudgetFollowsDecidedTimes: once the search has decided queries in
// a few milliseconds, its first budget is about twice that, not the
// base budget; the cap fades without new verdicts and gives way to a
// quarter of the SMT stage's time when that stage is slow.
func TestBudgetFollowsDecidedTimes(t *testing.T) {
	limit := time.Minute
	var b budgeter
	for i := 0; i < 5; i++ {
		b.record(true, 0)
	}
	base := b.next(limit)
	if base < 40*time.Millisecond {
		t.Fatalf("base budget %v: the test needs one above 40 ms", base)
	}
	b.decided(5 * time.Millisecond)
	b.record(true, 0)
	if d := b.next(limit); d > 10*time.Millisecond || d < nativeMin {
		t.Fatalf("after a verdict in 5 ms: budget %v, want at most 10 ms (base %v)", d, base)
	}
	// Queries passed on, the SMT stage quick: the cap fades to a quarter
	// of the SMT stage's time.
	for i := 0; i < 40; i++ {
		b.record(false, 20*time.Millisecond)
	}
	if d, want := b.next(limit), max(b.smt/4, nativeMin); d != want {
		t.Fatalf("after 40 queries passed on (SMT stage at %v): budget %v, want %v", b.smt, d, want)
	}
	// The SMT stage slow: a quarter of its time, whatever the cap.
	for i := 0; i < 60; i++ {
		b.record(false, 4*time.Second)
	}
	b.decided(time.Millisecond)
	if d, want := b.next(limit), b.smt/4; d != want {
		t.Fatalf("SMT stage at %v: budget %v, want %v", b.smt, d, want)
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
	n := &nativeStage{next: next, b: e.b, st: st, smt: &smtStage{log: quietLog()},
		limit: func() time.Duration { return time.Minute }}
	for i := 0; i < 20; i++ {
		sat, _, err, by := n.passOnBeside(q, roots, nil, besideDelayMax)
		if err != nil || !sat || by != native.Unknown {
			t.Fatalf("passOnBeside = %v, %v, by %v; want the next stage's SAT alone", sat, err, by)
		}
	}
	if st.Time != 0 || next.n != 20 {
		t.Fatalf("search time %v, next stage asked %d times: want 0 and 20", st.Time, next.n)
	}
	// Without the delay the search does start and answers first.
	if _, _, _, by := n.passOnBeside(q, roots, nil, 0); by != native.Sat && st.Time == 0 {
		t.Fatalf("without a delay: by %v and no search time; the test cannot tell", by)
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
