package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLibmModes runs programs whose branches depend on transcendental libm
// results of symbolic arguments under both --libm modes:
//   - concretize (the default) fixes the argument with a warning and the
//     run is incomplete;
//   - uninterpreted finds exp(x) == 1 through the special-point fact
//     exp(±0) = 1 and confirms it natively; the candidate for
//     sin(x) == 0.5 (no fact pins x) does not replay and is dropped and
//     counted, its test removed; two logf(x) cannot differ (functional
//     consistency), so no path reaches that abort at all, nor any abort
//     of libm_facts.c, each excluded by one fact (special point, range,
//     sign, NaN, pow(x, 0)); of three candidates at one abort, the first
//     is dropped, the second reported and the third its duplicate.
func TestLibmModes(t *testing.T) {
	requireClang(t)
	for _, tc := range []struct {
		prog, mode string
		complete   bool
		errLines   []int // reported abort lines (concretize: not checked,
		// the error depends on the value the solver picks)
		confirmed, drop int
		abortPaths      int    // paths of the summary ending in abort
		output          string // in floatsym's output
	}{
		{"libm_exp.c", "", false, nil, 0, 0, 0, "concretizing symbolic value (argument of exp)"},
		{"libm_sin.c", "concretize", false, nil, 0, 0, 0, "concretizing symbolic value (argument of sin)"},
		{"libm_exp.c", "uninterpreted", true, []int{13}, 1, 0, 1, "libm candidates 1 confirmed 0 dropped"},
		{"libm_sin.c", "uninterpreted", false, nil, 0, 1, 1, "libm candidates 0 confirmed 1 dropped"},
		{"libm_log2calls.c", "uninterpreted", true, nil, 0, 0, 0, "libm candidates 0 confirmed 0 dropped"},
		{"libm_facts.c", "uninterpreted", true, nil, 0, 0, 0, "libm candidates 0 confirmed 0 dropped"},
		{"libm_samebug.c", "uninterpreted", false, []int{23}, 1, 1, 3, "libm candidates 1 confirmed 1 dropped"},
	} {
		t.Run(tc.prog+"/"+tc.mode, func(t *testing.T) {
			t.Parallel() // waits on its own floatsym/clang/replay children, own directories
			dir := filepath.Join(t.TempDir(), "out")
			// --search dfs: which candidate at one abort is dropped, reported
			// or a duplicate (libm_samebug.c) depends on the paths' order.
			args := []string{"run", "--output-dir", dir, "--search", "dfs"}
			if tc.mode != "" {
				args = append(args, "--libm="+tc.mode)
			}
			prog := filepath.Join("testdata", tc.prog)
			out, code := runCLI(t, append(args, prog)...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, out)
			}
			if !strings.Contains(out, tc.output) {
				t.Errorf("output does not contain %q:\n%s", tc.output, out)
			}
			s := readSummary(t, dir)
			if s.Complete != tc.complete {
				t.Errorf("complete = %v, want %v", s.Complete, tc.complete)
			}
			var lines []int
			recorded := 0 // paths the error records count
			for _, e := range s.Errors {
				if e.Kind != "abort" {
					t.Errorf("unexpected error %+v", e)
				}
				lines = append(lines, e.Line)
				recorded += e.Paths
			}
			concretize := tc.mode != "uninterpreted"
			if !concretize && (len(lines) != len(tc.errLines) || len(lines) > 0 && lines[0] != tc.errLines[0]) {
				t.Errorf("abort lines %v, want %v", lines, tc.errLines)
			}
			aborts := 0
			for _, p := range s.Paths {
				if p.Termination.Kind == "abort" {
					aborts++
				}
			}
			if !concretize && (aborts != tc.abortPaths || recorded != aborts-tc.drop) {
				t.Errorf("%d paths end in abort, %d counted by the error records; want %d and %d", aborts, recorded, tc.abortPaths, tc.abortPaths-tc.drop)
			}
			if tc.mode == "uninterpreted" {
				lc := s.LibmCandidates
				if lc == nil || lc.Confirmed != tc.confirmed || lc.Dropped != tc.drop || lc.ExitsMismatched != 0 {
					t.Errorf("libm_candidates %+v, want %d confirmed, %d dropped", lc, tc.confirmed, tc.drop)
				}
			} else if s.LibmCandidates != nil {
				t.Errorf("libm_candidates %+v without --libm=uninterpreted", s.LibmCandidates)
			}
			errs, _ := filepath.Glob(filepath.Join(dir, "*.err"))
			kts, _ := filepath.Glob(filepath.Join(dir, "*.ktest"))
			if !concretize && len(errs) != len(tc.errLines) || len(kts) != s.TestsWritten {
				t.Errorf("%d .err files, %d .ktest files; want %d and %d", len(errs), len(kts), len(tc.errLines), s.TestsWritten)
			}
			// What is left replays natively.
			if out, code := runCLI(t, "replay", "--program", prog, dir); code != 0 {
				t.Errorf("replay: exit %d:\n%s", code, out)
			}
			if b, _ := os.ReadFile(filepath.Join(dir, "info")); tc.mode == "uninterpreted" && !strings.Contains(string(b), "libm candidates:") {
				t.Errorf("info has no libm candidates line")
			}
		})
	}
}

// TestLibmFlagErrors: a bad --libm value, and uninterpreted mode on IR
// input (no native build to confirm reports with), are one error line.
func TestLibmFlagErrors(t *testing.T) {
	requireClang(t)
	for _, tc := range []struct{ mode, input, want string }{
		{"foo", "testdata/libm_sin.c", `--libm="foo": want concretize or uninterpreted`},
		{"uninterpreted", "testdata/malformed.ll", "needs C sources"},
	} {
		out, code := runCLI(t, "run", "--libm="+tc.mode, "--output-dir", filepath.Join(t.TempDir(), "out"), tc.input)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if code == 0 || len(lines) != 1 || !strings.Contains(lines[0], tc.want) {
			t.Errorf("--libm=%s %s: exit %d, output:\n%s\nwant one error line containing %q", tc.mode, tc.input, code, out, tc.want)
		}
	}
}
