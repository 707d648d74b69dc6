package executor_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/internal/testtool"
	"github.com/sirupsen/logrus"
)

// make test runs each program of the differential suites at one base
// level and at the other levels only the covering subsets below: the
// programs whose modules at that level, with every program's base-level
// module, hold every IR form (instruction with its predicate and types,
// intrinsic or external callee, libc function linked) that any program's
// module holds at any level of the suite. The runs cut repeat forms the
// subsets execute against native code already; they run under make
// test-full (FLOATSYM_SLOW_TESTS=1) or FLOATSYM_DIFF_FULL=1, where
// TestDifferentialCover also checks that the lists still cover (and
// prints the lists to use when a new program or a clang change makes them
// stale). On a CPU without x86-64-v3 the full matrix runs.
type coverSuite struct {
	name string // the test
	glob string // its programs (err_*.c excluded)
	base string // the level every program runs at
	// subsets are the programs run at each other level of the suite in
	// make test.
	subsets map[string]map[string]bool
}

func (c *coverSuite) levels() []string {
	lv := []string{c.base}
	for _, o := range optLevels {
		if _, ok := c.subsets[o]; ok {
			lv = append(lv, o)
		}
	}
	return lv
}

// runs reports whether the suite runs prog at opt.
func (c *coverSuite) runs(prog, opt string) bool {
	return opt == c.base || diffFullMatrix() || c.subsets[opt][prog]
}

// diffCover: TestDifferential's programs run at -O3 -march=x86-64-v3
// (each one's vectorized, contracted form), at -O0 the covering subset;
// -O2 runs only in make test-full (see diffLevels).
var diffCover = coverSuite{name: "TestDifferential", glob: "testdata/concrete/*.c", base: v3,
	subsets: map[string]map[string]bool{"-O0": {
		"bitfields": true, "bool_ops": true, "builtin_bitcount": true,
		"builtin_overflow": true, "builtin_rotate_minmax": true,
		"complex_arith": true, "ctype_funcs": true, "exit_nested": true,
		"fp_bitcast": true, "fp_contract": true, "fp_int_convert": true,
		"fp_nan_bits": true, "fp_u64_int128_convert": true, "globals_init": true,
		"int128_ops": true, "int16_ops": true, "ld_limits_layout": true,
		"malloc_patterns": true, "math_exp_log": true, "math_hyper_special": true,
		"math_pow_hypot_cbrt": true, "math_trig": true, "printf_flags_star": true,
		"qsort_bsearch": true, "round_mode_addsub": true,
		"round_mode_convert": true, "round_mode_muldiv": true,
		"round_mode_printf": true, "round_mode_rint": true,
		"round_mode_sqrt_fma": true, "signal_handlers": true,
		"snprintf_buffers": true, "static_locals": true, "string_funcs": true,
		"string_search": true, "strtod_parse": true, "strtol_family": true,
		"struct_byval": true, "varargs": true, "vec_float_loops": true,
	}}}

// libcCover: TestLibcDifferential's programs run at -O2 (fortified printf,
// printf -> puts), at -O0 and v3 the covering subsets.
var libcCover = coverSuite{name: "TestLibcDifferential", glob: "testdata/libc/*.c", base: "-O2",
	subsets: map[string]map[string]bool{
		"-O0": {
			"broken_time": true, "ctype": true, "environ": true, "libm": true,
			"misc": true, "printf_float": true, "printf_fortify": true,
			"printf_int": true, "stdio_misc": true, "stdlib": true, "string": true,
			"strtod": true,
		},
		v3: {"stdlib": true, "time_locale": true},
	}}

// filesCover: TestFilesDifferential's programs run at -O2, at -O0 and v3
// the covering subsets.
var filesCover = coverSuite{name: "TestFilesDifferential", glob: "testdata/files/*.c", base: "-O2",
	subsets: map[string]map[string]bool{
		"-O0": {
			"fcntl_flags": true, "readline_stdin": true, "scan_data": true,
			"seek_write": true, "stdin_read": true,
		},
		v3: {},
	}}

// symCover: TestSymbolic's programs run at -O0 (floatsym's default flags,
// where the brute-force path counts are checked), at v3 the covering
// subset; -O2 runs only in make test-full (see symLevels).
var symCover = coverSuite{name: "TestSymbolic", glob: "testdata/symbolic/*.c", base: "-O0",
	subsets: map[string]map[string]bool{v3: {
		"long_double_sym": true, "nan_float": true, "oob_sym_index": true,
		"paths_brute16": true, "rounding_mode": true, "strtod_sym": true,
		"subnormal_double": true, "svcomp_nondet": true,
	}}}

// diffFullMatrix reports whether every program runs at every level
// (make test-full, FLOATSYM_DIFF_FULL=1, or a CPU without x86-64-v3,
// whose v3 runs are skipped).
func diffFullMatrix() bool {
	return os.Getenv("FLOATSYM_DIFF_FULL") != "" || testtool.Slow() || !hostHasV3
}

var (
	irInstRe    = regexp.MustCompile(`^\s+(?:%[-\w.$]+ = )?([a-z][a-z0-9_]*)\b(.*)$`)
	irTypeRe    = regexp.MustCompile(`<\d+ x [a-z0-9_]+>|\b(?:half|bfloat|float|double|x86_fp80|fp128|i\d+)\b`)
	irCalleeRe  = regexp.MustCompile(`@([-\w.$]+)\(`)
	irDefineRe  = regexp.MustCompile(`^define [^@]*@([-\w.$]+)\(`)
	irMetaRe    = regexp.MustCompile(`,?\s*!\w+ !\d+`)
	irPredicate = map[string]bool{"icmp": true, "fcmp": true}
)

// irForms are the forms of a program's module as floatsym builds it (its
// own functions' instructions; libc and external functions by name).
func irForms(t *testing.T, src, opt string) map[string]bool {
	t.Helper()
	dir := t.TempDir()
	log := logrus.New()
	log.SetOutput(ioDiscard{})
	built, err := cc.CompileProgram(context.Background(), cc.Options{Sources: []string{src}, CFlags: cflagsFor(opt), OutDir: dir, Log: logrus.NewEntry(log)})
	if err != nil {
		t.Fatalf("%s %s: %v", src, opt, err)
	}
	own, _ := filepath.Glob(filepath.Join(dir, "0-*.ll"))
	if len(own) != 1 {
		t.Fatalf("%s: the program's own module not found in %s", src, dir)
	}
	progText, err := os.ReadFile(own[0])
	if err != nil {
		t.Fatal(err)
	}
	linked, err := os.ReadFile(built.Module)
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	for _, l := range strings.Split(string(progText), "\n") {
		if m := irDefineRe.FindStringSubmatch(l); m != nil {
			defined[m[1]] = true
		}
	}
	forms := map[string]bool{}
	for _, l := range strings.Split(string(linked), "\n") {
		if m := irDefineRe.FindStringSubmatch(l); m != nil && !defined[m[1]] {
			forms["linked "+m[1]] = true
		}
	}
	inBody := false
	for _, l := range strings.Split(string(progText), "\n") {
		switch {
		case strings.HasPrefix(l, "define "):
			inBody = true
			continue
		case l == "}":
			inBody = false
			continue
		}
		m := irInstRe.FindStringSubmatch(l)
		if !inBody || m == nil {
			continue
		}
		op, rest := m[1], irMetaRe.ReplaceAllString(m[2], "")
		f := op
		if irPredicate[op] {
			f += " " + strings.Fields(rest + " ?")[0]
		}
		types := map[string]bool{}
		for _, ty := range irTypeRe.FindAllString(rest, -1) {
			types[ty] = true
		}
		var ts []string
		for ty := range types {
			ts = append(ts, ty)
		}
		sort.Strings(ts)
		f += " [" + strings.Join(ts, " ") + "]"
		if op == "call" || op == "invoke" {
			if c := irCalleeRe.FindStringSubmatch(rest); c != nil && !defined[c[1]] {
				f += " @" + c[1]
			}
		}
		forms[f] = true
	}
	return forms
}

// TestDifferentialCover (make test-full): in each differential suite the
// base-level runs and the covering subsets of make test hold every IR form
// of the suite's full matrix. On failure it prints covering subsets
// (greedy: the module adding most missing forms first).
func TestDifferentialCover(t *testing.T) {
	testtool.RequireSlow(t)
	requireClang(t)
	if !hostHasV3 {
		t.Skip("this CPU lacks AVX2/FMA: make test runs the full matrix here")
	}
	for _, c := range []*coverSuite{&diffCover, &libcCover, &filesCover, &symCover} {
		c := c
		t.Run(c.name, func(t *testing.T) { checkCover(t, c) })
	}
}

func checkCover(t *testing.T, c *coverSuite) {
	var progs []string
	all, _ := filepath.Glob(c.glob)
	for _, src := range all {
		if !strings.HasPrefix(filepath.Base(src), "err_") {
			progs = append(progs, src)
		}
	}
	levels := c.levels()
	forms := make([][]map[string]bool, len(progs)) // [program][level]
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, src := range progs {
		forms[i] = make([]map[string]bool, len(levels))
		for j, opt := range levels {
			i, j, src, opt := i, j, src, opt
			wg.Add(1)
			go func() {
				defer wg.Done()
				sem <- struct{}{}
				defer func() { <-sem }()
				forms[i][j] = irForms(t, src, opt)
			}()
		}
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	name := func(i int) string { return strings.TrimSuffix(filepath.Base(progs[i]), ".c") }
	base, universe := map[string]bool{}, map[string]bool{}
	for i := range progs {
		for j := range levels {
			for f := range forms[i][j] {
				universe[f] = true
				if j == 0 {
					base[f] = true
				}
			}
		}
	}
	covered := map[string]bool{}
	for f := range base {
		covered[f] = true
	}
	known := map[string]bool{}
	for i := range progs {
		known[name(i)] = true
		for j, opt := range levels[1:] {
			if c.subsets[opt][name(i)] {
				for f := range forms[i][j+1] {
					covered[f] = true
				}
			}
		}
	}
	n := 0
	for opt, set := range c.subsets {
		n += len(set)
		for p := range set {
			if !known[p] {
				t.Errorf("the %s subset names %s, not a program of %s", opt, p, c.glob)
			}
		}
	}
	var missing []string
	for f := range universe {
		if !covered[f] {
			missing = append(missing, f)
		}
	}
	sort.Strings(missing)
	t.Logf("%d programs, %d IR forms; make test runs %d at %s and %d at the other levels", len(progs), len(universe), len(progs), c.base, n)
	if len(missing) == 0 {
		return
	}
	// Greedy cover from the base level alone.
	cov := map[string]bool{}
	for f := range base {
		cov[f] = true
	}
	pick := map[string][]string{}
	for {
		bi, bj, gain := -1, -1, 0
		for i := range progs {
			for j := 1; j < len(levels); j++ {
				g := 0
				for f := range forms[i][j] {
					if !cov[f] {
						g++
					}
				}
				if g > gain {
					bi, bj, gain = i, j, g
				}
			}
		}
		if bi < 0 {
			break
		}
		for f := range forms[bi][bj] {
			cov[f] = true
		}
		pick[levels[bj]] = append(pick[levels[bj]], fmt.Sprintf("%q: true", name(bi)))
	}
	var lists []string
	for _, opt := range levels[1:] {
		sort.Strings(pick[opt])
		lists = append(lists, fmt.Sprintf("%q: {%s}", opt, strings.Join(pick[opt], ", ")))
	}
	t.Errorf("%d IR forms of the full matrix are in no make test run, e.g. %q;\ncovering subsets: %s", len(missing), missing[:min(len(missing), 8)], strings.Join(lists, ", "))
}
