package executor

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/memory"
	"github.com/floatsym/floatsym/solver/expr"
)

// execCall calls a defined function (pushing a frame) or a built-in model.
func (e *Executor) execCall(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	idx := int(in.Callee)
	if idx < 0 {
		if fp := e.get(fr, in.A); fp.E != nil {
			return e.symbolicCall(s, fr, in, fp.E)
		}
		addr := e.word(fr, in.A).Lo
		id, off := memory.Split(addr)
		fi, ok := e.funcOfObject[id]
		if !ok || off != 0 {
			return e.terminate(s, in, TermPtr, "call through an invalid function pointer")
		}
		idx = fi
	}
	return e.callFunction(s, fr, in, idx)
}

// callFunction calls function idx from frame fr of s.
func (e *Executor) callFunction(s *State, fr *StackFrame, in *ir.Inst, idx int) *Termination {
	fn := e.m.Funcs[idx]
	if b := e.builtins[idx]; b != nil {
		return e.callBuiltin(s, fr, in, fn, b)
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

// callBuiltin runs a model. Symbolic arguments of a model that only
// handles constants are concretised first; a model that meets symbolic
// bytes in memory gets them concretised and runs again.
func (e *Executor) callBuiltin(s *State, fr *StackFrame, in *ir.Inst, fn *ir.Function, b *Builtin) *Termination {
	var example *expr.Evaluator
	if !b.Symbolic {
		for i, a := range in.Args {
			if a < 0 || !fr.Regs[a].IsSymbolic() || fr.Regs[a].Agg != nil {
				continue
			}
			if b.OutputOnly && in.ArgT[i].Kind != ir.PtrType {
				if example == nil {
					e.stats.Queries++
					m, err := e.solver.GetModel(s.Constraints, s.arrays())
					if err != nil {
						return e.terminate(s, in, TermSolver, "solver failure evaluating output of %s: %v", fn.Name, err)
					}
					example = expr.NewEvaluator(m)
				}
				continue
			}
			if t := e.concretizeOperands(s, fr, in, "argument of "+fn.Name, a); t != nil {
				return t
			}
		}
	}
	for attempt := 0; ; attempt++ {
		// One buffer serves every model call: models never keep Args and
		// never call other models.
		args := e.argBuf[:0]
		for _, a := range in.Args {
			var v Value
			if a != ir.NoOperand {
				v = e.get(fr, a)
				if example != nil && v.E != nil {
					// An example value for output; the path is not constrained.
					v = Value{W: example.Eval(e.bv(v.E))}
				}
			}
			args = append(args, v)

		}
		e.argBuf = args
		c := Call{Inst: in, Fn: fn, Args: args}
		v, t := b.Fn(e, s, &c)
		if t != nil && t.symbolicData != 0 && attempt < 64 {
			if t2 := e.concretizeObject(s, in, t.symbolicData, fn.Name); t2 != nil {
				return t2
			}
			continue
		}
		if t != nil {
			return t
		}
		if in.Dst >= 0 && !c.resultSet {
			fr.Regs[in.Dst] = v
		}
		return nil
	}
}

// setResult delivers a model's result to state st, for models that fork:
// each resulting state gets its own result (cur is the state the model was
// called in).
func (e *Executor) setResult(cur, st *State, c *Call, v Value) {
	if c.Inst.Dst >= 0 {
		st.top().Regs[c.Inst.Dst] = v
	}
	if st == cur {
		c.resultSet = true
	}
}

// symbolicCall resolves a symbolic function pointer by forking over its
// feasible targets.
func (e *Executor) symbolicCall(s *State, fr *StackFrame, in *ir.Inst, p *expr.Expr) *Termination {
	rest := s
	for k := 0; k < maxResolutions; k++ {
		w, vt, err := e.solverValue(rest, in, p) // prefix.go
		if vt != nil {
			return e.finishOr(s, rest, vt)
		}
		if err != nil {
			return e.finishOr(s, rest, e.terminate(rest, in, TermSolver, "solver failure resolving a function pointer: %v", err))
		}
		id, off := memory.Split(w.Lo)
		fi, ok := e.funcOfObject[id]
		if !ok || off != 0 {
			rest.addConstraint(e.B.Eq(p, e.B.Const(w, 64)))
			return e.finishOr(s, rest, e.terminate(rest, in, TermPtr, "call through an invalid function pointer"))
		}
		t, f, term := e.fork(rest, in, e.B.Eq(p, e.B.Const(w, 64)))
		if term != nil {
			return e.finishOr(s, rest, term)
		}
		if t != nil {
			if r := e.callFunction(t, t.top(), in, fi); r != nil {
				if t == s {
					return r
				}
				e.finish(t, r)
			}
		}
		if f == nil {
			return nil
		}
		rest = f
	}
	return e.finishOr(s, rest, e.terminate(rest, in, TermExec, "symbolic function pointer has more than %d targets", maxResolutions))
}

// finishOr returns term when it ends the current state s, and otherwise
// finishes the other state it belongs to.
func (e *Executor) finishOr(s, st *State, term *Termination) *Termination {
	if st == s {
		return term
	}
	e.finish(st, term)
	return nil
}

// concretizeObject fixes every symbolic byte of the object containing addr
// to one feasible value (for models that need concrete memory).
func (e *Executor) concretizeObject(s *State, in *ir.Inst, addr uint64, who string) *Termination {
	o := s.Mem.ObjectAt(addr)
	if o == nil {
		return e.terminate(s, in, TermPtr, "memory error: invalid pointer passed to %s", who)
	}
	addrs, bytes, f := s.Mem.SymbolicRanges(o.Address(), o.Size)
	if f != nil {
		return e.memFault(s, in, f)
	}
	if len(addrs) == 0 {
		return nil
	}
	var ev *expr.Evaluator
	if len(s.replay) == 0 {
		e.stats.Queries++
		m, err := e.solver.GetModel(s.Constraints, s.arrays())
		if err != nil {
			return e.terminate(s, in, TermSolver, "solver failure concretising memory for %s: %v", who, err)
		}
		ev = expr.NewEvaluator(m)
	}
	lost := false
	for i, a := range addrs {
		// Each byte's value is a decision (prefix.go): taken from the
		// prefix in a part run, recorded in a split run.
		d, replayed, term := e.replayNext(s, in, DecValue)
		if term != nil {
			return term
		}
		v, other := d.Val, d.Both
		if !replayed {
			if ev == nil {
				return e.terminate(s, in, TermExec, "prefix ends inside the concretisation of memory for %s (it was written by another version of floatsym?)", who)
			}
			v = ev.Eval(bytes[i])
			if !lost {
				o, err := e.mayBeTrue(s, e.B.Not(e.B.Eq(bytes[i], e.B.Const(v, 8))))
				other = err != nil || o
			}
			e.record(s, in, DecValue, v, other)
		}
		fixed := e.B.Eq(bytes[i], e.B.Const(v, 8))
		if other && !lost {
			lost = true
			e.complete = false
			e.incomplete.Concretisations++
		}
		s.addConstraint(fixed)
		if f := s.Mem.Store(a, 1, v); f != nil {
			return e.memFault(s, in, f)
		}
	}
	e.warnOnce("concretize-mem:"+who, "concretizing symbolic memory passed to %s at %s", who, e.m.Where(in.Loc))
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
		if f := e.store(s, a, t, args[i]); f != nil {
			return e.memFault(s, in, f)
		}
	}
	return nil
}

// pushFrame enters a defined function. Frames are recycled: a popped
// frame belongs to its state alone (forks copy frames), so calls do not
// allocate in the steady state.
func (e *Executor) pushFrame(s *State, fn *ir.Function, call *ir.Inst, args []Value) *StackFrame {
	var fr *StackFrame
	if n := len(e.framePool); n > 0 {
		fr = e.framePool[n-1]
		e.framePool = e.framePool[:n-1]
		regs, allocas := fr.Regs, fr.Allocas
		if cap(regs) >= fn.NumRegs {
			regs = regs[:fn.NumRegs]
			clear(regs)
		} else {
			regs = make([]Value, fn.NumRegs)
		}
		*fr = StackFrame{Fn: fn, Regs: regs, Call: call, Allocas: allocas[:0]}
	} else {
		fr = &StackFrame{Fn: fn, Regs: make([]Value, fn.NumRegs), Call: call}
	}
	e.frameSerial++
	fr.Serial = e.frameSerial
	copy(fr.Regs, args)
	s.Stack = append(s.Stack, fr)
	return fr
}

// popFrame leaves the current function; its stack objects die. The frame
// goes back to the pool: callers must be done with it.
func (e *Executor) popFrame(s *State) *StackFrame {
	fr := s.top()
	for _, id := range fr.Allocas {
		s.Mem.Kill(id)
	}
	s.Stack = s.Stack[:len(s.Stack)-1]
	return fr
}

// recycle returns a popped frame to the pool.
func (e *Executor) recycle(fr *StackFrame) {
	if len(e.framePool) < 256 {
		e.framePool = append(e.framePool, fr)
	}
}

// Call is a call of a built-in model.
type Call struct {
	Inst *ir.Inst
	Fn   *ir.Function
	// Args holds the evaluated arguments; it is only valid during the call.
	Args []Value
	// resultSet: the model already delivered the result (setResult).
	resultSet bool
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
	// Symbolic models accept symbolic arguments; others get them
	// concretised first.
	Symbolic bool
	// OutputOnly models (printf to a stream, puts, ...) print symbolic
	// numbers as an example value without constraining the path.
	OutputOnly bool
}

// builtinTable holds every model, keyed by C name or by intrinsic name
// without type suffixes ("llvm.memcpy"). It is built once, in the order
// of builtinLayers (builtins_registry.go).
var builtinTable = map[string]*Builtin{}

func register(name string, minArgs int, fn BuiltinFn) *Builtin {
	if registryLayer == nil || registryLayer.decorates {
		panic("executor: builtin " + name + " registered outside a base layer of builtinLayers (builtins_registry.go)")
	}
	if _, dup := builtinTable[name]; dup {
		panic("executor: builtin registered twice: " + name)
	}
	b := &Builtin{Name: name, Fn: fn, MinArgs: minArgs}
	builtinTable[name] = b
	builtinOrigin[name] = []string{registryLayer.name}
	return b
}

// registerSymbolic registers a model that handles symbolic arguments.
func registerSymbolic(name string, minArgs int, fn BuiltinFn) {
	register(name, minArgs, fn).Symbolic = true
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
	return &Builtin{Name: b.Name, MinArgs: b.MinArgs, Symbolic: b.Symbolic, OutputOnly: b.OutputOnly, Fn: func(e *Executor, s *State, c *Call) (Value, *Termination) {
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

// fault converts a memory fault inside a model into a termination; a
// model that met symbolic bytes is run again once they are concretised.
func (e *Executor) fault(s *State, c *Call, f *memory.Fault) (Value, *Termination) {
	if f.Kind == memory.SymbolicData {
		return Value{}, &Termination{symbolicData: f.Addr}
	}
	return Value{}, e.memFault(s, c.Inst, f)
}

// ret wraps a scalar result.
func ret(w arith.Word) (Value, *Termination) { return Value{W: w}, nil }

// retU64 wraps an integer result.
func retU64(x uint64) (Value, *Termination) { return Value{W: arith.Word{Lo: x}}, nil }
