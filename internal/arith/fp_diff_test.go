package arith_test

// Differential tests: every operation, kind and rounding mode against the
// hardware oracle in internal/hwref (inline asm with the rounding control
// written directly, or the libm/libgcc routine native code would call).
// For NearestEven float/double this compares the pure-Go path with the
// hardware; elsewhere it compares arith's fesetround-based cgo path with the
// independently written oracle.

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"

	. "github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/arith/internal/hwref"
)

// comparisons counts checks made against the oracle (reported by TestMain).
var fpComparisons atomic.Int64

// checker records mismatches for one subtest.
type fpChecker struct {
	t    *testing.T
	n    int
	bad  int
	logs []string
}

func newFPChecker(t *testing.T) *fpChecker { return &fpChecker{t: t} }

func (c *fpChecker) eq(got, want Word, format func() string) {
	c.n++
	if got != want {
		c.bad++
		if len(c.logs) < 12 {
			c.logs = append(c.logs, format())
		}
	}
}

func (c *fpChecker) done() {
	fpComparisons.Add(int64(c.n))
	if c.bad > 0 {
		c.t.Errorf("%d of %d results differ from the hardware:\n%s", c.bad, c.n, strings.Join(c.logs, "\n"))
	}
}

func fpFmt(k Kind, w Word) string { return fmt.Sprintf("%s[%#x:%#x]", Format(k, w), w.Hi, w.Lo) }

const fpNRandom = 6000

// operands returns the edge values of k and a seeded stream of random ones.
func fpOperands(k Kind, seed uint64) ([]Word, *rand.Rand) {
	return fpEdgeValues(k), rand.New(rand.NewPCG(seed, uint64(k)))
}

// pairs returns all edge pairs plus random pairs (a third of them tie pairs).
func fpPairs(k Kind, seed uint64, n int) [][2]Word {
	edges, r := fpOperands(k, seed)
	var ps [][2]Word
	for _, a := range edges {
		for _, b := range edges {
			ps = append(ps, [2]Word{a, b})
		}
	}
	for i := 0; i < n; i++ {
		a := fpRandValue(r, k, edges)
		b := fpRandValue(r, k, edges)
		if i%3 == 0 {
			b = fpTiePartner(r, k, a)
		}
		ps = append(ps, [2]Word{a, b})
	}
	return ps
}

func fpSingles(k Kind, seed uint64, n int) []Word {
	edges, r := fpOperands(k, seed)
	vs := append([]Word(nil), edges...)
	for i := 0; i < n; i++ {
		vs = append(vs, fpRandValue(r, k, edges))
	}
	return vs
}

func TestDiffArith(t *testing.T) {
	ops := []struct {
		name string
		f    func(Kind, RoundingMode, Word, Word) Word
	}{{"fadd", FAdd}, {"fsub", FSub}, {"fmul", FMul}, {"fdiv", FDiv}}
	for _, k := range fpKinds {
		ps := fpPairs(k, 1, 3*fpNRandom)
		for opi, op := range ops {
			for _, rm := range fpModes {
				t.Run(fmt.Sprintf("%s/%s/%s", op.name, k, rm), func(t *testing.T) {
					c := newFPChecker(t)
					for _, p := range ps {
						got := op.f(k, rm, p[0], p[1])
						want := fpFromHW(hwref.Arith(int(k), opi, int(rm), fpToHW(p[0]), fpToHW(p[1])))
						c.eq(got, want, func() string {
							return fmt.Sprintf("%s(%s, %s) = %s, hardware %s", op.name, fpFmt(k, p[0]), fpFmt(k, p[1]), fpFmt(k, got), fpFmt(k, want))
						})
					}
					c.done()
				})
			}
		}
	}
}

func TestDiffSqrt(t *testing.T) {
	for _, k := range fpKinds {
		vs := fpSingles(k, 2, 4*fpNRandom)
		for _, rm := range fpModes {
			t.Run(fmt.Sprintf("%s/%s", k, rm), func(t *testing.T) {
				c := newFPChecker(t)
				for _, a := range vs {
					got := FSqrt(k, rm, a)
					want := fpFromHW(hwref.Arith(int(k), 4, int(rm), fpToHW(a), hwref.W{}))
					c.eq(got, want, func() string {
						return fmt.Sprintf("sqrt(%s) = %s, hardware %s", fpFmt(k, a), fpFmt(k, got), fpFmt(k, want))
					})
				}
				c.done()
			})
		}
	}
}

func TestDiffFMA(t *testing.T) {
	if !hwref.HasFMA3 {
		t.Log("CPU without FMA3: oracle is glibc's software fma")
	}
	for _, k := range fpKinds {
		edges, r := fpOperands(k, 3)
		// A spread of edge values for exhaustive triples, then random
		// triples, a third with c chosen near a rounding tie of a*b.
		var sub []Word
		for i := 0; i < len(edges); i += 3 {
			sub = append(sub, edges[i])
		}
		var ts [][3]Word
		for _, a := range sub {
			for _, b := range sub {
				for _, c := range sub {
					ts = append(ts, [3]Word{a, b, c})
				}
			}
		}
		for i := 0; i < 3*fpNRandom; i++ {
			a, b := fpRandValue(r, k, edges), fpRandValue(r, k, edges)
			c := fpRandValue(r, k, edges)
			if i%3 == 0 {
				c = fpTiePartner(r, k, FMul(k, NearestEven, a, b))
			}
			if i%3 == 1 {
				c = FNeg(k, FMul(k, fpRandMode(r), a, b)) // massive cancellation
			}
			ts = append(ts, [3]Word{a, b, c})
		}
		for _, rm := range fpModes {
			t.Run(fmt.Sprintf("%s/%s", k, rm), func(t *testing.T) {
				c := newFPChecker(t)
				for _, x := range ts {
					got := FMA(k, rm, x[0], x[1], x[2])
					want := fpFromHW(hwref.FMA(int(k), int(rm), fpToHW(x[0]), fpToHW(x[1]), fpToHW(x[2])))
					c.eq(got, want, func() string {
						return fmt.Sprintf("fma(%s, %s, %s) = %s, hardware %s", fpFmt(k, x[0]), fpFmt(k, x[1]), fpFmt(k, x[2]), fpFmt(k, got), fpFmt(k, want))
					})
				}
				c.done()
			})
		}
	}
}

// fpRandMode picks a random rounding mode.
func fpRandMode(r *rand.Rand) RoundingMode { return fpModes[r.IntN(4)] }

func TestDiffRemMinMax(t *testing.T) {
	ops := []struct {
		name string
		f    func(Kind, Word, Word) Word
		want func(k Kind, a, b Word) Word
	}{
		{"frem(fmod)", FRem, func(k Kind, a, b Word) Word { return fpFromHW(hwref.Libm2(int(k), 0, fpToHW(a), fpToHW(b))) }},
		{"remainder", FRemainder, func(k Kind, a, b Word) Word { return fpFromHW(hwref.Libm2(int(k), 1, fpToHW(a), fpToHW(b))) }},
		{"minnum", FMinNum, func(k Kind, a, b Word) Word { return fpFromHW(hwref.MinMax(int(k), false, fpToHW(a), fpToHW(b))) }},
		{"maxnum", FMaxNum, func(k Kind, a, b Word) Word { return fpFromHW(hwref.MinMax(int(k), true, fpToHW(a), fpToHW(b))) }},
	}
	for _, k := range fpKinds {
		ps := fpPairs(k, 4, 3*fpNRandom)
		for _, op := range ops {
			t.Run(fmt.Sprintf("%s/%s", op.name, k), func(t *testing.T) {
				c := newFPChecker(t)
				for _, p := range ps {
					got := op.f(k, p[0], p[1])
					want := op.want(k, p[0], p[1])
					c.eq(got, want, func() string {
						return fmt.Sprintf("%s(%s, %s) = %s, hardware %s", op.name, fpFmt(k, p[0]), fpFmt(k, p[1]), fpFmt(k, got), fpFmt(k, want))
					})
				}
				c.done()
			})
		}
	}
}

func TestDiffRoundToIntegral(t *testing.T) {
	for _, k := range fpKinds {
		vs := fpSingles(k, 5, 3*fpNRandom)
		for how := Floor; how <= RoundEven; how++ {
			for _, rm := range fpModes {
				t.Run(fmt.Sprintf("%s/%s/%s", how, k, rm), func(t *testing.T) {
					c := newFPChecker(t)
					for _, a := range vs {
						got := FRoundToIntegral(k, how, rm, a)
						want := fpFromHW(hwref.Libm1(int(k), int(how), int(rm), fpToHW(a)))
						c.eq(got, want, func() string {
							return fmt.Sprintf("%s(%s) = %s, hardware %s", how, fpFmt(k, a), fpFmt(k, got), fpFmt(k, want))
						})
					}
					c.done()
				})
			}
		}
	}
}

func TestDiffFCmp(t *testing.T) {
	for _, k := range fpKinds {
		ps := fpPairs(k, 6, 2*fpNRandom)
		t.Run(k.String(), func(t *testing.T) {
			c := newFPChecker(t)
			for _, p := range ps {
				rel := hwref.Cmp(int(k), fpToHW(p[0]), fpToHW(p[1]))
				for pr := False; pr <= True; pr++ {
					got := FCmp(k, pr, p[0], p[1])
					want := int(pr)&rel != 0
					c.eq(Word{Lo: fpB2U(got)}, Word{Lo: fpB2U(want)}, func() string {
						return fmt.Sprintf("fcmp %s %s, %s = %v, hardware %v", pr, fpFmt(k, p[0]), fpFmt(k, p[1]), got, want)
					})
				}
			}
			c.done()
		})
	}
}

func fpB2U(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

// TestDiffClassify checks the classification functions against x87/SSE
// comparisons with the boundary constants (how clang lowers isnan, isinf,
// isnormal, ...), and SignBit against the raw bit.
func TestDiffClassify(t *testing.T) {
	for _, k := range fpKinds {
		vs := fpSingles(k, 7, 4*fpNRandom)
		zero := fpFromF64(k, 0)
		inf := fpFromF64(k, math.Inf(1))
		minNormal := map[Kind]Word{F32: fpW32(0x00800000), F64: {Lo: 0x0010000000000000}, F80: fpW80(1, 1<<63)}[k]
		t.Run(k.String(), func(t *testing.T) {
			c := newFPChecker(t)
			cmp := func(a, b Word) int { return hwref.Cmp(int(k), fpToHW(a), fpToHW(b)) }
			for _, a := range vs {
				abs := FAbs(k, a)
				wantNaN := cmp(a, a) == 8
				wantInf := !wantNaN && cmp(abs, inf) == 1
				wantZero := !wantNaN && cmp(a, zero) == 1
				wantSub := !wantNaN && !wantZero && cmp(abs, minNormal) == 4
				wantNormal := !wantNaN && !wantInf && !wantZero && !wantSub
				got := []bool{IsNaN(k, a), IsInf(k, a), IsZero(k, a), IsSubnormal(k, a), IsNormal(k, a), SignBit(k, a)}
				want := []bool{wantNaN, wantInf, wantZero, wantSub, wantNormal, FCopySign(k, inf, a) != inf}
				for i := range got {
					c.eq(Word{Lo: fpB2U(got[i])}, Word{Lo: fpB2U(want[i])}, func() string {
						return fmt.Sprintf("class %d of %s = %v, hardware %v", i, fpFmt(k, a), got[i], want[i])
					})
				}
			}
			c.done()
		})
	}
}

func TestDiffFPConv(t *testing.T) {
	for _, from := range fpKinds {
		vs := fpSingles(from, 8, 4*fpNRandom)
		for _, to := range fpKinds {
			if from == to {
				continue
			}
			for _, rm := range fpModes {
				if from < to && rm != NearestEven {
					continue // fpext is exact
				}
				t.Run(fmt.Sprintf("%s->%s/%s", from, to, rm), func(t *testing.T) {
					c := newFPChecker(t)
					for _, a := range vs {
						var got Word
						if from < to {
							got = FPExt(from, to, a)
						} else {
							got = FPTrunc(from, to, rm, a)
						}
						want := fpFromHW(hwref.FPConv(int(from), int(to), int(rm), fpToHW(a)))
						c.eq(got, want, func() string {
							return fmt.Sprintf("conv(%s) = %s, hardware %s", fpFmt(from, a), fpFmt(to, got), fpFmt(to, want))
						})
					}
					c.done()
				})
			}
		}
	}
}

var fpWidths = []int{1, 7, 8, 9, 12, 15, 16, 17, 24, 31, 32, 33, 40, 53, 63, 64, 65, 80, 100, 127, 128}

func fpMaskW(w Word, width int) Word {
	switch {
	case width >= 128:
		return w
	case width > 64:
		return Word{Lo: w.Lo, Hi: w.Hi & (1<<uint(width-64) - 1)}
	case width == 64:
		return Word{Lo: w.Lo}
	}
	return Word{Lo: w.Lo & (1<<uint(width) - 1)}
}

func TestDiffFPToInt(t *testing.T) {
	for _, k := range fpKinds {
		vs := fpSingles(k, 9, 3*fpNRandom)
		for _, signed := range []bool{true, false} {
			name := "fptoui"
			f := FPToUI
			if signed {
				name, f = "fptosi", FPToSI
			}
			for _, width := range fpWidths {
				t.Run(fmt.Sprintf("%s/%s/i%d", name, k, width), func(t *testing.T) {
					c := newFPChecker(t)
					for _, a := range vs {
						got := f(k, a, width)
						want := fpMaskW(fpFromHW(hwref.FPToInt(int(k), fpToHW(a), width, signed)), width)
						c.eq(got, want, func() string {
							return fmt.Sprintf("%s(%s) to i%d = %#x:%#x, hardware %#x:%#x", name, fpFmt(k, a), width, got.Hi, got.Lo, want.Hi, want.Lo)
						})
					}
					c.done()
				})
			}
		}
	}
}

// intValues returns width-bit integers (zero-extended) around the
// interesting boundaries: 0, ±1, powers of two and their neighbours, values
// whose low bits form rounding ties for 24/53/64-bit significands, random.
func fpIntValues(width int, r *rand.Rand) []Word {
	var vs []Word
	add := func(w Word) { vs = append(vs, fpMaskW(w, width)) }
	neg := func(w Word) Word {
		lo := -w.Lo
		hi := ^w.Hi
		if lo == 0 {
			hi++
		}
		return Word{Lo: lo, Hi: hi}
	}
	shl := func(v uint64, s int) Word {
		switch {
		case s >= 128:
			return Word{}
		case s >= 64:
			return Word{Hi: v << uint(s-64)}
		case s == 0:
			return Word{Lo: v}
		}
		return Word{Lo: v << uint(s), Hi: v >> uint(64-s)}
	}
	for s := 0; s < width; s++ {
		for _, v := range []uint64{1, 3, 0x1000001, 0x1000003, 0x20000000000001, 0x20000000000003, 0xffffffffffffffff, 0x8000000000000001, 0xffffff, 0xfffffffffffff} {
			w := shl(v, s)
			add(w)
			add(neg(w))
			lo := w.Lo - 1
			hi := w.Hi
			if w.Lo == 0 {
				hi--
			}
			add(Word{Lo: lo, Hi: hi})
		}
	}
	add(Word{})
	for i := 0; i < 400; i++ {
		w := Word{Lo: r.Uint64(), Hi: r.Uint64()}
		sh := r.IntN(width)
		if sh >= 64 {
			w = Word{Lo: w.Hi >> uint(sh-64)}
		} else if sh > 0 {
			w = Word{Lo: w.Lo>>uint(sh) | w.Hi<<uint(64-sh), Hi: w.Hi >> uint(sh)}
		}
		add(w)
	}
	return vs
}

func TestDiffIntToFP(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 10))
	for _, width := range fpWidths {
		vs := fpIntValues(width, r)
		for _, k := range fpKinds {
			for _, signed := range []bool{true, false} {
				name := "uitofp"
				f := UIToFP
				if signed {
					name, f = "sitofp", SIToFP
				}
				for _, rm := range fpModes {
					t.Run(fmt.Sprintf("%s/i%d/%s/%s", name, width, k, rm), func(t *testing.T) {
						c := newFPChecker(t)
						for _, a := range vs {
							got := f(width, k, rm, a)
							want := fpFromHW(hwref.IntToFP(width, int(k), int(rm), fpToHW(a), signed))
							c.eq(got, want, func() string {
								return fmt.Sprintf("%s i%d %#x:%#x = %s, hardware %s", name, width, a.Hi, a.Lo, fpFmt(k, got), fpFmt(k, want))
							})
						}
						c.done()
					})
				}
			}
		}
	}
}

func TestDiffFormat(t *testing.T) {
	for _, k := range fpKinds {
		vs := fpSingles(k, 11, fpNRandom)
		t.Run(k.String(), func(t *testing.T) {
			c := newFPChecker(t)
			for i, a := range vs {
				if IsNaN(k, a) {
					continue // arith adds the payload to "nan"
				}
				got, want := Format(k, a), hwref.Format(int(k), fpToHW(a))
				c.eq(Word{Lo: fpB2U(got == want)}, Word{Lo: 1}, func() string {
					return fmt.Sprintf("#%d Format(%#x:%#x) = %q, printf %q", i, a.Hi, a.Lo, got, want)
				})
			}
			c.done()
		})
	}
}
