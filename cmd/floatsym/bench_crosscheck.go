package main

import (
	"fmt"
	"io"

	"github.com/floatsym/floatsym/internal/bench"
	"github.com/floatsym/floatsym/solver/stagestats"
)

// crosscheckTotals prints the --crosscheck counters summed over the
// variants and returns a failure naming the variants with a disagreement
// ("" when none, or when the bench ran without --crosscheck).
func crosscheckTotals(w io.Writer, on bool, results []bench.Result) string {
	if !on {
		return ""
	}
	var sum stagestats.Crosscheck
	var bad []string
	for _, r := range results {
		if r.Crosscheck == nil {
			continue
		}
		sum.Add(*r.Crosscheck)
		if r.Crosscheck.Disagreed > 0 {
			bad = append(bad, r.ID)
		}
	}
	fmt.Fprintf(w, "Crosscheck (all variants): %d native verdicts re-asked, %d agreed, %d unknown, %d disagreed\n",
		sum.Queries, sum.Agreed, sum.Unknown, sum.Disagreed)
	if len(bad) == 0 {
		return ""
	}
	return fmt.Sprintf("cross-check disagreements (native solver soundness bugs; crosscheck-NNN.smt2 in the output, --keep) in %v", bad)
}
