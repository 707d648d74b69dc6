package main

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/floatsym/floatsym/internal/libbc"
	"github.com/floatsym/floatsym/internal/replay"
	"github.com/floatsym/floatsym/internal/testtool"
)

// TestCoverageGcovGSL is the coverage oracle on a program with a real
// library (opt-in, FLOATSYM_SLOW_TESTS=1: the first
// run builds GSL as bitcode, minutes, then cached under
// ~/.cache/floatsym/libs; make coverage-check and make test-full run it).
// testdata/coverage_gsl's programs run under
// floatsym run --lib gsl; their tests are replayed natively against the
// system's libgsl (the same sources, libbc's NativeLDFlags) built with
// --coverage, and the program's covered lines must equal gcov's within
// one line per file; GSL's own lines must not be counted. sort_max.c's
// exploration (39 paths) completes in 78 s at load 25, 14 s of
// floatsym's CPU: the rest is the SMT solvers' share of a loaded
// machine, so the limit is a generous 600 s, not the oracle's 120 s.
func TestCoverageGcovGSL(t *testing.T) {
	testtool.RequireSlow(t)
	requireClang(t)
	testtool.Require(t, "llvm-cov-14")
	spec, ok := libbc.Builtin("gsl")
	if !ok {
		t.Fatal("libbc has no gsl")
	}
	ctx := context.Background()
	rt, err := replay.PrepareManual(ctx, "", "")
	if err != nil {
		t.Fatal(err)
	}
	progs, _ := filepath.Glob("testdata/coverage_gsl/*.c")
	if len(progs) == 0 {
		t.Fatal("testdata/coverage_gsl has no program")
	}
	for _, p := range progs {
		p := p
		t.Run(filepath.Base(p), func(t *testing.T) {
			work := t.TempDir()
			srcs := copyCoverageProgram(t, p, work)
			checkGcovOracle(t, ctx, rt, work, srcs, []string{"--lib", "gsl", "--max-time", "600s"}, spec.NativeCFlags, spec.NativeLDFlags)
		})
	}
}
