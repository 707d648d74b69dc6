package bench

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"text/tabwriter"
)

// Change is how one variant differs between two reports.
type Change struct {
	ID         string  `json:"id"`
	OldOutcome Outcome `json:"old_outcome,omitempty"`
	NewOutcome Outcome `json:"new_outcome,omitempty"`
	OldElapsed float64 `json:"old_elapsed_seconds"`
	NewElapsed float64 `json:"new_elapsed_seconds"`
	OldBugs    int     `json:"old_bugs_found"`
	NewBugs    int     `json:"new_bugs_found"`
	BugsExpect int     `json:"bugs_expected"`
	OldFP      int     `json:"old_false_positives"`
	NewFP      int     `json:"new_false_positives"`
	// OldUnlisted and NewUnlisted count the confirmed bugs the spec does
	// not list; OldInfra and NewInfra the reports not judged.
	OldUnlisted int `json:"old_unlisted_bugs"`
	NewUnlisted int `json:"new_unlisted_bugs"`
	OldInfra    int `json:"old_infra_errors"`
	NewInfra    int `json:"new_infra_errors"`
	// Regression says what got worse ("" when nothing did).
	Regression string `json:"regression,omitempty"`
}

// Comparison is the difference between an old and a new report.
type Comparison struct {
	// Changes are the variants in both reports whose outcome, bugs found,
	// false positives or time (by at least TimeThreshold) changed.
	Changes []Change
	// Added and Removed are variants in only one of the reports.
	Added, Removed []string
	Old, New       Totals
	// CommonOld and CommonNew are the totals over the variants in both
	// reports (equal to Old and New when no variant was added or removed).
	CommonOld, CommonNew Totals
	// Regressions are the changes that got worse.
	Regressions []Change
}

// TimeThreshold is the relative time change Compare reports (and at least
// one second).
const TimeThreshold = 0.2

var good = map[Outcome]bool{OutcomeTP: true, OutcomeVerified: true}

// regression says what got worse from o to n ("" when nothing did).
func regression(o, n *Result) string {
	var why []string
	if n.FalsePos > o.FalsePos {
		why = append(why, fmt.Sprintf("false positives %d → %d", o.FalsePos, n.FalsePos))
	}
	if n.Crashed && !o.Crashed {
		why = append(why, "now crashes")
	}
	if n.InfraErrors > o.InfraErrors {
		why = append(why, fmt.Sprintf("reports not judged (replay infrastructure) %d → %d", o.InfraErrors, n.InfraErrors))
	}
	if n.BugsFound < o.BugsFound {
		why = append(why, fmt.Sprintf("bugs found %d → %d", o.BugsFound, n.BugsFound))
	}
	if good[o.Outcome] && !good[n.Outcome] && n.Outcome != OutcomeSkipped {
		why = append(why, fmt.Sprintf("outcome %s → %s", o.Outcome, n.Outcome))
	}
	return strings.Join(why, ", ")
}

// Compare compares two reports variant by variant.
func Compare(old, new *Document) Comparison {
	c := Comparison{Old: old.Totals, New: new.Totals}
	if c.Old.Outcomes == nil {
		c.Old = ComputeTotals(old.Results)
	}
	if c.New.Outcomes == nil {
		c.New = ComputeTotals(new.Results)
	}
	oldBy := map[string]*Result{}
	for i := range old.Results {
		oldBy[old.Results[i].ID] = &old.Results[i]
	}
	seen := map[string]bool{}
	for i := range new.Results {
		n := &new.Results[i]
		seen[n.ID] = true
		o, ok := oldBy[n.ID]
		if !ok {
			c.Added = append(c.Added, n.ID)
			continue
		}
		ch := Change{ID: n.ID, OldOutcome: o.Outcome, NewOutcome: n.Outcome, OldElapsed: o.Elapsed, NewElapsed: n.Elapsed,
			OldBugs: o.BugsFound, NewBugs: n.BugsFound, BugsExpect: n.BugsExpect, OldFP: o.FalsePos, NewFP: n.FalsePos,
			OldUnlisted: o.UnlistedBugs, NewUnlisted: n.UnlistedBugs, OldInfra: o.InfraErrors, NewInfra: n.InfraErrors,
			Regression: regression(o, n)}
		if o.Outcome != n.Outcome || o.BugsFound != n.BugsFound || o.FalsePos != n.FalsePos ||
			o.UnlistedBugs != n.UnlistedBugs || o.InfraErrors != n.InfraErrors ||
			timeChanged(o.Elapsed, n.Elapsed) || ch.Regression != "" {
			c.Changes = append(c.Changes, ch)
		}
		if ch.Regression != "" {
			c.Regressions = append(c.Regressions, ch)
		}
	}
	for _, r := range old.Results {
		if !seen[r.ID] {
			c.Removed = append(c.Removed, r.ID)
		}
	}
	sort.Strings(c.Added)
	sort.Strings(c.Removed)
	var commonOld, commonNew []Result
	for i := range new.Results {
		if o, ok := oldBy[new.Results[i].ID]; ok {
			commonOld = append(commonOld, *o)
			commonNew = append(commonNew, new.Results[i])
		}
	}
	c.CommonOld, c.CommonNew = ComputeTotals(commonOld), ComputeTotals(commonNew)
	return c
}

// timeChanged reports a change of at least TimeThreshold and a second.
func timeChanged(o, n float64) bool {
	dt := math.Abs(n - o)
	return dt >= 1 && dt >= TimeThreshold*math.Max(o, n)
}

// trimLines removes the padding tabwriter leaves at the ends of lines.
func trimLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

func signed(d int) string {
	if d == 0 {
		return "="
	}
	return fmt.Sprintf("%+d", d)
}

func timeDelta(o, n float64) string {
	d := n - o
	s := fmt.Sprintf("%+.1fs", d)
	if o > 0 {
		s += fmt.Sprintf(" (%+.0f%%)", 100*d/o)
	}
	return s
}

// FormatComparison writes the per-variant changes, the variants only in
// one report, the totals' deltas and the regressions.
func FormatComparison(w io.Writer, c Comparison) error {
	var b strings.Builder
	if len(c.Changes) == 0 {
		b.WriteString("No variant changed outcome, bugs found, unlisted bugs, false positives or time (±20%).\n")
	} else {
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "VARIANT\tOUTCOME\tBUGS\tUNL\tFP\tTIME\tΔTIME\tREGRESSION")
		for _, ch := range c.Changes {
			outcome := string(ch.NewOutcome)
			if ch.OldOutcome != ch.NewOutcome {
				outcome = fmt.Sprintf("%s → %s", ch.OldOutcome, ch.NewOutcome)
			}
			bugs := "-"
			if ch.BugsExpect > 0 || ch.OldBugs != ch.NewBugs {
				bugs = fmt.Sprintf("%d/%d", ch.NewBugs, ch.BugsExpect)
				if ch.OldBugs != ch.NewBugs {
					bugs = fmt.Sprintf("%d → %d/%d", ch.OldBugs, ch.NewBugs, ch.BugsExpect)
				}
			}
			fp := fmt.Sprint(ch.NewFP)
			if ch.OldFP != ch.NewFP {
				fp = fmt.Sprintf("%d → %d", ch.OldFP, ch.NewFP)
			}
			unl := fmt.Sprint(ch.NewUnlisted)
			if ch.OldUnlisted != ch.NewUnlisted {
				unl = fmt.Sprintf("%d → %d", ch.OldUnlisted, ch.NewUnlisted)
			}
			times, delta := fmtSeconds(ch.NewElapsed), ""
			if timeChanged(ch.OldElapsed, ch.NewElapsed) {
				times = fmtSeconds(ch.OldElapsed) + " → " + fmtSeconds(ch.NewElapsed)
				delta = timeDelta(ch.OldElapsed, ch.NewElapsed)
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", ch.ID, outcome, bugs, unl, fp, times, delta, ch.Regression)
		}
		tw.Flush()
	}
	if len(c.Added) > 0 {
		fmt.Fprintf(&b, "Only in the new report: %s\n", strings.Join(c.Added, ", "))
	}
	if len(c.Removed) > 0 {
		fmt.Fprintf(&b, "Only in the old report: %s\n", strings.Join(c.Removed, ", "))
	}
	if len(c.Added)+len(c.Removed) > 0 {
		fmt.Fprintf(&b, "\nTotals over the %d variants in both reports (old → new):\n", c.CommonNew.Variants+c.CommonNew.Skipped)
		formatTotalsDelta(&b, c.CommonOld, c.CommonNew, false)
		b.WriteString("\nTotals of the whole reports (old → new):\n")
	} else {
		b.WriteString("\nTotals (old → new):\n")
	}
	formatTotalsDelta(&b, c.Old, c.New, true)
	if len(c.Regressions) > 0 {
		fmt.Fprintf(&b, "\n%d regression(s):\n", len(c.Regressions))
		for _, r := range c.Regressions {
			fmt.Fprintf(&b, "  %s: %s\n", r.ID, r.Regression)
		}
	} else {
		b.WriteString("\nNo regression.\n")
	}
	if _, err := io.WriteString(w, trimLines(b.String())); err != nil {
		return fmt.Errorf("writing comparison: %w", err)
	}
	return nil
}

// formatTotalsDelta writes the totals' changes; wall time only when
// wall is set (it is not known for a subset).
func formatTotalsDelta(b *strings.Builder, o, n Totals, wall bool) {
	c := struct{ Old, New Totals }{o, n}
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	rows := []struct {
		name   string
		o, n   int
		of, nf string
	}{
		{"bugs found", c.Old.BugsFound, c.New.BugsFound, fmt.Sprintf("%d/%d", c.Old.BugsFound, c.Old.BugsExpected), fmt.Sprintf("%d/%d", c.New.BugsFound, c.New.BugsExpected)},
		{"correct verified", c.Old.Verified, c.New.Verified, fmt.Sprintf("%d/%d", c.Old.Verified, c.Old.Correct), fmt.Sprintf("%d/%d", c.New.Verified, c.New.Correct)},
		{"timeouts", c.Old.Timeouts, c.New.Timeouts, fmt.Sprint(c.Old.Timeouts), fmt.Sprint(c.New.Timeouts)},
		{"crashes", c.Old.Crashes, c.New.Crashes, fmt.Sprint(c.Old.Crashes), fmt.Sprint(c.New.Crashes)},
		{"bugs not in specs", c.Old.UnlistedBugs, c.New.UnlistedBugs, fmt.Sprint(c.Old.UnlistedBugs), fmt.Sprint(c.New.UnlistedBugs)},
		{"false positives", c.Old.FalsePositives, c.New.FalsePositives, fmt.Sprint(c.Old.FalsePositives), fmt.Sprint(c.New.FalsePositives)},
		{"FPs, strict rule", c.Old.StrictFalsePositives, c.New.StrictFalsePositives, fmt.Sprint(c.Old.StrictFalsePositives), fmt.Sprint(c.New.StrictFalsePositives)},
		{"infra errors", c.Old.InfraErrors, c.New.InfraErrors, fmt.Sprint(c.Old.InfraErrors), fmt.Sprint(c.New.InfraErrors)},
		{"unknown", c.Old.Unknown, c.New.Unknown, fmt.Sprint(c.Old.Unknown), fmt.Sprint(c.New.Unknown)},
		{"variants run", c.Old.Variants, c.New.Variants, fmt.Sprint(c.Old.Variants), fmt.Sprint(c.New.Variants)},
	}
	for _, r := range rows {
		fmt.Fprintf(tw, "  %s\t%s → %s\t%s\n", r.name, r.of, r.nf, signed(r.n-r.o))
	}
	fmt.Fprintf(tw, "  run time\t%s → %s\t%s\n", fmtSeconds(c.Old.CPUSeconds), fmtSeconds(c.New.CPUSeconds), timeDelta(c.Old.CPUSeconds, c.New.CPUSeconds))
	if wall {
		fmt.Fprintf(tw, "  wall time\t%s → %s\t%s\n", fmtSeconds(c.Old.WallSeconds), fmtSeconds(c.New.WallSeconds), timeDelta(c.Old.WallSeconds, c.New.WallSeconds))
	}
	tw.Flush()
}
