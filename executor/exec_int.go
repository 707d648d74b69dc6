package executor

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

// intBinop evaluates a non-trapping integer operation. Widths up to 64
// stay in one machine word; wider ones go through arith.
func intBinop(op ir.Op, a, b arith.Word, w int) arith.Word {
	if w <= 64 {
		mask := uint64(1)<<uint(w) - 1 // w == 64 gives all ones
		var r uint64
		switch op {
		case ir.OpAdd:
			r = a.Lo + b.Lo
		case ir.OpSub:
			r = a.Lo - b.Lo
		case ir.OpMul:
			r = a.Lo * b.Lo
		case ir.OpAnd:
			r = a.Lo & b.Lo
		case ir.OpOr:
			r = a.Lo | b.Lo
		case ir.OpXor:
			r = a.Lo ^ b.Lo
		}
		return arith.Word{Lo: r & mask}
	}
	switch op {
	case ir.OpAdd:
		return arith.Add(a, b, w)
	case ir.OpSub:
		return arith.Sub(a, b, w)
	case ir.OpMul:
		return arith.Mul(a, b, w)
	case ir.OpAnd:
		return arith.And(a, b)
	case ir.OpOr:
		return arith.Or(a, b)
	}
	return arith.Xor(a, b)
}

func minInt(w int) arith.Word { return arith.Shl(arith.Word{Lo: 1}, arith.Word{Lo: uint64(w - 1)}, w) }

// execDiv performs division and remainder, reporting division by zero as
// KLEE does (the native program traps with SIGFPE). Signed overflow
// (MIN / -1) traps natively as well and is reported as a div error, the
// class UBSan's replay attributes it to.
func (e *Executor) execDiv(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	av, bv, w := e.get(fr, in.A), e.get(fr, in.B), int(in.Bits)
	signed := in.Op == ir.OpSDiv || in.Op == ir.OpSRem
	if av.E != nil || bv.E != nil {
		t := fr.Fn.RegType[in.Dst]
		a, b := e.bv(e.exprOf(av, t)), e.bv(e.exprOf(bv, t))
		if ok, term := e.guard(s, in, e.B.Not(e.B.Eq(b, e.B.U64(0, w))), TermDiv, "division by zero"); !ok {
			return term
		}
		if signed {
			ovf := e.B.And(e.B.Eq(a, e.B.Const(minInt(w), w)), e.B.Eq(b, e.B.Const(arith.Mask(w), w)))
			if ok, term := e.guard(s, in, e.B.Not(ovf), TermDiv, "signed division overflow (minimum value divided by -1)"); !ok {
				return term
			}
		}
		fr.Regs[in.Dst] = e.symInt(in.Op, a, b, w)
		return nil
	}
	a, b := av.W, bv.W
	if b == (arith.Word{}) {
		return e.terminate(s, in, TermDiv, "division by zero")
	}
	var r arith.Word
	switch in.Op {
	case ir.OpUDiv:
		r = arith.UDiv(a, b, w)
	case ir.OpURem:
		r = arith.URem(a, b, w)
	default:
		if b == arith.Mask(w) && a == minInt(w) {
			return e.terminate(s, in, TermDiv, "signed division overflow (minimum value divided by -1)")
		}
		if in.Op == ir.OpSDiv {
			r = arith.SDiv(a, b, w)
		} else {
			r = arith.SRem(a, b, w)
		}
	}
	fr.Regs[in.Dst] = Value{W: r}
	return nil
}

// execShift performs shifts; a shift amount of at least the width is an
// overshift error (poison in LLVM, UB in C).
func (e *Executor) execShift(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	av, bv, w := e.get(fr, in.A), e.get(fr, in.B), int(in.Bits)
	if av.E != nil || bv.E != nil {
		t := fr.Fn.RegType[in.Dst]
		a, b := e.bv(e.exprOf(av, t)), e.bv(e.exprOf(bv, t))
		if ok, term := e.guard(s, in, e.B.ICmp(arith.IULT, b, e.B.U64(uint64(w), w)), TermOvershift, "shift amount is not less than the width %d", w); !ok {
			return term
		}
		fr.Regs[in.Dst] = e.symInt(in.Op, a, b, w)
		return nil
	}
	a, b := av.W, bv.W
	if b.Hi != 0 || b.Lo >= uint64(w) {
		return e.terminate(s, in, TermOvershift, "shift by %d is not less than the width %d", b.Lo, w)
	}
	var r arith.Word
	switch in.Op {
	case ir.OpShl:
		if w <= 64 {
			r = arith.Word{Lo: a.Lo << b.Lo & (uint64(1)<<uint(w) - 1)}
		} else {
			r = arith.Shl(a, b, w)
		}
	case ir.OpLShr:
		r = arith.LShr(a, b, w)
	default:
		r = arith.AShr(a, b, w)
	}
	fr.Regs[in.Dst] = Value{W: r}
	return nil
}
