package executor

import (
	"fmt"
	"strings"
	"time"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/solver/expr"
)

// IEEE exception flags as path state, and --check-fp.
//
// Flags are tracked only when the module can observe them (it calls one of
// the fenv.h flag functions) or exceptions are checked: New decides once
// (Executor.fpTrack), and only then do FP instructions take the tracking
// path below, so plain concrete execution runs exactly as fast as before.
// A concrete operation gets its flags from the hardware (arith's *Flags);
// a symbolic one gets the conditions of fpflags.go, which the flags of the
// state accumulate (flag i is raised iff its condition holds).

// FPFlagState is a path's five IEEE status flags.
type FPFlagState struct {
	// C holds the flags known to be raised.
	C arith.Flags
	// e, when non-nil, gives a symbolic condition for a flag not in C
	// (nil entries: the flag is clear). Shared between forked states:
	// copied before a change.
	e *flagConds
}

// cond is the condition that flag index i is raised.
func (f *FPFlagState) cond(b *expr.Builder, i int) *expr.Expr {
	if f.C&arith.FlagList[i] != 0 {
		return b.True
	}
	if f.e != nil && f.e[i] != nil {
		return f.e[i]
	}
	return b.False
}

func (f *FPFlagState) setCond(i int, c *expr.Expr) {
	bit := arith.FlagList[i]
	f.C &^= bit
	var n flagConds
	if f.e != nil {
		n = *f.e
	}
	n[i] = nil
	switch {
	case c.IsTrue():
		f.C |= bit
	case !c.IsFalse():
		n[i] = c
	}
	f.e = &n
}

// raise ORs the conditions into the flags.
func (f *FPFlagState) raise(b *expr.Builder, c *flagConds) {
	for i, x := range c {
		if x == nil || x.IsFalse() || f.C&arith.FlagList[i] != 0 {
			continue
		}
		f.setCond(i, b.Or(f.cond(b, i), x))
	}
}

// clear lowers the flags in mask.
func (f *FPFlagState) clear(mask arith.Flags) {
	f.C &^= mask
	if f.e == nil {
		return
	}
	n := *f.e
	for i, g := range arith.FlagList {
		if mask&g != 0 {
			n[i] = nil
		}
	}
	f.e = &n
}

// word returns the flags as an FE_* bit set, symbolic when any flag is.
func (f *FPFlagState) word(b *expr.Builder, mask arith.Flags, w int) (arith.Word, *expr.Expr) {
	if f.e == nil {
		return arith.Word{Lo: uint64(f.C & mask)}, nil
	}
	r := b.U64(uint64(f.C&mask), w)
	sym := false
	for i, g := range arith.FlagList {
		if mask&g == 0 || f.C&g != 0 || f.e[i] == nil {
			continue
		}
		sym = true
		r = b.Bin(expr.OpOr, r, b.Ite(f.e[i], b.U64(uint64(g), w), b.U64(0, w)))
	}
	if !sym {
		return arith.Word{Lo: uint64(f.C & mask)}, nil
	}
	return arith.Word{}, r
}

// fenvFlagFunctions are the functions whose presence makes the executor
// track the flags.
var fenvFlagFunctions = map[string]bool{
	"fetestexcept": true, "feclearexcept": true, "feraiseexcept": true, "fegetexceptflag": true,
	"fesetexceptflag": true, "feholdexcept": true, "feupdateenv": true, "fegetenv": true, "fesetenv": true,
}

// fpOpName names an instruction for reports.
func fpOpName(in *ir.Inst) string { return strings.ToLower(in.Op.String()) }

// fpOperand is an operand of a checked operation, for the report.
type fpOperand struct {
	k arith.Kind // 0: an integer of width bits
	w int
	v Value
	t *ir.Type
}

// fpReport builds the message of an fpexc/fpconv report on state s,
// fixing symbolic operands to a feasible value so the message and the
// test agree. The operands print in hex-float (%a), integers in hex.
func (e *Executor) fpReport(s *State, what, op string, ops []fpOperand) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "floating-point %s in %s (", what, op)
	for i, o := range ops {
		if i > 0 {
			sb.WriteString(", ")
		}
		w := o.v.W
		if o.v.E != nil {
			if v, err := e.solver.GetValue(s.Constraints, o.v.E); err == nil {
				w = v
				s.addConstraint(e.B.Eq(o.v.E, e.B.ConstOf(o.v.E.Sort, v)))
			}
		}
		if o.k == 0 {
			fmt.Fprintf(&sb, "i%d %#x", o.w, arith.Truncate(w, o.w).Lo)
		} else {
			fmt.Fprintf(&sb, "%s %s", o.k, arith.Format(o.k, w))
		}
	}
	sb.WriteString(")")
	return sb.String()
}

// fpCheck forks off the paths on which the operation raises a checked
// exception (conds, in flag order), reports each as fpexc, and leaves s
// on the path where none is raised; the flags raised are then added to
// s's flags. It returns a termination when s itself cannot continue.
func (e *Executor) fpCheck(s *State, in *ir.Inst, conds *flagConds, op string, ops []fpOperand) *Termination {
	for i, g := range arith.FlagList {
		c := conds[i]
		if e.cfg.CheckFP&g == 0 || c == nil || c.IsFalse() {
			continue
		}
		// An earlier check of g the solver could not decide: the report
		// needs inputs on which that operation did not raise g (natively
		// it would trap first).
		first := c
		if p := s.fpPending[i]; p != nil {
			first = e.B.And(c, e.B.Not(p))
		}
		if first.IsTrue() {
			return e.withDetail(e.terminate(s, in, TermFPExc, "%s", e.fpReport(s, g.String(), op, ops)), g.String())
		}
		d, replayed, term := e.replayNext(s, in, DecCheck) // prefix.go
		if term != nil {
			return term
		}
		if replayed {
			switch d.Val.Lo {
			case checkUndecided, checkForkedUnd:
				e.fpUndecided(s, in, i, c)
			case checkNever:
				conds[i] = nil
			default: // (replayNext counted the fork in s.Depth)
				s.addConstraint(e.B.Not(c))
				conds[i] = nil
			}
			continue
		}
		raise, err := e.checkQuery(s, first)
		if err != nil {
			e.record(s, in, DecCheck, arith.Word{Lo: checkUndecided}, false)
			e.fpUndecided(s, in, i, c)
			continue
		}
		if !raise {
			e.record(s, in, DecCheck, arith.Word{Lo: checkNever}, false)
			conds[i] = nil
			continue
		}
		stay, err := e.checkQuery(s, e.B.Not(c))
		if err == nil && !stay {
			return e.withDetail(e.terminate(s, in, TermFPExc, "%s", e.fpReport(s, g.String(), op, ops)), g.String())
		}
		e.nextState++
		f := s.clone(e.nextState)
		f.addConstraint(first)
		f.Depth++
		e.addState(f)
		e.finish(f, e.withDetail(e.terminate(f, in, TermFPExc, "%s", e.fpReport(f, g.String(), op, ops)), g.String()))
		if err != nil {
			e.record(s, in, DecCheck, arith.Word{Lo: checkForkedUnd}, false)
			e.fpUndecided(s, in, i, c)
			continue
		}
		e.record(s, in, DecCheck, arith.Word{Lo: checkForked}, true)
		s.addConstraint(e.B.Not(c))
		s.Depth++
		s.forked = true
		conds[i] = nil // not raised on this path
	}
	s.FPFlags.raise(e.B, conds)
	return nil
}

// fpCheckTimeout bounds each exception-check query: a check the solver
// cannot decide in time is skipped (the run is then incomplete), it never
// ends the path.
const fpCheckTimeout = 15 * time.Second

// checkQuery asks whether cond may hold on s within fpCheckTimeout (or
// --solver-timeout when shorter), then gives the solver back the run's
// setting. Both are settings, never a reading of the clock: the native
// stage derives work budgets from the timeout (the first search's at most
// a quarter of it, the proof beside the SMT backends at most all of it),
// so a timeout of "the time left" would make them, and the native
// verdicts, depend on when the check ran — on the machine's load. The
// run's deadline bounds every check anyway (Solver.SetDeadline).
func (e *Executor) checkQuery(s *State, cond *expr.Expr) (bool, error) {
	d := fpCheckTimeout
	if cur := e.cfg.SolverTimeout; cur != 0 && cur < d {
		d = cur
	}
	e.solver.SetTimeout(d)
	defer e.solver.SetTimeout(e.cfg.SolverTimeout)
	return e.mayBeTrue(s, cond)
}

// fpUndecided records a check of flag index i (raised under c) that the
// solver could not decide: later reports of the flag on s require c false.
func (e *Executor) fpUndecided(s *State, in *ir.Inst, i int, c *expr.Expr) {
	if s.fpPending[i] == nil {
		s.fpPending[i] = c
	} else {
		s.fpPending[i] = e.B.Or(s.fpPending[i], c)
	}
	e.complete = false
	e.incomplete.SolverUnknowns++
	where := e.m.Where(in.Loc)
	g := arith.FlagList[i]
	e.warnOnce("fpcheck:"+where+g.String(), "%s: could not decide in time whether %s is raised here; not reported", where, g)
}

// fpConcrete handles the flags of a concrete operation.
func (e *Executor) fpConcrete(s *State, in *ir.Inst, fl arith.Flags, op string, ops []fpOperand) *Termination {
	if hit := fl & e.cfg.CheckFP; hit != 0 {
		for _, g := range arith.FlagList {
			if hit&g != 0 {
				return e.withDetail(e.terminate(s, in, TermFPExc, "%s", e.fpReport(s, g.String(), op, ops)), g.String())
			}
		}
	}
	s.FPFlags.C |= fl
	return nil
}

// fpFlagsOnConcrete gets concrete operands for an operation whose flags
// have no symbolic model (a libgcc conversion, fmod, ...): the operands
// are concretised, which is sound, and the run is then incomplete if
// other values were possible.
func (e *Executor) fpFlagsOnConcrete(s *State, in *ir.Inst, vs []Value) ([]arith.Word, *Termination) {
	ws := make([]arith.Word, len(vs))
	for i, v := range vs {
		w, t := e.concreteValue(s, in, v, "exception flags of "+fpOpName(in))
		if t != nil {
			return nil, t
		}
		ws[i] = w
	}
	return ws, nil
}

// execFPTracked executes an FP instruction (or a cast) with the flags
// tracked and the checked exceptions reported.
func (e *Executor) execFPTracked(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	switch in.Op {
	case ir.OpFAdd, ir.OpFSub, ir.OpFMul, ir.OpFDiv, ir.OpFRem:
		return e.execFBinTracked(s, fr, in)
	case ir.OpFCmp:
		a, b := e.get(fr, in.A), e.get(fr, in.B)
		k := opType(fr, in.A, e.m.Consts).FK
		ops := []fpOperand{{k: k, v: a}, {k: k, v: b}}
		if a.E == nil && b.E == nil {
			fr.Regs[in.Dst] = Value{W: arith.Bool(arith.FCmp(k, arith.Pred(in.Pred), a.W, b.W))}
			return e.fpConcrete(s, in, arith.OpFlags(arith.FlagCmp, k, s.RM, 0, a.W, b.W, arith.Word{}), "fcmp", ops)
		}
		fr.Regs[in.Dst] = e.symFCmp(fr, in)
		var c flagConds
		c[0] = e.B.Or(e.snanOf(k, a), e.snanOf(k, b))
		return e.fpCheck(s, in, &c, "fcmp", ops)
	case ir.OpFPTrunc, ir.OpFPExt, ir.OpFPToUI, ir.OpFPToSI, ir.OpUIToFP, ir.OpSIToFP:
		return e.execConvTracked(s, fr, in)
	}
	// Other casts raise nothing.
	a := e.get(fr, in.A)
	if a.E == nil {
		fr.Regs[in.Dst] = Value{W: convert(in, s.RM, a.W), Agg: a.Agg}
	} else {
		fr.Regs[in.Dst] = e.symConvert(s, in, a)
	}
	return nil
}

var fbinFlagOps = map[ir.Op]arith.FlagOp{
	ir.OpFAdd: arith.FlagAdd, ir.OpFSub: arith.FlagSub, ir.OpFMul: arith.FlagMul, ir.OpFDiv: arith.FlagDiv, ir.OpFRem: arith.FlagRem,
}

func (e *Executor) execFBinTracked(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	a, b := e.get(fr, in.A), e.get(fr, in.B)
	k := in.FK
	op := fbinFlagOps[in.Op]
	name := fpOpName(in)
	ops := []fpOperand{{k: k, v: a}, {k: k, v: b}}
	if a.E != nil || b.E != nil {
		if in.Op == ir.OpFRem {
			// fmod's flags have no symbolic model: concretise.
			ws, t := e.fpFlagsOnConcrete(s, in, []Value{a, b})
			if t != nil {
				return t
			}
			a, b = Value{W: ws[0]}, Value{W: ws[1]}
			ops = []fpOperand{{k: k, v: a}, {k: k, v: b}}
		} else {
			r := e.symFBin(s, fr, in)
			fr.Regs[in.Dst] = r
			t := opType(fr, in.A, e.m.Consts)
			x, y := e.exprOf(a, t), e.exprOf(b, t)
			fb := flagBuilder{b: e.B, k: k, rm: s.RM}
			c := fb.arithFlags(op, x, y, e.exprOf(r, t), e.snanOf(k, a), e.snanOf(k, b))
			return e.fpCheck(s, in, &c, name, ops)
		}
	}
	fr.Regs[in.Dst] = Value{W: fpBinop(in.Op, k, s.RM, a.W, b.W)}
	return e.fpConcrete(s, in, arith.OpFlags(op, k, s.RM, 0, a.W, b.W, arith.Word{}), name, ops)
}

// execConvTracked executes an FP conversion with its flags, and reports
// fptosi/fptoui of NaN or an out-of-range value when fpconv is checked.
func (e *Executor) execConvTracked(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	a := e.get(fr, in.A)
	from, to := in.From, in.T
	name := fpOpName(in)
	var ops []fpOperand
	if from.Kind == ir.FloatType {
		ops = []fpOperand{{k: from.FK, v: a}}
	} else {
		ops = []fpOperand{{w: from.Bits, v: a}}
	}
	toInt := in.Op == ir.OpFPToSI || in.Op == ir.OpFPToUI
	signed := in.Op == ir.OpFPToSI || in.Op == ir.OpSIToFP
	if toInt && e.cfg.CheckFPConv {
		if t := e.checkFPConv(s, in, a, from.FK, to.Bits, signed, name, ops); t != nil {
			return t
		}
	}
	if a.E != nil {
		x := e.exprOf(a, from)
		r := e.symConvert(s, in, a)
		var c flagConds
		ok := true
		fb := flagBuilder{b: e.B, k: from.FK, rm: s.RM}
		switch in.Op {
		case ir.OpFPExt:
			c[0] = e.snanOf(from.FK, a)
		case ir.OpFPTrunc:
			c = fb.truncFlags(x, e.exprOf(r, to), e.snanOf(from.FK, a), to.FK)
		case ir.OpFPToSI, ir.OpFPToUI:
			c, ok = fb.fpToIntFlags(x, e.snanOf(from.FK, a), to.Bits, signed)
		default:
			if from.Bits > 64 {
				ok = false
				break
			}
			fb.k = to.FK
			c = fb.intToFPFlags(signed, e.bv(x), e.exprOf(r, to))
		}
		if ok {
			fr.Regs[in.Dst] = r
			return e.fpCheck(s, in, &c, name, ops)
		}
		ws, t := e.fpFlagsOnConcrete(s, in, []Value{a})
		if t != nil {
			return t
		}
		a = Value{W: ws[0]}
		ops[0].v = a
	}
	fr.Regs[in.Dst] = Value{W: convert(in, s.RM, a.W)}
	var fl arith.Flags
	switch in.Op {
	case ir.OpFPExt, ir.OpFPTrunc:
		fl = arith.FPConvFlags(from.FK, to.FK, s.RM, a.W)
	case ir.OpFPToSI, ir.OpFPToUI:
		fl = arith.FPToIntFlags(from.FK, a.W, to.Bits, signed)
		if from.FK == arith.F80 && !signed && to.Bits == 64 && s.RM != arith.NearestEven {
			fl = fpToUI64x87(a.W, s.RM)
		}
	default:
		fl = arith.IntToFPFlags(from.Bits, to.FK, s.RM, a.W, signed)
	}
	return e.fpConcrete(s, in, fl, name, ops)
}

// fpToUI64x87 is the flags of fptoui x86_fp80 -> i64 in a directed mode:
// clang's sequence subtracts 2^63 in the current mode (arith's function
// runs it in the default one).
func fpToUI64x87(a arith.Word, rm arith.RoundingMode) arith.Flags {
	two63 := pow2(arith.F80, 63)
	if arith.FCmp(arith.F80, arith.OLT, a, two63) {
		return arith.FPToIntFlags(arith.F80, a, 64, true)
	}
	f := arith.OpFlags(arith.FlagCmp, arith.F80, rm, 0, a, two63, arith.Word{})
	f |= arith.OpFlags(arith.FlagSub, arith.F80, rm, 0, a, two63, arith.Word{})
	return f | arith.FPToIntFlags(arith.F80, arith.FSub(arith.F80, rm, a, two63), 64, true)
}

// fpConvUB is the condition that converting x (kind k) to a width-bit
// integer is undefined in C: x is NaN, or trunc(x) is outside the
// integer type's range.
func (e *Executor) fpConvUB(k arith.Kind, x *expr.Expr, width int, signed bool) *expr.Expr {
	b := e.B
	fb := flagBuilder{b: b, k: k}
	t := b.FRound(arith.Trunc, arith.NearestEven, x)
	// -2^(w-1) <= trunc(x) < 2^(w-1) (signed), or 0 <= trunc(x) < 2^w: the
	// bounds are powers of two, exact in every kind (2^128 overflows
	// float: then every finite float is below it).
	var lo, hi *expr.Expr
	_, emax := kindParams(k)
	if signed {
		lo = b.FNeg(fb.p2(width - 1))
		hi = fb.p2(width - 1)
	} else {
		lo = b.FConst(k, arith.Word{})
		if width > emax {
			hi = b.FConst(k, arith.FDiv(k, arith.NearestEven, pow2(k, 0), arith.Word{}))
		} else {
			hi = fb.p2(width)
		}
	}
	in := b.And(fb.le(lo, t), fb.lt(t, hi))
	return b.Not(in)
}

// checkFPConv forks off the paths on which the conversion is undefined
// and reports them as fpconv.
func (e *Executor) checkFPConv(s *State, in *ir.Inst, a Value, k arith.Kind, width int, signed bool, name string, ops []fpOperand) *Termination {
	x := e.exprOf(a, in.From)
	ub := e.fpConvUB(k, x, width, signed)
	what := "conversion of NaN or out-of-range value to i" + fmt.Sprint(width)
	t, f, term := e.fork(s, in, e.B.Not(ub))
	if term != nil {
		return term
	}
	if f != nil && f != s {
		e.finish(f, e.withDetail(e.terminate(f, in, TermFPConv, "%s", e.fpReport(f, what, name, ops)), what))
	}
	if t == nil {
		return e.withDetail(e.terminate(s, in, TermFPConv, "%s", e.fpReport(s, what, name, ops)), what)
	}
	return nil
}

// CheckFPNames are the names --check-fp accepts, besides "all" and "none".
var CheckFPNames = []string{"divbyzero", "invalid", "overflow", "underflow", "inexact", "fpconv"}

// ParseCheckFP parses a --check-fp list (comma-separated CheckFPNames,
// "all" or "none") into Config.CheckFP and Config.CheckFPConv.
func ParseCheckFP(list string) (arith.Flags, bool, error) {
	var fl arith.Flags
	conv := false
	for _, n := range strings.Split(list, ",") {
		n = strings.TrimSpace(strings.ToLower(n))
		switch n {
		case "", "none":
		case "all":
			fl, conv = arith.AllFlags, true
		case "fpconv":
			conv = true
		default:
			g, ok := arith.FlagByName(n)
			if !ok {
				return 0, false, fmt.Errorf("--check-fp: unknown exception %q (want %s, all or none)", n, strings.Join(CheckFPNames, ", "))
			}
			fl |= g
		}
	}
	return fl, conv, nil
}
