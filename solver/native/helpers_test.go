package native

import (
	"math"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// env builds test queries over symbolic arrays, as the executor does:
// the little-endian bytes of an array concatenated and bitcast.
type env struct {
	t *testing.T
	b *expr.Builder
}

func newEnv(t *testing.T) *env { return &env{t: t, b: expr.NewBuilder()} }

func (e *env) sym(name string, k arith.Kind) (*expr.Expr, *expr.Array) {
	n := k.Bits() / 8
	a := e.b.NewArray(name, uint64(n), nil)
	v := e.b.Byte(a, 0)
	for i := 1; i < n; i++ {
		v = e.b.Concat(e.b.Byte(a, uint64(i)), v)
	}
	return e.b.FromBits(v, k), a
}

func fconst(k arith.Kind, x float64) arith.Word {
	switch k {
	case arith.F32:
		return arith.FromFloat32(float32(x))
	case arith.F64:
		return arith.FromFloat64(x)
	}
	return arith.F80FromFloat64(x)
}

func (e *env) c(k arith.Kind, x float64) *expr.Expr { return e.b.FConst(k, fconst(k, x)) }

func (e *env) bin(op expr.Op, x, y *expr.Expr) *expr.Expr {
	return e.b.FBin(op, arith.NearestEven, x, y)
}

func toF64(k arith.Kind, w arith.Word) float64 {
	switch k {
	case arith.F32:
		return float64(math.Float32frombits(uint32(w.Lo)))
	case arith.F64:
		return math.Float64frombits(w.Lo)
	}
	return arith.F80ToFloat64(w)
}

// solve runs Solve on constraints that must all hold, with a work budget
// of ms nominal milliseconds (Ms).
func (e *env) solve(ms int64, arrays []*expr.Array, cons ...*expr.Expr) Answer {
	var roots []Root
	for _, c := range cons {
		roots = append(roots, Root{E: c, Want: true})
	}
	ans := Solve(roots, arrays, e.b, Ms(ms), 1)
	if ans.Result == Sat {
		ev := expr.NewEvaluator(ans.Model)
		for i, c := range cons {
			if !ev.True(c) {
				e.t.Fatalf("SAT model violates constraint %d: %s", i, c)
			}
		}
	}
	return ans
}

// valueIn reads the value of x (a FromBits of array bytes) in model m.
func valueIn(m Model, x *expr.Expr) arith.Word {
	return expr.NewEvaluator(m).Eval(x)
}

// propagateOnly builds the network of roots (asserted true) and
// propagates; it returns the network and whether it stayed consistent.
func propagateOnly(roots ...*expr.Expr) (*network, bool) {
	n := newNetwork(roots)
	n.queueAll()
	for _, r := range n.roots {
		n.set(r, boolDom(false, true), false)
	}
	ok := n.propagate(func() bool { return false })
	return n, ok
}

func (n *network) domOf(e *expr.Expr) Dom { return n.dom[n.index[e]] }
