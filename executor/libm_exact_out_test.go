package executor

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/hostc"
	"github.com/floatsym/floatsym/memory"
	"github.com/floatsym/floatsym/solver/expr"
)

// exactPairs are argument pairs for the two-argument models: the special
// and random values of flagValues paired with each other, plus x = (m +
// 1/2)·y and its neighbours for random y (remquo's and remainder's ties
// and the quotient's low bits), and x = y·2^j (huge and tiny quotients).
func exactPairs(k arith.Kind, r *rand.Rand, n int) [][2]arith.Word {
	vs := flagValues(k, r, n)
	var ps [][2]arith.Word
	for i, a := range vs {
		ps = append(ps, [2]arith.Word{a, vs[(i*7+3)%len(vs)]}, [2]arith.Word{vs[(i*5+1)%len(vs)], a}, [2]arith.Word{a, a}, [2]arith.Word{a, arith.FNeg(k, a)})
	}
	half := arith.FDiv(k, arith.NearestEven, pow2(k, 0), pow2(k, 1))
	for i := 0; i < n; i++ {
		y := vs[len(vs)-1-i]
		if arith.IsNaN(k, y) || arith.IsInf(k, y) || arith.IsZero(k, y) {
			continue
		}
		for _, m := range []int64{0, 1, 2, 3, 4, 5, 6, 7, 8, 11, 15, 16, 1000001, -3, -8} {
			q := arith.FAdd(k, arith.NearestEven, arith.SIToFP(64, k, arith.NearestEven, arith.Word{Lo: uint64(m)}), half)
			x := arith.FMul(k, arith.NearestEven, y, q)
			ps = append(ps, [2]arith.Word{x, y}, [2]arith.Word{nextUp(k, x), y}, [2]arith.Word{nextDown(k, x), y})
		}
		for _, j := range []int{3, 10, 60, 200, -3, -60} {
			ps = append(ps, [2]arith.Word{arith.FMul(k, arith.NearestEven, y, pow2(k, j)), y})
		}
	}
	return ps
}

// TestExactLibmOut evaluates the symbolic frexp, modf and remquo models
// (result, the value stored through the pointer, and whether it is
// stored) with expr.Evaluator and compares them with glibc's own calls
// (hostc) in every rounding mode, float, double and long double: results
// bit for bit (any NaN matches any NaN: the FP theory has one), the
// stored exponent and quotient exactly, the integral part bit for bit,
// whether remquo writes *quo at all, and the exception flags raised.
func TestExactLibmOut(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for fam, m := range outFamilies {
		for _, k := range flagKinds {
			name, v := hostLibm(t, fam, k)
			b := expr.NewBuilder()
			x, y := newSymFP(b, "x", k), newSymFP(b, "y", k)
			e := &Executor{B: b}
			pairs := exactPairs(k, r, 80)
			for _, rm := range flagModes {
				t.Run(fmt.Sprintf("%s/%s", name, rm), func(t *testing.T) {
					s := &State{RM: rm, Mem: memory.NewSpace()}
					s.Mem.B = b
					res, out, store, fl := m.fn(e, s, k, []Value{{E: x.x}, {E: y.x}}[:m.nf], []*expr.Expr{x.x, y.x}[:m.nf])
					bad := 0
					for _, p := range pairs {
						asg := bytesAssignment{}
						x.bind(asg, p[0])
						y.bind(asg, p[1])
						ev := expr.NewEvaluator(asg)
						got, gotOut, gotStore := ev.Eval(res), ev.Eval(out), ev.Eval(store).Lo&1 == 1
						h := hostc.Call2(v.Fn, k, rm, p[0], p[1])
						if h.Errno != 0 {
							t.Errorf("%s(%s, %s) sets errno %d: the model sets none", name, arith.Format(k, p[0]), arith.Format(k, p[1]), h.Errno)
						}
						same := got == h.W || (arith.IsNaN(k, got) && arith.IsNaN(k, h.W))
						var wantOut arith.Word
						wantStore := true
						switch fam {
						case "modf":
							wantOut = h.W2
							same = same && (gotOut == wantOut || (arith.IsNaN(k, gotOut) && arith.IsNaN(k, wantOut)))
						case "remquo":
							wantStore = h.I != hostc.QuoUnwritten
							wantOut = arith.Word{Lo: uint64(uint32(int32(h.I)))}
							same = same && gotStore == wantStore && (!wantStore || gotOut == wantOut)
						default:
							wantOut = arith.Word{Lo: uint64(uint32(int32(h.I)))}
							same = same && gotOut == wantOut
						}
						for i, g := range arith.FlagList {
							raised := fl[i] != nil && ev.Eval(fl[i]).Lo&1 == 1
							if want := arith.Flags(h.Except)&g != 0; raised != want {
								bad++
								if bad <= 8 {
									t.Errorf("%s(%s, %s): %s %v, glibc %v", name, arith.Format(k, p[0]), arith.Format(k, p[1]), g, raised, want)
								}
							}
						}
						if !same {
							bad++
							if bad <= 8 {
								t.Errorf("%s(%s, %s) = %#x:%#x, out %#x:%#x (stored %v); glibc %#x:%#x, out %#x:%#x (stored %v)", name,
									arith.Format(k, p[0]), arith.Format(k, p[1]), got.Hi, got.Lo, gotOut.Hi, gotOut.Lo, gotStore,
									h.W.Hi, h.W.Lo, wantOut.Hi, wantOut.Lo, wantStore)
							}
						}
					}
					if bad > 0 {
						t.Errorf("%s: %d of %d pairs differ", name, bad, len(pairs))
					}
				})
			}
		}
	}
}
