package executor

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/memory"
	"github.com/floatsym/floatsym/solver/expr"
)

// The fenv.h exception-flag functions, on the path's FPFlags (glibc x86_64
// semantics: FE_* bits 0x01 invalid, 0x04 divbyzero, 0x08 overflow, 0x10
// underflow, 0x20 inexact; fexcept_t is an unsigned short; fenv_t is the
// 28-byte x87 environment followed by MXCSR, and carries the rounding mode
// too). Their presence in a module turns flag tracking on (Executor.fpTrack).

// fenvSize is sizeof(fenv_t); the fields floatsym reads and writes are the
// x87 control word (rounding control in bits 10-11), the x87 status word
// (flags) and MXCSR (flags in bits 0-5, rounding control in bits 13-14).
const (
	fenvSize      = 32
	fenvCW        = 0
	fenvSW        = 4
	fenvMXCSR     = 28
	fenvDefaultCW = 0x037f
	fenvDefaultMX = 0x1f80
	// fenvDflEnv is FE_DFL_ENV, ((const fenv_t *) -1).
	fenvDflEnv = ^uint64(0)
)

func registerFenvBuiltins() {
	registerSymbolic("fetestexcept", 1, biFetestexcept)
	register("feclearexcept", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		s.FPFlags.clear(arith.Flags(c.U64(0)) & arith.AllFlags)
		return retU64(0)
	})
	register("feraiseexcept", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		fl := arith.Flags(c.U64(0)) & arith.AllFlags
		// glibc raises each flag by an operation that raises it, so a
		// trapped (checked) exception traps here natively too.
		if t := e.fpConcrete(s, c.Inst, fl, "feraiseexcept", nil); t != nil {
			return Value{}, t
		}
		return retU64(0)
	})
	register("fegetexceptflag", 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		mask := arith.Flags(c.U64(1)) & arith.AllFlags
		w, x := s.FPFlags.word(e.B, mask, 16)
		if f := e.storeWordOrExpr(s, c.U64(0), 2, w, x); f != nil {
			return e.fault(s, c, f)
		}
		return retU64(0)
	})
	register("fesetexceptflag", 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		mask := arith.Flags(c.U64(1)) & arith.AllFlags
		w, x, f := s.Mem.LoadExpr(c.U64(0), 2)
		if f != nil {
			return e.fault(s, c, f)
		}
		e.setFlagsFrom(s, mask, w, x)
		return retU64(0)
	})
	register("fegetenv", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		if f := e.storeEnv(s, c.U64(0)); f != nil {
			return e.fault(s, c, f)
		}
		return retU64(0)
	})
	register("fesetenv", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		if t := e.loadEnv(s, c, c.U64(0)); t != nil {
			return Value{}, t
		}
		return retU64(0)
	})
	register("feholdexcept", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		if f := e.storeEnv(s, c.U64(0)); f != nil {
			return e.fault(s, c, f)
		}
		s.FPFlags.clear(arith.AllFlags)
		return retU64(0)
	})
	register("feupdateenv", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		saved := s.FPFlags
		if t := e.loadEnv(s, c, c.U64(0)); t != nil {
			return Value{}, t
		}
		// Re-raise the flags that were raised before (a trapped one traps).
		var conds flagConds
		for i := range conds {
			conds[i] = saved.cond(e.B, i)
		}
		if hit := saved.C & e.cfg.CheckFP; hit != 0 {
			return Value{}, e.fpConcrete(s, c.Inst, hit, "feupdateenv", nil)
		}
		s.FPFlags.raise(e.B, &conds)
		return retU64(0)
	})
}

// biFetestexcept returns the raised flags among its argument's.
func biFetestexcept(e *Executor, s *State, c *Call) (Value, *Termination) {
	m, t := e.concreteValue(s, c.Inst, c.Args[0], "fetestexcept mask")
	if t != nil {
		return Value{}, t
	}
	w, x := s.FPFlags.word(e.B, arith.Flags(m.Lo)&arith.AllFlags, 32)
	if x != nil {
		return Value{E: x}, nil
	}
	return ret(w)
}

// storeWordOrExpr stores n bytes of a concrete or symbolic value.
func (e *Executor) storeWordOrExpr(s *State, addr, n uint64, w arith.Word, x *expr.Expr) *memory.Fault {
	if x != nil {
		return s.Mem.StoreExpr(addr, n, x)
	}
	return s.Mem.Store(addr, n, w)
}

// setFlagsFrom sets the flags in mask to the bits of the FE_* set (w or,
// when symbolic, x).
func (e *Executor) setFlagsFrom(s *State, mask arith.Flags, w arith.Word, x *expr.Expr) {
	for i, g := range arith.FlagList {
		if mask&g == 0 {
			continue
		}
		if x == nil {
			s.FPFlags.setCond(i, e.B.BoolConst(w.Lo&uint64(g) != 0))
			continue
		}
		bit := e.B.Eq(e.B.Bin(expr.OpAnd, x, e.B.U64(uint64(g), x.Width())), e.B.U64(uint64(g), x.Width()))
		s.FPFlags.setCond(i, bit)
	}
}

// storeEnv writes the path's environment as an fenv_t: the rounding mode
// in both control registers, the flags in the x87 status word (MXCSR's
// flags stay clear: glibc ORs the two).
func (e *Executor) storeEnv(s *State, addr uint64) *memory.Fault {
	rc := uint64(s.RM)
	buf, f := s.Mem.Write(addr, fenvSize)
	if f != nil {
		return f
	}
	for i := range buf {
		buf[i] = 0
	}
	if f := s.Mem.Store(addr+fenvCW, 2, arith.Word{Lo: fenvDefaultCW&^0xc00 | rc<<10}); f != nil {
		return f
	}
	if f := s.Mem.Store(addr+fenvMXCSR, 4, arith.Word{Lo: fenvDefaultMX&^0x6000 | rc<<13}); f != nil {
		return f
	}
	w, x := s.FPFlags.word(e.B, arith.AllFlags, 16)
	return e.storeWordOrExpr(s, addr+fenvSW, 2, w, x)
}

// loadEnv installs the environment at addr (or the default one for
// FE_DFL_ENV): rounding mode and flags.
func (e *Executor) loadEnv(s *State, c *Call, addr uint64) *Termination {
	if addr == fenvDflEnv {
		s.RM = arith.NearestEven
		s.FPFlags.clear(arith.AllFlags)
		return nil
	}
	cw, cx, f := s.Mem.LoadExpr(addr+fenvCW, 2)
	if f == nil && cx != nil {
		var t *Termination
		cw, t = e.concretize(s, c.Inst, cx, "fenv_t rounding control")
		if t != nil {
			return t
		}
	}
	var mx, sw arith.Word
	var sx *expr.Expr
	if f == nil {
		mx, f = s.Mem.Load(addr+fenvMXCSR, 4)
	}
	if f == nil {
		sw, sx, f = s.Mem.LoadExpr(addr+fenvSW, 2)
	}
	if f != nil {
		_, t := e.fault(s, c, f)
		return t
	}
	// glibc's fesetenv takes the x87 rounding control for both units.
	s.RM = arith.RoundingMode(cw.Lo >> 10 & 3)
	if sx != nil {
		sx = e.B.Bin(expr.OpOr, sx, e.B.U64(mx.Lo&0x3f, 16))
	}
	e.setFlagsFrom(s, arith.AllFlags, arith.Word{Lo: sw.Lo | mx.Lo&0x3f}, sx)
	return nil
}
