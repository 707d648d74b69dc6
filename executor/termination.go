package executor

import (
	"fmt"

	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/solver/expr"
)

// TermKind classifies how a path ended (KLEE's termination taxonomy). Every
// error kind has the suffix of its testNNNNNN.<suffix>.err file.
type TermKind uint8

// Termination kinds.
const (
	TermExit        TermKind = iota // normal exit (return from main or exit())
	TermSilent                      // klee_silent_exit / assumption made the path infeasible: no test
	TermAssert                      // failed assert()
	TermAbort                       // abort(), klee_abort()
	TermPtr                         // invalid memory access
	TermFree                        // invalid or double free
	TermDiv                         // integer division by zero
	TermOvershift                   // shift by at least the width
	TermReportError                 // klee_report_error
	TermUser                        // misuse of the floatsym / KLEE API
	TermExec                        // unsupported or undefined behaviour floatsym cannot execute
	TermSolver                      // solver failure or timeout
	TermModel                       // a model of a library function could not proceed
	TermLimit                       // a resource limit stopped the path early
	TermFPExc                       // a checked floating-point exception (--check-fp)
	TermFPConv                      // fptosi/fptoui of NaN or an out-of-range value (--check-fp=fpconv)
	TermInterrupted                 // the run was interrupted (SIGINT, SIGTERM) before the path ended
	TermSignal                      // killed by a signal it sent itself (raise, kill) with no handler
	TermOverflow                    // signed integer overflow (--property no-overflow; overflow.go)
)

var termInfo = [...]struct{ name, suffix string }{
	TermExit:        {"exit", ""},
	TermSilent:      {"silent", ""},
	TermAssert:      {"assert", "assert"},
	TermAbort:       {"abort", "abort"},
	TermPtr:         {"ptr", "ptr"},
	TermFree:        {"free", "free"},
	TermDiv:         {"div", "div"},
	TermOvershift:   {"overshift", "overshift"},
	TermReportError: {"reporterror", "reporterror"},
	TermUser:        {"user", "user"},
	TermExec:        {"exec", "exec"},
	TermSolver:      {"solver", "solver"},
	TermModel:       {"model", "model"},
	TermLimit:       {"limit", "early"},
	TermFPExc:       {"fpexc", "fpexc"},
	TermFPConv:      {"fpconv", "fpconv"},
	TermInterrupted: {"interrupted", "early"},
	TermSignal:      {"signal", "signal"},
	TermOverflow:    {"overflow", "overflow"},
}

func (k TermKind) String() string { return termInfo[k].name }

// Suffix is the .err file suffix ("" for non-errors).
func (k TermKind) Suffix() string { return termInfo[k].suffix }

// IsError reports whether the kind is a bug report (or tool failure) that
// gets a .err file.
func (k TermKind) IsError() bool { return k != TermExit && k != TermSilent && !k.IsEarly() }

// IsEarly reports whether the path was cut off before its end: by a
// limit or an interrupt.
func (k TermKind) IsEarly() bool { return k == TermLimit || k == TermInterrupted }

// IsProgramError reports whether the kind is a bug in the program (as
// opposed to floatsym not being able to continue).
func (k TermKind) IsProgramError() bool {
	switch k {
	case TermAssert, TermAbort, TermPtr, TermFree, TermDiv, TermOvershift, TermReportError, TermFPExc, TermFPConv, TermSignal, TermOverflow:
		return true
	}
	return false
}

// Frame is one entry of a termination's call stack.
type Frame struct {
	Func string
	File string
	Line int
	// AsmLine is the frame's instruction's line in assembly.ll (0:
	// unknown); Args are its arguments as name=value (filled for an
	// error's report once the test's inputs are known).
	AsmLine int
	Args    []string
	argVals []Value
	fn      *ir.Function
}

// Termination is how a path ended.
type Termination struct {
	Kind       TermKind
	ExitStatus int
	Message    string
	File       string
	Line       int
	// AsmLine is the failing instruction's line in assembly.ll (0:
	// unknown).
	AsmLine int
	Stack   []Frame
	// Suffix overrides the kind's .err suffix (klee_report_error's).
	Suffix string
	// Detail tells errors of one kind at one place apart: the
	// floating-point exception of an fpexc report, so divbyzero and
	// overflow on one line are two reports.
	Detail string
	// exitExpr is a symbolic exit status, fixed by the test's model.
	exitExpr *expr.Expr
	// symbolicData asks the caller of a model to concretise the symbolic
	// bytes at this address and run the model again (internal).
	symbolicData uint64
}

// withDetail sets a termination's Detail.
func (e *Executor) withDetail(t *Termination, detail string) *Termination {
	if t != nil {
		t.Detail = detail
	}
	return t
}

func (t *Termination) String() string {
	if t.Kind == TermExit {
		return fmt.Sprintf("exit %d", t.ExitStatus)
	}
	return fmt.Sprintf("%s: %s at %s:%d", t.Kind, t.Message, t.File, t.Line)
}
