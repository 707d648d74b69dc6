// Command verdictcmp checks that two `floatsym bench --json` reports of
// the same variants judged them alike (bench.VerdictKey: outcomes, bug and
// report counts, paths, each report's verdict; times, commands and
// directories aside). make test-slurm compares a Slurm run, merged, with
// a local --jobs 2 run by it. Exit 1 and the differences when they differ.
//
//	go run ./benchmarks/tools/verdictcmp A.json B.json
package main

import (
	"fmt"
	"os"

	"github.com/floatsym/floatsym/internal/bench"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: verdictcmp A.json B.json")
		os.Exit(2)
	}
	var docs [2]*bench.Document
	for i, p := range os.Args[1:] {
		d, err := bench.LoadDocument(p)
		if err != nil {
			fmt.Fprintln(os.Stderr, "verdictcmp:", err)
			os.Exit(2)
		}
		docs[i] = d
	}
	diffs := bench.VerdictDiff(docs[0], docs[1])
	for _, d := range diffs {
		fmt.Println(d)
	}
	if len(diffs) > 0 {
		fmt.Printf("verdictcmp: %d variant(s) judged differently\n", len(diffs))
		os.Exit(1)
	}
	fmt.Printf("verdictcmp: the %d variants are judged alike (%s, %s)\n", len(docs[0].Results), os.Args[1], os.Args[2])
}
