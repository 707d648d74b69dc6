package libbc

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/testtool"
	"github.com/sirupsen/logrus"
)

func requireLLVM(t *testing.T) {
	testtool.Require(t, Clang, Link, Ar, Nm, "make")
}

func quiet() *logrus.Entry {
	l := logrus.New()
	l.SetOutput(&bytes.Buffer{})
	return logrus.NewEntry(l)
}

// TestBuildCachedAndLinked builds a configure-less library to bitcode,
// finds it in the cache the second time, and links a program with it:
// only what the program uses is kept. (cmd/floatsym's TestLibFromSource
// runs a program on it.)
func TestBuildCachedAndLinked(t *testing.T) {
	requireLLVM(t)
	cache := t.TempDir()
	var progress bytes.Buffer
	spec := Spec{Name: "mini", Source: "testdata/minilib"}
	lib, err := Build(context.Background(), spec, Options{CacheDir: cache, Progress: &progress, Jobs: 1, Log: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(progress.String(), "building library mini") {
		t.Errorf("no progress line: %q", progress.String())
	}
	if lib.Objects != 2 { // stats.o, poly.o; minitool.o defines main
		t.Errorf("%d objects, want 2", lib.Objects)
	}
	if lib.CPUSeconds <= 0 || lib.StepSeconds["make"] <= 0 {
		t.Errorf("build cost not recorded: %v s CPU, steps %v", lib.CPUSeconds, lib.StepSeconds)
	}
	if !isBitcode(lib.Module) {
		t.Errorf("%s is not bitcode", lib.Module)
	}
	if _, err := os.Stat(filepath.Join(lib.IncludeDirs[0], "mini.h")); err != nil {
		t.Errorf("headers: %v", err)
	}
	progress.Reset()
	again, err := Build(context.Background(), spec, Options{CacheDir: cache, Progress: &progress, Log: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	if again.Module != lib.Module || progress.Len() != 0 {
		t.Errorf("second build not from the cache: %s vs %s, progress %q", again.Module, lib.Module, progress.String())
	}

	// The module links into a program with --only-needed.
	dir := t.TempDir()
	prog := filepath.Join(dir, "prog.ll")
	src := "#include <mini.h>\nint main(void) { double x[1] = {1}; return mini_range_ok(x, 1, 0, 2); }\n"
	cmd := exec.Command(Clang, "-S", "-emit-llvm", "-I", lib.IncludeDirs[0], "-o", filepath.Join(dir, "p.ll"), "-x", "c", "-")
	cmd.Stdin = strings.NewReader(src)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if out, err := exec.Command(Link, "-S", "-o", prog, filepath.Join(dir, "p.ll"), "--only-needed", lib.Module).CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	asm, _ := os.ReadFile(prog)
	if !strings.Contains(string(asm), "define dso_local i32 @mini_range_ok") || strings.Contains(string(asm), "@mini_horner") {
		t.Errorf("linked module should define mini_range_ok and not mini_horner")
	}
}

// TestBuildFailure: a library that does not compile is one error naming
// the step and the log, which holds the compiler's message.
func TestBuildFailure(t *testing.T) {
	requireLLVM(t)
	_, err := Build(context.Background(), Spec{Name: "broken", Source: "testdata/broken"}, Options{CacheDir: t.TempDir(), Log: quiet()})
	var be *BuildError
	if !errors.As(err, &be) {
		t.Fatalf("error %v, want a BuildError", err)
	}
	if be.Step != "make" || !strings.Contains(err.Error(), be.Log) {
		t.Errorf("error %q", err)
	}
	log, _ := os.ReadFile(be.Log)
	if !strings.Contains(string(log), "missing_symbol") {
		t.Errorf("log %s lacks the compiler's message:\n%s", be.Log, log)
	}
}

func TestUnknownSources(t *testing.T) {
	_, err := Build(context.Background(), Spec{Name: "x", Source: "testdata/does-not-exist"}, Options{CacheDir: t.TempDir(), Log: quiet()})
	if err == nil || !strings.Contains(err.Error(), "does-not-exist") {
		t.Errorf("error %v", err)
	}
}
