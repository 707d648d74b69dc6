package replay

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/floatsym/floatsym/internal/ktest"
	"github.com/floatsym/floatsym/internal/testtool"
)

func needClang(t *testing.T) {
	t.Helper()
	testtool.Require(t, testtool.Clang)
}

// expectLine finds the line of "EXPECT <tag>" in a test source.
func expectLine(t *testing.T, file, tag string) int {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, "EXPECT "+tag+" ") {
			return i + 1
		}
	}
	t.Fatalf("%s has no EXPECT %s marker", file, tag)
	return 0
}

func i32(v int32) []byte   { return binary.LittleEndian.AppendUint32(nil, uint32(v)) }
func f32(v float32) []byte { return binary.LittleEndian.AppendUint32(nil, math.Float32bits(v)) }

// x87 encodes a long double object (10 bytes + 6 padding) from sign/exponent
// and significand.
func x87(se uint16, mant uint64) []byte {
	b := binary.LittleEndian.AppendUint64(nil, mant)
	b = binary.LittleEndian.AppendUint16(b, se)
	return append(b, make([]byte, 6)...)
}

func obj(name string, b []byte) ktest.Object { return ktest.Object{Name: name, Bytes: b} }

var (
	crtOnce sync.Once
	crtDir  string
)

// testOptions builds in a per-test directory but shares one runtime dir.
func testOptions(t *testing.T, sources ...string) Options {
	crtOnce.Do(func() {
		d, err := os.MkdirTemp("", "floatsym-replay-test-crt-")
		if err != nil {
			t.Fatal(err)
		}
		crtDir = d
	})
	log := logrus.New()
	log.SetOutput(testWriter{t})
	log.SetLevel(logrus.DebugLevel)
	for i, s := range sources {
		sources[i] = filepath.Join("testdata", s)
	}
	return Options{Sources: sources, WorkDir: t.TempDir(), CRTDir: crtDir, Log: logrus.NewEntry(log)}
}

func TestMain(m *testing.M) {
	code := m.Run()
	if crtDir != "" {
		os.RemoveAll(crtDir)
	}
	os.Exit(code)
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

type nativeCase struct {
	name    string
	objects []ktest.Object
	kind    string
	status  int    // for KindExit
	tag     string // EXPECT marker giving the line; "" for no location check
	file    string // file holding the marker (default: the first source)
	msg     string // substring of the message
}

func runCases(t *testing.T, opts Options, cases []nativeCase) {
	t.Helper()
	ctx := context.Background()
	bin, err := Build(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	defer bin.Close()
	dir := t.TempDir()
	for i, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, fmt.Sprintf("test%06d.ktest", i+1))
			if err := (&ktest.Test{Args: []string{"prog.bc"}, Objects: tc.objects}).WriteFile(path); err != nil {
				t.Fatal(err)
			}
			got, err := bin.Run(ctx, path)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("outcome: %s", got)
			if got.Kind != tc.kind {
				t.Fatalf("kind %q, want %q (outcome %s, stack %+v)", got.Kind, tc.kind, got, got.Stack)
			}
			want := Outcome{Kind: tc.kind, ExitStatus: tc.status}
			if tc.kind == KindExit && got.ExitStatus != tc.status {
				t.Errorf("exit status %d, want %d", got.ExitStatus, tc.status)
			}
			if tc.tag != "" {
				file := tc.file
				if file == "" {
					file = opts.Sources[0]
				}
				line := expectLine(t, file, tc.tag)
				want.File, want.Line = filepath.Base(file), line
				if filepath.Base(got.File) != filepath.Base(file) || got.Line != line {
					if f, ok := got.CallSite(); !ok || filepath.Base(f.File) != filepath.Base(file) || f.Line != line {
						t.Errorf("location %s:%d (call site %+v), want %s:%d", got.File, got.Line, f, file, line)
					}
				}
			}
			if !strings.Contains(got.Message, tc.msg) {
				t.Errorf("message %q does not contain %q", got.Message, tc.msg)
			}
			if tc.kind != KindMismatch && tc.kind != KindTimeout {
				if ok, why := Compare(want, got); !ok {
					t.Errorf("Compare(%s, %s) = false: %s", want, got, why)
				}
			}
		})
	}
}

func TestAssert(t *testing.T) {
	needClang(t)
	runCases(t, testOptions(t, "assert.c"), []nativeCase{
		{name: "fails", objects: []ktest.Object{obj("x", i32(200))}, kind: KindAssert, tag: "assert", msg: "ASSERTION FAIL: x < 50"},
		{name: "passes", objects: []ktest.Object{obj("x", i32(1))}, kind: KindExit},
		{name: "wrong name", objects: []ktest.Object{obj("y", i32(1))}, kind: KindMismatch, msg: `klee_make_symbolic("x") got object 0 named "y"`},
		{name: "wrong size", objects: []ktest.Object{obj("x", []byte{1})}, kind: KindMismatch, msg: "wants 4 bytes"},
		{name: "no objects", kind: KindMismatch, msg: "only 0"},
	})
}

func TestOutOfBounds(t *testing.T) {
	needClang(t)
	runCases(t, testOptions(t, "oob.c"), []nativeCase{
		{name: "overflow", objects: []ktest.Object{obj("i", i32(4))}, kind: KindPtr, tag: "ptr", msg: "heap-buffer-overflow"},
		{name: "underflow", objects: []ktest.Object{obj("i", i32(-1))}, kind: KindPtr, tag: "ptr", msg: "heap-buffer-overflow"},
		{name: "in bounds", objects: []ktest.Object{obj("i", i32(2))}, kind: KindExit, status: 2},
	})
}

func TestNullDeref(t *testing.T) {
	needClang(t)
	runCases(t, testOptions(t, "null.c"), []nativeCase{
		{name: "null", objects: []ktest.Object{obj("x", i32(0))}, kind: KindPtr, tag: "ptr", msg: "SEGV"},
		{name: "ok", objects: []ktest.Object{obj("x", i32(1))}, kind: KindExit, status: 5},
	})
}

func TestFree(t *testing.T) {
	needClang(t)
	runCases(t, testOptions(t, "dfree.c"), []nativeCase{
		{name: "double free", objects: []ktest.Object{obj("c", []byte("x"))}, kind: KindFree, tag: "free", msg: "double-free"},
		{name: "bad free", objects: []ktest.Object{obj("c", []byte("y"))}, kind: KindFree, tag: "badfree", msg: "not malloc()-ed"},
		{name: "ok", objects: []ktest.Object{obj("c", []byte("z"))}, kind: KindExit},
	})
}

func TestDivisionByZero(t *testing.T) {
	needClang(t)
	runCases(t, testOptions(t, "div.c"), []nativeCase{
		{name: "zero", objects: []ktest.Object{obj("d", i32(0))}, kind: KindDiv, tag: "div", msg: "division by zero"},
		{name: "nonzero", objects: []ktest.Object{obj("d", i32(7))}, kind: KindExit, status: 14},
	})
}

func TestOvershift(t *testing.T) {
	needClang(t)
	runCases(t, testOptions(t, "shift.c"), []nativeCase{
		{name: "40", objects: []ktest.Object{obj("s", i32(40))}, kind: KindOvershift, tag: "overshift", msg: "shift exponent 40"},
		{name: "3", objects: []ktest.Object{obj("s", i32(3))}, kind: KindExit, status: 8},
		{name: "out of klee_range", objects: []ktest.Object{obj("s", i32(64))}, kind: KindMismatch, msg: "assume violated (klee_range"},
	})
}

func TestAbortSVCOMP(t *testing.T) {
	needClang(t)
	opts := testOptions(t, "abort.c")
	runCases(t, opts, []nativeCase{
		{name: "verifier error", objects: []ktest.Object{obj("symbolic_0_float", f32(2))}, kind: KindAbort, tag: "abort"},
		{name: "verifier assert", objects: []ktest.Object{obj("symbolic_0_float", f32(0.75))}, kind: KindAssert, tag: "svassert", msg: "__VERIFIER_assert"}, // at the call (line 8), raised by the runtime
		{name: "fine", objects: []ktest.Object{obj("symbolic_0_float", f32(0.25))}, kind: KindExit},
		{name: "nan violates assume", objects: []ktest.Object{obj("symbolic_0_float", f32(float32(math.NaN())))}, kind: KindMismatch, msg: "assume violated (__VERIFIER_assume"},
	})
}

func TestReportError(t *testing.T) {
	needClang(t)
	runCases(t, testOptions(t, "report.c"), []nativeCase{
		{name: "user", objects: []ktest.Object{obj("x", i32(3))}, kind: KindUser, tag: "user", msg: "custom failure"},
		// The location given to klee_report_error is elsewhere; the call
		// site still matches.
		{name: "own suffix", objects: []ktest.Object{obj("x", i32(4))}, kind: "mine", tag: "mine", msg: "moved"},
		{name: "invalid klee_range", objects: []ktest.Object{obj("x", i32(5))}, kind: KindUser, tag: "badrange", msg: "invalid range"},
		{name: "klee_abort", objects: []ktest.Object{obj("x", i32(6))}, kind: KindAbort, tag: "kabort"},
		{name: "none", objects: []ktest.Object{obj("x", i32(0))}, kind: KindExit},
	})
}

func TestExitStatus(t *testing.T) {
	needClang(t)
	runCases(t, testOptions(t, "exit3.c"), []nativeCase{
		{name: "exit 3", objects: []ktest.Object{obj("v", x87(0x4000, 1<<63))}, kind: KindExit, status: 3},
		{name: "exit 0", objects: []ktest.Object{obj("v", x87(0x3fff, 1<<63))}, kind: KindExit, status: 0},
	})
}

func TestBugInHeader(t *testing.T) {
	needClang(t)
	opts := testOptions(t, "hdr/main.c")
	runCases(t, opts, []nativeCase{
		{name: "null", objects: []ktest.Object{obj("x", i32(0))}, kind: KindPtr, tag: "hdrptr", file: filepath.Join("testdata", "hdr", "util.h")},
	})
}

func TestTimeout(t *testing.T) {
	needClang(t)
	opts := testOptions(t, "loop.c")
	opts.Timeout = 500 * time.Millisecond
	// KindTimeout is the proof that the endless loop was stopped; no
	// wall-clock bound is asserted (a loaded machine), a replay that
	// never stops is caught by go test's own -timeout.
	runCases(t, opts, []nativeCase{
		{name: "loops", objects: []ktest.Object{obj("forever", i32(1))}, kind: KindTimeout},
		{name: "ends", objects: []ktest.Object{obj("forever", i32(0))}, kind: KindExit},
	})
}

func TestBuildOptions(t *testing.T) {
	needClang(t)
	ctx := context.Background()
	opts := testOptions(t, "div.c")
	opts.CFlags = []string{"-O1", "-std=c89"}
	opts.Defines = []string{"FOO=1", "-DBAR", "KLEE"}
	bin, err := Build(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	last := strings.Join(bin.Commands[len(bin.Commands)-1], " ")
	for _, want := range []string{"-O1 -std=c89 -g -DFOO=1 -DBAR -DKLEE -I ", "-fsanitize=address,integer-divide-by-zero,shift-exponent", " -lm -o "} {
		if !strings.Contains(last, want) {
			t.Errorf("command %q lacks %q", last, want)
		}
	}
	if _, err := os.Stat(bin.Path); err != nil {
		t.Fatal(err)
	}

	opts.Sources = []string{filepath.Join("testdata", "missing.c")}
	if _, err := Build(ctx, opts); err == nil {
		t.Error("building a missing source succeeded")
	}

	broken := filepath.Join(t.TempDir(), "broken.c")
	os.WriteFile(broken, []byte("int main(void) { return undeclared; }\n"), 0o644)
	opts.Sources = []string{broken}
	_, err = Build(ctx, opts)
	be, ok := err.(*BuildError)
	if !ok || !strings.Contains(be.Output, "undeclared") {
		t.Errorf("broken source: err = %v", err)
	}

	// Without a WorkDir the binary lives in a temporary directory that
	// Close removes.
	opts = testOptions(t, "assert.c")
	opts.WorkDir = ""
	bin, err = Build(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(bin.Path)
	if err := bin.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("work dir %s not removed", dir)
	}
}

func TestCxxSource(t *testing.T) {
	needClang(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "prog.cpp")
	os.WriteFile(src, []byte(`#include "klee/klee.h"
#include <vector>
int main() {
  int n = klee_int("n");
  std::vector<int> v(3);
  return v.at(0) + n; // EXPECT cxx
}
`), 0o644)
	opts := testOptions(t)
	opts.Sources = []string{src}
	runCases(t, opts, []nativeCase{{name: "exit", objects: []ktest.Object{obj("n", i32(4))}, kind: KindExit, status: 4}})
}

func TestRunMissingKtest(t *testing.T) {
	needClang(t)
	bin, err := Build(context.Background(), testOptions(t, "assert.c"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bin.Run(context.Background(), filepath.Join(t.TempDir(), "none.ktest")); err == nil {
		t.Fatal("running a missing ktest succeeded")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	path := filepath.Join(t.TempDir(), "t.ktest")
	(&ktest.Test{Objects: []ktest.Object{obj("x", i32(1))}}).WriteFile(path)
	if _, err := bin.Run(ctx, path); err == nil {
		t.Fatal("running with a cancelled context succeeded")
	}
}

// TestEndToEnd writes what floatsym writes (.err files and summary.json)
// beside generated tests and checks Expected + Run + Match.
func TestEndToEnd(t *testing.T) {
	needClang(t)
	ctx := context.Background()
	opts := testOptions(t, "assert.c")
	bin, err := Build(ctx, opts)
	if err != nil {
		t.Fatal(err)
	}
	src, _ := filepath.Abs(opts.Sources[0])
	line := expectLine(t, src, "assert")
	out := t.TempDir()
	write := func(n int, x int32) string {
		p := filepath.Join(out, fmt.Sprintf("test%06d.ktest", n))
		if err := (&ktest.Test{Args: []string{"assert.bc"}, Objects: []ktest.Object{obj("x", i32(x))}}).WriteFile(p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	t1 := write(1, 0)
	t2 := write(2, 200)
	t3 := write(3, 300) // recorded at the wrong line
	t4 := write(4, 5)   // recorded as an exit with the wrong status
	os.WriteFile(filepath.Join(out, "test000002.assert.err"), []byte(fmt.Sprintf(
		"Error: ASSERTION FAIL: x < 50\nFile: %s\nLine: %d\nassembly.ll line: 21\nState: 2\nStack: \n\t#000000021 in main () at %s:%d\n",
		"assert.c", line, src, line)), 0o644)
	os.WriteFile(filepath.Join(out, "test000003.assert.err"), []byte(fmt.Sprintf(
		"Error: ASSERTION FAIL: x < 50\nFile: %s\nLine: %d\nassembly.ll line: 21\nStack: \n", src, line+1)), 0o644)
	os.WriteFile(filepath.Join(out, SummaryFile), []byte(`{"paths":[
		{"test":"test000001.ktest","termination":{"kind":"exit","exit_status":0,"message":"","file":"","line":0}},
		{"test":"test000002.ktest","termination":{"kind":"assert","exit_status":0,"message":"ASSERTION FAIL: x < 50","file":"assert.c","line":8}},
		{"test":"test000004.ktest","termination":{"kind":"exit","exit_status":1}}]}`), 0o644)

	cases := []struct {
		path string
		want Outcome
		ok   bool
	}{
		{t1, Outcome{Kind: KindExit}, true},
		{t2, Outcome{Kind: KindAssert, File: "assert.c", Line: line, Message: "ASSERTION FAIL: x < 50"}, true},
		{t3, Outcome{Kind: KindAssert, File: src, Line: line + 1, Message: "ASSERTION FAIL: x < 50"}, false},
		{t4, Outcome{Kind: KindExit, ExitStatus: 1}, false},
	}
	for _, tc := range cases {
		exp, err := Expected(tc.path)
		if err != nil {
			t.Fatal(err)
		}
		if exp.Kind != tc.want.Kind || exp.ExitStatus != tc.want.ExitStatus || exp.File != tc.want.File ||
			exp.Line != tc.want.Line || exp.Message != tc.want.Message {
			t.Errorf("Expected(%s) = %+v, want %+v", filepath.Base(tc.path), exp, tc.want)
		}
		got, err := bin.Run(ctx, tc.path)
		if err != nil {
			t.Fatal(err)
		}
		ok, why := Compare(exp, got)
		if ok != tc.ok {
			t.Errorf("%s: Compare(%s, %s) = %v (%s), want %v", filepath.Base(tc.path), exp, got, ok, why, tc.ok)
		}
	}
}

// The program runs with Options.Args (else the arguments the test records)
// and Options.Env.
func TestArgsAndEnv(t *testing.T) {
	needClang(t)
	x := []ktest.Object{obj("x", i32(0))}
	// runCases' tests record only argv[0].
	runCases(t, testOptions(t, "env.c"), []nativeCase{{name: "recorded args", objects: x, kind: KindExit, status: 10}})
	opts := testOptions(t, "env.c")
	opts.Args, opts.Env = []string{"a", "last"}, []string{"REPLAY_ENV_TEST=on", "KTEST_FILE=/not/this"}
	runCases(t, opts, []nativeCase{{name: "given args and env", objects: x, kind: KindExit, status: 31}})
	// Without Args, the test's own argv is used.
	bin, err := Build(context.Background(), testOptions(t, "env.c"))
	if err != nil {
		t.Fatal(err)
	}
	defer bin.Close()
	kt := filepath.Join(t.TempDir(), "t.ktest")
	if err := (&ktest.Test{Args: []string{"prog", "b", "last"}, Objects: x}).WriteFile(kt); err != nil {
		t.Fatal(err)
	}
	got, err := bin.Run(context.Background(), kt)
	if err != nil || got.Kind != KindExit || got.ExitStatus != 30 {
		t.Errorf("recorded argv: %s (%v), want exit 30", got, err)
	}
}
