package executor

import "time"

// The time the states alive at --max-time need for their tests. Writing a
// test from a model already known costs about a millisecond on a loaded
// machine (measured: 1,865 states alive at a 30 s limit took 1.7 s to
// write, 0.2 s to find their models), so with thousands alive the fixed
// margin before T (half of --max-test-time) ran out and the rest were
// listed without test (206 of 1,866). The exploration therefore stops
// early enough for the states alive to get their tests: by hardEnd less
// 3 × (states alive × the measured cost of one test: a test written in
// the halt costs more than the mean written while exploring, 1.4 ms
// against 1.0 ms measured under a load of 28 on 2 cores, and the halt
// also gathers the states), never before the test budget before hardEnd
// (the halt's tests get no more than the budget) nor before half of T.

// testCost is the running mean of what writing one test has cost.
type testCost struct {
	n   int64
	sum time.Duration
}

func (c *testCost) add(d time.Duration) {
	c.n++
	c.sum += d
}

// perTest is the mean, plus finding its model among the known ones; a
// millisecond before any test was written.
func (c *testCost) perTest() time.Duration {
	if c.n == 0 {
		return time.Millisecond
	}
	return c.sum/time.Duration(c.n) + 200*time.Microsecond
}

// stopBy is when the exploration stops: the deadline, or earlier when
// the states alive need more time for their tests than hardEnd leaves.
func (e *Executor) stopBy(deadline time.Time) time.Time {
	if deadline.IsZero() || e.cfg.MaxTime <= 0 {
		return deadline
	}
	need := time.Duration(e.search.Len()) * e.tests.perTest() * 3
	by := e.hardEnd().Add(-need)
	// The halt's tests get at most the test budget (halt.go): stopping
	// earlier than the budget before hardEnd would only lose exploration.
	floor := e.hardEnd().Add(-e.testBudget())
	if half := e.start.Add(e.cfg.MaxTime / 2); floor.Before(half) {
		floor = half
	}
	if by.Before(floor) {
		by = floor
	}
	if by.Before(deadline) {
		return by
	}
	return deadline
}
