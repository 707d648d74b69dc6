// Command verdictcmp checks that two `floatsym bench --json` reports of
// the same variants judged them alike (bench.VerdictKey: outcomes, bug and
// report counts, paths, each report's verdict; times, commands and
// directories aside). make test-slurm compares a Slurm run, merged, with
// a local --jobs 2 run by it. Exit 1 and the differences when they differ;
// exit 4 when every difference is a variant that timed out in one report
// and not in the other (a loaded machine: the caller decides).
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
		n := timedOut(docs[0], docs[1])
		fmt.Printf("verdictcmp: %d variant(s) judged differently, %d of them timed out in one report\n", len(diffs), n)
		if n == len(diffs) {
			os.Exit(4) // the machine's load, not a judgement: the caller decides
		}
		os.Exit(1)
	}
	fmt.Printf("verdictcmp: the %d variants are judged alike (%s, %s)\n", len(docs[0].Results), os.Args[1], os.Args[2])
}

// timedOut counts the variants judged differently of which one report
// says timed out and the other does not.
func timedOut(a, b *bench.Document) int {
	bs := map[string]bench.Result{}
	for _, r := range b.Results {
		bs[r.ID] = r
	}
	n := 0
	for _, r := range a.Results {
		o, ok := bs[r.ID]
		if ok && bench.VerdictKey(r) != bench.VerdictKey(o) && r.TimedOut != o.TimedOut {
			n++
		}
	}
	return n
}
