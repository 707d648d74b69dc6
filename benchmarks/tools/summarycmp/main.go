// Command summarycmp checks that two floatsym output directories (one
// run, and the merge of a split run: make test-slurm) explored the same
// number of paths and found errors at the same set of locations (kind,
// file, line). Exit 1 and the differences when they differ.
//
//	go run ./benchmarks/tools/summarycmp ONE_RUN_DIR MERGED_DIR
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/floatsym/floatsym/internal/bench"
)

func locations(s *bench.Summary) []string {
	seen := map[string]bool{}
	var out []string
	for _, e := range s.Errors {
		k := fmt.Sprintf("%s %s:%d", e.Kind, e.File, e.Line)
		if !seen[k] {
			seen[k] = true
			out = append(out, k)
		}
	}
	sort.Strings(out)
	return out
}

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: summarycmp ONE_RUN_DIR MERGED_DIR")
		os.Exit(2)
	}
	var sums [2]*bench.Summary
	for i, d := range os.Args[1:] {
		s, err := bench.ReadSummary(filepath.Join(d, "summary.json"))
		if err != nil {
			fmt.Fprintln(os.Stderr, "summarycmp:", err)
			os.Exit(2)
		}
		sums[i] = s
	}
	bad := false
	if a, b := sums[0].PathsExplored, sums[1].PathsExplored; a != b {
		fmt.Printf("paths explored: %d in one run, %d merged\n", a, b)
		bad = true
	}
	la, lb := locations(sums[0]), locations(sums[1])
	if fmt.Sprint(la) != fmt.Sprint(lb) {
		fmt.Printf("error locations:\n  one run %v\n  merged  %v\n", la, lb)
		bad = true
	}
	if bad {
		os.Exit(1)
	}
	fmt.Printf("summarycmp: %d paths and %d error location(s) in both\n", sums[0].PathsExplored, len(la))
}
