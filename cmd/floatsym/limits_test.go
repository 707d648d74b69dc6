package main

import (
	"context"
	"encoding/json"
	"io"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/atomicfile"
	"github.com/floatsym/floatsym/internal/ktest"
	"github.com/floatsym/floatsym/internal/runstats"
)

// Limits, interrupts and crash-safe output (issue 24, deliverables 1-3).
// No test asserts a duration: a run that did not end would hit the test
// binary's own timeout; the wall times are measured in the commits.

// checkCutOff checks the paths of a run that was cut off: each path cut
// off has its test or is counted in states_without_test, whose count
// and locations add up; no path is a solver failure.
func checkCutOff(t *testing.T, s executor.Summary, kind string) {
	t.Helper()
	without, cut := 0, 0
	for _, p := range s.Paths {
		switch p.Termination.Kind {
		case "solver":
			t.Errorf("path %d is a solver failure: %+v", p.ID, p.Termination)
		case kind:
			cut++
			if p.Test == "" {
				without++
			}
		}
	}
	if cut == 0 {
		t.Errorf("no path ended %s: %+v", kind, s.Paths)
	}
	sum := 0
	for _, l := range s.StatesWithoutTest.Locations {
		sum += l.States
		if l.File == "" || l.Line == 0 {
			t.Errorf("location without file:line: %+v", l)
		}
	}
	if w := s.StatesWithoutTest; w.CutShort != cut || w.FromKnownModels+w.FromSolver+w.Count != w.CutShort {
		t.Errorf("states_without_test %+v: want cut_short %d = tests from known models + from the solver + without test", w, cut)
	}
	if s.StatesWithoutTest.Count != without || sum != without {
		t.Errorf("states_without_test %+v (locations sum to %d); %d paths ended %s without test",
			s.StatesWithoutTest, sum, without, kind)
	}
	if s.Complete {
		t.Error("a run cut off is marked complete")
	}
}

// TestMaxTimeWholeRun: SV-COMP's bary_diverge shape (new nondet inputs
// on every iteration, never ending): --max-time ends the run with
// summary.json saying so, and every state alive either has its test or
// is listed.
func TestMaxTimeWholeRun(t *testing.T) {
	requireClang(t)
	for _, prog := range []string{"bary_diverge.c", "divmul_buf.c"} {
		t.Run(prog, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			src := "testdata/limits/" + prog
			out, code := runCLI(t, "run", "--output-dir", dir, "--max-time", "6s", "--compiled", compiledModule(t, src), src)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, out)
			}
			s := readSummary(t, dir)
			if s.EndedBy != executor.EndedTimeLimit {
				t.Errorf("ended_by %q, want %q", s.EndedBy, executor.EndedTimeLimit)
			}
			checkCutOff(t, s, "limit")
			if !strings.Contains(out, "done (time limit") {
				t.Errorf("final line does not say the time limit ended the run:\n%s", out)
			}
			if n := s.StatesWithoutTest.Count; n > 0 && !strings.Contains(out, strconv.Itoa(n)+" states without test") {
				t.Errorf("final line does not count the %d states without test:\n%s", n, out)
			}
		})
	}
}

// startRun starts floatsym run in the background; its combined output
// goes to the returned file.
func startRun(t *testing.T, args ...string) (*exec.Cmd, string) {
	t.Helper()
	log := filepath.Join(t.TempDir(), "console.txt")
	f, err := os.Create(log)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	cmd := exec.Command(binary, append([]string{"run"}, args...)...)
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	return cmd, log
}

// waitFor polls until cond holds or the process has exited.
func waitFor(cmd *exec.Cmd, done <-chan struct{}, cond func() bool) bool {
	for {
		if cond() {
			return true
		}
		select {
		case <-done:
			return cond()
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// tests counts the .ktest files in dir.
func tests(dir string) int {
	m, _ := filepath.Glob(filepath.Join(dir, "test*.ktest"))
	return len(m)
}

// TestInterrupt: SIGINT during a never-ending exploration prints the
// message, ends the states alive as interrupted (never a solver failure
// or .solver.err), writes valid output and says so; a second SIGINT
// exits at once with 130, leaving only complete files.
func TestInterrupt(t *testing.T) {
	requireClang(t)
	for _, twice := range []bool{false, true} {
		t.Run(map[bool]string{false: "once", true: "twice"}[twice], func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			cmd, log := startRun(t, "--output-dir", dir, "testdata/limits/bary_diverge.c")
			done := make(chan struct{})
			var werr error
			go func() { werr = cmd.Wait(); close(done) }()
			// Interrupt once the exploration has written its first test.
			if !waitFor(cmd, done, func() bool { return tests(dir) > 0 }) {
				t.Fatal("the run ended before writing a test")
			}
			cmd.Process.Signal(os.Interrupt)
			if twice {
				// Signals sent together may be merged: the second goes
				// once the first was handled.
				waitFor(cmd, done, func() bool {
					b, _ := os.ReadFile(log)
					return strings.Contains(string(b), strings.TrimSpace(interruptMessage))
				})
				cmd.Process.Signal(os.Interrupt)
			}
			<-done
			code := 0
			if ee, ok := werr.(*exec.ExitError); ok {
				code = ee.ExitCode()
			}
			console, _ := os.ReadFile(log)
			if !strings.Contains(string(console), strings.TrimSpace(interruptMessage)) {
				t.Errorf("no interrupt message on the console:\n%s", console)
			}
			checkComplete(t, dir)
			if m, _ := filepath.Glob(filepath.Join(dir, "*.solver.err")); len(m) > 0 {
				t.Errorf("interrupt reported as solver failures: %v", m)
			}
			if twice {
				// (A run that wrote its output before the second SIGINT
				// arrived exits 0: TestOnInterrupt tests the exit itself.)
				if code != exitInterrupted && !(code == 0 && strings.Contains(string(console), "floatsym: done (interrupted")) {
					t.Errorf("exit %d after a second SIGINT, want %d:\n%s", code, exitInterrupted, console)
				}
				return
			}
			if code != 0 {
				t.Fatalf("exit %d: %s", code, console)
			}
			s := readSummary(t, dir)
			if s.EndedBy != executor.EndedInterrupted {
				t.Errorf("ended_by %q, want %q", s.EndedBy, executor.EndedInterrupted)
			}
			checkCutOff(t, s, "interrupted")
			if !strings.Contains(string(console), "floatsym: done (interrupted") {
				t.Errorf("the final line does not say the run was interrupted:\n%s", console)
			}
		})
	}
}

// checkComplete checks every file of an output directory is complete:
// tests parse, .err files have their last line, summary.json parses,
// text files end with a newline; only atomicfile's temporaries may be
// partial.
func checkComplete(t *testing.T, dir string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		return // killed before it made its directory: nothing written
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		name := e.Name()
		path := filepath.Join(dir, name)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		switch {
		case atomicfile.IsTemp(name):
			// A write in flight at the kill: readers skip it.
		case strings.HasSuffix(name, ".ktest"):
			if _, err := ktest.Parse(b); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		case strings.HasSuffix(name, ".err"):
			if !strings.HasPrefix(string(b), "Error: ") || !strings.Contains(string(b), "\nStack: \n") {
				t.Errorf("%s is incomplete: %q", name, b)
			}
		case name == "summary.json":
			var s executor.Summary
			if err := json.Unmarshal(b, &s); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		case name == runstats.FileName: // a complete database, rows readable
			if _, err := runstats.Read(dir); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		case name == "coverage.info": // lcov records, each closed
			if len(b) > 0 && !strings.HasSuffix(string(b), "end_of_record\n") {
				t.Errorf("%s does not end with a closed record: %q", name, tail(b))
			}
		case name == executor.CoverageDataFile: // complete JSON
			if _, err := executor.ReadCoverageData(&executor.OutputDir{Path: dir}); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		case name == "info", name == "assembly.ll", name == "messages.txt", name == "warnings.txt", name == "run.istats":
			if len(b) > 0 && b[len(b)-1] != '\n' {
				t.Errorf("%s does not end with a newline: %q", name, tail(b))
			}
		default:
			t.Errorf("unexpected file %s", name)
		}
	}
}

func tail(b []byte) []byte { return b[max(0, len(b)-80):] }

// TestKillLeavesCompleteFiles: floatsym run killed with SIGKILL at
// pseudo-random moments (after the k-th test appears, k seeded) leaves
// only complete files. FLOATSYM_KILL_POINTS sets how many moments (50
// for the full check); the default suite tries 6.
func TestKillLeavesCompleteFiles(t *testing.T) {
	requireClang(t)
	points := 6
	if n, err := strconv.Atoi(os.Getenv("FLOATSYM_KILL_POINTS")); err == nil && n > 0 {
		points = n
	}
	// Compile once; each run then starts from the linked module.
	first := filepath.Join(t.TempDir(), "first")
	if out, code := runCLI(t, "run", "--output-dir", first, "--max-instructions", "1", "testdata/limits/manypaths.c"); code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	module := filepath.Join(first, "assembly.ll")
	r := rand.New(rand.NewSource(24))
	killedMidway := 0
	for i := 0; i < points; i++ {
		k := r.Intn(300)
		dir := filepath.Join(t.TempDir(), "out")
		cmd, _ := startRun(t, "--output-dir", dir, "--emit-all-errors", module)
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		if waitFor(cmd, done, func() bool { return tests(dir) >= k }) {
			cmd.Process.Signal(syscall.SIGKILL)
		}
		<-done
		if _, err := os.Stat(filepath.Join(dir, "summary.json")); err != nil {
			killedMidway++
		}
		checkComplete(t, dir)
		if t.Failed() {
			t.Fatalf("kill point %d (after test %d): files incomplete", i, k)
		}
	}
	t.Logf("%d kill points, %d before the summary was written", points, killedMidway)
	if killedMidway == 0 {
		t.Error("no run was killed before its end: the kill points test nothing")
	}
}

// TestOnInterrupt: the first SIGINT prints the message and ends the
// context; the second exits with 130 (exit is a stub here). Signals are
// sent to the test process itself, which onInterrupt catches.
func TestOnInterrupt(t *testing.T) {
	var console strings.Builder
	codes := make(chan int, 1)
	ctx, stop := onInterrupt(context.Background(), &syncWriter{w: &console}, func(code int) { codes <- code })
	defer stop()
	syscall.Kill(os.Getpid(), syscall.SIGINT)
	<-ctx.Done()
	syscall.Kill(os.Getpid(), syscall.SIGINT)
	if code := <-codes; code != exitInterrupted {
		t.Errorf("second SIGINT: exit %d, want %d", code, exitInterrupted)
	}
	if !strings.HasPrefix(console.String(), interruptMessage) {
		t.Errorf("console %q, want the interrupt message first", console.String())
	}
}

// syncWriter serialises writes (the handler writes from its goroutine).
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}
