package main

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/replay"
	"github.com/floatsym/floatsym/internal/testtool"
)

// gcovDump makes a natively replayed test that ends on a signal (abort,
// SIGFPE, SIGSEGV: floatsym's errors) still write its coverage data, which
// the gcov runtime otherwise writes only at exit.
const gcovDump = `#include <signal.h>
extern void __gcov_dump(void);
static void floatsym_gcov_dump(int sig) { __gcov_dump(); signal(sig, SIG_DFL); raise(sig); }
__attribute__((constructor)) static void floatsym_gcov_init(void) {
	int sigs[] = {SIGABRT, SIGSEGV, SIGFPE, SIGBUS, SIGILL, SIGTRAP};
	for (unsigned i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		signal(sigs[i], floatsym_gcov_dump);
}
`

// TestCoverageGcov is the coverage oracle (make coverage-check): each
// program of testdata/coverage is explored by floatsym (every error path
// gets its test: --emit-all-errors), then compiled natively with
// clang-14 --coverage, every .ktest replayed, and llvm-cov-14 gcov asked
// which lines ran. Per source file, floatsym's covered lines
// (summary.json's coverage) must equal gcov's within one line.
// library.c calls libm and floatsym's C library (the "library" program:
// their lines are counted by neither side).
func TestCoverageGcov(t *testing.T) {
	requireClang(t)
	testtool.Require(t, "llvm-cov-14")
	entries, err := os.ReadDir("testdata/coverage")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	rt, err := replay.PrepareManual(ctx, "", "")
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) < 5 {
		t.Fatalf("the oracle needs at least 5 programs, testdata/coverage has %d", len(entries))
	}
	for _, ent := range entries {
		ent := ent
		t.Run(strings.TrimSuffix(ent.Name(), ".c"), func(t *testing.T) {
			t.Parallel() // waits on its own floatsym/clang/replay children, own directories
			work := t.TempDir()
			srcs := copyCoverageProgram(t, filepath.Join("testdata/coverage", ent.Name()), work)
			checkGcovOracle(t, ctx, rt, work, srcs, nil, nil, nil)
		})
	}
}

// checkGcovOracle explores the program srcs (copied into work) with
// floatsym run (runArgs added, e.g. --lib gsl), replays every test
// natively built with --coverage (cflags and ldflags added: the library's
// native build), and compares floatsym's covered lines with llvm-cov-14
// gcov's per source file: at most one line may differ. The exploration
// must be complete, and lines outside srcs (floatsym's C library, a --lib
// library) must not be counted.
func checkGcovOracle(t *testing.T, ctx context.Context, rt replay.ManualBuild, work string, srcs, runArgs, cflags, ldflags []string) {
	t.Helper()
	out := filepath.Join(work, "out")
	args := append(append([]string{"run", "--emit-all-errors", "--max-time", "120s", "--progress", "0", "--output-dir", out}, runArgs...), srcs...)
	if o, code := runCLI(t, args...); code != 0 {
		t.Fatalf("floatsym run: exit %d\n%s", code, o)
	}
	sum := readSummary(t, out)
	if sum.Coverage == nil {
		t.Fatal("summary.json has no coverage")
	}
	if !sum.Complete {
		t.Errorf("the exploration is not complete (ended by %s): the oracle wants every path's test", sum.EndedBy)
	}
	tests, _ := filepath.Glob(filepath.Join(out, "*.ktest"))
	if len(tests) == 0 {
		t.Fatal("no tests written")
	}
	gcov := gcovLines(t, ctx, work, srcs, tests, rt, cflags, ldflags)
	fs := map[string][]int{}
	for _, f := range sum.Coverage.Files {
		fs[filepath.Base(f.File)] = f.Covered
		if !slices.Contains(srcs, f.File) {
			t.Errorf("coverage counts %s, not a source of the program (floatsym's C library and --lib libraries are excluded by default)", f.File)
		}
	}
	checkLcov(t, filepath.Join(out, "coverage.info"), sum.Coverage.LinesCovered, sum.Coverage.LinesTotal)
	for _, src := range srcs {
		name := filepath.Base(src)
		mine, theirs := fs[name], gcov[name]
		only1, only2 := setDiff(mine, theirs), setDiff(theirs, mine)
		t.Logf("%s: %d tests; floatsym %d covered lines, gcov %d; only floatsym %v, only gcov %v",
			name, len(tests), len(mine), len(theirs), only1, only2)
		if len(theirs) == 0 {
			t.Errorf("%s: gcov saw no line run: the native replay did not run", name)
		}
		if len(only1)+len(only2) > 1 {
			t.Errorf("%s: floatsym and gcov disagree on %d lines (only floatsym %v, only gcov %v)",
				name, len(only1)+len(only2), only1, only2)
		}
	}
}

// copyCoverageProgram copies a program (a .c file or a directory of
// sources) into work and returns its C files there.
func copyCoverageProgram(t *testing.T, path, work string) []string {
	t.Helper()
	files := []string{path}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		ents, _ := os.ReadDir(path)
		files = nil
		for _, e := range ents {
			files = append(files, filepath.Join(path, e.Name()))
		}
	}
	var srcs []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(work, filepath.Base(f))
		if err := os.WriteFile(dst, b, 0o644); err != nil {
			t.Fatal(err)
		}
		if strings.HasSuffix(f, ".c") {
			srcs = append(srcs, dst)
		}
	}
	return srcs
}

// gcovLines builds the program with --coverage in work (cflags added to
// each compile, ldflags to the link), replays every test and returns, per
// source file name, the lines gcov reports run.
func gcovLines(t *testing.T, ctx context.Context, work string, srcs, tests []string, rt replay.ManualBuild, cflags, ldflags []string) map[string][]int {
	t.Helper()
	run := func(env []string, name string, args ...string) string {
		ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, name, args...)
		cmd.Dir = work
		cmd.Env = append(os.Environ(), env...)
		o, err := cmd.CombinedOutput()
		if err != nil && env == nil {
			t.Fatalf("%s %s: %v\n%s", name, strings.Join(args, " "), err, o)
		}
		return string(o)
	}
	if err := os.WriteFile(filepath.Join(work, "gcovdump.c"), []byte(gcovDump), 0o644); err != nil {
		t.Fatal(err)
	}
	objs := []string{"gcovdump.o"}
	run(nil, "clang-14", "-c", "gcovdump.c", "-o", "gcovdump.o")
	for _, s := range srcs {
		base := strings.TrimSuffix(filepath.Base(s), ".c")
		cc := append([]string{"--coverage", "-O0", "-g", "-I", rt.IncludeDir}, cflags...)
		run(nil, "clang-14", append(cc, "-c", filepath.Base(s), "-o", base+".o")...)
		objs = append(objs, base+".o")
	}
	link := append(append([]string{"--coverage"}, objs...), rt.Runtime)
	link = append(append(append(link, ldflags...), rt.LinkFlags...), "-o", "prog.cov")
	run(nil, "clang-14", link...)
	for _, k := range tests {
		run([]string{"KTEST_FILE=" + k}, "./prog.cov") // errors end on signals
	}
	res := map[string][]int{}
	for _, s := range srcs {
		name := filepath.Base(s)
		base := strings.TrimSuffix(name, ".c")
		run(nil, "llvm-cov-14", "gcov", "-o", base+".o", name)
		res[name] = parseGcov(t, filepath.Join(work, name+".gcov"))
	}
	return res
}

// parseGcov reads a .gcov file: "count:line:source", count "-" for a
// line without code, "#####" for one never run, a number (maybe with a
// "*" for a partly run block) for one run.
func parseGcov(t *testing.T, path string) []int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []int
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		parts := strings.SplitN(sc.Text(), ":", 3)
		if len(parts) < 3 {
			continue
		}
		n, err1 := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(parts[0]), "*"), 10, 64)
		ln, err2 := strconv.Atoi(strings.TrimSpace(parts[1]))
		if err1 == nil && err2 == nil && ln > 0 && n > 0 {
			lines = append(lines, ln)
		}
	}
	sort.Ints(lines)
	return lines
}

// setDiff is a minus b (both ascending).
func setDiff(a, b []int) []int {
	in := map[int]bool{}
	for _, x := range b {
		in[x] = true
	}
	d := []int{}
	for _, x := range a {
		if !in[x] {
			d = append(d, x)
		}
	}
	return d
}

// checkLcov validates a coverage.info tracefile: records of TN, SF, FN*,
// FNDA*, FNF, FNH, BRDA*, BRF, BRH, DA*, LF, LH, end_of_record, each
// total consistent with its entries and the line totals with
// summary.json's; genhtml must accept it when installed.
func checkLcov(t *testing.T, path string, covered, total int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var lf, lh, da, daHit, brda, brdaHit, fn, fnda, fnHit, sumLF, sumLH int
	inRec := false
	num := func(s string) int {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Errorf("coverage.info: %q is not a number", s)
		}
		return n
	}
	for i, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		key, val, _ := strings.Cut(line, ":")
		f := strings.Split(val, ",")
		switch {
		case key == "TN" && !inRec:
			inRec = true
			da, daHit, brda, brdaHit, fn, fnda, fnHit = 0, 0, 0, 0, 0, 0, 0
		case !inRec:
			t.Fatalf("coverage.info:%d: %q outside a record", i+1, line)
		case key == "SF":
			if !filepath.IsAbs(val) {
				t.Errorf("coverage.info:%d: SF %q is not absolute", i+1, val)
			}
		case key == "FN" && len(f) == 2:
			num(f[0])
			fn++
		case key == "FNDA" && len(f) == 2:
			fnda++
			if num(f[0]) > 0 {
				fnHit++
			}
		case key == "FNF":
			if num(val) != fn || fnda != fn {
				t.Errorf("coverage.info:%d: FNF %s for %d FN, %d FNDA", i+1, val, fn, fnda)
			}
		case key == "FNH":
			if num(val) != fnHit {
				t.Errorf("coverage.info:%d: FNH %s for %d functions run", i+1, val, fnHit)
			}
		case key == "BRDA" && len(f) == 4:
			num(f[0])
			num(f[1])
			num(f[2])
			brda++
			if f[3] != "-" && num(f[3]) > 0 {
				brdaHit++
			}
		case key == "BRF":
			if num(val) != brda {
				t.Errorf("coverage.info:%d: BRF %s for %d BRDA", i+1, val, brda)
			}
		case key == "BRH":
			if num(val) != brdaHit {
				t.Errorf("coverage.info:%d: BRH %s for %d taken", i+1, val, brdaHit)
			}
		case key == "DA" && len(f) == 2:
			num(f[0])
			da++
			if num(f[1]) > 0 {
				daHit++
			}
		case key == "LF":
			lf = num(val)
			if lf != da {
				t.Errorf("coverage.info:%d: LF %d for %d DA", i+1, lf, da)
			}
		case key == "LH":
			lh = num(val)
			if lh != daHit {
				t.Errorf("coverage.info:%d: LH %d for %d DA run", i+1, lh, daHit)
			}
		case line == "end_of_record":
			inRec = false
			sumLF += lf
			sumLH += lh
		default:
			t.Errorf("coverage.info:%d: unexpected %q", i+1, line)
		}
	}
	if inRec {
		t.Error("coverage.info: last record has no end_of_record")
	}
	if sumLF != total || sumLH != covered {
		t.Errorf("coverage.info: %d/%d lines, summary.json %d/%d", sumLH, sumLF, covered, total)
	}
	if g, err := exec.LookPath("genhtml"); err == nil {
		if o, err := exec.Command(g, "--branch-coverage", "--quiet", "-o", t.TempDir(), path).CombinedOutput(); err != nil {
			t.Errorf("genhtml rejects coverage.info: %v\n%s", err, o)
		}
	}
}
