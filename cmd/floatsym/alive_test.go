package main

import (
	"path/filepath"
	"testing"

	"github.com/floatsym/floatsym/internal/testtool"
)

// TestAliveTestsFromKnownModels: with thousands of states alive at
// --max-time (breadth-first over 14 independent branches, concrete work
// between them), the states alive get their tests from the models of
// their forks without a solver call, and summary.json accounts for every
// one (cut_short = tests from known models + from the solver + without
// test). How many get a test depends on the machine's load (measured in
// the commit), so only the accounting and that known models served are
// asserted; the run ends with its output whatever the load.
func TestAliveTestsFromKnownModels(t *testing.T) {
	requireClang(t)
	testtool.RequireSlow(t) // a 10 s run
	dir := filepath.Join(t.TempDir(), "out")
	out, code := runCLI(t, "run", "--max-time", "10s", "--search", "bfs", "--output-dir", dir, "testdata/limits/alive.c")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	s := readSummary(t, dir)
	checkCutOff(t, s, "limit")
	if w := s.StatesWithoutTest; w.FromKnownModels == 0 {
		t.Errorf("no state alive got its test from a known model: %+v\n%s", w, out)
	}
}
