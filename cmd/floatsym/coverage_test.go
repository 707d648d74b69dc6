package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCoverageCounts: summary.json's coverage totals on known programs,
// the program's own files by default and every file with --coverage-all.
func TestCoverageCounts(t *testing.T) {
	requireClang(t)
	cases := []struct {
		name, prog string
		flags      []string
		// lines covered/total, conditional branches full/partial/total;
		// -1: only more than the program's own.
		lines, total, full, partial, branches int
		libFiles                              bool
	}{
		// branches.c: line 28 (printf "never") is the one not run; the
		// `if (r > 100)` branch is taken one way, `if (x > 10)` both.
		{"branches", "testdata/coverage/branches.c", nil, 16, 17, 1, 1, 2, false},
		{"batched md2u", "testdata/coverage/branches.c", []string{"--search", "nurs:md2u", "--use-batching-search", "--batch-instructions", "100", "--batch-time", "1s"}, 16, 17, 1, 1, 2, false},
		{"library", "testdata/coverage/library.c", nil, -1, -1, -1, -1, -1, false},
		{"all files", "testdata/coverage/library.c", []string{"--coverage-all"}, -1, -1, -1, -1, -1, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			args := append(append([]string{"run", "--progress", "0", "--max-time", "60s", "--output-dir", dir}, c.flags...), c.prog)
			out, code := runCLI(t, args...)
			if code != 0 {
				t.Fatalf("exit %d\n%s", code, out)
			}
			cov := readSummary(t, dir).Coverage
			if cov == nil {
				t.Fatal("no coverage in summary.json")
			}
			got := []int{cov.LinesCovered, cov.LinesTotal, cov.BranchesFull, cov.BranchesPartial, cov.BranchesTotal}
			want := []int{c.lines, c.total, c.full, c.partial, c.branches}
			for i := range want {
				if want[i] >= 0 && got[i] != want[i] {
					t.Errorf("lines %d/%d, branches full %d partial %d of %d; want %v", got[0], got[1], got[2], got[3], got[4], want)
					break
				}
			}
			if cov.LinesCovered > cov.LinesTotal || cov.BranchesFull+cov.BranchesPartial > cov.BranchesTotal {
				t.Errorf("inconsistent coverage %+v", cov)
			}
			checkIstats(t, filepath.Join(dir, "run.istats"), cov.LinesCovered, cov.LinesTotal)
			lib := false
			for _, f := range cov.Files {
				if strings.Contains(f.File, "/libc/") {
					lib = true
				}
			}
			if lib != c.libFiles {
				t.Errorf("files of floatsym's C library counted: %v, want %v", lib, c.libFiles)
			}
		})
	}
}

// checkIstats: run.istats has a row of 7 tab-separated columns per
// executable line, as many as summary.json counts, the covered ones with
// a nonzero count.
func checkIstats(t *testing.T, path string, covered, total int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rows, run := 0, 0
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		if strings.HasPrefix(l, "#") {
			continue
		}
		f := strings.Split(l, "\t")
		if len(f) != 7 {
			t.Fatalf("run.istats: row %q has %d columns, want 7", l, len(f))
		}
		rows++
		if f[2] != "0" {
			run++
		}
	}
	if rows != total || run != covered {
		t.Errorf("run.istats: %d rows, %d run; summary.json %d lines, %d covered", rows, run, total, covered)
	}
}
