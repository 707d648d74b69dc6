package executor

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fill sets every field reachable from v to a non-zero value (slices get
// one element, pointers a filled value, interfaces a string).
func fill(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem())
	case reflect.Struct:
		if v.Type() == reflect.TypeOf(time.Time{}) {
			v.Set(reflect.ValueOf(time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)))
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i))
			}
		}
	case reflect.Slice:
		s := reflect.MakeSlice(v.Type(), 1, 1)
		fill(s.Index(0))
		v.Set(s)
	case reflect.Map:
		m := reflect.MakeMap(v.Type())
		k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
		fill(k)
		fill(e)
		m.SetMapIndex(k, e)
		v.Set(m)
	case reflect.Interface:
		v.Set(reflect.ValueOf("x"))
	case reflect.String:
		v.SetString("x")
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(3)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(3)
	case reflect.Float32, reflect.Float64:
		v.SetFloat(3)
	}
}

// zeroLeaves lists the paths of zero values reachable from v.
func zeroLeaves(path string, v reflect.Value, out *[]string) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			*out = append(*out, path)
			return
		}
		if v.Kind() == reflect.Pointer {
			zeroLeaves(path, v.Elem(), out)
		}
	case reflect.Struct:
		if v.Type() == reflect.TypeOf(time.Time{}) {
			if v.Interface().(time.Time).IsZero() {
				*out = append(*out, path)
			}
			return
		}
		for i := 0; i < v.NumField(); i++ {
			if f := v.Type().Field(i); f.IsExported() {
				zeroLeaves(path+"."+f.Name, v.Field(i), out)
			}
		}
	case reflect.Slice, reflect.Map:
		if v.Len() == 0 {
			*out = append(*out, path)
			return
		}
		if v.Kind() == reflect.Slice {
			for i := 0; i < v.Len(); i++ {
				zeroLeaves(path+"[]", v.Index(i), out)
			}
		}
	default:
		if v.IsZero() {
			*out = append(*out, path)
		}
	}
}

// testCoverage is coverage data with every report field non-zero: two
// covered lines, a conditional branch taken both ways and one taken one
// way.
func testCoverage() *CoverageData {
	return &CoverageData{Format: coverageFormat, Version: coverageVersion, All: true, InstsTotal: 9, InstsRun: []byte{0xff, 1},
		Files: []CoverageFile{{File: "p.c",
			Lines: []CoverageLine{{Line: 3, Counts: []uint64{1, 2}}, {Line: 4, Counts: []uint64{2}}},
			Funcs: []CoverageFunc{{Name: "main", Line: 3, Entries: 1}},
			Branches: []CoverageBranch{{Line: 3, Cond: true, Ran: 2, Edges: []uint64{1, 1}},
				{Line: 4, Cond: true, Ran: 2, Edges: []uint64{2, 0}}}}}}
}

// TestSummaryMergeEveryField: a part whose every field is set, merged
// alone, leaves no field of the merged summary zero, except those
// summaryMergedElsewhere names. A new Summary field that Add does not
// handle fails here.
func TestSummaryMergeEveryField(t *testing.T) {
	var p Summary
	fill(reflect.ValueOf(&p).Elem())
	p.End = p.Start.Add(time.Second)
	p.EndedBy = EndedTimeLimit
	rename := map[string]string{"x": "test000001.ktest"}
	m := NewSummaryMerger()
	if err := m.Add(&p, rename, testCoverage()); err != nil {
		t.Fatal(err)
	}
	got := m.Summary()
	var zero []string
	zeroLeaves("Summary", reflect.ValueOf(got).Elem(), &zero)
	for _, z := range zero {
		top := strings.SplitN(strings.TrimPrefix(z, "Summary."), ".", 2)[0]
		top = strings.TrimSuffix(top, "[]")
		if _, ok := summaryMergedElsewhere[top]; ok {
			continue
		}
		t.Errorf("%s is zero after the merge: handle the field in SummaryMerger.Add (executor/summary_merge.go) or name it in summaryMergedElsewhere", z)
	}
	for name := range summaryMergedElsewhere {
		if _, ok := reflect.TypeOf(Summary{}).FieldByName(name); !ok {
			t.Errorf("summaryMergedElsewhere names %s, which Summary does not have", name)
		}
	}
}

// TestSummaryMerge: counters are summed, errors deduplicated by kind and
// location with their paths summed, tests renamed, completeness and the
// ending taken from the parts, coverage added.
func TestSummaryMerge(t *testing.T) {
	t0 := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	yes := true
	split := Summary{Start: t0, End: t0.Add(time.Second), PathsExplored: 2, Instructions: 10, Queries: 4, SolverTime: 0.5,
		EndedBy: EndedSplit, Split: &SplitRecord{Role: "split", CompleteBeforeSplit: &yes},
		Errors: []ErrorRecord{{Kind: "assert", File: "p.c", Line: 7, Test: "test000002.ktest", Paths: 1}},
		Paths:  []PathRecord{{ID: 1, Test: "test000001.ktest"}, {ID: 2, Test: "test000002.ktest"}}}
	part := Summary{Start: t0.Add(2 * time.Second), End: t0.Add(5 * time.Second), PathsExplored: 3, Instructions: 20, Queries: 1,
		Complete: true, EndedBy: EndedCompleted, StatesWithoutTest: StatesWithoutTest{Count: 1, CutShort: 1},
		Errors: []ErrorRecord{{Kind: "assert", File: "p.c", Line: 7, Test: "test000001.ktest", Paths: 2},
			{Kind: "abort", File: "p.c", Line: 9, Test: "test000003.ktest", Paths: 1}},
		Paths: []PathRecord{{ID: 1, Test: "test000001.ktest"}, {ID: 2, Test: "test000002.ktest"}, {ID: 3, Test: "test000003.ktest"}}}
	cases := []struct {
		name     string
		parts    []Summary
		renames  []map[string]string
		paths    int
		tests    int
		errors   string
		complete bool
		ended    string
		wall     float64
	}{
		{"split and part", []Summary{split, part},
			[]map[string]string{{"test000001.ktest": "test000001.ktest", "test000002.ktest": "test000002.ktest"},
				{"test000002.ktest": "test000003.ktest", "test000003.ktest": "test000004.ktest"}},
			5, 4, "assert:7:3:test000002.ktest abort:9:1:test000004.ktest", true, EndedCompleted, 5},
		{"part alone", []Summary{part}, []map[string]string{{"test000001.ktest": "test000001.ktest"}},
			3, 1, "assert:7:2:test000001.ktest abort:9:1:", true, EndedCompleted, 3},
		{"a part cut short", []Summary{split, {Start: t0, End: t0, EndedBy: EndedTimeLimit}}, []map[string]string{{}, {}},
			2, 0, "assert:7:1:", false, EndedTimeLimit, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := NewSummaryMerger()
			for i := range c.parts {
				if err := m.Add(&c.parts[i], c.renames[i], testCoverage()); err != nil {
					t.Fatal(err)
				}
			}
			s := m.Summary()
			var errs []string
			for _, e := range s.Errors {
				errs = append(errs, strings.Join([]string{e.Kind, strconv.Itoa(e.Line), strconv.Itoa(e.Paths), e.Test}, ":"))
			}
			if s.PathsExplored != c.paths || s.TestsWritten != c.tests || strings.Join(errs, " ") != c.errors ||
				s.Complete != c.complete || s.EndedBy != c.ended || s.WallTime != c.wall {
				t.Errorf("paths %d tests %d errors %q complete %v ended %s wall %v; want %d %d %q %v %s %v",
					s.PathsExplored, s.TestsWritten, strings.Join(errs, " "), s.Complete, s.EndedBy, s.WallTime,
					c.paths, c.tests, c.errors, c.complete, c.ended, c.wall)
			}
			for i, p := range s.Paths {
				if p.ID != i+1 {
					t.Errorf("path %d has id %d", i, p.ID)
				}
			}
			n := uint64(len(c.parts))
			if cov := m.Coverage(); cov == nil || cov.Files[0].Lines[0].Counts[1] != 2*n || cov.Files[0].Branches[1].Edges[0] != 2*n {
				t.Errorf("coverage counters not summed: %+v", cov)
			}
		})
	}
}

// TestCoverageAddRefusesOtherPrograms: coverage of another shape is an
// error, not a wrong sum.
func TestCoverageAddRefusesOtherPrograms(t *testing.T) {
	a, b := testCoverage(), testCoverage()
	b.Files[0].Lines[1].Line = 5
	if err := a.Add(b); err == nil || !strings.Contains(err.Error(), "p.c:4 differs") {
		t.Fatalf("Add of another program's coverage: %v", err)
	}
	c := testCoverage()
	c.Files[0].Branches = c.Files[0].Branches[:1]
	if err := a.Add(c); err == nil {
		t.Fatal("Add of coverage with fewer branches succeeded")
	}
}
