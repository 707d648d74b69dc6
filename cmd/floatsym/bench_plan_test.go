package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/bench"
)

// TestBenchPlanCLI: four quick variants of the suite, with the real
// floatsym, run by `bench --jobs 2` and as a plan whose tasks a loop runs
// (`--run-task`, as a scheduler would) and `--merge` reports: the verdicts
// are equal. A task whose result is lost is named by --merge, which fails
// and prints the sbatch line that resubmits it alone.
func TestBenchPlanCLI(t *testing.T) {
	requireClang(t)
	filter := `^(signed_zero_recip/(float_bug|float_fixed)|foo_m/float_bug|conversion_guard/double_correct)$`
	dir := t.TempDir()
	common := []string{"--time-limit", "20s", "--quiet", "--filter", filter}
	local := filepath.Join(dir, "local.json")
	if out, code := runCLI(t, append(append([]string{"bench", "--jobs", "2", "--json", local}, common...), "../../benchmarks")...); code != 0 {
		t.Fatalf("local bench: exit %d\n%s", code, out)
	}
	plan := filepath.Join(dir, "plan")
	out, code := runCLI(t, append(append([]string{"bench", "--plan", plan}, common...), "../../benchmarks")...)
	if code != 0 || !strings.Contains(out, "4 task(s)") {
		t.Fatalf("plan: exit %d\n%s", code, out)
	}
	for i := 0; i < 4; i++ {
		if out, code := runCLI(t, "bench", "--run-task", plan, fmt.Sprint(i)); code != 0 || !strings.Contains(out, fmt.Sprintf("task %d: ", i)) {
			t.Fatalf("task %d: exit %d\n%s", i, code, out)
		}
	}
	merged := filepath.Join(dir, "merged.json")
	md := filepath.Join(dir, "merged.md")
	if out, code := runCLI(t, "bench", "--merge", plan, "--json", merged, "--markdown", md); code != 0 ||
		!strings.Contains(out, "KLEE-float Imperial") {
		t.Fatalf("merge: exit %d\n%s", code, out)
	}
	a, err := bench.LoadDocument(local)
	if err != nil {
		t.Fatal(err)
	}
	b, err := bench.LoadDocument(merged)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Results) != 4 {
		t.Fatalf("%d merged results, want 4", len(b.Results))
	}
	if d := bench.VerdictDiff(a, b); len(d) > 0 {
		t.Errorf("the merged plan judged differently from the local run:\n%s", strings.Join(d, "\n"))
	}
	if _, err := os.Stat(md); err != nil {
		t.Errorf("--markdown not written: %v", err)
	}

	if err := os.Remove(filepath.Join(plan, "results", "2.json")); err != nil {
		t.Fatal(err)
	}
	out, code = runCLI(t, "bench", "--merge", plan)
	if code == 0 || !strings.Contains(out, "1 of 4 task(s) have no result") ||
		!strings.Contains(out, "sbatch --array=2 "+filepath.Join(plan, "array.sbatch")) {
		t.Errorf("merge with a lost result: exit %d\n%s", code, out)
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"bench", "--merge", plan, "../../benchmarks"}, "takes no PATH"},
		{[]string{"bench", "--run-task", plan}, "takes one argument, the task index"},
		{[]string{"bench", "--run-task", plan, "x"}, `task index "x" is not a number`},
		{[]string{"bench", "--run-task", plan, "9"}, "has tasks 0..3"},
		{[]string{"bench", "--merge", plan, "--plan", plan}, "separate modes"},
		{[]string{"bench", "--merge", filepath.Join(dir, "none")}, "reading the plan"},
	} {
		if out, code := runCLI(t, tc.args...); code == 0 || !strings.Contains(out, tc.want) {
			t.Errorf("%v: exit %d, want an error with %q:\n%s", tc.args, code, tc.want, out)
		}
	}
}
