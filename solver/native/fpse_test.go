package native

// The FPSE projection cases (Botella, Gotlieb and Michel, STVR 2006; values
// verified by exhaustive enumeration or on hardware).

import (
	"math"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// foo (single): x < 10000 ∧ x ⊕ 1e12 > 1e12 is infeasible, by propagation
// alone.
func TestFooInfeasibleByPropagation(t *testing.T) {
	e := newEnv(t)
	x, a := e.sym("x", arith.F32)
	big := e.c(arith.F32, 1e12)
	cons := []*expr.Expr{e.b.FCmp(arith.OLT, x, e.c(arith.F32, 10000)), e.b.FCmp(arith.OGT, e.bin(expr.OpFAdd, x, big), big)}
	if _, ok := propagateOnly(cons...); ok {
		t.Fatal("propagation did not refute foo")
	}
	if ans := e.solve(1000, []*expr.Array{a}, cons...); ans.Result != Unsat || !ans.Propagated {
		t.Fatalf("Solve = %v (propagated %v), want UNSAT by propagation", ans.Result, ans.Propagated)
	}
}

// foo (double): the solutions are exactly [6.1035156250000014e-05,
// 9999.9999999999982]; propagation finds that interval.
func TestFooDoubleDomain(t *testing.T) {
	e := newEnv(t)
	x, _ := e.sym("x", arith.F64)
	big := e.c(arith.F64, 1e12)
	n, ok := propagateOnly(e.b.FCmp(arith.OLT, x, e.c(arith.F64, 10000)), e.b.FCmp(arith.OGT, e.bin(expr.OpFAdd, x, big), big))
	if !ok {
		t.Fatal("refuted a feasible path")
	}
	d := n.domOf(x)
	lo, hi := toF64(arith.F64, valueOf(arith.F64, d.Lo)), toF64(arith.F64, valueOf(arith.F64, d.Hi))
	if lo != 6.1035156250000014e-05 || hi != 9999.9999999999982 || d.NaN {
		t.Fatalf("x in %s, want [6.1035156250000014e-05, 9999.9999999999982]", d.format(x.Sort))
	}
}

// foo_m (single): x > 0 ∧ x ⊕ 1e12 == 1e12 has the solutions (0,
// 32767.998046875]; 32768 ties and rounds up, so it is no solution.
func TestFooMModel(t *testing.T) {
	e := newEnv(t)
	x, a := e.sym("x", arith.F32)
	big := e.c(arith.F32, 1e12)
	cons := []*expr.Expr{e.b.FCmp(arith.OGT, x, e.c(arith.F32, 0)), e.b.FCmp(arith.OEQ, e.bin(expr.OpFAdd, x, big), big)}
	ans := e.solve(1000, []*expr.Array{a}, cons...)
	if ans.Result != Sat {
		t.Fatalf("Solve = %v, want SAT", ans.Result)
	}
	v := toF64(arith.F32, valueIn(ans.Model, x))
	if !(v > 0 && v <= 32767.998046875) {
		t.Fatalf("model x = %v, want in (0, 32767.998046875]", v)
	}
	// The domain is exactly the solutions: 32768 is pruned.
	n, _ := propagateOnly(cons...)
	if d := n.domOf(x); toF64(arith.F32, valueOf(arith.F32, d.Hi)) != 32767.998046875 {
		t.Fatalf("x in %s, want upper bound 32767.998046875", d.format(x.Sort))
	}
	// Asking for x ≥ 32768 is refuted.
	cons = append(cons, e.b.FCmp(arith.OGE, x, e.c(arith.F32, 32768)))
	if ans := e.solve(1000, []*expr.Array{a}, cons...); ans.Result != Unsat {
		t.Fatalf("x ≥ 32768: %v, want UNSAT", ans.Result)
	}
}

// g2_i: Δ = B⊗B ⊖ 4⊗(A⊗C) = 0 with A = 1.22, B = 3.34 has the unique
// single solution C = 2.2859835624694824.
func TestG2I(t *testing.T) {
	e := newEnv(t)
	k := arith.F32
	c, arr := e.sym("C", k)
	a, b := e.c(k, 1.22), e.c(k, 3.34)
	delta := e.bin(expr.OpFSub, e.bin(expr.OpFMul, b, b), e.bin(expr.OpFMul, e.c(k, 4), e.bin(expr.OpFMul, a, c)))
	ans := e.solve(2000, []*expr.Array{arr}, e.b.FCmp(arith.OEQ, delta, e.c(k, 0)))
	if ans.Result != Sat {
		t.Fatalf("Solve = %v, want SAT", ans.Result)
	}
	if v := toF64(k, valueIn(ans.Model, c)); v != 2.2859835624694824 {
		t.Fatalf("C = %v, want 2.2859835624694824", v)
	}
}

// Howden: T1 = A⊗B, X1 = T1⊕2, X1 > 100, X2 = 100⊖X1, X3 = X2⊖50,
// X3 > 50 is infeasible.
func TestHowdenInfeasible(t *testing.T) {
	for _, k := range []arith.Kind{arith.F32, arith.F64} {
		e := newEnv(t)
		a, aa := e.sym("A", k)
		b, ab := e.sym("B", k)
		x1 := e.bin(expr.OpFAdd, e.bin(expr.OpFMul, a, b), e.c(k, 2))
		x3 := e.bin(expr.OpFSub, e.bin(expr.OpFSub, e.c(k, 100), x1), e.c(k, 50))
		ans := e.solve(1000, []*expr.Array{aa, ab}, e.b.FCmp(arith.OGT, x1, e.c(k, 100)), e.b.FCmp(arith.OGT, x3, e.c(k, 50)))
		if ans.Result != Unsat {
			t.Fatalf("%s: %v, want UNSAT", k, ans.Result)
		}
	}
}

// bounds returns the domain of x as doubles.
func bounds(n *network, x *expr.Expr) (float64, float64) {
	d := n.domOf(x)
	k := x.Sort.FK
	return toF64(k, valueOf(k, d.Lo)), toF64(k, valueOf(k, d.Hi))
}

// within bounds x to [lo, hi] with comparisons.
func (e *env) within(x *expr.Expr, lo, hi float64) []*expr.Expr {
	k := x.Sort.FK
	return []*expr.Expr{e.b.FCmp(arith.OGE, x, e.c(k, lo)), e.b.FCmp(arith.OLE, x, e.c(k, hi))}
}

// ULP-Max, example 4.1: z = x ⊕ y, z ∈ [1, 2], x ∈ ±2^50, y ∈ ±2^30
// (single): x, y ∈ [−33554430, 33554432].
func TestULPMaxAdd(t *testing.T) {
	e := newEnv(t)
	k := arith.F32
	x, _ := e.sym("x", k)
	y, _ := e.sym("y", k)
	z := e.bin(expr.OpFAdd, x, y)
	var cons []*expr.Expr
	cons = append(cons, e.within(z, 1, 2)...)
	cons = append(cons, e.within(x, -0x1p50, 0x1p50)...)
	cons = append(cons, e.within(y, -0x1p30, 0x1p30)...)
	n, ok := propagateOnly(cons...)
	if !ok {
		t.Fatal("refuted")
	}
	for _, v := range []*expr.Expr{x, y} {
		if lo, hi := bounds(n, v); lo != -33554430 || hi != 33554432 {
			t.Errorf("%s in [%v, %v], want [-33554430, 33554432]", v, lo, hi)
		}
	}
}

// ULP-Max, example 4.2 and the subnormal pitfall: z = x ⊗ y with z ∈
// [2^−50, 2^−30] (single). Table I's bound ±2^96 assumes no subnormals
// and would prune x = 2^119, y = 2^−149 (a solution: the product is
// 2^−30); the bound must keep it.
func TestULPMaxMulSubnormal(t *testing.T) {
	e := newEnv(t)
	k := arith.F32
	x, _ := e.sym("x", k)
	y, _ := e.sym("y", k)
	z := e.bin(expr.OpFMul, x, y)
	n, ok := propagateOnly(e.within(z, 0x1p-50, 0x1p-30)...)
	if !ok {
		t.Fatal("refuted")
	}
	for _, v := range []*expr.Expr{x, y} {
		lo, hi := bounds(n, v)
		if hi < 0x1p119 || lo > -0x1p119 {
			t.Errorf("%s in [%v, %v]: 2^119 ⊗ 2^-149 = 2^-30 pruned", v, lo, hi)
		}
		if hi > 0x1p120 || lo < -0x1p120 {
			t.Errorf("%s in [%v, %v]: want |bound| ≤ 2^120 (2^-30 / 2^-149 plus rounding)", v, lo, hi)
		}
	}
}

// ULP-Max, example 4.3: z = x ⊘ y, z ∈ [−2^−110, −2^−121] (single): x ∈
// ±262143.984375.
func TestULPMaxDiv(t *testing.T) {
	e := newEnv(t)
	k := arith.F32
	x, _ := e.sym("x", k)
	y, _ := e.sym("y", k)
	z := e.bin(expr.OpFDiv, x, y)
	n, ok := propagateOnly(e.within(z, -0x1p-110, -0x1p-121)...)
	if !ok {
		t.Fatal("refuted")
	}
	if lo, hi := bounds(n, x); lo != -262143.984375 || hi != 262143.984375 {
		t.Errorf("x in [%v, %v], want ±262143.984375", lo, hi)
	}
}

// Test case 10 of the digest: y = (float)(x+1), z = (float)(x−1) with x
// = 1125899973951488 gives y − z = 134217728; the search finds x from
// y − z.
func TestConversionCase(t *testing.T) {
	e := newEnv(t)
	x, arr := e.sym("x", arith.F64)
	one := e.c(arith.F64, 1)
	y := e.b.FPConv(arith.NearestEven, e.bin(expr.OpFAdd, x, one), arith.F32)
	z := e.b.FPConv(arith.NearestEven, e.bin(expr.OpFSub, x, one), arith.F32)
	r := e.bin(expr.OpFSub, y, z)
	cons := []*expr.Expr{e.b.FCmp(arith.OEQ, r, e.c(arith.F32, 134217728)), e.b.FCmp(arith.OEQ, x, e.c(arith.F64, 1125899973951488))}
	if ans := e.solve(1000, []*expr.Array{arr}, cons...); ans.Result != Sat {
		t.Fatalf("%v, want SAT", ans.Result)
	}
	_ = math.Inf
}

// Test case 12: −0.0 ⊖ +0.0 keeps −0.0 (and the domain says so).
func TestNegZeroCopy(t *testing.T) {
	e := newEnv(t)
	x, _ := e.sym("x", arith.F64)
	r := e.bin(expr.OpFSub, x, e.c(arith.F64, 0))
	n, ok := propagateOnly(e.b.FClass(expr.OpFIsZero, x), e.b.FClass(expr.OpFIsNeg, x))
	if !ok {
		t.Fatal("refuted")
	}
	if d := n.domOf(x); !d.Point() || d.Lo != keyNegZero {
		t.Fatalf("x in %s, want -0", d.format(x.Sort))
	}
	_ = r
}

// fmod(f, g) == f for 0 < f < g is decided by the domains; the query is
// rewritten without the fmod.
func TestFmodIdentity(t *testing.T) {
	e := newEnv(t)
	k := arith.F64
	f, fa := e.sym("f", k)
	g, ga := e.sym("g", k)
	m := e.bin(expr.OpFRem, f, g)
	cons := []*expr.Expr{e.b.FCmp(arith.OGT, f, e.c(k, 0)), e.b.FCmp(arith.OLT, f, g), e.b.FCmp(arith.OLT, g, e.c(k, 1e6))}
	ans := e.solve(1000, []*expr.Array{fa, ga}, append(cons, e.b.Not(e.b.FCmp(arith.OEQ, m, f)))...)
	if ans.Result != Unsat {
		t.Fatalf("fmod(f, g) != f with 0 < f < g: %v, want UNSAT", ans.Result)
	}
}
