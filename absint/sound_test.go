package absint

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

// TestEnclosure is the analysis' soundness test on whole programs: every
// value a native run prints at an OBSERVE (loop heads and points after
// them) lies in the abstract value the analysis computed there, for every
// testdata program, in all four rounding modes (the analysis told the
// mode the native run sets), over runs with random and boundary inputs
// (testdata/native/harness.c: NaN, ±0, ±INF, subnormals, extremes).
func TestEnclosure(t *testing.T) {
	if _, err := exec.LookPath("clang-14"); err != nil {
		t.Skip("clang-14 not installed")
	}
	srcs, _ := filepath.Glob("testdata/*.c")
	for _, src := range srcs {
		src := src
		t.Run(filepath.Base(src), func(t *testing.T) {
			m := loadObserved(t, src)
			exe := nativeObserved(t, src)
			total := 0
			for mode := arith.RoundingMode(0); mode < 4; mode++ {
				cfg := DefaultConfig()
				cfg.Observe, cfg.Mode = true, mode
				res, err := Analyze(m, cfg)
				if err != nil {
					t.Fatalf("mode %s: %v", mode, err)
				}
				for seed := 0; seed < 8; seed++ {
					total += checkRun(t, exe, mode, seed, res.Observed)
				}
			}
			t.Logf("%d native values enclosed", total)
			if total == 0 {
				t.Errorf("no native value observed: the test checked nothing")
			}
		})
	}
}

// loadObserved compiles src with its OBSERVE hooks on (once per test
// binary: compiledModule).
func loadObserved(t *testing.T, src string) *ir.Module {
	t.Helper()
	return compiledModule(t, src, "ABSINT_OBSERVE")
}

// checkRun runs the native program once and checks every printed value.
func checkRun(t *testing.T, exe string, mode arith.RoundingMode, seed int, obs map[int]FVal) int {
	t.Helper()
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), fmt.Sprintf("ABSINT_MODE=%d", mode), fmt.Sprintf("ABSINT_SEED=%d", seed))
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	_ = cmd.Run() // a false property's check may abort natively
	n := 0
	sc := bufio.NewScanner(&stdout)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 3 {
			continue
		}
		line, _ := strconv.Atoi(f[0])
		lo, _ := strconv.ParseUint(f[2], 16, 64)
		var k arith.Kind
		w := arith.W64(lo)
		switch f[1] {
		case "f":
			k = arith.F32
		case "d":
			k = arith.F64
		case "l":
			hi, _ := strconv.ParseUint(f[3], 16, 64)
			k, w = arith.F80, arith.Word{Lo: lo, Hi: hi}
		}
		a, ok := obs[line]
		if !ok {
			t.Fatalf("mode %s seed %d: line %d reached natively (value %s) but unreachable for the analysis",
				mode, seed, line, arith.Format(k, w))
		}
		if !a.Contains(w) {
			t.Fatalf("mode %s seed %d: line %d: native value %s not in %s", mode, seed, line, arith.Format(k, w), a)
		}
		n++
	}
	return n
}
