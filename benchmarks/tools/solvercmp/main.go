// Command solvercmp prints the comparison of two `floatsym bench --json`
// reports, the native FP solver stage on and off (make bench-solver).
//
//	go run ./benchmarks/tools/solvercmp ON.json OFF.json
package main

import (
	"fmt"
	"os"

	"github.com/floatsym/floatsym/internal/solvercmp"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: solvercmp ON.json OFF.json")
		os.Exit(2)
	}
	on, err := solvercmp.Load(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	off, err := solvercmp.Load(os.Args[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	solvercmp.Print(os.Stdout, solvercmp.Compare(on, off))
}
