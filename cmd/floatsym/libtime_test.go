package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/testtool"
)

// TestLibraryBuildOutsideLimit: a library built by the run itself (a
// cold cache) is built outside --max-time. The mini library's build is
// made to take longer than the limit (a sleep in its Makefile): the run
// must still compile, explore and find the library's NaN bug, not end at
// once with the limit already past (as every first --lib gsl run did
// after GSL's hour-long build: 0 paths). The limit is generous, so
// compiling and exploring fit in it at any load.
func TestLibraryBuildOutsideLimit(t *testing.T) {
	// Slow (a cold cache: floatsym's C library is compiled too, 1–2 min
	// under load), so make test-full's.
	testtool.RequireSlow(t)
	testtool.Require(t, testtool.Clang, "make")
	tmp := t.TempDir()
	lib := filepath.Join(tmp, "minilib")
	if out, err := exec.Command("cp", "-r", "../../internal/libbc/testdata/minilib", lib).CombinedOutput(); err != nil {
		t.Fatalf("cp: %v\n%s", err, out)
	}
	mk := filepath.Join(lib, "Makefile")
	b, err := os.ReadFile(mk)
	if err != nil {
		t.Fatal(err)
	}
	slow := strings.Replace(string(b), "all: libmini.a minitool.o", "all: slow libmini.a minitool.o\n\nslow:\n\tsleep 21", 1)
	if slow == string(b) {
		t.Fatal("the mini library's Makefile has no 'all: libmini.a minitool.o' line to slow down")
	}
	if err := os.WriteFile(mk, []byte(slow), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, _ := filepath.Abs("../../internal/libbc/testdata/prog.c")
	dir := filepath.Join(tmp, "out")
	cmd := exec.Command(binary, "run", "--output-dir", dir, "--max-time", "20s", "--lib", lib, prog)
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+filepath.Join(tmp, "cache"))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if !strings.Contains(string(out), "building library minilib") {
		t.Fatalf("the library was not built by this run:\n%s", out)
	}
	s := readSummary(t, dir)
	if s.PathsExplored == 0 || len(s.Errors) != 1 || s.Errors[0].Kind != "assert" || s.Errors[0].Line != 13 {
		t.Errorf("ended_by %q, %d paths, errors %+v: want the run explored after the build, the assert at prog.c:13 found\n%s",
			s.EndedBy, s.PathsExplored, s.Errors, out)
	}
}
