package executor

import (
	"github.com/floatsym/floatsym/arith"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/memory"
)

// Value is a register's content. Scalars are concrete Words; aggregates
// (struct and array values) hold their leaves.
type Value struct {
	W   arith.Word
	Agg *Aggregate
}

// Aggregate is the leaf list of a struct or array value. Aggregates are
// immutable once built: insertvalue makes a new one.
type Aggregate struct {
	Leaves []Value
}

// StackFrame is one activation.
type StackFrame struct {
	Fn    *ir.Function
	Regs  []Value
	Block int32
	PC    int32
	// Call is the call instruction in the caller that created the frame.
	Call    *ir.Inst
	Allocas []memory.ObjectID
	// VarArgs is the address of the overflow area holding the variadic
	// arguments (x86_64 ABI), or 0.
	VarArgs uint64
}

// State is one execution path.
type State struct {
	ID    int
	Stack []*StackFrame
	Mem   *memory.Space
	// RM is the path's current rounding mode (fesetround).
	RM    arith.RoundingMode
	Insts uint64
	// Errno is the address of the path's errno object.
	Errno uint64
	// warned records once-only warnings already given on this path.
	warned map[string]bool
}

func (s *State) top() *StackFrame { return s.Stack[len(s.Stack)-1] }
