package executor_test

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/internal/ktest"
	"github.com/floatsym/floatsym/internal/replay"
	"github.com/floatsym/floatsym/internal/testtool"
	"github.com/floatsym/floatsym/scalarize"
	"github.com/sirupsen/logrus"
)

// The symbolic suite: each program in testdata/symbolic states what
// floatsym must find in "// expect-...:" comments. Every test floatsym
// writes is replayed natively and must reproduce the recorded outcome.
//
//	expect-errors: 0                      no error is reported
//	expect-error: KIND LINE               errors are exactly of this kind and line
//	expect-range: OBJ float|double LO HI  the error test's input lies in [LO, HI]
//	expect-value: OBJ float|double V      the error test's input is exactly V
//	expect-nan: OBJ float|double          the error test's input is a NaN
//	expect-brute: 1                       completed paths = distinct native
//	                                      signatures over every input (-DBRUTE)
//	expect-concretised: 1                 the run is incomplete only because
//	                                      it concretised symbolic values

type symExpect struct {
	noErrors  bool
	errKind   string
	errLine   int
	checks    [][]string
	brute     bool
	concrete  bool
	maxTime   time.Duration
	progBytes []byte
}

var expectLineRe = regexp.MustCompile(`//\s*expect-([a-z]+):\s*(.*)`)

func parseExpect(t *testing.T, src string) symExpect {
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	x := symExpect{progBytes: b, maxTime: 120 * time.Second}
	for _, m := range expectLineRe.FindAllStringSubmatch(string(b), -1) {
		f := strings.Fields(m[2])
		switch m[1] {
		case "errors":
			x.noErrors = true
		case "error":
			x.errKind = f[0]
			x.errLine, _ = strconv.Atoi(f[1])
		case "range", "value", "nan":
			x.checks = append(x.checks, append([]string{m[1]}, f...))
		case "brute":
			x.brute = true
		case "concretised":
			x.concrete = true
		}
	}
	return x
}

// symLevels are the optimization levels the symbolic suite runs at: the
// verdicts must not depend on them (nil: floatsym's default, -O0). The
// x86-64-v3 level vectorizes for AVX2 and fuses multiply-adds; it goes
// through the -O2 pipeline and more, so -O2 runs only under
// FLOATSYM_SLOW_TESTS=1 (make test-full), or on a CPU without x86-64-v3,
// whose v3 cases are skipped. make test runs v3 on the covering subset
// of symCover (diff_cover_test.go), make test-full on every program.
var symLevels = func() []symLevel {
	levels := []symLevel{{"", "-O0", nil}, {"-O2", "-O2", []string{"-O2", "-g"}}, {"-O3-v3", v3, []string{"-O3", "-march=x86-64-v3", "-g"}}}
	if testtool.Slow() || !hostHasV3 {
		return levels
	}
	return []symLevel{levels[0], levels[2]}
}()

type symLevel struct {
	name   string
	opt    string // the level's name in optLevels (symCover)
	cflags []string
}

func runSymbolic(t *testing.T, src, dir string, cflags []string, maxTime time.Duration) (*executor.Result, *executor.OutputDir) {
	t.Helper()
	log := logrus.New()
	log.SetOutput(ioDiscard{})
	built, err := cc.CompileProgram(context.Background(), cc.Options{Sources: []string{src}, CFlags: cflags, OutDir: filepath.Join(dir, "build"), Log: logrus.NewEntry(log)})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	m, err := scalarize.LoadFiles(nil, built.Module)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	out, err := executor.CreateOutputDir(filepath.Join(dir, "out"), src)
	if err != nil {
		t.Fatal(err)
	}
	ex, err := executor.New(m, executor.Config{Stdout: ioDiscard{}, Stderr: ioDiscard{}, Args: []string{"prog"},
		MaxTime: maxTime, Output: out, RuntimeDir: built.RuntimeDir, Log: logrus.NewEntry(log),
		// Every error path is checked and replayed, not one per location.
		EmitAllErrors: true})
	if err != nil {
		t.Fatalf("executor: %v", err)
	}
	res, err := ex.Run(context.Background())
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	writeSummary(t, out, res)
	return res, out
}

// writeSummary records per-test terminations as the CLI does, for replay.
func writeSummary(t *testing.T, out *executor.OutputDir, res *executor.Result) {
	sum := &executor.Summary{}
	for _, p := range res.Paths {
		sum.Paths = append(sum.Paths, executor.PathRecord{ID: p.ID, Test: p.Test, Termination: executor.TermJSON(&p.Term)})
	}
	if err := out.WriteSummary(sum); err != nil {
		t.Fatal(err)
	}
}

func TestSymbolic(t *testing.T) {
	requireClang(t)
	progs, _ := filepath.Glob("testdata/symbolic/*.c")
	if len(progs) == 0 {
		t.Fatal("no symbolic test programs")
	}
	for _, src := range progs {
		for _, lv := range symLevels {
			src, lv := src, lv
			prog := strings.TrimSuffix(filepath.Base(src), ".c")
			if !symCover.runs(prog, lv.opt) {
				continue // its forms run in the covering subset (diff_cover_test.go)
			}
			t.Run(prog+lv.name, func(t *testing.T) {
				t.Parallel()
				if strings.Contains(lv.name, "v3") && !hostHasV3 {
					t.Skip("this CPU lacks AVX2/FMA: x86-64-v3 tests cannot replay here")
				}
				symbolicCase(t, src, lv.cflags)
			})
		}
	}
}

// symbolicCase runs one program at one optimization level and checks its
// expectations; the brute-force path count is checked at -O0 only (an
// optimized build may merge paths into selects).
func symbolicCase(t *testing.T, src string, cflags []string) {
	x := parseExpect(t, src)
	dir := t.TempDir()
	res, out := runSymbolic(t, src, dir, cflags, x.maxTime)
	switch {
	case x.concrete && (res.Complete || res.Incomplete.Concretisations == 0):
		t.Errorf("want a run made incomplete by concretisations: complete %v, %+v", res.Complete, res.Incomplete)
	case x.concrete && res.Incomplete != (executor.Incompleteness{Concretisations: res.Incomplete.Concretisations}):
		t.Errorf("incomplete for other reasons than concretisations: %+v", res.Incomplete)
	case !x.concrete && !res.Complete:
		t.Errorf("exploration incomplete")
	}
	var errTests []executor.PathResult
	for _, p := range res.Paths {
		if p.Term.Kind.IsError() {
			if !p.Term.Kind.IsProgramError() {
				t.Errorf("floatsym failure on path %d: %s", p.ID, p.Term.String())
				continue
			}
			errTests = append(errTests, p)
		}
	}
	if x.noErrors && len(errTests) > 0 {
		t.Errorf("unexpected error: %s", errTests[0].Term.String())
	}
	if x.errKind != "" {
		if len(errTests) == 0 {
			t.Errorf("expected a %s error at line %d, found none", x.errKind, x.errLine)
		}
		for _, p := range errTests {
			if p.Term.Kind.String() != x.errKind || p.Term.Line != x.errLine {
				t.Errorf("error %s, want %s at line %d", p.Term.String(), x.errKind, x.errLine)
			}
		}
	}
	for _, c := range x.checks {
		for _, p := range errTests {
			checkInput(t, c, p.Objects)
		}
	}
	replayAll(t, src, cflags, out)
	if x.brute && cflags == nil {
		checkBrute(t, src, dir, res)
	}
}

// checkInput checks an expect-range/value/nan line against a test's object.
func checkInput(t *testing.T, c []string, objs []ktest.Object) {
	t.Helper()
	var val float64
	found := false
	for _, o := range objs {
		if o.Name != c[1] {
			continue
		}
		found = true
		switch c[2] {
		case "float":
			val = float64(math.Float32frombits(binary.LittleEndian.Uint32(o.Bytes)))
		case "double":
			val = math.Float64frombits(binary.LittleEndian.Uint64(o.Bytes))
		}
	}
	if !found {
		t.Errorf("no object %q in the error test", c[1])
		return
	}
	switch c[0] {
	case "nan":
		if !math.IsNaN(val) {
			t.Errorf("%s = %v, want NaN", c[1], val)
		}
	case "value":
		want, _ := strconv.ParseFloat(c[3], 64)
		if c[2] == "float" {
			want = float64(float32(want))
		}
		if val != want || math.Signbit(val) != math.Signbit(want) {
			t.Errorf("%s = %v (%x), want %v", c[1], val, math.Float64bits(val), want)
		}
	case "range":
		lo, _ := strconv.ParseFloat(c[3], 64)
		hi, _ := strconv.ParseFloat(c[4], 64)
		if !(val >= lo && val <= hi) {
			t.Errorf("%s = %v, want it in [%v, %v]", c[1], val, lo, hi)
		}
	}
}

// replayAll replays every test natively and compares outcomes: a reported
// error that does not replay is a false positive.
func replayAll(t *testing.T, src string, cflags []string, out *executor.OutputDir) {
	t.Helper()
	bin := replayBinary(t, src, cflags) // once per program and flags
	tests, _ := filepath.Glob(filepath.Join(out.Path, "*.ktest"))
	for _, kt := range tests {
		want, err := replay.Expected(kt)
		if err != nil {
			t.Errorf("%s: %v", filepath.Base(kt), err)
			continue
		}
		got, err := bin.Run(context.Background(), kt)
		if err != nil {
			t.Errorf("%s: replay: %v", filepath.Base(kt), err)
			continue
		}
		if ok, why := replay.Compare(want, got); !ok {
			t.Errorf("%s does not replay: %s", filepath.Base(kt), why)
		}
	}
}

func quietLogger() *logrus.Logger {
	l := logrus.New()
	l.SetOutput(ioDiscard{})
	return l
}

// checkBrute compares floatsym's paths with a native enumeration of the
// whole input space.
func checkBrute(t *testing.T, src, dir string, res *executor.Result) {
	t.Helper()
	bin := filepath.Join(dir, "brute")
	if b, err := exec.Command(cc.Clang, "-O2", "-DBRUTE", "-o", bin, src, "-lm").CombinedOutput(); err != nil {
		t.Fatalf("brute compile: %v\n%s", err, b)
	}
	outb, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatalf("brute run: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(outb)), "\n")
	n, _ := strconv.Atoi(lines[0])
	want := lines[1:]
	if len(res.Paths) != n {
		t.Errorf("floatsym completed %d paths, brute force counts %d feasible", len(res.Paths), n)
	}
	var got []string
	for _, p := range res.Paths {
		if len(p.Objects) != 1 {
			t.Fatalf("path %d has %d objects", p.ID, len(p.Objects))
		}
		b := p.Objects[0].Bytes
		v := uint64(0)
		for i := len(b) - 1; i >= 0; i-- {
			v = v<<8 | uint64(b[i])
		}
		o, err := exec.Command(bin, fmt.Sprintf("%x", v)).Output()
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, strings.TrimSpace(string(o)))
	}
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("path signatures: floatsym %v, brute force %v", got, want)
	}
	_ = bufio.NewReader
}
