package main

import (
	"testing"
	"time"
)

// TestProverDeadline: the prover's outer cap is --max-time from the
// process's start (as the exploration's), not from the prover's own
// start, which a slow compilation pushes back.
func TestProverDeadline(t *testing.T) {
	// The process has run a while, so the two readings differ by more
	// than processStart's resolution (clock ticks, 10 ms).
	began := time.Now()
	time.Sleep(300 * time.Millisecond)
	const tick = 50 * time.Millisecond
	// The start is read once, at initialisation: however long the process
	// has run (this test binary: minutes under load), it comes before this
	// test began, never "now".
	if !processStart().Before(began) {
		t.Errorf("processStart %v is not before the test began (%v): it was read now, not at the start", processStart(), began)
	}
	for _, tc := range []struct {
		maxTime time.Duration
		none    bool
	}{
		{0, true},
		{-time.Second, true},
		{time.Minute, false},
		{90 * time.Second, false},
	} {
		got := proverDeadline(processStart(), tc.maxTime)
		if tc.none {
			if !got.IsZero() {
				t.Errorf("--max-time %v: prover deadline %v, want none", tc.maxTime, got)
			}
			continue
		}
		if want := processStart().Add(tc.maxTime); got.Sub(want).Abs() > tick {
			t.Errorf("--max-time %v: prover deadline %v, want %v (process start + limit)", tc.maxTime, got, want)
		}
		if late := time.Now().Add(tc.maxTime - 200*time.Millisecond); !got.Before(late) {
			t.Errorf("--max-time %v: prover deadline %v counts from now", tc.maxTime, got)
		}
	}
}
