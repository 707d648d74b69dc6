package executor

import (
	"slices"
	"strings"
	"testing"
)

// TestSearchers: every listed strategy builds (KLEE's all); an unknown
// name is refused naming the ones there are; a comma list interleaves.
func TestSearchers(t *testing.T) {
	for _, n := range SearchNames {
		if _, err := NewSearcher(n, 1); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
	for _, c := range []struct{ name, want string }{
		{"best-first", "unknown search strategy \"best-first\" (want one of dfs, bfs, random-state, random-path, nurs:covnew"},
		{"dfs,nurs:md3u", "nurs:md3u"},
	} {
		if _, err := NewSearcher(c.name, 1); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
	for _, n := range []string{"nurs:covnew", "nurs:md2u", "nurs:depth", "nurs:rp", "nurs:icnt", "nurs:cpicnt", "nurs:qc"} {
		if !slices.Contains(SearchNames, n) {
			t.Errorf("KLEE's %s is missing", n)
		}
	}
	s, err := NewSearcher("dfs,bfs", 1)
	if err != nil {
		t.Fatal(err)
	}
	states := []*State{{ID: 1}, {ID: 2}, {ID: 3}}
	for _, st := range states {
		s.Add(st)
	}
	var got []int
	for s.Len() > 0 {
		st := s.Select()
		got = append(got, st.ID)
		s.Remove(st)
	}
	if want := []int{3, 1, 2}; len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("dfs,bfs interleaved picked %v, want %v (newest, oldest, ...)", got, want)
	}
}
