package runstats

import (
	"fmt"
	"reflect"
)

// Merging the run.stats of a split exploration's runs (floatsym merge,
// internal/outmerge). KLEE's readers (klee-stats, floatsym stats) take a
// database's last row as the run's totals and its rows as one run's
// time line, so the merged database is the parts' rows one after
// another, as if the parts had run one after the other on one core: the
// cumulative columns (Cumulative) of a part's rows are offset by the
// totals of the parts before it, the other columns (states alive,
// memory, coverage) are the part's own. A last row holds the totals:
// the cumulative columns summed, no state alive, the largest memory, and
// what final sets (the merged coverage, the merged tests).

// Cumulative are the columns that only grow during a run.
var Cumulative = map[string]bool{
	"Instructions": true, "UserTime": true, "NumQueries": true, "NumQueryConstructs": true, "WallTime": true,
	"QueryTime": true, "SolverTime": true, "CexCacheTime": true, "QueryCexCacheMisses": true,
	"QueryCexCacheHits": true, "NativeQueries": true, "NativeSolved": true, "NativeTime": true,
	"SolverTimeouts": true, "Paths": true, "Tests": true, "Forks": true,
}

// RowOf converts a record read back into a row (a column the record
// lacks is zero, or NULL for ForkTime and ResolveTime).
func RowOf(rec Record) Row {
	var r Row
	v := reflect.ValueOf(&r).Elem()
	for i := 0; i < v.NumField(); i++ {
		x, ok := rec[v.Type().Field(i).Name]
		if !ok {
			continue
		}
		switch f := v.Field(i); f.Kind() {
		case reflect.Int64:
			f.SetInt(int64(x))
		case reflect.Float64:
			f.SetFloat(x)
		case reflect.Pointer:
			n := int64(x)
			f.Set(reflect.ValueOf(&n))
		}
	}
	return r
}

// addCumulative adds from's cumulative columns to into's.
func addCumulative(into *Row, from Row) {
	a, b := reflect.ValueOf(into).Elem(), reflect.ValueOf(from)
	for i := 0; i < a.NumField(); i++ {
		if !Cumulative[a.Type().Field(i).Name] {
			continue
		}
		switch f := a.Field(i); f.Kind() {
		case reflect.Int64:
			f.SetInt(f.Int() + b.Field(i).Int())
		case reflect.Float64:
			f.SetFloat(f.Float() + b.Field(i).Float())
		}
	}
}

// Merge writes dir's run.stats from runs (in order) and a totals row
// that final completes. Every run must have at least one row.
func Merge(dir string, runs []*Run, final func(*Row)) error {
	for _, r := range runs {
		if len(r.Records) == 0 {
			return fmt.Errorf("%s/%s: no rows", r.Dir, FileName)
		}
	}
	w, err := Create(dir)
	if err != nil {
		return err
	}
	defer w.Abort()
	var off, total Row
	for _, r := range runs {
		for _, rec := range r.Records {
			row := RowOf(rec)
			addCumulative(&row, off)
			if err := w.Append(row); err != nil {
				return err
			}
		}
		last := RowOf(r.Last())
		addCumulative(&off, last)
		total.MallocUsage = max(total.MallocUsage, last.MallocUsage)
		total.ArrayHashTime = last.ArrayHashTime
	}
	addCumulative(&total, off)
	total.NumStates = 0
	if final != nil {
		final(&total)
	}
	if err := w.Append(total); err != nil {
		return err
	}
	return w.Commit()
}
