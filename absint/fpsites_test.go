package absint

import (
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

// decided are the flags --check-fp's sites are decided for.
const decided = arith.FlagInvalid | arith.FlagDivByZero | arith.FlagOverflow

// flagBins are the binary operations the flag-enclosure tests run, with
// their flag operation in internal/arith.
var flagBins = []struct {
	op   FBinOp
	fl   arith.FlagOp
	name string
}{{FAdd, arith.FlagAdd, "fadd"}, {FSub, arith.FlagSub, "fsub"}, {FMul, arith.FlagMul, "fmul"},
	{FDiv, arith.FlagDiv, "fdiv"}, {FRem, arith.FlagRem, "frem"}}

// fmaSiteFlags are the flags an fma site may raise on x·y+z: the fused
// operation's, or the unfused multiply and add's (fmuladd may be either).
func fmaSiteFlags(k arith.Kind, m arith.RoundingMode, x, y, z arith.Word) arith.Flags {
	p := arith.FMul(k, m, x, y)
	return arith.OpFlags(arith.FlagFMA, k, m, 0, x, y, z) |
		arith.OpFlags(arith.FlagMul, k, m, 0, x, y, arith.Word{}) |
		arith.OpFlags(arith.FlagAdd, k, m, 0, p, z, arith.Word{})
}

// TestFPFlagsEnclose checks the exception-site conditions against
// internal/arith's flags (the executor's): for random abstract operands
// (random and boundary values: NaN, ±0, ±INF, subnormals, the extremes)
// and member operands, in every kind and rounding mode (and the unknown
// mode), every flag of invalid, divbyzero and overflow the concrete
// operation raises is one the abstract condition says it may raise.
func TestFPFlagsEnclose(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	ints := []*ir.Type{{Kind: ir.IntType, Bits: 8}, {Kind: ir.IntType, Bits: 16}, {Kind: ir.IntType, Bits: 32}, {Kind: ir.IntType, Bits: 64}}
	n := 0
	for _, k := range kinds {
		for it := 0; it < 800; it++ {
			a, as := randAbs(r, k)
			b, bs := randAbs(r, k)
			c, cs := randAbs(r, k)
			for m := arith.RoundingMode(0); m < 4; m++ {
				for _, all := range []bool{false, true} {
					ms := modesFor(m, all)
					for _, o := range flagBins {
						got := binFlags(o.op, ms, a, b)
						for _, x := range as {
							for _, y := range bs {
								want := arith.OpFlags(o.fl, k, m, 0, x, y, arith.Word{}) & decided
								if want&^got != 0 {
									t.Fatalf("%s %s %s(%s, %s) raises %s; the site says only %s (operands %s, %s)", k, ms, o.name,
										arith.Format(k, x), arith.Format(k, y), want, got, a, b)
								}
								n++
							}
						}
					}
					gotFMA := fmaFlags(a, b, c)
					for _, x := range as {
						for _, y := range bs {
							for _, z := range cs {
								if want := fmaSiteFlags(k, m, x, y, z) & decided; want&^gotFMA != 0 {
									t.Fatalf("%s %s fma(%s, %s, %s) raises %s; the site says only %s", k, m,
										arith.Format(k, x), arith.Format(k, y), arith.Format(k, z), want, gotFMA)
								}
							}
						}
					}
					for _, x := range as {
						if want := arith.OpFlags(arith.FlagSqrt, k, m, 0, x, arith.Word{}, arith.Word{}) & decided; want&^sqrtFlags(a) != 0 {
							t.Fatalf("%s %s sqrt(%s) raises %s; the site says only %s", k, m, arith.Format(k, x), want, sqrtFlags(a))
						}
						for _, y := range bs {
							fc := arith.OpFlags(arith.FlagCmp, k, m, 0, x, y, arith.Word{}) & decided
							if fc != 0 && !(a.NaN || b.NaN) {
								t.Fatalf("%s fcmp(%s, %s) raises %s with no NaN operand possible", k, arith.Format(k, x), arith.Format(k, y), fc)
							}
						}
						for _, to := range kinds {
							if to == k {
								continue
							}
							op := ir.OpFPExt
							if to < k {
								op = ir.OpFPTrunc
							}
							got, _ := convFlags(op, ms, a, &ir.Type{Kind: ir.FloatType, FK: to})
							if want := arith.FPConvFlags(k, to, m, x) & decided; want&^got != 0 {
								t.Fatalf("%s %s %s to %s of %s raises %s; the site says only %s (operand %s)", k, m, op, to,
									arith.Format(k, x), want, got, a)
							}
						}
						for _, it := range ints {
							for _, signed := range []bool{true, false} {
								op := ir.OpFPToSI
								if !signed {
									op = ir.OpFPToUI
								}
								got, conv := convFlags(op, ms, a, it)
								want := arith.FPToIntFlags(k, x, it.Bits, signed) & decided
								if want&^got != 0 || (want != 0 && !conv) {
									t.Fatalf("%s %s to i%d of %s raises %s; the site says only %s (operand %s)", k, op, it.Bits,
										arith.Format(k, x), want, got, a)
								}
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d concrete binary operations checked", n)
}

// TestCheckFP runs the analysis with --check-fp's sites on the programs
// of testdata/checkfp: "// checkfp: LIST" names the checked kinds (as
// --check-fp does), "// expect:" the verdict — proved, false (an input
// raises a checked exception: never proved) or unproved (why).
func TestCheckFP(t *testing.T) {
	srcs, _ := filepath.Glob("testdata/checkfp/*.c")
	if len(srcs) == 0 {
		t.Fatal("no testdata/checkfp programs")
	}
	for _, src := range srcs {
		src := src
		t.Run(filepath.Base(src), func(t *testing.T) {
			want := expectation(t, src)
			b, _ := os.ReadFile(src)
			cfg := DefaultConfig()
			for _, l := range strings.Split(string(b), "\n") {
				list, ok := strings.CutPrefix(strings.TrimSpace(l), "// checkfp: ")
				if !ok {
					continue
				}
				for _, n := range strings.Split(list, ",") {
					if n == "fpconv" {
						cfg.CheckFPConv = true
						continue
					}
					g, ok := arith.FlagByName(n)
					if !ok {
						t.Fatalf("bad checkfp kind %q", n)
					}
					cfg.CheckFP |= g
				}
			}
			if cfg.CheckFP == 0 && !cfg.CheckFPConv {
				t.Fatal("no checkfp line")
			}
			res, err := Analyze(load(t, src), cfg)
			proved := err == nil && res.Proved
			if err != nil {
				t.Logf("analysis: %v", err)
			} else {
				n := 0
				for _, s := range res.Sites {
					if strings.HasPrefix(s.Kind, "fp") {
						n++
						if s.Status != "unreachable" {
							t.Logf("site %s %s: %s", s.Location, s.Kind, s.Reason)
						}
					}
				}
				if n == 0 {
					t.Errorf("no exception site recorded")
				}
			}
			switch {
			case want == "proved" && !proved:
				t.Errorf("not proved, want proved")
			case want == "false" && proved:
				t.Errorf("FALSE PROOF: an input raises a checked exception")
			case strings.HasPrefix(want, "unproved") && proved:
				t.Errorf("proved, though %s", want)
			}
		})
	}
}
