package bench

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// verdictKey: VerdictKey and the run's statistics (the fake floatsym's
// are fixed).
func verdictKey(r Result) string {
	return fmt.Sprintf("%s exit=%d insts=%d queries=%d", VerdictKey(r), r.ExitCode, r.Instructions, r.Queries)
}

// TestPlanMatchesLocalRun: the variants run locally (Run, two at a time)
// and as a plan whose tasks a loop runs (RunTask, as a scheduler would),
// then merged, get the same verdicts, in the same order, with the same
// totals; the skipped and malformed variants are judged when planning.
func TestPlanMatchesLocalRun(t *testing.T) {
	needClang(t)
	t.Setenv("BENCH_FAKE_FLOATSYM", "1")
	specs, err := LoadSpecs("testdata/e2e")
	if err != nil {
		t.Fatal(err)
	}
	// Quick variants of every kind of verdict (hang and timelimit take
	// their limits).
	keep := regexp.MustCompile(`^(prog/(tp|fp_correct|fp_noreplay|verified|crash|solver|skipped|runtime_env)|broken/invalid)$`)
	variants := Select(Variants(specs), keep)
	if len(variants) != 9 {
		t.Fatalf("%d variants selected, want 9", len(variants))
	}
	cfg := Config{Floatsym: os.Args[0], TimeLimit: time.Second, KillGrace: time.Second, Jobs: 2,
		WorkDir: t.TempDir(), MemoryMB: 500, Log: quietLog()}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	local, err := Run(ctx, cfg, variants)
	if err != nil {
		t.Fatal(err)
	}

	dir := filepath.Join(t.TempDir(), "plan")
	cfg.WorkDir, cfg.Jobs = "", 0
	plan, err := WritePlan(dir, cfg, variants, PlanOptions{Paths: []string{"testdata/e2e"}, Sbatch: []string{"--partition=short"},
		Env: []string{"FLOATSYM_X=1", "HOME=/nowhere"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Tasks) != 7 || len(plan.Skipped) != 2 {
		t.Fatalf("%d tasks, %d skipped; want 7 and 2", len(plan.Tasks), len(plan.Skipped))
	}
	if len(plan.Env) != 1 || plan.Env[0] != "FLOATSYM_X=1" {
		t.Errorf("plan env %v: want only the FLOATSYM_ variables", plan.Env)
	}
	script, err := os.ReadFile(filepath.Join(dir, ArrayScript))
	if err != nil {
		t.Fatal(err)
	}
	// 1.5 s + 1 s grace + 4 × 30 s replays + 1 min = 182.5 s: 4 minutes.
	for _, want := range []string{"#SBATCH --array=0-6\n", "#SBATCH --time=4\n", "#SBATCH --mem=1524M\n",
		"#SBATCH --cpus-per-task=1\n", "#SBATCH --output=" + dir + "/logs/%a.out\n", "#SBATCH --partition=short\n",
		`bench --run-task ` + dir + ` "$SLURM_ARRAY_TASK_ID"`} {
		if !strings.Contains(string(script), want) {
			t.Errorf("array.sbatch lacks %q:\n%s", want, script)
		}
	}
	manifest, err := os.ReadFile(filepath.Join(dir, JobManifest))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"completionMode: Indexed", "completions: 7", "$JOB_COMPLETION_INDEX", "mountPath: " + dir} {
		if !strings.Contains(string(manifest), want) {
			t.Errorf("job.yaml lacks %q:\n%s", want, manifest)
		}
	}
	for _, task := range plan.Tasks {
		if task.Argv[0] != plan.Floatsym || task.Argv[1] != "run" {
			t.Errorf("task %d argv %v", task.Index, task.Argv)
		}
	}

	// Task 3 is not run yet: merged, it is named, and resubmit.sbatch
	// runs it alone.
	for i := range plan.Tasks {
		if i == 3 {
			continue
		}
		if _, err := RunTask(ctx, dir, i, TaskOptions{Log: quietLog()}); err != nil {
			t.Fatalf("task %d: %v", i, err)
		}
	}
	m, err := Merge(dir, MergeOptions{States: map[int]string{3: "PREEMPTED (exit 0:0)"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Missing) != 1 || m.Missing[0].Index != 3 || !strings.Contains(m.Missing[0].Reason, "PREEMPTED") {
		t.Fatalf("missing %+v, want task 3 preempted", m.Missing)
	}
	if want := "sbatch --array=3 " + filepath.Join(dir, ArrayScript); m.Resubmit != want {
		t.Errorf("resubmit %q, want %q", m.Resubmit, want)
	}
	if b, err := os.ReadFile(filepath.Join(dir, ResubmitFile)); err != nil || !strings.Contains(string(b), "#SBATCH --array=3\n") {
		t.Errorf("resubmit.sbatch: %v\n%s", err, b)
	}
	missing := m.Doc.Results[plan.Tasks[3].Position]
	if missing.ID != plan.Tasks[3].ID || missing.Status != StatusMissing || missing.Outcome != OutcomeUnknown {
		t.Errorf("missing task's result: %+v", missing)
	}

	if _, err := RunTask(ctx, dir, 3, TaskOptions{Log: quietLog()}); err != nil {
		t.Fatal(err)
	}
	m, err = Merge(dir, MergeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Missing) != 0 || m.Resubmit != "" {
		t.Errorf("missing after the rerun: %+v", m.Missing)
	}
	if _, err := os.Stat(filepath.Join(dir, ResubmitFile)); err == nil {
		t.Error("resubmit.sbatch left behind when nothing is missing")
	}
	if len(m.Doc.Results) != len(local) {
		t.Fatalf("%d merged results, %d local", len(m.Doc.Results), len(local))
	}
	for i := range local {
		if l, g := verdictKey(local[i]), verdictKey(m.Doc.Results[i]); l != g {
			t.Errorf("result %d differs:\nlocal  %s\nmerged %s", i, l, g)
		}
	}
	lt, mt := ComputeTotals(local), m.Doc.Totals
	lt.WallSeconds, lt.CPUSeconds, mt.WallSeconds, mt.CPUSeconds = 0, 0, 0, 0
	if fmt.Sprint(lt) != fmt.Sprint(mt) {
		t.Errorf("totals differ:\nlocal  %+v\nmerged %+v", lt, mt)
	}
	if m.Doc.Jobs < 1 || m.Doc.Totals.WallSeconds <= 0 {
		t.Errorf("merged document: jobs %d wall %.2f", m.Doc.Jobs, m.Doc.Totals.WallSeconds)
	}
}

// TestRunTaskErrors: a task outside the plan, a spec changed since
// planning and a result left by another plan are errors that say so.
func TestRunTaskErrors(t *testing.T) {
	t.Setenv("BENCH_FAKE_FLOATSYM", "1")
	src, err := os.ReadFile("testdata/e2e/prog/spec.yml")
	if err != nil {
		t.Fatal(err)
	}
	suite := t.TempDir()
	for _, f := range []string{"spec.yml", "prog.c"} {
		b, err := os.ReadFile(filepath.Join("testdata/e2e/prog", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(suite, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	specs, err := LoadSpecs(suite)
	if err != nil {
		t.Fatal(err)
	}
	variants := Select(Variants(specs), regexp.MustCompile(`/verified$`))
	dir := filepath.Join(t.TempDir(), "plan")
	if _, err := WritePlan(dir, Config{Floatsym: os.Args[0], TimeLimit: time.Second, Log: quietLog()}, variants, PlanOptions{}); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := RunTask(ctx, dir, 1, TaskOptions{Log: quietLog()}); err == nil || !strings.Contains(err.Error(), "tasks 0..0") {
		t.Errorf("task out of range: %v", err)
	}
	// A result of another task in this task's place is not taken.
	if err := os.WriteFile(filepath.Join(dir, "results", "0.json"), []byte(`{"index": 5, "id": "x/y", "result": {"id": "x/y"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := Merge(dir, MergeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Missing) != 1 || !strings.Contains(m.Missing[0].Reason, "is for task 5 (x/y)") {
		t.Errorf("foreign result: %+v", m.Missing)
	}
	// The variant's defines changed after planning.
	changed := strings.Replace(string(src), "FAKE: verified}", "FAKE: verified2}", 1)
	if changed == string(src) {
		t.Fatal("the test spec has no FAKE: verified define")
	}
	if err := os.WriteFile(filepath.Join(suite, "spec.yml"), []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := RunTask(ctx, dir, 0, TaskOptions{Log: quietLog()}); err == nil || !strings.Contains(err.Error(), "changed since the plan was written") {
		t.Errorf("changed spec: %v", err)
	}
	// A moved plan is refused (its tasks' directories are under the old
	// path).
	moved := dir + "-moved"
	if err := os.Rename(dir, moved); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadPlan(moved); err == nil || !strings.Contains(err.Error(), "was written for") {
		t.Errorf("moved plan: %v", err)
	}
}

func TestParseSacct(t *testing.T) {
	for _, tc := range []struct {
		out  string
		want map[int]string
	}{
		{"", map[int]string{}},
		{"12_0|COMPLETED|0:0\n12_1|PREEMPTED|0:15\n12_[2-4]|PENDING|0:0\n13_0|FAILED|1:0\n",
			map[int]string{0: "COMPLETED (exit 0:0)", 1: "PREEMPTED (exit 0:15)"}},
		{"12_7|TIMEOUT|0:1\ngarbage\n", map[int]string{7: "TIMEOUT (exit 0:1)"}},
	} {
		if got := parseSacct(tc.out, "12"); fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("parseSacct(%q) = %v, want %v", tc.out, got, tc.want)
		}
	}
}

func TestSpanStats(t *testing.T) {
	at := func(s int) time.Time { return time.Unix(1000+int64(s), 0) }
	for _, tc := range []struct {
		spans []span
		wall  time.Duration
		most  int
	}{
		{nil, 0, 0},
		{[]span{{at(0), at(10)}}, 10 * time.Second, 1},
		{[]span{{at(0), at(10)}, {at(5), at(20)}, {at(10), at(12)}}, 20 * time.Second, 2},
		{[]span{{at(3), at(4)}, {at(0), at(1)}}, 4 * time.Second, 1},
	} {
		_, wall, most := spanStats(tc.spans)
		if wall != tc.wall || most != tc.most {
			t.Errorf("spanStats(%v) = %v, %d; want %v, %d", tc.spans, wall, most, tc.wall, tc.most)
		}
	}
}

func TestVerdictDiff(t *testing.T) {
	tp := Result{ID: "a/bug", Outcome: OutcomeTP, BugsFound: 1, BugsExpect: 1, Elapsed: 1}
	slowTP := tp
	slowTP.Elapsed, slowTP.WallSeconds, slowTP.Command = 9, 8, []string{"elsewhere"}
	fp := tp
	fp.Outcome, fp.FalsePos = OutcomeFP, 1
	v := Result{ID: "b/ok", Outcome: OutcomeVerified, Complete: true}
	for _, tc := range []struct {
		name string
		a, b []Result
		want []string // substrings, one per difference
	}{
		{"equal up to times", []Result{tp, v}, []Result{slowTP, v}, nil},
		{"outcome", []Result{tp, v}, []Result{fp, v}, []string{"a/bug:\n  first  a/bug outcome=TP"}},
		{"only in one", []Result{tp}, []Result{v}, []string{"a/bug: only in the first", "b/ok: only in the second"}},
	} {
		got := VerdictDiff(&Document{Results: tc.a}, &Document{Results: tc.b})
		if len(got) != len(tc.want) {
			t.Errorf("%s: %q, want %d difference(s)", tc.name, got, len(tc.want))
			continue
		}
		for i, w := range tc.want {
			if !strings.Contains(got[i], w) {
				t.Errorf("%s: %q lacks %q", tc.name, got[i], w)
			}
		}
	}
}

// TestRunTaskInterrupted: a task interrupted (the scheduler's SIGTERM at
// its time limit or a preemption) writes no result, so --merge names it.
func TestRunTaskInterrupted(t *testing.T) {
	needClang(t)
	t.Setenv("BENCH_FAKE_FLOATSYM", "1")
	specs, err := LoadSpecs("testdata/e2e")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "plan")
	cfg := Config{Floatsym: os.Args[0], TimeLimit: 30 * time.Second, Log: quietLog()}
	if _, err := WritePlan(dir, cfg, Select(Variants(specs), regexp.MustCompile(`^prog/hang$`)), PlanOptions{}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		// Interrupted once floatsym runs (its output directory exists).
		for {
			if _, err := os.Stat(filepath.Join(dir, "work", "0", "out")); err == nil {
				cancel()
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	if _, err := RunTask(ctx, dir, 0, TaskOptions{Log: quietLog()}); err == nil || !strings.Contains(err.Error(), "interrupted, no result written") {
		t.Errorf("interrupted task: %v", err)
	}
	m, err := Merge(dir, MergeOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Missing) != 1 || m.Missing[0].ID != "prog/hang" {
		t.Errorf("missing %+v, want prog/hang", m.Missing)
	}
}
