package executor

import (
	"context"
	"io"
	"path/filepath"
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/internal/testtool"
	"github.com/floatsym/floatsym/scalarize"
	"github.com/sirupsen/logrus"
)

// TestFPCheckRestoresTimeout: an exception check (--check-fp) bounds its
// query by fpCheckTimeout and then gives the solver back the run's
// --solver-timeout setting, never "the time left to the deadline": the
// native stage derives its work budgets from the timeout, so a timeout
// read off the clock made the native verdicts depend on when the check
// ran, that is on the machine's load (issue 20: same verdicts idle and
// loaded).
func TestFPCheckRestoresTimeout(t *testing.T) {
	testtool.Require(t, cc.Clang)
	log := logrus.New()
	log.SetOutput(io.Discard)
	src := filepath.Join("testdata", "fpexc", "ariadne_div.c")
	dir := t.TempDir()
	built, err := cc.CompileProgram(context.Background(), cc.Options{Sources: []string{src},
		OutDir: filepath.Join(dir, "build"), Log: logrus.NewEntry(log)})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	fl, conv, err := ParseCheckFP("divbyzero,invalid")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		timeout time.Duration // --solver-timeout
	}{
		{"no timeout set", 0},
		{"timeout set", 7 * time.Second},
		{"timeout above the check's", 40 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := scalarize.LoadFiles(nil, built.Module)
			if err != nil {
				t.Fatalf("load: %v", err)
			}
			out, err := CreateOutputDir(filepath.Join(t.TempDir(), "out"), src)
			if err != nil {
				t.Fatal(err)
			}
			// A deadline, so that "the time left" is a value the
			// defect would have stored.
			ex, err := New(m, Config{Stdout: io.Discard, Stderr: io.Discard, Args: []string{"prog"},
				MaxTime: 10 * time.Minute, SolverTimeout: tc.timeout, Output: out,
				RuntimeDir: built.RuntimeDir, Log: logrus.NewEntry(log), CheckFP: fl, CheckFPConv: conv})
			if err != nil {
				t.Fatalf("executor: %v", err)
			}
			res, err := ex.Run(context.Background())
			if err != nil {
				t.Fatalf("run: %v", err)
			}
			reports := 0
			for _, p := range res.Paths {
				if p.Term.Kind.String() == "fpexc" {
					reports++
				}
			}
			if reports == 0 {
				t.Fatal("no fpexc report: the checks did not run")
			}
			if got := ex.solver.Timeout(); got != tc.timeout {
				t.Fatalf("solver timeout after the checks is %v, want the setting %v", got, tc.timeout)
			}
		})
	}
}
