package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/floatsym/floatsym/internal/outmerge"
	"github.com/floatsym/floatsym/internal/version"
	"github.com/spf13/cobra"
)

// floatsym merge: one output directory from a split exploration's
// directories (internal/outmerge).

func init() { extraCommands = append(extraCommands, mergeCommand) }

func mergeCommand() *cobra.Command {
	var out string
	cmd := &cobra.Command{
		Use:   "merge --output-dir M DIR...",
		Short: "Merge the output directories of a split exploration into one",
		Long: `merge makes one KLEE-style output directory from the output directories of
one split exploration (floatsym run --split and its --prefix parts, in any
order) or of any runs of one program: tests renumbered test000001... (every
per-test file: .ktest, .err, ...), errors deduplicated by kind and location
(the first part's test is kept, later ones dropped, paths counted),
summary.json merged field by field (paths, instructions, queries, solver time
summed; the parts' wall times summed and their maximum in "split"), the
coverage from the parts' coverage.json counters (coverage.info, run.istats
and summary coverage equal to the unsplit run's), run.stats as the parts'
rows one after another and a totals row, info listing the parts.
It is complete only when every part is complete and, for a split, every
prefix's part is present.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if out == "" {
				return fmt.Errorf("--output-dir is required")
			}
			sum, err := outmerge.Merge(outmerge.Options{Out: out, CommandLine: os.Args, Version: version.Version}, args)
			if err != nil {
				return err
			}
			fmt.Fprintln(os.Stderr, mergedLine(sum.Complete, sum.PathsExplored, sum.TestsWritten, len(sum.Errors), len(sum.Split.Parts), out))
			return nil
		},
	}
	cmd.Flags().StringVar(&out, "output-dir", "", "the merged output directory (must not exist)")
	return cmd
}

func mergedLine(complete bool, paths, tests, errs, parts int, out string) string {
	state := "complete"
	if !complete {
		state = "incomplete"
	}
	return strings.TrimSpace(fmt.Sprintf("floatsym: merged %d parts (%s): %d paths, %d tests, %d errors, output in %s",
		parts, state, paths, tests, errs, out))
}
