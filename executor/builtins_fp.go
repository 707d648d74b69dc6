package executor

import (
	"strings"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Floating-point intrinsics and fenv.h. They are exact operations of the
// expression language too, so they accept symbolic arguments (KLEE-float's
// lesson: running libm's code symbolically explodes; model the operation).
// The C-named libm functions with the same semantics (fabs, sqrt, floor,
// ...) are bound to these models as well, in builtins_math.go.

// fpModel is one FP operation with its concrete and symbolic forms.
type fpModel struct {
	n    int
	conc func(k arith.Kind, rm arith.RoundingMode, a []arith.Word) arith.Word
	sym  func(b *expr.Builder, rm arith.RoundingMode, a []*expr.Expr) *expr.Expr
}

// fpModels are keyed by intrinsic name without its type suffix.
var fpModels = map[string]fpModel{
	"llvm.fabs": {1, func(k arith.Kind, _ arith.RoundingMode, a []arith.Word) arith.Word { return arith.FAbs(k, a[0]) },
		func(b *expr.Builder, _ arith.RoundingMode, a []*expr.Expr) *expr.Expr { return b.FAbs(a[0]) }},
	"llvm.sqrt": {1, func(k arith.Kind, rm arith.RoundingMode, a []arith.Word) arith.Word { return arith.FSqrt(k, rm, a[0]) },
		func(b *expr.Builder, rm arith.RoundingMode, a []*expr.Expr) *expr.Expr { return b.FSqrt(rm, a[0]) }},
	"llvm.copysign": {2, func(k arith.Kind, _ arith.RoundingMode, a []arith.Word) arith.Word {
		return arith.FCopySign(k, a[0], a[1])
	},
		func(b *expr.Builder, _ arith.RoundingMode, a []*expr.Expr) *expr.Expr {
			return b.Ite(b.FClass(expr.OpFIsNeg, a[1]), b.FNeg(b.FAbs(a[0])), b.FAbs(a[0]))
		}},
	"llvm.minnum": {2, func(k arith.Kind, _ arith.RoundingMode, a []arith.Word) arith.Word {
		return arith.FMinNum(k, a[0], a[1])
	},
		func(b *expr.Builder, rm arith.RoundingMode, a []*expr.Expr) *expr.Expr {
			return b.FBin(expr.OpFMin, rm, a[0], a[1])
		}},
	"llvm.maxnum": {2, func(k arith.Kind, _ arith.RoundingMode, a []arith.Word) arith.Word {
		return arith.FMaxNum(k, a[0], a[1])
	},
		func(b *expr.Builder, rm arith.RoundingMode, a []*expr.Expr) *expr.Expr {
			return b.FBin(expr.OpFMax, rm, a[0], a[1])
		}},
	"llvm.fma": {3, func(k arith.Kind, rm arith.RoundingMode, a []arith.Word) arith.Word {
		return arith.FMA(k, rm, a[0], a[1], a[2])
	},
		func(b *expr.Builder, rm arith.RoundingMode, a []*expr.Expr) *expr.Expr {
			return b.FMA(rm, a[0], a[1], a[2])
		}},
	// C fmod (LLVM frem) and IEEE remainder are exact.
	"fmod": {2, func(k arith.Kind, _ arith.RoundingMode, a []arith.Word) arith.Word { return arith.FRem(k, a[0], a[1]) },
		func(b *expr.Builder, rm arith.RoundingMode, a []*expr.Expr) *expr.Expr {
			return b.FBin(expr.OpFRem, rm, a[0], a[1])
		}},
	"remainder": {2, func(k arith.Kind, _ arith.RoundingMode, a []arith.Word) arith.Word {
		return arith.FRemainder(k, a[0], a[1])
	},
		func(b *expr.Builder, rm arith.RoundingMode, a []*expr.Expr) *expr.Expr {
			return remainderGlibc(b, rm, a[0], a[1])
		}},
	// fmuladd may be fused or not at the back end's choice; on x86_64
	// without FMA (clang-14's default target) it is a separate multiply
	// and add, which is what the native binary computes.
	"llvm.fmuladd": {3, func(k arith.Kind, rm arith.RoundingMode, a []arith.Word) arith.Word {
		return arith.FAdd(k, rm, arith.FMul(k, rm, a[0], a[1]), a[2])
	}, func(b *expr.Builder, rm arith.RoundingMode, a []*expr.Expr) *expr.Expr {
		return b.FBin(expr.OpFAdd, rm, b.FBin(expr.OpFMul, rm, a[0], a[1]), a[2])
	}},
}

func registerFPBuiltins() {
	for name, how := range map[string]arith.Integral{
		"llvm.floor": arith.Floor, "llvm.ceil": arith.Ceil, "llvm.trunc": arith.Trunc,
		"llvm.round": arith.Round, "llvm.rint": arith.Rint, "llvm.nearbyint": arith.NearbyInt,
		"llvm.roundeven": arith.RoundEven,
	} {
		how := how
		fpModels[name] = fpModel{1, func(k arith.Kind, rm arith.RoundingMode, a []arith.Word) arith.Word {
			return arith.FRoundToIntegral(k, how, rm, a[0])
		}, func(b *expr.Builder, rm arith.RoundingMode, a []*expr.Expr) *expr.Expr {
			return b.FRound(how, rm, a[0])
		}}
	}
	for name, m := range fpModels {
		if strings.HasPrefix(name, "llvm.") {
			registerSymbolic(name, m.n, m.builtin(name))
		}
	}
	toInt := func(name string, how arith.Integral) {
		registerSymbolic(name, 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			k, w := c.ArgType(0).FK, c.Inst.T.Bits
			if e.fpTrack {
				return e.toIntTracked(name, how, s, c)
			}
			if x := c.Args[0].E; x != nil {
				return valueOf(e.B.FPToInt(true, e.B.FRound(how, s.RM, x), w)), nil
			}
			return ret(arith.FPToSI(k, arith.FRoundToIntegral(k, how, s.RM, c.Word(0)), w))
		})
	}
	toInt("llvm.lround", arith.Round)
	toInt("llvm.llround", arith.Round)
	toInt("llvm.lrint", arith.Rint)
	toInt("llvm.llrint", arith.Rint)

	register("fegetround", 0, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return retU64(uint64(s.RM.FenvValue()))
	})
	registerSymbolic("fesetround", 1, biFesetround)
	register("llvm.flt.rounds", 0, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		// FLT_ROUNDS: 0 toward zero, 1 nearest, 2 upward, 3 downward.
		return retU64([...]uint64{arith.NearestEven: 1, arith.Downward: 3, arith.Upward: 2, arith.TowardZero: 0}[s.RM])
	})
}

// builtin makes the model's Builtin function: concrete arguments run the
// concrete semantics, symbolic ones build the expression.
func (m fpModel) builtin(name string) BuiltinFn {
	return func(e *Executor, s *State, c *Call) (Value, *Termination) {
		if e.fpTrack {
			return e.fpModelTracked(name, m, s, c)
		}
		k := c.ArgType(0).FK
		sym := false
		for i := 0; i < m.n; i++ {
			sym = sym || c.Args[i].E != nil
		}
		if !sym {
			var a [3]arith.Word
			for i := 0; i < m.n; i++ {
				a[i] = c.Args[i].W
			}
			return ret(m.conc(k, s.RM, a[:m.n]))
		}
		var a [3]*expr.Expr
		for i := 0; i < m.n; i++ {
			a[i] = e.exprOf(c.Args[i], c.ArgType(i))
		}
		return valueOf(m.sym(e.B, s.RM, a[:m.n])), nil
	}
}

// biFesetround sets the path's rounding mode. glibc rejects an unknown
// mode with a non-zero result and leaves the mode alone. A symbolic mode
// forks one path per valid mode, plus one for the invalid values (as the
// Imperial KLEE-float does), so no mode is lost to concretisation.
func biFesetround(e *Executor, s *State, c *Call) (Value, *Termination) {
	v := c.Args[0]
	if v.E == nil {
		rm, ok := arith.RoundingModeFromFenv(int(int32(v.W.Lo)))
		if !ok {
			return retU64(1)
		}
		s.RM = rm
		return retU64(0)
	}
	x := e.bv(v.E)
	rest := s
	for _, rm := range []arith.RoundingMode{arith.NearestEven, arith.Downward, arith.Upward, arith.TowardZero} {
		t, f, term := e.fork(rest, c.Inst, e.B.Eq(x, e.B.U64(uint64(rm.FenvValue()), x.Width())))
		if term != nil {
			return Value{}, e.finishOr(s, rest, term)
		}
		if t != nil {
			t.RM = rm
			e.setResult(s, t, c, Value{})
		}
		if f == nil {
			return Value{}, nil
		}
		rest = f
	}
	// The invalid values: the call fails and returns 1.
	e.setResult(s, rest, c, Value{W: arith.Word{Lo: 1}})
	return Value{}, nil
}
