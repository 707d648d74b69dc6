package executor_test

import (
	"testing"

	"github.com/floatsym/floatsym/executor"
)

// TestSearchMD2E: with --error-sites-first bfs ends an assertion-failing
// path among its first two (the failing state runs as soon as it is
// forked), where plain bfs ends 8 or more passing paths first; nurs:md2e
// alone ends one among its first three; every one still explores all 96
// paths (64 passing, 32 failing: in[0] with bit 0 clear may be 42).
func TestSearchMD2E(t *testing.T) {
	requireClang(t)
	m, runtime := loadSearchProgram(t, "testdata/search/errsite.c")
	ref, _ := searchRun(t, m, runtime, "bfs", 1, executor.KLEEOptions{})
	if !ref.Complete || firstAssert(ref) < 8 {
		t.Fatalf("bfs: complete %v, first assertion failure ended path %d of %d (want 8 or later: the program no longer tells the searchers apart)",
			ref.Complete, firstAssert(ref), len(ref.Paths))
	}
	first := executor.KLEEOptions{ErrorSitesFirst: true}
	for _, c := range []struct {
		search string
		klee   executor.KLEEOptions
		within int
	}{
		// the failing state runs as soon as the first check forks it
		{"bfs", first, 2},
		{"dfs", first, 1},
		// drawn to the check by distance alone
		{"nurs:md2e", executor.KLEEOptions{}, 3},
	} {
		seeds := []int64{1}
		if c.search == "nurs:md2e" {
			seeds = []int64{1, 2, 3} // random: a few seeds
		}
		for _, seed := range seeds {
			res, _ := searchRun(t, m, runtime, c.search, seed, c.klee)
			if len(res.Paths) != len(ref.Paths) || !res.Complete {
				t.Errorf("%s (error sites first %v) seed %d: %d paths, complete %v; bfs %d", c.search, c.klee.ErrorSitesFirst, seed, len(res.Paths), res.Complete, len(ref.Paths))
			}
			if i := firstAssert(res); i < 0 || i >= c.within {
				t.Errorf("%s (error sites first %v) seed %d: first assertion failure ended path %d, want one of the first %d (bfs: %d)",
					c.search, c.klee.ErrorSitesFirst, seed, i, c.within, firstAssert(ref))
			}
		}
	}
}
