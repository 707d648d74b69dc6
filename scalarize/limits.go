package scalarize

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// MaxLanes is the most lanes a vector type may have. Each lane becomes a
// value of its own, so a hostile or corrupted module's <100000000 x float>
// would run the pass for minutes and gigabytes; real code (x86_64 up to
// AVX-512, masks of <N x i1>) stays far below.
const MaxLanes = 4096

// checkLanes rejects, before any rewriting, a module that names a vector
// type with more than MaxLanes lanes: in a function's signature, or in an
// instruction's type or operands (the error names the function, the
// instruction and its file:line).
func (s *module) checkLanes() error {
	for _, f := range s.m.Funcs {
		if vt := wideVector(f.Sig, map[types.Type]bool{}); vt != nil {
			return fmt.Errorf("%s: @%s: vector type %s has more than %d lanes (floatsym's limit)", s.name, f.Name(), vt, MaxLanes)
		}
		c := &fn{module: s, f: f}
		for _, b := range f.Blocks {
			for _, inst := range b.Insts {
				if vt := instWideVector(inst); vt != nil {
					return c.errorf(inst, "vector type %s has more than %d lanes (floatsym's limit)", vt, MaxLanes)
				}
			}
		}
	}
	return nil
}

// instWideVector returns a too-wide vector type of the instruction's
// result or operands, or nil.
func instWideVector(inst ir.Instruction) *types.VectorType {
	seen := map[types.Type]bool{}
	if a, ok := inst.(*ir.InstAlloca); ok {
		if vt := wideVector(a.ElemType, seen); vt != nil {
			return vt
		}
	}
	if v, ok := inst.(value.Value); ok {
		if vt := wideVector(v.Type(), seen); vt != nil {
			return vt
		}
	}
	if u, ok := inst.(value.User); ok {
		for _, op := range u.Operands() {
			if op == nil || *op == nil {
				continue
			}
			if vt := wideVector((*op).Type(), seen); vt != nil {
				return vt
			}
		}
	}
	return nil
}

// wideVector finds a vector type of more than MaxLanes lanes in t.
func wideVector(t types.Type, seen map[types.Type]bool) *types.VectorType {
	if t == nil || seen[t] {
		return nil
	}
	seen[t] = true
	switch t := t.(type) {
	case *types.VectorType:
		if t.Len > MaxLanes {
			return t
		}
		return wideVector(t.ElemType, seen)
	case *types.ArrayType:
		if t.Len > MaxLanes && hasVector(t.ElemType) {
			// Held as its leaves, one per lane of every element.
			return &types.VectorType{Len: t.Len, ElemType: t.ElemType}
		}
		return wideVector(t.ElemType, seen)
	case *types.PointerType:
		return wideVector(t.ElemType, seen)
	case *types.StructType:
		for _, f := range t.Fields {
			if vt := wideVector(f, seen); vt != nil {
				return vt
			}
		}
	case *types.FuncType:
		if vt := wideVector(t.RetType, seen); vt != nil {
			return vt
		}
		for _, p := range t.Params {
			if vt := wideVector(p, seen); vt != nil {
				return vt
			}
		}
	}
	return nil
}
