package main

import (
	"os"
	"path/filepath"

	"github.com/floatsym/floatsym/executor"
)

// outputGuard undoes a run's output directory when the run fails before
// exploring (not a C file, a compile error, a bad flag found late): no
// empty klee-out-N is left behind and klee-last keeps pointing where it
// did. The error itself goes to stderr.
type outputGuard struct {
	last       string // the klee-last link ("" with --output-dir)
	prevTarget string // its target before the run ("" if none)
	out        *executor.OutputDir
	explored   bool
}

// guardOutput records klee-last's target before the directory is made.
func guardOutput(outputDir, input string) *outputGuard {
	g := &outputGuard{}
	if outputDir == "" {
		parent, _ := filepath.Abs(filepath.Dir(input))
		g.last = filepath.Join(parent, "klee-last")
		g.prevTarget, _ = os.Readlink(g.last)
	}
	return g
}

// undo removes the directory and restores klee-last, unless the run got
// as far as exploring.
func (g *outputGuard) undo() {
	if g.out == nil || g.explored {
		return
	}
	os.RemoveAll(g.out.Path)
	if g.last == "" {
		return
	}
	if fi, err := os.Lstat(g.last); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		os.Remove(g.last)
	}
	if g.prevTarget != "" {
		os.Symlink(g.prevTarget, g.last)
	}
}
