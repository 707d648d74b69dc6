package executor

import (
	"strings"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/hostc"
	"github.com/floatsym/floatsym/solver/expr"
)

// Exception flags of the FP intrinsic and libm models (flag-tracking path).

// libmFlags adds the flags a glibc call raised (hostc records them) and
// reports a checked one.
func (e *Executor) libmFlags(s *State, c *Call, except int) *Termination {
	name := "libm call"
	if c.Fn != nil {
		name = c.Fn.Name
	}
	return e.fpConcrete(s, c.Inst, arith.Flags(except)&arith.AllFlags, name, e.callOperands(c))
}

// callOperands lists a call's float arguments for a report.
func (e *Executor) callOperands(c *Call) []fpOperand {
	var ops []fpOperand
	for i := range c.Args {
		if t := c.ArgType(i); t.FK != 0 && c.Args[i].Agg == nil {
			ops = append(ops, fpOperand{k: t.FK, v: c.Args[i], t: t})
		}
	}
	return ops
}

// modelFlagOp maps an fpModel key to its flag operation; ok is false for
// the sign operations, which raise nothing.
func modelFlagOp(name string) (op arith.FlagOp, aux int, ok bool) {
	switch name {
	case "llvm.sqrt":
		return arith.FlagSqrt, 0, true
	case "llvm.fma":
		return arith.FlagFMA, 0, true
	case "llvm.minnum":
		return arith.FlagMin, 0, true
	case "llvm.maxnum":
		return arith.FlagMax, 0, true
	case "fmod":
		return arith.FlagRem, 0, true
	case "remainder":
		return arith.FlagRemainder, 0, true
	}
	for how := arith.Floor; how <= arith.RoundEven; how++ {
		if name == "llvm."+how.String() {
			return arith.FlagRound, int(how), true
		}
	}
	return 0, 0, false
}

// fpModelTracked runs an fpModel with its flags.
func (e *Executor) fpModelTracked(name string, m fpModel, s *State, c *Call) (Value, *Termination) {
	k := c.ArgType(0).FK
	opName := strings.TrimPrefix(name, "llvm.")
	if c.Fn != nil {
		opName = c.Fn.Name
	}
	ops := e.callOperands(c)
	sym := false
	for i := 0; i < m.n; i++ {
		sym = sym || c.Args[i].E != nil
	}
	op, aux, raises := modelFlagOp(name)
	if sym && !raises && name != "llvm.fmuladd" {
		// fabs, copysign: bit operations, no flags.
		var x [3]*expr.Expr
		for i := 0; i < m.n; i++ {
			x[i] = e.exprOf(c.Args[i], c.ArgType(i))
		}
		return valueOf(m.sym(e.B, s.RM, x[:m.n])), nil
	}
	if sym && (raises || name == "llvm.fmuladd") {
		var x [3]*expr.Expr
		var sn [3]*expr.Expr
		for i := 0; i < m.n; i++ {
			x[i] = e.exprOf(c.Args[i], c.ArgType(i))
			sn[i] = e.snanOf(k, c.Args[i])
		}
		r := m.sym(e.B, s.RM, x[:m.n])
		fb := flagBuilder{b: e.B, k: k, rm: s.RM}
		var conds flagConds
		ok := true
		switch {
		case name == "llvm.fmuladd":
			p := e.B.FBin(expr.OpFMul, s.RM, x[0], x[1])
			conds = fb.arithFlags(arith.FlagMul, x[0], x[1], p, sn[0], sn[1])
			add := fb.arithFlags(arith.FlagAdd, p, x[2], r, e.B.False, sn[2])
			for i := range conds {
				conds[i] = fb.or(conds[i], add[i])
			}
		case op == arith.FlagSqrt:
			conds = fb.sqrtFlags(x[0], r, sn[0])
		case op == arith.FlagFMA:
			conds = fb.fmaFlags(x[0], x[1], x[2], r, sn[0], sn[1], sn[2])
		case op == arith.FlagRound:
			conds = fb.roundIntFlags(arith.Integral(aux), x[0], r, e.roundIntSNaN(k, arith.Integral(aux), c.Args[0], x[0]))
		case op == arith.FlagRem || op == arith.FlagRemainder:
			conds = e.remFlags(k, x[0], x[1], sn[0], sn[1])
		case (op == arith.FlagMin || op == arith.FlagMax) && k != arith.F80:
			// minsd/maxsd raise invalid for any NaN operand.
			conds[0] = e.B.Or(fb.isNaN(x[0]), fb.isNaN(x[1]))
		default:
			ok = false
		}
		if ok {
			if t := e.fpCheck(s, c.Inst, &conds, opName, ops); t != nil {
				return Value{}, t
			}
			return valueOf(r), nil
		}
	}
	var a [3]arith.Word
	for i := 0; i < m.n; i++ {
		w, t := e.concreteValue(s, c.Inst, c.Args[i], "exception flags of "+opName)
		if t != nil {
			return Value{}, t
		}
		a[i] = w
		c.Args[i] = Value{W: w}
	}
	ops = e.callOperands(c)
	var fl arith.Flags
	switch {
	case name == "llvm.fmuladd":
		p := arith.FMul(k, s.RM, a[0], a[1])
		fl = arith.OpFlags(arith.FlagMul, k, s.RM, 0, a[0], a[1], arith.Word{}) |
			arith.OpFlags(arith.FlagAdd, k, s.RM, 0, p, a[2], arith.Word{})
	case raises:
		fl = arith.OpFlags(op, k, s.RM, aux, a[0], a[1], a[2])
	}
	if t := e.fpConcrete(s, c.Inst, fl, opName, ops); t != nil {
		return Value{}, t
	}
	return ret(m.conc(k, s.RM, a[:m.n]))
}

// toIntTracked is llvm.lround/llround/lrint/llrint with flags: the back
// end calls glibc's function, whose flags hostc records; the argument is
// concretised (no symbolic model of glibc's flags here).
func (e *Executor) toIntTracked(name string, how arith.Integral, s *State, c *Call) (Value, *Termination) {
	k, w := c.ArgType(0).FK, c.Inst.T.Bits
	x, t := e.concreteValue(s, c.Inst, c.Args[0], "exception flags of "+name)
	if t != nil {
		return Value{}, t
	}
	c.Args[0] = Value{W: x}
	fn := libmName(strings.TrimPrefix(name, "llvm."), k)
	if v, ok := hostc.Lookup(fn); ok {
		if t := e.libmFlags(s, c, hostc.Call1(v.Fn, k, s.RM, x).Except); t != nil {
			return Value{}, t
		}
	}
	return ret(arith.FPToSI(k, arith.FRoundToIntegral(k, how, s.RM, x), w))
}

// libmPowiFlags are the flags of libmPowi's multiplications and division.
func libmPowiFlags(k arith.Kind, rm arith.RoundingMode, x arith.Word, m int64) arith.Flags {
	var fl arith.Flags
	powiSteps(k, x, m, func(a, b arith.Word) arith.Word {
		fl |= arith.OpFlags(arith.FlagMul, k, rm, 0, a, b, arith.Word{})
		return arith.FMul(k, rm, a, b)
	}, func(a, b arith.Word) arith.Word {
		fl |= arith.OpFlags(arith.FlagDiv, k, rm, 0, a, b, arith.Word{})
		return arith.FDiv(k, rm, a, b)
	})
	return fl
}

// libmName is libm's name of family fam for kind k: sinf, sin, sinl.
func libmName(fam string, k arith.Kind) string {
	switch k {
	case arith.F32:
		return fam + "f"
	case arith.F80:
		return fam + "l"
	}
	return fam
}
