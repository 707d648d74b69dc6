package bench

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"
)

func TestGoPanic(t *testing.T) {
	trace := "floatsym: output in x\npanic: runtime error: index out of range [3] with length 3\n\ngoroutine 1 [running]:\nmain.main()\n"
	if got := goPanic(trace); got != "panic: runtime error: index out of range [3] with length 3" {
		t.Errorf("goPanic = %q", got)
	}
	// The program's own stderr is not a Go panic.
	if got := goPanic("panic: the C program says so\n"); got != "" {
		t.Errorf("goPanic(program output) = %q", got)
	}
	if got := goPanic("fatal error: all goroutines are asleep - deadlock!\n\ngoroutine 1 [chan receive]:\n"); got == "" {
		t.Error("fatal error not detected")
	}
}

func TestSummaryTimeLimit(t *testing.T) {
	var s Summary
	s.Paths = make([]SummaryPath, 2)
	s.Paths[0].Termination.Kind = "exit"
	s.Paths[1].Termination.Kind = "limit"
	s.Paths[1].Termination.Message = "memory limit reached"
	if s.TimeLimitReached() {
		t.Error("memory limit taken for the time limit")
	}
	s.Paths[1].Termination.Message = "time limit reached"
	if !s.TimeLimitReached() {
		t.Error("time limit not seen")
	}
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCollectReports(t *testing.T) {
	// Without summary.json (a killed run): the .err files.
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"test000001.ktest":      "",
		"test000001.assert.err": "Error: ASSERTION FAIL: x\nFile: /p/prog.c\nLine: 9\nassembly.ll line: 3\nStack: \n",
		"test000002.ktest":      "",
		"test000003.solver.err": "Error: solver timeout\nFile: /p/prog.c\nLine: 4\n",
		"test000004.myerr.err":  "Error: reported\nFile: /p/prog.c\nLine: 12\n",
		"test000004.ktest":      "",
	})
	reps, err := collectReports(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(reps) != 3 {
		t.Fatalf("%d reports: %+v", len(reps), reps)
	}
	if r := reps[0]; r.Recorded.Kind != "assert" || r.Recorded.Line != 9 || filepath.Base(r.Test) != "test000001.ktest" {
		t.Errorf("report 0: %+v", r)
	}
	if r := reps[1]; r.Recorded.Kind != "solver" || r.Test != "" {
		t.Errorf("report 1 (no .ktest): %+v", r)
	}
	if r := reps[2]; r.Recorded.Kind != "myerr" || r.Recorded.Line != 12 {
		t.Errorf("report 2: %+v", r)
	}

	// With summary.json: its errors, with the kind from the .err file.
	sum := &Summary{Errors: []SummaryErr{
		{Kind: "reporterror", Message: "reported", File: "/p/prog.c", Line: 12, Test: "test000004.ktest"},
		{Kind: "exec", Message: "unsupported", File: "/p/prog.c", Line: 2},
	}}
	reps, err = collectReports(dir, sum)
	if err != nil {
		t.Fatal(err)
	}
	if len(reps) != 2 || reps[0].Recorded.Kind != "myerr" || reps[0].Test != filepath.Join(dir, "test000004.ktest") ||
		reps[1].Recorded.Kind != "exec" || reps[1].Test != "" {
		t.Errorf("reports from the summary: %+v", reps)
	}
}

func TestRunArgs(t *testing.T) {
	specs, err := LoadSpecs("testdata/specs/variants")
	if err != nil {
		t.Fatal(err)
	}
	v := specs[0].Variants[0]
	cfg := Config{TimeLimit: 90 * time.Second, MemoryMB: 2000, CFlags: []string{"-O0", "-g"}, ExtraArgs: []string{"--search", "bfs"}}
	got := RunArgs(&cfg, v, "/w/out")
	want := []string{"run", "--output-dir", "/w/out", "--max-time", "1m30s", "--max-memory", "2000", "--std", "c99",
		"--cflags", "-O0 -g", "-D", "N=7", "-D", "DEBUG", "-D", "BUG=1", "-D", "KLEE", "--search", "bfs", v.Sources()[0]}
	if len(got) != len(want) {
		t.Fatalf("args %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("args %q, want %q", got, want)
		}
	}
	cfg.KillGrace = 30 * time.Second
	if h := cfg.HardLimit(); h != 165*time.Second {
		t.Errorf("hard limit %v", h)
	}
	if n := len(Select(Variants(specs), regexp.MustCompile("nomatch"))); n != 0 {
		t.Errorf("filter kept %d", n)
	}
}
