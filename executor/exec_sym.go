package executor

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/solver/expr"
)

// Symbolic counterparts of the instruction semantics; the dispatch calls
// them only when an operand is symbolic.

var intOps = map[ir.Op]expr.Op{
	ir.OpAdd: expr.OpAdd, ir.OpSub: expr.OpSub, ir.OpMul: expr.OpMul, ir.OpUDiv: expr.OpUDiv,
	ir.OpSDiv: expr.OpSDiv, ir.OpURem: expr.OpURem, ir.OpSRem: expr.OpSRem, ir.OpShl: expr.OpShl,
	ir.OpLShr: expr.OpLShr, ir.OpAShr: expr.OpAShr, ir.OpAnd: expr.OpAnd, ir.OpOr: expr.OpOr, ir.OpXor: expr.OpXor,
}

var fpOps = map[ir.Op]expr.Op{
	ir.OpFAdd: expr.OpFAdd, ir.OpFSub: expr.OpFSub, ir.OpFMul: expr.OpFMul, ir.OpFDiv: expr.OpFDiv, ir.OpFRem: expr.OpFRem,
}

// symInt builds an integer operation on operand expressions.
func (e *Executor) symInt(op ir.Op, a, b *expr.Expr, w int) Value {
	r := e.B.Bin(intOps[op], e.bv(a), e.bv(b))
	if w == 1 {
		r = e.toI1(r)
	}
	return valueOf(r)
}

func (e *Executor) operandExpr(fr *StackFrame, o ir.Operand, t *ir.Type) *expr.Expr {
	return e.exprOf(e.get(fr, o), t)
}

// opType is the type of an instruction's first operand.
func opType(fr *StackFrame, o ir.Operand, consts []ir.Const) *ir.Type {
	if o >= 0 {
		return fr.Fn.RegType[o]
	}
	return consts[-1-o].T
}

func (e *Executor) symICmp(fr *StackFrame, in *ir.Inst) Value {
	t := opType(fr, in.A, e.m.Consts)
	a, b := e.operandExpr(fr, in.A, t), e.operandExpr(fr, in.B, t)
	p := arith.IPred(in.Pred)
	if a.Sort.Kind == expr.Bool && p != arith.IEQ && p != arith.INE {
		a, b = e.bv(a), e.bv(b)
	}
	return valueOf(e.B.ICmp(p, a, b))
}

func (e *Executor) symFCmp(fr *StackFrame, in *ir.Inst) Value {
	t := opType(fr, in.A, e.m.Consts)
	return valueOf(e.B.FCmp(arith.Pred(in.Pred), e.operandExpr(fr, in.A, t), e.operandExpr(fr, in.B, t)))
}

func (e *Executor) symFBin(s *State, fr *StackFrame, in *ir.Inst) Value {
	t := opType(fr, in.A, e.m.Consts)
	return valueOf(e.B.FBin(fpOps[in.Op], s.RM, e.operandExpr(fr, in.A, t), e.operandExpr(fr, in.B, t)))
}

// symConvert builds a cast of a symbolic operand.
func (e *Executor) symConvert(s *State, in *ir.Inst, v Value) Value {
	from, to := in.From, in.T
	x := e.exprOf(v, from)
	switch in.Op {
	case ir.OpTrunc:
		return valueOf(e.toI1(e.B.Trunc(e.bv(x), to.Bits)))
	case ir.OpZExt:
		return valueOf(e.B.ZExt(x, to.Bits))
	case ir.OpSExt:
		return valueOf(e.B.SExt(x, to.Bits))
	case ir.OpFPTrunc, ir.OpFPExt:
		return valueOf(e.B.FPConv(s.RM, x, to.FK))
	case ir.OpFPToUI, ir.OpFPToSI:
		return valueOf(e.toI1(e.B.FPToInt(in.Op == ir.OpFPToSI, x, to.Bits)))
	case ir.OpUIToFP, ir.OpSIToFP:
		return valueOf(e.B.IntToFP(in.Op == ir.OpSIToFP, s.RM, e.bv(x), to.FK))
	case ir.OpPtrToInt:
		return valueOf(e.toI1(e.B.Trunc(x, to.Bits)))
	case ir.OpIntToPtr:
		return valueOf(e.B.ZExt(e.bv(x), 64))
	}
	// bitcast
	switch {
	case from.Kind == ir.FloatType && to.Kind != ir.FloatType:
		return valueOf(e.fpBits(x))
	case from.Kind != ir.FloatType && to.Kind == ir.FloatType:
		return valueOf(e.B.FromBits(e.bv(x), to.FK))
	}
	return v
}

// symSelect builds an if-then-else, leaf by leaf for aggregates.
func (e *Executor) symSelect(c *expr.Expr, t, f Value, ty *ir.Type) Value {
	if ty.IsAggregate() {
		leaves := make([]Value, len(ty.Leaves))
		for i, l := range ty.Leaves {
			var tv, fv Value
			if t.Agg != nil {
				tv = t.Agg.Leaves[i]
			}
			if f.Agg != nil {
				fv = f.Agg.Leaves[i]
			}
			leaves[i] = e.symSelect(c, tv, fv, l.T)
		}
		return Value{Agg: &Aggregate{Leaves: leaves}}
	}
	return valueOf(e.B.Ite(c, e.exprOf(t, ty), e.exprOf(f, ty)))
}
