package runstats

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"
)

// klee-stats's tables (KLEE 2.3's tools/klee-stats): the same columns,
// labels and print modes, computed from the same stats columns, so the
// numbers read the same for a KLEE run and a floatsym run.

// Mode is a klee-stats print mode.
type Mode string

// The modes: klee-stats's default, --print-more, --print-all,
// --print-rel-times and --print-abs-times.
const (
	ModeDefault Mode = ""
	ModeMore    Mode = "more"
	ModeAll     Mode = "all"
	ModeRelTime Mode = "reltime"
	ModeAbsTime Mode = "abstime"
)

// Labels are the table's column heads for a mode (Path first). ModeAll
// ends with floatsym's own: LCov(%) (source lines of the program under
// test), TNative(%) (the native floating-point stage's share of the
// solver time), NSolved(%) (its share of the queries reaching it that it
// answered), Tests and Forks (symbolic branches forked both ways).
func Labels(m Mode) []string {
	base := []string{"Path", "Instrs", "Time(s)", "ICov(%)", "BCov(%)", "ICount", "TSolver(%)"}
	switch m {
	case ModeMore:
		return append(base, "States", "maxStates", "Mem(MiB)", "maxMem(MiB)")
	case ModeAll:
		return append(base, "States", "maxStates", "avgStates", "Mem(MiB)", "maxMem(MiB)", "avgMem(MiB)",
			"Queries", "AvgQC", "Tcex(%)", "Tfork(%)", "TResolve(%)", "QCexCMisses", "QCexCHits",
			"LCov(%)", "TNative(%)", "NSolved(%)", "Tests", "Forks")
	case ModeRelTime:
		return []string{"Path", "Time(s)", "TUser(%)", "TSolver(%)", "Tcex(%)", "Tfork(%)", "TResolve(%)"}
	case ModeAbsTime:
		return []string{"Path", "Time(s)", "TUser(s)", "TSolver(s)", "Tcex(s)", "Tfork(s)", "TResolve(s)"}
	}
	return base
}

// ParseMode checks a mode's name.
func ParseMode(s string) (Mode, error) {
	switch m := Mode(s); m {
	case ModeDefault, ModeMore, ModeAll, ModeRelTime, ModeAbsTime:
		return m, nil
	}
	return "", fmt.Errorf("print mode %q: want more, all, reltime or abstime", s)
}

// aggregate is klee-stats's aggregation over all of a run's records.
type aggregate struct{ maxStates, avgStates, maxMem, avgMem float64 }

func aggregateOf(recs []Record) aggregate {
	var a aggregate
	for _, r := range recs {
		a.maxStates = math.Max(a.maxStates, r["NumStates"])
		a.avgStates += r["NumStates"]
		a.maxMem = math.Max(a.maxMem, r["MallocUsage"])
		a.avgMem += r["MallocUsage"]
	}
	if n := float64(len(recs)); n > 0 {
		a.avgStates /= n
		a.avgMem /= n
	}
	return a
}

// Value is one cell: a number, or missing (a NULL column, a ratio over
// zero).
type Value struct {
	V       float64
	OK      bool
	Integer bool
}

func (v Value) format(prec int) string {
	switch {
	case !v.OK:
		return "-"
	case v.Integer:
		return fmt.Sprintf("%.0f", v.V)
	}
	return fmt.Sprintf("%.*f", prec, v.V)
}

// cells computes the values of labels (without Path) for a last record
// and its run's aggregate.
func cells(r Record, a aggregate, labels []string) []Value {
	const us = 1e6
	const mib = 1 << 20
	get := func(c string) (float64, bool) { v, ok := r[c]; return v, ok }
	num := func(c string, scale float64, integer bool) Value {
		v, ok := get(c)
		return Value{v / scale, ok, integer}
	}
	ratio := func(n, d string, scale float64) Value {
		x, ok1 := get(n)
		y, ok2 := get(d)
		if !ok1 || !ok2 || y == 0 {
			return Value{}
		}
		return Value{V: scale * x / y, OK: true}
	}
	rel := func(c string) Value { return ratio(c, "WallTime", 100) }
	out := make([]Value, 0, len(labels))
	for _, l := range labels[1:] {
		var v Value
		switch l {
		case "Instrs":
			v = num("Instructions", 1, true)
		case "Time(s)":
			v = num("WallTime", us, false)
		case "TUser(s)":
			v = num("UserTime", us, false)
		case "TUser(%)":
			v = rel("UserTime")
		case "ICov(%)":
			c, ok1 := get("CoveredInstructions")
			u, ok2 := get("UncoveredInstructions")
			if ok1 && ok2 && c+u > 0 {
				v = Value{V: 100 * c / (c + u), OK: true}
			}
		case "BCov(%)":
			full, ok1 := get("FullBranches")
			part, ok2 := get("PartialBranches")
			tot, ok3 := get("NumBranches")
			if ok1 && ok2 && ok3 {
				if tot == 0 { // klee-stats: straight-line code is 100% covered
					full, tot = 1, 1
				}
				v = Value{V: 100 * (2*full + part) / (2 * tot), OK: true}
			}
		case "ICount":
			c, ok1 := get("CoveredInstructions")
			u, ok2 := get("UncoveredInstructions")
			v = Value{c + u, ok1 && ok2, true}
		case "TSolver(%)":
			v = rel("SolverTime")
		case "TSolver(s)":
			v = num("SolverTime", us, false)
		case "States":
			v = num("NumStates", 1, true)
		case "maxStates":
			v = Value{a.maxStates, true, true}
		case "avgStates":
			v = Value{V: a.avgStates, OK: true}
		case "Mem(MiB)":
			v = num("MallocUsage", mib, false)
		case "maxMem(MiB)":
			v = Value{V: a.maxMem / mib, OK: true}
		case "avgMem(MiB)":
			v = Value{V: a.avgMem / mib, OK: true}
		case "Queries":
			v = num("NumQueries", 1, true)
		case "AvgQC":
			q, ok1 := get("NumQueries")
			c, ok2 := get("NumQueryConstructs")
			v = Value{math.Floor(c / math.Max(1, q)), ok1 && ok2, true}
		case "Tcex(%)":
			v = rel("CexCacheTime")
		case "Tcex(s)":
			v = num("CexCacheTime", us, false)
		case "Tfork(%)":
			v = rel("ForkTime")
		case "Tfork(s)":
			v = num("ForkTime", us, false)
		case "TResolve(%)":
			v = rel("ResolveTime")
		case "TResolve(s)":
			v = num("ResolveTime", us, false)
		case "QCexCMisses":
			v = num("QueryCexCacheMisses", 1, true)
		case "QCexCHits":
			v = num("QueryCexCacheHits", 1, true)
		case "LCov(%)":
			v = ratio("CoveredLines", "TotalLines", 100)
		case "TNative(%)":
			v = ratio("NativeTime", "SolverTime", 100)
		case "NSolved(%)":
			v = ratio("NativeSolved", "NativeQueries", 100)
		case "Tests":
			v = num("Tests", 1, true)
		case "Forks":
			v = num("Forks", 1, true)
		default:
			panic("runstats: no value for label " + l)
		}
		out = append(out, v)
	}
	return out
}

// Table is a klee-stats table: heads and rows of cells (Path first).
type Table struct {
	Heads []string
	Rows  [][]string
}

// BuildTable is klee-stats's table of runs' last records, with a
// "Total (N)" row of their sums when there are several.
func BuildTable(runs []*Run, m Mode, prec int) *Table {
	labels := Labels(m)
	t := &Table{Heads: labels}
	names := displayPaths(runs)
	total := Record{}
	var totalAgg aggregate
	for i, r := range runs {
		last := r.Last()
		a := aggregateOf(r.Records)
		t.Rows = append(t.Rows, row(names[i], cells(last, a, labels), prec))
		for c, v := range last {
			total[c] += v
		}
		totalAgg.maxStates += a.maxStates
		totalAgg.avgStates += a.avgStates
		totalAgg.maxMem += a.maxMem
		totalAgg.avgMem += a.avgMem
	}
	// A column missing from one run is missing from the total.
	for c := range total {
		for _, r := range runs {
			if !r.Last().Has(c) {
				delete(total, c)
				break
			}
		}
	}
	if len(runs) > 1 {
		t.Rows = append(t.Rows, row(fmt.Sprintf("Total (%d)", len(runs)), cells(total, totalAgg, labels), prec))
	}
	return t
}

func row(path string, vs []Value, prec int) []string {
	r := []string{path}
	for _, v := range vs {
		r = append(r, v.format(prec))
	}
	return r
}

// displayPaths strips the runs' common directory prefix (klee-stats's
// stripCommonPathPrefix); one run keeps its path as given.
func displayPaths(runs []*Run) []string {
	out := make([]string, len(runs))
	if len(runs) == 1 {
		out[0] = runs[0].Dir
		return out
	}
	split := make([][]string, len(runs))
	common := -1
	for i, r := range runs {
		split[i] = strings.Split(filepath.Clean(r.Dir), string(filepath.Separator))
		if common < 0 || len(split[i])-1 < common {
			common = len(split[i]) - 1 // keep at least the last element
		}
	}
	n := 0
	for ; n < common; n++ {
		same := true
		for _, s := range split[1:] {
			if s[n] != split[0][n] {
				same = false
				break
			}
		}
		if !same {
			break
		}
	}
	for i, s := range split {
		out[i] = strings.Join(s[n:], "/")
	}
	return out
}

// Formats are the table formats: klee-stats's "klee" box (the
// default), "csv" and "readable-csv".
var Formats = []string{"klee", "csv", "readable-csv"}

// Write prints the table in a format.
func (t *Table) Write(w io.Writer, format string) error {
	switch format {
	case "", "klee":
		return t.writeKLEE(w)
	case "csv":
		cw := csv.NewWriter(w)
		cw.Write(t.Heads)
		cw.WriteAll(t.Rows)
		return cw.Error()
	case "readable-csv":
		widths := t.widths()
		line := func(cells []string) string {
			parts := make([]string, len(cells))
			for i, c := range cells {
				if i == 0 {
					parts[i] = fmt.Sprintf("%-*s", widths[i], c)
				} else {
					parts[i] = fmt.Sprintf("%*s", widths[i], c)
				}
			}
			return strings.Join(parts, ",  ")
		}
		fmt.Fprintln(w, line(t.Heads))
		for _, r := range t.Rows {
			if _, err := fmt.Fprintln(w, line(r)); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("table format %q: want one of %s", format, strings.Join(Formats, ", "))
}

func (t *Table) widths() []int {
	ws := make([]int, len(t.Heads))
	for i, h := range t.Heads {
		ws[i] = len(h)
	}
	for _, r := range t.Rows {
		for i, c := range r {
			ws[i] = max(ws[i], len(c))
		}
	}
	return ws
}

// writeKLEE draws klee-stats's box: dashes above, below the heads and
// below the rows, cells between bars, numbers right-aligned.
func (t *Table) writeKLEE(w io.Writer) error {
	ws := t.widths()
	total := 1
	for _, x := range ws {
		total += x + 3
	}
	rule := strings.Repeat("-", total)
	line := func(cells []string, head bool) string {
		var b strings.Builder
		b.WriteString("|")
		for i, c := range cells {
			switch {
			case head:
				pad := ws[i] - len(c)
				fmt.Fprintf(&b, " %s%s%s |", strings.Repeat(" ", pad/2), c, strings.Repeat(" ", pad-pad/2))
			case i == 0:
				fmt.Fprintf(&b, " %-*s |", ws[i], c)
			default:
				fmt.Fprintf(&b, " %*s |", ws[i], c)
			}
		}
		return b.String()
	}
	fmt.Fprintln(w, rule)
	fmt.Fprintln(w, line(t.Heads, true))
	fmt.Fprintln(w, rule)
	for _, r := range t.Rows {
		fmt.Fprintln(w, line(r, false))
	}
	_, err := fmt.Fprintln(w, rule)
	return err
}
