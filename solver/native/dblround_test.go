package native

import (
	"math"
	"math/rand"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// The lemma with arith, bit for bit: binary32 operations computed in
// binary64 and rounded back in the same mode equal the binary32 ones, on
// random operands, operands whose results sit near binary32 ties (b a
// few binades below a, ± ulps), subnormals and values near overflow.
func TestDoubleRoundingLemma(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	f32 := func() arith.Word {
		for {
			var b uint32
			switch rng.Intn(4) {
			case 0:
				b = rng.Uint32()
			case 1: // subnormal or tiny
				b = rng.Uint32()&0x80ffffff | uint32(rng.Intn(3))<<23
			case 2: // near overflow
				b = rng.Uint32()&0x807fffff | uint32(252+rng.Intn(3))<<23
			default: // moderate
				b = rng.Uint32()&0x807fffff | uint32(110+rng.Intn(40))<<23
			}
			if f := math.Float32frombits(b); f == f {
				return arith.Word{Lo: uint64(b)}
			}
		}
	}
	ext := func(w arith.Word) arith.Word { return arith.FPExt(arith.F32, arith.F64, w) }
	type op struct {
		name  string
		f     func(k arith.Kind, rm arith.RoundingMode, a, b arith.Word) arith.Word
		unary bool
	}
	ops := []op{
		{"add", arith.FAdd, false}, {"sub", arith.FSub, false}, {"mul", arith.FMul, false}, {"div", arith.FDiv, false},
		{"sqrt", func(k arith.Kind, rm arith.RoundingMode, a, _ arith.Word) arith.Word { return arith.FSqrt(k, rm, a) }, true},
	}
	for trial := 0; trial < 400000; trial++ {
		a, b := f32(), f32()
		if rng.Intn(2) == 0 { // b near a·2^-s: sums near binary32 ties
			s := 20 + rng.Intn(14)
			bb := math.Float32frombits(uint32(a.Lo)) * float32(math.Ldexp(1, -s))
			bits := math.Float32bits(bb) + uint32(rng.Intn(5)) - 2
			if f := math.Float32frombits(bits); f == f {
				b = arith.Word{Lo: uint64(bits)}
			}
		}
		rm := modes4[rng.Intn(4)]
		o := ops[rng.Intn(len(ops))]
		narrow := o.f(arith.F32, rm, a, b)
		wide := arith.FPTrunc(arith.F64, arith.F32, rm, o.f(arith.F64, rm, ext(a), ext(b)))
		if narrow != wide {
			t.Fatalf("%s %v: a=%s b=%s: binary32 %s, through binary64 %s", o.name, rm,
				arith.Format(arith.F32, a), arith.Format(arith.F32, b), arith.Format(arith.F32, narrow), arith.Format(arith.F32, wide))
		}
	}
}

// ld_double_rounding's path is refuted for float through double in every
// mode; it is not rewritten when the modes differ, nor for double through
// x86_fp80 (64 < 2·53 + 2: double rounding can differ there).
func TestDoubleRoundingRefutes(t *testing.T) {
	type tc struct {
		k, wide  arith.Kind
		rm, rmTr arith.RoundingMode
		refute   bool
	}
	cases := []tc{
		{arith.F32, arith.F64, arith.NearestEven, arith.NearestEven, true},
		{arith.F32, arith.F64, arith.Upward, arith.Upward, true},
		{arith.F32, arith.F64, arith.Downward, arith.Downward, true},
		{arith.F32, arith.F64, arith.TowardZero, arith.TowardZero, true},
		{arith.F32, arith.F64, arith.Upward, arith.NearestEven, false},
		{arith.F64, arith.F80, arith.NearestEven, arith.NearestEven, false},
	}
	for _, c := range cases {
		for _, op := range []expr.Op{expr.OpFAdd, expr.OpFMul} {
			e := newEnv(t)
			a, aa := e.sym("a", c.k)
			b, ab := e.sym("b", c.k)
			inf := e.b.FConst(c.k, valueOf(c.k, keyPosInf(c.k)))
			wide := e.b.FPConv(c.rmTr, e.b.FBin(op, c.rm, e.b.FPConv(c.rm, a, c.wide), e.b.FPConv(c.rm, b, c.wide)), c.k)
			direct := e.b.FBin(op, c.rmTr, a, b)
			cons := []*expr.Expr{
				e.b.FCmp(arith.OLT, e.b.FAbs(a), inf), e.b.FCmp(arith.OLT, e.b.FAbs(b), inf),
				e.b.Not(e.b.FCmp(arith.OEQ, wide, direct)),
			}
			roots := []Root{{cons[0], true}, {cons[1], true}, {cons[2], true}}
			n, ok := propagateOnly(cons...)
			if !ok {
				t.Fatalf("%v: refuted by propagation", c)
			}
			_, fired := n.rewrite(e.b, roots)
			if easier := len(fired) > 0; easier != c.refute || (easier && strings.Join(fired, ",") != "rw-double-rounding") {
				t.Errorf("%v op %v: rewritten by %v", c, op, fired)
			}
			ans := e.solve(100, []*expr.Array{aa, ab}, cons...)
			if c.refute && ans.Result != Unsat {
				t.Errorf("%v op %v: %v, want unsat", c, op, ans.Result)
			}
			if !c.refute && ans.Result == Unsat {
				t.Errorf("%v op %v: unsat without the lemma", c, op)
			}
		}
	}
}
