package scalarize

import (
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// call rewrites a call; done is false when the call stays as it is.
func (c *fn) call(i *ir.InstCall) (done bool, err error) {
	callee, _ := i.Callee.(*ir.Func)
	if callee == nil {
		if involvesVector(i) {
			return false, fmt.Errorf("indirect call with vector arguments or result is not supported")
		}
		return false, nil
	}
	name := callee.Name()
	if isIntrinsic(name) {
		return c.intrinsic(i, name)
	}
	sc := c.sigs[callee]
	if sc == nil {
		if involvesVector(i) && callee.Sig.Variadic {
			return false, fmt.Errorf("vector variadic arguments are not supported")
		}
		return false, nil
	}
	var args []value.Value
	for j, a := range i.Args {
		if j >= len(sc.params) {
			if hasVector(a.Type()) {
				return false, fmt.Errorf("vector variadic arguments are not supported")
			}
			args = append(args, c.scalar(a))
			continue
		}
		if hasVector(a.Type()) {
			ls, err := c.lanesOf(a)
			if err != nil {
				return false, err
			}
			args = append(args, ls...)
			continue
		}
		args = append(args, c.scalar(a))
	}
	n := ir.NewCall(callee, args...)
	n.Tail, n.CallingConv, n.FastMathFlags = i.Tail, i.CallingConv, i.FastMathFlags
	v := c.emit(n)
	switch {
	case sc.retT != nil:
		ls := make([]value.Value, len(sc.retT.Fields))
		for k := range ls {
			ls[k] = c.emit(ir.NewExtractValue(v, uint64(k)))
		}
		c.lanes[i] = ls
	case !types.Equal(i.Type(), types.Void):
		c.repl[i] = v
	}
	return true, nil
}

func (c *fn) intrinsic(i *ir.InstCall, name string) (bool, error) {
	base := strings.TrimPrefix(name, "llvm.")
	switch {
	case strings.HasPrefix(base, "fmuladd."):
		return c.fmuladd(i)
	case strings.HasPrefix(base, "round.") && c.sse41:
		return c.roundSSE41(i)
	case strings.HasPrefix(base, "experimental.constrained.fmuladd.") && !involvesVector(i):
		return c.constrainedFMulAdd(i, base)
	case strings.HasPrefix(base, "vector.reduce."):
		return true, c.reduce(i, base)
	case strings.HasPrefix(base, "masked."):
		return true, c.maskedCall(i, base)
	}
	if !involvesVector(i) {
		return false, nil
	}
	if strings.HasPrefix(base, "x86.") {
		return false, fmt.Errorf("x86 vector intrinsic %s is not supported", name)
	}
	return true, c.perLane(i, scalarName(name))
}

var vecTypeToken = regexp.MustCompile(`^v[0-9]+(.+)$`)

// scalarName turns an intrinsic's vector overload suffixes into scalar
// ones: llvm.fabs.v4f32 -> llvm.fabs.f32.
func scalarName(name string) string {
	parts := strings.Split(name, ".")
	for k := 2; k < len(parts); k++ {
		if m := vecTypeToken.FindStringSubmatch(parts[k]); m != nil {
			parts[k] = m[1]
		}
	}
	return strings.Join(parts, ".")
}

// decl returns the declaration of a function, adding it if needed.
func (c *fn) decl(name string, ret types.Type, params ...types.Type) *ir.Func {
	if f, ok := c.funcs[name]; ok {
		return f
	}
	ps := make([]*ir.Param, len(params))
	for k, p := range params {
		ps[k] = ir.NewParam("", p)
	}
	f := c.m.NewFunc(name, ret, ps...)
	c.funcs[name] = f
	return f
}

// perLane calls the scalar intrinsic once per lane: vector arguments give
// their lane, scalar arguments (powi's exponent, abs's flag) are shared.
func (c *fn) perLane(i *ir.InstCall, name string) error {
	n, ret := uint64(0), i.Type()
	if vt, ok := ret.(*types.VectorType); ok {
		n, ret = vt.Len, vt.ElemType
	} else if hasVector(ret) {
		return fmt.Errorf("intrinsic result of type %s is not supported", ret)
	}
	argLanes := make([][]value.Value, len(i.Args))
	ptypes := make([]types.Type, len(i.Args))
	for j, a := range i.Args {
		if vt, ok := a.Type().(*types.VectorType); ok {
			ls, err := c.lanesOf(a)
			if err != nil {
				return err
			}
			argLanes[j], ptypes[j] = ls, vt.ElemType
			n = vt.Len
			continue
		}
		if hasVector(a.Type()) {
			return fmt.Errorf("intrinsic argument of type %s is not supported", a.Type())
		}
		ptypes[j] = a.Type()
	}
	f := c.decl(name, ret, ptypes...)
	ls := make([]value.Value, n)
	for k := range ls {
		args := make([]value.Value, len(i.Args))
		for j, a := range i.Args {
			if argLanes[j] != nil {
				args[j] = argLanes[j][k]
			} else {
				args[j] = c.scalar(a)
			}
		}
		call := ir.NewCall(f, args...)
		call.FastMathFlags = i.FastMathFlags
		ls[k] = c.emit(call)
	}
	if isVector(i.Type()) {
		c.lanes[i] = ls
	}
	return nil
}

func floatSuffix(t types.Type) string {
	if ft, ok := t.(*types.FloatType); ok {
		switch ft.Kind {
		case types.FloatKindFloat:
			return "f32"
		case types.FloatKindDouble:
			return "f64"
		case types.FloatKindX86_FP80:
			return "f80"
		}
	}
	return t.String()
}

// fmuladd follows the function's target: the x86_64 back end fuses it
// into one FMA instruction when the function's "target-features" have
// +fma and computes a multiply then an add otherwise, so floatsym does
// the same. A scalar fmuladd without +fma stays a call (the executor's
// model rounds twice).
func (c *fn) fmuladd(i *ir.InstCall) (bool, error) {
	vec := isVector(i.Type())
	_, elem := lanesType(i.Type())
	// x87 has no fused multiply-add: x86_fp80 is never fused.
	fuse := c.fma && (floatSuffix(elem) == "f32" || floatSuffix(elem) == "f64")
	if !vec && !fuse {
		return false, nil
	}
	lanes := func(v value.Value) ([]value.Value, error) {
		if vec {
			return c.lanesOf(v)
		}
		return []value.Value{c.scalar(v)}, nil
	}
	var ops [3][]value.Value
	for j := range ops {
		var err error
		if ops[j], err = lanes(i.Args[j]); err != nil {
			return false, err
		}
	}
	ls := make([]value.Value, len(ops[0]))
	for k := range ls {
		if fuse {
			call := ir.NewCall(c.decl("llvm.fma."+floatSuffix(elem), elem, elem, elem, elem), ops[0][k], ops[1][k], ops[2][k])
			ls[k] = c.emit(call)
			continue
		}
		m := ir.NewFMul(ops[0][k], ops[1][k])
		m.FastMathFlags = i.FastMathFlags
		a := ir.NewFAdd(c.emit(m), ops[2][k])
		a.FastMathFlags = i.FastMathFlags
		ls[k] = c.emit(a)
	}
	if vec {
		c.lanes[i] = ls
	} else {
		c.repl[i] = ls[0]
	}
	return true, nil
}

// constrainedFMulAdd fuses the strict-FP form of fmuladd (#pragma STDC
// FENV_ACCESS ON code) where the target has FMA, as the back end does
// (it emits STRICT_FMA then); without FMA it stays and ir lowers it to
// the two-rounding llvm.fmuladd.
func (c *fn) constrainedFMulAdd(i *ir.InstCall, base string) (bool, error) {
	elem := i.Type()
	if !c.fma || (floatSuffix(elem) != "f32" && floatSuffix(elem) != "f64") {
		return false, nil
	}
	ptypes := make([]types.Type, len(i.Args))
	args := make([]value.Value, len(i.Args))
	for j, a := range i.Args {
		ptypes[j] = a.Type()
		args[j] = c.scalar(a)
	}
	f := c.decl("llvm."+strings.Replace(base, "fmuladd", "fma", 1), elem, ptypes...)
	call := ir.NewCall(f, args...)
	call.FuncAttrs = i.FuncAttrs
	c.repl[i] = c.emit(call)
	return true, nil
}

// roundSSE41 computes llvm.round as LLVM 14's x86 back end does when the
// target has SSE4.1 (LowerFROUND): trunc(x + copysign(pred(0.5), x)), the
// add rounding in the current rounding mode, so that under FE_DOWNWARD
// round(0.5) is 0 exactly as in the native program. Without SSE4.1 the
// back end calls libm's round, which the executor models.
func (c *fn) roundSSE41(i *ir.InstCall) (bool, error) {
	vec := isVector(i.Type())
	_, elem := lanesType(i.Type())
	var half constant.Constant
	switch floatSuffix(elem) {
	case "f32":
		half = constant.NewFloat(elem.(*types.FloatType), float64(math.Nextafter32(0.5, 0)))
	case "f64":
		half = constant.NewFloat(elem.(*types.FloatType), math.Nextafter(0.5, 0))
	default:
		return false, nil
	}
	var xs []value.Value
	if vec {
		var err error
		if xs, err = c.lanesOf(i.Args[0]); err != nil {
			return false, err
		}
	} else {
		xs = []value.Value{c.scalar(i.Args[0])}
	}
	sfx := floatSuffix(elem)
	copysign := c.decl("llvm.copysign."+sfx, elem, elem, elem)
	trunc := c.decl("llvm.trunc."+sfx, elem, elem)
	ls := make([]value.Value, len(xs))
	for k, x := range xs {
		adder := c.emit(ir.NewCall(copysign, half, x))
		sum := c.emit(ir.NewFAdd(x, adder))
		ls[k] = c.emit(ir.NewCall(trunc, sum))
	}
	if vec {
		c.lanes[i] = ls
	} else {
		c.repl[i] = ls[0]
	}
	return true, nil
}

// maskedCall rewrites llvm.masked.load/store/gather/scatter: enabled lanes
// access memory, disabled lanes keep the pass-through value and touch
// nothing of the program's (see dummySlot).
func (c *fn) maskedCall(i *ir.InstCall, base string) error {
	op := strings.Split(base, ".")[1]
	arg := func(j int) ([]value.Value, error) { return c.lanesOf(i.Args[j]) }
	switch op {
	case "load", "gather":
		vt := i.Type().(*types.VectorType)
		var ptrs []value.Value
		var err error
		if op == "load" {
			ptrs = c.lanePtrs(i.Args[0], vt)
		} else if ptrs, err = arg(0); err != nil {
			return err
		}
		mask, err := arg(2)
		if err != nil {
			return err
		}
		pass, err := arg(3)
		if err != nil {
			return err
		}
		c.lanes[i] = c.masked(ptrs, mask, vt.ElemType, nil, pass, false)
		return nil
	case "store", "scatter":
		vt := i.Args[0].Type().(*types.VectorType)
		vals, err := arg(0)
		if err != nil {
			return err
		}
		var ptrs []value.Value
		if op == "store" {
			ptrs = c.lanePtrs(i.Args[1], vt)
		} else if ptrs, err = arg(1); err != nil {
			return err
		}
		mask, err := arg(3)
		if err != nil {
			return err
		}
		c.masked(ptrs, mask, vt.ElemType, vals, nil, true)
		return nil
	}
	return fmt.Errorf("llvm.%s is not supported", base)
}

var _ = enum.FastMathFlagReassoc
