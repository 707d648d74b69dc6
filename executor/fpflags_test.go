package executor

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// The symbolic flag conditions (fpflags.go), evaluated on concrete operands,
// against the flags the hardware raises (arith's *Flags functions, which
// the arith tests check against the hwref oracle): every operation kind,
// every float kind and rounding mode, over special values, random values
// and values whose results land next to the overflow and underflow
// thresholds.

type bytesAssignment map[*expr.Array][]byte

func (a bytesAssignment) Byte(arr *expr.Array, i uint64) byte { return a[arr][i] }

// symFP is a symbolic float of kind k read from its own array.
type symFP struct {
	arr *expr.Array
	x   *expr.Expr
	k   arith.Kind
}

func newSymFP(b *expr.Builder, name string, k arith.Kind) symFP {
	n := k.Bits() / 8
	arr := b.NewArray(name, uint64(n), nil)
	bits := b.Byte(arr, 0)
	for i := 1; i < n; i++ {
		bits = b.Concat(b.Byte(arr, uint64(i)), bits)
	}
	return symFP{arr, b.FromBits(bits, k), k}
}

func (s symFP) bind(a bytesAssignment, w arith.Word) {
	n := s.k.Bits() / 8
	buf := make([]byte, n)
	for i := 0; i < n; i++ {
		if i < 8 {
			buf[i] = byte(w.Lo >> (8 * i))
		} else {
			buf[i] = byte(w.Hi >> (8 * (i - 8)))
		}
	}
	a[s.arr] = buf
}

var flagKinds = []arith.Kind{arith.F32, arith.F64, arith.F80}
var flagModes = []arith.RoundingMode{arith.NearestEven, arith.Downward, arith.Upward, arith.TowardZero}

// flagValues returns special values of k, random ones, and for each
// random x a partner that makes x*y or x/y land near the smallest normal
// or the largest finite value.
func flagValues(k arith.Kind, r *rand.Rand, n int) []arith.Word {
	emin, emax := kindParams(k)
	conv := func(x float64) arith.Word {
		switch k {
		case arith.F32:
			return arith.FromFloat32(float32(x))
		case arith.F64:
			return arith.FromFloat64(x)
		}
		return arith.F80FromFloat64(x)
	}
	vs := []arith.Word{}
	for _, x := range []float64{0, 1, -1, 0.5, 3, 1.0 / 3, 2, 0x1p31, -0x1p31, 0x1p31 - 1, 0x1p32, 0x1p63, 0x1p64, -0x1p63,
		0x1p63 + 0x1p40, 1.5, -2.5, 1e10, math.Inf(1), math.Inf(-1), math.NaN()} {
		vs = append(vs, conv(x), arith.FNeg(k, conv(x)))
	}
	minN, maxF := pow2(k, emin), arith.FSub(k, arith.NearestEven, arith.FMul(k, arith.NearestEven, pow2(k, emax), conv(2)), arith.Word{})
	_ = maxF
	one := conv(1)
	sub := arith.FDiv(k, arith.NearestEven, minN, conv(3))
	vs = append(vs, minN, arith.FNeg(k, minN), sub, pow2(k, emax), arith.FMul(k, arith.NearestEven, minN, conv(1.5)))
	switch k {
	case arith.F32:
		vs = append(vs, arith.Word{Lo: 0x7f800001}, arith.Word{Lo: 0xffa00000}, arith.Word{Lo: 0x7f7fffff}, arith.Word{Lo: 0x1}, arith.Word{Lo: 0x7fffff})
	case arith.F64:
		vs = append(vs, arith.Word{Lo: 0x7ff0000000000001}, arith.Word{Lo: 0xfff4000000000000}, arith.Word{Lo: 0x7fefffffffffffff}, arith.Word{Lo: 1}, arith.Word{Lo: 0xfffffffffffff})
	default:
		vs = append(vs, arith.Word{Lo: 0x8000000000000001, Hi: 0x7fff}, arith.Word{Lo: 0x4000000000000000, Hi: 0x7fff}, // sNaN, pseudo-NaN
			arith.Word{Lo: 0x1234, Hi: 0x3fff}, // unnormal
			arith.Word{Lo: 0x8000000000000000, Hi: 0},
			arith.Word{Lo: 0xffffffffffffffff, Hi: 0x7ffe}, arith.Word{Lo: 1, Hi: 0})
	}
	_ = one
	for i := 0; i < n; i++ {
		var w arith.Word
		switch k {
		case arith.F32:
			w = arith.Word{Lo: uint64(r.Uint32())}
		case arith.F64:
			w = arith.Word{Lo: r.Uint64()}
		default:
			w = arith.Word{Lo: r.Uint64() | 1<<63, Hi: uint64(r.IntN(0x10000))}
		}
		vs = append(vs, w)
	}
	return vs
}

// flagPairs pairs the values and adds threshold pairs: y = t/x rounded
// (and its neighbours), so x*y is next to t, for t = MIN_NORMAL and MAX.
func flagPairs(k arith.Kind, r *rand.Rand, n int) [][2]arith.Word {
	vs := flagValues(k, r, n)
	var ps [][2]arith.Word
	for i, a := range vs {
		ps = append(ps, [2]arith.Word{a, vs[(i*7+3)%len(vs)]}, [2]arith.Word{vs[(i*5+1)%len(vs)], a})
	}
	emin, emax := kindParams(k)
	for i := 0; i < n; i++ {
		x := vs[len(vs)-1-i%n]
		if arith.IsNaN(k, x) || arith.IsInf(k, x) || arith.IsZero(k, x) {
			continue
		}
		x = arith.FAbs(k, x)
		for _, t := range []arith.Word{pow2(k, emin), pow2(k, emax)} {
			y := arith.FDiv(k, arith.NearestEven, t, x)
			if arith.IsInf(k, y) || arith.IsZero(k, y) {
				continue
			}
			ps = append(ps, [2]arith.Word{x, y}, [2]arith.Word{x, nextUp(k, y)}, [2]arith.Word{x, nextDown(k, y)})
			z := arith.FMul(k, arith.NearestEven, t, x)
			if !arith.IsInf(k, z) {
				ps = append(ps, [2]arith.Word{z, x}, [2]arith.Word{nextUp(k, z), x})
			}
		}
	}
	return ps
}

func nextUp(k arith.Kind, w arith.Word) arith.Word {
	if k == arith.F80 {
		if w.Lo == math.MaxUint64 {
			return arith.Word{Lo: 1 << 63, Hi: w.Hi + 1}
		}
		return arith.Word{Lo: w.Lo + 1, Hi: w.Hi}
	}
	return arith.Word{Lo: w.Lo + 1}
}

func nextDown(k arith.Kind, w arith.Word) arith.Word {
	if k == arith.F80 {
		if w.Lo == 1<<63 {
			return arith.Word{Lo: math.MaxUint64, Hi: w.Hi - 1}
		}
		return arith.Word{Lo: w.Lo - 1, Hi: w.Hi}
	}
	return arith.Word{Lo: w.Lo - 1}
}

type flagCheck struct {
	t   *testing.T
	n   int
	bad int
}

// check evaluates the conditions under the assignment and compares them
// with the hardware's flags.
func (c *flagCheck) check(conds flagConds, a bytesAssignment, want arith.Flags, what func() string) {
	c.n++
	ev := expr.NewEvaluator(a)
	var got arith.Flags
	for i, cond := range conds {
		if cond != nil && ev.True(cond) {
			got |= arith.FlagList[i]
		}
	}
	if got != want {
		c.bad++
		if c.bad <= 8 {
			c.t.Errorf("%s: symbolic flags %v, hardware %v", what(), got, want)
		}
	}
}

func (c *flagCheck) done() {
	if c.bad > 8 {
		c.t.Errorf("... %d of %d differ", c.bad, c.n)
	}
}

func TestSymbolicFlagsArith(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 9))
	ops := []struct {
		name string
		op   arith.FlagOp
		eop  expr.Op
	}{{"fadd", arith.FlagAdd, expr.OpFAdd}, {"fsub", arith.FlagSub, expr.OpFSub}, {"fmul", arith.FlagMul, expr.OpFMul}, {"fdiv", arith.FlagDiv, expr.OpFDiv}}
	for _, k := range flagKinds {
		b := expr.NewBuilder()
		x, y := newSymFP(b, "x", k), newSymFP(b, "y", k)
		e := &Executor{B: b}
		ps := flagPairs(k, r, 150)
		for _, rm := range flagModes {
			f := flagBuilder{b: b, k: k, rm: rm}
			for _, op := range ops {
				conds := f.arithFlags(op.op, x.x, y.x, b.FBin(op.eop, rm, x.x, y.x), e.snanExpr(k, x.x), e.snanExpr(k, y.x))
				t.Run(fmt.Sprintf("%s/%s/%s", op.name, k, rm), func(t *testing.T) {
					c := &flagCheck{t: t}
					for _, p := range ps {
						a := bytesAssignment{}
						x.bind(a, p[0])
						y.bind(a, p[1])
						want := arith.OpFlags(op.op, k, rm, 0, p[0], p[1], arith.Word{})
						c.check(conds, a, want, func() string {
							return fmt.Sprintf("%s(%s, %s)", op.name, arith.Format(k, p[0]), arith.Format(k, p[1]))
						})
					}
					c.done()
				})
			}
		}
	}
}

func TestSymbolicFlagsOther(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	for _, k := range flagKinds {
		b := expr.NewBuilder()
		x, y, z := newSymFP(b, "x", k), newSymFP(b, "y", k), newSymFP(b, "z", k)
		e := &Executor{B: b}
		sx, sy, sz := e.snanExpr(k, x.x), e.snanExpr(k, y.x), e.snanExpr(k, z.x)
		ps := flagPairs(k, r, 150)
		bind := func(p [2]arith.Word, w arith.Word) bytesAssignment {
			a := bytesAssignment{}
			x.bind(a, p[0])
			y.bind(a, p[1])
			z.bind(a, w)
			return a
		}
		for _, rm := range flagModes {
			f := flagBuilder{b: b, k: k, rm: rm}
			t.Run(fmt.Sprintf("sqrt/%s/%s", k, rm), func(t *testing.T) {
				conds := f.sqrtFlags(x.x, b.FSqrt(rm, x.x), sx)
				c := &flagCheck{t: t}
				for _, p := range ps {
					c.check(conds, bind(p, arith.Word{}), arith.OpFlags(arith.FlagSqrt, k, rm, 0, p[0], arith.Word{}, arith.Word{}),
						func() string { return "sqrt(" + arith.Format(k, p[0]) + ")" })
				}
				c.done()
			})
			t.Run(fmt.Sprintf("fma/%s/%s", k, rm), func(t *testing.T) {
				conds := f.fmaFlags(x.x, y.x, z.x, b.FMA(rm, x.x, y.x, z.x), sx, sy, sz)
				c := &flagCheck{t: t}
				for i, p := range ps {
					w := ps[(i*11+5)%len(ps)][i%2]
					if i%3 == 0 {
						w = arith.FNeg(k, arith.FMul(k, arith.NearestEven, p[0], p[1]))
					}
					c.check(conds, bind(p, w), arith.OpFlags(arith.FlagFMA, k, rm, 0, p[0], p[1], w),
						func() string {
							return fmt.Sprintf("fma(%s, %s, %s)", arith.Format(k, p[0]), arith.Format(k, p[1]), arith.Format(k, w))
						})
				}
				c.done()
			})
			for how := arith.Floor; how <= arith.RoundEven; how++ {
				t.Run(fmt.Sprintf("%s/%s/%s", how, k, rm), func(t *testing.T) {
					conds := f.roundIntFlags(how, x.x, b.FRound(how, rm, x.x), e.roundIntSNaN(k, how, Value{E: x.x}, x.x))
					c := &flagCheck{t: t}
					for _, p := range ps {
						c.check(conds, bind(p, arith.Word{}), arith.OpFlags(arith.FlagRound, k, rm, int(how), p[0], arith.Word{}, arith.Word{}),
							func() string { return fmt.Sprintf("%s(%s)", how, arith.Format(k, p[0])) })
					}
					c.done()
				})
			}
			for _, to := range flagKinds {
				if to.Bits() >= k.Bits() {
					continue
				}
				t.Run(fmt.Sprintf("fptrunc/%s-%s/%s", k, to, rm), func(t *testing.T) {
					conds := f.truncFlags(x.x, b.FPConv(rm, x.x, to), sx, to)
					c := &flagCheck{t: t}
					for _, p := range ps {
						for _, v := range []arith.Word{p[0], arith.FMul(k, arith.NearestEven, p[0], p[1])} {
							c.check(conds, bind([2]arith.Word{v, {}}, arith.Word{}), arith.FPConvFlags(k, to, rm, v),
								func() string { return "fptrunc(" + arith.Format(k, v) + ")" })
						}
					}
					c.done()
				})
			}
		}
		t.Run(fmt.Sprintf("fcmp/%s", k), func(t *testing.T) {
			var conds flagConds
			conds[0] = b.Or(sx, sy)
			c := &flagCheck{t: t}
			for _, p := range ps {
				c.check(conds, bind(p, arith.Word{}), arith.OpFlags(arith.FlagCmp, k, arith.NearestEven, 0, p[0], p[1], arith.Word{}),
					func() string { return "fcmp(" + arith.Format(k, p[0]) + ")" })
			}
			c.done()
		})
		for _, width := range []int{8, 16, 17, 31, 32, 33, 63, 64} {
			for _, signed := range []bool{true, false} {
				for _, rm := range flagModes {
					t.Run(fmt.Sprintf("fptoi/%s/i%d/%v/%s", k, width, signed, rm), func(t *testing.T) {
						f := flagBuilder{b: b, k: k, rm: rm}
						conds, ok := f.fpToIntFlags(x.x, sx, width, signed)
						if !ok {
							t.Fatal("not modelled")
						}
						c := &flagCheck{t: t}
						for _, p := range ps {
							want := arith.FPToIntFlags(k, p[0], width, signed)
							if k == arith.F80 && !signed && width == 64 && rm != arith.NearestEven {
								// The x87 sequence subtracts in the current mode.
								want = fpToUI64x87Flags(p[0], rm)
							}
							c.check(conds, bind(p, arith.Word{}), want,
								func() string { return fmt.Sprintf("fptoi(%s)", arith.Format(k, p[0])) })
						}
						c.done()
					})
				}
			}
		}
	}
}

// fpToUI64x87Flags is arith.FPToIntFlags for fptoui x86_fp80 -> i64 with
// the subtraction made in mode rm (arith runs it in the default mode).
func fpToUI64x87Flags(a arith.Word, rm arith.RoundingMode) arith.Flags {
	if rm == arith.NearestEven {
		return arith.FPToIntFlags(arith.F80, a, 64, false)
	}
	two63 := pow2(arith.F80, 63)
	if arith.FCmp(arith.F80, arith.OLT, a, two63) {
		return arith.FPToIntFlags(arith.F80, a, 64, true)
	}
	f := arith.OpFlags(arith.FlagCmp, arith.F80, rm, 0, a, two63, arith.Word{})
	f |= arith.OpFlags(arith.FlagSub, arith.F80, rm, 0, a, two63, arith.Word{})
	t := arith.FSub(arith.F80, rm, a, two63)
	return f | arith.FPToIntFlags(arith.F80, t, 64, true)
}

func TestSymbolicFlagsIntToFP(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, width := range []int{8, 32, 53, 54, 63, 64, 100, 128} {
		b := expr.NewBuilder()
		n := (width + 7) / 8
		arr := b.NewArray("i", uint64(n), nil)
		v := b.Byte(arr, 0)
		for i := 1; i < n; i++ {
			v = b.Concat(b.Byte(arr, uint64(i)), v)
		}
		v = b.Extract(v, 0, width)
		for _, k := range flagKinds {
			for _, signed := range []bool{true, false} {
				for _, rm := range flagModes {
					f := flagBuilder{b: b, k: k, rm: rm}
					conds := f.intToFPFlags(signed, v, b.IntToFP(signed, rm, v, k))
					t.Run(fmt.Sprintf("i%d/%s/%v/%s", width, k, signed, rm), func(t *testing.T) {
						c := &flagCheck{t: t}
						for i := 0; i < 300; i++ {
							w := arith.Word{Lo: r.Uint64(), Hi: r.Uint64()}
							if sh := r.IntN(width); sh > 0 && sh < 64 {
								w = arith.Word{Lo: w.Lo >> sh}
							}
							w = arith.Truncate(w, width)
							buf := make([]byte, n)
							for j := 0; j < n; j++ {
								if j < 8 {
									buf[j] = byte(w.Lo >> (8 * j))
								} else {
									buf[j] = byte(w.Hi >> (8 * (j - 8)))
								}
							}
							c.check(conds, bytesAssignment{arr: buf}, arith.IntToFPFlags(width, k, rm, w, signed),
								func() string { return fmt.Sprintf("itofp(%#x:%#x)", w.Hi, w.Lo) })
						}
						c.done()
					})
				}
			}
		}
	}
}

// TestSymbolicFlagsPow2 checks the power-of-two scaling forms (x/2^k is
// modelled as x*2^-k, inexact by the round trip) against the hardware.
func TestSymbolicFlagsPow2(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, k := range flagKinds {
		b := expr.NewBuilder()
		x := newSymFP(b, "x", k)
		e := &Executor{B: b}
		vs := flagValues(k, r, 400)
		emin, emax := kindParams(k)
		for _, ex := range []int{1, -1, 3, -7, emax - 1, emin + 1} {
			for _, neg := range []bool{false, true} {
				cw := pow2(k, ex)
				if neg {
					cw = arith.FNeg(k, cw)
				}
				for _, rm := range flagModes {
					f := flagBuilder{b: b, k: k, rm: rm}
					for _, op := range []struct {
						fop arith.FlagOp
						eop expr.Op
					}{{arith.FlagMul, expr.OpFMul}, {arith.FlagDiv, expr.OpFDiv}} {
						y := b.FConst(k, cw)
						conds := f.arithFlags(op.fop, x.x, y, b.FBin(op.eop, rm, x.x, y), e.snanExpr(k, x.x), b.False)
						c := &flagCheck{t: t}
						for _, v := range vs {
							a := bytesAssignment{}
							x.bind(a, v)
							c.check(conds, a, arith.OpFlags(op.fop, k, rm, 0, v, cw, arith.Word{}), func() string {
								return fmt.Sprintf("%v %s op %d (%s, %s)", k, rm, op.fop, arith.Format(k, v), arith.Format(k, cw))
							})
						}
						c.done()
					}
				}
			}
		}
	}
}
