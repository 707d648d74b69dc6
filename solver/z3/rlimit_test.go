package z3

import (
	"errors"
	"testing"
	"time"
)

// TestRLimit: Checker.RLimit bounds a check by Z3's deterministic work
// count: the hard query stops as ErrUnknown (not ErrTimeout) just past
// the budget, at the same count each time, and an easy query under the
// same budget is decided with its use reported. The wall-clock timeout
// is only a far safety bound here.
func TestRLimit(t *testing.T) {
	const safety = 5 * time.Minute
	h := newHarness(t)
	q := hardQuery(h)
	for _, tc := range []struct {
		name   string
		budget uint
	}{{"small", 20_000}, {"larger", 60_000}} {
		t.Run(tc.name, func(t *testing.T) {
			h.chk.RLimit = tc.budget
			defer func() { h.chk.RLimit = 0 }()
			var used []uint64
			for i := 0; i < 2; i++ {
				_, _, err := h.chk.Check(q, nil, nil, safety)
				if errors.Is(err, ErrTimeout) {
					t.Fatalf("hard query reached the %v safety bound, not its %d-unit budget: %v", safety, tc.budget, err)
				}
				if !errors.Is(err, ErrUnknown) {
					t.Fatalf("hard query under a %d-unit budget: %v, want ErrUnknown", tc.budget, err)
				}
				if u := h.chk.LastRLimit; u < uint64(tc.budget) || u > 2*uint64(tc.budget) {
					t.Errorf("hard query stopped at %d units, budget %d", u, tc.budget)
				}
				used = append(used, h.chk.LastRLimit)
			}
			if used[0] != used[1] {
				t.Errorf("the same query stopped at %d and %d units", used[0], used[1])
			}
			sat, _, err := h.chk.Check(q[2:], nil, nil, safety)
			if err != nil || !sat {
				t.Fatalf("easy query under a %d-unit budget: sat=%v, %v", tc.budget, sat, err)
			}
			if u := h.chk.LastRLimit; u == 0 || u >= uint64(tc.budget) {
				t.Errorf("easy query used %d units of %d", u, tc.budget)
			}
		})
	}
}
