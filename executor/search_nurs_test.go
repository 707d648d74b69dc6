package executor_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/scalarize"
	"github.com/sirupsen/logrus"
)

// loadSearchProgram compiles a testdata/search program at -O0 and loads
// it; it returns the module and the runtime directory of the build.
func loadSearchProgram(t *testing.T, src string) (*ir.Module, string) {
	t.Helper()
	log := logrus.New()
	log.SetOutput(ioDiscard{})
	built, err := cc.CompileProgram(context.Background(), cc.Options{Sources: []string{src},
		CFlags: []string{"-O0", "-g"}, OutDir: t.TempDir(), Log: logrus.NewEntry(log)})
	if err != nil {
		t.Fatal(err)
	}
	m, err := scalarize.LoadFiles(nil, built.Module)
	if err != nil {
		t.Fatal(err)
	}
	return m, built.RuntimeDir
}

// firstAssert is the index, in the order paths ended, of the first path
// ending in a failed assertion, or -1.
func firstAssert(res *executor.Result) int {
	for i, p := range res.Paths {
		if p.Term.Kind == executor.TermAssert {
			return i
		}
	}
	return -1
}

// searchRun explores m with a searcher and returns the result and the
// order its paths ended in, with their tests' inputs.
func searchRun(t *testing.T, m *ir.Module, runtime string, search string, seed int64, klee executor.KLEEOptions) (*executor.Result, string) {
	t.Helper()
	log := logrus.New()
	log.SetOutput(ioDiscard{})
	ex, err := executor.New(m, executor.Config{Stdout: ioDiscard{}, Stderr: ioDiscard{}, Args: []string{"prog"},
		Search: search, Seed: seed, RuntimeDir: runtime, Log: logrus.NewEntry(log), KLEE: klee})
	if err != nil {
		t.Fatalf("%s: %v", search, err)
	}
	res, err := ex.Run(context.Background())
	if err != nil {
		t.Fatalf("%s: %v", search, err)
	}
	var order strings.Builder
	for _, p := range res.Paths {
		fmt.Fprintf(&order, "%d:", p.ID)
		for _, o := range p.Objects {
			fmt.Fprintf(&order, "%x", o.Bytes)
		}
		order.WriteString(" ")
	}
	return res, order.String()
}

// TestSearchersExplore: with no limit every searcher (alone, interleaved
// with random-path as KLEE's default, and batched) explores every path
// and reaches the same coverage as dfs; a random searcher's order is the
// same for the same --seed, and another seed changes it.
func TestSearchersExplore(t *testing.T) {
	requireClang(t)
	m, runtime := loadSearchProgram(t, "testdata/search/searchers.c")
	ref, _ := searchRun(t, m, runtime, "dfs", 1, executor.KLEEOptions{})
	if len(ref.Paths) != 17 || !ref.Complete || ref.Coverage == nil {
		t.Fatalf("dfs: %d paths (want 17), complete %v", len(ref.Paths), ref.Complete)
	}
	batch := executor.KLEEOptions{Batching: true, BatchInstructions: 50}
	cases := []struct {
		search string
		klee   executor.KLEEOptions
	}{
		{"random-path,nurs:covnew", executor.KLEEOptions{}},
		{"random-path,nurs:covnew", batch},
		{"nurs:md2u", batch},
	}
	for _, n := range executor.SearchNames {
		cases = append(cases, struct {
			search string
			klee   executor.KLEEOptions
		}{n, executor.KLEEOptions{}})
	}
	for _, c := range cases {
		name := c.search
		if c.klee.Batching {
			name += "+batching"
		}
		t.Run(name, func(t *testing.T) {
			res, order := searchRun(t, m, runtime, c.search, 7, c.klee)
			if len(res.Paths) != len(ref.Paths) || !res.Complete {
				t.Errorf("%d paths, complete %v; dfs explored %d", len(res.Paths), res.Complete, len(ref.Paths))
			}
			if res.Coverage.LinesCovered != ref.Coverage.LinesCovered || res.Coverage.BranchesFull != ref.Coverage.BranchesFull {
				t.Errorf("coverage %d lines, %d full branches; dfs %d, %d", res.Coverage.LinesCovered, res.Coverage.BranchesFull,
					ref.Coverage.LinesCovered, ref.Coverage.BranchesFull)
			}
			if c.search == "dfs" || c.search == "bfs" || c.search == "nurs:qc" {
				return // not random, or weighted by measured solver time
			}
			_, again := searchRun(t, m, runtime, c.search, 7, c.klee)
			if again != order {
				t.Errorf("seed 7 twice, different runs:\n%s\n%s", order, again)
			}
			differs := false
			for _, seed := range []int64{8, 9, 10} {
				if _, other := searchRun(t, m, runtime, c.search, seed, c.klee); other != order {
					differs = true
					break
				}
			}
			if !differs {
				t.Errorf("seeds 7 to 10 explore in the same order: the seed is not used")
			}
		})
	}
}
