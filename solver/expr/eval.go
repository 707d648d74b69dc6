package expr

import (
	"github.com/floatsym/floatsym/internal/arith"
)

// apply computes a node's value from constant operand values: the single
// definition of every operator's semantics, shared by constant folding and
// model evaluation.
func apply(e *Expr, v []arith.Word) arith.Word {
	w := int(e.Sort.W)
	var kw int
	if e.N > 0 {
		kw = int(e.Kid[0].Sort.W)
	}
	fk := e.Sort.FK
	kfk := arith.Kind(0)
	if e.N > 0 {
		kfk = e.Kid[0].Sort.FK
	}
	switch e.Op {
	case OpConst:
		return e.Val
	case OpConcat:
		lw := int(e.Kid[1].Sort.W)
		return arith.Or(arith.Shl(v[0], arith.Word{Lo: uint64(lw)}, w), v[1])
	case OpExtract:
		return arith.Truncate(arith.LShr(v[0], arith.Word{Lo: uint64(e.Aux)}, kw), w)
	case OpZExt:
		return v[0]
	case OpSExt:
		return arith.SExt(v[0], kw, w)
	case OpAdd:
		return arith.Add(v[0], v[1], w)
	case OpSub:
		return arith.Sub(v[0], v[1], w)
	case OpMul:
		return arith.Mul(v[0], v[1], w)
	case OpUDiv, OpURem, OpSDiv, OpSRem:
		// SMT-LIB semantics for a zero divisor; the executor never builds
		// a division it has not proven non-zero.
		if v[1] == (arith.Word{}) {
			switch e.Op {
			case OpUDiv:
				return arith.Mask(w)
			case OpSDiv:
				if arith.SignBitOf(v[0], w) {
					return arith.Word{Lo: 1}
				}
				return arith.Mask(w)
			}
			return v[0]
		}
		switch e.Op {
		case OpUDiv:
			return arith.UDiv(v[0], v[1], w)
		case OpURem:
			return arith.URem(v[0], v[1], w)
		case OpSDiv:
			return arith.SDiv(v[0], v[1], w)
		}
		return arith.SRem(v[0], v[1], w)
	case OpShl:
		return arith.Shl(v[0], v[1], w)
	case OpLShr:
		return arith.LShr(v[0], v[1], w)
	case OpAShr:
		return arith.AShr(v[0], v[1], w)
	case OpAnd:
		return arith.And(v[0], v[1])
	case OpOr:
		return arith.Or(v[0], v[1])
	case OpXor:
		return arith.Xor(v[0], v[1])
	case OpNot:
		return arith.Truncate(arith.Xor(v[0], arith.Mask(128)), w)
	case OpEq:
		return arith.Bool(v[0] == v[1])
	case OpUlt:
		return arith.Bool(arith.ULess(v[0], v[1]))
	case OpUle:
		return arith.Bool(!arith.ULess(v[1], v[0]))
	case OpSlt:
		return arith.Bool(arith.SLess(v[0], v[1], kw))
	case OpSle:
		return arith.Bool(!arith.SLess(v[1], v[0], kw))
	case OpIte:
		if v[0].Lo&1 == 1 {
			return v[1]
		}
		return v[2]
	case OpFAdd:
		return arith.FAdd(fk, e.RM, v[0], v[1])
	case OpFSub:
		return arith.FSub(fk, e.RM, v[0], v[1])
	case OpFMul:
		return arith.FMul(fk, e.RM, v[0], v[1])
	case OpFDiv:
		return arith.FDiv(fk, e.RM, v[0], v[1])
	case OpFRem:
		return arith.FRem(fk, v[0], v[1])
	case OpFRemainder:
		return arith.FRemainder(fk, v[0], v[1])
	case OpFSqrt:
		return arith.FSqrt(fk, e.RM, v[0])
	case OpFMA:
		return arith.FMA(fk, e.RM, v[0], v[1], v[2])
	case OpFNeg:
		return arith.FNeg(fk, v[0])
	case OpFAbs:
		return arith.FAbs(fk, v[0])
	case OpFMin:
		return arith.FMinNum(fk, v[0], v[1])
	case OpFMax:
		return arith.FMaxNum(fk, v[0], v[1])
	case OpFRound:
		return arith.FRoundToIntegral(fk, arith.Integral(e.Aux), e.RM, v[0])
	case OpFOEq:
		return arith.Bool(arith.FCmp(kfk, arith.OEQ, v[0], v[1]))
	case OpFOLt:
		return arith.Bool(arith.FCmp(kfk, arith.OLT, v[0], v[1]))
	case OpFOLe:
		return arith.Bool(arith.FCmp(kfk, arith.OLE, v[0], v[1]))
	case OpFIsNaN:
		return arith.Bool(arith.IsNaN(kfk, v[0]))
	case OpFIsInf:
		return arith.Bool(arith.IsInf(kfk, v[0]))
	case OpFIsZero:
		return arith.Bool(arith.IsZero(kfk, v[0]))
	case OpFIsSub:
		return arith.Bool(arith.IsSubnormal(kfk, v[0]))
	case OpFIsNorm:
		return arith.Bool(arith.IsNormal(kfk, v[0]))
	case OpFIsNeg:
		return arith.Bool(arith.SignBit(kfk, v[0]))
	case OpFPToSI:
		return arith.FPToSI(kfk, v[0], w)
	case OpFPToUI:
		return arith.FPToUI(kfk, v[0], w)
	case OpSIToFP:
		return arith.SIToFP(kw, fk, e.RM, v[0])
	case OpUIToFP:
		return arith.UIToFP(kw, fk, e.RM, v[0])
	case OpFPConv:
		if fk.Bits() > kfk.Bits() {
			return arith.FPExt(kfk, fk, v[0])
		}
		return arith.FPTrunc(kfk, fk, e.RM, v[0])
	case OpFromBits:
		if fk == arith.F80 {
			return arith.Word{Lo: v[0].Lo, Hi: v[0].Hi & 0xFFFF}
		}
		return v[0]
	case OpToBits:
		return CanonicalBits(kfk, v[0])
	}
	panic("expr: no semantics for " + e.Op.String())
}

// CanonicalBits returns the bits of an FP value with every NaN replaced by
// the kind's default NaN: the one pattern floatsym's solver and executor
// agree on.
func CanonicalBits(k arith.Kind, w arith.Word) arith.Word {
	if !arith.IsNaN(k, w) {
		return w
	}
	switch k {
	case arith.F32:
		return arith.Word{Lo: 0xFFC00000}
	case arith.F64:
		return arith.Word{Lo: 0xFFF8000000000000}
	}
	return arith.Word{Lo: 0xC000000000000000, Hi: 0xFFFF}
}

// Assignment gives concrete values to symbolic array bytes.
type Assignment interface {
	// Byte returns byte i of array a.
	Byte(a *Array, i uint64) byte
}

// Evaluator evaluates expressions under an assignment, memoising shared
// subexpressions.
type Evaluator struct {
	A    Assignment
	memo map[*Expr]arith.Word
}

// NewEvaluator makes an evaluator.
func NewEvaluator(a Assignment) *Evaluator {
	return &Evaluator{A: a, memo: map[*Expr]arith.Word{}}
}

// Eval returns e's value.
func (ev *Evaluator) Eval(e *Expr) arith.Word {
	if e.Op == OpConst {
		return e.Val
	}
	if v, ok := ev.memo[e]; ok {
		return v
	}
	var r arith.Word
	switch e.Op {
	case OpByte:
		r = arith.Word{Lo: uint64(ev.A.Byte(e.Arr, uint64(e.Aux)))}
	case OpRead:
		r = ev.read(e.Arr, e.Upd, ev.Eval(e.Kid[0]))
	default:
		var vals [3]arith.Word
		for i, k := range e.Kids() {
			vals[i] = ev.Eval(k)
		}
		r = apply(e, vals[:e.N])
	}
	ev.memo[e] = r
	return r
}

// True evaluates a Bool expression.
func (ev *Evaluator) True(e *Expr) bool { return ev.Eval(e).Lo&1 == 1 }

func (ev *Evaluator) read(a *Array, u *Update, idx arith.Word) arith.Word {
	for ; u != nil; u = u.Next {
		if ev.Eval(u.Index) == idx {
			return ev.Eval(u.Value)
		}
	}
	if idx.Hi != 0 || idx.Lo >= a.Size {
		return arith.Word{}
	}
	if a.Init != nil {
		return arith.Word{Lo: uint64(a.Init[idx.Lo])}
	}
	return arith.Word{Lo: uint64(ev.A.Byte(a, idx.Lo))}
}

// Apply computes e's operator on constant operand values v (one per kid):
// the same semantics as folding and Eval, for solvers that evaluate nodes
// on values of their own.
func Apply(e *Expr, v []arith.Word) arith.Word { return apply(e, v) }
