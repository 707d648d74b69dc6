package z3

// Bit-vector, Boolean and array translation against package expr's
// concrete semantics.

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

var bvWidths = []int{1, 7, 8, 16, 32, 33, 64, 65, 128}

func randBV(r *rand.Rand, w int) arith.Word {
	var v arith.Word
	switch r.IntN(4) {
	case 0: // small
		v = arith.Word{Lo: uint64(r.IntN(4))}
	case 1: // near the top / sign boundary
		v = arith.Sub(arith.Shl(arith.Word{Lo: 1}, arith.Word{Lo: uint64(w - 1)}, 128), arith.Word{Lo: uint64(r.IntN(3))}, 128)
	default:
		v = arith.Word{Lo: r.Uint64(), Hi: r.Uint64()}
	}
	return arith.Truncate(v, w)
}

func TestBVOps(t *testing.T) {
	h := newHarness(t)
	r := rand.New(rand.NewPCG(11, 12))
	bin := []expr.Op{expr.OpAdd, expr.OpSub, expr.OpMul, expr.OpUDiv, expr.OpSDiv, expr.OpURem, expr.OpSRem,
		expr.OpShl, expr.OpLShr, expr.OpAShr, expr.OpAnd, expr.OpOr, expr.OpXor}
	preds := []arith.IPred{arith.IEQ, arith.INE, arith.IULT, arith.IULE, arith.IUGT, arith.ISLT, arith.ISLE, arith.ISGE}
	for _, w := range bvWidths {
		s := expr.BVSort(w)
		for i := 0; i < nrand(); i++ {
			x, y := randBV(r, w), randBV(r, w)
			if i%5 == 0 {
				y = arith.Word{} // zero divisors, zero shifts
			}
			if i%7 == 0 {
				y = arith.Word{Lo: uint64(w + r.IntN(3))} // over-shifts
			}
			vals := []arith.Word{x, y}
			for _, op := range bin {
				op := op
				h.check(fmt.Sprintf("%s.i%d(%#x, %#x)", op, w, x, y), []expr.Sort{s, s}, vals,
					func(v ...*expr.Expr) *expr.Expr { return h.b.Bin(op, v[0], v[1]) })
			}
			for _, p := range preds {
				p := p
				h.check(fmt.Sprintf("icmp%d.i%d(%#x, %#x)", p, w, x, y), []expr.Sort{s, s}, vals,
					func(v ...*expr.Expr) *expr.Expr { return h.b.ICmp(p, v[0], v[1]) })
			}
			h.check(fmt.Sprintf("not.i%d(%#x)", w, x), []expr.Sort{s}, vals[:1],
				func(v ...*expr.Expr) *expr.Expr { return h.b.Not(v[0]) })
			lo := r.IntN(w)
			n := 1 + r.IntN(w-lo)
			h.check(fmt.Sprintf("extract.%d.%d.i%d(%#x)", lo, n, w, x), []expr.Sort{s}, vals[:1],
				func(v ...*expr.Expr) *expr.Expr { return h.b.Extract(v[0], lo, n) })
			if w < 128 {
				to := w + 1 + r.IntN(128-w)
				h.check(fmt.Sprintf("zext.%d.i%d(%#x)", to, w, x), []expr.Sort{s}, vals[:1],
					func(v ...*expr.Expr) *expr.Expr { return h.b.ZExt(v[0], to) })
				h.check(fmt.Sprintf("sext.%d.i%d(%#x)", to, w, x), []expr.Sort{s}, vals[:1],
					func(v ...*expr.Expr) *expr.Expr { return h.b.SExt(v[0], to) })
			}
			if w <= 64 {
				h.check(fmt.Sprintf("concat.i%d(%#x, %#x)", w, x, y), []expr.Sort{s, s}, vals,
					func(v ...*expr.Expr) *expr.Expr { return h.b.Concat(v[0], v[1]) })
			}
			c := arith.Word{Lo: uint64(i % 2)}
			h.check(fmt.Sprintf("ite.i%d(%d, %#x, %#x)", w, c.Lo, x, y), []expr.Sort{expr.BoolSort, s, s}, []arith.Word{c, x, y},
				func(v ...*expr.Expr) *expr.Expr { return h.b.Ite(v[0], v[1], v[2]) })
		}
	}
	// Boolean connectives.
	for _, a := range []uint64{0, 1} {
		for _, b := range []uint64{0, 1} {
			vals := []arith.Word{{Lo: a}, {Lo: b}}
			bs := []expr.Sort{expr.BoolSort, expr.BoolSort}
			for name, f := range map[string]func(x, y *expr.Expr) *expr.Expr{
				"and": h.b.And, "or": h.b.Or, "xor": h.b.Xor, "eq": h.b.Eq,
				"not": func(x, y *expr.Expr) *expr.Expr { return h.b.Not(x) },
			} {
				f := f
				h.check(fmt.Sprintf("%s(%d, %d)", name, a, b), bs, vals, func(v ...*expr.Expr) *expr.Expr { return f(v[0], v[1]) })
			}
		}
	}
	h.done()
}

// TestReads checks symbolic-index reads (ite chains for small arrays, the
// array theory for large ones, constant arrays) with update lists: for
// concrete indices and contents, the read must be provably equal to the
// evaluator's value.
func TestReads(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	b := expr.NewBuilder()
	chk := NewChecker()
	for _, size := range []uint64{4, 16, 300, 1000, 5000} {
		for _, constant := range []bool{false, true} {
			if size > 1000 && !constant {
				continue // 5000: a constant array past constIteLimit
			}
			for trial := 0; trial < 6; trial++ {
				var init []byte
				content := make([]byte, size)
				for i := range content {
					content[i] = byte(r.IntN(256))
				}
				if constant {
					init = content
				}
				a := b.NewArray(fmt.Sprintf("a%d", size), size, init)
				var cons []*expr.Expr
				if !constant {
					for i := uint64(0); i < size; i++ {
						cons = append(cons, b.Eq(b.Byte(a, i), b.U64(uint64(content[i]), 8)))
					}
				}
				// Symbolic indices and values, each pinned by a constraint.
				symIdx := func(v uint64) *expr.Expr {
					ia := b.NewArray("i", 8, nil)
					x := b.Byte(ia, 0)
					for i := 1; i < 8; i++ {
						x = b.Concat(b.Byte(ia, uint64(i)), x)
					}
					cons = append(cons, b.Eq(x, b.U64(v, 64)))
					return x
				}
				var upd *expr.Update
				for k := 0; k < trial; k++ {
					val := b.Byte(b.NewArray("u", 1, nil), 0)
					cons = append(cons, b.Eq(val, b.U64(uint64(r.IntN(256)), 8)))
					upd = &expr.Update{Index: symIdx(uint64(r.IntN(int(size) + 2))), Value: val, Next: upd}
				}
				idx := symIdx(uint64(r.IntN(int(size) + 3))) // sometimes past the end
				rd := b.Read(a, upd, idx)
				// The evaluator's value under the pinned inputs: solve once.
				sat, m, err := chk.Check(cons, nil, nil, 0)
				if err != nil || !sat {
					t.Fatalf("size %d: pinned inputs: %v %v", size, sat, err)
				}
				want := expr.NewEvaluator(assignment(m)).Eval(rd)
				eq := b.Eq(rd, b.Const(want, 8))
				if sat, _, err := chk.Check(cons, []*expr.Expr{eq}, nil, 0); err != nil || sat {
					t.Errorf("size %d const %v updates %d: read can differ from the evaluator's %#x (%v)", size, constant, trial, want.Lo, err)
				}
			}
		}
	}
}

// TestReadFP reads a float at a symbolic offset of a large array: arrays
// and floating point together (Z3's default solver).
func TestReadFP(t *testing.T) {
	b := expr.NewBuilder()
	a := b.NewArray("big", 400, nil)
	ia := b.NewArray("i", 8, nil)
	idx := b.Byte(ia, 0)
	for i := 1; i < 8; i++ {
		idx = b.Concat(b.Byte(ia, uint64(i)), idx)
	}
	var bits *expr.Expr
	for i := 3; i >= 0; i-- {
		rd := b.Read(a, nil, b.Bin(expr.OpAdd, idx, b.U64(uint64(i), 64)))
		if bits == nil {
			bits = rd
		} else {
			bits = b.Concat(bits, rd)
		}
	}
	f := b.FromBits(bits, arith.F32)
	cons := []*expr.Expr{
		b.ICmp(arith.IULT, idx, b.U64(396, 64)),
		b.ICmp(arith.IUGT, idx, b.U64(100, 64)),
		b.FCmp(arith.OGT, f, b.FConst(arith.F32, arith.FromFloat32(1e30))),
		b.FCmp(arith.OLT, b.FBin(expr.OpFAdd, arith.NearestEven, f, f), b.FConst(arith.F32, arith.FromFloat32(3e30))),
	}
	sat, m, err := NewChecker().Check(cons, nil, nil, 0)
	if err != nil || !sat {
		t.Fatalf("%v %v", sat, err)
	}
	ev := expr.NewEvaluator(assignment(m))
	for _, c := range cons {
		if !ev.True(c) {
			t.Fatalf("model violates %s", c)
		}
	}
}
