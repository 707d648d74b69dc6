package ir

import (
	"fmt"

	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// copyByval gives every byval pointer parameter of a definition its own
// copy of the pointee, made on entry: LLVM's byval means the callee works
// on a hidden copy, so a callee that modifies its by-value struct must not
// change the caller's.
func copyByval(mod *llir.Module, tl *typeLowerer) error {
	var memcpy *llir.Func
	for _, f := range mod.Funcs {
		if f.Name() == "llvm.memcpy.p0i8.p0i8.i64" {
			memcpy = f
		}
	}
	for _, f := range mod.Funcs {
		if f.Blocks == nil {
			continue
		}
		var pre []llir.Instruction
		for _, p := range f.Params {
			var elem types.Type
			align := llir.Align(0)
			byval := false
			for _, a := range p.Attrs {
				switch a := a.(type) {
				case llir.Byval:
					byval, elem = true, a.Typ
				case llir.Align:
					align = a
				}
			}
			if !byval {
				continue
			}
			pt, ok := p.Typ.(*types.PointerType)
			if !ok {
				return fmt.Errorf("function @%s: byval parameter of non-pointer type %s", f.Name(), p.Typ)
			}
			if elem == nil {
				elem = pt.ElemType
			}
			lt, err := tl.lower(elem)
			if err != nil {
				return fmt.Errorf("function @%s: byval parameter: %w", f.Name(), err)
			}
			cp := llir.NewAlloca(elem)
			cp.Align = align
			var copyV value.Value = cp
			if !types.Equal(cp.Type(), p.Typ) {
				copyV = llir.NewBitCast(cp, p.Typ)
			}
			replaceUses(f, p, copyV)
			if memcpy == nil {
				memcpy = mod.NewFunc("llvm.memcpy.p0i8.p0i8.i64", types.Void,
					llir.NewParam("", types.I8Ptr), llir.NewParam("", types.I8Ptr), llir.NewParam("", types.I64), llir.NewParam("", types.I1))
			}
			dst := llir.NewBitCast(cp, types.I8Ptr)
			src := llir.NewBitCast(p, types.I8Ptr)
			call := llir.NewCall(memcpy, dst, src, constant.NewInt(types.I64, int64(lt.Size)), constant.False)
			pre = append(pre, cp)
			if bc, ok := copyV.(*llir.InstBitCast); ok {
				pre = append(pre, bc)
			}
			pre = append(pre, dst, src, call)
		}
		if len(pre) > 0 {
			e := f.Blocks[0]
			e.Insts = append(pre, e.Insts...)
		}
	}
	return nil
}

func replaceUses(f *llir.Func, old, new value.Value) {
	sub := func(op *value.Value) {
		if a, ok := (*op).(*llir.Arg); ok {
			if a.Value == old {
				a.Value = new
			}
			return
		}
		if *op == old {
			*op = new
		}
	}
	for _, b := range f.Blocks {
		for _, inst := range b.Insts {
			if phi, ok := inst.(*llir.InstPhi); ok {
				for _, inc := range phi.Incs {
					sub(&inc.X)
				}
				continue
			}
			for _, op := range inst.Operands() {
				sub(op)
			}
		}
		if b.Term != nil {
			for _, op := range b.Term.Operands() {
				sub(op)
			}
		}
	}
}
