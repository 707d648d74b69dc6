package executor

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/hostc"
)

// Complex functions of <complex.h> and the compiler-runtime helpers for
// complex multiplication and division (__mulsc3, __divdc3, ...), in float
// and double, computed by the host's glibc and libgcc as the native
// program does. After package scalarize has expanded clang's x86_64 ABI
// forms, every complex argument arrives as its real and imaginary parts
// (float _Complex's <2 x float> included) and a complex result is returned
// as a two-leaf aggregate. Concrete arguments only: a symbolic argument is
// concretised like any other libm argument.

func registerComplexBuiltins() {
	for _, name := range hostc.ComplexNames() {
		v, _ := hostc.LookupComplex(name)
		registerComplex(name, v)
	}
}

func registerComplex(name string, v hostc.ComplexVariant) {
	register(name, v.Args, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		var a [4]arith.Word
		for i := 0; i < v.Args; i++ {
			if _, t := e.libmFloatArg(s, c, i, v.Kind); t != nil {
				return Value{}, t
			}
			a[i] = c.Word(i)
		}
		r := hostc.CallComplex(v, s.RM, a)
		if r.Errno != 0 {
			e.setErrno(s, r.Errno)
		}
		if v.Real {
			return ret(r.W)
		}
		return Value{Agg: &Aggregate{Leaves: []Value{{W: r.W}, {W: r.W2}}}}, nil
	})
}
