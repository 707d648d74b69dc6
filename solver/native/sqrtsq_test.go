package native

import (
	"math"
	"math/rand"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// The lemma behind the rewrite, checked with arith: exhaustively over
// two binades of binary32 and at both ends of the range the rewrite
// accepts, randomly over all of it and over binary64.
func TestSqrtSquareLemma(t *testing.T) {
	check := func(k arith.Kind, x arith.Word) {
		r := arith.FSqrt(k, arith.NearestEven, arith.FMul(k, arith.NearestEven, x, x))
		if r != arith.FAbs(k, x) {
			t.Fatalf("kind %v: sqrt(x*x) = %s for x = %s", k, arith.Format(k, r), arith.Format(k, x))
		}
	}
	lo32, hi32 := math.Float32bits(0x1p-63), math.Float32bits(0x1p64)
	for b := math.Float32bits(1); b < math.Float32bits(4); b++ {
		check(arith.F32, arith.Word{Lo: uint64(b)})
	}
	for d := uint32(0); d < 1<<16; d++ {
		check(arith.F32, arith.Word{Lo: uint64(lo32 + d)})
		check(arith.F32, arith.Word{Lo: uint64(hi32 - 1 - d)})
		check(arith.F32, arith.Word{Lo: uint64(hi32-1-d) | 1<<31})
	}
	rng := rand.New(rand.NewSource(11))
	for i := 0; i < 1<<20; i++ {
		check(arith.F32, arith.Word{Lo: uint64(lo32 + uint32(rng.Int63n(int64(hi32-lo32))))})
	}
	lo64, hi64 := math.Float64bits(0x1p-511), math.Float64bits(0x1p512)
	for i := 0; i < 1<<20; i++ {
		check(arith.F64, arith.Word{Lo: lo64 + uint64(rng.Int63n(int64(hi64-lo64)))})
	}
	for d := uint64(0); d < 1<<14; d++ {
		check(arith.F64, arith.Word{Lo: lo64 + d})
		check(arith.F64, arith.Word{Lo: hi64 - 1 - d})
	}
	// Below the accepted range x·x is subnormal and the lemma fails
	// somewhere: the bound is needed.
	fails := 0
	for b := math.Float32bits(0x1p-63) - 1<<16; b < math.Float32bits(0x1p-63); b++ {
		x := arith.Word{Lo: uint64(b)}
		if arith.FSqrt(arith.F32, arith.NearestEven, arith.FMul(arith.F32, arith.NearestEven, x, x)) != x {
			fails++
		}
	}
	if fails == 0 {
		t.Error("the lemma holds below 2^-63 too: the bound could be wider")
	}
}

// sqrt_square's path is refuted in round-to-nearest for both kinds; in a
// directed mode, or with x reaching below the bound, it is not.
func TestSqrtSquareRefutes(t *testing.T) {
	for _, k := range []arith.Kind{arith.F32, arith.F64} {
		lo, hi := 0x1p-63, 0x1.fffffep63
		if k == arith.F64 {
			lo, hi = 0x1p-511, 0x1.fffffffffffffp511
		}
		type tc struct {
			m      arith.RoundingMode
			lo     float64
			refute bool
		}
		for _, c := range []tc{{arith.NearestEven, lo, true}, {arith.Upward, lo, false}, {arith.NearestEven, lo / 4, false}} {
			e := newEnv(t)
			x, ax := e.sym("x", k)
			for _, neg := range []bool{false, true} {
				xx := x
				cons := []*expr.Expr{e.b.FCmp(arith.OLE, e.c(k, c.lo), x), e.b.FCmp(arith.OLE, x, e.c(k, hi))}
				if neg {
					xx = e.b.FNeg(x)
					cons = []*expr.Expr{e.b.FCmp(arith.OLE, e.c(k, -hi), xx), e.b.FCmp(arith.OLE, xx, e.c(k, -c.lo))}
				}
				r := e.b.FSqrt(c.m, e.b.FBin(expr.OpFMul, c.m, xx, xx))
				want := x
				cons = append(cons, e.b.Not(e.b.FCmp(arith.OEQ, r, want)))
				ans := e.solve(300, []*expr.Array{ax}, cons...)
				if c.refute && ans.Result != Unsat {
					t.Errorf("kind %v neg %v: %v, want unsat", k, neg, ans.Result)
				}
				if !c.refute && ans.Result == Unsat {
					t.Errorf("kind %v mode %v lo %g: unsat, but the lemma does not apply", k, c.m, c.lo)
				}
			}
		}
	}
}
