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

// TestExactLibm evaluates the symbolic libm models on concrete values and
// compares them with glibc's own results (hostc calls the host's libm in
// the same rounding mode): float, double and long double, special and
// random values (long double: pseudo-NaNs, unnormals, pseudo-denormals
// too), every rounding mode, with the exception flags of the families that
// have them (exactFlags). Float results compare bit for bit, except
// that any NaN matches any NaN (symbolic NaNs have no payload).
func TestExactLibm(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for fam, m := range exactFamilies {
		for _, k := range flagKinds {
			name, v := hostLibm(t, fam, k)
			b := expr.NewBuilder()
			yk := k
			if v.Sig == hostc.SigTLD {
				yk = arith.F80 // nexttoward's y
			}
			x, y := newSymFP(b, "x", k), newSymFP(b, "y", yk)
			e := &Executor{B: b}
			vals := flagValues(k, r, 60)
			vals80 := flagValues(arith.F80, r, 20)
			if k == arith.F80 {
				vals = append(vals, arith.Word{Lo: 0x8000000000000000, Hi: 0}, arith.Word{Lo: 0, Hi: 0x7fff}, arith.Word{Lo: 0x123, Hi: 0x7fff},
					arith.Word{Lo: 0x4000000000000000, Hi: 0x4000}, arith.Word{Lo: 0x8000000000000001, Hi: 0x8000},
					// largest subnormals (the step into the normals), an
					// unnormal in [1/2, 1), pseudo-denormals, an unnormal
					// with a zero low word
					arith.Word{Lo: 1<<63 - 1, Hi: 0}, arith.Word{Lo: 1<<63 - 1, Hi: 0x8000}, arith.Word{Lo: 0x1234, Hi: 0x3ffe},
					arith.Word{Lo: 1<<63 | 5, Hi: 0}, arith.Word{Lo: 1 << 63, Hi: 0x8000}, arith.Word{Lo: 0x7fffffff00000000, Hi: 0x4001})
			}
			for _, rm := range flagModes {
				t.Run(fmt.Sprintf("%s/%s", name, rm), func(t *testing.T) {
					s := &State{RM: rm, Mem: memory.NewSpace()}
					s.Mem.B = b
					eo, err := s.Mem.Alloc(memory.Global, 4, "errno")
					if err != nil {
						t.Fatal(err)
					}
					s.Errno = eo.Address()
					bad, checked := 0, 0
					defer func() {
						if checked == 0 {
							t.Errorf("%s: no value checked", name)
						}
					}()
					for i, a := range vals {
						c := vals[(i*7+3)%len(vals)]
						if i%5 == 0 {
							c = a
						}
						if i%5 == 1 {
							c = arith.FNeg(k, a)
						}
						if yk != k {
							// y in long double: x itself, or a neighbour of it
							// no float of kind k equals, or an x87 special.
							c = arith.FPExt(k, arith.F80, c)
							switch i % 4 {
							case 1:
								c = nextUp(arith.F80, c)
							case 2:
								c = nextDown(arith.F80, c)
							case 3:
								c = vals80[i%len(vals80)]
							}
						}
						for _, n := range []int64{0, 1, -1, 10, -1000, 1000, int64(i % 40), 3000, -40000} {
							if (v.Sig != hostc.SigTInt && v.Sig != hostc.SigTLong) && n != 0 {
								continue
							}
							xe := []*expr.Expr{x.x, y.x}
							vs := []Value{{E: x.x}, {E: y.x}}
							res, ok := m.fn(e, s, k, vs, xe, n)
							if ok {
								checked++
							}
							if !ok {
								continue
							}
							asg := bytesAssignment{}
							x.bind(asg, a)
							y.bind(asg, c)
							// One evaluator per assignment: the flags and errno
							// share most of their subexpressions with res.
							ev := expr.NewEvaluator(asg)
							got := ev.Eval(res)
							h := hostc.Call(v.Fn, k, rm, a, c, arith.Word{}, n)
							if ff, ok := exactFlags[fam]; ok {
								fl := ff(e, s, k, vs, xe, res, n)
								for fi, g := range arith.FlagList {
									raised := fl[fi] != nil && ev.Eval(fl[fi]).Lo&1 == 1
									if want := arith.Flags(h.Except)&g != 0; raised != want {
										bad++
										if bad <= 6 {
											t.Errorf("%s(%s, %s, %d): %s %v, glibc %v", name, arith.Format(k, a), arith.Format(yk, c), n, g, raised, want)
										}
									}
								}
							}
							if _, ex, _ := s.Mem.LoadExpr(s.Errno, 4); ex != nil {
								if en := int(ev.Eval(ex).Lo); en != h.Errno {
									bad++
									t.Errorf("%s(%s, %d): errno %d, glibc %d", name, arith.Format(k, a), n, en, h.Errno)
								}
							} else if h.Errno != 0 {
								bad++
								t.Errorf("%s(%s, %d): errno 0, glibc %d", name, arith.Format(k, a), n, h.Errno)
							}
							s.Mem.Store(s.Errno, 4, arith.Word{})
							var want arith.Word
							same := false
							switch v.Sig {
							case hostc.SigInt:
								want = arith.Word{Lo: uint64(uint32(int32(h.I)))}
								same = got == want
							case hostc.SigLong:
								want = arith.Word{Lo: uint64(h.I)}
								same = got == want
							default:
								want = h.W
								same = got == want || (arith.IsNaN(k, got) && arith.IsNaN(k, want))
							}
							if !same {
								bad++
								if bad <= 6 {
									t.Errorf("%s(%s, %s, %d) = %#x:%#x, glibc %#x:%#x", name, arith.Format(k, a), arith.Format(k, c), n, got.Hi, got.Lo, want.Hi, want.Lo)
								}
							}
						}
					}
				})
			}
		}
	}
}

// TestRemFlags compares the symbolic flags of fmod and remainder (used
// with the flags tracked) with the flags glibc raised, float, double and
// long double (x87 encodings included), every rounding mode.
func TestRemFlags(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for _, fam := range []string{"fmod", "remainder"} {
		for _, k := range flagKinds {
			name, v := hostLibm(t, fam, k)
			b := expr.NewBuilder()
			x, y := newSymFP(b, "x", k), newSymFP(b, "y", k)
			e := &Executor{B: b}
			fl := e.remFlags(k, x.x, y.x, e.snanExpr(k, x.x), e.snanExpr(k, y.x))
			pairs := exactPairs(k, r, 40)
			for _, rm := range flagModes {
				bad := 0
				for _, p := range pairs {
					asg := bytesAssignment{}
					x.bind(asg, p[0])
					y.bind(asg, p[1])
					h := hostc.Call2(v.Fn, k, rm, p[0], p[1])
					ev := expr.NewEvaluator(asg)
					for i, g := range arith.FlagList {
						raised := fl[i] != nil && ev.Eval(fl[i]).Lo&1 == 1
						if want := arith.Flags(h.Except)&g != 0; raised != want {
							bad++
							if bad <= 6 {
								t.Errorf("%s(%s, %s) %s: %s %v, glibc %v", name, arith.Format(k, p[0]), arith.Format(k, p[1]), rm, g, raised, want)
							}
						}
					}
				}
			}
		}
	}
}

// TestScalbnSymbolic evaluates scalbn, scalbln and ldexp with a symbolic
// exponent (scalbnSym) and compares them with glibc, float, double and
// long double, every rounding mode, exponents up to ±2^31 (±2^63 for
// scalbln) and around the clamping bound.
func TestScalbnSymbolic(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for _, fam := range []string{"scalbn", "scalbln", "ldexp"} {
		for _, k := range flagKinds {
			name, v := hostLibm(t, fam, k)
			long := v.Sig == hostc.SigTLong
			b := expr.NewBuilder()
			x := newSymFP(b, "x", k)
			nw := 4
			if long {
				nw = 8
			}
			narr := b.NewArray("n", uint64(nw), nil)
			n := b.Byte(narr, 0)
			for i := 1; i < nw; i++ {
				n = b.Concat(b.Byte(narr, uint64(i)), n)
			}
			e := &Executor{B: b}
			emin, emax := kindParams(k)
			L := int64(emax - emin + k.Precision() + 2)
			ns := []int64{0, 1, -1, 2, -2, int64(emax), int64(emin), int64(-emax), int64(-emin), L, -L, L + 1, -L - 1, L - 1, -L + 1,
				2 * int64(emax), 2 * int64(emin), 1<<31 - 1, -1 << 31, 100000, -100000}
			// Around the overflow and underflow thresholds of the values.
			p := int64(k.Precision())
			for _, d := range []int64{-2, -1, 0, 1, 2} {
				ns = append(ns, int64(emax)+d, int64(emin)+d, int64(emin)-p+d, int64(-emax)-p+d, int64(emax-emin)+d, int64(emin-emax)+d)
			}
			if long {
				ns = append(ns, 1<<63-1, -1<<63, 1<<40, -1<<40)
			}
			for i := 0; i < 30; i++ {
				ns = append(ns, r.Int64N(2*L+20)-L-10)
			}
			vals := flagValues(k, r, 40)
			for _, rm := range flagModes {
				s := &State{RM: rm}
				res := e.scalbnSym(s, k, x.x, n, long)
				fl, fres := e.scalbnSymFlags(s, k, x.x, n, e.snanExpr(k, x.x), long)
				if fres != res {
					t.Errorf("%s %s: scalbnSymFlags builds another result", name, rm)
				}
				bad := 0
				for _, a := range vals {
					for _, nv := range ns {
						if !long {
							nv = int64(int32(nv))
						}
						asg := bytesAssignment{}
						x.bind(asg, a)
						nb := make([]byte, nw)
						for i := range nb {
							nb[i] = byte(uint64(nv) >> (8 * i))
						}
						asg[narr] = nb
						// One evaluator per assignment: the flags share
						// most of their subexpressions with res.
						ev := expr.NewEvaluator(asg)
						got := ev.Eval(res)
						h := hostc.Call(v.Fn, k, rm, a, arith.Word{}, arith.Word{}, nv)
						if got != h.W && !(arith.IsNaN(k, got) && arith.IsNaN(k, h.W)) {
							bad++
							if bad <= 6 {
								t.Errorf("%s(%s, %d) %s = %#x:%#x, glibc %#x:%#x", name, arith.Format(k, a), nv, rm, got.Hi, got.Lo, h.W.Hi, h.W.Lo)
							}
						}
						for fi, g := range arith.FlagList {
							raised := fl[fi] != nil && ev.Eval(fl[fi]).Lo&1 == 1
							if want := arith.Flags(h.Except)&g != 0; raised != want {
								bad++
								if bad <= 6 {
									t.Errorf("%s(%s, %d) %s: %s %v, glibc %v", name, arith.Format(k, a), nv, rm, g, raised, want)
								}
							}
						}
					}
				}
			}
		}
	}
}

// TestSymbolicLibmModels evaluates the expression models of the libm
// functions that are operations of the expression language (symbolicLibm:
// fabs, copysign, sqrt, fma, fmod, remainder, floor, ceil, trunc, round,
// roundeven, rint, nearbyint) and compares them with glibc's own results,
// float, double and long double (x87 encodings included), every rounding
// mode; any NaN matches any NaN.
func TestSymbolicLibmModels(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	for fam, key := range symbolicLibm {
		m := fpModels[key]
		for _, k := range flagKinds {
			name, v := hostLibm(t, fam, k)
			b := expr.NewBuilder()
			xs := []symFP{newSymFP(b, "x", k), newSymFP(b, "y", k), newSymFP(b, "z", k)}
			args := []*expr.Expr{xs[0].x, xs[1].x, xs[2].x}[:m.n]
			pairs := exactPairs(k, r, 30)
			for _, rm := range flagModes {
				res := m.sym(b, rm, args)
				bad := 0
				for i, p := range pairs {
					in := [3]arith.Word{p[0], p[1], pairs[(i*3+1)%len(pairs)][0]}
					asg := bytesAssignment{}
					for j := range xs {
						xs[j].bind(asg, in[j])
					}
					got := expr.NewEvaluator(asg).Eval(res)
					h := hostc.Call(v.Fn, k, rm, in[0], in[1], in[2], 0)
					if got != h.W && !(arith.IsNaN(k, got) && arith.IsNaN(k, h.W)) {
						bad++
						if bad <= 4 {
							t.Errorf("%s(%s, %s, %s) %s = %#x:%#x, glibc %#x:%#x", name, arith.Format(k, in[0]), arith.Format(k, in[1]),
								arith.Format(k, in[2]), rm, got.Hi, got.Lo, h.W.Hi, h.W.Lo)
						}
					}
				}
			}
		}
	}
}

// hostLibm is glibc's function of family fam for kind k, from hostc.
func hostLibm(t *testing.T, fam string, k arith.Kind) (string, hostc.Variant) {
	t.Helper()
	name := libmName(fam, k)
	v, ok := hostc.Lookup(name)
	if !ok {
		t.Fatalf("hostc has no %s", name)
	}
	return name, v
}
