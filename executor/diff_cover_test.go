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

// make test runs TestDifferential's programs at -O3 -march=x86-64-v3
// (each program's vectorized, contracted form) and at -O0 only those of
// diffO0Programs: the covering subset whose unoptimized modules hold every
// IR form (instruction with its predicate and types, intrinsic or
// external callee, libc function linked) that any program's -O0 or v3
// module holds. The other -O0 runs repeat forms the subset already
// executes against native code; they run, with -O2, under make test-full
// (FLOATSYM_SLOW_TESTS=1) or FLOATSYM_DIFF_FULL=1, where
// TestDifferentialCover also checks that the list still covers (and
// prints the list to use when a new program or a clang change makes it
// stale).
var diffO0Programs = map[string]bool{
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
}

// diffFullMatrix reports whether every program runs at every level
// (make test-full, FLOATSYM_DIFF_FULL=1, or a CPU without x86-64-v3,
// whose v3 runs are skipped).
func diffFullMatrix() bool {
	return os.Getenv("FLOATSYM_DIFF_FULL") != "" || testtool.Slow() || !hostHasV3
}

// diffRuns reports whether TestDifferential runs prog at opt.
func diffRuns(prog, opt string) bool {
	return opt != "-O0" || diffFullMatrix() || diffO0Programs[prog]
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

// TestDifferentialCover (make test-full): the -O0 runs of make test
// (diffO0Programs) together with every program's v3 run hold every IR form
// of the full -O0 and v3 matrix. On failure it prints a covering list
// (greedy: the -O0 module adding most missing forms first).
func TestDifferentialCover(t *testing.T) {
	testtool.RequireSlow(t)
	requireClang(t)
	if !hostHasV3 {
		t.Skip("this CPU lacks AVX2/FMA: make test runs the full matrix here")
	}
	var progs []string
	all, _ := filepath.Glob("testdata/concrete/*.c")
	for _, src := range all {
		if !strings.HasPrefix(filepath.Base(src), "err_") {
			progs = append(progs, src)
		}
	}
	o0 := make([]map[string]bool, len(progs))
	vec := make([]map[string]bool, len(progs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 2)
	for i, src := range progs {
		i, src := i, src
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			o0[i], vec[i] = irForms(t, src, "-O0"), irForms(t, src, v3)
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	covered, universe := map[string]bool{}, map[string]bool{}
	for i := range progs {
		for f := range vec[i] {
			covered[f], universe[f] = true, true
		}
		for f := range o0[i] {
			universe[f] = true
		}
	}
	name := func(i int) string { return strings.TrimSuffix(filepath.Base(progs[i]), ".c") }
	listed := map[string]bool{}
	for i := range progs {
		if diffO0Programs[name(i)] {
			listed[name(i)] = true
			for f := range o0[i] {
				covered[f] = true
			}
		}
	}
	for p := range diffO0Programs {
		if !listed[p] {
			t.Errorf("diffO0Programs names %s, not a program of testdata/concrete", p)
		}
	}
	var missing []string
	for f := range universe {
		if !covered[f] {
			missing = append(missing, f)
		}
	}
	sort.Strings(missing)
	t.Logf("%d programs, %d IR forms; make test runs %d at -O0", len(progs), len(universe), len(diffO0Programs))
	if len(missing) == 0 {
		return
	}
	// Greedy cover from the v3 runs alone.
	cov := map[string]bool{}
	for i := range progs {
		for f := range vec[i] {
			cov[f] = true
		}
	}
	var pick []string
	for {
		best, gain := -1, 0
		for i := range progs {
			g := 0
			for f := range o0[i] {
				if !cov[f] {
					g++
				}
			}
			if g > gain {
				best, gain = i, g
			}
		}
		if best < 0 {
			break
		}
		for f := range o0[best] {
			cov[f] = true
		}
		pick = append(pick, fmt.Sprintf("%q: true", name(best)))
	}
	sort.Strings(pick)
	t.Errorf("%d IR forms of the full matrix are in no make test run, e.g. %q;\na covering diffO0Programs: %s", len(missing), missing[:min(len(missing), 8)], strings.Join(pick, ", "))
}
