package executor

import (
	"time"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/solver"
	"github.com/floatsym/floatsym/solver/expr"
)

// Symbolic values: conversion between Values and expressions, forking on
// symbolic conditions, and concretisation where a model needs a constant.

// sortOf is the expression sort that holds a scalar of type t.
// Symbolic i1 values are always Bool expressions.
func sortOf(t *ir.Type) expr.Sort {
	switch {
	case t.Kind == ir.FloatType:
		return expr.FPSort(t.FK)
	case t.Kind == ir.IntType && t.Bits == 1:
		return expr.BoolSort
	}
	return expr.BVSort(t.Bits)
}

// bv views a Bool as a 1-bit vector.
func (e *Executor) bv(x *expr.Expr) *expr.Expr {
	if x.Sort.Kind == expr.Bool {
		return e.B.ZExt(x, 1)
	}
	return x
}

// toI1 views a 1-bit vector as a Bool.
func (e *Executor) toI1(x *expr.Expr) *expr.Expr {
	if x.Sort.Kind == expr.BV && x.Width() == 1 {
		return e.B.Eq(x, e.B.U64(1, 1))
	}
	return x
}

// exprOf returns a scalar value as an expression of type t's sort.
func (e *Executor) exprOf(v Value, t *ir.Type) *expr.Expr {
	if v.E != nil {
		return v.E
	}
	return e.B.ConstOf(sortOf(t), v.W)
}

// valueOf wraps an expression, unwrapping constants so concrete values
// never carry expressions.
func valueOf(x *expr.Expr) Value {
	if x.Op == expr.OpConst {
		return Value{W: x.Val}
	}
	return Value{E: x}
}

// boolExpr returns an i1 value as a Bool expression.
func (e *Executor) boolExpr(v Value) *expr.Expr {
	if v.E == nil {
		return e.B.BoolConst(v.W.Lo&1 == 1)
	}
	if v.E.Sort.Kind == expr.Bool {
		return v.E
	}
	return e.B.Eq(v.E, e.B.U64(1, v.E.Width()))
}

// bitsExpr returns a value's bits as a bit-vector (floats via ToBits).
func (e *Executor) bitsExpr(v Value, t *ir.Type) *expr.Expr {
	x := e.exprOf(v, t)
	switch x.Sort.Kind {
	case expr.FP:
		return e.fpBits(x)
	case expr.Bool:
		return e.B.ZExt(x, 1)
	}
	return x
}

// fromBits turns loaded bits into a value of type t.
func (e *Executor) fromBits(x *expr.Expr, t *ir.Type) Value {
	if t.Kind == ir.FloatType {
		if t.FK == arith.F80 && x.Width() > 80 {
			x = e.B.Extract(x, 0, 80)
		}
		return valueOf(e.B.FromBits(x, t.FK))
	}
	if t.Kind == ir.IntType && x.Width() != t.Bits {
		x = e.B.Extract(x, 0, t.Bits)
	}
	return valueOf(e.toI1(x))
}

// query asks whether cond may hold on the path.
func (e *Executor) mayBeTrue(s *State, cond *expr.Expr) (bool, error) {
	if cond.Op == expr.OpConst {
		return cond.IsTrue(), nil
	}
	e.stats.Queries++
	return e.solver.MayBeTrue(solver.Query{Constraints: s.Constraints, Expr: cond})
}

// fork splits s on cond. It returns the states in which cond holds and in
// which it does not (either may be nil when infeasible); a feasible side
// gets the condition as a constraint. The false side, when both exist, is
// a new state registered with the searcher.
func (e *Executor) fork(s *State, in *ir.Inst, cond *expr.Expr) (t, f *State, term *Termination) {
	if cond.Op == expr.OpConst {
		if cond.IsTrue() {
			return s, nil, nil
		}
		return nil, s, nil
	}
	if t, f, term, ok := e.forkReplay(s, in, cond); ok { // prefix.go
		return t, f, term
	}
	t, f, term = e.forkSolve(s, in, cond)
	e.forkRecord(in, t, f)
	return t, f, term
}

// forkSolve asks the solver which sides of cond are feasible and forks.
func (e *Executor) forkSolve(s *State, in *ir.Inst, cond *expr.Expr) (t, f *State, term *Termination) {
	// Each side's model is kept as the path's last one (halt.go).
	defer s.timeQuery(time.Now())
	e.stats.Queries++
	mayT, mT, err := e.solver.MayBeTrueModel(solver.Query{Constraints: s.Constraints, Expr: cond})
	if err != nil {
		return nil, nil, e.terminate(s, in, TermSolver, "solver failure: %v", err)
	}
	notCond := e.B.Not(cond)
	e.stats.Queries++
	mayF, mF, err := e.solver.MayBeTrueModel(solver.Query{Constraints: s.Constraints, Expr: notCond})
	if err != nil {
		return nil, nil, e.terminate(s, in, TermSolver, "solver failure: %v", err)
	}
	switch {
	case mayT && mayF:
		if t, fixed := e.forkLimit(s, in); t != nil {
			return nil, nil, t
		} else if fixed {
			return e.followOne(s, cond)
		}
		e.nextState++
		f = s.clone(e.nextState)
		s.addConstraint(cond)
		f.addConstraint(notCond)
		s.keepModel(mT)
		f.keepModel(mF)
		s.Depth++
		f.Depth++
		s.forked = true
		e.addState(f)
		return s, f, nil
	case mayT:
		s.keepModel(mT)
		return s, nil, nil
	case mayF:
		s.keepModel(mF)
		return nil, s, nil
	}
	// Neither side is feasible: the path condition itself is unsatisfiable,
	// which a sound solver never lets happen.
	return nil, nil, e.terminate(s, in, TermSolver, "both branch directions infeasible")
}

// concretize picks a feasible value for x and constrains the path to it
// (KLEE's concretisation at external calls).
func (e *Executor) concretize(s *State, in *ir.Inst, x *expr.Expr, why string) (arith.Word, *Termination) {
	if x.Op == expr.OpConst {
		return x.Val, nil
	}
	d, replayed, term := e.replayNext(s, in, DecValue) // prefix.go
	if term != nil {
		return d.Val, term
	}
	w, lost := d.Val, d.Both
	if !replayed {
		e.stats.Queries++
		var err error
		if w, err = e.solver.GetValue(s.Constraints, x); err != nil {
			return w, e.terminate(s, in, TermSolver, "solver failure concretising %s: %v", why, err)
		}
		// Other feasible values are paths this run no longer explores:
		// the exploration is then not complete.
		other, err := e.mayBeTrue(s, e.B.Not(e.B.Eq(x, e.B.ConstOf(x.Sort, w))))
		lost = err != nil || other
		e.record(s, in, DecValue, w, lost)
	}
	if lost {
		e.complete = false
		e.incomplete.Concretisations++
	}
	s.addConstraint(e.B.Eq(x, e.B.ConstOf(x.Sort, w)))
	where := "?"
	if in != nil {
		where = e.m.Where(in.Loc)
	}
	e.warnOnce("concretize:"+why+where, "%s: concretizing symbolic value (%s): other values are not explored", where, why)
	return w, nil
}

// concreteValue returns a scalar value's Word, concretising if symbolic.
func (e *Executor) concreteValue(s *State, in *ir.Inst, v Value, why string) (arith.Word, *Termination) {
	if v.E == nil {
		return v.W, nil
	}
	w, t := e.concretize(s, in, v.E, why)
	if v.E.Sort.Kind == expr.Bool {
		w = arith.Bool(w.Lo&1 == 1)
	}
	return w, t
}

// word reads a scalar operand that the caller has made concrete.
func (e *Executor) word(fr *StackFrame, o ir.Operand) arith.Word {
	return e.get(fr, o).W
}

// concretizeOperands replaces symbolic register operands by feasible
// constants (constraining the path), for instructions floatsym executes
// concretely only.
func (e *Executor) concretizeOperands(s *State, fr *StackFrame, in *ir.Inst, why string, ops ...ir.Operand) *Termination {
	for _, o := range ops {
		if o < 0 || fr.Regs[o].E == nil {
			continue
		}
		w, t := e.concreteValue(s, in, fr.Regs[o], why)
		if t != nil {
			return t
		}
		fr.Regs[o] = Value{W: w}
	}
	return nil
}

// fpBits is the bit pattern of an FP value as a store or bitcast writes
// it. Moves keep a NaN's payload and its signalling bit on x86 (movsd,
// fstp of an x87 register loaded from memory): for a value read from
// bits, possibly through sign operations and selects, the bits are those
// bits; only an FP operation's result has the canonical NaN of ToBits.
func (e *Executor) fpBits(x *expr.Expr) *expr.Expr {
	b := e.B
	switch x.Op {
	case expr.OpFromBits:
		return x.Kid[0]
	case expr.OpFNeg, expr.OpFAbs:
		k := e.fpBits(x.Kid[0])
		if k.Op == expr.OpToBits {
			break
		}
		w := k.Width()
		sign := b.Const(arith.Shl(arith.Word{Lo: 1}, arith.Word{Lo: uint64(w - 1)}, w), w)
		if x.Op == expr.OpFNeg {
			return b.Bin(expr.OpXor, k, sign)
		}
		return b.Bin(expr.OpAnd, k, b.Bin(expr.OpXor, sign, b.Const(arith.Mask(w), w)))
	case expr.OpIte:
		t, f := e.fpBits(x.Kid[1]), e.fpBits(x.Kid[2])
		if t.Op != expr.OpToBits || f.Op != expr.OpToBits {
			return b.Ite(x.Kid[0], t, f)
		}
	}
	return b.ToBits(x)
}
