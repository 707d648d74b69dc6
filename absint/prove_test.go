package absint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/ir"
)

// load compiles a testdata program and lowers it as floatsym run does
// (once per test binary: compiledModule).
func load(t *testing.T, src string) *ir.Module {
	t.Helper()
	return compiledModule(t, src)
}

// expectation reads the program's "// expect: proved|not proved" line.
func expectation(t *testing.T, src string) string {
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if e, ok := strings.CutPrefix(strings.TrimSpace(l), "// expect: "); ok {
			e = strings.TrimSpace(e)
			if w, _, ok := strings.Cut(e, " ("); ok && w != "unproved" {
				return w // "proved (why)", "false (why)"
			}
			return e
		}
	}
	t.Fatalf("%s: no expect line", src)
	return ""
}

// TestProve runs the analysis on every testdata program. "proved" must
// be proved; "false" programs hold a property that is false on some
// native execution (a bound one ulp too tight, a rounding-mode-dependent
// bound, a NaN hole, overflow after N iterations): proving one would be a
// false proof. "unproved (why)" programs are true but beyond the domains
// (the test only records it; proving one later is fine).
func TestProve(t *testing.T) {
	srcs, _ := filepath.Glob("testdata/*.c")
	for _, src := range srcs {
		src := src
		t.Run(filepath.Base(src), func(t *testing.T) {
			want := expectation(t, src)
			m := load(t, src)
			res, err := Analyze(m, DefaultConfig())
			proved := err == nil && res.Proved
			if err != nil {
				t.Logf("analysis: %v", err)
			} else {
				for _, l := range res.Loops {
					t.Logf("loop %s: %s", l.Location, l.Invariant)
				}
				for _, s := range res.Sites {
					t.Logf("site %s %s: %s %s", s.Location, s.Kind, s.Status, s.Reason)
				}
				t.Logf("steps %d", res.Steps)
			}
			switch {
			case want == "proved" && !proved:
				t.Errorf("%s: not proved, want proved", src)
			case want == "false" && proved:
				t.Errorf("%s: FALSE PROOF of a property that fails natively", src)
			case want != "proved" && want != "false" && !strings.HasPrefix(want, "unproved"):
				t.Fatalf("%s: bad expect line %q", src, want)
			}
		})
	}
}
