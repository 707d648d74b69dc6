package ir

import (
	"fmt"
	"runtime"
	"strings"
)

// InternalError is a panic inside floatsym while loading a module (after
// llir parsed it: lowering, or a rewrite such as scalarize), turned into
// an error that names the input file, the stage, and where in floatsym's
// code it happened, instead of a crash of the whole tool. The fuzz tests
// fail on it: each one is a bug to fix, never an answer.
type InternalError struct {
	File  string // the input
	Stage string // parsing, rewriting, printing, lowering
	Value any    // the panic's value
	Where string // function and file:line of the panic in floatsym
}

func (e *InternalError) Error() string {
	return fmt.Sprintf("%s: internal error while %s the module: %v (at %s; please report)", e.File, e.Stage, e.Value, e.Where)
}

// recovered turns a recovered panic into an error: while parsing, a
// failure of llir on malformed input; later, an InternalError.
func recovered(name, stage string, r any) error {
	where := panicSite()
	if stage == "parsing" {
		return fmt.Errorf("%s: malformed LLVM IR: %v (llir parser, %s)", name, r, where)
	}
	return &InternalError{File: name, Stage: stage, Value: r, Where: where}
}

// panicSite names the function that panicked: the first frame outside
// the Go runtime below runtime.gopanic on the stack of the deferred
// recover that calls it.
func panicSite() string {
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
