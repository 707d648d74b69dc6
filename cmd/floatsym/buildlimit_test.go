package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/executor"
)

// TestMaxTimeWhileCompiling: a --max-time that passes while clang-14 and
// llvm-link-14 run (here: already passed when the build starts, so the
// outcome does not depend on how fast the machine compiles) ends the run
// at once with its output written — ended by the time limit, incomplete,
// nothing explored, exit 0 — instead of compiling and exploring past it.
func TestMaxTimeWhileCompiling(t *testing.T) {
	requireClang(t)
	dir := filepath.Join(t.TempDir(), "out")
	out, code := runCLI(t, "run", "--output-dir", dir, "--max-time", "1ms", "testdata/limits/divmul_buf.c")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	s := readSummary(t, dir) // validated against the schema
	if s.EndedBy != executor.EndedTimeLimit || s.Complete || s.PathsExplored != 0 {
		t.Errorf("ended_by %q, complete %v, %d paths; want time_limit, incomplete, 0", s.EndedBy, s.Complete, s.PathsExplored)
	}
	for _, want := range []string{"time limit reached while compiling", "done (time limit, incomplete)"} {
		if !strings.Contains(out, want) {
			t.Errorf("console lacks %q:\n%s", want, out)
		}
	}
	info, err := os.ReadFile(filepath.Join(dir, "info"))
	if err != nil || !strings.Contains(string(info), "time limit reached while compiling") {
		t.Errorf("info: %v\n%s", err, info)
	}
	// Without a limit the same program compiles and runs (the limit, not
	// the program, ended the run above).
	dir2 := filepath.Join(t.TempDir(), "out2")
	if out, code := runCLI(t, "run", "--output-dir", dir2, "--max-instructions", "1000", "testdata/limits/divmul_buf.c"); code != 0 {
		t.Fatalf("without --max-time: exit %d: %s", code, out)
	}
	if s := readSummary(t, dir2); s.PathsExplored == 0 {
		t.Errorf("without --max-time: no path explored")
	}
}
