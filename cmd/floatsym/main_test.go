package main

import (
	"encoding/json"
	"fmt"
	"github.com/floatsym/floatsym/internal/ktest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/testtool"
)

var binary string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "floatsym-cli-")
	if err != nil {
		panic(err)
	}
	binary = filepath.Join(dir, "floatsym")
	if out, err := exec.Command("go", "build", "-o", binary, ".").CombinedOutput(); err != nil {
		panic(string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

func runCLI(t *testing.T, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return string(out), code
}

func requireClang(t *testing.T) {
	testtool.Require(t, testtool.Clang)
}

// TestBadInput: each bad input gives one "floatsym: error:" line naming
// what and where, and a non-zero exit; never a panic.
func TestBadInput(t *testing.T) {
	requireClang(t)
	cases := []struct{ input, want string }{
		{"testdata/malformed.ll", "malformed.ll:2:1: error: expected type"},
		{"testdata/opaque.ll", "this .ll uses opaque pointers (ptr), which LLVM 14 does not read: compile the C with clang-14"},
		{"testdata/nocompile.c", "nocompile.c:1:21: error: use of undeclared identifier 'x'"},
		{"testdata/missing.c", "no such file or directory"},
		{"testdata/README.txt", "no such file"},
	}
	for _, c := range cases {
		t.Run(filepath.Base(c.input), func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			out, code := runCLI(t, "run", "--output-dir", dir, c.input)
			if _, err := os.Stat(dir); err == nil {
				t.Errorf("a run that failed before exploring left its output directory")
			}
			lines := strings.Split(strings.TrimSpace(out), "\n")
			if code == 0 || len(lines) != 1 || !strings.HasPrefix(lines[0], "floatsym: error: ") || !strings.Contains(lines[0], c.want) {
				t.Errorf("exit %d, output:\n%s\nwant one error line containing %q", code, out, c.want)
			}
			if strings.Contains(out, "goroutine") {
				t.Errorf("panic trace in output")
			}
		})
	}
}

func readSummary(t *testing.T, dir string) executor.Summary {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	validateSummary(t, b)
	var s executor.Summary
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestBadSymbolicUse: API misuse is an error path with file:line, and the
// run goes on and finishes normally.
func TestBadSymbolicUse(t *testing.T) {
	requireClang(t)
	dir := filepath.Join(t.TempDir(), "out")
	out, code := runCLI(t, "run", "--output-dir", dir, "testdata/badsym.c")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	s := readSummary(t, dir)
	if len(s.Errors) != 1 || s.Errors[0].Kind != "user" || s.Errors[0].Line != 2 || !strings.Contains(s.Errors[0].Message, "wrong size") {
		t.Errorf("errors %+v", s.Errors)
	}
	if _, err := os.Stat(filepath.Join(dir, "test000001.user.err")); err != nil {
		t.Error(err)
	}
	dir2 := filepath.Join(t.TempDir(), "out")
	out, code = runCLI(t, "run", "--output-dir", dir2, "testdata/symmalloc.c")
	if code != 0 || !strings.Contains(out, "symmalloc.c:3: concretizing symbolic value (argument of malloc)") {
		t.Errorf("exit %d, output %s: want a warning naming the call site", code, out)
	}
}

// TestRunReplayKtest runs the demo end to end: the output directory has
// KLEE's layout, every test replays natively, ktest prints float readings.
func TestRunReplayKtest(t *testing.T) {
	requireClang(t)
	dir := filepath.Join(t.TempDir(), "out")
	out, code := runCLI(t, "run", "--output-dir", dir, "../../examples/demo.c")
	if code != 0 {
		t.Fatalf("run: exit %d: %s", code, out)
	}
	for _, f := range []string{"info", "messages.txt", "warnings.txt", "assembly.ll", "summary.json", "test000001.ktest"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
	s := readSummary(t, dir)
	if !s.Complete || len(s.Errors) == 0 || s.Errors[0].Kind != "assert" || s.SymbolicObjects == 0 || s.Queries == 0 {
		t.Errorf("summary: complete %v, errors %+v, symbolic %d, queries %d", s.Complete, s.Errors, s.SymbolicObjects, s.Queries)
	}
	msgs, _ := os.ReadFile(filepath.Join(dir, "messages.txt"))
	if !strings.Contains(string(msgs), "clang-14 -S -emit-llvm") {
		t.Errorf("messages.txt does not log the compile command")
	}
	out, code = runCLI(t, "replay", "--program", "../../examples/demo.c", dir)
	if code != 0 || !strings.Contains(out, " 0 failed") {
		t.Errorf("replay: exit %d:\n%s", code, out)
	}
	out, code = runCLI(t, "ktest", filepath.Join(dir, s.Errors[0].Test))
	if code != 0 || !strings.Contains(out, "float : ") || !strings.Contains(out, "num objects: 3") {
		t.Errorf("ktest: exit %d:\n%s", code, out)
	}
}

// TestKleeOutDefault: without --output-dir, klee-out-N beside the input
// and a klee-last link.
func TestKleeOutDefault(t *testing.T) {
	requireClang(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "p.c")
	os.WriteFile(src, []byte("int main(void) { return 3; }\n"), 0o644)
	for i := 0; i < 2; i++ {
		if out, code := runCLI(t, "run", src); code != 0 {
			t.Fatalf("exit %d: %s", code, out)
		}
	}
	target, err := os.Readlink(filepath.Join(dir, "klee-last"))
	if err != nil || target != "klee-out-1" {
		t.Errorf("klee-last -> %q (%v), want klee-out-1", target, err)
	}
	s := readSummary(t, filepath.Join(dir, "klee-out-0"))
	if len(s.Paths) != 1 || s.Paths[0].Termination.Kind != "exit" || s.Paths[0].Termination.ExitStatus != 3 {
		t.Errorf("paths %+v", s.Paths)
	}
}

// TestEmitScalarized: --emit-scalarized writes the scalarized IR, which
// passes lanes where the program passes a <2 x float>.
func TestEmitScalarized(t *testing.T) {
	requireClang(t)
	tmp := t.TempDir()
	ll := filepath.Join(tmp, "scalar.ll")
	out, code := runCLI(t, "run", "--output-dir", filepath.Join(tmp, "out"), "--emit-scalarized", ll, "testdata/cpair.c")
	if code != 0 || !strings.Contains(out, "-0x1.8p+2 0x1.2p+2") {
		t.Fatalf("run: exit %d:\n%s", code, out)
	}
	b, err := os.ReadFile(ll)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	if !strings.Contains(text, "define internal { float, float } @swap_scale(float ") {
		t.Errorf("scalarized IR lacks the expanded @swap_scale:\n%s", text)
	}
	if strings.Contains(text, "<2 x float> %") {
		t.Errorf("scalarized IR still has <2 x float> values:\n%s", text)
	}
}

// TestSVCOMPConventions: an SV-COMP program that declares the verifier
// interface itself and defines reach_error (calling __assert_fail) finds
// its bug under `floatsym run`, replays it natively with `floatsym replay`
// (with and without floatsym's svcomp.h), and `floatsym bench` judges
// every variant TP on no_reach_error_function / no_assert_fail.
func TestSVCOMPConventions(t *testing.T) {
	requireClang(t)
	src := "testdata/svcomp/svcomp_own.c"
	for _, tc := range []struct {
		name    string
		defines []string
		kind    string
		line    int
	}{
		{"own __VERIFIER_assert calls reach_error", nil, "assert", 3},
		{"__VERIFIER_error declared by the program and svcomp.h", []string{"CALL_ERROR", "HEADER"}, "abort", 28},
		{"__VERIFIER_assert declared only", []string{"EXTERN_ASSERT"}, "assert", 30},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel() // waits on its own floatsym/clang/replay children, own directories
			dir := filepath.Join(t.TempDir(), "out")
			args := []string{"run", "--std", "gnu99", "--output-dir", dir}
			var replayArgs []string
			for _, d := range tc.defines {
				args = append(args, "-D", d)
				replayArgs = append(replayArgs, "-D", d)
			}
			out, code := runCLI(t, append(args, src)...)
			if code != 0 {
				t.Fatalf("run: exit %d: %s", code, out)
			}
			s := readSummary(t, dir)
			if len(s.Errors) != 1 || s.Errors[0].Kind != tc.kind || s.Errors[0].Line != tc.line || !s.Complete {
				t.Fatalf("errors %+v (complete %v), want one %s at line %d", s.Errors, s.Complete, tc.kind, tc.line)
			}
			out, code = runCLI(t, append(append([]string{"replay", "--program", src, "--cflags", "-O0 -g -std=gnu99"}, replayArgs...), dir)...)
			if code != 0 || !strings.Contains(out, " 0 failed") || !strings.Contains(out, fmt.Sprintf("ok (%s at ", tc.kind)) {
				t.Errorf("replay: exit %d:\n%s", code, out)
			}
		})
	}
	jsonPath := filepath.Join(t.TempDir(), "bench.json")
	out, code := runCLI(t, "bench", "--jobs", "2", "--time-limit", "60s", "--quiet", "--expect-all", "--json", jsonPath, "testdata/svcomp")
	if code != 0 {
		t.Fatalf("bench: exit %d:\n%s", code, out)
	}
	b, err := os.ReadFile(jsonPath)
	if err != nil {
		t.Fatal(err)
	}
	validateBenchReport(t, b)
	var doc struct {
		Results []struct {
			ID      string `json:"id"`
			Outcome string `json:"outcome"`
			Reports []struct {
				Verdict, Task string
			} `json:"reports"`
		} `json:"results"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Results) != 5 {
		t.Fatalf("%d results:\n%s", len(doc.Results), out)
	}
	for _, r := range doc.Results {
		want := "no_reach_error_function"
		if strings.HasSuffix(r.ID, "extern_assert") {
			want = "no_assert_fail"
		}
		if r.Outcome != "TP" || len(r.Reports) != 1 || r.Reports[0].Task != want {
			t.Errorf("%s: %s %+v, want TP on %s", r.ID, r.Outcome, r.Reports, want)
		}
	}
}

// TestOneReportPerBug: as KLEE, one .err (and test) per error location
// and kind, with summary.json counting the paths that reached it;
// --emit-all-errors writes one per path.
func TestOneReportPerBug(t *testing.T) {
	requireClang(t)
	for _, tc := range []struct {
		flags     []string
		assertErr int // .assert.err files
		records   int // summary errors for the assertion
		paths     int // paths counted per record
	}{
		{nil, 1, 1, 4},
		{[]string{"--emit-all-errors"}, 4, 4, 1},
	} {
		dir := filepath.Join(t.TempDir(), "out")
		out, code := runCLI(t, append(append([]string{"run", "--output-dir", dir}, tc.flags...), "testdata/samebug.c")...)
		if code != 0 {
			t.Fatalf("run %v: exit %d: %s", tc.flags, code, out)
		}
		errs, _ := filepath.Glob(filepath.Join(dir, "*.assert.err"))
		divs, _ := filepath.Glob(filepath.Join(dir, "*.div.err"))
		s := readSummary(t, dir)
		records, paths := 0, 0
		for _, e := range s.Errors {
			switch e.Kind {
			case "assert":
				records++
				if e.Paths != tc.paths || e.Line != 10 || e.Test == "" {
					t.Errorf("%v: assert record %+v, want %d path(s) at line 10 with a test", tc.flags, e, tc.paths)
				}
				paths += e.Paths
			case "div":
				if e.Paths != 1 || e.Line != 12 {
					t.Errorf("%v: div record %+v", tc.flags, e)
				}
			}
		}
		if len(errs) != tc.assertErr || len(divs) != 1 || records != tc.records || paths != 4 || len(s.Errors) != tc.records+1 {
			t.Errorf("%v: %d assert .err, %d div .err, %d records over %d paths (errors %+v)", tc.flags, len(errs), len(divs), records, paths, s.Errors)
		}
		// Every path is still in the summary; the duplicates have no test.
		if len(s.Paths) != 9 || s.TestsWritten != 9-4+tc.assertErr {
			t.Errorf("%v: %d paths, %d tests", tc.flags, len(s.Paths), s.TestsWritten)
		}
		out, code = runCLI(t, "replay", "--program", "testdata/samebug.c", dir)
		if code != 0 {
			t.Errorf("%v: replay: exit %d:\n%s", tc.flags, code, out)
		}
	}
}

// TestSymArgsReplay: KLEE's --sym-arg/--sym-args/--sym-files/--sym-stdin
// after "--" make the objects KLEE makes; a bug that depends on the
// argument's characters is found, and every test replays natively (the
// replay runtime rebuilds argv, the file A and stdin from the test).
func TestSymArgsReplay(t *testing.T) {
	requireClang(t)
	cases := []struct {
		prog    string
		args    []string
		line    int
		objects []string // names in the error test, in order
	}{
		{"testdata/symarg.c", []string{"--sym-arg", "3"}, 8, []string{"arg00", "model_version"}},
		{"testdata/symfiles.c", []string{"--sym-args", "0", "2", "2", "--sym-files", "1", "2", "--sym-stdin", "3"}, 12,
			[]string{"n_args", "arg00", "arg01", "A-data", "A-data-stat", "stdin", "stdin-stat", "model_version"}},
		// getopt (crt/libc/getopt.c) explored over symbolic argv.
		{"testdata/getopt_sym.c", []string{"--sym-args", "0", "2", "3"}, 16, []string{"n_args", "arg00", "arg01", "model_version"}},
	}
	for _, c := range cases {
		t.Run(filepath.Base(c.prog), func(t *testing.T) {
			t.Parallel() // waits on its own floatsym/clang/replay children, own directories
			dir := filepath.Join(t.TempDir(), "out")
			out, code := runCLI(t, append([]string{"run", "--output-dir", dir, c.prog, "--"}, c.args...)...)
			if code != 0 {
				t.Fatalf("run: exit %d: %s", code, out)
			}
			s := readSummary(t, dir)
			if !s.Complete || len(s.Errors) != 1 || s.Errors[0].Kind != "assert" || s.Errors[0].Line != c.line {
				t.Fatalf("complete %v, errors %+v", s.Complete, s.Errors)
			}
			kt, err := ktest.ReadFile(filepath.Join(dir, s.Errors[0].Test))
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, o := range kt.Objects {
				names = append(names, o.Name)
			}
			if strings.Join(names, " ") != strings.Join(c.objects, " ") {
				t.Errorf("objects %v, want %v", names, c.objects)
			}
			if strings.Join(kt.Args[1:], " ") != strings.Join(c.args, " ") {
				t.Errorf("ktest args %v", kt.Args)
			}
			out, code = runCLI(t, "replay", "--program", c.prog, dir)
			if code != 0 || !strings.Contains(out, " 0 failed") || !strings.Contains(out, "ok (assert at") {
				t.Errorf("replay: exit %d:\n%s", code, out)
			}
		})
	}
}

// TestLibFromSource: --lib with a source directory builds the library to
// bitcode (in the cache named by XDG_CACHE_HOME) and the run finds the
// assertion failure on the path through the library's code.
func TestLibFromSource(t *testing.T) {
	testtool.Require(t, testtool.Clang, "make")
	dir := filepath.Join(t.TempDir(), "out")
	cmd := exec.Command(binary, "run", "--output-dir", dir, "--lib", "../../internal/libbc/testdata/minilib", "../../internal/libbc/testdata/prog.c")
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(string(out), "building library minilib") {
		t.Errorf("no progress line:\n%s", out)
	}
	s := readSummary(t, dir)
	if !s.Complete || len(s.Errors) != 1 || s.Errors[0].Kind != "assert" || s.Errors[0].Line != 13 {
		t.Errorf("complete %v, errors %+v", s.Complete, s.Errors)
	}
}

// TestGSLPrograms (FLOATSYM_LIB_TESTS=1; builds GSL to bitcode once, a few
// minutes, then cached): the realworld GSL programs under floatsym run
// --lib gsl: an assertion failing inside GSL's call of the integrand is
// found and replays natively against the system's libgsl; the correct
// variants are explored completely; a program reading its coefficients
// from a file named by an environment variable (--env) gets its verdict.
func TestGSLPrograms(t *testing.T) {
	if os.Getenv("FLOATSYM_LIB_TESTS") == "" {
		t.Skip("set FLOATSYM_LIB_TESTS=1 (builds GSL as bitcode on first use)")
	}
	requireClang(t)
	rw, err := filepath.Abs("../../benchmarks/realworld")
	if err != nil {
		t.Fatal(err)
	}
	rw += "/" // absolute: the native replay runs in a scratch directory
	cases := []struct {
		name, src string
		flags     []string
		bugLine   int // 0: correct, fully explored
	}{
		{"qng_bug", rw + "gsl_integration_qng/gsl_integration_qng.c", []string{"-D", "LIMIT=9.5"}, 20},
		{"qng_correct", rw + "gsl_integration_qng/gsl_integration_qng.c", []string{"-D", "LIMIT=10.0"}, 0},
		{"maxindex_bug", rw + "gsl_stats_maxindex/gsl_stats_maxindex.c", nil, 24},
		{"maxindex_correct", rw + "gsl_stats_maxindex/gsl_stats_maxindex.c", []string{"-D", "FINITE"}, 0},
		{"datafile_bug", rw + "gsl_poly_datafile/gsl_poly_datafile.c", []string{"--env", "POLY_COEFFS=" + rw + "gsl_poly_datafile/coeffs_bug.txt"}, 37},
		{"datafile_correct", rw + "gsl_poly_datafile/gsl_poly_datafile.c", []string{"--env", "POLY_COEFFS=" + rw + "gsl_poly_datafile/coeffs_correct.txt"}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			args := append(append([]string{"run", "--max-time", "300s", "--output-dir", dir, "--lib", "gsl"}, c.flags...), c.src)
			out, code := runCLI(t, args...)
			if code != 0 {
				t.Fatalf("run: exit %d: %s", code, out)
			}
			s := readSummary(t, dir)
			if !s.Complete {
				t.Errorf("not complete")
			}
			if c.bugLine == 0 {
				if len(s.Errors) != 0 {
					t.Errorf("errors %+v in a correct variant", s.Errors)
				}
				return
			}
			if len(s.Errors) == 0 || s.Errors[0].Kind != "assert" || s.Errors[0].Line != c.bugLine {
				t.Fatalf("errors %+v, want an assertion at line %d", s.Errors, c.bugLine)
			}
			rargs := []string{"replay", "--lib", "gsl", "--program", c.src}
			for i := 0; i+1 < len(c.flags); i += 2 {
				switch c.flags[i] {
				case "-D":
					rargs = append(rargs, "-D", c.flags[i+1])
				case "--env":
					rargs = append(rargs, "--env", c.flags[i+1])
				}
			}
			out, code = runCLI(t, append(rargs, dir)...)
			if code != 0 || !strings.Contains(out, " 0 failed") {
				t.Errorf("replay: exit %d:\n%s", code, out)
			}
		})
	}
}
