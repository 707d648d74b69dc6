package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/testtool"
)

// coldCacheEnv names a directory TestConcurrentColdGSLGMP uses as its
// (empty) cache and keeps, so the libraries it built can be used after it
// (e.g. by floatsym bench with XDG_CACHE_HOME pointing there).
const coldCacheEnv = "FLOATSYM_COLD_CACHE"

var kleeOutName = regexp.MustCompile(`klee-out-\d+`)

// TestConcurrentColdGSLGMP (FLOATSYM_SLOW_TESTS=1: builds GSL and GMP
// from Debian's sources, minutes): four runs, two with --lib gsl and two
// with --lib gmp, start at once on an empty cache (libraries, apt's lists
// and archives, floatsym's C runtime) in one directory without
// --output-dir. Every run succeeds with its verdict, in its own
// klee-out-N; each library is built exactly once, its other run waiting
// for it (one "waiting for library" line each); apt is never failed on.
func TestConcurrentColdGSLGMP(t *testing.T) {
	testtool.RequireSlow(t)
	testtool.Require(t, testtool.Clang, "make", "apt-get", "dpkg-source")
	rw, _ := filepath.Abs("../../benchmarks/realworld")
	work := t.TempDir()
	cache := filepath.Join(work, "cache")
	if d := os.Getenv(coldCacheEnv); d != "" {
		if ents, err := os.ReadDir(d); err == nil && len(ents) > 0 {
			t.Fatalf("%s=%s: the cache must be empty (it has %d entries)", coldCacheEnv, d, len(ents))
		}
		cache = d
	}
	progs := filepath.Join(work, "progs") // one directory: klee-out-N numbering is shared
	os.MkdirAll(progs, 0o755)
	for _, f := range []string{"gsl_stats_maxindex/gsl_stats_maxindex.c", "gmp_tdiv_zero/gmp_tdiv_zero.c"} {
		b, err := os.ReadFile(filepath.Join(rw, f))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(progs, filepath.Base(f)), b, 0o644)
	}
	// The bug variants' first error: its kind, file and line (gmp's is
	// the SIGFPE GMP raises in errno.c for a division by zero).
	cases := []struct {
		lib, src string
		flags    []string
		bugKind  string
		bugFile  string
		bugLine  int
	}{
		{"gsl", "gsl_stats_maxindex.c", nil, "assert", "gsl_stats_maxindex.c", 24},
		{"gmp", "gmp_tdiv_zero.c", []string{"-D", "BUG"}, "signal", "errno.c", 52},
		{"gsl", "gsl_stats_maxindex.c", []string{"-D", "FINITE"}, "", "", 0},
		{"gmp", "gmp_tdiv_zero.c", nil, "", "", 0},
	}
	var runs []*concurrentRun
	for _, c := range cases {
		args := append([]string{"run", "--max-time", "600s", "--lib", c.lib}, c.flags...)
		runs = append(runs, &concurrentRun{args: append(args, filepath.Join(progs, c.src))})
	}
	start := time.Now()
	runConcurrently(append(os.Environ(), "XDG_CACHE_HOME="+cache), runs)
	wall := time.Since(start)
	builds, libWaits, aptWaits := map[string]int{}, map[string]int{}, 0
	outs := map[string]bool{}
	for i, r := range runs {
		c := cases[i]
		t.Logf("run %d (%s):\n%s", i, c.lib, r.out)
		for _, l := range strings.Split(r.out, "\n") {
			if _, rest, ok := strings.Cut(l, "floatsym: building library "); ok {
				builds[strings.Fields(rest)[0]]++
			}
			if _, rest, ok := strings.Cut(l, "floatsym: waiting for library "); ok {
				libWaits[strings.TrimSuffix(strings.Fields(rest)[0], ":")]++
			}
			if strings.Contains(l, "floatsym: waiting for another floatsym's apt-get") {
				aptWaits++
			}
		}
		if r.err != nil {
			t.Errorf("run %d (%s): %v", i, c.lib, r.err)
			continue
		}
		names := kleeOutName.FindAllString(r.out, -1)
		if len(names) == 0 {
			t.Errorf("run %d (%s): no klee-out-N named in its output", i, c.lib)
			continue
		}
		out := names[len(names)-1]
		if outs[out] {
			t.Errorf("run %d (%s): %s already used by another run", i, c.lib, out)
		}
		outs[out] = true
		s := readSummary(t, filepath.Join(progs, out))
		switch {
		case c.bugLine == 0 && len(s.Errors) != 0:
			t.Errorf("run %d (%s): errors %+v in a correct program", i, c.lib, s.Errors)
		case c.bugLine != 0 && (len(s.Errors) == 0 || s.Errors[0].Kind != c.bugKind ||
			filepath.Base(s.Errors[0].File) != c.bugFile || s.Errors[0].Line != c.bugLine):
			t.Errorf("run %d (%s): errors %+v, want %s at %s:%d", i, c.lib, s.Errors, c.bugKind, c.bugFile, c.bugLine)
		}
	}
	t.Logf("4 cold runs: wall %.0fs, builds %v, waits for a library %v, waits for apt %d, output dirs %d",
		wall.Seconds(), builds, libWaits, aptWaits, len(outs))
	for _, lib := range []string{"gsl", "gmp"} {
		if builds[lib] != 1 || libWaits[lib] != 1 {
			t.Errorf("library %s: %d builds, %d waits; want 1 build, the other run waiting for it", lib, builds[lib], libWaits[lib])
		}
	}
	if len(builds) != 2 {
		t.Errorf("builds %v: want gsl and gmp only", builds)
	}
	if dirs, _ := filepath.Glob(filepath.Join(progs, "klee-out-*")); len(dirs) != len(runs) {
		t.Errorf("%d klee-out-N directories for %d runs", len(dirs), len(runs))
	}
}
