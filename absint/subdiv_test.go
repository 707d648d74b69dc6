package absint

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
)

// TestSubdivEncloses is the subdivision's soundness test against native
// runs: for each subdivided program (the body's OBSERVEs sit in the
// unrolled inner loop and after it), in all four rounding modes, the
// subdivision must complete (every sub-box replayed), and every value a
// native run prints there — random and boundary inputs, the harness's
// profiles — must lie in the join over the sub-boxes of the replay's
// abstract values (Result.SubObserved), not only in the fixpoint's.
func TestSubdivEncloses(t *testing.T) {
	if _, err := exec.LookPath("clang-14"); err != nil {
		t.Skip("clang-14 not installed")
	}
	for _, name := range []string{"subdiv_sqrt.c", "subdiv_recip.c", "subdiv_halley.c"} {
		name := name
		t.Run(name, func(t *testing.T) {
			src := filepath.Join("testdata", name)
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
				if !res.Proved || len(res.SubObserved) == 0 {
					t.Fatalf("mode %s: the subdivision did not complete (proved %v, %d observed lines; domain %s)",
						mode, res.Proved, len(res.SubObserved), res.Domain)
				}
				for seed := 0; seed < 8; seed++ {
					total += checkRun(t, exe, mode, seed, res.SubObserved)
				}
			}
			t.Logf("%d native values enclosed", total)
			if total == 0 {
				t.Errorf("no native value observed: the test checked nothing")
			}
		})
	}
}
