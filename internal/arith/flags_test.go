package arith_test

// The exception flags of every operation kind against the hardware oracle:
// hwref runs its own instruction sequence and reads MXCSR and the x87
// status word directly.

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	. "github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/arith/internal/hwref"
)

const flagNRandom = 1500

type flagChecker struct {
	t    *testing.T
	n    int
	bad  int
	logs []string
}

func (c *flagChecker) eq(got Flags, want int, what func() string) {
	c.n++
	if int(got) != want {
		c.bad++
		if len(c.logs) < 10 {
			c.logs = append(c.logs, fmt.Sprintf("%s: flags %v, hardware %v", what(), got, Flags(want)))
		}
	}
}

func (c *flagChecker) done() {
	fpComparisons.Add(int64(c.n))
	if c.bad > 0 {
		c.t.Errorf("%d of %d flag sets differ from the hardware:\n%s", c.bad, c.n, fmt.Sprint(c.logs))
	}
}

func TestFlagsArith(t *testing.T) {
	names := []string{"fadd", "fsub", "fmul", "fdiv"}
	for _, k := range fpKinds {
		ps := fpPairs(k, 21, flagNRandom)
		for opi, name := range names {
			for _, rm := range fpModes {
				t.Run(fmt.Sprintf("%s/%s/%s", name, k, rm), func(t *testing.T) {
					c := &flagChecker{t: t}
					for _, p := range ps {
						got := OpFlags(FlagOp(opi), k, rm, 0, p[0], p[1], Word{})
						want := hwref.Flags(func() { hwref.Arith(int(k), opi, int(rm), fpToHW(p[0]), fpToHW(p[1])) })
						c.eq(got, want, func() string { return fmt.Sprintf("%s(%s, %s)", name, fpFmt(k, p[0]), fpFmt(k, p[1])) })
					}
					c.done()
				})
			}
		}
	}
}

func TestFlagsSqrtCmpMinMax(t *testing.T) {
	for _, k := range fpKinds {
		ps := fpPairs(k, 22, flagNRandom)
		for _, rm := range fpModes {
			t.Run(fmt.Sprintf("sqrt/%s/%s", k, rm), func(t *testing.T) {
				c := &flagChecker{t: t}
				for _, p := range ps {
					got := OpFlags(FlagSqrt, k, rm, 0, p[0], Word{}, Word{})
					want := hwref.Flags(func() { hwref.Arith(int(k), 4, int(rm), fpToHW(p[0]), hwref.W{}) })
					c.eq(got, want, func() string { return "sqrt(" + fpFmt(k, p[0]) + ")" })
				}
				c.done()
			})
		}
		t.Run(fmt.Sprintf("fcmp/%s", k), func(t *testing.T) {
			c := &flagChecker{t: t}
			for _, p := range ps {
				got := OpFlags(FlagCmp, k, NearestEven, 0, p[0], p[1], Word{})
				want := hwref.Flags(func() { hwref.Cmp(int(k), fpToHW(p[0]), fpToHW(p[1])) })
				c.eq(got, want, func() string { return "fcmp(" + fpFmt(k, p[0]) + ", " + fpFmt(k, p[1]) + ")" })
			}
			c.done()
		})
		for _, max := range []bool{false, true} {
			op := FlagMin
			if max {
				op = FlagMax
			}
			t.Run(fmt.Sprintf("minmax/%s/%v", k, max), func(t *testing.T) {
				c := &flagChecker{t: t}
				for _, p := range ps {
					got := OpFlags(op, k, NearestEven, 0, p[0], p[1], Word{})
					want := hwref.Flags(func() { hwref.MinMax(int(k), max, fpToHW(p[0]), fpToHW(p[1])) })
					c.eq(got, want, func() string { return fmt.Sprintf("min/max(%s, %s)", fpFmt(k, p[0]), fpFmt(k, p[1])) })
				}
				c.done()
			})
		}
	}
}

func TestFlagsLibm(t *testing.T) {
	for _, k := range fpKinds {
		ps := fpPairs(k, 23, flagNRandom/2)
		for fn, op := range []FlagOp{FlagRem, FlagRemainder} {
			t.Run(fmt.Sprintf("libm2-%d/%s", fn, k), func(t *testing.T) {
				c := &flagChecker{t: t}
				for _, p := range ps {
					got := OpFlags(op, k, NearestEven, 0, p[0], p[1], Word{})
					want := hwref.Flags(func() { hwref.Libm2(int(k), fn, fpToHW(p[0]), fpToHW(p[1])) })
					c.eq(got, want, func() string { return fmt.Sprintf("fn%d(%s, %s)", fn, fpFmt(k, p[0]), fpFmt(k, p[1])) })
				}
				c.done()
			})
		}
		for _, rm := range fpModes {
			for how := Floor; how <= RoundEven; how++ {
				t.Run(fmt.Sprintf("%s/%s/%s", how, k, rm), func(t *testing.T) {
					c := &flagChecker{t: t}
					for _, p := range ps {
						got := OpFlags(FlagRound, k, rm, int(how), p[0], Word{}, Word{})
						want := hwref.Flags(func() { hwref.Libm1(int(k), int(how), int(rm), fpToHW(p[0])) })
						c.eq(got, want, func() string { return fmt.Sprintf("%s(%s)", how, fpFmt(k, p[0])) })
					}
					c.done()
				})
			}
			t.Run(fmt.Sprintf("fma/%s/%s", k, rm), func(t *testing.T) {
				c := &flagChecker{t: t}
				for i, p := range ps {
					z := ps[(i*7+3)%len(ps)][0]
					got := OpFlags(FlagFMA, k, rm, 0, p[0], p[1], z)
					want := hwref.Flags(func() { hwref.FMA(int(k), int(rm), fpToHW(p[0]), fpToHW(p[1]), fpToHW(z)) })
					c.eq(got, want, func() string { return fmt.Sprintf("fma(%s, %s, %s)", fpFmt(k, p[0]), fpFmt(k, p[1]), fpFmt(k, z)) })
				}
				c.done()
			})
		}
	}
}

func TestFlagsConversions(t *testing.T) {
	for _, from := range fpKinds {
		vs := fpSingles(from, 24, flagNRandom)
		for _, to := range fpKinds {
			if from == to {
				continue
			}
			for _, rm := range fpModes {
				t.Run(fmt.Sprintf("%s-%s/%s", from, to, rm), func(t *testing.T) {
					c := &flagChecker{t: t}
					for _, a := range vs {
						got := FPConvFlags(from, to, rm, a)
						want := hwref.Flags(func() { hwref.FPConv(int(from), int(to), int(rm), fpToHW(a)) })
						c.eq(got, want, func() string { return fmt.Sprintf("conv(%s)", fpFmt(from, a)) })
					}
					c.done()
				})
			}
		}
		for _, signed := range []bool{true, false} {
			for _, width := range fpWidths {
				t.Run(fmt.Sprintf("fptoi/%s/i%d/%v", from, width, signed), func(t *testing.T) {
					c := &flagChecker{t: t}
					for _, a := range vs {
						got := FPToIntFlags(from, a, width, signed)
						want := hwref.Flags(func() { hwref.FPToInt(int(from), fpToHW(a), width, signed) })
						c.eq(got, want, func() string { return fmt.Sprintf("fptoi(%s)", fpFmt(from, a)) })
					}
					c.done()
				})
			}
		}
	}
	r := newFlagRand()
	for _, width := range fpWidths {
		vs := fpIntValues(width, r)
		for _, k := range fpKinds {
			for _, signed := range []bool{true, false} {
				for _, rm := range fpModes {
					t.Run(fmt.Sprintf("itofp/i%d/%s/%v/%s", width, k, signed, rm), func(t *testing.T) {
						c := &flagChecker{t: t}
						for _, a := range vs {
							got := IntToFPFlags(width, k, rm, a, signed)
							want := hwref.Flags(func() { hwref.IntToFP(width, int(k), int(rm), fpToHW(a), signed) })
							c.eq(got, want, func() string { return fmt.Sprintf("itofp(%#x:%#x)", a.Hi, a.Lo) })
						}
						c.done()
					})
				}
			}
		}
	}
}

func newFlagRand() *rand.Rand { return rand.New(rand.NewPCG(25, 25)) }

// TestFlagsFacts pins a few flag sets every x86 FPU agrees on, so a flag
// reader that always returns nothing cannot pass the differential tests.
func TestFlagsFacts(t *testing.T) {
	d := FromFloat64
	cases := []struct {
		name string
		got  Flags
		want Flags
	}{
		{"1/0", OpFlags(FlagDiv, F64, NearestEven, 0, d(1), d(0), Word{}), FlagDivByZero},
		{"0/0", OpFlags(FlagDiv, F64, NearestEven, 0, d(0), d(0), Word{}), FlagInvalid},
		{"1/3", OpFlags(FlagDiv, F64, NearestEven, 0, d(1), d(3), Word{}), FlagInexact},
		{"max*2", OpFlags(FlagMul, F64, NearestEven, 0, d(math.MaxFloat64), d(2), Word{}), FlagOverflow | FlagInexact},
		{"max*2 rtz", OpFlags(FlagMul, F64, TowardZero, 0, d(math.MaxFloat64), d(2), Word{}), FlagOverflow | FlagInexact},
		{"min*0.5 exact", OpFlags(FlagMul, F64, NearestEven, 0, d(0x1p-1022), d(0.5), Word{}), 0},
		{"min*(1/3)", OpFlags(FlagMul, F64, NearestEven, 0, d(0x1p-1022), d(1.0/3), Word{}), FlagUnderflow | FlagInexact},
		{"max+1", OpFlags(FlagAdd, F64, NearestEven, 0, d(math.MaxFloat64), d(1), Word{}), FlagInexact},
		{"sqrt(-1)", OpFlags(FlagSqrt, F64, NearestEven, 0, d(-1), Word{}, Word{}), FlagInvalid},
		{"fptosi nan", FPToIntFlags(F64, d(math.NaN()), 32, true), FlagInvalid},
		{"fptoui64 1.0", FPToIntFlags(F64, d(1), 64, false), FlagInexact},
		{"ld 1/0", OpFlags(FlagDiv, F80, NearestEven, 0, F80FromFloat64(1), F80FromFloat64(0), Word{}), FlagDivByZero},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: flags %v, want %v", c.name, c.got, c.want)
		}
	}
}
