package executor

import (
	"fmt"
	"math"
	"math/rand"
	"sort"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/hostc"
	"github.com/floatsym/floatsym/solver"
	"github.com/floatsym/floatsym/solver/expr"
)

// TestLibmFacts checks every fact --libm=uninterpreted encodes against the
// host glibc: the facts are built exactly as the executor builds them, with
// symbolic arguments and results, and evaluated under models that give the
// arguments special, NaN-payload and random values and the results
// glibc's own answers, in all four rounding modes and three kinds. A fact
// that glibc violates for one of them fails the test (that is how the
// facts in libmFamilies were chosen).
func TestLibmFacts(t *testing.T) {
	b := expr.NewBuilder()
	rms := []arith.RoundingMode{arith.NearestEven, arith.Downward, arith.Upward, arith.TowardZero}
	kinds := []arith.Kind{arith.F32, arith.F64, arith.F80}
	var fams []string
	for f := range libmFamilies {
		fams = append(fams, f)
	}
	sort.Strings(fams)
	random := 100
	if testing.Short() {
		random = 30
	}
	for _, fam := range fams {
		v, ok := hostc.Lookup(fam)
		if !ok {
			t.Fatalf("%s: not a hostc function", fam)
		}
		n := v.Sig.NumArgs()
		for _, k := range kinds {
			rng := rand.New(rand.NewSource(int64(len(fam))*131 + int64(k)))
			samples := libmSamples(k, rng, random)
			for _, rm := range rms {
				name := fmt.Sprintf("%s/%s/%s", fam, k, rm)
				glibc := func(x, y arith.Word) arith.Word { return hostc.Call(v.Fn, k, rm, x, y, arith.Word{}, 0).W }
				if n == 1 {
					x, xa := libmTestVar(b, k, "x")
					c1, ra := libmTestCall(b, fam, k, rm, []*expr.Expr{x}, "r")
					facts := libmCallFacts(b, v.Fn, c1, c1.rb)
					x2, x2a := libmTestVar(b, k, "x2")
					c2, r2a := libmTestCall(b, fam, k, rm, []*expr.Expr{x2}, "r2")
					pair := libmPairFacts(b, c1, c2)
					for _, xs := range samples {
						m := solver.Model{xa: libmTestBytes(k, xs), ra: libmTestBytes(k, glibc(xs, arith.Word{}))}
						libmCheckFacts(t, name, fmt.Sprintf("x=%#x", xs), m, facts)
						for _, x2s := range []arith.Word{xs, arith.FNeg(k, xs)} {
							m[x2a], m[r2a] = libmTestBytes(k, x2s), libmTestBytes(k, glibc(x2s, arith.Word{}))
							libmCheckFacts(t, name+" pair", fmt.Sprintf("x1=%#x x2=%#x", xs, x2s), m, pair)
						}
					}
					continue
				}
				// Two arguments: both symbolic, and each one symbolic with
				// the other a concrete sample.
				x, xa := libmTestVar(b, k, "x")
				y, ya := libmTestVar(b, k, "y")
				c, ra := libmTestCall(b, fam, k, rm, []*expr.Expr{x, y}, "r")
				facts := libmCallFacts(b, v.Fn, c, c.rb)
				for i, xs := range samples {
					for j := 0; j < 12; j++ {
						ys := samples[(i*7+j*13)%len(samples)]
						m := solver.Model{xa: libmTestBytes(k, xs), ya: libmTestBytes(k, ys), ra: libmTestBytes(k, glibc(xs, ys))}
						libmCheckFacts(t, name, fmt.Sprintf("x=%#x y=%#x", xs, ys), m, facts)
					}
				}
				for ci := 0; ci < len(samples); ci += 5 {
					cs := samples[ci]
					cx, cxa := libmTestCall(b, fam, k, rm, []*expr.Expr{x, b.FConst(k, cs)}, "rx")
					fx := libmCallFacts(b, v.Fn, cx, cx.rb)
					cy, cya := libmTestCall(b, fam, k, rm, []*expr.Expr{b.FConst(k, cs), y}, "ry")
					fy := libmCallFacts(b, v.Fn, cy, cy.rb)
					for _, s := range samples {
						m := solver.Model{xa: libmTestBytes(k, s), cxa: libmTestBytes(k, glibc(s, cs))}
						libmCheckFacts(t, name, fmt.Sprintf("x=%#x y=%#x", s, cs), m, fx)
						m = solver.Model{ya: libmTestBytes(k, s), cya: libmTestBytes(k, glibc(cs, s))}
						libmCheckFacts(t, name, fmt.Sprintf("x=%#x y=%#x", cs, s), m, fy)
					}
				}
			}
		}
	}
}

func libmCheckFacts(t *testing.T, name, what string, m solver.Model, facts []*expr.Expr) {
	t.Helper()
	ev := expr.NewEvaluator(m)
	for i, f := range facts {
		if !ev.True(f) {
			vals := ""
			for a, bs := range m {
				vals += fmt.Sprintf(" %s=%x", a.Name, bs)
			}
			t.Errorf("%s: fact %d fails for %s (model%s): %s", name, i, what, vals, f)
		}
	}
}

// libmTestVar is a symbolic FP variable of kind k and its array.
func libmTestVar(b *expr.Builder, k arith.Kind, name string) (*expr.Expr, *expr.Array) {
	a := b.NewArray(name, libmStoreSize(k), nil)
	bits := b.Byte(a, 0)
	for i := uint64(1); i < libmStoreSize(k); i++ {
		bits = b.Concat(b.Byte(a, i), bits)
	}
	return b.FromBits(bits, k), a
}

// libmTestCall is a call whose result is a fresh variable, as the executor
// makes it.
func libmTestCall(b *expr.Builder, fam string, k arith.Kind, rm arith.RoundingMode, args []*expr.Expr, name string) (libmCall, *expr.Array) {
	a := b.NewArray(name, libmStoreSize(k), nil)
	rb := b.Byte(a, 0)
	for i := uint64(1); i < libmStoreSize(k); i++ {
		rb = b.Concat(b.Byte(a, i), rb)
	}
	return libmCall{fam: fam, k: k, rm: rm, args: args, r: b.FromBits(rb, k), rb: rb}, a
}

func libmTestBytes(k arith.Kind, w arith.Word) []byte {
	n := libmStoreSize(k)
	bs := make([]byte, n)
	for i := uint64(0); i < n; i++ {
		if i < 8 {
			bs[i] = byte(w.Lo >> (8 * i))
		} else {
			bs[i] = byte(w.Hi >> (8 * (i - 8)))
		}
	}
	return bs
}

// libmSamples are special points and their neighbours, NaNs with random
// payloads, and random values: all bit patterns, small magnitudes, and
// values near 1.
func libmSamples(k arith.Kind, rng *rand.Rand, random int) []arith.Word {
	var s []arith.Word
	from := func(x float64) arith.Word {
		switch k {
		case arith.F32:
			return arith.FromFloat32(float32(x))
		case arith.F64:
			return arith.FromFloat64(x)
		}
		return arith.F80FromFloat64(x)
	}
	next, _ := hostc.Lookup("nextafter")
	for _, p := range libmPoints(k) {
		s = append(s, p, hostc.Call2(next.Fn, k, arith.NearestEven, p, from(math.Inf(1))).W,
			hostc.Call2(next.Fn, k, arith.NearestEven, p, from(math.Inf(-1))).W)
	}
	payload := map[arith.Kind]uint64{arith.F32: 0x1fffff, arith.F64: 1<<50 - 1, arith.F80: 1<<61 - 1}[k]
	s = append(s, libmNaNs(k)...)
	for i := 0; i < 8; i++ {
		nan := libmNaNs(k)[i%4]
		nan.Lo ^= rng.Uint64() & payload
		s = append(s, nan)
	}
	for _, v := range []float64{math.Pi / 2, math.Pi, -math.Pi / 2, 710, -745, 88.7, -103, 11356, 0.7, -1e-300, 1e-30, 3, -3} {
		s = append(s, from(v))
	}
	for i := 0; i < random; i++ {
		var w arith.Word
		switch i % 4 {
		case 0:
			w = arith.Word{Lo: rng.Uint64(), Hi: rng.Uint64() & 0xffff}
			switch k {
			case arith.F32:
				w = arith.Word{Lo: w.Lo & 0xffffffff}
			case arith.F64:
				w.Hi = 0
			default:
				// canonical: integer bit set unless the exponent is zero
				if w.Hi&0x7fff != 0 {
					w.Lo |= 1 << 63
				} else {
					w.Lo &^= 1 << 63
				}
			}
		case 1:
			w = from((rng.Float64()*2 - 1) * 8)
		case 2:
			w = from(1 + (rng.Float64()*2-1)*1e-3)
		default:
			w = from((rng.Float64()*2 - 1) * math.Pow(10, float64(rng.Intn(40)-20)))
		}
		s = append(s, w)
	}
	return s
}
