package executor

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/solver/expr"
)

// jump takes a control-flow edge, performing its phi moves.
func (e *Executor) jump(fr *StackFrame, ed *ir.Edge) {
	if ed.Parallel {
		tmp := e.moveBuf[:0]
		for _, mv := range ed.Moves {
			tmp = append(tmp, e.get(fr, mv.Src))
		}
		e.moveBuf = tmp
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

func (e *Executor) execCondBr(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	c := e.get(fr, in.A)
	br := e.branchAt(fr)
	if c.E == nil {
		if c.W.Lo&1 != 0 {
			e.takeEdge(s, br, 0)
			e.jump(fr, &in.Succs[0])
		} else {
			e.takeEdge(s, br, 1)
			e.jump(fr, &in.Succs[1])
		}
		return nil
	}
	cond := e.boolExpr(c)
	if e.deferBranch(s, fr, in, cond) { // search_defer.go
		return nil
	}
	t, f, term := e.fork(s, in, cond)
	if term != nil {
		return term
	}
	e.noteBranchFork(cond, t, f) // search_unordered.go
	if t != nil && f != nil {
		e.mergeBranch(t, f, fr)
	}
	if t != nil {
		e.takeEdge(t, br, 0)
		e.jump(t.top(), &in.Succs[0])
	}
	if f != nil {
		e.takeEdge(f, br, 1)
		e.jump(f.top(), &in.Succs[1])
	}
	return nil
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

// execSwitch forks once per feasible case, the default last.
func (e *Executor) execSwitch(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	c := e.get(fr, in.A)
	br := e.branchAt(fr)
	if c.E == nil {
		k := switchTarget(in, c.W)
		e.takeEdge(s, br, k)
		e.jump(fr, &in.Succs[k])
		return nil
	}
	x := e.bv(c.E)
	rest := s
	for i, cs := range in.Cases {
		t, f, term := e.fork(rest, in, e.B.Eq(x, e.B.Const(cs.Val, x.Width())))
		if term != nil {
			if rest == s {
				return term
			}
			e.finish(rest, term)
			return nil
		}
		if t != nil {
			e.takeEdge(t, br, i+1)
			e.jump(t.top(), &in.Succs[i+1])
		}
		if f == nil {
			return nil
		}
		rest = f
	}
	e.takeEdge(rest, br, 0)
	e.jump(rest.top(), &in.Succs[0])
	return nil
}

// guard continues the current state where ok holds and terminates a state
// where it fails with the given error (forking when both are possible).
func (e *Executor) guard(s *State, in *ir.Inst, ok *expr.Expr, kind TermKind, format string, args ...interface{}) (bool, *Termination) {
	t, f, term := e.fork(s, in, ok)
	if term != nil {
		return false, term
	}
	if f != nil && f != s {
		e.finish(f, e.terminate(f, in, kind, format, args...))
	}
	if t == nil {
		return false, e.terminate(s, in, kind, format, args...)
	}
	return true, nil
}

// execRet pops a frame and delivers the result to the caller.
func (e *Executor) execRet(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	var rv Value
	if in.A != ir.NoOperand {
		rv = e.get(fr, in.A)
	}
	e.popFrame(s)
	if fr.kind != frameCall {
		return e.handlerReturned(s, fr) // builtins_signal.go
	}
	if len(s.Stack) == 0 {
		var status Value
		if fr.Fn.Ret.Kind == ir.IntType {
			if rv.E != nil {
				status.E = e.bv(rv.E)
			} else {
				status.W = rv.W
			}
		}
		return e.continueExit(s, &status) // the exit handlers run first
	}
	if fr.Call.Dst >= 0 {
		s.top().Regs[fr.Call.Dst] = rv
	}
	e.recycle(fr)
	return nil
}
