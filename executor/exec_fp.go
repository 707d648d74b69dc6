package executor

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

func fpBinop(op ir.Op, k arith.Kind, rm arith.RoundingMode, a, b arith.Word) arith.Word {
	switch op {
	case ir.OpFAdd:
		return arith.FAdd(k, rm, a, b)
	case ir.OpFSub:
		return arith.FSub(k, rm, a, b)
	case ir.OpFMul:
		return arith.FMul(k, rm, a, b)
	case ir.OpFDiv:
		return arith.FDiv(k, rm, a, b)
	}
	return arith.FRem(k, a, b)
}

// convert evaluates a cast instruction on a concrete value.
func convert(in *ir.Inst, rm arith.RoundingMode, a arith.Word) arith.Word {
	from, to := in.From, in.T
	switch in.Op {
	case ir.OpTrunc:
		return arith.Truncate(a, to.Bits)
	case ir.OpZExt:
		return a
	case ir.OpSExt:
		return arith.SExt(a, from.Bits, to.Bits)
	case ir.OpFPTrunc:
		return arith.FPTrunc(from.FK, to.FK, rm, a)
	case ir.OpFPExt:
		return arith.FPExt(from.FK, to.FK, a)
	case ir.OpFPToUI:
		return arith.FPToUI(from.FK, a, to.Bits)
	case ir.OpFPToSI:
		return arith.FPToSI(from.FK, a, to.Bits)
	case ir.OpUIToFP:
		return arith.UIToFP(from.Bits, to.FK, rm, a)
	case ir.OpSIToFP:
		return arith.SIToFP(from.Bits, to.FK, rm, a)
	case ir.OpPtrToInt:
		return arith.Truncate(a, to.Bits)
	case ir.OpIntToPtr:
		return arith.Truncate(a, 64)
	}
	// bitcast: the bits are unchanged; only their type is.
	return a
}
