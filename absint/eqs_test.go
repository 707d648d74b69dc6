package absint

import (
	"math/rand"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
)

// TestEqBackEncloses checks the cell equations' backward step against
// internal/arith: for random abstract x and y (random and boundary
// values, every kind) and concrete members, d = fl_m(x op y) in every
// rounding mode, and an abstract d around it (the branch's refinement:
// a random interval holding d, or d's half line), the refined x and y
// must still hold the concrete operands. It also checks that the step
// refines at all on a case it must (a rate limiter's delta > 100).
func TestEqBackEncloses(t *testing.T) {
	r := rand.New(rand.NewSource(23))
	a := &Analyzer{}
	cx, cy, cd := eqCell{0, 0}, eqCell{1, 0}, eqCell{2, 0}
	mk := func(k arith.Kind, op FBinOp, x, y, d FVal) *state {
		s := &state{mem: memory{}}
		for i, v := range []FVal{x, y, d} {
			s.mem[int32(i)] = &objMem{cells: map[int64]cell{0: {nil, fltVal(v)}}}
		}
		s.eqs = eqs{cd: {op: op, x: cx, y: cy, k: k}}
		return s
	}
	checked := 0
	for _, k := range kinds {
		for it := 0; it < 1500; it++ {
			op := FAdd
			if r.Intn(2) == 0 {
				op = FSub
			}
			xv, xs := randAbs(r, k)
			yv, ys := randAbs(r, k)
			for _, x := range xs {
				for _, y := range ys {
					for m := arith.RoundingMode(0); m < 4; m++ {
						d := concrete(op, k, m, x, y)
						if arith.IsNaN(k, d) {
							continue
						}
						// An abstract d holding d: a random interval
						// around it, or a half line.
						dv := FConst(k, d)
						switch r.Intn(3) {
						case 0:
							dv = dv.JoinPoint(randFloat(r, k))
						case 1:
							dv = aboveEq(k, d)
							if arith.IsInf(k, d) {
								dv = FConst(k, d)
							}
						case 2:
							dv = belowEq(k, d)
							if arith.IsInf(k, d) {
								dv = FConst(k, d)
							}
						}
						dv.NaN = false
						if !dv.Contains(d) {
							continue
						}
						s := mk(k, op, xv, yv, dv)
						a.backEq(s, cd)
						nx, _ := cellFloat(s, cx, k)
						ny, _ := cellFloat(s, cy, k)
						if !nx.Contains(x) || !ny.Contains(y) {
							t.Fatalf("%v %v mode %v: x=%v y=%v d=%v in %v: refined x %v (from %v), y %v (from %v)",
								k, op, m, x, y, d, dv, nx, xv, ny, yv)
						}
						checked++
					}
				}
			}
		}
	}
	t.Logf("%d concrete cases enclosed", checked)
	// The rate limiter: x in [-128, 128], y in [-128, 128], delta =
	// fl(x − y) > 100 (>= succ(100)): y <= 28.
	k := arith.F32
	f := func(v float64) arith.Word { return conv64(k, v) }
	before := a.eqRefined
	s := mk(k, FSub, FRange(k, f(-128), f(128)), FRange(k, f(-128), f(128)), FRange(k, succF(k, f(100)), f(256)))
	a.backEq(s, cd)
	ny, _ := cellFloat(s, cy, k)
	if ny.Hi != f(28) || a.eqRefined == before {
		t.Errorf("rate limiter: y refined to %v, want [-128, 28]", ny)
	}
}
