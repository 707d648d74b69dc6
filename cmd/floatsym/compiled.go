package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/floatsym/floatsym/internal/cc"
)

// --compiled FILE (hidden; issue 22): a part of a split exploration takes
// the program the split run already compiled and linked (its
// assembly.ll) instead of compiling the sources again. `run --parallel`
// and a split's array.sbatch pass it, so the parts skip clang-14 and
// llvm-link-14; the sources are still named (the output directory's
// name, messages, replay). The prefix's module hash still checks that
// the file is the split's program.

// compileOrReuse compiles the program, or takes the already compiled
// module of --compiled.
func compileOrReuse(ctx context.Context, compiled string, o cc.Options) (*cc.Result, error) {
	if compiled == "" {
		return cc.CompileProgram(ctx, o)
	}
	if ext := filepath.Ext(compiled); ext != ".ll" {
		return nil, fmt.Errorf("--compiled %s: want the split run's assembly.ll (a linked .ll module)", compiled)
	}
	if _, err := os.Stat(compiled); err != nil {
		return nil, fmt.Errorf("--compiled: %w", err)
	}
	paths, err := cc.RuntimePaths()
	if err != nil {
		return nil, fmt.Errorf("floatsym runtime: %w", err)
	}
	o.Log.WithField("module", compiled).Info("using the already compiled program (--compiled)")
	return &cc.Result{Module: compiled, RuntimeDir: filepath.Dir(paths.IncludeDir)}, nil
}
