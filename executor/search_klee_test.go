package executor

import (
	"strings"
	"testing"
)

// TestSearchers: every listed strategy builds; KLEE strategies floatsym
// lacks are refused naming the ones it has; a comma list interleaves.
func TestSearchers(t *testing.T) {
	for _, n := range SearchNames {
		if _, err := NewSearcher(n, 1); err != nil {
			t.Errorf("%s: %v", n, err)
		}
	}
	for _, c := range []struct{ name, want string }{
		{"nurs:covnew", "KLEE's but floatsym does not implement it; it has dfs, bfs"},
		{"best-first", "unknown search strategy"},
		{"dfs,nurs:md2u", "nurs:md2u"},
	} {
		if _, err := NewSearcher(c.name, 1); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
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
