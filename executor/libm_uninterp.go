package executor

import (
	"fmt"
	"strings"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/hostc"
	"github.com/floatsym/floatsym/solver/expr"
)

// Transcendental libm functions (sin, exp, pow, ...) with symbolic
// arguments. Their concrete results are the host glibc's (builtins_math.go);
// they are not correctly rounded, so no exact FP formula describes them.
// Config.Libm chooses what a symbolic argument does:
//
//   - LibmConcretize (default): the argument is fixed to one feasible value
//     (with a warning) and glibc computes the result; the run is marked
//     incomplete when other values were possible (Executor.concretize).
//   - LibmUninterpreted: the result is a fresh symbolic value constrained
//     only by facts that hold for glibc's actual results (libm_facts.go).
//     The path over-approximates what the native program can do, so the
//     path is marked (State.libmUninterp) and every error it ends in is a
//     candidate that cmd/floatsym confirms by native replay before it is
//     reported.
//
// With FP flags tracked (--check-fp or a program reading fenv flags) the
// flags glibc raises for an unknown argument are unknown too, so the call
// is concretised in both modes.
//
// This file registers after builtins_math.go and libm_exact.go (init order
// is by file name): it wraps the hostc models registered there.

// Libm modes (Config.Libm, --libm).
const (
	LibmConcretize    = "concretize"
	LibmUninterpreted = "uninterpreted"
)

// LibmModes lists the --libm values.
var LibmModes = []string{LibmConcretize, LibmUninterpreted}

// CheckLibm validates a --libm value ("" is the default).
func CheckLibm(mode string) error {
	switch mode {
	case "", LibmConcretize, LibmUninterpreted:
		return nil
	}
	return fmt.Errorf("--libm=%q: want %s", mode, strings.Join(LibmModes, " or "))
}

// libmCall is one uninterpreted call on a path, kept for the facts between
// calls of the same function (functional consistency, parity).
type libmCall struct {
	fam  string
	k    arith.Kind
	rm   arith.RoundingMode
	args []*expr.Expr // FP expressions (constants for concrete arguments)
	r    *expr.Expr   // the FP result
	rb   *expr.Expr   // its bits (r's bits when r is NaN, unlike ToBits)
}

func decorateLibmUninterp() {
	for name, b := range builtinTable {
		fam, k, ok := libmTranscendentalOf(name)
		if !ok {
			continue
		}
		conc, fname := b.Fn, name
		b.Symbolic = true
		noteLayer(name)
		b.Fn = func(e *Executor, s *State, c *Call) (Value, *Termination) {
			sym := false
			for i := range c.Args {
				sym = sym || c.Args[i].E != nil
			}
			if !sym {
				return conc(e, s, c)
			}
			fk := k
			if fk == 0 { // llvm.* intrinsics: the kind is the argument's
				var t *Termination
				if fk, t = e.libmFloatArg(s, c, 0, 0); t != nil {
					return Value{}, t
				}
			}
			if e.cfg.Libm == LibmUninterpreted && !e.fpTrack {
				return e.libmUninterpreted(s, c, fname, fam, fk)
			}
			// Concretise as callBuiltin does for other models, registers
			// included: later uses of the argument see the constant.
			fr := s.top()
			for i := range c.Args {
				if c.Args[i].E == nil {
					continue
				}
				w, t := e.concreteValue(s, c.Inst, c.Args[i], "argument of "+fname)
				if t != nil {
					return Value{}, t
				}
				c.Args[i] = Value{W: w}
				if i < len(c.Inst.Args) {
					if a := c.Inst.Args[i]; a >= 0 && fr.Regs[a].E != nil {
						fr.Regs[a] = Value{W: w}
					}
				}
			}
			return conc(e, s, c)
		}
	}
}

// libmTranscendentalOf returns the family (double version's C name) and
// kind of a registered name that is a transcendental function of one or
// two floats (kind 0 for llvm.* intrinsics, whose kind is their
// argument's).
func libmTranscendentalOf(name string) (string, arith.Kind, bool) {
	if f, ok := strings.CutPrefix(name, "llvm."); ok {
		_, ok := libmFamilies[f]
		return f, 0, ok
	}
	v, ok := hostc.Lookup(name)
	if !ok {
		return "", 0, false
	}
	if _, ok := libmFamilies[v.Name]; !ok || (v.Sig != hostc.SigT && v.Sig != hostc.SigTT) {
		return "", 0, false
	}
	return v.Name, v.Kind, true
}

// libmUninterpreted gives the call a fresh symbolic result constrained by
// the facts of libm_facts.go, and leaves errno as glibc may: unchanged,
// EDOM or ERANGE.
func (e *Executor) libmUninterpreted(s *State, c *Call, name, fam string, k arith.Kind) (Value, *Termination) {
	fn, ok := hostc.Lookup(fam)
	if !ok {
		return e.errorf(s, c, TermExec, "%s: no host libm function %s", name, fam)
	}
	n := fn.Sig.NumArgs()
	args := make([]*expr.Expr, n)
	for i := range args {
		if _, t := e.libmFloatArg(s, c, i, k); t != nil {
			return Value{}, t
		}
		args[i] = e.exprOf(c.Args[i], c.ArgType(i))
	}
	size := libmStoreSize(k)
	e.libmFresh++
	arr := e.B.NewArray(fmt.Sprintf("%s#%d", name, e.libmFresh), size+1, nil)
	rb := e.B.Byte(arr, 0)
	for i := uint64(1); i < size; i++ {
		rb = e.B.Concat(e.B.Byte(arr, i), rb)
	}
	r := e.B.FromBits(rb, k)
	call := libmCall{fam: fam, k: k, rm: s.RM, args: args, r: r, rb: rb}
	facts := libmCallFacts(e.B, fn.Fn, call, rb)
	for _, prev := range s.libmCalls {
		facts = append(facts, libmPairFacts(e.B, prev, call)...)
	}
	for _, f := range facts {
		s.addConstraint(f)
	}
	// Appends never share a backing array between forks (State.clone
	// caps the slice).
	s.libmCalls = append(s.libmCalls, call)
	s.libmUninterp = true

	// errno: glibc leaves it alone or sets EDOM or ERANGE, as the unknown
	// argument decides.
	sel := e.B.Byte(arr, size)
	old, oldE, f := s.Mem.LoadExpr(s.Errno, 4)
	if f != nil {
		return e.fault(s, c, f)
	}
	if oldE == nil {
		oldE = e.B.Const(old, 32)
	}
	errno := e.B.Ite(e.B.Eq(sel, e.B.U64(1, 8)), e.B.U64(libmEDOM, 32),
		e.B.Ite(e.B.Eq(sel, e.B.U64(2, 8)), e.B.U64(libmERANGE, 32), oldE))
	if f := s.Mem.StoreExpr(s.Errno, 4, errno); f != nil {
		return e.fault(s, c, f)
	}
	e.warnOnce("libm-uninterp:"+name, "%s: %s of a symbolic argument is uninterpreted: reports depending on it are confirmed by native replay",
		e.m.Where(c.Inst.Loc), name)
	return valueOf(r), nil
}

// Linux's errno values.
const (
	libmEDOM   = 33
	libmERANGE = 34
)
