package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/floatsym/floatsym/internal/testtool"
)

// concurrentRun is one floatsym process of a concurrency test.
type concurrentRun struct {
	args []string
	out  string
	err  error
}

// runConcurrently starts every run at once (a shared environment, e.g. a
// fresh XDG_CACHE_HOME) and waits for all of them.
func runConcurrently(env []string, runs []*concurrentRun) {
	var wg sync.WaitGroup
	start := make(chan struct{})
	for _, r := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cmd := exec.Command(binary, r.args...)
			cmd.Env = env
			<-start
			out, err := cmd.CombinedOutput()
			r.out, r.err = string(out), err
		}()
	}
	close(start)
	wg.Wait()
}

// TestConcurrentKleeOut: runs started together without --output-dir in
// one directory each get their own klee-out-N, and klee-last is a link to
// one of them (no stray temporary link left).
func TestConcurrentKleeOut(t *testing.T) {
	testtool.Require(t, testtool.Clang)
	dir := t.TempDir()
	src := filepath.Join(dir, "p.c")
	os.WriteFile(src, []byte("int main(void) { return 3; }\n"), 0o644)
	const n = 6
	var runs []*concurrentRun
	for i := 0; i < n; i++ {
		runs = append(runs, &concurrentRun{args: []string{"run", src}})
	}
	runConcurrently(os.Environ(), runs)
	for i, r := range runs {
		if r.err != nil {
			t.Errorf("run %d: %v\n%s", i, r.err, r.out)
		}
	}
	outs, _ := filepath.Glob(filepath.Join(dir, "klee-out-*"))
	if len(outs) != n {
		t.Errorf("%d output directories for %d runs: %v", len(outs), n, outs)
	}
	for _, o := range outs {
		if s := readSummary(t, o); len(s.Paths) != 1 || s.Paths[0].Termination.ExitStatus != 3 {
			t.Errorf("%s: paths %+v", o, s.Paths)
		}
	}
	target, err := os.Readlink(filepath.Join(dir, "klee-last"))
	if err != nil || !strings.HasPrefix(target, "klee-out-") {
		t.Errorf("klee-last -> %q (%v)", target, err)
	}
	if stray, _ := filepath.Glob(filepath.Join(dir, ".klee-last*")); len(stray) > 0 {
		t.Errorf("temporary links left: %v", stray)
	}
}

// TestConcurrentColdLibs: four runs start at once on a fresh cache (the C
// runtime and the library cache both cold), two per library, the
// libraries given as a tarball and as a directory: each library is built
// once (one progress line), every run finds the bug through the
// library's code.
func TestConcurrentColdLibs(t *testing.T) {
	testtool.Require(t, testtool.Clang, "make", "tar")
	tmp := t.TempDir()
	tarball := filepath.Join(tmp, "minitar.tar.gz")
	if out, err := exec.Command("tar", "-czf", tarball, "-C", "../../internal/libbc/testdata", "minilib").CombinedOutput(); err != nil {
		t.Fatalf("tar: %v\n%s", err, out)
	}
	libDir, _ := filepath.Abs("../../internal/libbc/testdata/minilib")
	prog, _ := filepath.Abs("../../internal/libbc/testdata/prog.c")
	var runs []*concurrentRun
	for i, lib := range []string{tarball, libDir, tarball, libDir} {
		runs = append(runs, &concurrentRun{args: []string{"run", "--output-dir", filepath.Join(tmp, fmt.Sprint("out", i)), "--lib", lib, prog}})
	}
	runConcurrently(append(os.Environ(), "XDG_CACHE_HOME="+filepath.Join(tmp, "cache")), runs)
	builds := map[string]int{}
	for i, r := range runs {
		if r.err != nil {
			t.Errorf("run %d: %v\n%s", i, r.err, r.out)
			continue
		}
		for _, l := range strings.Split(r.out, "\n") {
			if _, name, ok := strings.Cut(l, "floatsym: building library "); ok {
				builds[strings.Fields(name)[0]]++
			}
		}
		s := readSummary(t, filepath.Join(tmp, fmt.Sprint("out", i)))
		if !s.Complete || len(s.Errors) != 1 || s.Errors[0].Kind != "assert" || s.Errors[0].Line != 13 {
			t.Errorf("run %d: complete %v, errors %+v", i, s.Complete, s.Errors)
		}
	}
	if len(builds) != 2 || builds["minitar"] != 1 || builds["minilib"] != 1 {
		t.Errorf("builds per library %v: want each built once", builds)
	}
}
