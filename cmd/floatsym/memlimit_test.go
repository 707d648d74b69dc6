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

// TestSymbolicObjectLimit: klee_make_symbolic of an object beyond
// floatsym's per-object limit ends the path (exec) with a message naming
// the object and the limit, at the call's line, instead of building two
// million expressions in one uninterruptible step.
func TestSymbolicObjectLimit(t *testing.T) {
	testtool.Require(t, testtool.Clang)
	dir := filepath.Join(t.TempDir(), "out")
	out, code := runCLI(t, "run", "--output-dir", dir, "testdata/symbig.c")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	s := readSummary(t, dir)
	if len(s.Paths) != 1 || s.Paths[0].Termination.Kind != "exec" || s.Paths[0].Termination.Line != 9 ||
		!strings.Contains(s.Paths[0].Termination.Message, `object "big" of 2097152 bytes exceeds floatsym's limit of 1048576`) {
		t.Errorf("paths %+v", s.Paths)
	}
}
