package executor_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/internal/testtool"
	"github.com/floatsym/floatsym/scalarize"
	"github.com/sirupsen/logrus"
)

// The differential suite: every program in testdata/concrete is compiled
// with clang-14 at -O3 -march=x86-64-v3 (vectorized for AVX2, fused
// multiply-adds) and -O0 (make test: a covering subset, diffCover in
// see diff_cover_test.go; make test-full: every program, and -O2 too,
// see diffLevels), run natively and by floatsym; stdout and the exit
// status must be identical. err_*.c programs crash natively and must be
// reported by floatsym with the kind and line of their "// expect: KIND
// line N" comment. TestDifferentialExternalLL runs the .ll files clang-14
// builds at -O3 outside floatsym. FLOATSYM_DIFF_FULL=1 adds plain -O3 to
// the C runs and -O3 -march=x86-64-v3 to the .ll runs (about two more
// minutes).

// v3 is x86-64-v3: AVX2 and FMA.
const v3 = "-O3 -march=x86-64-v3"

var optLevels = func() []string {
	if os.Getenv("FLOATSYM_DIFF_FULL") != "" {
		return []string{"-O0", "-O2", "-O3", v3}
	}
	return []string{"-O0", "-O2", v3}
}()

// diffLevels are the levels of TestDifferential and TestErrorPrograms (the
// 90 programs of testdata/concrete). -O2 runs there only with
// FLOATSYM_SLOW_TESTS=1 (make test-full) or FLOATSYM_DIFF_FULL=1: the
// -O3 -march=x86-64-v3 run goes through the -O2 pipeline and more
// (vectorization for AVX2, fused multiply-adds), so the fast suite still
// compiles every program unoptimized and optimized; TestLibcDifferential
// and TestFilesDifferential keep -O2 (fortified printf, printf -> puts).
// On a CPU without x86-64-v3, whose v3 runs are skipped, -O2 stays.
var diffLevels = func() []string {
	if diffFullMatrix() {
		return optLevels
	}
	return []string{"-O0", v3}
}()

var llLevels = func() []string {
	if os.Getenv("FLOATSYM_DIFF_FULL") != "" {
		return []string{"-O3", v3}
	}
	return []string{"-O3"}
}()

// hostHasV3 reports whether this CPU runs x86-64-v3 code (AVX2 and FMA):
// without them the native side of a v3 comparison cannot run.
var hostHasV3 = func() bool {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "flags") {
			f := " " + strings.Fields(line)[0] + " " + line + " "
			return strings.Contains(f, " avx2 ") && strings.Contains(f, " fma ")
		}
	}
	return false
}()

func skipUnlessRunnable(t *testing.T, opt string) {
	if strings.Contains(opt, "x86-64-v3") && !hostHasV3 {
		t.Skip("this CPU lacks AVX2/FMA (/proc/cpuinfo): the x86-64-v3 native binary cannot run here")
	}
}

func requireClang(t testing.TB) {
	t.Helper()
	testtool.Require(t, cc.Clang)
}

type nativeResult struct {
	stdout []byte
	status int
}

func runNative(t *testing.T, src, opt, dir string) nativeResult {
	t.Helper()
	bin := filepath.Join(dir, "native")
	args := append(strings.Fields(opt), "-g", "-o", bin, src, "-lm")
	cmd := exec.Command(cc.Clang, args...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("native compile: %v\n%s", err, out)
	}
	return runBinary(t, bin)
}

func runBinary(t *testing.T, bin string) nativeResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	run := exec.CommandContext(ctx, bin)
	var stdout bytes.Buffer
	run.Stdout = &stdout
	err := run.Run()
	status := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		status = ee.ExitCode()
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			status = 128 + int(ws.Signal())
		}
	} else if err != nil {
		t.Fatalf("native run: %v", err)
	}
	return nativeResult{stdout: stdout.Bytes(), status: status}
}

// runFloatsym compiles and executes a program, returning its first path.
func runFloatsym(t testing.TB, src string, cflags []string, dir string) (*executor.Result, []byte) {
	t.Helper()
	log := logrus.New()
	log.SetOutput(ioDiscard{})
	built, err := cc.CompileProgram(context.Background(), cc.Options{Sources: []string{src}, CFlags: cflags, OutDir: dir, Log: logrus.NewEntry(log)})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	m, err := scalarize.LoadFiles(nil, built.Module)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	var stdout, stderr bytes.Buffer
	ex, err := executor.New(m, executor.Config{Stdout: &stdout, Stderr: &stderr, Args: []string{"prog"},
		MaxTime: 5 * time.Minute, RuntimeDir: built.RuntimeDir, Log: logrus.NewEntry(log)})
	if err != nil {
		t.Fatalf("executor: %v", err)
	}
	res, err := ex.Run(context.Background())
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	return res, stdout.Bytes()
}

type ioDiscard struct{}

func (ioDiscard) Write(p []byte) (int, error) { return len(p), nil }

func cflagsFor(opt string) []string {
	if opt == "-O0" {
		return []string{"-O0", "-g", "-Xclang", "-disable-O0-optnone"}
	}
	return append(strings.Fields(opt), "-g")
}

func TestDifferential(t *testing.T) {
	requireClang(t)
	progs, _ := filepath.Glob("testdata/concrete/*.c")
	if len(progs) == 0 {
		t.Fatal("no test programs")
	}
	for _, src := range progs {
		if strings.HasPrefix(filepath.Base(src), "err_") {
			continue
		}
		for _, opt := range diffLevels {
			src, opt := src, opt
			prog := strings.TrimSuffix(filepath.Base(src), ".c")
			if !diffCover.runs(prog, opt) {
				continue // its forms run in the covering subset (diff_cover_test.go)
			}
			t.Run(prog+strings.ReplaceAll(opt, " ", ""), func(t *testing.T) {
				t.Parallel()
				skipUnlessRunnable(t, opt)
				dir := t.TempDir()
				want := runNative(t, src, opt, dir)
				res, got := runFloatsym(t, src, cflagsFor(opt), dir)
				term := res.Paths[0].Term
				if term.Kind != executor.TermExit {
					t.Fatalf("floatsym: %s (native exit %d)\nstdout so far:\n%s", term.String(), want.status, got)
				}
				if term.ExitStatus != want.status {
					t.Errorf("exit status: floatsym %d, native %d", term.ExitStatus, want.status)
				}
				if !bytes.Equal(got, want.stdout) {
					t.Errorf("stdout differs:\n%s", lineDiff(string(want.stdout), string(got)))
				}
			})
		}
	}
}

var expectRe = regexp.MustCompile(`//\s*expect:\s*(\w+)\s+line\s+(\d+)`)

// expectO3Re overrides the expectation at -O3, where interprocedural
// optimizations may move the faulting access (argument promotion moves a
// callee's load into its caller).
var expectO3Re = regexp.MustCompile(`//\s*expect-O3:\s*(\w+)\s+line\s+(\d+)`)

func TestErrorPrograms(t *testing.T) {
	requireClang(t)
	progs, _ := filepath.Glob("testdata/concrete/err_*.c")
	for _, src := range progs {
		text, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		m := expectRe.FindSubmatch(text)
		if m == nil {
			t.Errorf("%s: no // expect: line", src)
			continue
		}
		for _, opt := range diffLevels {
			src, opt := src, opt
			kind, line := string(m[1]), string(m[2])
			if o3 := expectO3Re.FindSubmatch(text); o3 != nil && strings.HasPrefix(opt, "-O3") {
				kind, line = string(o3[1]), string(o3[2])
			}
			t.Run(strings.TrimSuffix(filepath.Base(src), ".c")+strings.ReplaceAll(opt, " ", ""), func(t *testing.T) {
				t.Parallel()
				skipUnlessRunnable(t, opt)
				dir := t.TempDir()
				res, _ := runFloatsym(t, src, cflagsFor(opt), dir)
				term := res.Paths[0].Term
				if term.Kind.String() != kind || strconv.Itoa(term.Line) != line {
					t.Errorf("floatsym reported %s at line %d (%s); want %s at line %s", term.Kind, term.Line, term.Message, kind, line)
				}
				if filepath.Base(term.File) != filepath.Base(src) {
					t.Errorf("error file %q, want %s", term.File, filepath.Base(src))
				}
			})
		}
	}
}

// lineDiff shows the first differing lines.
func lineDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	shown := 0
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			b.WriteString("line " + strconv.Itoa(i+1) + ":\n  native:   " + w + "\n  floatsym: " + g + "\n")
			if shown++; shown == 8 {
				break
			}
		}
	}
	return b.String()
}
