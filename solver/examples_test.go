package solver

// The must-hold floating-point examples of the FPSE literature (Botella,
// Gotlieb and Michel, STVR 2006; each answer verified by exhaustive
// enumeration or on hardware), at solver level.

import (
	"flag"
	"fmt"
	"math"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

var long = flag.Bool("long", false, "run the slow solver proofs too")

// foo: x < 10000 && x + 1e12 > 1e12.
func TestFooFloatInfeasible(t *testing.T) {
	e := newEnv(t)
	s := e.solver(Config{})
	x, _ := e.sym("x", arith.F32)
	big := e.c(arith.F32, 1e12)
	cons := []*expr.Expr{e.lt(x, e.c(arith.F32, 10000))}
	if may(t, s, cons, e.gt(e.add(x, big), big)) {
		t.Fatal("float x < 10000 && x + 1e12f > 1e12f is satisfiable; it is not (exhaustive)")
	}
}

func TestFooDoubleInterval(t *testing.T) {
	e := newEnv(t)
	s := e.solver(Config{})
	x, _ := e.sym("x", arith.F64)
	big := e.c(arith.F64, 1e12)
	cons := []*expr.Expr{e.lt(x, e.c(arith.F64, 10000)), e.gt(e.add(x, big), big)}
	w, err := s.GetValue(cons, x)
	mustNot(t, err)
	const lo, hi = 6.1035156250000014e-05, 9999.9999999999982
	if v := math.Float64frombits(w.Lo); !(v >= lo && v <= hi) {
		t.Fatalf("model x = %v, not in [%v, %v]", v, lo, hi)
	}
	// The interval is exact: its ends are solutions, nothing below is.
	for _, c := range []struct {
		cond *expr.Expr
		sat  bool
	}{
		{e.oeq(x, e.c(arith.F64, lo)), true},
		{e.oeq(x, e.c(arith.F64, hi)), true},
		{e.lt(x, e.c(arith.F64, lo)), false},
		{e.oeq(x, e.c(arith.F64, 6.103515625e-05)), false}, // the tie rounds to even, down
	} {
		if got := may(t, s, cons, c.cond); got != c.sat {
			t.Errorf("%s: satisfiable = %v, want %v", c.cond, got, c.sat)
		}
	}
}

// foo_m: x > 0 && x + 1e12 == 1e12.
func TestFooMFloat(t *testing.T) {
	e := newEnv(t)
	s := e.solver(Config{})
	x, _ := e.sym("x", arith.F32)
	big := e.c(arith.F32, 1e12)
	cons := []*expr.Expr{e.gt(x, e.c(arith.F32, 0)), e.oeq(e.add(x, big), big)}
	w, err := s.GetValue(cons, x)
	mustNot(t, err)
	const lo, hi = 1.4012984643248171e-45, 32767.998046875
	if v := float64Of(arith.F32, w); !(v >= lo && v <= hi) {
		t.Fatalf("model x = %v, not in [%v, %v]", v, lo, hi)
	}
	for _, c := range []struct {
		cond *expr.Expr
		sat  bool
	}{
		{e.oeq(x, e.c(arith.F32, hi)), true},
		{e.oeq(x, e.c(arith.F32, lo)), true},
		{e.ge(x, e.c(arith.F32, 32768)), false}, // 32768 is a tie that rounds up
	} {
		if got := may(t, s, cons, c.cond); got != c.sat {
			t.Errorf("%s: satisfiable = %v, want %v", c.cond, got, c.sat)
		}
	}
}

func TestFooMDouble(t *testing.T) {
	e := newEnv(t)
	s := e.solver(Config{})
	x, _ := e.sym("x", arith.F64)
	big := e.c(arith.F64, 1e12)
	cons := []*expr.Expr{e.gt(x, e.c(arith.F64, 0)), e.oeq(e.add(x, big), big)}
	for _, c := range []struct {
		cond *expr.Expr
		sat  bool
	}{
		{e.oeq(x, e.c(arith.F64, 4.9406564584124654e-324)), true}, // a subnormal
		{e.oeq(x, e.c(arith.F64, 6.103515625e-05)), true},
		{e.gt(x, e.c(arith.F64, 6.103515625e-05)), false},
	} {
		if got := may(t, s, cons, c.cond); got != c.sat {
			t.Errorf("%s: satisfiable = %v, want %v", c.cond, got, c.sat)
		}
	}
}

// Howden: T1 = A*B, X1 = T1+2, X1 > 100, X2 = 100-X1, X3 = X2-50, X3 > 50
// is infeasible.
func TestHowden(t *testing.T) {
	for _, k := range []arith.Kind{arith.F32, arith.F64} {
		t.Run(k.String(), func(t *testing.T) {
			e := newEnv(t)
			s := e.solver(Config{})
			a, _ := e.sym("A", k)
			b, _ := e.sym("B", k)
			x1 := e.add(e.mul(a, b), e.c(k, 2))
			x3 := e.sub(e.sub(e.c(k, 100), x1), e.c(k, 50))
			cons := []*expr.Expr{e.gt(x1, e.c(k, 100))}
			if may(t, s, cons, e.gt(x3, e.c(k, 50))) {
				t.Fatal("Howden's path is feasible; it is not")
			}
		})
	}
}

// g2_i: B*B - 4*(A*C) == 0 with A = 1.22, B = 3.34 has the unique float
// solution C = 2.2859835624694824 (exhaustive); double 2.285983606557377.
func TestG2I(t *testing.T) {
	for _, c := range []struct {
		k    arith.Kind
		want float64
	}{{arith.F32, 2.2859835624694824}, {arith.F64, 2.285983606557377}} {
		t.Run(c.k.String(), func(t *testing.T) {
			e := newEnv(t)
			s := e.solver(Config{})
			k := c.k
			cc, _ := e.sym("C", k)
			a, b := e.c(k, 1.22), e.c(k, 3.34)
			delta := e.sub(e.mul(b, b), e.mul(e.c(k, 4), e.mul(a, cc)))
			cons := []*expr.Expr{e.oeq(delta, e.c(k, 0))}
			w, err := s.GetValue(cons, cc)
			mustNot(t, err)
			if got := float64Of(k, w); fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Fatalf("C = %v, want %v", got, c.want)
			}
			if may(t, s, cons, e.b.Not(e.oeq(cc, e.c(k, c.want)))) {
				t.Fatalf("another C solves Δ == 0")
			}
		})
	}
}

// x != x holds exactly for NaN (for x86_fp80 also the invalid encodings).
func TestNaN(t *testing.T) {
	for _, k := range []arith.Kind{arith.F32, arith.F64, arith.F80} {
		t.Run(k.String(), func(t *testing.T) {
			e := newEnv(t)
			s := e.solver(Config{})
			x, _ := e.sym("x", k)
			cons := []*expr.Expr{e.b.FCmp(arith.UNE, x, x)}
			if !must(t, s, cons, e.b.FClass(expr.OpFIsNaN, x)) {
				t.Fatal("x != x does not imply isnan(x)")
			}
			w, err := s.GetValue(cons, x)
			mustNot(t, err)
			if !arith.IsNaN(k, w) {
				t.Fatalf("model x = %s is not NaN", arith.Format(k, w))
			}
		})
	}
}

// x == 0 && signbit(x) implies x is -0.0.
func TestSignedZero(t *testing.T) {
	for _, k := range []arith.Kind{arith.F32, arith.F64, arith.F80} {
		t.Run(k.String(), func(t *testing.T) {
			e := newEnv(t)
			s := e.solver(Config{})
			x, _ := e.sym("x", k)
			zero := e.c(k, 0)
			negZero := e.b.FNeg(zero)
			cons := []*expr.Expr{e.oeq(x, zero), e.b.FClass(expr.OpFIsNeg, x)}
			if !must(t, s, cons, e.b.Eq(x, negZero)) {
				t.Fatal("x == 0 && signbit(x) does not imply x is -0.0")
			}
			// -0.0 - +0.0 keeps -0.0; -0.0 + +0.0 is +0.0 (round to
			// nearest), -0.0 rounding down.
			if !must(t, s, cons, e.b.FClass(expr.OpFIsNeg, e.sub(x, zero))) {
				t.Error("-0.0 - +0.0 is not -0.0")
			}
			if !must(t, s, cons, e.b.Not(e.b.FClass(expr.OpFIsNeg, e.add(x, zero)))) {
				t.Error("-0.0 + +0.0 is not +0.0")
			}
			if !must(t, s, cons, e.b.FClass(expr.OpFIsNeg, e.b.FBin(expr.OpFAdd, arith.Downward, x, zero))) {
				t.Error("-0.0 + +0.0 rounding down is not -0.0")
			}
		})
	}
}

// If x + y is subnormal the addition was exact, so (x + y) - y == x.
// (The proof takes Z3 about 10 s for float and 90 s for double; the
// double one runs with -long only.)
func TestSubnormalSumExact(t *testing.T) {
	for _, k := range []arith.Kind{arith.F32, arith.F64} {
		t.Run(k.String(), func(t *testing.T) {
			e := newEnv(t)
			s := e.solver(Config{})
			x, _ := e.sym("x", k)
			y, _ := e.sym("y", k)
			sum := e.add(x, y)
			cons := []*expr.Expr{e.b.FClass(expr.OpFIsSub, sum)}
			if k == arith.F32 || *long {
				if !must(t, s, cons, e.oeq(e.sub(sum, y), x)) {
					t.Fatal("a subnormal sum was not exact")
				}
			}
			// A subnormal model exists and is one.
			w, err := s.GetValue(cons, sum)
			mustNot(t, err)
			if !arith.IsSubnormal(k, w) {
				t.Fatalf("x + y = %s is not subnormal", arith.Format(k, w))
			}
		})
	}
}

// x = 1125899973951488; (float)(x+1) - (float)(x-1) = 134217728.
func TestConversionDifference(t *testing.T) {
	e := newEnv(t)
	s := e.solver(Config{})
	x, _ := e.sym("x", arith.F64)
	one := e.c(arith.F64, 1)
	y := e.b.FPConv(arith.NearestEven, e.add(x, one), arith.F32)
	z := e.b.FPConv(arith.NearestEven, e.sub(x, one), arith.F32)
	r := e.sub(y, z)
	cons := []*expr.Expr{e.oeq(x, e.c(arith.F64, 1125899973951488.0))}
	w, err := s.GetValue(cons, r)
	mustNot(t, err)
	if got := float64Of(arith.F32, w); got != 134217728.0 {
		t.Fatalf("r = %v, want 134217728", got)
	}
}
