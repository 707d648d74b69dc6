package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/atomicfile"
	"github.com/floatsym/floatsym/internal/runstats"
)

// TestRunStats: a run writes run.stats, one row per interval and a last
// one at its end whatever ended it, agreeing with summary.json; `floatsym
// stats` reads it back.
func TestRunStats(t *testing.T) {
	requireClang(t)
	base := t.TempDir()
	for _, tc := range []struct {
		name    string
		args    []string
		endedBy string
		minRows int
	}{
		// A row every 20 instructions: the first, some between, the last.
		{"completed", []string{"--stats-write-after-instructions", "20", "testdata/samebug.c"}, "completed", 3},
		// The instruction limit ends it: the last row is still written.
		{"limit", []string{"--max-instructions", "300", "--stats-write-interval", "0", "testdata/explode.c"}, "instruction_limit", 2},
		// Rows by time: no two (but the last) closer than the interval.
		{"interval", []string{"--max-instructions", "4000", "--stats-write-interval", "50ms", "testdata/explode.c"}, "instruction_limit", 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(base, tc.name)
			out, code := runCLI(t, append([]string{"run", "--output-dir", dir}, tc.args...)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, out)
			}
			var sum struct {
				Instructions  float64 `json:"instructions"`
				PathsExplored float64 `json:"paths_explored"`
				TestsWritten  float64 `json:"tests_written"`
				Queries       float64 `json:"queries"`
				EndedBy       string  `json:"ended_by"`
			}
			b, err := os.ReadFile(filepath.Join(dir, "summary.json"))
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, &sum); err != nil {
				t.Fatal(err)
			}
			if sum.EndedBy != tc.endedBy {
				t.Fatalf("ended by %s, want %s", sum.EndedBy, tc.endedBy)
			}
			if m, _ := filepath.Glob(filepath.Join(dir, atomicfile.TempPrefix+"*")); len(m) > 0 {
				t.Errorf("temporary files left: %v", m)
			}
			run, err := runstats.Read(dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(run.Records) < tc.minRows {
				t.Errorf("%d rows, want at least %d", len(run.Records), tc.minRows)
			}
			for i := 1; i < len(run.Records); i++ {
				p, r := run.Records[i-1], run.Records[i]
				for _, c := range []string{"Instructions", "WallTime", "NumQueries", "CoveredInstructions", "Paths"} {
					if r[c] < p[c] {
						t.Errorf("row %d: %s went down from %v to %v", i+1, c, p[c], r[c])
					}
				}
			}
			if tc.name == "interval" {
				for i := 1; i < len(run.Records)-1; i++ {
					if d := run.Records[i]["WallTime"] - run.Records[i-1]["WallTime"]; d < 50000 {
						t.Errorf("rows %d and %d are %v µs apart, the interval is 50 ms", i, i+1, d)
					}
				}
			}
			last := run.Last()
			for c, want := range map[string]float64{
				"Instructions": sum.Instructions, "Paths": sum.PathsExplored, "Tests": sum.TestsWritten,
				"NumQueries": sum.Queries, "ArrayHashTime": -1,
			} {
				if last[c] != want {
					t.Errorf("last row: %s = %v, summary.json says %v", c, last[c], want)
				}
			}
			if tc.endedBy == "completed" && last["NumStates"] != 0 {
				t.Errorf("last row of a completed run: %v states alive", last["NumStates"])
			}
			if last.Has("ForkTime") || last.Has("ResolveTime") {
				t.Error("ForkTime/ResolveTime are not measured but have values")
			}
			if c, u := last["CoveredInstructions"], last["UncoveredInstructions"]; c <= 0 || u < 0 {
				t.Errorf("covered %v, uncovered %v instructions", c, u)
			}
			// Line and branch counts come from CoverageCounts (coverage.go).
			if last["TotalLines"] == 0 || last["CoveredLines"] == 0 {
				t.Errorf("no line coverage in run.stats: %v of %v lines", last["CoveredLines"], last["TotalLines"])
			} else if last["CoveredLines"] > last["TotalLines"] || last["FullBranches"]+last["PartialBranches"] > last["NumBranches"] {
				t.Errorf("coverage out of range: %v of %v lines, %v+%v of %v branches", last["CoveredLines"],
					last["TotalLines"], last["FullBranches"], last["PartialBranches"], last["NumBranches"])
			}
		})
	}

	t.Run("stats command", func(t *testing.T) {
		a, l := filepath.Join(base, "completed"), filepath.Join(base, "limit")
		out, code := runCLI(t, "stats", a)
		if code != 0 || !strings.Contains(out, "| Instrs |") || !strings.Contains(out, a) {
			t.Errorf("stats: exit %d:\n%s", code, out)
		}
		out, code = runCLI(t, "stats", "--print-all", "--table-format", "csv", a, l)
		if code != 0 || !strings.Contains(out, "Path,Instrs,Time(s),ICov(%),BCov(%),ICount,TSolver(%),States") ||
			!strings.Contains(out, "Total (2),") {
			t.Errorf("stats --print-all of two: exit %d:\n%s", code, out)
		}
		// A directory holding output directories: each of them.
		out, code = runCLI(t, "stats", "--table-format", "csv", base)
		if code != 0 || !strings.Contains(out, "Total (3),") {
			t.Errorf("stats of the directory holding the runs: exit %d:\n%s", code, out)
		}
		out, code = runCLI(t, "stats", "--compare", a, l)
		if code != 0 || !strings.Contains(out, "limit / completed") {
			t.Errorf("stats --compare: exit %d:\n%s", code, out)
		}
		svg := filepath.Join(base, "plot.svg")
		if out, code = runCLI(t, "stats", "--plot", svg, a, l); code != 0 {
			t.Errorf("stats --plot: exit %d:\n%s", code, out)
		} else if fi, err := os.Stat(svg); err != nil || fi.Size() == 0 {
			t.Errorf("stats --plot wrote no plot (%v)", err)
		}
		// A directory without run.stats: a clear message, not a crash.
		old := filepath.Join(base, "old")
		os.MkdirAll(old, 0o755)
		os.WriteFile(filepath.Join(old, "summary.json"), []byte("{}"), 0o644)
		out, code = runCLI(t, "stats", old)
		if code != 1 || !strings.Contains(out, "no run.stats") || strings.Contains(out, "panic") {
			t.Errorf("stats of a directory without run.stats: exit %d:\n%s", code, out)
		}
		out, code = runCLI(t, "stats", "--print-more", "--print-all", a)
		if code != 1 || !strings.Contains(out, "exclude each other") {
			t.Errorf("two print modes: exit %d:\n%s", code, out)
		}
	})

	t.Run("output-stats off", func(t *testing.T) {
		dir := filepath.Join(base, "off")
		if out, code := runCLI(t, "run", "--output-dir", dir, "--output-stats=false", "testdata/samebug.c"); code != 0 {
			t.Fatalf("exit %d: %s", code, out)
		}
		if _, err := os.Stat(filepath.Join(dir, runstats.FileName)); !os.IsNotExist(err) {
			t.Errorf("--output-stats=false wrote run.stats (%v)", err)
		}
	})
}
