package native

// Z3's budget in TestDifferentialZ3 (fuzz_test.go): work, not time.

import (
	"time"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// z3RLimit is Z3's work budget per query in TestDifferentialZ3, in its
// resource units (rlimit), sized from the checks Z3 decides. Measured
// (Z3 4.8.12, the 250 CI queries, load ~25): with the old 1 s wall limit
// Z3 decided 47 of 113 checks, the median at 1.7 k units, three quarters
// under 100 k, the largest 1.9 M; with this budget it decides 29, 60 run
// out of budget and 24 are not posed (wideRem), for 30.4 s of test CPU
// (31.9 s before); 400 k units decide 35 for 73.8 s. z3Wall is only an
// outer safety bound.
const (
	z3RLimit = 100_000
	z3Wall   = time.Minute
)

// wideRem reports whether the query has fmod or remainder on double or
// x86_fp80: Z3 4.8.12 expands those (a long division over the exponent
// range) before its resource count advances, so its rlimit does not
// bound them (measured: a double fp.rem query stuck at 327,841 units
// after 78 s of wall time, 8 s of CPU). They are not posed to Z3; their
// native UNSATs still face the witness search.
func wideRem(cons []*expr.Expr) bool {
	seen := map[*expr.Expr]bool{}
	var walk func(e *expr.Expr) bool
	walk = func(e *expr.Expr) bool {
		if e == nil || seen[e] {
			return false
		}
		seen[e] = true
		if (e.Op == expr.OpFRem || e.Op == expr.OpFRemainder) && e.Sort.FK != arith.F32 {
			return true
		}
		for _, k := range e.Kids() {
			if walk(k) {
				return true
			}
		}
		return false
	}
	for _, c := range cons {
		if walk(c) {
			return true
		}
	}
	return false
}
