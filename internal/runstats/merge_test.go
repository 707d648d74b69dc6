package runstats

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMerge: the merged run.stats has the parts' rows one after another,
// cumulative columns offset by the earlier parts' totals, the others the
// part's own, then a totals row completed by final.
func TestMerge(t *testing.T) {
	root := t.TempDir()
	write := func(name string, rows ...Row) *Run {
		dir := filepath.Join(root, name)
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		w, err := Create(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, r := range rows {
			if err := w.Append(r); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Commit(); err != nil {
			t.Fatal(err)
		}
		r, err := Read(dir)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	a := write("a", Row{Instructions: 10, WallTime: 100, NumStates: 4, Paths: 1, MallocUsage: 7, CoveredLines: 3},
		Row{Instructions: 30, WallTime: 300, NumStates: 0, Paths: 2, MallocUsage: 9, CoveredLines: 5})
	b := write("b", Row{Instructions: 5, WallTime: 50, NumStates: 2, Paths: 4, MallocUsage: 20, CoveredLines: 4})
	out := filepath.Join(root, "m")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := Merge(out, []*Run{a, b}, func(r *Row) { r.CoveredLines = 6 }); err != nil {
		t.Fatal(err)
	}
	m, err := Read(out)
	if err != nil {
		t.Fatal(err)
	}
	want := []struct{ insts, wall, states, paths, mem, lines float64 }{
		{10, 100, 4, 1, 7, 3},
		{30, 300, 0, 2, 9, 5},
		{35, 350, 2, 6, 20, 4}, // b's row after a's totals
		{35, 350, 0, 6, 20, 6}, // the totals
	}
	if len(m.Records) != len(want) {
		t.Fatalf("%d rows, want %d", len(m.Records), len(want))
	}
	for i, w := range want {
		r := m.Records[i]
		got := [6]float64{r["Instructions"], r["WallTime"], r["NumStates"], r["Paths"], r["MallocUsage"], r["CoveredLines"]}
		if got != [6]float64{w.insts, w.wall, w.states, w.paths, w.mem, w.lines} {
			t.Errorf("row %d: %v, want %v", i, got, w)
		}
	}
	if err := Merge(out, []*Run{{Dir: "x"}}, nil); err == nil {
		t.Errorf("Merge of a run without rows succeeded")
	}
}
