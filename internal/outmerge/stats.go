package outmerge

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/runstats"
)

// mergeStats writes the merged run.stats (runstats.Merge: the parts'
// rows one after another, then the totals), its coverage columns from
// the merged coverage and its tests from the merged summary. When a part
// has no run.stats (--output-stats=false) none is written, and said so
// in warnings.txt by the caller.
func mergeStats(out string, parts []*part, s *executor.Summary, cov *executor.CoverageData) (bool, error) {
	var runs []*runstats.Run
	for _, p := range parts {
		r, err := runstats.Read(p.dir)
		if errors.Is(err, runstats.ErrNoStats) {
			return false, nil
		}
		if err != nil {
			return false, fmt.Errorf("merge: %w", err)
		}
		if len(r.Records) == 0 {
			return false, fmt.Errorf("merge: %s: run.stats has no rows", p.dir)
		}
		runs = append(runs, r)
	}
	if err := os.MkdirAll(filepath.Clean(out), 0o755); err != nil {
		return false, err
	}
	err := runstats.Merge(out, runs, func(r *runstats.Row) {
		r.Tests = int64(s.TestsWritten)
		r.Paths = int64(s.PathsExplored)
		if cov == nil {
			return
		}
		lc, lt, bf, bp, bt := cov.Counts()
		r.CoveredLines, r.TotalLines = int64(lc), int64(lt)
		r.FullBranches, r.PartialBranches, r.NumBranches = int64(bf), int64(bp), int64(bt)
		r.CoveredInstructions = int64(cov.InstructionsRun())
		r.UncoveredInstructions = int64(cov.InstsTotal) - r.CoveredInstructions
	})
	if err != nil {
		return false, fmt.Errorf("merge: %w", err)
	}
	return true, nil
}
