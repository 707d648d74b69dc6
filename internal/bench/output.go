package bench

import (
	"errors"
	"fmt"
	"io"
	"time"
)

// Outputs are the report files of a bench run (an empty path: not
// written). A local run (`floatsym bench`) and a merged plan (`floatsym
// bench --merge`) both report through PrintReport and Outputs.Write, so the
// two give the same report for the same results.
type Outputs struct {
	JSON, CSV, Markdown, SVG, PNG string
}

// TimeLimit is the document's time limit (DefaultTimeLimit when unset).
func (d *Document) TimeLimit() time.Duration {
	if d.TimeLimitSeconds <= 0 {
		return DefaultTimeLimit
	}
	return time.Duration(d.TimeLimitSeconds * float64(time.Second))
}

// PrintReport prints the per-variant table, the reports and the totals
// beside the published figures (Table III).
func PrintReport(w io.Writer, d *Document) error {
	if err := FormatTable(w, d.Results); err != nil {
		return err
	}
	if _, err := fmt.Fprintln(w); err != nil {
		return fmt.Errorf("writing the report: %w", err)
	}
	if err := FormatReports(w, d.Results); err != nil {
		return err
	}
	return FormatTotals(w, d.Totals, d.TimeLimit())
}

// Write writes every requested report file; the errors of all of them.
func (o Outputs) Write(d *Document) error {
	var errs []error
	if o.JSON != "" {
		if err := WriteJSON(o.JSON, d); err != nil {
			errs = append(errs, err)
		}
	}
	if o.CSV != "" {
		if err := WriteFile(o.CSV, func(w io.Writer) error { return WriteCSV(w, d.Results) }); err != nil {
			errs = append(errs, err)
		}
	}
	if o.Markdown != "" {
		err := WriteFile(o.Markdown, func(w io.Writer) error { return WriteMarkdown(w, d.Results, d.Totals, d.TimeLimit()) })
		if err != nil {
			errs = append(errs, err)
		}
	}
	for _, p := range []string{o.SVG, o.PNG} {
		if p != "" {
			if err := Plot(p, d.Results, d.TimeLimit()); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}
