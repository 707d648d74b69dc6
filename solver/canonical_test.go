package solver

import (
	"bytes"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// TestCanonicalModel: the canonical model satisfies the path condition
// and is the same for the same constraints asked twice, of two solvers
// (whatever each answered before); an unsatisfiable path condition has
// none.
func TestCanonicalModel(t *testing.T) {
	e := newEnv(t)
	x, ax := e.sym("x", arith.F64)
	y, ay := e.sym("y", arith.F32)
	cases := []struct {
		name   string
		cs     []*expr.Expr
		arrays []*expr.Array
		ok     bool
	}{
		{"interval", []*expr.Expr{e.gt(x, e.c(arith.F64, 1)), e.lt(x, e.c(arith.F64, 2))}, []*expr.Array{ax}, true},
		{"sum", []*expr.Expr{e.oeq(e.add(y, e.c(arith.F32, 1)), e.c(arith.F32, 3))}, []*expr.Array{ay}, true},
		{"unsat", []*expr.Expr{e.gt(x, e.c(arith.F64, 2)), e.lt(x, e.c(arith.F64, 1))}, []*expr.Array{ax}, false},
	}
	s1, s2 := e.solver(Config{}), e.solver(Config{})
	defer s1.Close()
	defer s2.Close()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			// Other queries first on one solver: the canonical model must
			// not depend on them.
			if _, err := s1.GetModel(c.cs[:1], c.arrays); err != nil {
				t.Fatal(err)
			}
			m1, ok1 := s1.CanonicalModel(c.cs, c.arrays)
			m2, ok2 := s2.CanonicalModel(c.cs, c.arrays)
			if ok1 != c.ok || ok2 != c.ok {
				t.Fatalf("ok %v and %v, want %v", ok1, ok2, c.ok)
			}
			if !c.ok {
				return
			}
			q := &query{constraints: c.cs, arrays: c.arrays}
			if ok, i := q.holds(expr.NewEvaluator(m1)); !ok {
				t.Fatalf("the canonical model violates constraint %d", i)
			}
			for _, a := range c.arrays {
				if !bytes.Equal(m1[a], m2[a]) || len(m1[a]) != int(a.Size) {
					t.Errorf("%s: %x and %x", a.Name, m1[a], m2[a])
				}
			}
		})
	}
}
