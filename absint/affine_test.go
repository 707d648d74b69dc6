package absint

import (
	"math"
	"math/big"
	"math/rand"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
)

// TestAffineEncloses checks every affine rule of the subdivision
// (affine.go) against internal/arith: operand forms over three shared
// symbols, concrete operands at random and boundary symbol values (±1,
// 0) rounded to the kind, with magnitudes from subnormal to near
// overflow; the concrete result fl_m(x op y) in each of the four modes
// must lie in the result form at those symbol values (its own symbol
// and unshared remainder anywhere), whenever the rule gives a form. The
// directed bound (nearest false) is checked in every mode, the
// half-ulp one in the mode to nearest only.
func TestAffineEncloses(t *testing.T) {
	r := rand.New(rand.NewSource(23))
	const own = int32(10)
	checked := 0
	for _, k := range kinds {
		for m := arith.RoundingMode(0); m < 4; m++ {
			for _, nearest := range []bool{false, true} {
				if nearest && m != arith.NearestEven {
					continue
				}
				for it := 0; it < 1500; it++ {
					eps := make([]float64, 3)
					for j := range eps {
						switch r.Intn(4) {
						case 0:
							eps[j] = float64(r.Intn(3) - 1)
						default:
							eps[j] = r.Float64()*2 - 1
						}
					}
					scale := math.Ldexp(1, []int{-1070, -140, -20, 0, 0, 0, 10, 60, 120, 1000}[r.Intn(10)])
					x, xk, ok1 := randForm(r, k, eps, scale)
					y, yk, ok2 := randForm(r, k, eps, scale)
					z, zk, ok3 := randForm(r, k, eps, scale)
					if !ok1 || !ok2 || !ok3 {
						continue
					}
					op := r.Intn(7)
					var h *aff
					var ok bool
					var want []arith.Word
					switch op {
					case 0:
						h, ok = afRound(afCombine(x, y, 1, 1), 0, k, nearest, false, own)
						want = []arith.Word{arith.FAdd(k, m, xk, yk)}
					case 1:
						h, ok = afRound(afCombine(x, y, 1, -1), 0, k, nearest, false, own)
						want = []arith.Word{arith.FSub(k, m, xk, yk)}
					case 2:
						g, rem := afMul(x, y, false)
						h, ok = afRound(g, rem, k, nearest, false, own)
						want = []arith.Word{arith.FMul(k, m, xk, yk)}
					case 3:
						g, rem := afMul(x, x, true)
						h, ok = afRound(g, rem, k, nearest, false, own)
						want = []arith.Word{arith.FMul(k, m, xk, xk)}
					case 4:
						if g, rem, okd := afDiv(x, y); okd {
							h, ok = afRound(g, rem, k, nearest, false, own)
						}
						want = []arith.Word{arith.FDiv(k, m, xk, yk)}
					case 5:
						h, ok = afFMA(x, y, z, k, nearest, own)
						want = []arith.Word{arith.FMA(k, m, xk, yk, zk),
							arith.FAdd(k, m, arith.FMul(k, m, xk, yk), zk)}
					case 6:
						if k != arith.F64 {
							continue
						}
						h, ok = afRound(x, 0, arith.F32, nearest, false, own)
						want = []arith.Word{arith.FPTrunc(k, arith.F32, m, xk)}
					}
					if !ok {
						continue
					}
					rk := k
					if op == 6 {
						rk = arith.F32
					}
					for _, w := range want {
						if arith.IsNaN(rk, w) || arith.IsInf(rk, w) {
							t.Fatalf("%v %v op %d: the form is finite but the result is %s", k, m, op, arith.Format(rk, w))
						}
						if !formHolds(h, own, eps, ratOfWord(rk, w)) {
							lo, hi, _ := h.bounds()
							t.Fatalf("%v mode %v nearest %v op %d: %s (x=%s y=%s z=%s) not in the form [%g, %g]",
								k, m, nearest, op, arith.Format(rk, w), arith.Format(k, xk), arith.Format(k, yk),
								arith.Format(k, zk), lo, hi)
						}
						checked++
					}
				}
			}
		}
	}
	if checked < 5000 {
		t.Fatalf("only %d results checked", checked)
	}
	t.Logf("%d concrete results enclosed", checked)
}

// randForm draws a form over symbols 0..2 and a concrete value of kind k
// it encloses at eps (the rounding of its value there, the gap put in
// the unshared remainder).
func randForm(r *rand.Rand, k arith.Kind, eps []float64, scale float64) (*aff, arith.Word, bool) {
	f := &aff{c: (r.Float64()*2 - 1) * scale}
	if r.Intn(5) == 0 {
		f.c = scale
	}
	for j := 0; j < 3; j++ {
		if r.Intn(3) > 0 {
			f.sym = append(f.sym, int32(j))
			f.a = append(f.a, (r.Float64()*2-1)*scale*math.Ldexp(1, -r.Intn(30)))
		}
	}
	v := new(big.Rat).SetFloat64(f.c)
	for i, s := range f.sym {
		v.Add(v, new(big.Rat).Mul(ratOf(f.a[i]), ratOf(eps[s])))
	}
	vf, _ := v.Float64()
	w := f64Word(k, vf, false)
	if k == arith.F32 {
		w = arith.FPTrunc(arith.F64, arith.F32, arith.NearestEven, arith.FromFloat64(vf))
	}
	if arith.IsInf(k, w) || arith.IsNaN(k, w) {
		return nil, w, false
	}
	gap := new(big.Rat).Sub(ratOfWord(k, w), v)
	g, _ := gap.Abs(gap).Float64()
	f.r = afUp(g) + afTiny
	return f, w, true
}

// formHolds reports |x − (c + Σ_shared a·ε)| ≤ Σ_own |a| + r, exactly.
func formHolds(h *aff, own int32, eps []float64, x *big.Rat) bool {
	centre := new(big.Rat).SetFloat64(h.c)
	slack := new(big.Rat).SetFloat64(h.r)
	for i, s := range h.sym {
		a := ratOf(h.a[i])
		if s < own && int(s) < len(eps) {
			centre.Add(centre, a.Mul(a, ratOf(eps[s])))
		} else {
			slack.Add(slack, a.Abs(a))
		}
	}
	d := new(big.Rat).Sub(x, centre)
	return d.Abs(d).Cmp(slack) <= 0
}
