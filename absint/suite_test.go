package absint

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/bench"
	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/scalarize"
	"github.com/sirupsen/logrus"
)

// TestSuiteNoFalseProof runs the analysis on every variant of floatsym's
// own benchmark suite (FLOATSYM_PROVE_SUITE=1: it compiles some 260
// programs; =fp_exceptions: the variants whose IDs hold it): a variant with a known bug must never be proved, and no
// variant may make the analysis fail other than by a "not proved" error.
// Variants checked with --check-fp are analysed with its sites.
func TestSuiteNoFalseProof(t *testing.T) {
	if os.Getenv("FLOATSYM_PROVE_SUITE") == "" {
		t.Skip("set FLOATSYM_PROVE_SUITE=1 to analyse the whole benchmark suite")
	}
	specs, err := bench.LoadSpecs("../benchmarks")
	if err != nil {
		t.Fatal(err)
	}
	proved, buggy, unsupported := 0, 0, 0
	only := os.Getenv("FLOATSYM_PROVE_SUITE") // "1": all; else a part of the variant's ID
	for _, v := range bench.Variants(specs) {
		if only != "1" && !strings.Contains(v.ID(), only) {
			continue
		}
		if v.Skip != "" || v.Invalid || v.HasDependency("gsl") || v.HasDependency("gmp") {
			continue
		}
		bug := false
		for _, tk := range v.Tasks {
			bug = bug || tk.IsBug()
		}
		log := logrus.New()
		log.SetLevel(logrus.ErrorLevel)
		built, err := cc.CompileProgram(context.Background(), cc.Options{Sources: v.Sources(), OutDir: t.TempDir(),
			Defines: v.DefineFlags(), Std: v.Std(), Log: logrus.NewEntry(log)})
		if err != nil {
			continue
		}
		m, err := scalarize.LoadFiles(nil, built.Module)
		if err != nil {
			continue
		}
		cfg := DefaultConfig()
		cfg.Argc = 1 + len(v.Args)
		for _, n := range strings.Split(v.CheckFP(), ",") { // the variant's --check-fp (fpsites.go)
			if g, ok := arith.FlagByName(n); ok {
				cfg.CheckFP |= g
			} else if n == "fpconv" {
				cfg.CheckFPConv = true
			} else if n != "" {
				t.Fatalf("%s: unknown --check-fp kind %q", v.ID(), n)
			}
		}
		res, err := Analyze(m, cfg)
		switch {
		case err != nil:
			unsupported++
			if !strings.HasPrefix(err.Error(), "not proved") {
				t.Errorf("%s: %v", v.ID(), err)
			}
			if strings.Contains(err.Error(), "internal error") {
				t.Errorf("%s: %v", v.ID(), err)
			}
		case res.Proved && bug:
			t.Errorf("%s: FALSE PROOF of a variant with a known bug (%s)", v.ID(), filepath.Base(v.Sources()[0]))
		case res.Proved:
			proved++
		}
		if bug {
			buggy++
		}
	}
	t.Logf("proved %d correct variants; %d buggy variants not proved; %d analyses not supported", proved, buggy, unsupported)
}
