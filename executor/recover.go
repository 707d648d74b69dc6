package executor

import (
	"context"
	"fmt"
	"runtime"
	"strings"

	"github.com/floatsym/floatsym/ir"
	"github.com/sirupsen/logrus"
)

// runStateGuarded is runState with a net: a Go panic while running a state
// is floatsym's own bug, never the program's, and must not take the run
// down with a stack trace. The state ends as an exec termination whose
// message names the panic, the Go function and file:line that raised it,
// and the program's function and location; the run goes on with the
// other states and writes its output. The hostile-input suite and the
// fuzz targets look for such messages: each is a bug to fix.
func (e *Executor) runStateGuarded(ctx context.Context, s *State) {
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		where := goPanicSite()
		var in *ir.Inst
		fn := "?"
		if len(s.Stack) > 0 {
			fr := s.top()
			fn = fr.Fn.Name
			if insts := fr.Fn.Blocks[fr.Block].Insts; fr.PC > 0 && int(fr.PC) <= len(insts) {
				in = &insts[fr.PC-1]
			}
		}
		e.log.WithFields(logrus.Fields{"panic": fmt.Sprint(r), "at": where, "function": fn}).Error("internal error: state ended")
		t := e.terminate(s, in, TermExec, "internal error in floatsym while executing function %s: %v (at %s; please report)", fn, r, where)
		e.endAfterPanic(s, t)
	}()
	e.runState(ctx, s)
}

// endAfterPanic ends a state whose step panicked: as any path when that
// works, else (its stack or memory left inconsistent) without a test.
func (e *Executor) endAfterPanic(s *State, t *Termination) {
	defer func() {
		if r := recover(); r != nil {
			e.search.Remove(s)
			e.complete = false
			t.Message += fmt.Sprintf("; no test: %v", r)
			e.res.Paths = append(e.res.Paths, PathResult{ID: s.ID, Term: *t, Instructions: s.Insts})
		}
	}()
	e.finish(s, t)
}

// goPanicSite names the Go function that panicked: the first frame outside
// the runtime below runtime.gopanic, called from a deferred recover.
func goPanicSite() string {
	pcs := make([]uintptr, 64)
	n := runtime.Callers(1, pcs)
	frames := runtime.CallersFrames(pcs[:n])
	panicking := false
	for {
		f, more := frames.Next()
		switch {
		case f.Function == "runtime.gopanic":
			panicking = true
		case panicking && !strings.HasPrefix(f.Function, "runtime."):
			return fmt.Sprintf("%s %s:%d", f.Function, f.File, f.Line)
		}
		if !more {
			return "unknown"
		}
	}
}
