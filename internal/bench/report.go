package bench

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/floatsym/floatsym/internal/atomicfile"
	"github.com/floatsym/floatsym/solver/stagestats"
)

// Totals are a run's figures in the form of the KLEE-float study's
// Table III.
type Totals struct {
	// Variants counts the variants run (skipped ones excluded); Skipped
	// the others.
	Variants int `json:"variants"`
	Skipped  int `json:"skipped"`
	// BugsFound of BugsExpected, over the buggy variants run.
	BugsFound    int `json:"bugs_found"`
	BugsExpected int `json:"bugs_expected"`
	// BuggyVariants run; TPVariants of them had a confirmed bug.
	BuggyVariants int `json:"buggy_variants"`
	TPVariants    int `json:"tp_variants"`
	// Verified of Correct: correct variants explored completely with no
	// report.
	Verified int `json:"verified"`
	Correct  int `json:"correct"`
	// Proved of Verified: settled by the prover (no exploration).
	Proved int `json:"proved,omitempty"`
	// Timeouts and Crashes count variants (whatever their outcome).
	Timeouts int `json:"timeouts"`
	Crashes  int `json:"crashes"`
	// FalsePositives counts reports not confirmed natively (floatsym's
	// own); FPVariants the variants with one.
	FalsePositives int `json:"false_positives"`
	FPVariants     int `json:"fp_variants"`
	// UnlistedBugs counts the confirmed failures the specs do not list
	// (UnlistedReports reports, in UnlistedVariants variants).
	UnlistedBugs     int `json:"unlisted_bugs"`
	UnlistedReports  int `json:"unlisted_reports"`
	UnlistedVariants int `json:"unlisted_variants"`
	// StrictFalsePositives counts as the study does: every report that is
	// not a TP; StrictFPVariants the variants with one.
	StrictFalsePositives int `json:"strict_false_positives"`
	StrictFPVariants     int `json:"strict_fp_variants"`
	// InfraErrors counts reports the runner could not judge (native
	// replay build or run failed), in InfraVariants variants.
	InfraErrors   int `json:"infra_errors"`
	InfraVariants int `json:"infra_variants"`
	// Malformed counts spec files that could not be loaded (also in
	// Skipped).
	Malformed int `json:"malformed_specs"`
	Unknown   int `json:"unknown"`
	// ToolReports counts floatsym's own error reports (solver, exec, ...).
	ToolReports int `json:"tool_reports"`
	// CPUSeconds is the sum of the runs' times; WallSeconds the whole
	// benchmark's (set by the caller).
	CPUSeconds  float64 `json:"run_seconds"`
	WallSeconds float64 `json:"wall_seconds"`
	// Outcomes counts variants per outcome.
	Outcomes map[Outcome]int `json:"outcomes"`
	// SolverStages sums the runs' solver statistics per stage.
	SolverStages []StageStats `json:"solver_stages,omitempty"`
}

// ComputeTotals adds up results.
func ComputeTotals(results []Result) Totals {
	t := Totals{Outcomes: map[Outcome]int{}}
	for _, r := range results {
		t.Outcomes[r.Outcome]++
		if r.Outcome == OutcomeSkipped {
			t.Skipped++
			if r.Malformed {
				t.Malformed++
			}
			continue
		}
		t.Variants++
		t.BugsFound += r.BugsFound
		t.BugsExpected += r.BugsExpect
		if r.Expected == ExpectBug {
			t.BuggyVariants++
		}
		if r.Expected == ExpectCorrect {
			t.Correct++
		}
		switch r.Outcome {
		case OutcomeVerified:
			t.Verified++
			if r.Proved {
				t.Proved++
			}
		case OutcomeTP:
			t.TPVariants++
		case OutcomeUnknown:
			t.Unknown++
		}
		if r.TimedOut {
			t.Timeouts++
		}
		if r.Crashed {
			t.Crashes++
		}
		t.FalsePositives += r.FalsePos
		if r.FalsePos > 0 {
			t.FPVariants++
		}
		t.UnlistedBugs += r.UnlistedBugs
		t.UnlistedReports += r.Unlisted
		if r.Unlisted > 0 {
			t.UnlistedVariants++
		}
		// Reports written before the three kinds were told apart count
		// their FPs as strict ones too.
		strict := max(r.StrictFalsePos, r.FalsePos+r.Unlisted)
		t.StrictFalsePositives += strict
		if strict > 0 {
			t.StrictFPVariants++
		}
		t.InfraErrors += r.InfraErrors
		if r.InfraErrors > 0 {
			t.InfraVariants++
		}
		t.ToolReports += r.ToolReports
		t.CPUSeconds += r.Elapsed
		t.SolverStages = stagestats.Sum(t.SolverStages, r.SolverStages)
	}
	return t
}

// Published is one tool's totals from the KLEE-float study (86
// benchmarks, 1 h exploration + 1 h test generation each).
type Published struct {
	Tool                                     string
	BugsFound, BugsExpected                  int
	Verified, Correct                        int
	Timeouts, Crashes, FalsePositives, Bench int
}

// PublishedTotals are the study's Table III figures.
var PublishedTotals = []Published{
	{Tool: "KLEE-float Imperial", BugsFound: 33, BugsExpected: 49, Verified: 38, Correct: 52, Timeouts: 24, Crashes: 2, Bench: 86},
	{Tool: "KLEE-float Aachen", BugsFound: 33, BugsExpected: 49, Verified: 35, Correct: 52, Timeouts: 21, Crashes: 9, Bench: 86},
}

// Document is the JSON report (--json) and what --compare reads.
type Document struct {
	Tool             string    `json:"tool"`
	Version          string    `json:"version,omitempty"`
	Started          time.Time `json:"started"`
	TimeLimitSeconds float64   `json:"time_limit_seconds"`
	MemoryMB         uint64    `json:"max_memory_mb,omitempty"`
	Jobs             int       `json:"jobs"`
	Paths            []string  `json:"paths,omitempty"`
	Results          []Result  `json:"results"`
	Totals           Totals    `json:"totals"`
}

// WriteJSON writes the document to path.
func WriteJSON(path string, d *Document) error {
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding JSON report: %w", err)
	}
	// By rename: a bench killed mid-write leaves the old report or the
	// new one, never half of one.
	if err := atomicfile.WriteFile(path, append(b, '\n'), 0o644); err != nil {
		return fmt.Errorf("writing JSON report: %w", err)
	}
	return nil
}

// LoadDocument reads a JSON report written by WriteJSON.
func LoadDocument(path string) (*Document, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading report: %w", err)
	}
	var d Document
	if err := json.Unmarshal(b, &d); err != nil {
		return nil, fmt.Errorf("parsing report %s: %w", path, err)
	}
	if d.Totals.Outcomes == nil {
		d.Totals = ComputeTotals(d.Results)
	}
	return &d, nil
}

func bugsCell(r *Result) string {
	if r.BugsExpect == 0 {
		return "-"
	}
	return fmt.Sprintf("%d/%d", r.BugsFound, r.BugsExpect)
}

func solverCell(r *Result) string {
	if r.WallSeconds <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*r.SolverShare())
}

func countCell[T int | uint64](n T, r *Result) string {
	if r.Outcome == OutcomeSkipped {
		return "-"
	}
	return fmt.Sprint(n)
}

func outcomeCell(r *Result) string {
	s := string(r.Outcome)
	if r.Outcome == OutcomeVerified && r.Proved {
		s = "verified (proved)"
	}
	var flags []string
	if r.Crashed && r.Outcome != OutcomeCrash {
		flags = append(flags, "crash")
	}
	if r.TimedOut && r.Outcome != OutcomeTimeout {
		flags = append(flags, "timeout")
	}
	if len(flags) > 0 {
		s += "+" + strings.Join(flags, "+")
	}
	return s
}

func timeCell(r *Result) string {
	if r.Outcome == OutcomeSkipped {
		return "-"
	}
	return fmtSeconds(r.Elapsed)
}

func noteCell(r *Result, n int) string {
	note := r.Reason
	if r.Outcome == OutcomeTP && r.BugsFound < r.BugsExpect && len(r.MissedBugs) > 0 {
		note = "missed " + strings.Join(r.MissedBugs, "; ")
	}
	return truncate(note, n)
}

// tableHeader: TP, UNL and FP count the three kinds of bug report:
// confirmed and expected, confirmed natively but not listed by the spec,
// not confirmed (floatsym's false positive).
var tableHeader = []string{"VARIANT", "EXPECT", "OUTCOME", "BUGS", "TP", "UNL", "FP", "PATHS", "TESTS", "INSTRS", "QUERIES", "SOLVER", "TIME", "NOTE"}

// tableLegend explains the report columns under the table.
const tableLegend = "Reports: TP confirmed natively and expected; UNL confirmed natively, not where the spec says " +
	"(a real failure; an FP under the study's strict rule); FP not confirmed (floatsym's own false positive)."

func tableRow(r *Result, noteWidth int) []string {
	return []string{r.ID, string(r.Expected), outcomeCell(r), bugsCell(r), countCell(r.TruePos, r), countCell(r.Unlisted, r), countCell(r.FalsePos, r),
		countCell(r.Paths, r), countCell(r.Tests, r), countCell(r.Instructions, r), countCell(r.Queries, r),
		solverCell(r), timeCell(r), noteCell(r, noteWidth)}
}

// FormatTable writes one row per variant: outcome, bugs found/expected,
// false positives, paths, tests, instructions, queries, solver share of
// floatsym's time, time of the run, and a note.
func FormatTable(w io.Writer, results []Result) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, strings.Join(tableHeader, "\t"))
	for i := range results {
		fmt.Fprintln(tw, strings.TrimRight(strings.Join(tableRow(&results[i], 70), "\t"), "\t"))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("writing table: %w", err)
	}
	if _, err := fmt.Fprintln(w, tableLegend); err != nil {
		return fmt.Errorf("writing table: %w", err)
	}
	return nil
}

func pct(a, b int) string {
	if b == 0 {
		return fmt.Sprintf("%d/%d", a, b)
	}
	return fmt.Sprintf("%d/%d (%.0f%%)", a, b, 100*float64(a)/float64(b))
}

// totalsRows is Table III: one row per measure, floatsym first, then the
// published figures.
func totalsRows(t Totals, timeLimit time.Duration) [][]string {
	head := []string{"", "floatsym"}
	for _, p := range PublishedTotals {
		head = append(head, p.Tool)
	}
	row := func(name, ours string, f func(p Published) string) []string {
		r := []string{name, ours}
		for _, p := range PublishedTotals {
			r = append(r, f(p))
		}
		return r
	}
	limit := "-"
	if timeLimit > 0 {
		limit = timeLimit.String()
	}
	return [][]string{
		head,
		row("bugs found", pct(t.BugsFound, t.BugsExpected), func(p Published) string { return pct(p.BugsFound, p.BugsExpected) }),
		row("correct benchmarks verified", pct(t.Verified, t.Correct), func(p Published) string { return pct(p.Verified, p.Correct) }),
		row("timeouts", fmt.Sprintf("%d/%d", t.Timeouts, t.Variants), func(p Published) string { return fmt.Sprintf("%d/%d", p.Timeouts, p.Bench) }),
		row("crashes", fmt.Sprintf("%d/%d", t.Crashes, t.Variants), func(p Published) string { return fmt.Sprintf("%d/%d", p.Crashes, p.Bench) }),
		row("bugs found, not in the specs", fmt.Sprint(t.UnlistedBugs), func(Published) string { return "-" }),
		row("false positives (not confirmed)", fmt.Sprint(t.FalsePositives), func(p Published) string { return fmt.Sprint(p.FalsePositives) }),
		row("false positives, strict rule", fmt.Sprint(t.StrictFalsePositives), func(p Published) string { return fmt.Sprint(p.FalsePositives) }),
		row("time budget per benchmark", limit, func(Published) string { return "1h + 1h" }),
		row("wall time", fmtSeconds(t.WallSeconds), func(Published) string { return "-" }),
	}
}

func totalsNote(t Totals) string {
	s := fmt.Sprintf("floatsym: %d variants run", t.Variants)
	if t.Skipped > 0 {
		s += fmt.Sprintf(", %d skipped", t.Skipped)
		if t.Malformed > 0 {
			s += fmt.Sprintf(" (%d malformed spec(s))", t.Malformed)
		}
	}
	s += fmt.Sprintf("; outcomes %s", outcomeCounts(t.Outcomes))
	if t.ToolReports > 0 {
		s += fmt.Sprintf("; %d floatsym-internal error reports", t.ToolReports)
	}
	if t.InfraErrors > 0 {
		s += fmt.Sprintf("; %d report(s) in %d variant(s) not judged: native replay infrastructure errors", t.InfraErrors, t.InfraVariants)
	}
	return s + ".\nPublished: the study's Table III, over 86 benchmarks (49 expected bugs, 52 correct) " +
		"with 1 h exploration + 1 h test generation each; not the same benchmarks or budget."
}

func outcomeCounts(m map[Outcome]int) string {
	var parts []string
	for _, o := range Outcomes {
		if m[o] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", o, m[o]))
		}
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// FormatTotals writes the totals beside the published KLEE-float ones.
func FormatTotals(w io.Writer, t Totals, timeLimit time.Duration) error {
	tw := tabwriter.NewWriter(w, 0, 0, 3, ' ', 0)
	for _, r := range totalsRows(t, timeLimit) {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	if err := tw.Flush(); err != nil {
		return fmt.Errorf("writing totals: %w", err)
	}
	if _, err := fmt.Fprintln(w, totalsNote(t)); err != nil {
		return fmt.Errorf("writing totals: %w", err)
	}
	if len(t.SolverStages) == 0 {
		return nil
	}
	if _, err := fmt.Fprintf(w, "\nSolver stages, summed over the %d variants run:\n", t.Variants); err != nil {
		return fmt.Errorf("writing totals: %w", err)
	}
	if err := stagestats.WriteTable(w, t.SolverStages); err != nil {
		return fmt.Errorf("writing solver stages: %w", err)
	}
	return nil
}

// reportHeadings name the report kinds FormatReports lists, in order.
var reportHeadings = []struct{ verdict, heading string }{
	{VerdictFP, "FALSE POSITIVE (not confirmed)"},
	{VerdictUnlisted, "BUG NOT IN THE SPEC (confirmed natively)"},
	{VerdictInfra, "NOT JUDGED (replay infrastructure error)"},
}

// FormatReports writes every report that is not a TP, grouped by kind:
// floatsym's false positives, confirmed bugs the spec does not list (with
// the native stack), and reports the runner could not judge.
func FormatReports(w io.Writer, results []Result) error {
	var b strings.Builder
	for _, h := range reportHeadings {
		for _, r := range results {
			for _, rv := range r.Reports {
				if rv.Verdict != h.verdict {
					continue
				}
				fmt.Fprintf(&b, "%s %s %s: %s at %s:%d (%s): %s\n", h.heading, r.ID, rv.Test, rv.Kind,
					rv.File, rv.Line, truncate(rv.Message, 80), rv.Reason)
				if h.verdict == VerdictUnlisted {
					for _, f := range rv.NativeStack {
						fmt.Fprintf(&b, "    at %s\n", f)
					}
				}
			}
		}
	}
	if b.Len() > 0 {
		b.WriteString("\n")
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("writing reports: %w", err)
	}
	return nil
}

func mdEscape(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

// WriteMarkdown writes the table and totals as Markdown.
func WriteMarkdown(w io.Writer, results []Result, t Totals, timeLimit time.Duration) error {
	var b strings.Builder
	b.WriteString("## Benchmark results\n\n")
	b.WriteString("| " + strings.Join(tableHeader, " | ") + " |\n")
	b.WriteString("|" + strings.Repeat(" --- |", len(tableHeader)) + "\n")
	for i := range results {
		row := tableRow(&results[i], 120)
		for j := range row {
			row[j] = mdEscape(row[j])
		}
		b.WriteString("| " + strings.Join(row, " | ") + " |\n")
	}
	b.WriteString("\n" + tableLegend + "\n")
	writeMarkdownReports(&b, results)
	b.WriteString("\n## Totals (cf. KLEE-float, Table III)\n\n")
	rows := totalsRows(t, timeLimit)
	b.WriteString("| " + strings.Join(rows[0], " | ") + " |\n")
	b.WriteString("|" + strings.Repeat(" --- |", len(rows[0])) + "\n")
	for _, r := range rows[1:] {
		b.WriteString("| " + strings.Join(r, " | ") + " |\n")
	}
	b.WriteString("\n" + strings.ReplaceAll(totalsNote(t), "\n", "\n\n") + "\n")
	if len(t.SolverStages) > 0 {
		fmt.Fprintf(&b, "\n## Solver stages\n\nSummed over the %d variants run.\n\n", t.Variants)
		stagestats.WriteMarkdown(&b, t.SolverStages)
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return fmt.Errorf("writing Markdown report: %w", err)
	}
	return nil
}

// writeMarkdownReports lists every bug report with its kind.
func writeMarkdownReports(b *strings.Builder, results []Result) {
	n := 0
	for _, r := range results {
		for _, rv := range r.Reports {
			if rv.Verdict == VerdictTool {
				continue
			}
			if n == 0 {
				b.WriteString("\n## Reports\n\n| VARIANT | TEST | REPORT | KIND OF REPORT | WHY | NATIVE STACK |\n| --- | --- | --- | --- | --- | --- |\n")
			}
			n++
			what := fmt.Sprintf("%s at %s:%d", rv.Kind, filepath.Base(rv.File), rv.Line)
			stack := ""
			if rv.Verdict == VerdictUnlisted {
				stack = strings.Join(rv.NativeStack, " ← ")
			}
			fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s |\n", mdEscape(r.ID), mdEscape(rv.Test), mdEscape(what),
				mdEscape(VerdictLabels[rv.Verdict]), mdEscape(truncate(rv.Reason, 160)), mdEscape(stack))
		}
	}
}

// CSVHeader is the first row of WriteCSV.
var CSVHeader = []string{"id", "spec", "variant", "expected", "outcome", "status", "timed_out", "crashed", "complete",
	"bugs_found", "bugs_expected", "true_positives", "unlisted_reports", "unlisted_bugs", "false_positives",
	"strict_false_positives", "infra_errors", "tool_reports", "paths", "paths_completed",
	"tests", "instructions", "queries", "solver_seconds", "wall_seconds", "elapsed_seconds", "reason"}

// WriteCSV writes one row per variant with raw numbers.
func WriteCSV(w io.Writer, results []Result) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return fmt.Errorf("writing CSV: %w", err)
	}
	for _, r := range results {
		row := []string{r.ID, r.Spec, r.Variant, string(r.Expected), string(r.Outcome), string(r.Status),
			fmt.Sprint(r.TimedOut), fmt.Sprint(r.Crashed), fmt.Sprint(r.Complete),
			fmt.Sprint(r.BugsFound), fmt.Sprint(r.BugsExpect), fmt.Sprint(r.TruePos), fmt.Sprint(r.Unlisted),
			fmt.Sprint(r.UnlistedBugs), fmt.Sprint(r.FalsePos), fmt.Sprint(r.StrictFalsePos), fmt.Sprint(r.InfraErrors),
			fmt.Sprint(r.ToolReports), fmt.Sprint(r.Paths), fmt.Sprint(r.PathsCompleted), fmt.Sprint(r.Tests),
			fmt.Sprint(r.Instructions), fmt.Sprint(r.Queries), fmt.Sprintf("%.3f", r.SolverSeconds),
			fmt.Sprintf("%.3f", r.WallSeconds), fmt.Sprintf("%.3f", r.Elapsed), r.Reason}
		if err := cw.Write(row); err != nil {
			return fmt.Errorf("writing CSV: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("writing CSV: %w", err)
	}
	return nil
}

// WriteFile creates path and writes it with f.
func WriteFile(path string, f func(io.Writer) error) error {
	out, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("creating %s: %w", path, err)
	}
	if err := f(out); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return fmt.Errorf("closing %s: %w", path, err)
	}
	return nil
}
