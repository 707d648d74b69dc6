package bench

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/internal/ktest"
	"github.com/floatsym/floatsym/internal/testtool"
)

// The test binary doubles as a fake floatsym: with BENCH_FAKE_FLOATSYM=1
// it behaves like `floatsym run`, reporting what the -D FAKE=<mode> asks
// for, so Run, the native replay and the judging are tested end to end
// whatever state the executor is in.
func TestMain(m *testing.M) {
	if os.Getenv("BENCH_FAKE_FLOATSYM") == "1" {
		os.Exit(fakeFloatsym(os.Args[1:]))
	}
	os.Exit(m.Run())
}

type fakeTest struct {
	x       int32
	errKind string // "" for a normal exit
	line    int
	term    string // termination kind in summary.json
	msg     string
}

func fakeFloatsym(args []string) int {
	if len(args) == 0 || args[0] != "run" {
		fmt.Fprintln(os.Stderr, "fake floatsym: only run is supported")
		return 2
	}
	var outDir, mode string
	var sources []string
	for i := 1; i < len(args); i++ {
		if args[i] == "--" {
			break // the program's arguments
		}
		switch a := args[i]; a {
		case "--output-dir", "--max-time", "--max-memory", "--std", "--cflags", "-D", "--env":
			if i+1 >= len(args) {
				fmt.Fprintf(os.Stderr, "fake floatsym: %s needs a value\n", a)
				return 2
			}
			v := args[i+1]
			i++
			switch a {
			case "--output-dir":
				outDir = v
			case "-D":
				if strings.HasPrefix(v, "FAKE=") {
					mode = strings.TrimPrefix(v, "FAKE=")
				}
			}
		default:
			sources = append(sources, a)
		}
	}
	if err := os.Mkdir(outDir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "fake floatsym:", err)
		return 1
	}
	os.WriteFile(filepath.Join(outDir, "args.txt"), []byte(strings.Join(args, "\n")), 0o644)
	src := sources[0]
	complete := true
	var tests []fakeTest
	switch mode {
	case "tp":
		tests = []fakeTest{{x: 42, errKind: "assert", line: 9, term: "assert", msg: "ASSERTION FAIL: 0 && \"boom\""}, {x: 0, term: "exit"}}
	case "noreplay":
		tests = []fakeTest{{x: 41, errKind: "assert", line: 9, term: "assert", msg: "ASSERTION FAIL"}}
	case "verified":
		tests = []fakeTest{{x: 0, term: "exit"}}
	case "env":
		tests = []fakeTest{{x: 5, errKind: "abort", line: 14, term: "abort", msg: "abort failure"}, {x: 0, term: "exit"}}
	case "crash":
		fmt.Fprint(os.Stderr, "panic: fake crash\n\ngoroutine 1 [running]:\nmain.main()\n")
		return 2
	case "hang":
		for { // never ends by itself: only bench's hard kill ends it
			time.Sleep(time.Hour)
		}
	case "timelimit":
		tests = []fakeTest{{x: 0, term: "limit", msg: "time limit reached"}}
		complete = false
	case "solver":
		tests = []fakeTest{{x: 0, errKind: "solver", line: 7, term: "solver", msg: "solver timeout"}}
		complete = false
	default:
		fmt.Fprintf(os.Stderr, "fake floatsym: unknown mode %q\n", mode)
		return 2
	}
	var errs []map[string]any
	var paths []map[string]any
	for i, ft := range tests {
		name := fmt.Sprintf("test%06d", i+1)
		x := make([]byte, 4)
		binary.LittleEndian.PutUint32(x, uint32(ft.x))
		kt := &ktest.Test{Args: []string{"prog"}, Objects: []ktest.Object{{Name: "x", Bytes: x}}}
		if err := kt.WriteFile(filepath.Join(outDir, name+".ktest")); err != nil {
			fmt.Fprintln(os.Stderr, "fake floatsym:", err)
			return 1
		}
		term := map[string]any{"kind": ft.term, "exit_status": 0, "message": ft.msg}
		if ft.errKind != "" {
			errFile := fmt.Sprintf("Error: %s\nFile: %s\nLine: %d\nassembly.ll line: 1\nStack: \n", ft.msg, src, ft.line)
			os.WriteFile(filepath.Join(outDir, name+"."+ft.errKind+".err"), []byte(errFile), 0o644)
			errs = append(errs, map[string]any{"kind": ft.errKind, "message": ft.msg, "file": src, "line": ft.line, "test": name + ".ktest"})
			term["file"], term["line"] = src, ft.line
		}
		paths = append(paths, map[string]any{"id": i + 1, "test": name + ".ktest", "instructions": 10, "termination": term})
	}
	if errs == nil {
		errs = []map[string]any{}
	}
	sum := map[string]any{
		"version": "fake", "paths_explored": len(tests), "paths_completed": len(tests), "complete": complete,
		"instructions": 100 * len(tests), "tests_written": len(tests), "queries": 7, "solver_time_seconds": 0.25,
		"wall_time_seconds": 0.5, "errors": errs, "paths": paths,
	}
	b, _ := json.MarshalIndent(sum, "", "  ")
	if err := os.WriteFile(filepath.Join(outDir, "summary.json"), b, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "fake floatsym:", err)
		return 1
	}
	return 0
}

func quietLog() *logrus.Entry {
	l := logrus.New()
	l.SetLevel(logrus.WarnLevel)
	return logrus.NewEntry(l)
}

func needClang(t *testing.T) {
	t.Helper()
	testtool.Require(t, cc.Clang)
}

func TestRunEndToEndFake(t *testing.T) {
	needClang(t)
	t.Setenv("BENCH_FAKE_FLOATSYM", "1")
	specs, err := LoadSpecs("testdata/e2e")
	if err != nil {
		t.Fatal(err)
	}
	var progress bytes.Buffer
	work := t.TempDir()
	cfg := Config{
		Floatsym: os.Args[0], TimeLimit: time.Second, KillGrace: time.Second, Jobs: max(4, runtime.NumCPU()),
		WorkDir: work, Keep: true, Progress: &progress, MemoryMB: 500, Log: quietLog(),
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	start := time.Now()
	results, err := Run(ctx, cfg, Variants(specs))
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("ran %d variants in %v", len(results), time.Since(start))
	want := map[string]struct {
		outcome        Outcome
		found, expect  int
		fp             int
		timedOut, crsh bool
		unl, infra     int
	}{
		"prog/tp":         {OutcomeTP, 1, 1, 0, false, false, 0, 0},
		"prog/tp_partial": {OutcomeTP, 1, 2, 0, false, false, 0, 0},
		// The assertion replays natively: a real failure the spec does not
		// list, not floatsym's FP.
		"prog/fp_correct":  {OutcomeUnlisted, 0, 0, 0, false, false, 1, 0},
		"prog/fp_noreplay": {OutcomeFP, 0, 1, 1, false, false, 0, 0},
		"prog/fp_wrongloc": {OutcomeUnlisted, 0, 1, 0, false, false, 1, 0},
		"prog/verified":    {OutcomeVerified, 0, 0, 0, false, false, 0, 0},
		"prog/crash":       {OutcomeCrash, 0, 0, 0, false, true, 0, 0},
		"prog/hang":        {OutcomeTimeout, 0, 0, 0, true, false, 0, 0},
		"prog/timelimit":   {OutcomeTimeout, 0, 0, 0, true, false, 0, 0},
		"prog/solver":      {OutcomeUnknown, 0, 0, 0, false, false, 0, 0},
		"prog/skipped":     {OutcomeSkipped, 0, 0, 0, false, false, 0, 0},
		"prog/infra":       {OutcomeInfra, 0, 1, 0, false, false, 0, 1},
		// Confirmed only when the native replay gets the spec's argument
		// and environment variable.
		"prog/runtime_env": {OutcomeTP, 1, 1, 0, false, false, 0, 0},
		"broken/invalid":   {OutcomeSkipped, 0, 0, 0, false, false, 0, 0},
	}
	if len(results) != len(want) {
		t.Fatalf("%d results, want %d", len(results), len(want))
	}
	for _, r := range results {
		w, ok := want[r.ID]
		if !ok {
			t.Errorf("unexpected result %s", r.ID)
			continue
		}
		if r.Outcome != w.outcome || r.BugsFound != w.found || r.BugsExpect != w.expect || r.FalsePos != w.fp ||
			r.TimedOut != w.timedOut || r.Crashed != w.crsh || r.Unlisted != w.unl || r.InfraErrors != w.infra {
			t.Errorf("%s: outcome %s bugs %d/%d fp %d timedOut %v crashed %v unl %d infra %d (reason %q, reports %+v); want %+v",
				r.ID, r.Outcome, r.BugsFound, r.BugsExpect, r.FalsePos, r.TimedOut, r.Crashed, r.Unlisted, r.InfraErrors, r.Reason, r.Reports, w)
		}
	}
	byID := map[string]Result{}
	for _, r := range results {
		byID[r.ID] = r
	}
	tp := byID["prog/tp"]
	if tp.Paths != 2 || tp.Tests != 2 || tp.Queries != 7 || tp.Instructions != 200 || !tp.Complete || tp.SolverShare() != 0.5 {
		t.Errorf("tp statistics: %+v", tp)
	}
	if len(tp.Reports) != 1 || tp.Reports[0].Verdict != VerdictTP || !strings.Contains(tp.Reports[0].Native, "assert at") {
		t.Errorf("tp reports: %+v", tp.Reports)
	}
	if r := byID["prog/crash"]; !strings.Contains(r.Reason, "panic: fake crash") || r.ExitCode != 2 {
		t.Errorf("crash reason %q exit %d", r.Reason, r.ExitCode)
	}
	// Killed at the hard limit (2.5 s here): the fake never ends by
	// itself, so the status is the whole check (no duration asserted).
	if r := byID["prog/hang"]; r.Status != StatusKilled {
		t.Errorf("hang: status %s after %.1fs", r.Status, r.Elapsed)
	}
	if r := byID["prog/skipped"]; r.Reason != "unsupported dependency fftw3" {
		t.Errorf("skip reason %q", r.Reason)
	}
	if r := byID["broken/invalid"]; !r.Malformed || !strings.Contains(r.Reason, filepath.Join("broken", "spec.yml")) ||
		!strings.Contains(r.Reason, "verification_tasks both at the top level and in the variant") {
		t.Errorf("broken spec: malformed %v reason %q", r.Malformed, r.Reason)
	}
	if r := byID["prog/infra"]; !strings.Contains(r.Reason, "native replay build failed") || r.StrictOutcome != OutcomeInfra {
		t.Errorf("infra reason %q", r.Reason)
	}
	if r := byID["prog/fp_wrongloc"]; r.StrictOutcome != OutcomeFP || r.StrictFalsePos != 1 || len(r.Reports) != 1 ||
		len(r.Reports[0].NativeStack) == 0 {
		t.Errorf("unlisted: strict %s (%d), reports %+v", r.StrictOutcome, r.StrictFalsePos, r.Reports)
	}
	envArgs, err := os.ReadFile(filepath.Join(byID["prog/runtime_env"].OutputDir, "args.txt"))
	if err != nil {
		t.Fatal(err)
	}
	specDir, _ := filepath.Abs("testdata/e2e/prog")
	if !strings.Contains(string(envArgs), "--env\nE2E_MODE=yes") || !strings.HasSuffix(string(envArgs), "--\n"+specDir+"/") {
		t.Errorf("floatsym args %q lack the runtime environment", envArgs)
	}
	// floatsym got the variant's flags.
	args, err := os.ReadFile(filepath.Join(byID["prog/tp"].OutputDir, "args.txt"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"--max-time\n1s", "--max-memory\n500", "--std\nc99", "-D\nFAKE=tp"} {
		if !strings.Contains(string(args), want) {
			t.Errorf("floatsym args %q lack %q", args, want)
		}
	}
	if !strings.Contains(progress.String(), "/14 ") {
		t.Errorf("progress output: %q", progress.String())
	}
	tot := ComputeTotals(results)
	if tot.FalsePositives != 1 || tot.StrictFalsePositives != 3 || tot.UnlistedBugs != 2 || tot.InfraErrors != 1 ||
		tot.Crashes != 1 || tot.Timeouts != 2 || tot.BugsFound != 3 || tot.BugsExpected != 7 ||
		tot.Verified != 1 || tot.Skipped != 2 || tot.Malformed != 1 {
		t.Errorf("totals: %+v", tot)
	}
}

func TestRunNoBinary(t *testing.T) {
	if _, err := Run(context.Background(), Config{Floatsym: "/nonexistent/floatsym"}, nil); err == nil {
		t.Error("no error for a missing binary")
	}
	if _, err := Run(context.Background(), Config{}, nil); err == nil {
		t.Error("no error without a binary")
	}
}

// TestRunRealFloatsym builds floatsym and runs it on one tiny spec.
func TestRunRealFloatsym(t *testing.T) {
	if testing.Short() {
		t.Skip("builds floatsym")
	}
	needClang(t)
	bin := filepath.Join(t.TempDir(), "floatsym")
	build := exec.Command("go", "build", "-o", bin, "./cmd/floatsym")
	build.Dir = "../.."
	build.Env = append(os.Environ(), "CGO_CFLAGS_ALLOW=-frounding-math")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building floatsym: %v\n%s", err, out)
	}
	specs, err := LoadSpecs("testdata/real")
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Floatsym: bin, TimeLimit: 30 * time.Second, Jobs: 1, WorkDir: t.TempDir(), Log: quietLog()}
	results, err := Run(context.Background(), cfg, Variants(specs))
	if err != nil {
		t.Fatal(err)
	}
	r := results[0]
	t.Logf("%s: %s, bugs %d/%d, %d paths, %.2fs (%s)", r.ID, r.Outcome, r.BugsFound, r.BugsExpect, r.Paths, r.Elapsed, r.Reason)
	if r.FalsePos != 0 || r.Crashed {
		t.Fatalf("false positives or crash: %+v", r)
	}
	if r.Outcome != OutcomeTP || r.BugsFound != 2 {
		t.Errorf("outcome %s with %d/%d bugs, want TP 2/2: %+v", r.Outcome, r.BugsFound, r.BugsExpect, r.Reports)
	}
}
