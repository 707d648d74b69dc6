package runstats

import "fmt"

// BuildComparison sets runs side by side (--compare): one row per
// column of the mode's table, one column per run, then each later run's
// ratio to the first ("-" where a value is missing or the first is 0).
func BuildComparison(runs []*Run, m Mode, prec int) (*Table, error) {
	if len(runs) < 2 {
		return nil, fmt.Errorf("--compare needs two or more output directories, got %d", len(runs))
	}
	labels := Labels(m)
	names := displayPaths(runs)
	t := &Table{Heads: append([]string{"Metric"}, names...)}
	for _, n := range names[1:] {
		t.Heads = append(t.Heads, n+" / "+names[0])
	}
	vals := make([][]Value, len(runs))
	for i, r := range runs {
		vals[i] = cells(r.Last(), aggregateOf(r.Records), labels)
	}
	for j, l := range labels[1:] {
		row := []string{l}
		for i := range runs {
			row = append(row, vals[i][j].format(prec))
		}
		base := vals[0][j]
		for i := 1; i < len(runs); i++ {
			v := vals[i][j]
			if !base.OK || !v.OK || base.V == 0 {
				row = append(row, "-")
				continue
			}
			row = append(row, fmt.Sprintf("%.*fx", prec, v.V/base.V))
		}
		t.Rows = append(t.Rows, row)
	}
	return t, nil
}
