package bench

import (
	"bytes"
	"encoding/csv"
	"encoding/xml"
	"flag"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// sampleResults cover every outcome.
func sampleResults() []Result {
	return []Result{
		{ID: "interval/klee_bug", Spec: "interval", Variant: "klee_bug", Expected: ExpectBug, Outcome: OutcomeTP,
			Status: StatusFinished, Complete: true, BugsFound: 1, BugsExpect: 2, TruePos: 3,
			MissedBugs: []string{"no_assert_fail: interval.c:105"}, Reason: "found 1 of 2 expected bugs",
			Paths: 12, PathsCompleted: 12, Tests: 12, Instructions: 123456, Queries: 340, SolverSeconds: 3, WallSeconds: 4, Elapsed: 4.5,
			SolverStages: []StageStats{{Name: "cache", Queries: 340, Sat: 200}, {Name: "native", Queries: 140, Sat: 100, Unsat: 30, Unknown: 10, Time: 500 * time.Millisecond},
				{Name: "z3", Queries: 10, Sat: 6, Unsat: 3, Unknown: 1, Time: 2400 * time.Millisecond, Interrupts: 1}}},
		{ID: "interval/klee_no_bug", Spec: "interval", Variant: "klee_no_bug", Expected: ExpectCorrect, Outcome: OutcomeVerified,
			Status: StatusFinished, Complete: true, Paths: 9, PathsCompleted: 9, Tests: 9, Instructions: 99000, Queries: 120,
			SolverSeconds: 1, WallSeconds: 2, Elapsed: 2.25,
			SolverStages: []StageStats{{Name: "cache", Queries: 120, Sat: 60}, {Name: "native", Queries: 60, Sat: 50, Unknown: 10, Time: 100 * time.Millisecond},
				{Name: "z3", Queries: 10, Unsat: 8, Unknown: 2, Time: 700 * time.Millisecond, MemoryOuts: 1, Interrupts: 1},
				{Name: "cvc5", Queries: 2, Sat: 1, Unknown: 1, Time: 300 * time.Millisecond, Interrupts: 1}}},
		{ID: "sqrt/klee", Spec: "sqrt", Variant: "klee", Expected: ExpectCorrect, Outcome: OutcomeFP, Status: StatusFinished,
			FalsePos: 2, Reason: "2 false positive(s): the spec says no_assert_fail holds", Paths: 4, Tests: 4,
			Instructions: 5000, Queries: 30, SolverSeconds: 0.5, WallSeconds: 1, Elapsed: 1.2,
			Reports: []ReportVerdict{{Test: "test000002.ktest", Kind: "assert", File: "sqrt.c", Line: 80, Message: "ASSERTION FAIL: x | y",
				Verdict: VerdictFP, Reason: "the spec says no_assert_fail holds"}}},
		{ID: "paranoia/default", Spec: "paranoia", Variant: "default", Expected: ExpectCorrect, Outcome: OutcomeTimeout,
			Status: StatusKilled, TimedOut: true, Reason: "killed at the hard time limit", Elapsed: 120},
		{ID: "ld/unnormal", Spec: "ld", Variant: "unnormal", Expected: ExpectBug, Outcome: OutcomeCrash, Status: StatusCrashed,
			Crashed: true, BugsExpect: 1, Reason: "floatsym panic: runtime error: index out of range", Elapsed: 0.4},
		{ID: "horner/double", Spec: "horner", Variant: "double", Expected: ExpectCorrect, Outcome: OutcomeUnknown,
			Status: StatusFinished, ToolReports: 2, ToolKinds: map[string]int{"solver": 2},
			Reason: "floatsym reported its own errors: 2 solver", Paths: 3, Tests: 3, Instructions: 700, Queries: 15,
			SolverSeconds: 30, WallSeconds: 31, Elapsed: 31.5},
		{ID: "gsl_stats/with_gsl", Spec: "gsl_stats", Variant: "with_gsl", Expected: ExpectCorrect, Outcome: OutcomeSkipped,
			Status: StatusNotRun, Reason: "unsupported dependency gsl", ExitCode: -1},
		{ID: "matrix/bug", Spec: "matrix", Variant: "bug", Expected: ExpectBug, Outcome: OutcomeTP, Status: StatusKilled,
			TimedOut: true, BugsFound: 1, BugsExpect: 1, TruePos: 1, Paths: 100, Tests: 100, Instructions: 1 << 20,
			Queries: 999, SolverSeconds: 50, WallSeconds: 60, Elapsed: 95},
		{ID: "stale/bug", Spec: "stale", Variant: "bug", Expected: ExpectBug, Outcome: OutcomeUnlisted, Status: StatusFinished,
			Complete: true, BugsExpect: 1, Unlisted: 1, UnlistedBugs: 1, StrictFalsePos: 1, StrictOutcome: OutcomeFP,
			MissedBugs: []string{"no_assert_fail: main.c:31"},
			Reason:     "1 confirmed bug(s) the spec does not list: assert at main.c:33 is not a listed location of no_assert_fail (listed: main.c:31)",
			Paths:      9, Tests: 2, Instructions: 900, Queries: 8, SolverSeconds: 0.1, WallSeconds: 0.2, Elapsed: 0.5,
			Reports: []ReportVerdict{{Test: "test000001.ktest", Kind: "assert", File: "/s/stale/main.c", Line: 33,
				Message: "ASSERTION FAIL: x < 1", Verdict: VerdictUnlisted, Native: "assert at /s/stale/main.c:33",
				NativeStack: []string{"__assert_fail", "check /s/stale/main.c:33", "main /s/stale/main.c:40"},
				Reason:      "assert at main.c:33 is not a listed location of no_assert_fail (listed: main.c:31)"}}},
		{ID: "nolink/bug", Spec: "nolink", Variant: "bug", Expected: ExpectBug, Outcome: OutcomeInfra, Status: StatusFinished,
			Complete: true, BugsExpect: 1, InfraErrors: 1, StrictOutcome: OutcomeInfra, Paths: 2, Tests: 2, Elapsed: 0.3,
			Reason: "1 report(s) not judged: native replay infrastructure error: the native replay build failed: undefined reference to `mylib'",
			Reports: []ReportVerdict{{Test: "test000002.ktest", Kind: "abort", File: "/s/nolink/p.c", Line: 4, Verdict: VerdictInfra,
				Reason: "native replay infrastructure error: the native replay build failed: undefined reference to `mylib'"}}},
		{ID: "broken/invalid", Spec: "broken", Variant: "invalid", Expected: ExpectUnknown, Outcome: OutcomeSkipped,
			Status: StatusNotRun, Malformed: true, ExitCode: -1,
			Reason: "malformed spec: spec /s/broken/spec.yml: unsupported schema_version 1 (only 0 is known)"},
	}
}

func sampleTotals() Totals {
	t := ComputeTotals(sampleResults())
	t.WallSeconds = 150
	return t
}

func TestComputeTotals(t *testing.T) {
	tot := sampleTotals()
	want := Totals{Variants: 9, Skipped: 2, Malformed: 1, BugsFound: 2, BugsExpected: 6, BuggyVariants: 5, TPVariants: 2,
		Verified: 1, Correct: 4, Timeouts: 2, Crashes: 1, FalsePositives: 2, FPVariants: 1, Unknown: 1, ToolReports: 2,
		UnlistedBugs: 1, UnlistedReports: 1, UnlistedVariants: 1, StrictFalsePositives: 3, StrictFPVariants: 2,
		InfraErrors: 1, InfraVariants: 1,
		// Summed by name, in first-seen order.
		SolverStages: []StageStats{{Name: "cache", Queries: 460, Sat: 260},
			{Name: "native", Queries: 200, Sat: 150, Unsat: 30, Unknown: 20, Time: 600 * time.Millisecond},
			{Name: "z3", Queries: 20, Sat: 6, Unsat: 11, Unknown: 3, Time: 3100 * time.Millisecond, Interrupts: 2, MemoryOuts: 1},
			{Name: "cvc5", Queries: 2, Sat: 1, Unknown: 1, Time: 300 * time.Millisecond, Interrupts: 1}}}
	tot.Outcomes, want.Outcomes = nil, nil
	tot.CPUSeconds, tot.WallSeconds = 0, 0
	if !reflect.DeepEqual(tot, want) {
		t.Errorf("totals\n got %+v\nwant %+v", tot, want)
	}
}

func TestFormatGolden(t *testing.T) {
	var b bytes.Buffer
	if err := FormatTable(&b, sampleResults()); err != nil {
		t.Fatal(err)
	}
	b.WriteString("\n")
	if err := FormatReports(&b, sampleResults()); err != nil {
		t.Fatal(err)
	}
	if err := FormatTotals(&b, sampleTotals(), time.Minute); err != nil {
		t.Fatal(err)
	}
	golden(t, "table.txt", b.Bytes())

	b.Reset()
	if err := WriteMarkdown(&b, sampleResults(), sampleTotals(), time.Minute); err != nil {
		t.Fatal(err)
	}
	golden(t, "report.md", b.Bytes())

	b.Reset()
	if err := WriteCSV(&b, sampleResults()); err != nil {
		t.Fatal(err)
	}
	golden(t, "results.csv", b.Bytes())
	rows, err := csv.NewReader(bytes.NewReader(b.Bytes())).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(sampleResults())+1 || len(rows[0]) != len(CSVHeader) {
		t.Errorf("CSV has %d rows of %d columns", len(rows), len(rows[0]))
	}
}

func TestJSONRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.json")
	doc := &Document{Tool: "floatsym", Version: "0.1.0", Started: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
		TimeLimitSeconds: 60, Jobs: 2, Results: sampleResults(), Totals: sampleTotals()}
	if err := WriteJSON(path, doc); err != nil {
		t.Fatal(err)
	}
	got, err := LoadDocument(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Results) != len(doc.Results) || got.Totals.FalsePositives != 2 || got.Results[2].Reports[0].Line != 80 ||
		got.Totals.Outcomes[OutcomeTP] != 2 || !got.Started.Equal(doc.Started) {
		t.Errorf("round trip: %+v", got)
	}
	if _, err := LoadDocument(filepath.Join(t.TempDir(), "missing.json")); err == nil {
		t.Error("missing report: no error")
	}
}

func TestCompare(t *testing.T) {
	oldRes := sampleResults()[:8]
	newRes := sampleResults()[:8]
	// klee_bug loses its bug; klee_no_bug gets slower; sqrt is fixed;
	// ld now times out instead of crashing; horner now crashes; a variant
	// is added and one removed.
	newRes[0].Outcome, newRes[0].BugsFound, newRes[0].TruePos, newRes[0].Reason = OutcomeUnknown, 0, 0, "exploration incomplete (limits)"
	newRes[1].Elapsed = 5
	newRes[2].Outcome, newRes[2].FalsePos, newRes[2].Reports, newRes[2].Reason = OutcomeVerified, 0, nil, ""
	newRes[3].Elapsed = 121 // within the threshold: not listed
	newRes[4].Outcome, newRes[4].Crashed, newRes[4].TimedOut, newRes[4].Status = OutcomeTimeout, false, true, StatusKilled
	newRes[5].Outcome, newRes[5].Crashed = OutcomeCrash, true
	newRes = append(newRes[:6], Result{ID: "new/one", Outcome: OutcomeVerified, Expected: ExpectCorrect, Elapsed: 1})
	oldDoc := &Document{Results: oldRes, Totals: ComputeTotals(oldRes)}
	newDoc := &Document{Results: newRes, Totals: ComputeTotals(newRes)}
	oldDoc.Totals.WallSeconds, newDoc.Totals.WallSeconds = 150, 100
	c := Compare(oldDoc, newDoc)
	var ids, regs []string
	for _, ch := range c.Changes {
		ids = append(ids, ch.ID)
	}
	for _, r := range c.Regressions {
		regs = append(regs, r.ID+": "+r.Regression)
	}
	if got, want := strings.Join(ids, " "), "interval/klee_bug interval/klee_no_bug sqrt/klee ld/unnormal horner/double"; got != want {
		t.Errorf("changes %q, want %q", got, want)
	}
	if got, want := strings.Join(regs, "; "), "interval/klee_bug: bugs found 1 → 0, outcome TP → unknown; horner/double: now crashes"; got != want {
		t.Errorf("regressions %q, want %q", got, want)
	}
	if strings.Join(c.Added, ",") != "new/one" || strings.Join(c.Removed, ",") != "gsl_stats/with_gsl,matrix/bug" {
		t.Errorf("added %v removed %v", c.Added, c.Removed)
	}
	var b bytes.Buffer
	if err := FormatComparison(&b, c); err != nil {
		t.Fatal(err)
	}
	golden(t, "compare.txt", b.Bytes())

	// Identical reports: nothing to say.
	same := Compare(oldDoc, oldDoc)
	if len(same.Changes) != 0 || len(same.Regressions) != 0 {
		t.Errorf("self comparison: %+v", same)
	}
	b.Reset()
	FormatComparison(&b, same)
	if !strings.Contains(b.String(), "No regression.") || !strings.Contains(b.String(), "No variant changed") {
		t.Errorf("self comparison output:\n%s", b.String())
	}
}

// --compare across runs with the three kinds of report: an older report
// (written before they were told apart, so without the new fields) loads
// and compares; unlisted bugs and infrastructure errors are changes, and
// more infrastructure errors are a regression.
func TestCompareCategories(t *testing.T) {
	oldJSON := `{"tool": "floatsym", "results": [
	  {"id": "stale/bug", "expected": "bug", "outcome": "FP", "bugs_expected": 1, "false_positives": 1, "elapsed_seconds": 1},
	  {"id": "nolink/bug", "expected": "bug", "outcome": "FP", "bugs_expected": 1, "false_positives": 1, "elapsed_seconds": 1}]}`
	path := filepath.Join(t.TempDir(), "old.json")
	if err := os.WriteFile(path, []byte(oldJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	oldDoc, err := LoadDocument(path)
	if err != nil {
		t.Fatal(err)
	}
	if oldDoc.Totals.StrictFalsePositives != 2 || oldDoc.Totals.FalsePositives != 2 {
		t.Errorf("old totals %+v", oldDoc.Totals)
	}
	newRes := sampleResults()[8:10]
	for i := range newRes {
		newRes[i].Elapsed = 1
	}
	c := Compare(oldDoc, &Document{Results: newRes, Totals: ComputeTotals(newRes)})
	if len(c.Changes) != 2 || c.Changes[0].NewUnlisted != 1 || c.Changes[0].NewFP != 0 || c.Changes[1].NewInfra != 1 {
		t.Errorf("changes %+v", c.Changes)
	}
	if len(c.Regressions) != 1 || c.Regressions[0].ID != "nolink/bug" || !strings.Contains(c.Regressions[0].Regression, "infrastructure") {
		t.Errorf("regressions %+v", c.Regressions)
	}
	var b bytes.Buffer
	if err := FormatComparison(&b, c); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"FP → unlisted", "FP → infra-error", "bugs not in specs  0 → 1", "FPs, strict rule   2 → 1"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("comparison lacks %q:\n%s", want, b.String())
		}
	}
}

func TestPlot(t *testing.T) {
	dir := t.TempDir()
	svgPath := filepath.Join(dir, "times.svg")
	if err := Plot(svgPath, sampleResults(), time.Minute); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(svgPath)
	if err != nil {
		t.Fatal(err)
	}
	// Well-formed XML whose text includes the legend and the labels.
	dec := xml.NewDecoder(bytes.NewReader(data))
	var text strings.Builder
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
		if cd, ok := tok.(xml.CharData); ok {
			text.Write(cd)
		}
	}
	for _, want := range []string{"TP (2)", "verified (1)", "FP (1)", "timeout (1)", "crash (1)", "unknown (1)", "time limit",
		"interval/klee_bug", "time (s, log scale)"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("SVG text lacks %q", want)
		}
	}
	if strings.Contains(text.String(), "gsl_stats/with_gsl") {
		t.Error("skipped variant plotted")
	}
	pngPath := filepath.Join(dir, "times.png")
	if err := Plot(pngPath, sampleResults(), time.Minute); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(pngPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cfg, err := png.DecodeConfig(f)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Width < 500 || cfg.Height < 200 {
		t.Errorf("PNG is %dx%d", cfg.Width, cfg.Height)
	}
	if err := Plot(filepath.Join(dir, "x.svg"), sampleResults()[6:7], time.Minute); err == nil {
		t.Error("plot of skipped variants only: no error")
	}
	if err := Plot(filepath.Join(dir, "noext"), sampleResults(), time.Minute); err == nil {
		t.Error("plot without extension: no error")
	}
}

// TestOutcomeProved: a correct variant the prover settled reads
// "verified (proved)" and counts in the totals' Proved; a proof record on
// another outcome changes nothing.
func TestOutcomeProved(t *testing.T) {
	for _, c := range []struct {
		r    Result
		want string
	}{
		{Result{Outcome: OutcomeVerified, Proved: true, ProofDomain: "intervals"}, "verified (proved)"},
		{Result{Outcome: OutcomeVerified}, "verified"},
		{Result{Outcome: OutcomeTP, Proved: true}, "TP"},
	} {
		if got := outcomeCell(&c.r); got != c.want {
			t.Errorf("outcomeCell(%+v) = %q, want %q", c.r, got, c.want)
		}
	}
	tot := ComputeTotals([]Result{{Outcome: OutcomeVerified, Proved: true, Expected: ExpectCorrect},
		{Outcome: OutcomeVerified, Expected: ExpectCorrect}})
	if tot.Verified != 2 || tot.Proved != 1 {
		t.Errorf("totals: verified %d proved %d, want 2 and 1", tot.Verified, tot.Proved)
	}
}
