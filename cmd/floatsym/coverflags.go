package main

import (
	"os"
	"path/filepath"

	"github.com/floatsym/floatsym/internal/libbc"
	"github.com/spf13/pflag"
)

// Coverage and searcher flags that are floatsym's own (KLEE's spellings
// are in kleeflags.go).
func addCoverageFlags(fl *pflag.FlagSet, f *runFlags) {
	fl.BoolVar(&f.klee.coverageAll, "coverage-all", false,
		"count coverage (progress line, summary.json, coverage.info, run.istats) over every source file, "+
			"floatsym's C library and linked libraries (--lib) too; by default only the program under test")
}

// libDirs are the directories of the linked libraries' sources and
// builds: their files are not the program under test.
func libDirs(libs []*libbc.Library, args []string) []string {
	var dirs []string
	for _, l := range libs {
		dirs = append(dirs, filepath.Dir(l.Module))
	}
	for _, a := range args {
		if st, err := os.Stat(a); err == nil && st.IsDir() {
			if abs, err := filepath.Abs(a); err == nil {
				dirs = append(dirs, abs)
			}
		}
	}
	return dirs
}
