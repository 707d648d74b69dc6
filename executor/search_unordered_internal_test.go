package executor

import (
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// TestUnorderedSide: the side of a branch condition that holds when a
// floating-point comparison in it is unordered (NaN): the false side of
// an ordered comparison and of a conjunction with one, the true side of
// an unordered comparison (C's !=) and of isnan; none for integer
// conditions and mixed ones.
func TestUnorderedSide(t *testing.T) {
	b := expr.NewBuilder()
	arr := b.NewArray("in", 20, nil)
	bits := func(off, n int) *expr.Expr {
		v := b.Byte(arr, uint64(off))
		for k := 1; k < n; k++ {
			v = b.Concat(b.Byte(arr, uint64(off+k)), v)
		}
		return v
	}
	x, y, i := b.FromBits(bits(0, 8), arith.F64), b.FromBits(bits(8, 8), arith.F64), bits(16, 4)
	lt := b.FCmp(arith.OLT, x, y)
	intc := b.ICmp(arith.ISLT, i, b.U64(3, 32))
	for _, c := range []struct {
		name string
		cond *expr.Expr
		want int
	}{
		{"x < y", lt, -1},
		{"x == y", b.FCmp(arith.OEQ, x, y), -1},
		{"x >= y", b.FCmp(arith.OGE, x, y), -1},
		{"x != y (une)", b.FCmp(arith.UNE, x, y), 1},
		{"!(x < y) (uge)", b.FCmp(arith.UGE, x, y), 1},
		{"isnan", b.FCmp(arith.UNO, x, x), 1},
		{"ordered (ord)", b.FCmp(arith.ORD, x, y), -1},
		{"x < y && i < 3", b.And(lt, intc), -1},
		{"x < y || i < 3", b.Or(lt, intc), 0},
		{"x != y || i < 3", b.Or(b.FCmp(arith.UNE, x, y), intc), 1},
		{"x < y || y < x (one)", b.FCmp(arith.ONE, x, y), -1},
		{"i < 3", intc, 0},
	} {
		if got := unorderedSide(c.cond, 4); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}
