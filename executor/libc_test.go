package executor_test

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/internal/hostc"
)

// The C library models (builtins_stdio.go, builtins_math.go,
// builtins_stdlib.go and crt/libc) against the native glibc: every program
// in testdata/libc is compiled at -O0 and -O2, run natively and by
// floatsym, and must print the same stdout and exit with the same status.
func TestLibcDifferential(t *testing.T) {
	requireClang(t)
	progs, _ := filepath.Glob("testdata/libc/*.c")
	if len(progs) == 0 {
		t.Fatal("no test programs in testdata/libc")
	}
	for _, src := range progs {
		for _, opt := range optLevels {
			src, opt := src, opt
			prog := strings.TrimSuffix(filepath.Base(src), ".c")
			if !libcCover.runs(prog, opt) {
				continue // its forms run in the covering subset (diff_cover_test.go)
			}
			t.Run(prog+opt, func(t *testing.T) {
				t.Parallel()
				dir := t.TempDir()
				want := runNative(t, src, opt, dir)
				res, got := runFloatsym(t, src, cflagsFor(opt), dir)
				term := res.Paths[0].Term
				if term.Kind != executor.TermExit {
					t.Fatalf("floatsym: %s (native exit %d)\nstdout so far:\n%s", term.String(), want.status, lastBytes(got, 2000))
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

func lastBytes(b []byte, n int) []byte {
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}

// Every libm function hostc can call has a model under its C name.
// (strtod, strtof, strtold and atof are C code in crt/libc, explored
// symbolically: TestStrtodExact and TestLibcDifferential hold them to
// glibc.)
func TestLibmRegistered(t *testing.T) {
	for _, name := range hostc.Names() {
		if !executor.Registered(name) {
			t.Errorf("%s has no model", name)
		}
	}
	for _, name := range []string{"printf", "fprintf", "sprintf", "snprintf", "vprintf", "vfprintf", "vsprintf",
		"vsnprintf", "__printf_chk", "__fprintf_chk", "__sprintf_chk", "__snprintf_chk", "__vfprintf_chk",
		"puts", "putchar", "fputs", "fputc", "putc", "fwrite", "fflush",
		"getenv", "nan", "nanf", "nanl", "llvm.sin.f64", "llvm.pow.f80", "llvm.powi.f64.i32", "llvm.exp2.f32",
		"llvm.minimum.f64"} {
		if !executor.Registered(name) {
			t.Errorf("%s has no model", name)
		}
	}
}

// crt/libc must compile warning-free with the flags cc.Libc uses.
func TestLibcSourcesClean(t *testing.T) {
	requireClang(t)
	srcs, _ := filepath.Glob("../internal/crt/libc/*.c")
	if len(srcs) == 0 {
		t.Skip("no crt/libc sources")
	}
	for _, src := range srcs {
		out := filepath.Join(t.TempDir(), "out.ll")
		cmd := exec.Command(cc.Clang, "-S", "-emit-llvm", "-O1", "-g", "-fno-builtin", "-ffreestanding",
			"-Wall", "-Wextra", "-Werror", "-o", out, src)
		if msg, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("%s: %v\n%s", src, err, msg)
		}
	}
}
