package executor

import (
	"fmt"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/memory"
	"github.com/floatsym/floatsym/solver/expr"
)

// KLEE's API (klee/klee.h) and SV-COMP's __VERIFIER_* interface.

func registerKleeBuiltins() {
	registerSymbolic("klee_make_symbolic", 3, biMakeSymbolic)
	registerSymbolic("klee_assume", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return e.assume(s, c, false)
	})
	registerSymbolic("__VERIFIER_assume", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return e.assume(s, c, true)
	})
	register("klee_range", 3, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		lo, hi := int32(c.U64(0)), int32(c.U64(1))
		name, _ := s.Mem.CString(c.U64(2), 256)
		if hi <= lo {
			return e.errorf(s, c, TermUser, "invalid range")
		}
		if lo+1 == hi {
			return retU64(uint64(uint32(lo)))
		}
		x, t := e.freshSymbolic(s, c, name, 4)
		if t != nil {
			return Value{}, t
		}
		in := e.B.And(e.B.ICmp(arith.ISLE, e.B.U64(uint64(uint32(lo)), 32), x), e.B.ICmp(arith.ISLT, x, e.B.U64(uint64(uint32(hi)), 32)))
		s.addConstraint(in)
		return valueOf(x), nil
	})
	register("klee_int", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		name, _ := s.Mem.CString(c.U64(0), 256)
		x, t := e.freshSymbolic(s, c, name, 4)
		return valueOf(x), t
	})
	register("klee_abort", 0, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return e.errorf(s, c, TermAbort, "abort failure")
	})
	register("klee_silent_exit", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return Value{}, &Termination{Kind: TermSilent, ExitStatus: int(c.U64(0) & 0xFF)}
	})
	register("klee_report_error", 4, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		file, _ := s.Mem.CString(c.U64(0), 4096)
		msg, _ := s.Mem.CString(c.U64(2), 4096)
		suffix, _ := s.Mem.CString(c.U64(3), 256)
		t := e.terminate(s, c.Inst, TermReportError, "%s", msg)
		t.File, t.Line, t.Suffix = e.matchFile(file, c.Inst), int(int32(c.U64(1))), suffix
		return Value{}, t
	})
	warn := func(once bool) BuiltinFn {
		return func(e *Executor, s *State, c *Call) (Value, *Termination) {
			msg, _ := s.Mem.CString(c.U64(0), 4096)
			where := e.m.Where(c.Inst.Loc)
			if once {
				e.warnOnce("klee_warning_once:"+where, "%s: %s", where, msg)
			} else {
				e.log.Warnf("%s: %s", where, msg)
			}
			return Value{}, nil
		}
	}
	register("klee_warning", 1, warn(false))
	register("klee_warning_once", 1, warn(true))
	registerSymbolic("klee_is_symbolic", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return ret(arith.Bool(c.Args[0].IsSymbolic()).Truncated(c.Inst.T.Bits))
	})
	for _, name := range []string{"klee_get_value_i32", "klee_get_value_i64", "klee_get_value_f", "klee_get_value_d",
		"klee_get_value_l", "klee_get_value_ll", "klee_get_valuef", "klee_get_valued", "klee_get_valuel", "klee_get_valuell"} {
		registerSymbolic(name, 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			w, t := e.concreteValue(s, c.Inst, c.Args[0], "klee_get_value")
			return Value{W: w}, t
		})
	}
	registerSymbolic("klee_prefer_cex", 2, func(e *Executor, s *State, c *Call) (Value, *Termination) { return Value{}, nil })
	registerSymbolic("klee_print_expr", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		msg, _ := s.Mem.CString(c.U64(0), 4096)
		if len(c.Args) > 1 {
			if x := c.Args[1].E; x != nil {
				fmt.Fprintf(e.stderr, "%s:%v\n", msg, x)
			} else {
				fmt.Fprintf(e.stderr, "%s:%d\n", msg, c.Args[1].W.Lo)
			}
		}
		return Value{}, nil
	})
	registerSymbolic("klee_set_rounding_mode", 1, biSetRoundingMode)
	for name, size := range map[string]uint64{
		"bool": 1, "char": 1, "uchar": 1, "short": 2, "ushort": 2, "int": 4, "uint": 4, "unsigned": 4, "u32": 4,
		"long": 8, "ulong": 8, "size_t": 8, "loff_t": 8, "pointer": 8, "pchar": 8, "float": 4, "double": 8,
		"longdouble": 16, "longlong": 8, "ulonglong": 8, "int128": 16, "uint128": 16,
	} {
		name, size := name, size
		register("__VERIFIER_nondet_"+name, 0, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			x, t := e.freshSymbolic(s, c, fmt.Sprintf("symbolic_%d_%s", len(s.Symbolics), name), size)
			if t != nil {
				return Value{}, t
			}
			if name == "bool" {
				s.addConstraint(e.B.ICmp(arith.IULE, x, e.B.U64(1, 8)))
			}
			return e.fromBits(x, c.Inst.T), nil
		})
	}
	register("__VERIFIER_error", 0, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return e.errorf(s, c, TermAbort, "__VERIFIER_error reached")
	})
	// An assertion failure at the call where cond may be zero (a program
	// that defines __VERIFIER_assert itself runs its own definition).
	registerSymbolic("__VERIFIER_assert", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		if ok, t := e.guard(s, c.Inst, e.nonZero(c.Args[0], c.ArgType(0)), TermAssert, "ASSERTION FAIL: __VERIFIER_assert"); !ok {
			return Value{}, t
		}
		return Value{}, nil
	})
}

// biMakeSymbolic implements klee_make_symbolic(addr, size, name).
func biMakeSymbolic(e *Executor, s *State, c *Call) (Value, *Termination) {
	for i := 0; i < 2; i++ {
		if c.Args[i].E != nil {
			w, t := e.concreteValue(s, c.Inst, c.Args[i], "klee_make_symbolic argument")
			if t != nil {
				return Value{}, t
			}
			c.Args[i] = Value{W: w}
		}
	}
	addr, size := c.U64(0), c.U64(1)
	name := "unnamed"
	if c.Args[2].E == nil && c.U64(2) != 0 {
		if n, f := s.Mem.CString(c.U64(2), 256); f == nil {
			name = n
		}
	}
	o := s.Mem.ObjectAt(addr)
	if o == nil || o.Address() != addr {
		return e.errorf(s, c, TermUser, "klee_make_symbolic: %#x is not the start of an object", addr)
	}
	if o.Size != size {
		return e.errorf(s, c, TermUser, "wrong size given to klee_make_symbolic: %d (object %q has %d bytes)", size, o.Name, o.Size)
	}
	if t := e.checkSymbolicSize(s, c, size, name); t != nil {
		return Value{}, t
	}
	e.makeSymbolic(s, o, name)
	return Value{}, nil
}

// makeSymbolic turns an object's contents into a fresh input.
func (e *Executor) makeSymbolic(s *State, o *memory.Object, name string) *expr.Array {
	a := e.B.NewArray(name, o.Size, nil)
	s.Mem.MakeSymbolic(o, a)
	s.Symbolics = append(s.Symbolics, SymbolicObject{Name: name, Array: a})
	e.symbolics++
	return a
}

// freshSymbolic makes a new symbolic object of size bytes and returns its
// contents as a bit-vector (klee_int, klee_range, __VERIFIER_nondet_*).
func (e *Executor) freshSymbolic(s *State, c *Call, name string, size uint64) (*expr.Expr, *Termination) {
	o, err := s.Mem.Alloc(memory.Special, size, name)
	if err != nil {
		return nil, e.terminate(s, c.Inst, TermExec, "%v", err)
	}
	e.makeSymbolic(s, o, name)
	_, x, f := s.Mem.LoadExpr(o.Address(), size)
	if f != nil {
		return nil, e.memFault(s, c.Inst, f)
	}
	return x, nil
}

// assume adds a condition to the path. A path on which the assumption is
// provably false ends silently: it is not one the program's author meant
// to explore. (KLEE reports a "provably false klee_assume" user error
// instead, which mostly punishes `klee_assume(a && b)`: C's && branches,
// and the branch where a is false reaches klee_assume(0).) floatsym warns
// once per call site.
func (e *Executor) assume(s *State, c *Call, verifier bool) (Value, *Termination) {
	cond := e.nonZero(c.Args[0], c.ArgType(0))
	if cond.Op != expr.OpConst {
		if _, replayed, term := e.replayNext(s, c.Inst, DecAssume); term != nil || replayed { // prefix.go
			if term == nil {
				s.addConstraint(cond)
			}
			return Value{}, term
		}
	}
	ok, err := e.mayBeTrue(s, cond)
	if ok && err == nil && cond.Op != expr.OpConst {
		e.record(s, c.Inst, DecAssume, arith.Word{Lo: 1}, false)
	}
	if err != nil {
		return e.errorf(s, c, TermSolver, "solver failure in assume: %v", err)
	}
	if !ok {
		if !verifier {
			where := e.m.Where(c.Inst.Loc)
			e.warnOnce("assume-false:"+where, "%s: klee_assume is provably false on a path; that path is dropped", where)
		}
		return Value{}, &Termination{Kind: TermSilent}
	}
	s.addConstraint(cond)
	return Value{}, nil
}

// nonZero is "v != 0" as a Bool expression.
func (e *Executor) nonZero(v Value, t *ir.Type) *expr.Expr {
	if v.E == nil {
		return e.B.BoolConst(v.W != (arith.Word{}))
	}
	if v.E.Sort.Kind == expr.Bool {
		return v.E
	}
	return e.B.Not(e.B.Eq(v.E, e.B.U64(0, v.E.Width())))
}

// biSetRoundingMode sets the path's rounding mode; a symbolic mode forks
// one path per valid mode (and an error path for invalid values).
func biSetRoundingMode(e *Executor, s *State, c *Call) (Value, *Termination) {
	v := c.Args[0]
	if v.E == nil {
		rm, ok := arith.RoundingModeFromFenv(int(int32(v.W.Lo)))
		if !ok {
			return e.errorf(s, c, TermUser, "klee_set_rounding_mode: invalid rounding mode %d", int32(v.W.Lo))
		}
		s.RM = rm
		return Value{}, nil
	}
	x := e.bv(v.E)
	rest := s
	for _, rm := range []arith.RoundingMode{arith.NearestEven, arith.Downward, arith.Upward, arith.TowardZero} {
		t, f, term := e.fork(rest, c.Inst, e.B.Eq(x, e.B.U64(uint64(rm.FenvValue()), x.Width())))
		if term != nil {
			return Value{}, e.finishOr(s, rest, term)
		}
		if t != nil {
			t.RM = rm
		}
		if f == nil {
			return Value{}, nil
		}
		rest = f
	}
	return Value{}, e.finishOr(s, rest, e.terminate(rest, c.Inst, TermUser, "klee_set_rounding_mode: invalid rounding mode"))
}
