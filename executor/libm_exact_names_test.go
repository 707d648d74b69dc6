package executor

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/internal/testtool"
)

// exactLibmNames is item 4's list of exactly defined libm functions (issue
// 9) and glibc's classification functions, by double-version name.
var exactLibmNames = []string{
	"fabs", "copysign", "sqrt", "fma", "fmin", "fmax", "fmod", "remainder", "drem", "remquo",
	"floor", "ceil", "trunc", "round", "roundeven", "rint", "nearbyint",
	"lrint", "llrint", "lround", "llround", "frexp", "ldexp", "scalbn", "scalbln", "modf",
	"logb", "ilogb", "nextafter", "nexttoward", "fdim",
	"__isnan", "__isinf", "__finite", "__signbit", "__fpclassify", "__issignaling",
	"isnan", "isinf", "finite",
}

// TestExactLibmSymbolic: every float, double and long double form of the
// exactly defined functions takes symbolic arguments itself (it is not
// concretised before the call).
func TestExactLibmSymbolic(t *testing.T) {
	for _, base := range exactLibmNames {
		for _, suf := range []string{"f", "", "l"} {
			name := base + suf
			b, ok := builtinTable[name]
			if !ok {
				t.Errorf("%s: no model", name)
				continue
			}
			if !b.Symbolic {
				t.Errorf("%s: arguments are concretised", name)
			}
		}
	}
}

// TestTgmathNames compiles the <tgmath.h> differential program and checks
// that the type-generic forms on float, double and long double become calls
// of the f, plain and l functions, and that each libm function called has
// a symbolic model. (fabs, sqrt, fma, fmin, fmax, floor… become LLVM
// intrinsics, symbolic by construction.)
func TestTgmathNames(t *testing.T) {
	testtool.Require(t, cc.Clang)
	out := filepath.Join(t.TempDir(), "tg.ll")
	cmd := exec.Command(cc.Clang, "-S", "-emit-llvm", "-O0", "-o", out, "testdata/concrete/math_tgmath.c")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("clang: %v\n%s", err, msg)
	}
	text, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	ll := string(text)
	called := map[string]bool{}
	for _, m := range regexp.MustCompile(`call [^@\n]*@([\w.]+)\(`).FindAllStringSubmatch(ll, -1) {
		called[m[1]] = true
	}
	for _, base := range []string{"frexp", "remquo", "nextafter", "fmod", "remainder", "fdim",
		"lrint", "llrint", "lround", "llround", "ldexp", "scalbn", "scalbln", "logb", "ilogb", "nexttoward"} {
		for _, suf := range []string{"f", "", "l"} {
			if !called[base+suf] {
				t.Errorf("no call of %s%s", base, suf)
			}
		}
	}
	exact := exactLibmSet()
	for name := range called {
		b, ok := builtinTable[name]
		if !ok {
			continue // the program's own functions
		}
		if exact[name] && !b.Symbolic {
			t.Errorf("%s: arguments are concretised", name)
		}
	}
}

// exactLibmSet is exactLibmNames with the f and l forms.
func exactLibmSet() map[string]bool {
	m := map[string]bool{}
	for _, base := range exactLibmNames {
		for _, suf := range []string{"f", "", "l"} {
			m[base+suf] = true
		}
	}
	return m
}
