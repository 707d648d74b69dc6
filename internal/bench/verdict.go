package bench

import (
	"fmt"
	"path/filepath"
	"strings"
)

// VerdictKey is what the judging decided about a result, as one line:
// the outcome (also under the strict rule), the run's status, the counts
// of bugs and reports by verdict, completeness, the paths and tests, and
// each report's kind, place and verdict. Two runs of the same variant
// judged alike have equal keys whatever their times, commands and
// directories (a local run and a merged plan, make test-slurm).
func VerdictKey(r Result) string {
	reps := make([]string, 0, len(r.Reports))
	for _, v := range r.Reports {
		reps = append(reps, fmt.Sprintf("%s@%s:%d=%s(%s)", v.Kind, filepath.Base(v.File), v.Line, v.Verdict, v.Task))
	}
	return fmt.Sprintf("%s outcome=%s strict=%s status=%s bugs=%d/%d tp=%d fp=%d unlisted=%d/%d strict-fp=%d infra=%d "+
		"malformed=%v complete=%v timed-out=%v crashed=%v proved=%v tool=%d paths=%d/%d tests=%d missed=[%s] reports=[%s]",
		r.ID, r.Outcome, r.StrictOutcome, r.Status, r.BugsFound, r.BugsExpect, r.TruePos, r.FalsePos,
		r.Unlisted, r.UnlistedBugs, r.StrictFalsePos, r.InfraErrors, r.Malformed, r.Complete, r.TimedOut, r.Crashed,
		r.Proved, r.ToolReports, r.Paths, r.PathsCompleted, r.Tests, strings.Join(r.MissedBugs, ","), strings.Join(reps, " "))
}

// VerdictDiff lists the variants whose verdicts differ between two
// reports, and those only one of them has.
func VerdictDiff(a, b *Document) []string {
	bs := map[string]Result{}
	for _, r := range b.Results {
		bs[r.ID] = r
	}
	var diffs []string
	for _, r := range a.Results {
		o, ok := bs[r.ID]
		if !ok {
			diffs = append(diffs, r.ID+": only in the first report")
			continue
		}
		delete(bs, r.ID)
		if ka, kb := VerdictKey(r), VerdictKey(o); ka != kb {
			diffs = append(diffs, fmt.Sprintf("%s:\n  first  %s\n  second %s", r.ID, ka, kb))
		}
	}
	for _, r := range b.Results {
		if _, ok := bs[r.ID]; ok {
			diffs = append(diffs, r.ID+": only in the second report")
		}
	}
	return diffs
}
