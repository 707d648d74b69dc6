package executor

import (
	"fmt"

	"github.com/floatsym/floatsym/arith"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/memory"
)

// execCall calls a defined function (pushing a frame) or a built-in model.
func (e *Executor) execCall(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	idx := int(in.Callee)
	if idx < 0 {
		addr := e.word(fr, in.A).Lo
		id, off := memory.Split(addr)
		fi, ok := e.funcOfObject[id]
		if !ok || off != 0 {
			return e.terminate(s, in, TermPtr, "call through an invalid function pointer")
		}
		idx = fi
	}
	fn := e.m.Funcs[idx]
	if b := e.builtins[idx]; b != nil {
		args := e.argBuf[:0]
		for _, a := range in.Args {
			if a == ir.NoOperand {
				args = append(args, Value{})
				continue
			}
			args = append(args, e.get(fr, a))
		}
		e.argBuf = args[:0]
		c := Call{Inst: in, Fn: fn, Args: args}
		v, t := b.Fn(e, s, &c)
		if t != nil {
			return t
		}
		if in.Dst >= 0 {
			// The frame may have changed if the builtin forked or grew
			// the stack; the caller's frame is still fr.
			fr.Regs[in.Dst] = v
		}
		return nil
	}
	if fn.IsDeclaration() {
		return e.terminate(s, in, TermExec, "undefined external function %s called (floatsym has no model for it)", fn.Name)
	}
	args := make([]Value, len(in.Args))
	for i, a := range in.Args {
		args[i] = e.get(fr, a)
	}
	if len(args) < len(fn.Params) {
		return e.terminate(s, in, TermExec, "call of %s with %d arguments; it takes %d", fn.Name, len(args), len(fn.Params))
	}
	nf := e.pushFrame(s, fn, in, args[:len(fn.Params)])
	if fn.Variadic {
		if t := e.spillVarArgs(s, nf, in, args[len(fn.Params):], in.ArgT[len(fn.Params):]); t != nil {
			return t
		}
	}
	return nil
}

// spillVarArgs lays out variadic arguments as the x86_64 ABI's stack
// argument area: 8-byte slots, 16-byte aligned slots for 16-byte-aligned
// types such as long double.
func (e *Executor) spillVarArgs(s *State, fr *StackFrame, in *ir.Inst, args []Value, types []*ir.Type) *Termination {
	size := uint64(0)
	offs := make([]uint64, len(args))
	for i, t := range types {
		al := uint64(8)
		if t.Align > 8 {
			al = t.Align
		}
		size = (size + al - 1) &^ (al - 1)
		offs[i] = size
		size += (t.Size + 7) &^ 7
	}
	o, err := s.Mem.Alloc(memory.Stack, size, "varargs of "+fr.Fn.Name)
	if err != nil {
		return e.terminate(s, in, TermExec, "varargs: %v", err)
	}
	fr.Allocas = append(fr.Allocas, o.ID)
	fr.VarArgs = o.Address()
	for i, t := range types {
		a := o.Address() + offs[i]
		var f *memory.Fault
		if t.IsAggregate() {
			f = storeAggregate(s.Mem, a, t, args[i])
		} else {
			f = s.Mem.Store(a, t.Store, args[i].W)
		}
		if f != nil {
			return e.memFault(s, in, f)
		}
	}
	return nil
}

// pushFrame enters a defined function.
func (e *Executor) pushFrame(s *State, fn *ir.Function, call *ir.Inst, args []Value) *StackFrame {
	fr := &StackFrame{Fn: fn, Regs: make([]Value, fn.NumRegs), Call: call}
	copy(fr.Regs, args)
	s.Stack = append(s.Stack, fr)
	return fr
}

// popFrame leaves the current function; its stack objects die.
func (e *Executor) popFrame(s *State) {
	fr := s.top()
	for _, id := range fr.Allocas {
		s.Mem.Kill(id)
	}
	s.Stack = s.Stack[:len(s.Stack)-1]
}

// Call is a call of a built-in model.
type Call struct {
	Inst *ir.Inst
	Fn   *ir.Function
	// Args holds the evaluated arguments; it is only valid during the call.
	Args []Value
}

// ArgType is the type of argument i.
func (c *Call) ArgType(i int) *ir.Type { return c.Inst.ArgT[i] }

// Word returns argument i's scalar value.
func (c *Call) Word(i int) arith.Word { return c.Args[i].W }

// U64 returns argument i as a 64-bit unsigned integer.
func (c *Call) U64(i int) uint64 { return c.Args[i].W.Lo }

// I64 returns argument i sign-extended from its width.
func (c *Call) I64(i int) int64 {
	t := c.Inst.ArgT[i]
	return arith.Int64(c.Args[i].W, t.Bits)
}

// BuiltinFn models a function. It returns the call's result (ignored for
// void functions) or a termination of the path.
type BuiltinFn func(e *Executor, s *State, c *Call) (Value, *Termination)

// Builtin is an entry of the table of modelled functions.
type Builtin struct {
	Name string
	Fn   BuiltinFn
	// MinArgs is checked before the call, so models can index Args freely.
	MinArgs int
}

// builtinTable holds every model, keyed by C name or by intrinsic name
// without type suffixes ("llvm.memcpy"). Each builtins_*.go file registers
// one family in its init.
var builtinTable = map[string]*Builtin{}

func register(name string, minArgs int, fn BuiltinFn) {
	if _, dup := builtinTable[name]; dup {
		panic("executor: builtin registered twice: " + name)
	}
	builtinTable[name] = &Builtin{Name: name, Fn: fn, MinArgs: minArgs}
}

// lookupBuiltin finds a model by name; intrinsic names are tried with their
// overload suffixes removed one at a time.
func lookupBuiltin(name string) *Builtin {
	for {
		if b, ok := builtinTable[name]; ok {
			return checked(b)
		}
		if len(name) < 5 || name[:5] != "llvm." {
			return nil
		}
		i := len(name) - 1
		for i > 0 && name[i] != '.' {
			i--
		}
		if i <= 4 {
			return nil
		}
		name = name[:i]
	}
}

// checked wraps a builtin with its argument-count check, so a program that
// declares a libc function with the wrong prototype gets a clear error.
func checked(b *Builtin) *Builtin {
	if b.MinArgs == 0 {
		return b
	}
	return &Builtin{Name: b.Name, MinArgs: b.MinArgs, Fn: func(e *Executor, s *State, c *Call) (Value, *Termination) {
		if len(c.Args) < b.MinArgs {
			return Value{}, e.terminate(s, c.Inst, TermUser, "%s called with %d arguments; it takes %d", b.Name, len(c.Args), b.MinArgs)
		}
		return b.Fn(e, s, c)
	}}
}

// Registered reports whether a function name has a model (for tests and
// diagnostics).
func Registered(name string) bool { return lookupBuiltin(name) != nil }

// errorf builds a termination for a model failure at the call site.
func (e *Executor) errorf(s *State, c *Call, kind TermKind, format string, args ...interface{}) (Value, *Termination) {
	return Value{}, e.terminate(s, c.Inst, kind, format, args...)
}

// fault converts a memory fault inside a model into a termination.
func (e *Executor) fault(s *State, c *Call, f *memory.Fault) (Value, *Termination) {
	return Value{}, e.memFault(s, c.Inst, f)
}

// ret wraps a scalar result.
func ret(w arith.Word) (Value, *Termination) { return Value{W: w}, nil }

// retU64 wraps an integer result.
func retU64(x uint64) (Value, *Termination) { return Value{W: arith.Word{Lo: x}}, nil }

var _ = fmt.Sprintf
