package scalarize

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// block rewrites one block's vector instructions into lane instructions.
func (c *fn) block(b *ir.Block) error {
	c.out = make([]ir.Instruction, 0, len(b.Insts))
	for _, inst := range b.Insts {
		c.cur, c.md = inst, dbgOf(inst)
		if call, ok := inst.(*ir.InstCall); ok {
			done, err := c.call(call)
			if err != nil {
				return c.errorf(inst, "%v", err)
			}
			if done {
				continue
			}
		}
		if !involvesVector(inst) {
			c.out = append(c.out, inst)
			continue
		}
		if err := c.inst(inst); err != nil {
			return c.errorf(inst, "%v", err)
		}
	}
	b.Insts = c.out
	c.cur, c.md = b.Term, dbgOf(b.Term)
	if ret, ok := b.Term.(*ir.TermRet); ok && ret.X != nil && hasVector(ret.X.Type()) {
		sc := c.sigs[c.f]
		if sc == nil {
			return c.errorf(b.Term, "vector return from a function whose signature was not expanded")
		}
		ls, err := c.lanesOf(ret.X)
		if err != nil {
			return c.errorf(b.Term, "%v", err)
		}
		var agg value.Value = constant.NewUndef(sc.retT)
		for k, l := range ls {
			agg = c.emit(ir.NewInsertValue(agg, l, uint64(k)))
		}
		b.Insts = c.out
		ret.X = agg
	} else if involvesVector(b.Term) {
		return c.errorf(b.Term, "terminator with a vector operand is not supported")
	}
	return nil
}

func (c *fn) set(inst ir.Instruction, ls []value.Value) {
	c.lanes[inst.(value.Value)] = ls
}

// inst rewrites one non-call instruction that has vector operands or a
// vector result.
func (c *fn) inst(inst ir.Instruction) error {
	switch i := inst.(type) {
	case *ir.InstPhi:
		fix := phiFix{orig: i}
		lts := leafTypes(i.Typ)
		ls := make([]value.Value, len(lts))
		for k := range ls {
			p := &ir.InstPhi{Typ: lts[k], FastMathFlags: i.FastMathFlags}
			fix.lanes = append(fix.lanes, p)
			ls[k] = c.emit(p)
		}
		c.phis = append(c.phis, fix)
		c.set(inst, ls)
		return nil
	case *ir.InstFNeg:
		xs, err := c.lanesOf(i.X)
		if err != nil {
			return err
		}
		ls := make([]value.Value, len(xs))
		for k := range xs {
			n := ir.NewFNeg(xs[k])
			n.FastMathFlags = i.FastMathFlags
			ls[k] = c.emit(n)
		}
		c.set(inst, ls)
		return nil
	case *ir.InstFreeze:
		xs, err := c.lanesOf(i.X)
		if err != nil {
			return err
		}
		ls := make([]value.Value, len(xs))
		for k := range xs {
			ls[k] = c.emit(ir.NewInstFreeze(xs[k]))
		}
		c.set(inst, ls)
		return nil
	case *ir.InstSelect:
		return c.selectInst(i)
	case *ir.InstExtractElement:
		return c.extractElement(i)
	case *ir.InstInsertElement:
		return c.insertElement(i)
	case *ir.InstShuffleVector:
		return c.shuffle(i)
	case *ir.InstBitCast:
		ls, err := c.bitcast(i.From, i.To)
		if err != nil {
			return err
		}
		if isVector(i.To) {
			c.set(inst, ls)
		} else {
			c.repl[i] = ls[0]
		}
		return nil
	case *ir.InstLoad:
		return c.load(i)
	case *ir.InstStore:
		return c.store(i)
	case *ir.InstGetElementPtr:
		return c.gep(i)
	case *ir.InstExtractValue:
		xs, err := c.lanesOf(i.X)
		if err != nil {
			return err
		}
		lo, hi, _, err := leafRange(i.X.Type(), i.Indices)
		if err != nil {
			return err
		}
		c.result(i, xs[lo:hi])
		return nil
	case *ir.InstInsertValue:
		xs, err := c.leavesOf(i.X)
		if err != nil {
			return err
		}
		es, err := c.leavesOf(i.Elem)
		if err != nil {
			return err
		}
		lo, hi, _, err := leafRange(i.X.Type(), i.Indices)
		if err != nil {
			return err
		}
		ls := append([]value.Value(nil), xs...)
		copy(ls[lo:hi], es)
		c.result(i, ls)
		return nil
	}
	if x, y, ok := binaryOperands(inst); ok {
		xs, err := c.lanesOf(x)
		if err != nil {
			return err
		}
		ys, err := c.lanesOf(y)
		if err != nil {
			return err
		}
		ls := make([]value.Value, len(xs))
		for k := range xs {
			ls[k] = c.emit(newBinary(inst, xs[k], ys[k]))
		}
		c.set(inst, ls)
		return nil
	}
	if from, to, ok := conversion(inst); ok {
		xs, err := c.lanesOf(from)
		if err != nil {
			return err
		}
		vt, ok := to.(*types.VectorType)
		if !ok {
			return fmt.Errorf("conversion to %s is not supported", to)
		}
		ls := make([]value.Value, len(xs))
		for k := range xs {
			ls[k] = c.emit(newConversion(inst, xs[k], vt.ElemType))
		}
		c.set(inst, ls)
		return nil
	}
	return fmt.Errorf("vector form of this instruction is not supported")
}

func binaryOperands(inst ir.Instruction) (x, y value.Value, ok bool) {
	switch i := inst.(type) {
	case *ir.InstAdd:
		return i.X, i.Y, true
	case *ir.InstSub:
		return i.X, i.Y, true
	case *ir.InstMul:
		return i.X, i.Y, true
	case *ir.InstUDiv:
		return i.X, i.Y, true
	case *ir.InstSDiv:
		return i.X, i.Y, true
	case *ir.InstURem:
		return i.X, i.Y, true
	case *ir.InstSRem:
		return i.X, i.Y, true
	case *ir.InstShl:
		return i.X, i.Y, true
	case *ir.InstLShr:
		return i.X, i.Y, true
	case *ir.InstAShr:
		return i.X, i.Y, true
	case *ir.InstAnd:
		return i.X, i.Y, true
	case *ir.InstOr:
		return i.X, i.Y, true
	case *ir.InstXor:
		return i.X, i.Y, true
	case *ir.InstFAdd:
		return i.X, i.Y, true
	case *ir.InstFSub:
		return i.X, i.Y, true
	case *ir.InstFMul:
		return i.X, i.Y, true
	case *ir.InstFDiv:
		return i.X, i.Y, true
	case *ir.InstFRem:
		return i.X, i.Y, true
	case *ir.InstICmp:
		return i.X, i.Y, true
	case *ir.InstFCmp:
		return i.X, i.Y, true
	}
	return nil, nil, false
}

// newBinary builds the scalar form of a binary instruction or compare,
// keeping its flags (exactness flags matter for poison, fast-math flags
// document the source).
func newBinary(inst ir.Instruction, x, y value.Value) ir.Instruction {
	switch i := inst.(type) {
	case *ir.InstAdd:
		n := ir.NewAdd(x, y)
		n.OverflowFlags = i.OverflowFlags
		return n
	case *ir.InstSub:
		n := ir.NewSub(x, y)
		n.OverflowFlags = i.OverflowFlags
		return n
	case *ir.InstMul:
		n := ir.NewMul(x, y)
		n.OverflowFlags = i.OverflowFlags
		return n
	case *ir.InstUDiv:
		n := ir.NewUDiv(x, y)
		n.Exact = i.Exact
		return n
	case *ir.InstSDiv:
		n := ir.NewSDiv(x, y)
		n.Exact = i.Exact
		return n
	case *ir.InstURem:
		return ir.NewURem(x, y)
	case *ir.InstSRem:
		return ir.NewSRem(x, y)
	case *ir.InstShl:
		n := ir.NewShl(x, y)
		n.OverflowFlags = i.OverflowFlags
		return n
	case *ir.InstLShr:
		n := ir.NewLShr(x, y)
		n.Exact = i.Exact
		return n
	case *ir.InstAShr:
		n := ir.NewAShr(x, y)
		n.Exact = i.Exact
		return n
	case *ir.InstAnd:
		return ir.NewAnd(x, y)
	case *ir.InstOr:
		return ir.NewOr(x, y)
	case *ir.InstXor:
		return ir.NewXor(x, y)
	case *ir.InstFAdd:
		n := ir.NewFAdd(x, y)
		n.FastMathFlags = i.FastMathFlags
		return n
	case *ir.InstFSub:
		n := ir.NewFSub(x, y)
		n.FastMathFlags = i.FastMathFlags
		return n
	case *ir.InstFMul:
		n := ir.NewFMul(x, y)
		n.FastMathFlags = i.FastMathFlags
		return n
	case *ir.InstFDiv:
		n := ir.NewFDiv(x, y)
		n.FastMathFlags = i.FastMathFlags
		return n
	case *ir.InstFRem:
		n := ir.NewFRem(x, y)
		n.FastMathFlags = i.FastMathFlags
		return n
	case *ir.InstICmp:
		return ir.NewICmp(i.Pred, x, y)
	case *ir.InstFCmp:
		n := ir.NewFCmp(i.Pred, x, y)
		n.FastMathFlags = i.FastMathFlags
		return n
	}
	panic("scalarize: newBinary of a non-binary instruction")
}

func conversion(inst ir.Instruction) (from value.Value, to types.Type, ok bool) {
	switch i := inst.(type) {
	case *ir.InstTrunc:
		return i.From, i.To, true
	case *ir.InstZExt:
		return i.From, i.To, true
	case *ir.InstSExt:
		return i.From, i.To, true
	case *ir.InstFPTrunc:
		return i.From, i.To, true
	case *ir.InstFPExt:
		return i.From, i.To, true
	case *ir.InstFPToUI:
		return i.From, i.To, true
	case *ir.InstFPToSI:
		return i.From, i.To, true
	case *ir.InstUIToFP:
		return i.From, i.To, true
	case *ir.InstSIToFP:
		return i.From, i.To, true
	case *ir.InstPtrToInt:
		return i.From, i.To, true
	case *ir.InstIntToPtr:
		return i.From, i.To, true
	case *ir.InstAddrSpaceCast:
		return i.From, i.To, true
	}
	return nil, nil, false
}

func newConversion(inst ir.Instruction, x value.Value, to types.Type) ir.Instruction {
	switch inst.(type) {
	case *ir.InstTrunc:
		return ir.NewTrunc(x, to)
	case *ir.InstZExt:
		return ir.NewZExt(x, to)
	case *ir.InstSExt:
		return ir.NewSExt(x, to)
	case *ir.InstFPTrunc:
		return ir.NewFPTrunc(x, to)
	case *ir.InstFPExt:
		return ir.NewFPExt(x, to)
	case *ir.InstFPToUI:
		return ir.NewFPToUI(x, to)
	case *ir.InstFPToSI:
		return ir.NewFPToSI(x, to)
	case *ir.InstUIToFP:
		return ir.NewUIToFP(x, to)
	case *ir.InstSIToFP:
		return ir.NewSIToFP(x, to)
	case *ir.InstPtrToInt:
		return ir.NewPtrToInt(x, to)
	case *ir.InstIntToPtr:
		return ir.NewIntToPtr(x, to)
	case *ir.InstAddrSpaceCast:
		return ir.NewAddrSpaceCast(x, to)
	}
	panic("scalarize: newConversion of a non-conversion")
}

func (c *fn) selectInst(i *ir.InstSelect) error {
	ts, err := c.lanesOf(i.ValueTrue)
	if err != nil {
		return err
	}
	fs, err := c.lanesOf(i.ValueFalse)
	if err != nil {
		return err
	}
	var conds []value.Value
	if isVector(i.Cond.Type()) {
		if conds, err = c.lanesOf(i.Cond); err != nil {
			return err
		}
	}
	ls := make([]value.Value, len(ts))
	for k := range ts {
		cond := c.scalar(i.Cond)
		if conds != nil {
			cond = conds[k]
		}
		n := ir.NewSelect(cond, ts[k], fs[k])
		n.FastMathFlags = i.FastMathFlags
		ls[k] = c.emit(n)
	}
	c.set(i, ls)
	return nil
}

// constIndex returns a constant lane index, or ok=false for a variable one.
func constIndex(v value.Value) (int64, bool) {
	if a, ok := v.(*ir.Arg); ok {
		v = a.Value
	}
	if ci, ok := v.(*constant.Int); ok {
		if !ci.X.IsInt64() {
			return -1, true
		}
		return ci.X.Int64(), true
	}
	if _, ok := v.(*constant.Undef); ok {
		return -1, true
	}
	if _, ok := v.(*constant.Poison); ok {
		return -1, true
	}
	return 0, false
}

// extractElement: a constant index picks the lane; an index out of range
// gives poison, which floatsym fixes to zero (as it does for undef and
// poison constants). A variable index becomes a chain of selects that
// starts from that same zero, so an out-of-range variable index also
// yields zero.
func (c *fn) extractElement(i *ir.InstExtractElement) error {
	xs, err := c.lanesOf(i.X)
	if err != nil {
		return err
	}
	elem := i.X.Type().(*types.VectorType).ElemType
	if k, ok := constIndex(i.Index); ok {
		if k < 0 || k >= int64(len(xs)) {
			c.repl[i] = zeroOf(elem)
		} else {
			c.repl[i] = xs[k]
		}
		return nil
	}
	idx := c.scalar(i.Index)
	var r value.Value = zeroOf(elem)
	for k := range xs {
		eq := c.emit(ir.NewICmp(enum.IPredEQ, idx, constant.NewInt(idx.Type().(*types.IntType), int64(k))))
		r = c.emit(ir.NewSelect(eq, xs[k], r))
	}
	c.repl[i] = r
	return nil
}

// insertElement: an index out of range makes the whole result poison,
// fixed to zero lanes.
func (c *fn) insertElement(i *ir.InstInsertElement) error {
	xs, err := c.lanesOf(i.X)
	if err != nil {
		return err
	}
	vt := i.X.Type().(*types.VectorType)
	elem := c.scalar(i.Elem)
	ls := append([]value.Value(nil), xs...)
	if k, ok := constIndex(i.Index); ok {
		if k < 0 || k >= int64(len(xs)) {
			for j := range ls {
				ls[j] = zeroOf(vt.ElemType)
			}
		} else {
			ls[k] = elem
		}
		c.set(i, ls)
		return nil
	}
	idx := c.scalar(i.Index)
	for k := range ls {
		eq := c.emit(ir.NewICmp(enum.IPredEQ, idx, constant.NewInt(idx.Type().(*types.IntType), int64(k))))
		ls[k] = c.emit(ir.NewSelect(eq, elem, xs[k]))
	}
	c.set(i, ls)
	return nil
}

// shuffle picks lanes of the two inputs by the constant mask; undef mask
// lanes give undef lanes (zero once lowered).
func (c *fn) shuffle(i *ir.InstShuffleVector) error {
	xs, err := c.lanesOf(i.X)
	if err != nil {
		return err
	}
	ys, err := c.lanesOf(i.Y)
	if err != nil {
		return err
	}
	elem := i.X.Type().(*types.VectorType).ElemType
	mt, ok := i.Mask.Type().(*types.VectorType)
	if !ok {
		return fmt.Errorf("shufflevector mask of type %s", i.Mask.Type())
	}
	var mask []value.Value
	switch m := i.Mask.(type) {
	case *constant.Vector:
		mask = make([]value.Value, len(m.Elems))
		for k, e := range m.Elems {
			mask[k] = e
		}
	case *constant.ZeroInitializer:
		mask = make([]value.Value, mt.Len)
		for k := range mask {
			mask[k] = constant.NewInt(types.I32, 0)
		}
	case *constant.Undef, *constant.Poison:
		mask = make([]value.Value, mt.Len)
		for k := range mask {
			mask[k] = constant.NewUndef(types.I32)
		}
	default:
		return fmt.Errorf("shufflevector mask %s is not a constant vector", i.Mask.Ident())
	}
	all := append(append([]value.Value(nil), xs...), ys...)
	ls := make([]value.Value, len(mask))
	for k, m := range mask {
		j, _ := constIndex(m)
		if j < 0 || j >= int64(len(all)) {
			ls[k] = constant.NewUndef(elem)
		} else {
			ls[k] = all[j]
		}
	}
	c.set(i, ls)
	return nil
}
