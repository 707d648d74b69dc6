package executor

import (
	"math/bits"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Integer intrinsics: overflow arithmetic, bit counting, min/max, funnel
// shifts. Each takes its width from the first argument's type.

func registerIntBuiltins() {
	overflow := func(name string, f func(a, b arith.Word, w int) (arith.Word, bool)) {
		register(name, 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			r, o := f(c.Word(0), c.Word(1), c.ArgType(0).Bits)
			return Value{Agg: &Aggregate{Leaves: []Value{{W: r}, {W: arith.Bool(o)}}}}, nil
		})
	}
	overflow("llvm.sadd.with.overflow", func(a, b arith.Word, w int) (arith.Word, bool) {
		r := arith.Add(a, b, w)
		sa, sb, sr := arith.SignBitOf(a, w), arith.SignBitOf(b, w), arith.SignBitOf(r, w)
		return r, sa == sb && sr != sa
	})
	overflow("llvm.uadd.with.overflow", func(a, b arith.Word, w int) (arith.Word, bool) {
		r := arith.Add(a, b, w)
		return r, arith.ULess(r, a)
	})
	overflow("llvm.ssub.with.overflow", func(a, b arith.Word, w int) (arith.Word, bool) {
		r := arith.Sub(a, b, w)
		sa, sb, sr := arith.SignBitOf(a, w), arith.SignBitOf(b, w), arith.SignBitOf(r, w)
		return r, sa != sb && sr != sa
	})
	overflow("llvm.usub.with.overflow", func(a, b arith.Word, w int) (arith.Word, bool) {
		return arith.Sub(a, b, w), arith.ULess(a, b)
	})
	overflow("llvm.smul.with.overflow", func(a, b arith.Word, w int) (arith.Word, bool) {
		r := arith.Mul(a, b, w)
		wide := arith.Mul(arith.SExt(a, w, 128), arith.SExt(b, w, 128), 128)
		if w <= 64 {
			return r, arith.SExt(r, w, 128) != wide
		}
		// 65..128 bits: check by division (exact for non-zero b).
		if b == (arith.Word{}) {
			return r, false
		}
		if b == arith.Mask(w) { // b == -1: overflows only for MIN
			return r, a == arith.Shl(arith.Word{Lo: 1}, arith.Word{Lo: uint64(w - 1)}, w)
		}
		return r, arith.SDiv(r, b, w) != a
	})
	overflow("llvm.umul.with.overflow", func(a, b arith.Word, w int) (arith.Word, bool) {
		r := arith.Mul(a, b, w)
		if w <= 64 {
			hi, lo := bits.Mul64(a.Lo, b.Lo)
			return r, hi != 0 || lo != r.Lo
		}
		if b == (arith.Word{}) {
			return r, false
		}
		return r, arith.UDiv(r, b, w) != a
	})
	unaryInt := func(name string, f func(a arith.Word, w int) arith.Word) {
		register(name, 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			return ret(f(c.Word(0), c.ArgType(0).Bits))
		})
	}
	unaryInt("llvm.bswap", func(a arith.Word, w int) arith.Word {
		if w <= 64 {
			return arith.Word{Lo: bits.ReverseBytes64(a.Lo) >> (64 - w)}
		}
		r := arith.Word{Lo: bits.ReverseBytes64(a.Hi), Hi: bits.ReverseBytes64(a.Lo)}
		return arith.LShr(r, arith.Word{Lo: uint64(128 - w)}, 128)
	})
	unaryInt("llvm.bitreverse", func(a arith.Word, w int) arith.Word {
		r := arith.Word{Lo: bits.Reverse64(a.Hi), Hi: bits.Reverse64(a.Lo)}
		return arith.LShr(r, arith.Word{Lo: uint64(128 - w)}, 128)
	})
	unaryInt("llvm.ctpop", func(a arith.Word, w int) arith.Word {
		return arith.Word{Lo: uint64(bits.OnesCount64(a.Lo) + bits.OnesCount64(a.Hi))}
	})
	// ctlz/cttz take an "is zero poison" flag; for zero they give the width,
	// which is also what the lzcnt/tzcnt-free native code computes when
	// the flag is false.
	register("llvm.ctlz", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		a, w := c.Word(0), c.ArgType(0).Bits
		n := bits.LeadingZeros64(a.Hi)
		if a.Hi == 0 {
			n = 64 + bits.LeadingZeros64(a.Lo)
		}
		return retU64(uint64(n - (128 - w)))
	})
	register("llvm.cttz", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		a, w := c.Word(0), c.ArgType(0).Bits
		n := bits.TrailingZeros64(a.Lo)
		if a.Lo == 0 {
			n = 64 + bits.TrailingZeros64(a.Hi)
		}
		if n > w {
			n = w
		}
		return retU64(uint64(n))
	})
	// abs, the min/max family, expect and is.constant take symbolic
	// operands as they are (library code compiled at -O1 uses them on
	// input-dependent values; concretising would lose paths).
	registerSymbolic("llvm.abs", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		if x := c.Args[0].E; x != nil {
			x = e.bv(x)
			zero := e.B.U64(0, x.Width())
			return valueOf(e.B.Ite(e.B.ICmp(arith.ISLT, x, zero), e.B.Bin(expr.OpSub, zero, x), x)), nil
		}
		a, w := c.Word(0), c.ArgType(0).Bits
		if arith.SignBitOf(a, w) {
			return ret(arith.Sub(arith.Word{}, a, w))
		}
		return ret(a)
	})
	minmax := func(name string, pred arith.IPred, pick func(a, b arith.Word, w int) bool) {
		registerSymbolic(name, 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			if c.Args[0].E != nil || c.Args[1].E != nil {
				t := c.ArgType(0)
				x, y := e.bv(e.exprOf(c.Args[0], t)), e.bv(e.exprOf(c.Args[1], t))
				return valueOf(e.B.Ite(e.B.ICmp(pred, x, y), x, y)), nil
			}
			a, b := c.Word(0), c.Word(1)
			if pick(a, b, c.ArgType(0).Bits) {
				return ret(a)
			}
			return ret(b)
		})
	}
	minmax("llvm.smin", arith.ISLT, func(a, b arith.Word, w int) bool { return arith.SLess(a, b, w) })
	minmax("llvm.smax", arith.ISGT, func(a, b arith.Word, w int) bool { return arith.SLess(b, a, w) })
	minmax("llvm.umin", arith.IULT, func(a, b arith.Word, w int) bool { return arith.ULess(a, b) })
	minmax("llvm.umax", arith.IUGT, func(a, b arith.Word, w int) bool { return arith.ULess(b, a) })
	funnel := func(name string, left bool) {
		register(name, 3, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			a, b, w := c.Word(0), c.Word(1), c.ArgType(0).Bits
			sh := arith.URem(c.Word(2), arith.Word{Lo: uint64(w)}, w).Lo
			if sh == 0 {
				if left {
					return ret(a)
				}
				return ret(b)
			}
			if left {
				return ret(arith.Or(arith.Shl(a, arith.Word{Lo: sh}, w), arith.LShr(b, arith.Word{Lo: uint64(w) - sh}, w)))
			}
			return ret(arith.Or(arith.Shl(a, arith.Word{Lo: uint64(w) - sh}, w), arith.LShr(b, arith.Word{Lo: sh}, w)))
		})
	}
	funnel("llvm.fshl", true)
	funnel("llvm.fshr", false)
	registerSymbolic("llvm.expect", 2, func(e *Executor, s *State, c *Call) (Value, *Termination) { return c.Args[0], nil })
	registerSymbolic("llvm.expect.with.probability", 2, func(e *Executor, s *State, c *Call) (Value, *Termination) { return c.Args[0], nil })
	registerSymbolic("llvm.is.constant", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) { return retU64(0) })
	register("llvm.objectsize", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		// "unknown": -1 for maximum, 0 for minimum (second argument).
		if len(c.Args) > 1 && c.Args[1].W.Lo&1 == 1 {
			return retU64(0)
		}
		return ret(arith.Mask(c.Inst.T.Bits))
	})
	satArith := func(name string, f func(a, b arith.Word, w int) arith.Word) {
		register(name, 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			return ret(f(c.Word(0), c.Word(1), c.ArgType(0).Bits))
		})
	}
	satArith("llvm.uadd.sat", func(a, b arith.Word, w int) arith.Word {
		r := arith.Add(a, b, w)
		if arith.ULess(r, a) {
			return arith.Mask(w)
		}
		return r
	})
	satArith("llvm.usub.sat", func(a, b arith.Word, w int) arith.Word {
		if arith.ULess(a, b) {
			return arith.Word{}
		}
		return arith.Sub(a, b, w)
	})
}
