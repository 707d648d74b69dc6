package main

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/runstats"
	"github.com/floatsym/floatsym/internal/testtool"
)

// Splitting one exploration by path prefixes (issue 22): a split into
// N prefixes, each part run below its prefix and the merge give the same
// paths and the same errors (kind, location, paths reaching it) as one
// unsplit run.

// errorSet is a summary's errors as comparable lines.
func errorSet(s executor.Summary) []string {
	var out []string
	for _, e := range s.Errors {
		out = append(out, fmt.Sprintf("%s %s %s:%d paths=%d", e.Kind, e.Detail, filepath.Base(e.File), e.Line, e.Paths))
	}
	sort.Strings(out)
	return out
}

// splitParts runs a split into n prefixes and every part, and merges;
// it returns the merged summary.
func splitParts(t *testing.T, root string, n int, args []string, kinds string) executor.Summary {
	t.Helper()
	sdir := filepath.Join(root, "split")
	out, code := runCLI(t, append([]string{"run", "--split", fmt.Sprint(n), "--output-dir", sdir}, args...)...)
	if code != 0 {
		t.Fatalf("split: exit %d: %s", code, out)
	}
	ss := readSummary(t, sdir)
	if ss.Split == nil || ss.Split.Role != "split" || ss.Complete || ss.EndedBy != executor.EndedSplit {
		t.Fatalf("split run's summary: split %+v, complete %v, ended_by %s; want role split, not complete, ended by split", ss.Split, ss.Complete, ss.EndedBy)
	}
	prefixes, _ := filepath.Glob(filepath.Join(sdir, "prefixes", "*.prefix"))
	if len(prefixes) < n || len(prefixes) != ss.Split.Prefixes {
		t.Fatalf("%d prefix files, summary says %d; want at least %d", len(prefixes), ss.Split.Prefixes, n)
	}
	script, err := os.ReadFile(filepath.Join(sdir, "prefixes", "array.sbatch"))
	if err != nil || !strings.Contains(string(script), fmt.Sprintf("#SBATCH --array=0-%d\n", len(prefixes)-1)) {
		t.Fatalf("array.sbatch (%v):\n%s", err, script)
	}
	seen := map[byte]bool{}
	for _, p := range prefixes {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range regexp.MustCompile(`"([bvca])-?\d+:[0-9a-f:]+!?"`).FindAllSubmatch(b, -1) {
			seen[m[1][0]] = true
		}
	}
	for _, k := range []byte(kinds) {
		if !seen[k] {
			t.Errorf("no decision of kind %c in the prefixes", k)
		}
	}
	dirs := []string{sdir}
	decisions := 0
	for i, p := range prefixes {
		pdir := filepath.Join(root, "parts", fmt.Sprint(i))
		pargs := []string{"run", "--prefix", p, "--output-dir", pdir}
		if i%2 == 1 {
			// Half the parts take the split run's compiled program
			// (--compiled, as --parallel and array.sbatch do), half compile.
			pargs = append(pargs, "--compiled", filepath.Join(sdir, "assembly.ll"))
		}
		out, code := runCLI(t, append(pargs, args...)...)
		if code != 0 {
			t.Fatalf("part %d: exit %d: %s", i, code, out)
		}
		ps := readSummary(t, pdir)
		if ps.Split == nil || ps.Split.Role != "part" || ps.Split.Index != i || ps.Split.Replay == nil || ps.Split.Replay.Checks != 1 {
			t.Fatalf("part %d's split record %+v: want role part, index %d, one feasibility check", i, ps.Split, i)
		}
		decisions += ps.Split.Replay.Decisions
		dirs = append(dirs, pdir)
	}
	if decisions == 0 {
		t.Errorf("the parts followed no decision")
	}
	mdir := filepath.Join(root, "merged")
	if out, code := runCLI(t, append([]string{"merge", "--output-dir", mdir}, dirs...)...); code != 0 {
		t.Fatalf("merge: exit %d: %s", code, out)
	}
	return readSummary(t, mdir)
}

func TestSplitMergeSameAsOneRun(t *testing.T) {
	requireClang(t)
	cases := []struct {
		name  string
		args  []string
		n     int
		kinds string // decision kinds the prefixes must contain
		slow  bool
	}{
		{"branches 64 paths", []string{"-D", "LOOP=2", "testdata/split.c"}, 4, "b", false},
		{"every decision kind", []string{"--check-fp", "divbyzero", "testdata/splitkinds.c"}, 6, "abcv", false},
		// 1,024 paths into 8 prefixes (issue 22's must-hold).
		{"1024 paths", []string{"-D", "LOOP=6", "testdata/split.c"}, 8, "b", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.slow {
				testtool.RequireSlow(t)
			}
			root := t.TempDir()
			udir := filepath.Join(root, "unsplit")
			if out, code := runCLI(t, append([]string{"run", "--output-dir", udir}, c.args...)...); code != 0 {
				t.Fatalf("unsplit: exit %d: %s", code, out)
			}
			one := readSummary(t, udir)
			m := splitParts(t, root, c.n, c.args, c.kinds)
			if m.PathsExplored != one.PathsExplored || m.PathsCompleted != one.PathsCompleted {
				t.Errorf("merged: %d paths (%d completed); one run: %d (%d)", m.PathsExplored, m.PathsCompleted, one.PathsExplored, one.PathsCompleted)
			}
			if a, b := errorSet(m), errorSet(one); !slices.Equal(a, b) {
				t.Errorf("merged errors:\n%s\none run's:\n%s", strings.Join(a, "\n"), strings.Join(b, "\n"))
			}
			if m.Complete != one.Complete {
				t.Errorf("merged complete %v, one run %v", m.Complete, one.Complete)
			}
			sameCoverage(t, udir, filepath.Join(root, "merged"), one, m)
			tests, _ := filepath.Glob(filepath.Join(root, "merged", "test*.ktest"))
			if len(tests) != m.TestsWritten || m.TestsWritten == 0 {
				t.Errorf("%d .ktest files, summary says %d", len(tests), m.TestsWritten)
			}
			for i, tf := range tests {
				if want := fmt.Sprintf("test%06d.ktest", i+1); filepath.Base(tf) != want {
					t.Fatalf("test %d is %s, want %s (renumbered from 1)", i, filepath.Base(tf), want)
				}
			}
			for _, e := range m.Errors {
				if _, err := os.Stat(filepath.Join(root, "merged", e.Test)); err != nil {
					t.Errorf("error %s at line %d names test %q: %v", e.Kind, e.Line, e.Test, err)
				}
			}
		})
	}
}

// ktestSet is the contents of a directory's tests, sorted.
func ktestSet(t *testing.T, dir string) []string {
	files, _ := filepath.Glob(filepath.Join(dir, "test*.ktest"))
	var out []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, fmt.Sprintf("%x", sha256.Sum256(b)))
	}
	sort.Strings(out)
	return out
}

// TestParallelDeterministic: --parallel K twice with the same seed gives
// byte-identical merged tests, the same paths and errors, with the
// default solver (the portfolio, cvc5 joining z3 after its slice, and
// the native search beside them: whichever answers first, each test's
// model is re-derived canonically, solver.CanonicalModel); so does one
// run with --canonical-tests.
func TestParallelDeterministic(t *testing.T) {
	requireClang(t)
	cases := []struct {
		name   string
		flags  []string
		merged bool
	}{
		{"parallel 2", []string{"--parallel", "2"}, true},
		{"one run, canonical tests", []string{"--canonical-tests"}, false},
	}
	args := []string{"-D", "LOOP=2", "testdata/split.c"}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			var sets [][]string
			var sums []executor.Summary
			for i := 0; i < 2; i++ {
				dir := filepath.Join(root, fmt.Sprint(i))
				run := append(append([]string{"run", "--seed", "3", "--output-dir", dir}, c.flags...), args...)
				if out, code := runCLI(t, run...); code != 0 {
					t.Fatalf("%v: exit %d: %s", c.flags, code, out)
				}
				s := readSummary(t, dir)
				if c.merged && (s.Split == nil || s.Split.Role != "merged" || len(s.Split.Parts) < 2) || !s.Complete {
					t.Fatalf("split record %+v, complete %v", s.Split, s.Complete)
				}
				msgs, _ := os.ReadFile(filepath.Join(dir, "messages.txt"))
				warns, _ := os.ReadFile(filepath.Join(dir, "warnings.txt"))
				if !strings.Contains(string(msgs), "every test's model is canonical") || strings.Contains(string(warns), "did not find keep the solver's") {
					t.Errorf("not every test's model is canonical:\n%s", msgs)
				}
				sets = append(sets, ktestSet(t, dir))
				sums = append(sums, s)
			}
			if !slices.Equal(sets[0], sets[1]) || len(sets[0]) == 0 {
				t.Errorf("two runs wrote different tests (%d and %d)", len(sets[0]), len(sets[1]))
			}
			if sums[0].PathsExplored != 64 || sums[1].PathsExplored != 64 {
				t.Errorf("paths %d and %d, want 64", sums[0].PathsExplored, sums[1].PathsExplored)
			}
			if a, b := errorSet(sums[0]), errorSet(sums[1]); !slices.Equal(a, b) || len(a) != 2 {
				t.Errorf("errors %v and %v, want the same two", a, b)
			}
		})
	}
}

// TestPrefixRefused: a prefix is refused, with a clear error, for another
// program or other arguments; a prefix whose decisions do not fit ends
// its path with an error naming both sites; a merge missing a part is
// not complete.
func TestPrefixRefused(t *testing.T) {
	requireClang(t)
	root := t.TempDir()
	sdir := filepath.Join(root, "split")
	if out, code := runCLI(t, "run", "-D", "LOOP=2", "--split", "4", "--output-dir", sdir, "testdata/split.c"); code != 0 {
		t.Fatalf("split: exit %d: %s", code, out)
	}
	p0 := filepath.Join(sdir, "prefixes", "0000.prefix")
	b, err := os.ReadFile(p0)
	if err != nil {
		t.Fatal(err)
	}
	// Another program's compiled module (--compiled).
	otherLL := filepath.Join(root, "other.ll")
	if err := os.WriteFile(otherLL, []byte("define i32 @main() {\n  ret i32 0\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// A decision's site moved by one instruction.
	at := strings.Index(string(b), `"decisions"`)
	bad := string(b[:at]) + strings.Replace(string(b[at:]), `"b`, `"b9`, 1)
	badFile := filepath.Join(root, "bad.prefix")
	if err := os.WriteFile(badFile, []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name   string
		args   []string
		errOut string // the run fails with this
		kind   string // or a path ends with an error of this kind
	}{
		{"other program", []string{"--prefix", p0, "-D", "LOOP=3", "testdata/split.c"}, "was written for another program", ""},
		{"other arguments", []string{"--prefix", p0, "-D", "LOOP=2", "testdata/split.c", "--", "x"}, "other program arguments or options", ""},
		{"merge", []string{"--prefix", p0, "--merge", "on", "-D", "LOOP=2", "testdata/split.c"}, "--merge cannot be combined", ""},
		{"not a prefix", []string{"--prefix", "testdata/split.c", "-D", "LOOP=2", "testdata/split.c"}, "not a prefix file", ""},
		{"compiled not a module", []string{"--prefix", p0, "--compiled", "testdata/split.c", "-D", "LOOP=2", "testdata/split.c"}, "want the split run's assembly.ll", ""},
		{"compiled other program", []string{"--prefix", p0, "--compiled", otherLL, "-D", "LOOP=2", "testdata/split.c"}, "was written for another program", ""},
		{"decision at another site", []string{"--prefix", badFile, "-D", "LOOP=2", "testdata/split.c"}, "", "exec"},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(root, fmt.Sprint("run", i))
			out, code := runCLI(t, append([]string{"run", "--output-dir", dir}, c.args...)...)
			if c.errOut != "" {
				if code == 0 || !strings.Contains(out, "floatsym: error:") || !strings.Contains(out, c.errOut) || strings.Contains(out, "goroutine") {
					t.Fatalf("exit %d, output:\n%s\nwant an error containing %q", code, out, c.errOut)
				}
				return
			}
			if code != 0 {
				t.Fatalf("exit %d: %s", code, out)
			}
			s := readSummary(t, dir)
			if s.Complete || len(s.Paths) != 1 || s.Paths[0].Termination.Kind != c.kind || !strings.Contains(s.Paths[0].Termination.Message, "prefix does not fit") {
				t.Fatalf("complete %v, paths %+v: want one path ended %s by the misfit", s.Complete, s.Paths, c.kind)
			}
		})
	}
	t.Run("merge missing a part", func(t *testing.T) {
		pdir := filepath.Join(root, "part0")
		if out, code := runCLI(t, "run", "--prefix", p0, "--output-dir", pdir, "-D", "LOOP=2", "testdata/split.c"); code != 0 {
			t.Fatalf("part: exit %d: %s", code, out)
		}
		mdir := filepath.Join(root, "merged")
		if out, code := runCLI(t, "merge", "--output-dir", mdir, sdir, pdir); code != 0 {
			t.Fatalf("merge: exit %d: %s", code, out)
		}
		s := readSummary(t, mdir)
		info, _ := os.ReadFile(filepath.Join(mdir, "info"))
		if s.Complete || !strings.Contains(string(info), "missing parts of split") {
			t.Errorf("complete %v, info:\n%s\nwant incomplete, the missing parts named", s.Complete, info)
		}
	})
}

// sameCoverage: the merged directory's coverage files and summary
// coverage are the unsplit run's (the parts do not count their prefixes,
// the merge adds the counters), and the merged run.stats ends with the
// totals: the merged paths and tests, the unsplit run's coverage.
func sameCoverage(t *testing.T, one, merged string, os1, om executor.Summary) {
	t.Helper()
	for _, f := range []string{"coverage.info", "run.istats"} {
		a, err1 := os.ReadFile(filepath.Join(one, f))
		b, err2 := os.ReadFile(filepath.Join(merged, f))
		if err1 != nil || err2 != nil || string(a) != string(b) {
			t.Errorf("%s differs between the unsplit run and the merge (%v, %v):\n%s\n--- merged:\n%s", f, err1, err2, a, b)
		}
	}
	if !reflect.DeepEqual(os1.Coverage, om.Coverage) || om.Coverage == nil {
		t.Errorf("summary coverage: unsplit %+v, merged %+v", os1.Coverage, om.Coverage)
	}
	r1, err := runstats.Read(one)
	if err != nil {
		t.Fatal(err)
	}
	rm, err := runstats.Read(merged)
	if err != nil {
		t.Fatal(err)
	}
	a, b := r1.Last(), rm.Last()
	for _, c := range []string{"FullBranches", "PartialBranches", "NumBranches", "CoveredLines", "TotalLines", "CoveredInstructions", "UncoveredInstructions", "Paths"} {
		if a[c] != b[c] {
			t.Errorf("run.stats' last row: %s %v unsplit, %v merged", c, a[c], b[c])
		}
	}
	if b["Tests"] != float64(om.TestsWritten) || b["NumStates"] != 0 || len(rm.Records) < 2 {
		t.Errorf("merged run.stats: %d rows, last %v; want the merged %d tests and no state alive", len(rm.Records), b, om.TestsWritten)
	}
}
