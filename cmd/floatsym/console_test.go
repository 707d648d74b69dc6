package main

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/floatsym/floatsym/executor"
)

func TestParseTimeSpan(t *testing.T) {
	cases := []struct {
		in   string
		want time.Duration
		err  string
	}{
		{"5", 5 * time.Second, ""},
		{"0.5", 500 * time.Millisecond, ""},
		{"1min", time.Minute, ""},
		{"1h30min", 90 * time.Minute, ""},
		{"500ms", 500 * time.Millisecond, ""},
		{"10s", 10 * time.Second, ""},
		{"1m30s", 90 * time.Second, ""},
		{"2h", 2 * time.Hour, ""},
		{"0", 0, ""},
		{"", 0, "empty"},
		{"5 parsecs", 0, "unknown unit"},
		{"min", 0, "want a number"},
		{"-3", 0, "negative"},
	}
	for _, c := range cases {
		got, err := parseTimeSpan(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("parseTimeSpan(%q) = %v, %v; want error containing %q", c.in, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("parseTimeSpan(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
}

func TestFinalLine(t *testing.T) {
	cases := []struct {
		sum  executor.Summary
		want string
	}{
		{executor.Summary{EndedBy: "completed", Complete: true, PathsExplored: 4, PathsCompleted: 4, TestsWritten: 4, OutputDir: "o"},
			"floatsym: done (completed, complete): 4 paths (4 completed), 4 tests, 0 errors, output in o"},
		{executor.Summary{EndedBy: "time limit", PathsExplored: 987, PathsCompleted: 968, TestsWritten: 987, OutputDir: "o",
			Incomplete: executor.Incompleteness{PathsCutShort: 19, Concretisations: 2}},
			"floatsym: done (time limit, incomplete: 19 paths cut short, 2 concretisations): 987 paths (968 completed), 987 tests, 0 errors, output in o"},
		{executor.Summary{EndedBy: "completed", PathsExplored: 1, PathsCompleted: 1, TestsWritten: 1, OutputDir: "o",
			Incomplete: executor.Incompleteness{Concretisations: 1, SolverUnknowns: 3}},
			"floatsym: done (completed, incomplete: 1 concretisation, 3 solver unknowns): 1 paths (1 completed), 1 tests, 0 errors, output in o"},
	}
	for _, c := range cases {
		if got := finalLine(&c.sum, nil, ""); got != c.want {
			t.Errorf("finalLine:\n got %s\nwant %s", got, c.want)
		}
	}
}

// TestConsole: a piped run prints progress lines on its timer (none with
// --progress 0), and its final line says why it ended and what made it
// incomplete; summary.json agrees.
func TestConsole(t *testing.T) {
	requireClang(t)
	progressRE := regexp.MustCompile(`(?m)^floatsym: \d+s: paths \d+ done, \d+ active; tests \d+; instructions \S+; queries \d+ \(solver \d+% of the time\)$`)
	for _, c := range []struct {
		progress string
		lines    bool
	}{{"1ms", true}, {"0", false}} {
		var text, out string
		var code int
		if c.progress == "0" {
			text, code, out = explodeCutShortRun(t) // shared with TestReplayCutShort
		} else {
			out = filepath.Join(t.TempDir(), "out")
			text, code = runCLI(t, "run", "--progress", c.progress, "--max-instructions", "3000", "--output-dir", out, "testdata/explode.c")
		}
		if code != 0 {
			t.Fatalf("exit %d\n%s", code, text)
		}
		if progressRE.MatchString(text) != c.lines {
			t.Errorf("--progress %s: progress lines %v, want %v:\n%s", c.progress, !c.lines, c.lines, text)
		}
		sum := readSummary(t, out)
		cut := len(sum.Paths) - sum.PathsCompleted
		want := "floatsym: done (instruction limit, incomplete: " + plural(cut, "path cut short", "paths cut short") + "): "
		if !strings.Contains(text, want) || sum.EndedBy != executor.EndedInstructionLimit || sum.Incomplete.PathsCutShort != cut || sum.Complete {
			t.Errorf("want final line with %q and summary ended_by instruction limit, %d cut short; got ended_by %q %+v:\n%s",
				want, cut, sum.EndedBy, sum.Incomplete, text)
		}
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
