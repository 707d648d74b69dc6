package native

import (
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/arith"
)

// TestSolveUntilStops: a search with a long budget on a query it cannot
// settle (absorption_loop's exit after exactly three steps is UNSAT, not
// provable by intervals) returns UNKNOWN soon after stop is closed: the
// solver stage stops the search it runs beside the SMT backends when they
// answer, and must not wait for the search's budget.
func TestSolveUntilStops(t *testing.T) {
	e := newEnv(t)
	cons, arrays := absorptionLoop(e, arith.F32, 1e9, 3, true)
	roots := make([]Root, len(cons))
	for i, c := range cons {
		roots[i] = Root{E: c, Want: true}
	}
	stop := make(chan struct{})
	done := make(chan Answer, 1)
	start := time.Now()
	go func() { done <- SolveUntil(roots, arrays, nil, time.Minute, 1, stop) }()
	time.Sleep(100 * time.Millisecond)
	close(stop)
	select {
	case a := <-done:
		if a.Result == Sat {
			t.Fatalf("SolveUntil = SAT on an UNSAT query")
		}
		if d := time.Since(start); d > 10*time.Second {
			t.Fatalf("SolveUntil returned %v after stop", d)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("SolveUntil did not return within 20 s of stop (budget 1 min)")
	}
}
