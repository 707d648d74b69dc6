package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/solver"
)

// TestCrosscheckRun: --crosscheck re-asks the native stage's UNSATs of a
// real run (absorb_float_infeasible's infeasible branch is decided
// natively) and reports them in summary.json and --stats.
func TestCrosscheckRun(t *testing.T) {
	requireClang(t)
	dir := t.TempDir() + "/out"
	out, code := runCLI(t, "run", "--crosscheck", "--stats", "--output-dir", dir,
		"../../executor/testdata/symbolic/absorb_float_infeasible.c")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, out)
	}
	s := readSummary(t, dir)
	c := s.Crosscheck
	if c == nil || c.Queries == 0 || c.Disagreed != 0 || c.Agreed+c.Unknown != c.Queries {
		t.Fatalf("summary crosscheck %+v", c)
	}
	if !strings.Contains(out, fmt.Sprintf("crosscheck: %d native verdicts re-asked", c.Queries)) {
		t.Errorf("--stats does not print the cross-check:\n%s", out)
	}
}

// TestCrosscheckStops: a disagreement cancels the run's context and is
// the run's error (a nonzero exit), after the summary is written.
func TestCrosscheckStops(t *testing.T) {
	f := crosscheckFlags{on: true}
	ctx, cfg, cancel, first := f.setup(context.Background(), t.TempDir())
	defer cancel()
	if !cfg.On || ctx.Err() != nil {
		t.Fatalf("setup: on %v, ctx %v", cfg.On, ctx.Err())
	}
	bad := fmt.Errorf("%w: test", solver.ErrCrosscheck)
	cfg.Stop(bad)
	cfg.Stop(errors.New("a later one"))
	if ctx.Err() == nil {
		t.Fatal("the run's context is not cancelled")
	}
	var st solver.Stats
	st.Crosscheck.Queries, st.Crosscheck.Disagreed = 3, 1
	cs, err := f.finish(st, first, false, nil)
	if err != bad || cs == nil || cs.Disagreed != 1 {
		t.Fatalf("finish: %+v, %v", cs, err)
	}
	if cs, err := (crosscheckFlags{}).finish(st, nil, false, nil); cs != nil || err != nil {
		t.Fatalf("off: %+v, %v", cs, err)
	}
}

// TestSolveCompare: floatsym solve --compare answers solver/smtlib's
// test scripts as z3 and cvc5 do, and writes its CSV and cactus data.
func TestSolveCompare(t *testing.T) {
	for _, bin := range []string{"z3", "cvc5"} {
		if _, err := exec.LookPath(bin); err != nil {
			t.Skip(bin + " not installed")
		}
	}
	dir := t.TempDir()
	out, code := runCLI(t, "solve", "--compare", "../../solver/smtlib/testdata", "--timeout", "20s",
		"--csv", dir+"/r.csv", "--cactus", dir+"/c.csv")
	if code != 0 || !strings.Contains(out, "floatsym agrees with z3 and cvc5") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	for _, tool := range []string{"floatsym", "z3", "cvc5"} {
		if !regexp.MustCompile(tool + ` +2/2 `).MatchString(out) {
			t.Errorf("%s did not solve both scripts:\n%s", tool, out)
		}
	}
	csv, err := os.ReadFile(dir + "/r.csv")
	if err != nil || strings.Count(string(csv), "\n") != 7 {
		t.Errorf("CSV: %v\n%s", err, csv)
	}
}
