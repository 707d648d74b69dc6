package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/libcmode"
	"github.com/spf13/pflag"
)

// KLEE's spellings of run's options, with KLEE's meaning. Aliases point
// at the same variables as floatsym's own flags.
type kleeFlags struct {
	opts         executor.KLEEOptions
	libc         string
	posixRuntime bool
	propertyFile string
	property     string
	coverageAll  bool // coverflags.go
}

func addKLEEFlags(fl *pflag.FlagSet, f *runFlags) {
	fl.BoolVar(&f.writeSMT2, "write-smt2s", false, "KLEE's name for --write-smt2")
	fl.Var(timeSpanFlag{&f.solverTimeout}, "max-solver-time", "KLEE's name for --solver-timeout: time limit of one solver query")
	fl.StringVar(&f.entry, "entry-point", "main", "KLEE's name for --entry: the function to execute")
	fl.BoolVar(&f.klee.opts.ExitOnError, "exit-on-error", false, "stop exploring at the first error reported (the paths still alive get their tests, cut short)")
	fl.BoolVar(&f.klee.opts.OnlyCoveringNew, "only-output-states-covering-new", false,
		"write tests only for paths that covered a line or branch edge of the program under test no earlier path had (errors always get theirs)")
	fl.IntVar(&f.klee.opts.MaxDepth, "max-depth", 0, "end a path early (cut short) when it would fork past this many symbolic branches (0 = no limit)")
	fl.Uint64Var(&f.klee.opts.MaxForks, "max-forks", 0, "fork at most this many times in all; later branches follow one feasible side and the run is incomplete (0 = no limit)")
	fl.StringVar(&f.klee.libc, "libc", "", "C library: floatsym (its own, the default; KLEE's uclibc and klee mean it too), none (= --no-libc), or musl-bitcode (experimental: Debian's musl 1.2.3 as bitcode, floatsym's models and FP parsing kept; internal/libcmode)")
	fl.StringVar(&f.klee.propertyFile, "property", "", "SV-COMP property file (.prp): unreach-call (only reaching reach_error is a violation) or "+
		"valid-memsafety (invalid dereference or free); an abort() that is not a violation ends its path silently (assume_abort_if_not)")
	addCoverageFlags(fl, f)
	fl.BoolVar(&f.klee.posixRuntime, "posix-runtime", false, "accepted for KLEE compatibility: floatsym's POSIX model (argv, --sym-arg, files, stdin) is built in")
}

// applyKLEEFlags checks KLEE's spellings and notes on stderr what they
// mean for floatsym.
func applyKLEEFlags(f *runFlags) error {
	switch f.klee.libc {
	case "", libcmode.Floatsym:
	case libcmode.Musl:
		f.libc = libcmode.Musl
	case "uclibc", "klee":
		fmt.Fprintf(os.Stderr, "floatsym: note: --libc=%s: floatsym's own C library is built in and linked by default\n", f.klee.libc)
	case "none":
		f.noLibc = true
	default:
		return fmt.Errorf("--libc=%q: want floatsym, uclibc, klee, none or musl-bitcode", f.klee.libc)
	}
	if f.klee.posixRuntime {
		fmt.Fprintln(os.Stderr, "floatsym: note: --posix-runtime: floatsym's POSIX model (argv, --sym-arg, --sym-files, --sym-stdin) is built in")
	}
	if f.klee.propertyFile != "" {
		prop, notes, err := executor.ParsePropertyFile(f.klee.propertyFile)
		if err != nil {
			return err
		}
		f.klee.property = prop
		for _, n := range notes {
			fmt.Fprintf(os.Stderr, "floatsym: note: --property %s: %s\n", prop, n)
		}
	}
	if f.klee.opts.MaxDepth < 0 {
		return fmt.Errorf("--max-depth %d: want 0 (no limit) or more", f.klee.opts.MaxDepth)
	}
	return nil
}

// defaultSearch is --search's default, KLEE's: random-path and
// nurs:covnew interleaved. benchmarks/results/search-ab.md measured it
// against dfs (the default before) on the suite; `--search dfs` gives the
// old order.
var defaultSearch = []string{"random-path", "nurs:covnew"}

// searchSpec joins repeated --search values: several make an interleaved
// searcher, as in KLEE.
func searchSpec(names []string) string { return strings.Join(names, ",") }
