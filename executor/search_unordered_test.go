package executor_test

import (
	"testing"

	"github.com/floatsym/floatsym/executor"
)

// TestSearchUnorderedFirst: on testdata/search/unordered.c (the index of
// a maximum; every element NaN fails the assertion: the all-false path,
// one of 32) KLEE's default search (random-path, nurs:covnew; error sites
// first) with --fp-unordered-first ends the failing path first, for every
// seed; without it the failing path comes after several passing ones.
// Every configuration explores all 32 paths; dfs is left as it is (the
// same order with the option as without).
func TestSearchUnorderedFirst(t *testing.T) {
	requireClang(t)
	m, runtime := loadSearchProgram(t, "testdata/search/unordered.c")
	const def = "random-path,nurs:covnew"
	seeds := []int64{1, 2, 3, 4, 5}
	for _, c := range []struct {
		name   string
		search string
		klee   executor.KLEEOptions
		// the first failure ends one of the first `within` paths for
		// every seed; atLeast: the mean over the seeds is at least that
		// (the failing path comes late)
		within  int
		atLeast float64
	}{
		{"default, unordered first", def, executor.KLEEOptions{ErrorSitesFirst: true, UnorderedFirst: true}, 1, 0},
		{"default, not unordered first", def, executor.KLEEOptions{ErrorSitesFirst: true}, 32, 4},
		{"random-path, unordered first", "random-path", executor.KLEEOptions{UnorderedFirst: true}, 1, 0},
		{"nurs:covnew, unordered first", "nurs:covnew", executor.KLEEOptions{UnorderedFirst: true}, 1, 0},
	} {
		sum := 0
		for _, seed := range seeds {
			res, _ := searchRun(t, m, runtime, c.search, seed, c.klee)
			if len(res.Paths) != 32 || !res.Complete {
				t.Errorf("%s seed %d: %d paths, complete %v; want all 32", c.name, seed, len(res.Paths), res.Complete)
			}
			i := firstAssert(res)
			if i < 0 || i >= c.within {
				t.Errorf("%s seed %d: first assertion failure ended path %d, want one of the first %d", c.name, seed, i, c.within)
			}
			sum += i
		}
		if mean := float64(sum) / float64(len(seeds)); mean < c.atLeast {
			t.Errorf("%s: the first failure ended path %.1f on average, want %.0f or later (the program no longer tells the configurations apart)", c.name, mean, c.atLeast)
		}
	}
	// dfs keeps its order (the newest state: the false side already).
	_, plain := searchRun(t, m, runtime, "dfs", 1, executor.KLEEOptions{})
	_, with := searchRun(t, m, runtime, "dfs", 1, executor.KLEEOptions{UnorderedFirst: true})
	if plain != with {
		t.Errorf("dfs: --fp-unordered-first changed the order:\n%s\n%s", plain, with)
	}
}
