package executor

import (
	"time"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/memory"
	"github.com/floatsym/floatsym/solver"
	"github.com/floatsym/floatsym/solver/expr"
)

// Value is a register's content: a concrete Word, or a symbolic
// expression E (then W is meaningless), or for struct and array values the
// leaves in Agg. Concrete values never carry an expression.
type Value struct {
	W   arith.Word
	E   *expr.Expr
	Agg *Aggregate
}

// IsSymbolic reports whether the value (or any leaf) is symbolic.
func (v Value) IsSymbolic() bool {
	if v.E != nil {
		return true
	}
	if v.Agg != nil {
		for _, l := range v.Agg.Leaves {
			if l.IsSymbolic() {
				return true
			}
		}
	}
	return false
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
	// Serial identifies the activation (setjmp/longjmp check that the
	// frame of a setjmp is still live); kind marks frames the executor
	// pushed itself (signal and exit handlers, builtins_signal.go).
	Serial uint64
	kind   frameKind
}

// SymbolicObject is an input made symbolic on a path, in creation order
// (the order of a .ktest's objects).
type SymbolicObject struct {
	Name  string
	Array *expr.Array
}

// State is one execution path.
type State struct {
	ID    int
	Stack []*StackFrame
	Mem   *memory.Space
	// RM is the path's current rounding mode (fesetround).
	RM arith.RoundingMode
	// FPFlags are the IEEE status flags (tracked only when the module
	// reads them or exceptions are checked: Executor.fpTrack).
	FPFlags FPFlagState
	// fpPending are, per flag, the raise conditions of earlier checks the
	// solver could not decide (nil: none).
	fpPending flagConds
	Insts     uint64
	// Errno is the address of the path's errno object.
	Errno uint64
	// Constraints is the path condition.
	Constraints []*expr.Expr
	Symbolics   []SymbolicObject
	// Depth counts the forks on the path (random-path search weight).
	Depth int
	// forked is set when the last step split the state.
	forked bool
	// deferRetry: the state was parked at the branch it stands at, whose
	// queries it now asks in full (search_defer.go).
	deferRetry bool
	// models are the models the solver gave for this path at its forks,
	// newest first (each may cover only the inputs its query involved):
	// candidates for its test when the solver may no longer be asked
	// (halt.go). Forks share the older part.
	models *modelChain
	// testModel is the model halt found for the path's test; noTest,
	// when set, says why it gets none (halt.go).
	testModel solver.Model
	// testKnown: makeTest took the path's test from a model already
	// known (no solver call).
	testKnown bool
	noTest    string
	// coveredNew: the path ran an instruction no path had run before
	// (the side a fork creates starts without it, as in KLEE).
	coveredNew bool
	// covNewAt is Insts+1 when the path last covered a new line or
	// branch (0: never); queryCost its solver time (nurs:covnew, nurs:qc).
	covNewAt  uint64
	queryCost time.Duration
	// fs is the path's file system (nil until the program uses files).
	fs *fileSystem
	// libmCalls are the path's uninterpreted libm calls and libmUninterp
	// is set once it made one (--libm=uninterpreted): its errors are
	// candidates to confirm natively.
	libmCalls    []libmCall
	libmUninterp bool
	// merges are the merge groups (--merge) the path belongs to,
	// innermost last.
	merges []*mergeGroup
	// proc is the path's process state: signal dispositions, exit
	// handlers, setjmp contexts (nil until used; shared copy-on-write).
	proc *procState
	// decs are the path's decisions (a split run, prefix.go); replay
	// those it still follows (a part run) and prefixEnd is set when
	// it has just followed the last one.
	decs      *decNode
	replay    []Decision
	prefixEnd bool
	// initial is the index of the initial state the path began in.
	initial int
}

func (s *State) top() *StackFrame { return s.Stack[len(s.Stack)-1] }

// clone copies the state for a fork: frames and registers are copied,
// memory is shared copy-on-write.
func (s *State) clone(id int) *State {
	c := *s
	c.ID = id
	c.coveredNew = false
	c.Stack = make([]*StackFrame, len(s.Stack))
	for i, fr := range s.Stack {
		nf := *fr
		nf.Regs = append([]Value(nil), fr.Regs...)
		nf.Allocas = append([]memory.ObjectID(nil), fr.Allocas...)
		c.Stack[i] = &nf
	}
	c.Mem = s.Mem.Fork()
	c.Constraints = append([]*expr.Expr(nil), s.Constraints...)
	c.Symbolics = append([]SymbolicObject(nil), s.Symbolics...)
	// Capped: an append on either side copies instead of writing into
	// the shared backing array.
	c.libmCalls = s.libmCalls[:len(s.libmCalls):len(s.libmCalls)]
	s.libmCalls = c.libmCalls
	c.fs = nil
	shareFiles(s, &c)
	mergeForked(&c)
	return &c
}

// addConstraint adds a condition to the path (true conditions are dropped).
func (s *State) addConstraint(c *expr.Expr) {
	if c.IsTrue() {
		return
	}
	s.Constraints = append(s.Constraints, c)
}
