package executor

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

// get reads an operand of the current frame.
func (e *Executor) get(fr *StackFrame, o ir.Operand) Value {
	if o >= 0 {
		return fr.Regs[o]
	}
	return e.consts[-1-o]
}

// step executes one instruction. Each case is short: the concrete
// semantics live in exec_*.go (one file per instruction family) and the
// symbolic ones in exec_sym.go, which runs only when an operand is
// symbolic, so concrete execution never builds an expression.
func (e *Executor) step(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	switch in.Op {
	case ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpAnd, ir.OpOr, ir.OpXor:
		if e.overflowChecked(in) { // overflow.go: --property no-overflow
			if t := e.checkOverflow(s, fr, in); t != nil {
				return t
			}
		}
		a, b := e.get(fr, in.A), e.get(fr, in.B)
		if a.E == nil && b.E == nil {
			fr.Regs[in.Dst] = Value{W: intBinop(in.Op, a.W, b.W, int(in.Bits))}
		} else {
			t := fr.Fn.RegType[in.Dst]
			fr.Regs[in.Dst] = e.symInt(in.Op, e.exprOf(a, t), e.exprOf(b, t), int(in.Bits))
		}
	case ir.OpUDiv, ir.OpSDiv, ir.OpURem, ir.OpSRem:
		return e.execDiv(s, fr, in)
	case ir.OpShl, ir.OpLShr, ir.OpAShr:
		return e.execShift(s, fr, in)
	case ir.OpICmp:
		a, b := e.get(fr, in.A), e.get(fr, in.B)
		if a.E == nil && b.E == nil {
			fr.Regs[in.Dst] = Value{W: arith.Bool(arith.ICmp(arith.IPred(in.Pred), a.W, b.W, int(in.Bits)))}
		} else {
			fr.Regs[in.Dst] = e.symICmp(fr, in)
		}
	case ir.OpFAdd, ir.OpFSub, ir.OpFMul, ir.OpFDiv, ir.OpFRem:
		if e.fpTrack {
			return e.execFPTracked(s, fr, in)
		}
		a, b := e.get(fr, in.A), e.get(fr, in.B)
		if a.E == nil && b.E == nil {
			fr.Regs[in.Dst] = Value{W: fpBinop(in.Op, in.FK, s.RM, a.W, b.W)}
		} else {
			fr.Regs[in.Dst] = e.symFBin(s, fr, in)
		}
	case ir.OpFNeg:
		a := e.get(fr, in.A)
		if a.E == nil {
			fr.Regs[in.Dst] = Value{W: arith.FNeg(in.FK, a.W)}
		} else {
			fr.Regs[in.Dst] = valueOf(e.B.FNeg(a.E))
		}
	case ir.OpFCmp:
		if e.fpTrack {
			return e.execFPTracked(s, fr, in)
		}
		a, b := e.get(fr, in.A), e.get(fr, in.B)
		if a.E == nil && b.E == nil {
			fr.Regs[in.Dst] = Value{W: arith.Bool(arith.FCmp(in.FK, arith.Pred(in.Pred), a.W, b.W))}
		} else {
			fr.Regs[in.Dst] = e.symFCmp(fr, in)
		}
	case ir.OpTrunc, ir.OpZExt, ir.OpSExt, ir.OpFPTrunc, ir.OpFPExt, ir.OpFPToUI, ir.OpFPToSI,
		ir.OpUIToFP, ir.OpSIToFP, ir.OpPtrToInt, ir.OpIntToPtr, ir.OpBitCast:
		if e.fpTrack {
			return e.execFPTracked(s, fr, in)
		}
		a := e.get(fr, in.A)
		if a.E == nil {
			fr.Regs[in.Dst] = Value{W: convert(in, s.RM, a.W), Agg: a.Agg}
		} else {
			fr.Regs[in.Dst] = e.symConvert(s, in, a)
		}
	case ir.OpSelect:
		c := e.get(fr, in.A)
		switch {
		case c.E != nil:
			fr.Regs[in.Dst] = e.symSelect(e.boolExpr(c), e.get(fr, in.B), e.get(fr, in.C), in.T)
		case c.W.Lo&1 != 0:
			fr.Regs[in.Dst] = e.get(fr, in.B)
		default:
			fr.Regs[in.Dst] = e.get(fr, in.C)
		}
	case ir.OpFreeze:
		fr.Regs[in.Dst] = e.get(fr, in.A)
	case ir.OpAlloca:
		return e.execAlloca(s, fr, in)
	case ir.OpLoad:
		return e.execLoad(s, fr, in)
	case ir.OpStore:
		return e.execStore(s, fr, in)
	case ir.OpGEP:
		fr.Regs[in.Dst] = e.gep(fr, in)
	case ir.OpExtractValue:
		fr.Regs[in.Dst] = extractValue(e.get(fr, in.A), in)
	case ir.OpInsertValue:
		fr.Regs[in.Dst] = insertValue(e.get(fr, in.A), e.get(fr, in.B), in)
	case ir.OpAtomicRMW:
		return e.execAtomicRMW(s, fr, in)
	case ir.OpCmpXchg:
		return e.execCmpXchg(s, fr, in)
	case ir.OpVAArg:
		return e.execVAArg(s, fr, in)
	case ir.OpCall:
		return e.execCall(s, fr, in)
	case ir.OpRet:
		return e.execRet(s, fr, in)
	case ir.OpBr:
		e.jump(fr, &in.Succs[0])
	case ir.OpCondBr:
		return e.execCondBr(s, fr, in)
	case ir.OpSwitch:
		return e.execSwitch(s, fr, in)
	case ir.OpUnreachable:
		return e.terminate(s, in, TermExec, "reached \"unreachable\" instruction")
	case ir.OpFence:
	default:
		return e.terminate(s, in, TermExec, "instruction %s is not supported", in.Op)
	}
	return nil
}
