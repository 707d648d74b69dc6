package executor

import (
	"github.com/floatsym/floatsym/arith"
)

// Floating-point intrinsics and fenv.h. The libm functions themselves are
// in builtins_math.go.

func init() {
	unary := func(name string, f func(k arith.Kind, rm arith.RoundingMode, a arith.Word) arith.Word) {
		register(name, 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			return ret(f(c.ArgType(0).FK, s.RM, c.Word(0)))
		})
	}
	unary("llvm.fabs", func(k arith.Kind, _ arith.RoundingMode, a arith.Word) arith.Word { return arith.FAbs(k, a) })
	unary("llvm.sqrt", arith.FSqrt)
	for name, how := range map[string]arith.Integral{
		"llvm.floor": arith.Floor, "llvm.ceil": arith.Ceil, "llvm.trunc": arith.Trunc,
		"llvm.round": arith.Round, "llvm.rint": arith.Rint, "llvm.nearbyint": arith.NearbyInt,
		"llvm.roundeven": arith.RoundEven,
	} {
		how := how
		unary(name, func(k arith.Kind, rm arith.RoundingMode, a arith.Word) arith.Word {
			return arith.FRoundToIntegral(k, how, rm, a)
		})
	}
	register("llvm.copysign", 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return ret(arith.FCopySign(c.ArgType(0).FK, c.Word(0), c.Word(1)))
	})
	register("llvm.minnum", 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return ret(arith.FMinNum(c.ArgType(0).FK, c.Word(0), c.Word(1)))
	})
	register("llvm.maxnum", 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return ret(arith.FMaxNum(c.ArgType(0).FK, c.Word(0), c.Word(1)))
	})
	fma := func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return ret(arith.FMA(c.ArgType(0).FK, s.RM, c.Word(0), c.Word(1), c.Word(2)))
	}
	register("llvm.fma", 3, fma)
	// fmuladd may be fused or not at the back end's choice; on x86_64
	// without FMA hardware (clang-14's default target) it is a separate
	// multiply and add, which is what the native binary computes.
	register("llvm.fmuladd", 3, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		k := c.ArgType(0).FK
		return ret(arith.FAdd(k, s.RM, arith.FMul(k, s.RM, c.Word(0), c.Word(1)), c.Word(2)))
	})
	toInt := func(name string, how arith.Integral) {
		register(name, 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			k := c.ArgType(0).FK
			r := arith.FRoundToIntegral(k, how, s.RM, c.Word(0))
			return ret(arith.FPToSI(k, r, c.Inst.T.Bits))
		})
	}
	toInt("llvm.lround", arith.Round)
	toInt("llvm.llround", arith.Round)
	toInt("llvm.lrint", arith.Rint)
	toInt("llvm.llrint", arith.Rint)

	register("fegetround", 0, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return retU64(uint64(s.RM.FenvValue()))
	})
	register("fesetround", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		rm, ok := arith.RoundingModeFromFenv(int(int32(c.U64(0))))
		if !ok {
			return retU64(1) // glibc rejects unknown modes with a non-zero result
		}
		s.RM = rm
		return retU64(0)
	})
	register("llvm.flt.rounds", 0, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		// FLT_ROUNDS: 0 toward zero, 1 nearest, 2 upward, 3 downward.
		return retU64([...]uint64{arith.NearestEven: 1, arith.Downward: 3, arith.Upward: 2, arith.TowardZero: 0}[s.RM])
	})
}
