package executor_test

import (
	"testing"

	"github.com/floatsym/floatsym/executor"
)

// TestSearchDeferHard: on testdata/search/hardquery.c (three passing
// cases of a switch, each behind a floating-point query the native first
// search does not decide; a fourth case that fails at once), KLEE's
// default search with --defer-hard-queries reports the failure, under
// --exit-on-error, before any query is passed on to the SMT stage (the
// "native-beside" search runs beside every such query), for every seed;
// without it, some seeds ask hard queries first. With no early exit every
// configuration explores all 9 paths, completely; a run is the same per
// seed; dfs keeps its order.
func TestSearchDeferHard(t *testing.T) {
	requireClang(t)
	m, runtime := loadSearchProgram(t, "testdata/search/hardquery.c")
	const def = "random-path,nurs:covnew"
	seeds := []int64{1, 2, 3, 4, 5, 6, 7, 8}
	base := executor.KLEEOptions{ErrorSitesFirst: true, UnorderedFirst: true}
	with := base
	with.DeferHard = true
	for _, c := range []struct {
		name string
		klee executor.KLEEOptions
		// hard queries asked before the failure: at most maxEach per
		// seed, at least minSum over the seeds.
		maxEach, minSum uint64
	}{
		{"default, defer hard queries", with, 0, 0},
		{"default, not deferring", base, 1 << 20, 2},
	} {
		var sum uint64
		for _, seed := range seeds {
			k := c.klee
			k.ExitOnError = true
			res, _ := searchRun(t, m, runtime, def, seed, k)
			if firstAssert(res) < 0 {
				t.Errorf("%s seed %d: no assertion failure reported", c.name, seed)
			}
			n := stageQueries(res, "native-beside")
			if n > c.maxEach {
				t.Errorf("%s seed %d: %d queries passed on to the SMT stage before the failure, want at most %d", c.name, seed, n, c.maxEach)
			}
			sum += n
		}
		if sum < c.minSum {
			t.Errorf("%s: %d hard queries before the failure over %d seeds, want %d or more (the program no longer tells the configurations apart)", c.name, sum, len(seeds), c.minSum)
		}
	}
	for _, seed := range seeds[:3] {
		res, order := searchRun(t, m, runtime, def, seed, with)
		if len(res.Paths) != 9 || !res.Complete {
			t.Errorf("seed %d: %d paths, complete %v; want all 9", seed, len(res.Paths), res.Complete)
		}
		if _, again := searchRun(t, m, runtime, def, seed, with); again != order {
			t.Errorf("seed %d: two runs differ:\n%s\n%s", seed, order, again)
		}
	}
	_, plain := searchRun(t, m, runtime, "dfs", 1, executor.KLEEOptions{})
	_, dfs := searchRun(t, m, runtime, "dfs", 1, executor.KLEEOptions{DeferHard: true})
	if plain != dfs {
		t.Errorf("dfs: --defer-hard-queries changed the order:\n%s\n%s", plain, dfs)
	}
}

// stageQueries is the number of queries the solver stage named name saw.
func stageQueries(res *executor.Result, name string) uint64 {
	for _, st := range res.Solver.Stages {
		if st.Name == name {
			return st.Queries
		}
	}
	return 0
}
