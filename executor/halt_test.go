package executor

import (
	"testing"

	"github.com/floatsym/floatsym/solver"
)

// TestModelChainBounded: a path keeps its newest models, newest first,
// and never more than twice maxHints of them.
func TestModelChainBounded(t *testing.T) {
	s := &State{}
	models := make([]solver.Model, 5*maxHints+3)
	for i := range models {
		models[i] = solver.Model{nil: make([]byte, i)} // told apart by length
		s.keepModel(models[i])
		s.keepModel(nil) // no model: nothing kept
		if s.models.len > 2*maxHints || s.models.len < min(i+1, maxHints) {
			t.Fatalf("after %d models the chain holds %d", i+1, s.models.len)
		}
		n := 0
		for c := s.models; c != nil; c = c.next {
			n++
		}
		if n != s.models.len {
			t.Fatalf("chain of %d nodes says %d", n, s.models.len)
		}
	}
	hs := s.hints()
	if len(hs) != maxHints {
		t.Fatalf("%d hints, want %d", len(hs), maxHints)
	}
	for i, h := range hs {
		if want := len(models) - 1 - i; len(h[nil]) != want {
			t.Fatalf("hint %d is model %d, want %d", i, len(h[nil]), want)
		}
	}
}
