package native

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

var modes4 = []arith.RoundingMode{arith.NearestEven, arith.Upward, arith.TowardZero, arith.Downward}

// sterbenzQuery is rounding_sterbenz's path condition: x, y > 0 finite,
// y/2 ≤ x ≤ 2y (in floating point, as C evaluates it), and the negated
// assertion (x ⊖ y) ⊕ y == x, the subtraction and addition in mode m.
// lower and upper select the two Sterbenz bounds; shape varies how they
// are written.
func sterbenzQuery(e *env, k arith.Kind, m arith.RoundingMode, lower, upper bool, shape int) ([]*expr.Expr, []*expr.Array) {
	x, ax := e.sym("x", k)
	y, ay := e.sym("y", k)
	zero := e.c(k, 0)
	inf := e.b.FConst(k, valueOf(k, keyPosInf(k)))
	cons := []*expr.Expr{
		e.b.FCmp(arith.OLT, zero, x), e.b.FCmp(arith.OLT, zero, y),
		e.b.FCmp(arith.OLT, x, inf), e.b.FCmp(arith.OLT, y, inf),
	}
	if lower { // y/2 ≤ x, or its mirror y ≤ 2x
		var c *expr.Expr
		switch shape % 3 {
		case 0:
			c = e.b.FCmp(arith.OLE, e.b.FBin(expr.OpFDiv, m, y, e.c(k, 2)), x)
		case 1:
			c = e.b.FCmp(arith.OLE, y, e.b.FBin(expr.OpFMul, m, e.c(k, 2), x))
		default:
			c = e.b.FCmp(arith.OLE, e.b.FBin(expr.OpFMul, m, y, e.c(k, 0.5)), x)
		}
		cons = append(cons, c)
	}
	if upper { // x ≤ 2y, or its mirror x/2 ≤ y
		var c *expr.Expr
		switch shape % 3 {
		case 0:
			c = e.b.FCmp(arith.OLE, x, e.b.FBin(expr.OpFMul, m, e.c(k, 2), y))
		case 1:
			c = e.b.FCmp(arith.OLE, e.b.FBin(expr.OpFDiv, m, x, e.c(k, 2)), y)
		default:
			c = e.b.FCmp(arith.OLE, x, e.b.FBin(expr.OpFAdd, m, y, y))
		}
		cons = append(cons, c)
	}
	d := e.b.FBin(expr.OpFSub, m, x, y)
	var s, want *expr.Expr
	if shape%2 == 0 {
		s, want = e.b.FBin(expr.OpFAdd, m, d, y), x
	} else {
		s, want = e.b.FBin(expr.OpFSub, m, x, d), y
	}
	cons = append(cons, e.b.Not(e.b.FCmp(arith.OEQ, s, want)))
	return cons, []*expr.Array{ax, ay}
}

// The Sterbenz rewrite refutes rounding_sterbenz's correct path in every
// mode and both kinds, however the bounds are written; without either
// bound the query has solutions and must not be refuted.
func TestSterbenzRefutes(t *testing.T) {
	for _, k := range []arith.Kind{arith.F32, arith.F64} {
		for _, m := range modes4 {
			for shape := 0; shape < 6; shape++ {
				e := newEnv(t)
				cons, arrs := sterbenzQuery(e, k, m, true, true, shape)
				if ans := e.solve(200, arrs, cons...); ans.Result != Unsat {
					t.Errorf("kind %v mode %v shape %d: %v, want unsat", k, m, shape, ans.Result)
				}
				for _, lu := range [][2]bool{{true, false}, {false, true}} {
					e := newEnv(t)
					cons, arrs := sterbenzQuery(e, k, m, lu[0], lu[1], shape)
					if ans := e.solve(200, arrs, cons...); ans.Result == Unsat {
						t.Errorf("kind %v mode %v shape %d bounds %v: unsat, but the query has solutions", k, m, shape, lu)
					}
				}
			}
		}
	}
}

// sterbenzInput picks x, y with y random (often subnormal or near the
// smallest normal, where halving rounds) and x near the Sterbenz bounds.
func sterbenzInput(rng *rand.Rand, k arith.Kind) (arith.Word, arith.Word) {
	var yk arith.Word
	switch rng.Intn(3) {
	case 0: // subnormal or just above the smallest normal
		yk = kAdd(keyPosZero, 1+uint64(rng.Float64()*1.5*kSpan(keyPosZero, keyPosMinNormal(k))))
	case 1:
		yk = kAdd(keyPosMinNormal(k), uint64(rng.Intn(64)))
		yk = kSub(yk, uint64(rng.Intn(64)))
	default:
		span := kSpan(keyPosZero, keyMaxFinite(k))
		yk = kAdd(keyPosZero, 1+uint64(rng.Float64()*(span-1)))
	}
	if !kLess(keyPosZero, yk) {
		yk = kAdd(keyPosZero, 1)
	}
	y := valueOf(k, yk)
	// x: around y/2, y or 2y, a few ulps either way.
	var anchor arith.Word
	switch rng.Intn(3) {
	case 0:
		anchor = arith.FDiv(k, arith.NearestEven, y, fconst(k, 2))
	case 1:
		anchor = y
	default:
		anchor = arith.FMul(k, arith.NearestEven, y, fconst(k, 2))
	}
	ak, ok := keyOf(k, anchor)
	if !ok || !kLess(keyPosZero, ak) {
		ak = kAdd(keyPosZero, 1)
	}
	delta := uint64(rng.Intn(5))
	if rng.Intn(2) == 0 {
		ak = kAdd(ak, delta)
	} else if kLess(kAdd(keyPosZero, delta), ak) {
		ak = kSub(ak, delta)
	}
	if kLess(keyMaxFinite(k), ak) {
		ak = keyMaxFinite(k)
	}
	return valueOf(k, ak), y
}

// The rewritten query is equivalent to the original: on random and
// special inputs around the Sterbenz bounds (subnormals included, where
// y/2 rounds), both evaluate alike, in every mode and shape.
func TestSterbenzRewriteEquivalent(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	checked := 0
	for _, k := range []arith.Kind{arith.F32, arith.F64} {
		for _, m := range modes4 {
			for shape := 0; shape < 6; shape++ {
				e := newEnv(t)
				cons, arrs := sterbenzQuery(e, k, m, true, true, shape)
				roots := make([]Root, len(cons))
				for i, c := range cons {
					roots[i] = Root{E: c, Want: true}
				}
				n := newNetwork(cons)
				n.queueAll()
				for _, r := range n.roots {
					n.set(r, boolDom(false, true), false)
				}
				if !n.propagate(func() bool { return false }) {
					t.Fatalf("kind %v mode %v shape %d: refuted by propagation alone", k, m, shape)
				}
				rw, fired := n.rewrite(e.b, roots)
				if rw == nil || strings.Join(fired, ",") != "rw-sterbenz" {
					t.Fatalf("kind %v mode %v shape %d: rewritten by %v, want rw-sterbenz", k, m, shape, fired)
				}
				for trial := 0; trial < 4000; trial++ {
					x, y := sterbenzInput(rng, k)
					model := Model{}
					(&leaf{bytes: bytesOf(arrs[0], k)}).assign(model, x)
					(&leaf{bytes: bytesOf(arrs[1], k)}).assign(model, y)
					ev := expr.NewEvaluator(model)
					orig, re := true, true
					for _, c := range cons {
						orig = orig && ev.True(c)
					}
					for _, c := range rw {
						re = re && ev.True(c)
					}
					if orig != re {
						t.Fatalf("kind %v mode %v shape %d: x=%s y=%s: original %v, rewritten %v",
							k, m, shape, arith.Format(k, x), arith.Format(k, y), orig, re)
					}
					checked++
				}
			}
		}
	}
	t.Logf("%d inputs agree", checked)
}

// The original query's assertion part without the Sterbenz guard: the
// rewrite must not fire (it would refute a satisfiable query).
func TestSterbenzNeedsBothBounds(t *testing.T) {
	for _, lu := range [][2]bool{{true, false}, {false, true}, {false, false}} {
		e := newEnv(t)
		cons, _ := sterbenzQuery(e, arith.F32, arith.NearestEven, lu[0], lu[1], 0)
		roots := make([]Root, len(cons))
		for i, c := range cons {
			roots[i] = Root{E: c, Want: true}
		}
		n, ok := propagateOnly(cons...)
		if !ok {
			t.Fatalf("bounds %v: refuted by propagation", lu)
		}
		if _, fired := n.rewrite(e.b, roots); len(fired) > 0 {
			t.Errorf("bounds %v: rewritten by %v without the Sterbenz precondition", lu, fired)
		}
	}
}

func bytesOf(a *expr.Array, k arith.Kind) []byteRef {
	out := make([]byteRef, k.Bits()/8)
	for i := range out {
		out[i] = byteRef{a, uint64(i)}
	}
	return out
}
