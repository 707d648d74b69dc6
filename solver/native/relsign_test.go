package native

import (
	"math/rand"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// The facts on random and special operands evaluated with arith, every
// mode and kind: x ⊗ x is in [+0, +INF] or NaN (NaN only for x NaN);
// with a ≤ b (neither NaN), b ⊖ a ≥ -0 and a ⊖ b ≤ +0 or NaN. Float32
// squares are checked on every 251st bit pattern as well.
func TestRelSignFacts(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	g := &gen{rng: rng, b: expr.NewBuilder()}
	square := func(k arith.Kind, m arith.RoundingMode, x arith.Word) {
		r := arith.FMul(k, m, x, x)
		_, xok := keyOf(k, x)
		rk, rok := keyOf(k, r)
		if rok != xok || (rok && (!kLE(keyPosZero, rk) || !kLE(rk, keyPosInf(k)))) {
			t.Fatalf("kind %v mode %v: %s squared = %s", k, m, arith.Format(k, x), arith.Format(k, r))
		}
	}
	for _, m := range modes4 {
		for bits := uint64(0); bits < 1<<32; bits += 251 {
			square(arith.F32, m, arith.Word{Lo: bits})
		}
	}
	for _, k := range []arith.Kind{arith.F32, arith.F64, arith.F80} {
		rnd := func() arith.Word { return g.operand(k) }
		for trial := 0; trial < 200000; trial++ {
			m := modes4[rng.Intn(4)]
			square(k, m, rnd())
			a, b := rnd(), rnd()
			if rng.Intn(2) == 0 { // b at or just above a: exact zeros, tiny differences
				if ak, ok := keyOf(k, a); ok {
					b = valueOf(k, kMin(kAdd(ak, uint64(rng.Intn(4))), keyPosInf(k)))
				}
			}
			ak, oka := keyOf(k, a)
			bk, okb := keyOf(k, b)
			if !oka || !okb || !numLE(ak, bk) {
				continue
			}
			// x − y is x + (−y) (reviseRelSign reads both forms).
			if s1, s2 := arith.FSub(k, m, b, a), arith.FAdd(k, m, b, arith.FNeg(k, a)); s1 != s2 {
				t.Fatalf("kind %v mode %v: %s - %s = %s but + its negation = %s", k, m, arith.Format(k, b), arith.Format(k, a), arith.Format(k, s1), arith.Format(k, s2))
			}
			if d, ok := keyOf(k, arith.FSub(k, m, b, a)); ok && !kLE(keyNegZero, d) {
				t.Fatalf("kind %v mode %v: %s - %s = %s < -0", k, m, arith.Format(k, b), arith.Format(k, a), arith.Format(k, valueOf(k, d)))
			}
			if d, ok := keyOf(k, arith.FSub(k, m, a, b)); ok && !kLE(d, keyPosZero) {
				t.Fatalf("kind %v mode %v: %s - %s = %s > +0", k, m, arith.Format(k, a), arith.Format(k, b), arith.Format(k, valueOf(k, d)))
			}
		}
	}
}

// trapezoidQuery is trapezoid.c's correct variant: -1e18 ≤ a ≤ b ≤ 1e18,
// h = (b − a)/4, s the trapezoid sum of x², and the negated assertion
// ¬(0 ≤ h·s). ordered false drops a ≤ b; bounded false drops the bounds
// (then a = b = 1e20 gives 0 · ∞ = NaN: the bug variant).
func trapezoidQuery(e *env, m arith.RoundingMode, ordered, bounded bool) ([]*expr.Expr, []*expr.Array) {
	k := arith.F32
	a, arrA := e.sym("a", k)
	b, arrB := e.sym("b", k)
	bin := func(op expr.Op, x, y *expr.Expr) *expr.Expr { return e.b.FBin(op, m, x, y) }
	h := bin(expr.OpFDiv, bin(expr.OpFSub, b, a), e.c(k, 4))
	f := func(x *expr.Expr) *expr.Expr { return bin(expr.OpFMul, x, x) }
	s := bin(expr.OpFDiv, bin(expr.OpFAdd, f(a), f(b)), e.c(k, 2))
	for i := 1; i < 4; i++ {
		s = bin(expr.OpFAdd, s, f(bin(expr.OpFAdd, a, bin(expr.OpFMul, e.c(k, float64(i)), h))))
	}
	cons := []*expr.Expr{e.b.Not(e.fcmp(arith.OLE, e.c(k, 0), bin(expr.OpFMul, h, s)))}
	if bounded {
		cons = append(cons, e.fcmp(arith.OLE, e.c(k, -1e18), a), e.fcmp(arith.OLE, b, e.c(k, 1e18)))
	} else {
		inf := e.c(k, 3.5e38)
		cons = append(cons, e.fcmp(arith.OLT, e.b.FAbs(a), inf), e.fcmp(arith.OLT, e.b.FAbs(b), inf))
	}
	if ordered {
		cons = append(cons, e.fcmp(arith.OLE, a, b))
	}
	return cons, []*expr.Array{arrA, arrB}
}

// The sign facts refute trapezoid's correct path by propagation alone in
// every mode (the SMT backends took 7 to 40 s on it); without a ≤ b
// (h < 0 with s > 0), and without the bounds to nearest and upward
// (0 · ∞), it is satisfiable and the search must find a model.
func TestRelSignRefutesTrapezoid(t *testing.T) {
	for _, m := range modes4 {
		e := newEnv(t)
		cons, _ := trapezoidQuery(e, m, true, true)
		if _, ok := propagateOnly(cons...); ok {
			t.Errorf("mode %v: not refuted by propagation", m)
		}
		for _, c := range []struct{ ordered, bounded bool }{{false, true}, {true, false}} {
			if !c.bounded && (m == arith.TowardZero || m == arith.Downward) {
				// Toward zero and downward a positive overflow saturates
				// at the largest float: s stays finite, no 0 · ∞.
				continue
			}
			e := newEnv(t)
			cons, arrs := trapezoidQuery(e, m, c.ordered, c.bounded)
			if ans := e.solve(2000, arrs, cons...); ans.Result != Sat {
				t.Errorf("mode %v, a ≤ b %v, bounded %v: %v, want sat", m, c.ordered, c.bounded, ans.Result)
			}
		}
	}
}

// Propagation alone: x ⊗ x ≥ +0 and, with a ≤ b, b ⊖ a ≥ -0, a ⊖ b ≤ +0;
// without a ≤ b the differences keep both signs.
func TestRelSignDomains(t *testing.T) {
	for _, k := range []arith.Kind{arith.F32, arith.F64, arith.F80} {
		for _, ordered := range []bool{true, false} {
			e := newEnv(t)
			a, _ := e.sym("a", k)
			b, _ := e.sym("b", k)
			sq := e.bin(expr.OpFMul, a, a)
			ba, ab := e.bin(expr.OpFSub, b, a), e.bin(expr.OpFSub, a, b)
			cons := []*expr.Expr{
				e.fcmp(arith.OLE, e.c(k, -10), a), e.fcmp(arith.OLE, a, e.c(k, 10)),
				e.fcmp(arith.OLE, e.c(k, -10), b), e.fcmp(arith.OLE, b, e.c(k, 10)),
				e.b.Not(e.fcmp(arith.OEQ, sq, e.c(k, 7))), e.b.Not(e.fcmp(arith.OEQ, ba, e.c(k, 7))),
				e.b.Not(e.fcmp(arith.OEQ, ab, e.c(k, 7))),
			}
			if ordered {
				cons = append(cons, e.fcmp(arith.OLE, a, b))
			}
			n, ok := propagateOnly(cons...)
			if !ok {
				t.Fatalf("kind %v: refuted", k)
			}
			if d := n.domOf(sq); d.NaN || d.Lo != keyPosZero {
				t.Errorf("kind %v: a·a has %+v, want from +0, no NaN", k, d)
			}
			dba, dab := n.domOf(ba), n.domOf(ab)
			if got := kLE(keyNegZero, dba.Lo) && kLE(dab.Hi, keyPosZero); got != ordered {
				t.Errorf("kind %v, a ≤ b %v: b - a %+v, a - b %+v", k, ordered, dba, dab)
			}
		}
	}
}

// x ⊖ x on every 251st float32 bit pattern and random f64/f80 words
// (invalid x87 encodings included), every mode: +0 (-0 rounding
// downward) for x finite, NaN otherwise.
func TestSelfSubFact(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	check := func(k arith.Kind, m arith.RoundingMode, x arith.Word) {
		r := arith.FSub(k, m, x, x)
		xk, xok := keyOf(k, x)
		finite := xok && xk != keyPosInf(k) && xk != keyNegInf(k)
		want := keyPosZero
		if m == arith.Downward {
			want = keyNegZero
		}
		rk, rok := keyOf(k, r)
		if rok != finite || (rok && rk != want) {
			t.Fatalf("kind %v mode %v: %s - itself = %s", k, m, arith.Format(k, x), arith.Format(k, r))
		}
	}
	for _, m := range modes4 {
		for bits := uint64(0); bits < 1<<32; bits += 251 {
			check(arith.F32, m, arith.Word{Lo: bits})
		}
		for _, k := range []arith.Kind{arith.F32, arith.F64, arith.F80} {
			check(k, m, valueOf(k, keyPosInf(k)))
			check(k, m, valueOf(k, keyNegInf(k)))
			check(k, m, valueOf(k, keyNegZero))
		}
	}
	for trial := 0; trial < 300000; trial++ {
		m := modes4[rng.Intn(4)]
		check(arith.F64, m, arith.Word{Lo: rng.Uint64()})
		check(arith.F80, m, arith.Word{Lo: rng.Uint64(), Hi: rng.Uint64() & 0xffff})
	}
}

// zeroSignQuery is rounding_zero_sign.c's path in mode m: x finite (as
// clang writes isfinite: |x| < INF or |x| > INF), z = x ⊖ x in m, and
// the negated assertion ¬(0 < 1 ⊘ z). finite false drops the first.
func zeroSignQuery(e *env, k arith.Kind, m arith.RoundingMode, finite bool) ([]*expr.Expr, []*expr.Array) {
	x, arr := e.sym("x", k)
	inf := e.b.FConst(k, valueOf(k, keyPosInf(k)))
	ax := e.b.FAbs(x)
	z := e.b.FBin(expr.OpFSub, m, x, x)
	r := e.b.FBin(expr.OpFDiv, arith.NearestEven, e.c(k, 1), z)
	cons := []*expr.Expr{e.b.Not(e.fcmp(arith.OLT, e.c(k, 0), r))}
	if finite {
		cons = append(cons, e.b.Or(e.fcmp(arith.OLT, ax, inf), e.fcmp(arith.OLT, inf, ax)))
	}
	return cons, []*expr.Array{arr}
}

// The x ⊖ x fact refutes rounding_zero_sign's paths to nearest, upward
// and toward zero by propagation (the SMT backends took 1 to 3 s each);
// downward (1/-0 = -INF) and with x not finite (INF - INF = NaN) a model
// must be found.
func TestSelfSubRefutesZeroSign(t *testing.T) {
	for _, k := range []arith.Kind{arith.F32, arith.F64, arith.F80} {
		for _, m := range modes4 {
			e := newEnv(t)
			cons, arrs := zeroSignQuery(e, k, m, true)
			_, ok := propagateOnly(cons...)
			if m != arith.Downward && ok {
				t.Errorf("kind %v mode %v: not refuted by propagation", k, m)
			}
			if m == arith.Downward {
				if ans := e.solve(2000, arrs, cons...); ans.Result != Sat {
					t.Errorf("kind %v downward: %v, want sat", k, ans.Result)
				}
			}
			e = newEnv(t)
			cons, arrs = zeroSignQuery(e, k, m, false)
			if ans := e.solve(2000, arrs, cons...); ans.Result != Sat {
				t.Errorf("kind %v mode %v, x not finite: %v, want sat", k, m, ans.Result)
			}
		}
	}
}

// cancellationQuery is cancellation_quadratic.c's correct variant in
// double: 1 ≤ b ≤ 1e8, 1e-3 ≤ c ≤ b ⊗ b, r = c ⊘ (b ⊕ sqrt(d)) with d
// = b·b − c as the executor states fmuladd(b, b, −c) without FMA: (b ⊗
// b) ⊕ (−c) (negLeft: (−c) ⊕ (b ⊗ b)), and the negated assertion ¬(0 <
// r). ordered false drops c ≤ b ⊗ b (then d < 0 and r is NaN).
func cancellationQuery(e *env, negLeft, ordered bool) ([]*expr.Expr, []*expr.Array) {
	k := arith.F64
	b, arrB := e.sym("b", k)
	c, arrC := e.sym("c", k)
	bb := e.bin(expr.OpFMul, b, b)
	d := e.bin(expr.OpFAdd, bb, e.b.FNeg(c))
	if negLeft {
		d = e.bin(expr.OpFAdd, e.b.FNeg(c), bb)
	}
	r := e.bin(expr.OpFDiv, c, e.bin(expr.OpFAdd, b, e.b.FSqrt(arith.NearestEven, d)))
	cons := []*expr.Expr{e.fcmp(arith.OLE, e.c(k, 1), b), e.fcmp(arith.OLE, b, e.c(k, 1e8)),
		e.fcmp(arith.OLE, e.c(k, 1e-3), c), e.b.Not(e.fcmp(arith.OLT, e.c(k, 0), r))}
	if ordered {
		cons = append(cons, e.fcmp(arith.OLE, c, bb))
	}
	return cons, []*expr.Array{arrB, arrC}
}

// The difference fact read on p ⊕ (−q) refutes cancellation_quadratic's
// correct path by propagation (cvc5 took 16 to 50 s on it); without c ≤
// b·b a model is found.
func TestRelSignRefutesCancellation(t *testing.T) {
	for _, negLeft := range []bool{false, true} {
		e := newEnv(t)
		cons, _ := cancellationQuery(e, negLeft, true)
		if _, ok := propagateOnly(cons...); ok {
			t.Errorf("negation on the left %v: not refuted by propagation", negLeft)
		}
		e = newEnv(t)
		cons, arrs := cancellationQuery(e, negLeft, false)
		if ans := e.solve(2000, arrs, cons...); ans.Result != Sat {
			t.Errorf("negation on the left %v, without c ≤ b·b: %v, want sat", negLeft, ans.Result)
		}
	}
}
