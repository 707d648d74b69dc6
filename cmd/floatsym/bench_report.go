package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/floatsym/floatsym/internal/bench"
)

// loadComparisons reads the --compare and --fail-on-regression reports
// (nil when not asked for).
func loadComparisons(f benchFlags) (compareDoc, regressionDoc *bench.Document, err error) {
	if f.compare != "" {
		if compareDoc, err = bench.LoadDocument(f.compare); err != nil {
			return nil, nil, fmt.Errorf("--compare: %w", err)
		}
	}
	if f.failOnRegression != "" {
		if regressionDoc, err = bench.LoadDocument(f.failOnRegression); err != nil {
			return nil, nil, fmt.Errorf("--fail-on-regression: %w", err)
		}
	}
	return compareDoc, regressionDoc, nil
}

// reportBench prints and writes the report of a bench run and decides
// whether it failed. A local run and a merged plan (--merge, --slurm) both
// end here, so they report and judge alike.
func reportBench(stdout io.Writer, f benchFlags, doc *bench.Document, compareDoc, regressionDoc *bench.Document, runErr error) error {
	results, totals := doc.Results, doc.Totals
	if err := bench.PrintReport(stdout, doc); err != nil {
		return err
	}
	crossFail := crosscheckTotals(stdout, f.crosscheck, results)

	var errs []error
	outs := bench.Outputs{JSON: f.jsonOut, CSV: f.csvOut, Markdown: f.markdownOut, SVG: f.svgOut, PNG: f.pngOut}
	if err := outs.Write(doc); err != nil {
		errs = append(errs, err)
	}
	if compareDoc != nil { // plot_compare.go: cactus and scatter beside each chart
		old := bench.PlotRun{Name: strings.TrimSuffix(filepath.Base(f.compare), ".json"), Doc: compareDoc}
		for _, p := range []string{f.svgOut, f.pngOut} {
			if p == "" {
				continue
			}
			if err := bench.PlotComparison(p, old, bench.PlotRun{Name: f.runName, Doc: doc}); err != nil {
				errs = append(errs, err)
			}
		}
	}
	if compareDoc != nil {
		fmt.Fprintf(stdout, "\nCompared with %s:\n", f.compare)
		if err := bench.FormatComparison(stdout, bench.Compare(compareDoc, doc)); err != nil {
			errs = append(errs, err)
		}
	}
	if runErr != nil {
		errs = append(errs, runErr)
	}
	var fails []string
	if totals.FalsePositives > 0 {
		fails = append(fails, fmt.Sprintf("%d false positive(s) in %d variant(s)", totals.FalsePositives, totals.FPVariants))
	}
	if crossFail != "" {
		fails = append(fails, crossFail)
	}
	if totals.Crashes > 0 {
		fails = append(fails, fmt.Sprintf("%d crash(es)", totals.Crashes))
	}
	if totals.InfraErrors > 0 {
		fails = append(fails, fmt.Sprintf("%d report(s) in %d variant(s) not judged: the native replay failed (infrastructure)",
			totals.InfraErrors, totals.InfraVariants))
	}
	if f.expectAll {
		for _, r := range results {
			want := map[bench.Expectation]bench.Outcome{bench.ExpectBug: bench.OutcomeTP, bench.ExpectCorrect: bench.OutcomeVerified}[r.Expected]
			if want != "" && r.Outcome != want {
				fails = append(fails, fmt.Sprintf("%s: %s, expected %s", r.ID, r.Outcome, want))
			}
		}
	}
	if regressionDoc != nil {
		c := bench.Compare(regressionDoc, doc)
		if n := len(c.Regressions); n > 0 {
			if compareDoc == nil || f.compare != f.failOnRegression {
				fmt.Fprintf(stdout, "\nRegressions against %s:\n", f.failOnRegression)
				for _, r := range c.Regressions {
					fmt.Fprintf(stdout, "  %s: %s\n", r.ID, r.Regression)
				}
			}
			fails = append(fails, fmt.Sprintf("%d regression(s) against %s", n, f.failOnRegression))
		}
	}
	if len(fails) > 0 {
		errs = append(errs, errors.New("bench failed: "+strings.Join(fails, ", ")))
	}
	return errors.Join(errs...)
}
