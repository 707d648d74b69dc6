package executor

import (
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/solver/expr"
)

// TestOverflowsConcrete: signed overflow of add, sub, mul at the edges of
// 8-, 32-, 64- and 128-bit two's complement.
func TestOverflowsConcrete(t *testing.T) {
	m32 := func(x int32) arith.Word { return arith.Word{Lo: uint64(uint32(x))} }
	m64 := func(x int64) arith.Word { return arith.Word{Lo: uint64(x)} }
	const maxI32, minI32 = 1<<31 - 1, -1 << 31
	const maxI64, minI64 = 1<<63 - 1, -1 << 63
	cases := []struct {
		name string
		op   ir.Op
		a, b arith.Word
		w    int
		want bool
	}{
		{"i8 127+1", ir.OpAdd, arith.Word{Lo: 127}, arith.Word{Lo: 1}, 8, true},
		{"i8 -128+(-1)", ir.OpAdd, arith.Word{Lo: 0x80}, arith.Word{Lo: 0xff}, 8, true},
		{"i8 -1+(-1)", ir.OpAdd, arith.Word{Lo: 0xff}, arith.Word{Lo: 0xff}, 8, false},
		{"i32 max+0", ir.OpAdd, m32(maxI32), m32(0), 32, false},
		{"i32 max+1", ir.OpAdd, m32(maxI32), m32(1), 32, true},
		{"i32 min+(-1)", ir.OpAdd, m32(minI32), m32(-1), 32, true},
		{"i32 max+min", ir.OpAdd, m32(maxI32), m32(minI32), 32, false},
		{"i32 0-min", ir.OpSub, m32(0), m32(minI32), 32, true},
		{"i32 -1-min", ir.OpSub, m32(-1), m32(minI32), 32, false},
		{"i32 min-1", ir.OpSub, m32(minI32), m32(1), 32, true},
		{"i32 46341*46341", ir.OpMul, m32(46341), m32(46341), 32, true},
		{"i32 46340*46340", ir.OpMul, m32(46340), m32(46340), 32, false},
		{"i32 min*-1", ir.OpMul, m32(minI32), m32(-1), 32, true},
		{"i32 min*1", ir.OpMul, m32(minI32), m32(1), 32, false},
		{"i32 -65536*32768", ir.OpMul, m32(-65536), m32(32768), 32, false},
		{"i32 65536*32768", ir.OpMul, m32(65536), m32(32768), 32, true},
		{"i64 max+1", ir.OpAdd, m64(maxI64), m64(1), 64, true},
		{"i64 min-1", ir.OpSub, m64(minI64), m64(1), 64, true},
		{"i64 2^32*2^31", ir.OpMul, m64(1 << 32), m64(1 << 31), 64, true},
		{"i64 2^32*2^30", ir.OpMul, m64(1 << 32), m64(1 << 30), 64, false},
		{"i64 -2^32*2^31", ir.OpMul, m64(-1 << 32), m64(1 << 31), 64, false},
		{"i128 max+1", ir.OpAdd, arith.Word{Lo: ^uint64(0), Hi: 1<<63 - 1}, arith.Word{Lo: 1}, 128, true},
		{"i128 -1+1", ir.OpAdd, arith.Word{Lo: ^uint64(0), Hi: ^uint64(0)}, arith.Word{Lo: 1}, 128, false},
	}
	for _, c := range cases {
		if got := overflowsConcrete(c.op, c.a, c.b, c.w); got != c.want {
			t.Errorf("%s: overflows %v, want %v", c.name, got, c.want)
		}
	}
}

// TestOverflowExprAgrees: the symbolic overflow condition, folded on
// constants, agrees with the concrete check on the edges of each width
// and on pseudo-random operands.
func TestOverflowExprAgrees(t *testing.T) {
	e := &Executor{B: expr.NewBuilder()}
	edges := func(w int) []arith.Word {
		mask := arith.Mask(w)
		minW := minInt(w)
		maxW := arith.Sub(minW, arith.Word{Lo: 1}, w)
		vs := []arith.Word{{}, {Lo: 1}, mask, minW, maxW, arith.Add(minW, arith.Word{Lo: 1}, w), arith.Sub(maxW, arith.Word{Lo: 1}, w)}
		x := uint64(0x9e3779b97f4a7c15)
		for i := 0; i < 24; i++ {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
			vs = append(vs, arith.Truncate(arith.Word{Lo: x, Hi: x * 31}, w))
			vs = append(vs, arith.Truncate(arith.Word{Lo: x >> (uint(i) % 60)}, w))
		}
		return vs
	}
	for _, w := range []int{8, 16, 32, 64} {
		vs := edges(w)
		for _, op := range []ir.Op{ir.OpAdd, ir.OpSub, ir.OpMul} {
			for _, a := range vs {
				for _, b := range vs {
					got := e.overflowExpr(op, e.B.Const(a, w), e.B.Const(b, w), w)
					if !got.IsConst() {
						t.Fatalf("w%d %v: condition on constants not folded: %v", w, op, got)
					}
					if want := overflowsConcrete(op, a, b, w); got.IsTrue() != want {
						t.Errorf("w%d op %d %#x, %#x: symbolic %v, concrete %v", w, op, a.Lo, b.Lo, got.IsTrue(), want)
					}
				}
			}
		}
	}
}
