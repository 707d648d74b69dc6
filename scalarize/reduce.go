package scalarize

import (
	"fmt"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// reduce rewrites llvm.vector.reduce.* in the order LLVM 14's x86_64
// back end computes it. x86 does not override
// TargetTransformInfo::shouldExpandReduction, so the ExpandReductions pass
// expands every reduction before instruction selection:
//   - fadd/fmul without reassoc: the ordered chain ((start op l0) op l1)...
//   - fadd/fmul with reassoc on a power-of-two vector: getShuffleReduction,
//     which halves the vector log2(N) times (lane j op lane j+half, low
//     half on the left), then start op result;
//   - integer reductions: the same halving tree (exact in any order);
//   - fmin/fmax with nnan: the halving tree of select(fcmp olt/ogt a, b).
//
// Reductions ExpandReductions leaves to instruction selection (fmin/fmax
// without nnan; reassoc on a vector whose length is not a power of two)
// use the halving tree with llvm.minnum/maxnum and the ordered chain.
func (c *fn) reduce(i *ir.InstCall, base string) error {
	parts := strings.Split(base, ".")
	if len(parts) < 3 {
		return fmt.Errorf("unknown reduction llvm.%s", base)
	}
	op := parts[2]
	var start value.Value
	vec := i.Args[0]
	if op == "fadd" || op == "fmul" {
		start, vec = c.scalar(i.Args[0]), i.Args[1]
	}
	xs, err := c.lanesOf(vec)
	if err != nil {
		return err
	}
	elem := vec.Type().(*types.VectorType).ElemType
	fmf := i.FastMathFlags
	var combine func(a, b value.Value) value.Value
	switch op {
	case "add", "mul", "and", "or", "xor", "fadd", "fmul":
		combine = func(a, b value.Value) value.Value { return c.emit(arith(op, a, b, fmf)) }
	case "smin", "smax", "umin", "umax":
		pred := map[string]enum.IPred{"smin": enum.IPredSLT, "smax": enum.IPredSGT, "umin": enum.IPredULT, "umax": enum.IPredUGT}[op]
		combine = func(a, b value.Value) value.Value {
			return c.emit(ir.NewSelect(c.emit(ir.NewICmp(pred, a, b)), a, b))
		}
	case "fmin", "fmax":
		if hasFMF(fmf, enum.FastMathFlagNNaN) {
			pred := enum.FPredOLT
			if op == "fmax" {
				pred = enum.FPredOGT
			}
			combine = func(a, b value.Value) value.Value {
				return c.emit(ir.NewSelect(c.emit(ir.NewFCmp(pred, a, b)), a, b))
			}
		} else {
			name := "llvm.minnum." + floatSuffix(elem)
			if op == "fmax" {
				name = "llvm.maxnum." + floatSuffix(elem)
			}
			f := c.decl(name, elem, elem, elem)
			combine = func(a, b value.Value) value.Value { return c.emit(ir.NewCall(f, a, b)) }
		}
	default:
		return fmt.Errorf("reduction llvm.%s is not supported", base)
	}
	pow2 := len(xs)&(len(xs)-1) == 0
	ordered := (op == "fadd" || op == "fmul") && !hasFMF(fmf, enum.FastMathFlagReassoc)
	var r value.Value
	switch {
	case ordered || !pow2:
		r = start
		for _, x := range xs {
			if r == nil {
				r = x
				continue
			}
			r = combine(r, x)
		}
	default:
		tmp := append([]value.Value(nil), xs...)
		for n := len(tmp); n > 1; n /= 2 {
			for j := 0; j < n/2; j++ {
				tmp[j] = combine(tmp[j], tmp[j+n/2])
			}
		}
		r = tmp[0]
		if start != nil {
			r = combine(start, r)
		}
	}
	c.repl[i] = r
	return nil
}

func arith(op string, a, b value.Value, fmf []enum.FastMathFlag) ir.Instruction {
	switch op {
	case "add":
		return ir.NewAdd(a, b)
	case "mul":
		return ir.NewMul(a, b)
	case "and":
		return ir.NewAnd(a, b)
	case "or":
		return ir.NewOr(a, b)
	case "xor":
		return ir.NewXor(a, b)
	case "fadd":
		n := ir.NewFAdd(a, b)
		n.FastMathFlags = fmf
		return n
	}
	n := ir.NewFMul(a, b)
	n.FastMathFlags = fmf
	return n
}
