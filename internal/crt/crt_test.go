package crt

import (
	"bytes"
	"encoding/binary"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/ktest"
	"github.com/floatsym/floatsym/internal/testtool"
)

func TestMaterializeIdempotent(t *testing.T) {
	dir := t.TempDir()
	p, err := Materialize(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{filepath.Join(p.IncludeDir, "klee", "klee.h"), filepath.Join(p.IncludeDir, "svcomp", "svcomp.h"), p.ReplaySource} {
		if _, err := os.Stat(f); err != nil {
			t.Fatal(err)
		}
	}
	klee := filepath.Join(p.IncludeDir, "klee", "klee.h")
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(klee, old, old); err != nil {
		t.Fatal(err)
	}
	if _, err := Materialize(dir); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(klee)
	if err != nil {
		t.Fatal(err)
	}
	if !st.ModTime().Equal(old) {
		t.Error("unchanged file was rewritten")
	}
	// A damaged file is restored.
	if err := os.WriteFile(p.ReplaySource, []byte("garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := Materialize(dir); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(p.ReplaySource)
	want, _ := files.ReadFile("runtime/replay.c")
	if !bytes.Equal(got, want) {
		t.Error("damaged file was not restored")
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") {
			t.Errorf("temporary file left: %s", e.Name())
		}
	}
}

func TestDefaultDir(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", "/some/cache")
	d := DefaultDir()
	if !strings.HasPrefix(d, "/some/cache/floatsym/crt-") || len(filepath.Base(d)) != len("crt-")+16 {
		t.Fatalf("DefaultDir() = %s", d)
	}
	if DefaultDir() != d {
		t.Fatal("DefaultDir not stable")
	}
}

func clang(t *testing.T) string {
	t.Helper()
	testtool.Require(t, testtool.Clang)
	cc, err := exec.LookPath(testtool.Clang)
	if err != nil {
		t.Fatal(err)
	}
	return cc
}

// TestHeadersCompile checks both headers in every language mode the
// benchmark specs use, with warnings as errors.
func TestHeadersCompile(t *testing.T) {
	cc := clang(t)
	dir := t.TempDir()
	p, err := Materialize(filepath.Join(dir, "crt"))
	if err != nil {
		t.Fatal(err)
	}
	src := `#include "klee/klee.h"
#include "svcomp/svcomp.h"
#include <assert.h>
int main(void) {
  int x;
  float f = __VERIFIER_nondet_float();
  long double ld = __VERIFIER_nondet_longdouble();
  klee_make_symbolic(&x, sizeof x, "x");
  klee_assume(x > 0);
  klee_set_rounding_mode(KLEE_FP_RTZ);
  klee_assert(x != 3);
  __VERIFIER_assume(f == f);
  __VERIFIER_assert(ld == ld);
  if (x == 7)
    __VERIFIER_error();
  if (x == 8)
    klee_report_error(__FILE__, __LINE__, "eight", "user");
  return klee_range(0, 4, "r") + (int)klee_get_valued(1.0) + (int)klee_is_symbolic(1);
}
`
	for _, std := range []string{"c89", "gnu89", "c99", "gnu99", "c11", "gnu11"} {
		t.Run(std, func(t *testing.T) {
			c := filepath.Join(dir, std+".c")
			os.WriteFile(c, []byte(src), 0o644)
			args := []string{"-std=" + std, "-Wall", "-Werror", "-fsyntax-only", "-I", p.IncludeDir, c}
			if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
		})
	}
	t.Run("c++", func(t *testing.T) {
		c := filepath.Join(dir, "x.cpp")
		os.WriteFile(c, []byte(src), 0o644)
		for _, std := range []string{"c++98", "c++11", "c++17", "c++20"} {
			args := []string{"-x", "c++", "-std=" + std, "-Wall", "-Werror", "-fsyntax-only", "-I", p.IncludeDir, c}
			if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
				t.Fatalf("%s: %v\n%s", std, err, out)
			}
		}
	})
	t.Run("replay.c", func(t *testing.T) {
		args := []string{"-std=gnu99", "-Wall", "-Wextra", "-Werror", "-fsyntax-only", "-I", p.IncludeDir, p.ReplaySource}
		if out, err := exec.Command(cc, args...).CombinedOutput(); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
	})
}

const replayProg = `#include "klee/klee.h"
#include "svcomp/svcomp.h"
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <fenv.h>
int main(int argc, char **argv) {
  const char *mode = argv[1];
  if (!strcmp(mode, "sym")) {
    int x; double d;
    klee_make_symbolic(&x, sizeof x, "x");
    klee_make_symbolic(&d, sizeof d, "d");
    printf("x=%d d=%g\n", x, d);
    return 0;
  }
  if (!strcmp(mode, "int")) { printf("%d\n", klee_int("i")); return 0; }
  if (!strcmp(mode, "range")) {
    int a = klee_range(5, 6, "a"); /* consumes no object */
    int b = klee_range(-3, 3, "b");
    printf("%d %d\n", a, b);
    return 0;
  }
  if (!strcmp(mode, "badrange")) return klee_range(3, 3, "r");
  if (!strcmp(mode, "assume")) { int x = klee_int("x"); klee_assume(x > 10); printf("ok\n"); return 0; }
  if (!strcmp(mode, "nondet")) {
    char c = __VERIFIER_nondet_char(); _Bool b = __VERIFIER_nondet_bool();
    float f = __VERIFIER_nondet_float(); double d = __VERIFIER_nondet_double();
    long double l = __VERIFIER_nondet_longdouble(); unsigned short us = __VERIFIER_nondet_ushort();
    unsigned long ul = __VERIFIER_nondet_ulong(); size_t z = __VERIFIER_nondet_size_t();
    printf("%d %d %.9g %.17g %.21Lg %u %lu %zu\n", c, b, f, d, l, us, ul, z);
    return 0;
  }
  if (!strcmp(mode, "round")) {
    klee_set_rounding_mode(KLEE_FP_RTP);
    printf("%d\n", fegetround() == FE_UPWARD);
    klee_set_rounding_mode(KLEE_FP_RTN);
    printf("%d\n", fegetround() == FE_DOWNWARD);
    klee_set_rounding_mode(KLEE_FP_RTZ);
    printf("%d\n", fegetround() == FE_TOWARDZERO);
    klee_set_rounding_mode(KLEE_FP_RNE);
    printf("%d\n", fegetround() == FE_TONEAREST);
    return 0;
  }
  if (!strcmp(mode, "silent")) klee_silent_exit(7);
  if (!strcmp(mode, "report")) klee_report_error("f.c", 12, "boom", "mykind");
  return 1;
}
`

type runResult struct {
	status         int
	stdout, stderr string
}

func TestReplayRuntime(t *testing.T) {
	cc := clang(t)
	dir := t.TempDir()
	p, err := Materialize(filepath.Join(dir, "crt"))
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "prog.c")
	os.WriteFile(src, []byte(replayProg), 0o644)
	bin := filepath.Join(dir, "prog")
	if out, err := exec.Command(cc, "-O0", "-g", "-I", p.IncludeDir, src, p.ReplaySource, "-lm", "-o", bin).CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	u32 := func(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }
	u64 := func(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }
	ld := append(u64(0xc000000000000000), 0xff, 0x3f, 0, 0, 0, 0, 0, 0) // 1.5L
	write := func(name string, objs ...ktest.Object) string {
		path := filepath.Join(dir, name+".ktest")
		if err := (&ktest.Test{Args: []string{"prog"}, Objects: objs}).WriteFile(path); err != nil {
			t.Fatal(err)
		}
		return path
	}
	run := func(mode, ktestPath string) runResult {
		cmd := exec.Command(bin, mode)
		cmd.Env = append(os.Environ(), "KTEST_FILE="+ktestPath)
		var so, se bytes.Buffer
		cmd.Stdout, cmd.Stderr = &so, &se
		err := cmd.Run()
		st := 0
		if ee, ok := err.(*exec.ExitError); ok {
			st = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return runResult{st, so.String(), se.String()}
	}
	truncated := filepath.Join(dir, "trunc.ktest")
	full, _ := os.ReadFile(write("full", ktest.Object{Name: "x", Bytes: u32(1)}))
	os.WriteFile(truncated, full[:len(full)-2], 0o644)

	cases := []struct {
		name, mode, ktest string
		status            int
		stdout, stderr    string
	}{
		{"make_symbolic", "sym", write("sym", ktest.Object{Name: "x", Bytes: u32(42)}, ktest.Object{Name: "d", Bytes: u64(math.Float64bits(2.5))}), 0, "x=42 d=2.5\n", ""},
		{"uniquified name", "sym", write("uniq", ktest.Object{Name: "x", Bytes: u32(1)}, ktest.Object{Name: "d_1", Bytes: u64(0)}), 0, "x=1 d=0\n", ""},
		{"wrong name", "sym", write("wrongname", ktest.Object{Name: "y", Bytes: u32(1)}), 97, "", `floatsym-replay: mismatch: ` + dir + `/wrongname.ktest: klee_make_symbolic("x") got object 0 named "y"`},
		{"wrong size", "sym", write("wrongsize", ktest.Object{Name: "x", Bytes: u32(1)}, ktest.Object{Name: "d", Bytes: u32(0)}), 97, "", "wants 8 bytes but object 1 (\"d\") has 4"},
		{"too few objects", "sym", write("few", ktest.Object{Name: "x", Bytes: u32(1)}), 97, "", "klee_make_symbolic wants object 2 but the test has only 1"},
		{"truncated file", "sym", truncated, 97, "", "object data has 4 bytes but only 2 remain"},
		{"missing file", "sym", filepath.Join(dir, "nope.ktest"), 97, "", "cannot open KTEST_FILE"},
		{"klee_int", "int", write("int", ktest.Object{Name: "whatever", Bytes: u32(0xffffffff)}), 0, "-1\n", ""},
		{"klee_range", "range", write("range", ktest.Object{Name: "b", Bytes: u32(uint32(0xfffffffe))}), 0, "5 -2\n", ""},
		{"klee_range out of range", "range", write("range2", ktest.Object{Name: "b", Bytes: u32(3)}), 98, "", "floatsym-replay: assume violated (klee_range"},
		{"invalid range", "badrange", write("empty"), 96, "", "floatsym-replay: error kind=user file="},
		{"assume ok", "assume", write("assume1", ktest.Object{Name: "x", Bytes: u32(11)}), 0, "ok\n", ""},
		{"assume violated", "assume", write("assume2", ktest.Object{Name: "x", Bytes: u32(10)}), 98, "", "floatsym-replay: assume violated (klee_assume, after 1 objects)"},
		{"nondet", "nondet", write("nondet",
			ktest.Object{Name: "symbolic_0_char", Bytes: []byte{0xfe}},
			ktest.Object{Name: "symbolic_1_bool", Bytes: []byte{1}},
			ktest.Object{Name: "symbolic_2_float", Bytes: u32(math.Float32bits(0.1))},
			ktest.Object{Name: "symbolic_3_double", Bytes: u64(math.Float64bits(-3))},
			ktest.Object{Name: "symbolic_4_longdouble", Bytes: ld},
			ktest.Object{Name: "symbolic_5_ushort", Bytes: []byte{0xff, 0xff}},
			ktest.Object{Name: "symbolic_6_ulong", Bytes: u64(1 << 40)},
			ktest.Object{Name: "symbolic_7_size_t", Bytes: u64(9)},
		), 0, "-2 1 0.100000001 -3 1.5 65535 1099511627776 9\n", ""},
		{"nondet bool out of range", "nondet", write("bool2",
			ktest.Object{Name: "c", Bytes: []byte{0}}, ktest.Object{Name: "b", Bytes: []byte{2}}), 98, "", "assume violated (__VERIFIER_nondet_bool"},
		{"rounding", "round", write("round"), 0, "1\n1\n1\n1\n", ""},
		{"silent exit", "silent", write("silent"), 7, "", ""},
		{"report error", "report", write("report"), 96, "", "floatsym-replay: error kind=mykind file=f.c line=12: boom\n"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := run(tc.mode, tc.ktest)
			if r.status != tc.status {
				t.Errorf("status %d, want %d (stderr %q)", r.status, tc.status, r.stderr)
			}
			if r.stdout != tc.stdout {
				t.Errorf("stdout %q, want %q", r.stdout, tc.stdout)
			}
			if !strings.Contains(r.stderr, tc.stderr) || (tc.stderr == "" && r.stderr != "") {
				t.Errorf("stderr %q, want it to contain %q", r.stderr, tc.stderr)
			}
		})
	}
	t.Run("KTEST_FILE unset", func(t *testing.T) {
		cmd := exec.Command(bin, "int")
		for _, e := range os.Environ() {
			if !strings.HasPrefix(e, "KTEST_FILE=") {
				cmd.Env = append(cmd.Env, e)
			}
		}
		out, err := cmd.CombinedOutput()
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != ExitMismatch || !strings.Contains(string(out), "KTEST_FILE is not set") {
			t.Fatalf("err %v, output %q", err, out)
		}
	})
}

// TestReplayRuntimeCorruptKtest runs the runtime, built with ASan, on every
// truncation of a valid test and on absurd lengths: each must be a clean
// mismatch exit, never a crash.
func TestReplayRuntimeCorruptKtest(t *testing.T) {
	cc := clang(t)
	dir := t.TempDir()
	p, err := Materialize(filepath.Join(dir, "crt"))
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "prog.c")
	os.WriteFile(src, []byte(replayProg), 0o644)
	bin := filepath.Join(dir, "prog")
	if out, err := exec.Command(cc, "-O0", "-g", "-fsanitize=address", "-I", p.IncludeDir, src, p.ReplaySource, "-lm", "-o", bin).CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	full, err := (&ktest.Test{Args: []string{"prog", "arg"}, Objects: []ktest.Object{
		{Name: "x", Bytes: []byte{1, 0, 0, 0}}, {Name: "d", Bytes: make([]byte, 8)}}}).Bytes()
	if err != nil {
		t.Fatal(err)
	}
	var inputs [][]byte
	for n := 0; n < len(full); n++ {
		inputs = append(inputs, full[:n])
	}
	huge := append([]byte(nil), full...)
	copy(huge[9:], []byte{0xff, 0xff, 0xff, 0xff}) // number of args
	inputs = append(inputs, huge)
	huge2 := append([]byte(nil), full...)
	copy(huge2[len(full)-8-4:], []byte{0xff, 0xff, 0xff, 0xf0}) // size of object d
	inputs = append(inputs, huge2)
	inputs = append(inputs, append([]byte("KTEST\x00\x00\x00\x04"), full[9:]...))
	path := filepath.Join(dir, "bad.ktest")
	for i, in := range inputs {
		os.WriteFile(path, in, 0o644)
		cmd := exec.Command(bin, "sym")
		cmd.Env = append(os.Environ(), "KTEST_FILE="+path, "ASAN_OPTIONS=detect_leaks=0")
		out, err := cmd.CombinedOutput()
		ee, ok := err.(*exec.ExitError)
		if !ok || ee.ExitCode() != ExitMismatch || !strings.HasPrefix(string(out), "floatsym-replay: mismatch: ") {
			t.Errorf("input %d (%d bytes): err %v, output %q", i, len(in), err, out)
		}
	}
}

// TestStrtodNativeFuzz compiles libc/strtod.c natively (functions renamed)
// and compares it with the host glibc on random inputs in every rounding
// mode (testdata/strtod_fuzz.c); the executor runs the same C code
// bit-exactly (executor's TestStrtodExact checks that path).
func TestStrtodNativeFuzz(t *testing.T) {
	if _, err := exec.LookPath("clang-14"); err != nil {
		t.Skip("clang-14 not installed")
	}
	dir := t.TempDir()
	obj := filepath.Join(dir, "strtod.o")
	args := []string{"-O1", "-c", "libc/strtod.c", "-o", obj}
	for _, f := range []string{"strtod", "strtof", "strtold", "atof", "__strtod_internal", "__strtof_internal", "__strtold_internal"} {
		args = append(args, "-D"+f+"=my_"+f)
	}
	if out, err := exec.Command("clang-14", args...).CombinedOutput(); err != nil {
		t.Fatalf("compile: %v\n%s", err, out)
	}
	bin := filepath.Join(dir, "fuzz")
	if out, err := exec.Command("clang-14", "-O1", "testdata/strtod_fuzz.c", obj, "-lm", "-o", bin).CombinedOutput(); err != nil {
		t.Fatalf("link: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "1500", "26").CombinedOutput()
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out)
	}
	if !strings.HasSuffix(strings.TrimSpace(string(out)), " 0 differ") {
		t.Fatalf("differences:\n%s", out)
	}
	t.Log(strings.TrimSpace(string(out)))
}
