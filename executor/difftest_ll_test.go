package executor_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/internal/testtool"
)

// vectorInstRe matches an instruction line of a function body that
// produces or consumes a vector value.
var vectorInstRe = regexp.MustCompile(`(?m)^\s+(%\S+ = )?[a-z].*<\d+ x [^>]+>`)

// minVectorPrograms is how many suite programs must contain vector
// instructions at -O3: the suite has to exercise package scalarize.
const minVectorPrograms = 10

// vectorPrograms are the programs of the suite whose -O3 module holds
// vector instructions. make test compiles and runs only these (each must
// still be vectorized); make test-full and FLOATSYM_DIFF_FULL=1 compile
// every program and check that this list is exactly the vectorized ones
// (the other 65 programs were compiled only to be counted and skipped).
var vectorPrograms = map[string]bool{
	"arrays_2d": true, "builtin_bitcount": true, "complex_arith": true,
	"fp_compare_nan": true, "fp_float_arith": true, "fp_kahan_horner": true,
	"malloc_patterns": true, "math_hyper_special": true, "mem_ops": true,
	"struct_byval": true, "vec_float_loops": true, "vec_reductions": true,
}

// TestDifferentialExternalLL compiles every program of the suite to a .ll
// with clang-14 alone (none of floatsym's flags or headers, as a user's own
// build would), runs it natively and through floatsym, and compares; it
// also checks that enough of the programs are vectorized. Only -fno-pie is
// added: position-independent code puts relative lookup tables (32-bit
// differences of addresses) in constants, which floatsym's object
// addresses cannot represent, a limitation independent of vectors. Without
// FLOATSYM_DIFF_FULL only the programs with vector instructions run, and
// without it or FLOATSYM_SLOW_TESTS only those of vectorPrograms are
// compiled.
func TestDifferentialExternalLL(t *testing.T) {
	requireClang(t)
	progs, _ := filepath.Glob("testdata/concrete/*.c")
	every := os.Getenv("FLOATSYM_DIFF_FULL") != "" || testtool.Slow()
	var mu sync.Mutex
	vectorized := map[string]int{}
	t.Run("group", func(t *testing.T) {
		for _, src := range progs {
			if strings.HasPrefix(filepath.Base(src), "err_") {
				continue
			}
			name := strings.TrimSuffix(filepath.Base(src), ".c")
			if !every && !vectorPrograms[name] {
				continue
			}
			for _, opt := range llLevels {
				src, opt := src, opt
				t.Run(name+strings.ReplaceAll(opt, " ", ""), func(t *testing.T) {
					t.Parallel()
					dir := t.TempDir()
					ll := filepath.Join(dir, name+".ll")
					args := append(strings.Fields(opt), "-fno-pie", "-g", "-S", "-emit-llvm", "-o", ll, src)
					if out, err := exec.Command(cc.Clang, args...).CombinedOutput(); err != nil {
						t.Fatalf("clang: %v\n%s", err, out)
					}
					text, err := os.ReadFile(ll)
					if err != nil {
						t.Fatal(err)
					}
					nvec := len(vectorInstRe.FindAll(text, -1))
					if opt == "-O3" {
						mu.Lock()
						vectorized[name] = nvec
						mu.Unlock()
						if vectorPrograms[name] && nvec == 0 {
							t.Errorf("%s is in vectorPrograms but has no vector instructions at -O3", name)
						}
					}
					if nvec == 0 && os.Getenv("FLOATSYM_DIFF_FULL") == "" {
						t.Skip("no vector instructions (FLOATSYM_DIFF_FULL=1 runs it)")
					}
					skipUnlessRunnable(t, opt)
					bin := filepath.Join(dir, "native")
					if out, err := exec.Command(cc.Clang, "-no-pie", "-o", bin, ll, "-lm").CombinedOutput(); err != nil {
						t.Fatalf("native link: %v\n%s", err, out)
					}
					want := runBinary(t, bin)
					res, got := runFloatsym(t, ll, nil, dir)
					term := res.Paths[0].Term
					if term.Kind != executor.TermExit {
						t.Fatalf("floatsym: %s (native exit %d)\nstdout so far:\n%s", term.String(), want.status, got)
					}
					if term.ExitStatus != want.status {
						t.Errorf("exit status: floatsym %d, native %d", term.ExitStatus, want.status)
					}
					if !bytes.Equal(got, want.stdout) {
						t.Errorf("stdout differs:\n%s", lineDiff(string(want.stdout), string(got)))
					}
				})
			}
		}
	})
	want := 0
	for _, src := range progs {
		if !strings.HasPrefix(filepath.Base(src), "err_") {
			want++
		}
	}
	if !every && len(vectorized) == len(vectorPrograms) {
		if len(vectorPrograms) < minVectorPrograms {
			t.Errorf("only %d programs in vectorPrograms, want at least %d", len(vectorPrograms), minVectorPrograms)
		}
		return // each listed one checked above; the list's completeness under make test-full
	}
	if len(vectorized) < want {
		t.Logf("%d of %d programs compiled at -O3 (a -run filter?): vector count not checked", len(vectorized), want)
		return
	}
	n := 0
	var names []string
	for name, k := range vectorized {
		if k > 0 {
			n++
			names = append(names, name)
		}
	}
	sort.Strings(names)
	t.Logf("%d programs contain vector instructions at -O3: %s", n, strings.Join(names, " "))
	for _, name := range names {
		if !vectorPrograms[name] {
			t.Errorf("%s has vector instructions at -O3 but is not in vectorPrograms (make test skips it)", name)
		}
	}
	if n < minVectorPrograms {
		t.Errorf("only %d programs contain vector instructions at -O3, want at least %d", n, minVectorPrograms)
	}
}
