package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/testtool"
)

// TestMaxMemoryEndsLargest: with --max-memory, a path recursing without
// end is ended as a limit when floatsym's heap passes the limit (it is the
// largest state), the other path still runs to its exit, and the run
// finishes with its summary (exit 0, incomplete). An instruction budget
// stands in for a clock, should the limit never trigger.
func TestMaxMemoryEndsLargest(t *testing.T) {
	testtool.Require(t, testtool.Clang)
	dir := filepath.Join(t.TempDir(), "out")
	out, code := runCLI(t, "run", "--output-dir", dir, "--max-memory", "200", "--max-instructions", "400000000",
		"testdata/memgrow.c")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	if strings.Contains(out, "goroutine ") || strings.Contains(out, "panic:") {
		t.Fatalf("panic:\n%s", out)
	}
	s := readSummary(t, dir)
	var limited, exited int
	for _, p := range s.Paths {
		switch {
		case p.Termination.Kind == "limit" && strings.Contains(p.Termination.Message, "memory limit reached"):
			limited++
			if p.Termination.Line != 8 && p.Termination.Line != 9 && p.Termination.Line != 10 {
				t.Errorf("memory limit at line %d, want inside down()", p.Termination.Line)
			}
		case p.Termination.Kind == "exit" && p.Termination.ExitStatus == 7:
			exited++
		}
	}
	if limited != 1 || exited != 1 || s.Complete {
		t.Errorf("paths %+v, complete %v: want the recursing path ended by the memory limit, the other exiting with 7",
			s.Paths, s.Complete)
	}
}
