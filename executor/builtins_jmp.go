package executor

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/memory"
)

// Non-local jumps and exit handlers.
//
// setjmp saves the position of its call (the frame's depth and
// activation serial, the block and instruction after the call, the
// register its result goes to) in the path's process state and writes a
// token naming it into the jmp_buf; longjmp reads the token, checks that
// the setjmp's activation is still on the stack (a longjmp into a
// returned function is undefined: the path ends with an error), pops the
// frames above it (their stack objects die) and resumes after the setjmp
// call, which now returns val (1 for 0). Registers keep their current
// values, as memory does: at -O0 every C variable lives in memory, and
// the C standard leaves non-volatile locals changed since setjmp
// indeterminate anyway. Signal masks are not saved (sigsetjmp's savemask
// is ignored: masks are not modelled).
//
// atexit/on_exit/__cxa_atexit handlers run in reverse order of
// registration when the program exits (exit() or a return from main),
// each in a frame the executor pushes; its return continues the exit.

// jmpContext is one setjmp call's saved position.
type jmpContext struct {
	depth  int
	serial uint64
	block  int32
	pc     int32
	dst    int32
}

// jmpMagic marks a jmp_buf written by the model (bytes 8..15).
const jmpMagic = 0x666c6f61746a6d70 // "floatjmp"

type exitHandler struct {
	fn, arg uint64
	kind    int // 0 atexit, 1 on_exit(status, arg), 2 __cxa_atexit(arg)
}

func registerJmpExitBuiltins() {
	for _, n := range []string{"setjmp", "_setjmp", "__sigsetjmp", "sigsetjmp"} {
		register(n, 1, biSetjmp)
	}
	for _, n := range []string{"longjmp", "_longjmp", "siglongjmp", "__longjmp_chk"} {
		register(n, 2, biLongjmp)
	}
	register("atexit", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return e.addExitHandler(s, c, exitHandler{fn: c.U64(0)})
	})
	register("on_exit", 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return e.addExitHandler(s, c, exitHandler{fn: c.U64(0), arg: c.U64(1), kind: 1})
	})
	register("__cxa_atexit", 3, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return e.addExitHandler(s, c, exitHandler{fn: c.U64(0), arg: c.U64(1), kind: 2})
	})
}

func biSetjmp(e *Executor, s *State, c *Call) (Value, *Termination) {
	fr := s.top()
	ctx := jmpContext{depth: len(s.Stack), serial: fr.Serial, block: fr.Block, pc: fr.PC, dst: c.Inst.Dst}
	old, f := s.Mem.Read(c.U64(0), 16)
	if f != nil {
		return e.fault(s, c, f)
	}
	p := s.procW()
	// A jmp_buf filled again (setjmp in a loop) reuses its context when
	// that context's activation is this one or gone: the table does not
	// grow with the number of calls.
	idx := le64(old[0:])
	if le64(old[8:]) != jmpMagic || idx == 0 || idx > uint64(len(p.jmps)) ||
		(p.jmps[idx-1].serial != fr.Serial && p.jmps[idx-1].depth <= len(s.Stack) && s.Stack[p.jmps[idx-1].depth-1].Serial == p.jmps[idx-1].serial) {
		p.jmps = append(p.jmps, ctx)
		idx = uint64(len(p.jmps))
	} else {
		p.jmps[idx-1] = ctx
	}
	b, f := s.Mem.Write(c.U64(0), 16)
	if f != nil {
		return e.fault(s, c, f)
	}
	put64(b[0:], idx)
	put64(b[8:], jmpMagic)
	return retU64(0)
}

func biLongjmp(e *Executor, s *State, c *Call) (Value, *Termination) {
	b, f := s.Mem.Read(c.U64(0), 16)
	if f != nil {
		return e.fault(s, c, f)
	}
	idx := le64(b[0:])
	p := s.procR()
	if le64(b[8:]) != jmpMagic || idx == 0 || idx > uint64(len(p.jmps)) {
		return e.errorf(s, c, TermPtr, "%s with a jmp_buf that setjmp did not fill", c.Fn.Name)
	}
	j := p.jmps[idx-1]
	if j.depth > len(s.Stack) || s.Stack[j.depth-1].Serial != j.serial {
		return e.errorf(s, c, TermPtr, "%s to a setjmp whose function has returned", c.Fn.Name)
	}
	for len(s.Stack) > j.depth {
		e.popFrame(s)
	}
	fr := s.top()
	fr.Block, fr.PC = j.block, j.pc
	val := c.Args[1]
	if val.E == nil && uint32(val.W.Lo) == 0 {
		val = Value{W: arith.Word{Lo: 1}}
	} else if val.E != nil {
		x := val.E
		w := x.Width()
		val = valueOf(e.B.Ite(e.B.Eq(x, e.B.Const(arith.Word{}, w)), e.B.Const(arith.Word{Lo: 1}, w), x))
	}
	if j.dst >= 0 {
		fr.Regs[j.dst] = val
	}
	c.resultSet = true
	return Value{}, nil
}

func (e *Executor) addExitHandler(s *State, c *Call, h exitHandler) (Value, *Termination) {
	if _, t := e.handlerFunc(s, c.Inst, h.fn, c.Fn.Name+" handler"); t != nil {
		return Value{}, t
	}
	p := s.procW()
	p.atexit = append(p.atexit, h)
	return retU64(0)
}

// continueExit runs the next exit handler, or ends the path with the
// exit status (status: the status exit was called with, or nil while
// the handlers run).
func (e *Executor) continueExit(s *State, status *Value) *Termination {
	if status != nil {
		if s.procR().atexit == nil {
			return exitTermination(*status)
		}
		p := s.procW()
		p.exiting, p.status = true, *status
	}
	p := s.procR()
	if len(p.atexit) == 0 {
		return exitTermination(p.status)
	}
	pw := s.procW()
	h := pw.atexit[len(pw.atexit)-1]
	pw.atexit = pw.atexit[:len(pw.atexit)-1]
	id, _ := memory.Split(h.fn)
	fn := e.m.Funcs[e.funcOfObject[id]]
	var args []Value
	switch h.kind {
	case 1:
		args = []Value{pw.status, {W: arith.Word{Lo: h.arg}}}
	case 2:
		args = []Value{{W: arith.Word{Lo: h.arg}}}
	}
	for len(args) < len(fn.Params) {
		args = append(args, Value{})
	}
	fr := e.pushFrame(s, fn, nil, args[:len(fn.Params)])
	fr.kind = frameExitHandler
	return nil
}

// exitTermination is a normal end with status v (symbolic or not).
func exitTermination(v Value) *Termination {
	if v.E != nil {
		return &Termination{Kind: TermExit, exitExpr: v.E}
	}
	return &Termination{Kind: TermExit, ExitStatus: int(v.W.Lo & 0xFF)}
}
