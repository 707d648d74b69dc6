package executor

import (
	"github.com/floatsym/floatsym/arith"
	"github.com/floatsym/floatsym/ir"
)

// jump takes a control-flow edge, performing its phi moves.
func (e *Executor) jump(fr *StackFrame, ed *ir.Edge) {
	if ed.Parallel {
		tmp := make([]Value, len(ed.Moves))
		for i, mv := range ed.Moves {
			tmp[i] = e.get(fr, mv.Src)
		}
		for i, mv := range ed.Moves {
			fr.Regs[mv.Dst] = tmp[i]
		}
	} else {
		for _, mv := range ed.Moves {
			fr.Regs[mv.Dst] = e.get(fr, mv.Src)
		}
	}
	fr.Block = ed.Block
	fr.PC = 0
}

// switchTarget returns the index into Succs for a concrete condition.
func switchTarget(in *ir.Inst, v arith.Word) int {
	for i, c := range in.Cases {
		if c.Val == v {
			return i + 1
		}
	}
	return 0
}

// execRet pops a frame and delivers the result to the caller.
func (e *Executor) execRet(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	var rv Value
	if in.A != ir.NoOperand {
		rv = e.get(fr, in.A)
	}
	e.popFrame(s)
	if len(s.Stack) == 0 {
		status := 0
		if fr.Fn.Ret.Kind == ir.IntType {
			status = int(rv.W.Lo & 0xFF)
		}
		return &Termination{Kind: TermExit, ExitStatus: status}
	}
	if fr.Call.Dst >= 0 {
		s.top().Regs[fr.Call.Dst] = rv
	}
	return nil
}
