package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/flock"
	"github.com/floatsym/floatsym/internal/testtool"
)

// TestInterruptWhileWaitingForLibrary: a run waiting for another
// floatsym's build of its library (here the test holds the library's
// lock) says so, and SIGINT ends it while the lock is still held: it does
// not wait for the other build to finish.
func TestInterruptWhileWaitingForLibrary(t *testing.T) {
	testtool.Require(t, testtool.Clang)
	tmp := t.TempDir()
	cache := filepath.Join(tmp, "cache")
	unlock, err := flock.Lock(filepath.Join(cache, "floatsym", "libs", "minilib.lock"))
	if err != nil {
		t.Fatal(err)
	}
	defer unlock()
	libDir, _ := filepath.Abs("../../internal/libbc/testdata/minilib")
	prog, _ := filepath.Abs("../../internal/libbc/testdata/prog.c")
	cmd := exec.Command(binary, "run", "--output-dir", filepath.Join(tmp, "out"), "--lib", libDir, prog)
	cmd.Env = append(os.Environ(), "XDG_CACHE_HOME="+cache)
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	done := make(chan error, 1)
	var out []string
	// Generous outer bound: the run waits for a lock that is never let go.
	limit := time.After(5 * time.Minute)
	interrupted := false
	for !interrupted {
		select {
		case l, ok := <-lines:
			if !ok {
				t.Fatalf("run ended before waiting:\n%s", strings.Join(out, "\n"))
			}
			out = append(out, l)
			if strings.Contains(l, "floatsym: waiting for library minilib") {
				cmd.Process.Signal(os.Interrupt)
				interrupted = true
			}
		case <-limit:
			cmd.Process.Kill()
			t.Fatalf("no waiting line:\n%s", strings.Join(out, "\n"))
		}
	}
	go func() {
		for l := range lines {
			out = append(out, l)
		}
		done <- cmd.Wait()
	}()
	select {
	case err := <-done:
		if err == nil {
			t.Errorf("interrupted run exited 0:\n%s", strings.Join(out, "\n"))
		}
	case <-limit:
		cmd.Process.Kill()
		t.Fatalf("the interrupted run kept waiting for the lock:\n%s", strings.Join(out, "\n"))
	}
}
