package main

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestDefaultSearch: without --search, run explores with KLEE's default,
// random-path and nurs:covnew interleaved: the same paths as dfs, in the
// order `--search random-path --search nurs:covnew` gives for the same
// --seed (not dfs's), the same order again for the same seed; `--search
// dfs` keeps the old order.
func TestDefaultSearch(t *testing.T) {
	requireClang(t)
	run := func(t *testing.T, args ...string) []string {
		t.Helper()
		dir := filepath.Join(t.TempDir(), "out")
		a := append(append([]string{"run", "--progress", "0", "--output-dir", dir}, args...), "testdata/searchorder.c")
		if out, code := runCLI(t, a...); code != 0 {
			t.Fatalf("run %v: exit %d\n%s", args, code, out)
		}
		if s := readSummary(t, dir); !s.Complete || len(s.Paths) != 17 {
			t.Fatalf("run %v: complete %v, %d paths (want 17)", args, s.Complete, len(s.Paths))
		}
		tests, _ := filepath.Glob(filepath.Join(dir, "test*.ktest"))
		sort.Strings(tests) // test000001 first: the order the paths ended in
		var order []string
		for _, k := range tests {
			b, err := os.ReadFile(k)
			if err != nil {
				t.Fatal(err)
			}
			order = append(order, string(b))
		}
		return order
	}
	def := run(t, "--seed", "5")
	cases := []struct {
		name string
		args []string
		same bool // the default's order
	}{
		{"default again", []string{"--seed", "5"}, true},
		{"KLEE's default spelled out", []string{"--seed", "5", "--search", "random-path", "--search", "nurs:covnew"}, true},
		// searchorder.c calls no error function: --error-sites-first never
		// steps in, the picks are the searcher's own
		{"error sites first off", []string{"--seed", "5", "--error-sites-first=false"}, true},
		// nor does --fp-unordered-first: no floating-point comparison
		{"unordered first off", []string{"--seed", "5", "--fp-unordered-first=false"}, true},
		// nor does --defer-hard-queries: no floating-point query
		{"hard queries not deferred", []string{"--seed", "5", "--defer-hard-queries=false"}, true},
		{"dfs", []string{"--seed", "5", "--search", "dfs"}, false},
		{"another seed", []string{"--seed", "6"}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := run(t, c.args...)
			if same := strings.Join(got, "\x00") == strings.Join(def, "\x00"); same != c.same {
				t.Errorf("same order as the default's (seed 5): %v, want %v", same, c.same)
			}
			if !sameSet(got, def) {
				t.Errorf("other paths than the default's")
			}
		})
	}
}

// sameSet reports whether a and b hold the same strings, in any order.
func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	x, y := append([]string{}, a...), append([]string{}, b...)
	sort.Strings(x)
	sort.Strings(y)
	return strings.Join(x, "\x00") == strings.Join(y, "\x00")
}
