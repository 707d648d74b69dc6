package executor

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/hostc"
	"github.com/floatsym/floatsym/ir"
)

// libm. Every <math.h> function hostc knows is registered under its C
// names (sin, sinf, sinl, ...): the concrete result is the host glibc's own,
// computed under the path's rounding mode, and errno is set when glibc set
// it. This includes the functions clang normally turns into intrinsics
// (fabs, sqrt, floor, fmin, fma, ...), which stay C calls with -fno-builtin
// or when their address is taken. Also registered: the libm intrinsics the
// x86_64 back end lowers to libm calls (llvm.sin, llvm.pow, ...: same
// glibc functions, errno included, as the native program's libcall sets it
// too), llvm.powi (libgcc's __powi*f2 multiplication loop), and
// llvm.minimum / llvm.maximum (IEEE 754-2019 minimum/maximum, computed by
// glibc's fminimum/fmaximum).
//
// Not modelled: the signgam global lgamma sets (a program that reads
// signgam fails to load: it is an unmodelled external global); use
// lgamma_r, which is modelled.

func registerMathBuiltins() {
	for _, name := range hostc.Names() {
		v, _ := hostc.Lookup(name)
		registerLibm(name, v)
	}
	// glibc exports the classification macros' old function forms too.
	for _, alias := range []struct{ name, target string }{
		{"isinf", "__isinf"}, {"isinff", "__isinff"}, {"isinfl", "__isinfl"},
		{"isnan", "__isnan"}, {"isnanf", "__isnanf"}, {"isnanl", "__isnanl"},
		{"finite", "__finite"}, {"finitef", "__finitef"}, {"finitel", "__finitel"},
		{"drem", "remainder"}, {"dremf", "remainderf"}, {"dreml", "remainderl"},
		{"gamma", "lgamma"}, {"gammaf", "lgammaf"}, {"gammal", "lgammal"},
		{"pow10", "exp10"}, {"pow10f", "exp10f"}, {"pow10l", "exp10l"},
	} {
		v, ok := hostc.Lookup(alias.target)
		if !ok {
			panic("builtins_math: unknown libm function " + alias.target)
		}
		registerLibm(alias.name, v)
	}
	for _, name := range []string{"nan", "nanf", "nanl"} {
		k := map[string]arith.Kind{"nan": arith.F64, "nanf": arith.F32, "nanl": arith.F80}[name]
		register(name, 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			tag, f := readCString(s, c.U64(0), -1)
			if f != nil {
				return e.fault(s, c, f)
			}
			return e.libmResult(s, c, hostc.NaN(k, string(tag)))
		})
	}

	// Intrinsics the back end lowers to libm calls; the float kind comes
	// from the argument type.
	for _, name := range []string{"sin", "cos", "exp", "exp2", "log", "log2", "log10", "pow"} {
		v, _ := hostc.Lookup(name)
		fn, sig := v.Fn, v.Sig
		register("llvm."+name, v.Sig.NumArgs(), func(e *Executor, s *State, c *Call) (Value, *Termination) {
			k, t := e.libmFloatArg(s, c, 0, 0)
			if t != nil {
				return Value{}, t
			}
			var b arith.Word
			if sig == hostc.SigTT {
				b = c.Word(1)
			}
			return e.libmResult(s, c, hostc.Call2(fn, k, s.RM, c.Word(0), b))
		})
	}
	minmax := func(name, fam string) {
		v, _ := hostc.Lookup(fam)
		register(name, 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			k, t := e.libmFloatArg(s, c, 0, 0)
			if t != nil {
				return Value{}, t
			}
			r := hostc.Call2(v.Fn, k, s.RM, c.Word(0), c.Word(1))
			if e.fpTrack {
				if t := e.libmFlags(s, c, r.Except); t != nil {
					return Value{}, t
				}
			}
			return ret(r.W) // an intrinsic: no errno
		})
	}
	minmax("llvm.minimum", "fminimum")
	minmax("llvm.maximum", "fmaximum")
	register("llvm.powi", 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		k, t := e.libmFloatArg(s, c, 0, 0)
		if t != nil {
			return Value{}, t
		}
		if e.fpTrack {
			if t := e.fpConcrete(s, c.Inst, libmPowiFlags(k, s.RM, c.Word(0), c.I64(1)), "llvm.powi", e.callOperands(c)); t != nil {
				return Value{}, t
			}
		}
		return ret(libmPowi(k, s.RM, c.Word(0), c.I64(1)))
	})
}

// libmPowi is libgcc's __powisf2 / __powidf2 / __powixf2 (what llvm.powi
// becomes; the back end's inline expansion for constant exponents
// multiplies the same squares in the same order):
//
//	n = |m|; y = n odd ? x : 1; while (n >>= 1) { x = x*x; if (n odd) y = y*x; }
//	return m < 0 ? 1/y : y
func libmPowi(k arith.Kind, rm arith.RoundingMode, x arith.Word, m int64) arith.Word {
	return powiSteps(k, x, m, func(a, b arith.Word) arith.Word { return arith.FMul(k, rm, a, b) },
		func(a, b arith.Word) arith.Word { return arith.FDiv(k, rm, a, b) })
}

// powiSteps runs libgcc's powi algorithm with the given multiplication and
// division, so the value (libmPowi) and the flags (libmPowiFlags) come
// from one copy of the sequence.
func powiSteps(k arith.Kind, x arith.Word, m int64, mul, div func(a, b arith.Word) arith.Word) arith.Word {
	m32 := int32(m)
	n := uint32(m32)
	if m32 < 0 {
		n = -n
	}
	one := libmOne(k)
	y := one
	if n%2 != 0 {
		y = x
	}
	for n >>= 1; n != 0; n >>= 1 {
		x = mul(x, x)
		if n%2 != 0 {
			y = mul(y, x)
		}
	}
	if m32 < 0 {
		return div(one, y)
	}
	return y
}

func libmOne(k arith.Kind) arith.Word {
	switch k {
	case arith.F32:
		return arith.FromFloat32(1)
	case arith.F64:
		return arith.FromFloat64(1)
	}
	return arith.F80FromFloat64(1)
}

// libmFloatArg checks that argument i is a float (of kind want, unless want
// is 0) and returns its kind.
func (e *Executor) libmFloatArg(s *State, c *Call, i int, want arith.Kind) (arith.Kind, *Termination) {
	t := c.ArgType(i)
	if t.Kind != ir.FloatType || (want != 0 && t.FK != want) {
		name := "libm function"
		if c.Fn != nil {
			name = c.Fn.Name
		}
		exp := "a floating-point value"
		if want != 0 {
			exp = want.String()
		}
		_, term := e.errorf(s, c, TermUser, "%s: argument %d is %s, not %s (wrong prototype?)", name, i+1, t, exp)
		return 0, term
	}
	return t.FK, nil
}

// libmResult returns a float result and sets errno if glibc did, and the
// exception flags glibc raised when they are tracked.
func (e *Executor) libmResult(s *State, c *Call, r hostc.Result) (Value, *Termination) {
	if r.Errno != 0 {
		e.setErrno(s, r.Errno)
	}
	if e.fpTrack {
		if t := e.libmFlags(s, c, r.Except); t != nil {
			return Value{}, t
		}
	}
	return ret(r.W)
}

// libmStoreSize is the number of bytes a store of kind k writes.
func libmStoreSize(k arith.Kind) uint64 {
	return uint64(k.Bits()+7) / 8
}

func registerLibm(name string, v hostc.Variant) {
	k, fn := v.Kind, v.Fn
	var model BuiltinFn
	switch v.Sig {
	case hostc.SigT, hostc.SigTT, hostc.SigTTT:
		nargs := v.Sig.NumArgs()
		model = func(e *Executor, s *State, c *Call) (Value, *Termination) {
			var w [3]arith.Word
			for i := 0; i < nargs; i++ {
				if _, t := e.libmFloatArg(s, c, i, k); t != nil {
					return Value{}, t
				}
				w[i] = c.Word(i)
			}
			return e.libmResult(s, c, hostc.Call(fn, k, s.RM, w[0], w[1], w[2], 0))
		}
	case hostc.SigTLD:
		model = func(e *Executor, s *State, c *Call) (Value, *Termination) {
			if _, t := e.libmFloatArg(s, c, 0, k); t != nil {
				return Value{}, t
			}
			if _, t := e.libmFloatArg(s, c, 1, arith.F80); t != nil {
				return Value{}, t
			}
			return e.libmResult(s, c, hostc.Call2(fn, k, s.RM, c.Word(0), c.Word(1)))
		}
	case hostc.SigTInt, hostc.SigTLong:
		model = func(e *Executor, s *State, c *Call) (Value, *Termination) {
			if _, t := e.libmFloatArg(s, c, 0, k); t != nil {
				return Value{}, t
			}
			return e.libmResult(s, c, hostc.Call(fn, k, s.RM, c.Word(0), arith.Word{}, arith.Word{}, c.I64(1)))
		}
	case hostc.SigIntT:
		model = func(e *Executor, s *State, c *Call) (Value, *Termination) {
			if _, t := e.libmFloatArg(s, c, 1, k); t != nil {
				return Value{}, t
			}
			return e.libmResult(s, c, hostc.Call(fn, k, s.RM, c.Word(1), arith.Word{}, arith.Word{}, c.I64(0)))
		}
	case hostc.SigTPInt, hostc.SigTTPInt:
		nf := 1
		if v.Sig == hostc.SigTTPInt {
			nf = 2
		}
		model = func(e *Executor, s *State, c *Call) (Value, *Termination) {
			var w [2]arith.Word
			for i := 0; i < nf; i++ {
				if _, t := e.libmFloatArg(s, c, i, k); t != nil {
					return Value{}, t
				}
				w[i] = c.Word(i)
			}
			r := hostc.Call2(fn, k, s.RM, w[0], w[1])
			if f := s.Mem.Store(c.U64(nf), 4, arith.Word{Lo: uint64(uint32(int32(r.I)))}); f != nil {
				return e.fault(s, c, f)
			}
			return e.libmResult(s, c, r)
		}
	case hostc.SigTPT:
		model = func(e *Executor, s *State, c *Call) (Value, *Termination) {
			if _, t := e.libmFloatArg(s, c, 0, k); t != nil {
				return Value{}, t
			}
			r := hostc.Call1(fn, k, s.RM, c.Word(0))
			if f := s.Mem.Store(c.U64(1), libmStoreSize(k), r.W2); f != nil {
				return e.fault(s, c, f)
			}
			return e.libmResult(s, c, r)
		}
	case hostc.SigSinCos:
		model = func(e *Executor, s *State, c *Call) (Value, *Termination) {
			if _, t := e.libmFloatArg(s, c, 0, k); t != nil {
				return Value{}, t
			}
			r := hostc.Call1(fn, k, s.RM, c.Word(0))
			if f := s.Mem.Store(c.U64(1), libmStoreSize(k), r.W); f != nil {
				return e.fault(s, c, f)
			}
			if f := s.Mem.Store(c.U64(2), libmStoreSize(k), r.W2); f != nil {
				return e.fault(s, c, f)
			}
			if r.Errno != 0 {
				e.setErrno(s, r.Errno)
			}
			if e.fpTrack {
				return Value{}, e.libmFlags(s, c, r.Except)
			}
			return Value{}, nil
		}
	case hostc.SigLong, hostc.SigInt:
		long := v.Sig == hostc.SigLong
		model = func(e *Executor, s *State, c *Call) (Value, *Termination) {
			if _, t := e.libmFloatArg(s, c, 0, k); t != nil {
				return Value{}, t
			}
			r := hostc.Call1(fn, k, s.RM, c.Word(0))
			if r.Errno != 0 {
				e.setErrno(s, r.Errno)
			}
			if e.fpTrack {
				if t := e.libmFlags(s, c, r.Except); t != nil {
					return Value{}, t
				}
			}
			if long {
				return retU64(uint64(r.I))
			}
			return retU64(uint64(uint32(int32(r.I))))
		}
	default:
		panic("builtins_math: unhandled signature of " + name)
	}
	// By family (double version's name), so aliases (drem) count too.
	if key, ok := symbolicLibm[v.Name]; ok && fpModels[key].n == v.Sig.NumArgs() {
		// Exact operations of the expression language: symbolic arguments
		// stay symbolic instead of being concretised.
		conc, sym := model, fpModels[key].builtin(key)
		registerSymbolic(name, v.Sig.NumArgs(), func(e *Executor, s *State, c *Call) (Value, *Termination) {
			for _, a := range c.Args {
				if a.E != nil {
					return sym(e, s, c)
				}
			}
			return conc(e, s, c)
		})
		return
	}
	register(name, v.Sig.NumArgs(), model)
}

// symbolicLibm maps libm functions (without their f/l suffix) that are
// exactly an operation of the expression language to its model. (fmin and
// fmax are not: glibc's results for signed zeros differ from llvm.minnum's.)
var symbolicLibm = map[string]string{
	"fabs": "llvm.fabs", "sqrt": "llvm.sqrt", "floor": "llvm.floor", "ceil": "llvm.ceil",
	"trunc": "llvm.trunc", "round": "llvm.round", "rint": "llvm.rint", "nearbyint": "llvm.nearbyint",
	"roundeven": "llvm.roundeven", "copysign": "llvm.copysign", "fma": "llvm.fma",
	"fmod": "fmod", "remainder": "remainder",
}
