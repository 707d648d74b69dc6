package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/executor"
)

// TestReplayCutShort: a run stopped by a limit replays with exit 0; its
// cut-short tests only run ("ran: exit N (path cut short by ...)") and the
// failed assertion it did find must still reproduce.
func TestReplayCutShort(t *testing.T) {
	requireClang(t)
	text, code, out := explodeCutShortRun(t) // TestConsole's --progress 0 run
	if code != 0 {
		t.Fatalf("run: exit %d\n%s", code, text)
	}
	sum := readSummary(t, out)
	if sum.PathsCompleted == len(sum.Paths) {
		t.Fatalf("no path was cut short (%d paths): the limit is too high for the test", len(sum.Paths))
	}
	text, code = runCLI(t, "replay", "--program", "testdata/explode.c", out)
	if code != 0 || !strings.Contains(text, "(path cut short by instruction limit)") || strings.Contains(text, "MISMATCH") {
		t.Errorf("replay: exit %d\n%s", code, text)
	}
}

// TestReplayByHand: "floatsym cflags" builds a replay binary by hand that
// reads KTEST_FILE; replay --keep keeps its binary, --show-output passes
// the program's output through.
func TestReplayByHand(t *testing.T) {
	requireClang(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	prog := filepath.Join(dir, "p.c")
	src := "#include \"klee/klee.h\"\n#include <stdio.h>\nint main(void){int x; klee_make_symbolic(&x, sizeof x, \"x\");\n" +
		"if (x == 42) { puts(\"forty-two\"); return 7; } puts(\"other\"); return 0;}\n"
	if err := os.WriteFile(prog, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if text, code := runCLI(t, "run", "--output-dir", out, prog); code != 0 {
		t.Fatalf("run: exit %d\n%s", code, text)
	}
	flags, code := runCLI(t, "cflags")
	if code != 0 || !strings.Contains(flags, "-I") || !strings.Contains(flags, "--wrap=main") {
		t.Fatalf("cflags: exit %d: %s", code, flags)
	}
	bin := filepath.Join(dir, "p.replay")
	args := append([]string{"-g", prog}, strings.Fields(flags)...)
	if b, err := exec.Command("clang-14", append(args, "-o", bin)...).CombinedOutput(); err != nil {
		t.Fatalf("building by hand: %v\n%s", err, b)
	}
	statuses := map[int]string{}
	tests, _ := filepath.Glob(filepath.Join(out, "*.ktest"))
	for _, kt := range tests {
		c := exec.Command(bin)
		c.Env = append(os.Environ(), "KTEST_FILE="+kt)
		b, err := c.Output()
		st := 0
		if ee, ok := err.(*exec.ExitError); ok {
			st = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		statuses[st] = strings.TrimSpace(string(b))
	}
	if statuses[7] != "forty-two" || statuses[0] != "other" {
		t.Errorf("hand-built replays: %v, want exit 7 printing forty-two and exit 0 printing other", statuses)
	}

	text, code := runCLI(t, "replay", "--keep", "--show-output", "--program", prog, out)
	if code != 0 || !strings.Contains(text, "forty-two") || !strings.Contains(text, "== ") {
		t.Fatalf("replay --keep --show-output: exit %d\n%s", code, text)
	}
	_, path, _ := strings.Cut(text, "native binary: ")
	path, _, _ = strings.Cut(path, " ")
	if fi, err := os.Stat(path); err != nil || fi.Mode()&0o111 == 0 {
		t.Errorf("kept binary %q: %v", path, err)
	} else {
		os.RemoveAll(filepath.Dir(path))
	}
}

// TestKLEEFlags: KLEE's spellings run with KLEE's meaning.
func TestKLEEFlags(t *testing.T) {
	requireClang(t)
	cases := []struct {
		name  string
		args  []string
		check func(s executor.Summary, out, dir string) string
	}{
		{"exit-on-error", []string{"--search", "dfs", "--exit-on-error"}, func(s executor.Summary, _, _ string) string {
			if s.EndedBy != executor.EndedExitOnError || len(s.Errors) != 1 || s.Incomplete.PathsCutShort == 0 {
				return fmt.Sprintf("ended_by %q, %d errors, %+v", s.EndedBy, len(s.Errors), s.Incomplete)
			}
			return ""
		}},
		{"max-depth", []string{"--max-depth", "1"}, func(s executor.Summary, _, _ string) string {
			if len(s.Paths) != 2 || s.Incomplete.PathsCutShort != 1 || s.Complete {
				return fmt.Sprintf("%d paths, %+v", len(s.Paths), s.Incomplete)
			}
			return ""
		}},
		{"max-forks", []string{"--max-forks", "1"}, func(s executor.Summary, _, _ string) string {
			if len(s.Paths) != 2 || s.Incomplete.ForksSuppressed == 0 || s.Complete {
				return fmt.Sprintf("%d paths, %+v", len(s.Paths), s.Incomplete)
			}
			return ""
		}},
		{"time spans and aliases", []string{"--max-time", "1min", "--max-solver-time", "5", "--entry-point", "main", "--write-smt2s",
			"--search", "random-path", "--search", "dfs", "--libc=uclibc", "--posix-runtime"}, func(s executor.Summary, out, dir string) string {
			smt, _ := filepath.Glob(filepath.Join(dir, "*.smt2"))
			if len(s.Paths) != 4 || !s.Complete || len(smt) == 0 || !strings.Contains(out, "POSIX model") || !strings.Contains(out, "C library is built in") {
				return fmt.Sprintf("%d paths, complete %v, %d smt2 files, output %s", len(s.Paths), s.Complete, len(smt), out)
			}
			return ""
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			args := append(append([]string{"run", "--output-dir", dir}, c.args...), "testdata/kleeflags.c")
			out, code := runCLI(t, args...)
			if code != 0 {
				t.Fatalf("exit %d\n%s", code, out)
			}
			if why := c.check(readSummary(t, dir), out, dir); why != "" {
				t.Error(why)
			}
		})
	}
	// Only paths covering new code get tests: explode.c's 4096 paths
	// run the same instructions.
	dir := filepath.Join(t.TempDir(), "out")
	out, code := runCLI(t, "run", "--only-output-states-covering-new", "--max-instructions", "3000", "--output-dir", dir, "testdata/explode.c")
	s := readSummary(t, dir)
	if code != 0 || s.TestsWritten == 0 || s.TestsWritten >= len(s.Paths)/2 {
		t.Errorf("--only-output-states-covering-new: exit %d, %d tests for %d paths\n%s", code, s.TestsWritten, len(s.Paths), out)
	}
}

// TestFatalLeavesNoOutput: a run that fails before exploring leaves no
// klee-out-N and klee-last where it was.
func TestFatalLeavesNoOutput(t *testing.T) {
	requireClang(t)
	dir := t.TempDir()
	good := filepath.Join(dir, "good.c")
	os.WriteFile(good, []byte("int main(void){return 0;}\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "notc.txt"), []byte("hello\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "bad.c"), []byte("int main(void){return x;}\n"), 0o644)
	if out, code := runCLI(t, "run", good); code != 0 {
		t.Fatalf("good run: exit %d\n%s", code, out)
	}
	for _, bad := range []string{"notc.txt", "bad.c"} {
		out, code := runCLI(t, "run", filepath.Join(dir, bad))
		if code == 0 || !strings.Contains(out, "floatsym: error: ") {
			t.Errorf("%s: exit %d\n%s", bad, code, out)
		}
	}
	outs, _ := filepath.Glob(filepath.Join(dir, "klee-out-*"))
	target, _ := os.Readlink(filepath.Join(dir, "klee-last"))
	if len(outs) != 1 || target != "klee-out-0" {
		t.Errorf("after two failed runs: %v, klee-last -> %q; want only klee-out-0 and klee-last -> klee-out-0", outs, target)
	}
}

// TestErrReport: a .err names the failing instruction's assembly.ll line
// and a stack with argument values; fpexc reports are one per exception
// (divbyzero and overflow on one line are two).
func TestErrReport(t *testing.T) {
	requireClang(t)
	dir := filepath.Join(t.TempDir(), "out")
	if out, code := runCLI(t, "run", "--output-dir", dir, "testdata/errstack.c"); code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	errs, _ := filepath.Glob(filepath.Join(dir, "*.assert.err"))
	if len(errs) != 1 {
		t.Fatalf("want one .assert.err, got %v", errs)
	}
	b, _ := os.ReadFile(errs[0])
	m := regexp.MustCompile(`(?m)^assembly.ll line: (\d+)$`).FindStringSubmatch(string(b))
	asm, _ := os.ReadFile(filepath.Join(dir, "assembly.ll"))
	lines := strings.Split(string(asm), "\n")
	n := 0
	if m != nil {
		n, _ = strconv.Atoi(m[1])
	}
	if n <= 0 || n > len(lines) || !strings.Contains(lines[n-1], "call void @__assert_fail") {
		t.Errorf(".err names assembly.ll line %d, want the __assert_fail call's:\n%s", n, b)
	}
	frame := regexp.MustCompile(`(?m)^\t#0` + fmt.Sprintf("%08d", n) + ` in g \(x=[-+.e0-9a-z]+, n=-?\d+\) at .*errstack.c:4$`)
	caller := regexp.MustCompile(`(?m)^\t#1\d{8} in main \(\) at .*errstack.c:11$`)
	if !frame.Match(b) || !caller.Match(b) {
		t.Errorf("stack without assembly.ll lines or argument values:\n%s", b)
	}

	dir = filepath.Join(t.TempDir(), "out")
	if out, code := runCLI(t, "run", "--check-fp", "divbyzero,overflow", "--output-dir", dir, "testdata/fpexc2.c"); code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	got := map[string]bool{}
	for _, e := range readSummary(t, dir).Errors {
		got[e.Kind+":"+e.Detail] = true
	}
	if !got["fpexc:divbyzero"] || !got["fpexc:overflow"] || len(got) != 2 {
		t.Errorf("errors %v, want fpexc divbyzero and fpexc overflow at fpexc2.c:3", got)
	}
}

// TestProperty: under unreach-call an abort() (assume_abort_if_not) ends
// its path silently and only reaching reach_error is a violation; without
// a property the abort is a report; the run replays either way.
func TestProperty(t *testing.T) {
	requireClang(t)
	cases := []struct {
		prop       string
		kinds      string // sorted error kinds with violation flags
		wantOutput string
	}{
		{"testdata/unreach-call.prp", "assert:true", "(1 violating unreach-call)"},
		{"testdata/valid-memsafety.prp", "assert:false", "valid-memtrack (memory leaks) is not checked"},
		{"", "abort:-,assert:-", "2 errors"},
	}
	for _, c := range cases {
		t.Run(filepath.Base(c.prop), func(t *testing.T) {
			t.Parallel() // waits on its own floatsym/clang/replay children, own directories
			dir := filepath.Join(t.TempDir(), "out")
			args := []string{"run", "--output-dir", dir}
			if c.prop != "" {
				args = append(args, "--property", c.prop)
			}
			out, code := runCLI(t, append(args, "testdata/svprop.c")...)
			if code != 0 {
				t.Fatalf("exit %d\n%s", code, out)
			}
			var kinds []string
			for _, e := range readSummary(t, dir).Errors {
				v := "-"
				if e.Violation != nil {
					v = fmt.Sprint(*e.Violation)
				}
				kinds = append(kinds, e.Kind+":"+v)
			}
			sort.Strings(kinds)
			if strings.Join(kinds, ",") != c.kinds || !strings.Contains(out, c.wantOutput) {
				t.Errorf("errors %v, want %s; output:\n%s", kinds, c.kinds, out)
			}
			if text, code := runCLI(t, "replay", "--program", "testdata/svprop.c", dir); code != 0 {
				t.Errorf("replay: exit %d\n%s", code, text)
			}
		})
	}
	out, code := runCLI(t, "run", "--property", "testdata/termination.prp", "testdata/svprop.c")
	if code == 0 || !strings.Contains(out, "termination is not a property floatsym checks") {
		t.Errorf("termination: exit %d\n%s", code, out)
	}
}

// TestInterruptReplays: a run stopped by SIGINT says so, and its tests
// replay (the paths it cut short only run).
func TestInterruptReplays(t *testing.T) {
	requireClang(t)
	dir := filepath.Join(t.TempDir(), "out")
	cmd := exec.Command(binary, "run", "--progress", "100ms", "--output-dir", dir, "testdata/explode.c")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	buf := make([]byte, 4096)
	sent := false
	for {
		n, err := stderr.Read(buf)
		out.Write(buf[:n])
		if !sent && regexp.MustCompile(`paths [1-9]\d* done`).MatchString(out.String()) {
			// Interrupt once the exploration is under way.
			cmd.Process.Signal(os.Interrupt)
			sent = true
		}
		if err != nil {
			break
		}
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	s := readSummary(t, dir)
	if !sent || s.EndedBy != executor.EndedInterrupted || !strings.Contains(out.String(), "floatsym: done (interrupted, incomplete: ") {
		t.Fatalf("ended_by %q (signal sent: %v)\n%s", s.EndedBy, sent, out.String())
	}
	// The first tests written: the completed path that triggered the
	// signal (judged) and paths the interrupt cut short (only run). The
	// run leaves hundreds of tests on a loaded machine (423: 77 s of
	// replay under load 25); each is replayed the same way, so a sample
	// of 24 checks the same.
	kts, _ := filepath.Glob(filepath.Join(dir, "*.ktest"))
	sort.Strings(kts)
	if len(kts) > 24 {
		kts = kts[:24]
	}
	if len(kts) < 2 {
		t.Fatalf("%d tests written: want the completed path's and the interrupted ones'", len(kts))
	}
	text, code := runCLI(t, append([]string{"replay", "--program", "testdata/explode.c"}, kts...)...)
	if code != 0 || !strings.Contains(text, "(path cut short by an interrupt)") {
		t.Errorf("replay: exit %d\n%s", code, text)
	}
}
