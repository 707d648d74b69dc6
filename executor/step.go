package executor

import (
	"context"

	"github.com/floatsym/floatsym/arith"
	"github.com/floatsym/floatsym/ir"
)

// checkEvery is how many instructions run between checks of the context
// and limits: often enough to stop promptly, rare enough to cost nothing.
const checkEvery = 1 << 14

// get reads an operand of the current frame.
func (e *Executor) get(fr *StackFrame, o ir.Operand) Value {
	if o >= 0 {
		return fr.Regs[o]
	}
	return e.consts[-1-o]
}

// word reads a scalar operand.
func (e *Executor) word(fr *StackFrame, o ir.Operand) arith.Word {
	if o >= 0 {
		return fr.Regs[o].W
	}
	return e.consts[-1-o].W
}

// run executes a state until its path terminates.
func (e *Executor) run(ctx context.Context, s *State) *Termination {
	budget := checkEvery
	for {
		fr := s.Stack[len(s.Stack)-1]
		in := &fr.Fn.Blocks[fr.Block].Insts[fr.PC]
		fr.PC++
		s.Insts++
		if budget--; budget == 0 {
			budget = checkEvery
			if t := e.checkLimits(ctx, s, in); t != nil {
				return t
			}
		}
		if t := e.step(s, fr, in); t != nil {
			return t
		}
	}
}

func (e *Executor) checkLimits(ctx context.Context, s *State, in *ir.Inst) *Termination {
	if ctx.Err() != nil {
		return e.terminate(s, in, TermLimit, "time limit reached")
	}
	if e.cfg.MaxInstructions > 0 && s.Insts >= e.cfg.MaxInstructions {
		return e.terminate(s, in, TermLimit, "instruction limit reached")
	}
	return nil
}

// step executes one instruction. Each case is short: the semantics live in
// exec_*.go, one file per instruction family.
func (e *Executor) step(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	switch in.Op {
	case ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpAnd, ir.OpOr, ir.OpXor:
		fr.Regs[in.Dst].W = intBinop(in.Op, e.word(fr, in.A), e.word(fr, in.B), int(in.Bits))
	case ir.OpUDiv, ir.OpSDiv, ir.OpURem, ir.OpSRem:
		return e.execDiv(s, fr, in)
	case ir.OpShl, ir.OpLShr, ir.OpAShr:
		return e.execShift(s, fr, in)
	case ir.OpICmp:
		fr.Regs[in.Dst].W = arith.Bool(arith.ICmp(arith.IPred(in.Pred), e.word(fr, in.A), e.word(fr, in.B), int(in.Bits)))
	case ir.OpFAdd, ir.OpFSub, ir.OpFMul, ir.OpFDiv, ir.OpFRem:
		fr.Regs[in.Dst].W = fpBinop(in.Op, in.FK, s.RM, e.word(fr, in.A), e.word(fr, in.B))
	case ir.OpFNeg:
		fr.Regs[in.Dst].W = arith.FNeg(in.FK, e.word(fr, in.A))
	case ir.OpFCmp:
		fr.Regs[in.Dst].W = arith.Bool(arith.FCmp(in.FK, arith.Pred(in.Pred), e.word(fr, in.A), e.word(fr, in.B)))
	case ir.OpTrunc, ir.OpZExt, ir.OpSExt, ir.OpFPTrunc, ir.OpFPExt, ir.OpFPToUI, ir.OpFPToSI,
		ir.OpUIToFP, ir.OpSIToFP, ir.OpPtrToInt, ir.OpIntToPtr, ir.OpBitCast:
		fr.Regs[in.Dst].W = convert(in, s.RM, e.word(fr, in.A))
	case ir.OpSelect:
		if e.word(fr, in.A).Lo&1 != 0 {
			fr.Regs[in.Dst] = e.get(fr, in.B)
		} else {
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
		fr.Regs[in.Dst].W = e.gep(fr, in)
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
		if e.word(fr, in.A).Lo&1 != 0 {
			e.jump(fr, &in.Succs[0])
		} else {
			e.jump(fr, &in.Succs[1])
		}
	case ir.OpSwitch:
		e.jump(fr, &in.Succs[switchTarget(in, e.word(fr, in.A))])
	case ir.OpUnreachable:
		return e.terminate(s, in, TermExec, "reached \"unreachable\" instruction")
	case ir.OpFence:
	default:
		return e.terminate(s, in, TermExec, "instruction %s is not supported", in.Op)
	}
	return nil
}
