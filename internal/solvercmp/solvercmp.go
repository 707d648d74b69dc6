// Package solvercmp compares two `floatsym bench --json` reports of the
// same variants, one run with the native FP solver stage on and one with
// it off (make bench-solver): per variant and in total, the FP queries,
// the share the native stage decided without an SMT solver, solver and
// wall time, verdicts, and the ratios. It reads only the report fields it
// needs (and each kept variant's summary.json for the per-stage
// statistics, in the leaf package stagestats), so it does not depend on
// the bench package's types.
package solvercmp

import (
	"github.com/floatsym/floatsym/solver/stagestats"

	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Result is the part of one bench result read here.
type Result struct {
	ID            string  `json:"id"`
	Outcome       string  `json:"outcome"`
	TimedOut      bool    `json:"timed_out"`
	Queries       uint64  `json:"queries"`
	SolverSeconds float64 `json:"solver_seconds"`
	WallSeconds   float64 `json:"wall_seconds"`
	Elapsed       float64 `json:"elapsed_seconds"`
	OutputDir     string  `json:"output_dir"`
}

// Stage is one entry of summary.json's solver_stages.
type Stage = stagestats.Stage

type report struct {
	Results []Result `json:"results"`
}

// Load reads a bench JSON report.
func Load(path string) ([]Result, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("bench report: %w", err)
	}
	var r report
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("bench report %s: %w", path, err)
	}
	return r.Results, nil
}

// nativeStage reads the native stage's statistics of a kept variant.
func nativeStage(r Result) (Stage, bool) {
	if r.OutputDir == "" {
		return Stage{}, false
	}
	b, err := os.ReadFile(filepath.Join(r.OutputDir, "summary.json"))
	if err != nil {
		return Stage{}, false
	}
	var s struct {
		Stages []Stage `json:"solver_stages"`
	}
	if json.Unmarshal(b, &s) != nil {
		return Stage{}, false
	}
	for _, st := range s.Stages {
		if st.Name == "native" {
			return st, true
		}
	}
	return Stage{}, false
}

// Row is one variant of the comparison.
type Row struct {
	ID                    string
	FPQueries, Decided    uint64
	SolverOn, SolverOff   float64
	WallOn, WallOff       float64
	OutcomeOn, OutcomeOff string
}

// good outcomes are verdicts (a bug found, a correct program verified).
func good(o string) bool { return o == "TP" || o == "verified" }

// Compare pairs the variants of the on and off reports.
func Compare(on, off []Result) []Row {
	offBy := map[string]Result{}
	for _, r := range off {
		offBy[r.ID] = r
	}
	var rows []Row
	for _, r := range on {
		o, ok := offBy[r.ID]
		if !ok {
			continue
		}
		row := Row{ID: r.ID, SolverOn: r.SolverSeconds, SolverOff: o.SolverSeconds,
			WallOn: r.Elapsed, WallOff: o.Elapsed, OutcomeOn: r.Outcome, OutcomeOff: o.Outcome}
		if st, ok := nativeStage(r); ok {
			row.FPQueries, row.Decided = st.Queries, st.Sat+st.Unsat
		}
		rows = append(rows, row)
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].ID < rows[j].ID })
	return rows
}

func ratio(off, on float64) string {
	if on <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f×", off/on)
}

func pct(a, b uint64) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(a)/float64(b))
}

// Print writes the table and the totals.
func Print(w io.Writer, rows []Row) {
	fmt.Fprintf(w, "%-44s %7s %7s %9s %9s %9s %8s %8s %-9s %-9s\n", "variant", "FP q", "native", "solver on", "off", "ratio", "wall on", "off", "on", "off")
	var t Row
	var timeoutsOn, timeoutsOff, goodOn, goodOff, lost, gained int
	for _, r := range rows {
		fmt.Fprintf(w, "%-44s %7d %7s %8.2fs %8.2fs %9s %7.1fs %7.1fs %-9s %-9s\n", r.ID, r.FPQueries, pct(r.Decided, r.FPQueries),
			r.SolverOn, r.SolverOff, ratio(r.SolverOff, r.SolverOn), r.WallOn, r.WallOff, r.OutcomeOn, r.OutcomeOff)
		t.FPQueries += r.FPQueries
		t.Decided += r.Decided
		t.SolverOn += r.SolverOn
		t.SolverOff += r.SolverOff
		t.WallOn += r.WallOn
		t.WallOff += r.WallOff
		if r.OutcomeOn == "timeout" {
			timeoutsOn++
		}
		if r.OutcomeOff == "timeout" {
			timeoutsOff++
		}
		if good(r.OutcomeOn) {
			goodOn++
		}
		if good(r.OutcomeOff) {
			goodOff++
		}
		if good(r.OutcomeOff) && !good(r.OutcomeOn) {
			lost++
			fmt.Fprintf(w, "  LOST: %s was %s with the stage off, %s with it on\n", r.ID, r.OutcomeOff, r.OutcomeOn)
		}
		if good(r.OutcomeOn) && !good(r.OutcomeOff) {
			gained++
		}
	}
	fmt.Fprintln(w, strings.Repeat("-", 120))
	fmt.Fprintf(w, "%d variants: FP queries %d, decided natively %d (%s)\n", len(rows), t.FPQueries, t.Decided, pct(t.Decided, t.FPQueries))
	fmt.Fprintf(w, "solver time: on %.1fs, off %.1fs (%s lower); wall time: on %.1fs, off %.1fs (%s)\n",
		t.SolverOn, t.SolverOff, ratio(t.SolverOff, t.SolverOn), t.WallOn, t.WallOff, ratio(t.WallOff, t.WallOn))
	fmt.Fprintf(w, "verdicts (TP or verified): on %d, off %d (%d gained, %d lost); timeouts: on %d, off %d\n",
		goodOn, goodOff, gained, lost, timeoutsOn, timeoutsOff)
}
