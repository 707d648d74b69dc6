package native

import (
	"math"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// isym is a symbolic integer of w bits, the little-endian bytes of an
// array concatenated as the executor builds it.
func (e *env) isym(name string, w int) (*expr.Expr, *expr.Array) {
	a := e.b.NewArray(name, uint64(w/8), nil)
	v := e.b.Byte(a, 0)
	for i := 1; i < w/8; i++ {
		v = e.b.Concat(e.b.Byte(a, uint64(i)), v)
	}
	return v, a
}

// inRange is the executor's shape of klee_assume(lo <= v & v <= hi):
// (zext(sle) & zext(sle)) != 0 over 32-bit flags.
func (e *env) inRange(v *expr.Expr, lo, hi int64) *expr.Expr {
	w := int(v.Sort.W)
	flag := func(c *expr.Expr) *expr.Expr { return e.b.Ite(c, e.b.U64(1, 32), e.b.U64(0, 32)) }
	a := flag(e.b.ICmp(arith.ISLE, e.b.U64(uint64(lo), w), v))
	b := flag(e.b.ICmp(arith.ISLE, v, e.b.U64(uint64(hi)&(1<<uint(w)-1), w)))
	return e.b.Not(e.b.Eq(e.b.U64(0, 64), e.b.SExt(e.b.Bin(expr.OpAnd, a, b), 64)))
}

// assocIntsQuery is assoc_sum/float_ints_correct's hard query: x, y, z
// the conversions of integers in [-lim, lim], and the negated assertion
// (x ⊕ y) ⊕ z == x ⊕ (y ⊕ z), additions in mode m.
func assocIntsQuery(e *env, k arith.Kind, m arith.RoundingMode, lim int64) ([]*expr.Expr, []*expr.Array) {
	var cons []*expr.Expr
	var arrs []*expr.Array
	var fs []*expr.Expr
	for _, name := range []string{"i", "j", "k"} {
		v, a := e.isym(name, 32)
		arrs = append(arrs, a)
		cons = append(cons, e.inRange(v, -lim, lim))
		fs = append(fs, e.b.IntToFP(true, m, v, k))
	}
	x, y, z := fs[0], fs[1], fs[2]
	l := e.b.FBin(expr.OpFAdd, m, e.b.FBin(expr.OpFAdd, m, x, y), z)
	r := e.b.FBin(expr.OpFAdd, m, x, e.b.FBin(expr.OpFAdd, m, y, z))
	cons = append(cons, e.b.Not(e.b.FCmp(arith.OEQ, l, r)))
	return cons, arrs
}

func TestExactIntSumsRefute(t *testing.T) {
	for _, k := range []arith.Kind{arith.F32, arith.F64} {
		for _, m := range modes4 {
			e := newEnv(t)
			cons, arrs := assocIntsQuery(e, k, m, 1<<20)
			if ans := e.solve(5000, arrs, cons...); ans.Result != Unsat {
				t.Errorf("kind %v mode %v: %v, want unsat", k, m, ans.Result)
			}
		}
	}
}

// distQuery is distributive/*_pow2_correct's hard query, per path of the
// executor's fork on k ≥ 0: x = (T)(1 << k) or 1 / (T)(1 << -k) with k in
// [-10, 10], y and z zero or of magnitude in [2^-lo, 2^hi] (fabs taken in
// double, as C promotes), and the negated x ⊗ (y ⊕ z) == x⊗y ⊕ x⊗z, all
// in mode m. guard false leaves y and z unconstrained but finite.
func distQuery(e *env, k arith.Kind, m arith.RoundingMode, neg, guard bool, lo, hi int) ([]*expr.Expr, []*expr.Array) {
	kv, ak := e.isym("k", 32)
	y, ay := e.sym("y", k)
	z, az := e.sym("z", k)
	cons := []*expr.Expr{e.inRange(kv, -10, 10)}
	zero32 := e.b.U64(0, 32)
	var x *expr.Expr
	if neg {
		cons = append(cons, e.b.Not(e.b.ICmp(arith.ISLE, zero32, kv)))
		p := e.b.IntToFP(true, m, e.b.Bin(expr.OpShl, e.b.U64(1, 32), e.b.Bin(expr.OpSub, zero32, kv)), k)
		x = e.b.FBin(expr.OpFDiv, m, e.c(k, 1), p)
	} else {
		cons = append(cons, e.b.ICmp(arith.ISLE, zero32, kv))
		x = e.b.IntToFP(true, m, e.b.Bin(expr.OpShl, e.b.U64(1, 32), kv), k)
	}
	flag := func(c *expr.Expr) *expr.Expr { return e.b.Ite(c, e.b.U64(1, 32), zero32) }
	for _, v := range []*expr.Expr{y, z} {
		if !guard {
			inf := e.b.FConst(k, valueOf(k, keyPosInf(k)))
			cons = append(cons, e.b.FCmp(arith.OLT, e.b.FAbs(v), inf))
			continue
		}
		a := e.b.FAbs(e.b.FPConv(m, v, arith.F64))
		in := e.b.Bin(expr.OpAnd,
			flag(e.b.FCmp(arith.OLE, e.c(arith.F64, math.Ldexp(1, -lo)), a)),
			flag(e.b.FCmp(arith.OLE, a, e.c(arith.F64, math.Ldexp(1, hi)))))
		or := e.b.Bin(expr.OpOr, flag(e.b.FCmp(arith.OEQ, v, e.c(k, 0))), in)
		cons = append(cons, e.b.Not(e.b.Eq(e.b.U64(0, 64), e.b.SExt(or, 64))))
	}
	l := e.b.FBin(expr.OpFMul, m, x, e.b.FBin(expr.OpFAdd, m, y, z))
	r := e.b.FBin(expr.OpFAdd, m, e.b.FBin(expr.OpFMul, m, x, y), e.b.FBin(expr.OpFMul, m, x, z))
	cons = append(cons, e.b.Not(e.b.FCmp(arith.OEQ, l, r)))
	return cons, []*expr.Array{ak, ay, az}
}

// The budget is generous: a refutation returns as soon as labelling has
// split the signs of y and z (tens of milliseconds unloaded), and a
// loaded machine must not fail the test.
func TestExactScalingRefutes(t *testing.T) {
	for _, k := range []arith.Kind{arith.F32, arith.F64} {
		for _, m := range modes4 {
			for _, neg := range []bool{false, true} {
				e := newEnv(t)
				cons, arrs := distQuery(e, k, m, neg, true, 60, 60)
				if ans := e.solve(5000, arrs, cons...); ans.Result != Unsat {
					t.Errorf("kind %v mode %v neg %v: %v, want unsat", k, m, neg, ans.Result)
				}
			}
		}
	}
}

// holds evaluates the whole query on a model.
func holds(m Model, cons []*expr.Expr) bool {
	ev := expr.NewEvaluator(m)
	for _, c := range cons {
		if !ev.True(c) {
			return false
		}
	}
	return true
}

// intModel gives 32-bit integers to arrays.
func intModel(m Model, arrs []*expr.Array, vs ...int64) Model {
	for j, v := range vs {
		(&leaf{bytes: []byteRef{{arrs[j], 0}, {arrs[j], 1}, {arrs[j], 2}, {arrs[j], 3}}}).assign(m, arith.Word{Lo: uint64(uint32(v))})
	}
	return m
}

// Integers up to 2^26 make float sums inexact: the query has a model
// (found here concretely), and the solver must not refute it.
func TestExactIntSumsNeedRange(t *testing.T) {
	for _, m := range modes4 {
		e := newEnv(t)
		cons, arrs := assocIntsQuery(e, arith.F32, m, 1<<26)
		found := false
		for _, w := range [][3]int64{{1 << 24, 1, 1}, {1 << 25, 1, 1}, {1 << 25, 3, 3}, {-(1 << 24), -1, -1}, {1<<24 + 2, 1, 1}, {1 << 24, -1, -1}} {
			if holds(intModel(Model{}, arrs, w[0], w[1], w[2]), cons) {
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("mode %v: no witness", m)
		}
		if ans := e.solve(300, arrs, cons...); ans.Result == Unsat {
			t.Errorf("mode %v: unsat, but the query has a model", m)
		}
	}
}

// With y and z allowed down to the smallest subnormal, 2^-10 ⊗ y rounds:
// y = z = 3·2^-140, k = -10 is a model in every mode (x⊗(y⊕z) = 3·2^-149
// exactly, x⊗y rounds to 1 or 2 times 2^-149). The scaling law must not
// apply, and the solver must not refute.
func TestExactScalingNeedsNormalRange(t *testing.T) {
	for _, m := range modes4 {
		e := newEnv(t)
		cons, arrs := distQuery(e, arith.F32, m, true, true, 149, 60)
		model := intModel(Model{}, arrs[:1], -10)
		w := arith.FromFloat32(float32(math.Ldexp(3, -140)))
		(&leaf{bytes: bytesOf(arrs[1], arith.F32)}).assign(model, w)
		(&leaf{bytes: bytesOf(arrs[2], arith.F32)}).assign(model, w)
		if !holds(model, cons) {
			t.Fatalf("mode %v: the witness is not a model", m)
		}
		if ans := e.solve(300, arrs, cons...); ans.Result == Unsat {
			t.Errorf("mode %v: unsat, but the query has a model", m)
		}
	}
}

// Integer ⊕ ⊖ whose results all wrap around once (0 − k over a negative
// k, the shift amount of 1 << −k) get the exact hull of the results:
// every pair of 8-bit domains near the ends, checked by enumeration.
func TestIntAddSubWrapped(t *testing.T) {
	ranges := [][2]uint64{{0, 5}, {3, 3}, {0, 0}, {250, 255}, {128, 200}, {100, 160}, {255, 255}, {1, 127}}
	for _, op := range []expr.Op{expr.OpAdd, expr.OpSub} {
		for _, ra := range ranges {
			for _, rb := range ranges {
				b := expr.NewBuilder()
				x := b.Byte(b.NewArray("x", 1, nil), 0)
				y := b.Byte(b.NewArray("y", 1, nil), 0)
				r := b.Bin(op, x, y)
				n := newNetwork([]*expr.Expr{r})
				n.queueAll()
				n.set(n.index[x], Dom{Lo: arith.Word{Lo: ra[0]}, Hi: arith.Word{Lo: ra[1]}, Num: true}, false)
				n.set(n.index[y], Dom{Lo: arith.Word{Lo: rb[0]}, Hi: arith.Word{Lo: rb[1]}, Num: true}, false)
				if !n.propagate(func() bool { return false }) {
					t.Fatalf("%v %v %v: emptied", op, ra, rb)
				}
				d := n.domOf(r)
				lo, hi, wraps := uint64(255), uint64(0), 0
				for a := ra[0]; a <= ra[1]; a++ {
					for c := rb[0]; c <= rb[1]; c++ {
						v := (a + c) & 255
						if op == expr.OpSub {
							v = (a - c) & 255
						}
						if !d.contains(arith.Word{Lo: v}) {
							t.Fatalf("%v %v %v: result %d pruned from %s", op, ra, rb, v, d.format(r.Sort))
						}
						lo, hi = min(lo, v), max(hi, v)
						if (op == expr.OpAdd && a+c > 255) || (op == expr.OpSub && a < c) {
							wraps++
						}
					}
				}
				all := (ra[1]-ra[0]+1)*(rb[1]-rb[0]+1) == uint64(wraps)
				if all && (d.Lo.Lo != lo || d.Hi.Lo != hi) {
					t.Errorf("%v %v %v: every result wraps, domain %s, want [%d, %d]", op, ra, rb, d.format(r.Sort), lo, hi)
				}
			}
		}
	}
}
