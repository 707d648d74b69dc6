package native

import (
	"math"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// table is a constant array holding fs as little-endian float32s.
func (e *env) table(name string, fs []float32) *expr.Array {
	init := make([]byte, 4*len(fs))
	for i, f := range fs {
		u := math.Float32bits(f)
		for j := 0; j < 4; j++ {
			init[4*i+j] = byte(u >> (8 * j))
		}
	}
	return e.b.NewArray(name, uint64(len(init)), init)
}

// entry is the float32 T[k] read at the symbolic 32-bit index k, byte by
// byte as the executor reads memory at a symbolic offset.
func (e *env) entry(t *expr.Array, k *expr.Expr) *expr.Expr {
	off := e.b.Bin(expr.OpMul, e.b.Const(arith.Word{Lo: 4}, 64), e.b.SExt(k, 64))
	var v *expr.Expr
	for j := 3; j >= 0; j-- {
		by := e.b.Read(t, nil, e.b.Bin(expr.OpAdd, off, e.b.Const(arith.Word{Lo: uint64(j)}, 64)))
		if v == nil {
			v = by
		} else {
			v = e.b.Concat(v, by)
		}
	}
	return e.b.FromBits(v, arith.F32)
}

// TestConstTableRead decides interpolation queries over a constant table
// read at an index computed from a float input (benchmarks/loops/
// interp_table's shape): the table's reads project both ways and the
// search splits on the index (selsplit.go), so the native solver decides
// within a small budget what it passed on to the SMT backends before
// (each took them 5-10 s). SAT models are validated by env.solve.
func TestConstTableRead(t *testing.T) {
	tab := []float32{0, 3, 7, 12, 10, -3, 2, 4, 1000}
	for _, tc := range []struct {
		name       string
		hi         float64 // x in [0, hi]
		clamp      uint64  // k = min((int)x, clamp)
		lo, top    float64 // the property: lo <= y <= top
		want       Result
		wantSplits bool
	}{
		{"in range, property holds", 7, 6, -3, 12, Unsat, true},
		{"clamp one too high reaches the sentinel", 7.5, 7, -3, 12, Sat, true},
		{"a bound one unit too tight", 7, 6, -3, 11, Sat, true},
		{"lower bound one unit too tight", 7, 6, -2, 12, Sat, true},
		{"narrow input, one cell", 1, 6, 0, 3, Unsat, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t)
			T := e.table("T", tab)
			x, xa := e.sym("x", arith.F32)
			k := e.b.FPToInt(true, x, 32)
			seven := e.b.Const(arith.Word{Lo: tc.clamp}, 32)
			k = e.b.Ite(e.b.ICmp(arith.ISGT, k, seven), seven, k)
			tt := e.bin(expr.OpFSub, x, e.b.IntToFP(true, arith.NearestEven, k, arith.F32))
			k1 := e.b.Bin(expr.OpAdd, k, e.b.Const(arith.Word{Lo: 1}, 32))
			y := e.bin(expr.OpFAdd, e.entry(T, k), e.bin(expr.OpFMul, tt, e.bin(expr.OpFSub, e.entry(T, k1), e.entry(T, k))))
			inRange := e.b.And(e.b.FCmp(arith.OGE, x, e.c(arith.F32, 0)), e.b.FCmp(arith.OLE, x, e.c(arith.F32, tc.hi)))
			prop := e.b.And(e.b.FCmp(arith.OGE, y, e.c(arith.F32, tc.lo)), e.b.FCmp(arith.OLE, y, e.c(arith.F32, tc.top)))
			ans := e.solve(40, []*expr.Array{xa}, inRange, e.b.Not(prop))
			if ans.Result != tc.want {
				t.Fatalf("got %v (work %d), want %v", ans.Result, ans.Work, tc.want)
			}
			// Deterministic: the same answer and work again.
			again := e.solve(40, []*expr.Array{xa}, inRange, e.b.Not(prop))
			if again.Result != ans.Result || again.Work != ans.Work {
				t.Errorf("not deterministic: %v/%d then %v/%d", ans.Result, ans.Work, again.Result, again.Work)
			}
		})
	}
}

// TestConstReadProjection checks the read's two projections on a table
// of bytes: the byte's hull over the index domain (zero past the end),
// and the index narrowed to the indices whose byte is in the byte's
// domain, or emptied when none is.
func TestConstReadProjection(t *testing.T) {
	for _, tc := range []struct {
		name           string
		ixLo, ixHi     uint64
		byteLo, byteHi uint64
		wantB          [2]uint64
		wantIx         [2]uint64
		empty          bool
	}{
		{"whole table", 0, 4, 0, 255, [2]uint64{3, 40}, [2]uint64{0, 4}, false},
		{"past the end reads zero", 3, 6, 0, 255, [2]uint64{0, 40}, [2]uint64{3, 6}, false},
		{"byte narrows the index", 0, 4, 30, 255, [2]uint64{30, 40}, [2]uint64{1, 3}, false},
		{"no index gives the byte", 0, 2, 100, 200, [2]uint64{}, [2]uint64{}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b := expr.NewBuilder()
			a := b.NewArray("T", 5, []byte{10, 30, 3, 40, 20})
			in := b.NewArray("i", 8, nil)
			ix := b.Byte(in, 0)
			for j := 1; j < 8; j++ {
				ix = b.Concat(b.Byte(in, uint64(j)), ix)
			}
			rd := b.Read(a, nil, ix)
			other := b.NewArray("o", 1, nil)
			n := newNetwork([]*expr.Expr{b.Eq(rd, b.Byte(other, 0))})
			i, x := n.index[rd], n.index[ix]
			n.dom[x] = Dom{Lo: arith.Word{Lo: tc.ixLo}, Hi: arith.Word{Lo: tc.ixHi}, Num: true}
			n.dom[i] = Dom{Lo: arith.Word{Lo: tc.byteLo}, Hi: arith.Word{Lo: tc.byteHi}, Num: true}
			n.reviseConstRead(i)
			if tc.empty {
				if !n.failed && !n.dom[x].Empty() {
					t.Fatalf("index %v not emptied", n.dom[x])
				}
				return
			}
			if got := [2]uint64{n.dom[i].Lo.Lo, n.dom[i].Hi.Lo}; got != tc.wantB {
				t.Errorf("byte %v, want %v", got, tc.wantB)
			}
			if got := [2]uint64{n.dom[x].Lo.Lo, n.dom[x].Hi.Lo}; got != tc.wantIx {
				t.Errorf("index %v, want %v", got, tc.wantIx)
			}
		})
	}
}
