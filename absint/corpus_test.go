package absint

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/scalarize"
	"github.com/sirupsen/logrus"
)

// TestProveCheckCorpus analyses every program of benchmarks/prove-check
// (FLOATSYM_PROVE_CHECK=1: some 90 compilations; =fpx_: the programs
// whose names hold fpx_) directly, with their check-fp lines, without
// floatsym run's time limit (which, on a loaded machine, can end a run
// while it still compiles, before the prover): no false property may be
// proved; the true twins proved are counted. scripts/prove-check.sh also
// checks the witnesses natively.
func TestProveCheckCorpus(t *testing.T) {
	if os.Getenv("FLOATSYM_PROVE_CHECK") == "" {
		t.Skip("set FLOATSYM_PROVE_CHECK=1 to analyse benchmarks/prove-check")
	}
	srcs, _ := filepath.Glob("../benchmarks/prove-check/*.c")
	inc, _ := filepath.Abs("../benchmarks/tools/include")
	nfalse, twins, provedTwins := 0, 0, 0
	only := os.Getenv("FLOATSYM_PROVE_CHECK") // "1": all; else a name part
	for _, src := range srcs {
		if only != "1" && !strings.Contains(filepath.Base(src), only) {
			continue
		}
		b, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		kinds := []string{"false"}
		if strings.Contains(string(b), "#ifdef TWIN") {
			kinds = append(kinds, "twin")
		}
		for _, kind := range kinds {
			var defs []string
			if kind == "twin" {
				defs = []string{"TWIN"}
				twins++
			} else {
				nfalse++
			}
			log := logrus.New()
			log.SetLevel(logrus.ErrorLevel)
			built, err := cc.CompileProgram(context.Background(), cc.Options{Sources: []string{src}, OutDir: t.TempDir(),
				Defines: defs, IncludeDirs: []string{inc}, Log: logrus.NewEntry(log)})
			if err != nil {
				t.Errorf("%s (%s): %v", src, kind, err)
				continue
			}
			m, err := scalarize.LoadFiles(nil, built.Module)
			if err != nil {
				t.Errorf("%s (%s): %v", src, kind, err)
				continue
			}
			cfg := DefaultConfig()
			cfg.CheckFP = checkFPLine(t, string(b))
			res, err := Analyze(m, cfg)
			proved := err == nil && res.Proved
			if err != nil && strings.Contains(err.Error(), "internal error") {
				t.Errorf("%s (%s): %v", src, kind, err)
			}
			switch {
			case proved && kind == "false":
				t.Errorf("FALSE PROOF: %s (%s)", filepath.Base(src), res.Domain)
			case proved:
				provedTwins++
				t.Logf("twin proved: %s (%s)", filepath.Base(src), res.Domain)
			}
		}
	}
	t.Logf("%d false properties, none proved; %d of %d true twins proved", nfalse, provedTwins, twins)
}

// checkFPLine is the flags of a program's "// check-fp: LIST" line (its
// property: no operation raises them; floatsym run --check-fp LIST).
func checkFPLine(t *testing.T, src string) arith.Flags {
	var fl arith.Flags
	for _, l := range strings.Split(src, "\n") {
		list, ok := strings.CutPrefix(strings.TrimSpace(l), "// check-fp: ")
		if !ok {
			continue
		}
		for _, n := range strings.Split(list, ",") {
			g, ok := arith.FlagByName(strings.TrimSpace(n))
			if !ok {
				t.Fatalf("bad check-fp kind %q", n)
			}
			fl |= g
		}
	}
	return fl
}
