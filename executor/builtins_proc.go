package executor

import (
	"github.com/floatsym/floatsym/ir"
)

// Process control: exit, abort, and assert's failure hook.

func registerProcBuiltins() {
	registerSymbolic("exit", 1, biExit)
	registerSymbolic("_exit", 1, biExit)
	registerSymbolic("_Exit", 1, biExit)
	register("llvm.trap", 0, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return e.errorf(s, c, TermAbort, "llvm.trap called")
	})
	// glibc's assert calls __assert_fail(expr, file, line, function); the
	// reported location is the assert's own file and line, exactly what the
	// native program prints.
	register("__assert_fail", 4, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		expr, _ := s.Mem.CString(c.U64(0), 4096)
		file, _ := s.Mem.CString(c.U64(1), 4096)
		fn, _ := s.Mem.CString(c.U64(3), 4096)
		t := e.terminate(s, c.Inst, TermAssert, "ASSERTION FAIL: %s (in %s)", expr, fn)
		if file != "" {
			t.File = e.matchFile(file, c.Inst)
		}
		t.Line = int(int32(c.Args[2].W.Lo))
		return Value{}, t
	})
	register("__assert", 3, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		expr, _ := s.Mem.CString(c.U64(0), 4096)
		file, _ := s.Mem.CString(c.U64(1), 4096)
		t := e.terminate(s, c.Inst, TermAssert, "ASSERTION FAIL: %s", expr)
		t.File = e.matchFile(file, c.Inst)
		t.Line = int(int32(c.Args[2].W.Lo))
		return Value{}, t
	})
}

// biExit ends the path after the exit handlers (builtins_jmp.go) ran;
// _exit and _Exit skip them.
func biExit(e *Executor, s *State, c *Call) (Value, *Termination) {
	v := c.Args[0]
	if v.E != nil {
		v = Value{E: e.bv(v.E)}
	}
	if c.Fn.Name != "exit" {
		return Value{}, exitTermination(v)
	}
	return Value{}, e.continueExit(s, &v)
}

// matchFile prefers the debug-info path of the call site when it names the
// same file as the string the program passed (__FILE__ is often relative).
func (e *Executor) matchFile(file string, in *ir.Inst) string {
	dbg := e.m.FileOf(in.Loc)
	if dbg != "" && (dbg == file || hasPathSuffix(dbg, file)) {
		return dbg
	}
	return file
}

func hasPathSuffix(path, suffix string) bool {
	return len(path) > len(suffix) && path[len(path)-len(suffix)-1] == '/' && path[len(path)-len(suffix):] == suffix
}
