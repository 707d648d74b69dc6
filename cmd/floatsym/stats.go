package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/floatsym/floatsym/internal/runstats"
	"github.com/spf13/cobra"
)

func init() { extraCommands = append(extraCommands, statsCommand) }

// statsCommand is klee-stats over floatsym's (and KLEE's) run.stats.
func statsCommand() *cobra.Command {
	var (
		more, all, relTimes, absTimes, compare bool
		format, plotOut                        string
		precision                              int
	)
	cmd := &cobra.Command{
		Use:   "stats [flags] DIR...",
		Short: "Print klee-stats's table of output directories' run.stats, compare them, or plot them over time",
		Long: `stats reads run.stats (the SQLite database of a run's statistics over time
that 'floatsym run' writes, with KLEE 2.3's stats table; KLEE's own run.stats
reads too) from each output directory and prints klee-stats's table: Path,
Instrs, Time(s), ICov(%), BCov(%), ICount, TSolver(%) from the last row, and
with --print-more or --print-all the states, memory, queries and time
shares (maxima and averages over all rows). Several directories get a
Total row. --compare sets two or more directories side by side with each
one's ratio to the first; --plot draws states, coverage and the solver's
share of the time over the run (SVG, PNG or PDF by extension).`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, dirs []string) error {
			mode := runstats.ModeDefault
			n := 0
			for _, m := range []struct {
				on   bool
				mode runstats.Mode
			}{{more, runstats.ModeMore}, {all, runstats.ModeAll}, {relTimes, runstats.ModeRelTime}, {absTimes, runstats.ModeAbsTime}} {
				if m.on {
					mode = m.mode
					n++
				}
			}
			if n > 1 {
				return errors.New("--print-more, --print-all, --print-rel-times and --print-abs-times exclude each other")
			}
			if precision < 0 || precision > 9 {
				return fmt.Errorf("--precision %d: want 0 to 9", precision)
			}
			var runs []*runstats.Run
			var errs []error
			for _, d := range expandStatsDirs(dirs) {
				r, err := runstats.Read(d)
				if err != nil {
					errs = append(errs, err)
					continue
				}
				runs = append(runs, r)
			}
			for _, err := range errs {
				fmt.Fprintf(os.Stderr, "floatsym stats: %v\n", err)
			}
			if len(runs) == 0 {
				return fmt.Errorf("no run.stats to read in %d director%s", len(dirs), map[bool]string{true: "y", false: "ies"}[len(dirs) == 1])
			}
			out := cmd.OutOrStdout()
			t := runstats.BuildTable(runs, mode, precision)
			if compare {
				var err error
				if t, err = runstats.BuildComparison(runs, mode, precision); err != nil {
					return err
				}
			}
			if err := t.Write(out, format); err != nil {
				return err
			}
			if plotOut != "" {
				if err := runstats.Plot(plotOut, runs); err != nil {
					return err
				}
			}
			if len(errs) > 0 {
				return fmt.Errorf("%d of %d directories had no readable run.stats", len(errs), len(dirs))
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&more, "print-more", false, "also print states and memory (current and maximum)")
	fl.BoolVar(&all, "print-all", false, "print every column: states, memory, queries, time shares, cache counts and floatsym's LCov, TNative, NSolved, Tests, Forks")
	fl.BoolVar(&relTimes, "print-rel-times", false, "print the times as shares of the wall time")
	fl.BoolVar(&absTimes, "print-abs-times", false, "print the times in seconds")
	fl.BoolVar(&compare, "compare", false, "set two or more directories side by side, with ratios to the first")
	fl.StringVar(&format, "table-format", "klee", "table format: klee, csv or readable-csv")
	fl.IntVar(&precision, "precision", 2, "decimals of the floating-point numbers")
	fl.StringVar(&plotOut, "plot", "", "also plot states, coverage and solver share over time to this file (.svg, .png or .pdf)")
	return cmd
}

// expandStatsDirs replaces a directory that holds no run.stats but has
// output directories below it (a bench --keep work directory, a folder
// of klee-out-N) by those, in walk order, as klee-stats does.
func expandStatsDirs(dirs []string) []string {
	var out []string
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, runstats.FileName)); err == nil {
			out = append(out, d)
			continue
		}
		var found []string
		filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() && e.Name() == runstats.FileName {
				found = append(found, filepath.Dir(p))
			}
			return nil
		})
		if len(found) == 0 {
			found = []string{d} // Read says why it has none
		}
		out = append(out, found...)
	}
	return out
}
