package executor

import (
	"fmt"

	"github.com/floatsym/floatsym/arith"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/memory"
)

// memFault turns a memory fault into a ptr or free termination.
func (e *Executor) memFault(s *State, in *ir.Inst, f *memory.Fault) *Termination {
	kind := TermPtr
	if f.IsFree() {
		kind = TermFree
	}
	return e.terminate(s, in, kind, "%s", f.Error())
}

func (e *Executor) execAlloca(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	n := uint64(1)
	if in.A != ir.NoOperand {
		n = arith.Truncate(e.word(fr, in.A), int(in.Bits)).Lo
	}
	size := in.From.Size * n
	if n != 0 && size/n != in.From.Size {
		return e.terminate(s, in, TermExec, "alloca of %d elements overflows", n)
	}
	o, err := s.Mem.Alloc(memory.Stack, size, fmt.Sprintf("%s:%s", fr.Fn.Name, e.m.Where(in.Loc)))
	if err != nil {
		return e.terminate(s, in, TermExec, "alloca: %v", err)
	}
	fr.Allocas = append(fr.Allocas, o.ID)
	fr.Regs[in.Dst].W = arith.Word{Lo: o.Address()}
	return nil
}

func (e *Executor) execLoad(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	addr := e.word(fr, in.A).Lo
	if in.T.IsAggregate() {
		v, f := loadAggregate(s.Mem, addr, in.T)
		if f != nil {
			return e.memFault(s, in, f)
		}
		fr.Regs[in.Dst] = v
		return nil
	}
	w, f := s.Mem.Load(addr, in.T.Store)
	if f != nil {
		return e.memFault(s, in, f)
	}
	if in.T.Kind == ir.IntType && in.T.Bits%8 != 0 {
		w = arith.Truncate(w, in.T.Bits)
	}
	fr.Regs[in.Dst].W = w
	return nil
}

func (e *Executor) execStore(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	addr := e.word(fr, in.B).Lo
	v := e.get(fr, in.A)
	if in.T.IsAggregate() {
		if f := storeAggregate(s.Mem, addr, in.T, v); f != nil {
			return e.memFault(s, in, f)
		}
		return nil
	}
	if f := s.Mem.Store(addr, in.T.Store, v.W); f != nil {
		return e.memFault(s, in, f)
	}
	return nil
}

func loadAggregate(m *memory.Space, addr uint64, t *ir.Type) (Value, *memory.Fault) {
	if _, f := m.Read(addr, t.Store); f != nil {
		return Value{}, f
	}
	leaves := make([]Value, len(t.Leaves))
	for i, l := range t.Leaves {
		w, f := m.Load(addr+l.Off, l.T.Store)
		if f != nil {
			return Value{}, f
		}
		leaves[i] = Value{W: w}
	}
	return Value{Agg: &Aggregate{Leaves: leaves}}, nil
}

func storeAggregate(m *memory.Space, addr uint64, t *ir.Type, v Value) *memory.Fault {
	if _, f := m.Write(addr, t.Store); f != nil {
		return f
	}
	for i, l := range t.Leaves {
		var w arith.Word
		if v.Agg != nil {
			w = v.Agg.Leaves[i].W
		}
		if f := m.Store(addr+l.Off, l.T.Store, w); f != nil {
			return f
		}
	}
	return nil
}

// gep computes a getelementptr address; out-of-bounds results are legal
// until dereferenced, so nothing is checked here.
func (e *Executor) gep(fr *StackFrame, in *ir.Inst) arith.Word {
	addr := e.word(fr, in.A).Lo + uint64(in.Offset)
	for _, ix := range in.Index {
		v := arith.Int64(e.word(fr, ix.Op), ix.Bits)
		addr += uint64(v * ix.Scale)
	}
	return arith.Word{Lo: addr}
}

func extractValue(agg Value, in *ir.Inst) Value {
	if agg.Agg == nil {
		return Value{}
	}
	lv := agg.Agg.Leaves[in.LeafLo:in.LeafHi]
	if in.T.IsAggregate() {
		return Value{Agg: &Aggregate{Leaves: append([]Value(nil), lv...)}}
	}
	return lv[0]
}

func insertValue(agg, elem Value, in *ir.Inst) Value {
	leaves := make([]Value, len(in.T.Leaves))
	if agg.Agg != nil {
		copy(leaves, agg.Agg.Leaves)
	}
	if elem.Agg != nil {
		copy(leaves[in.LeafLo:in.LeafHi], elem.Agg.Leaves)
	} else if in.LeafHi-in.LeafLo == 1 {
		leaves[in.LeafLo] = elem
	}
	return Value{Agg: &Aggregate{Leaves: leaves}}
}

// execAtomicRMW runs an atomicrmw: programs are single-threaded, so it is
// a load, an operation and a store.
func (e *Executor) execAtomicRMW(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	addr := e.word(fr, in.A).Lo
	n := in.T.Store
	old, f := s.Mem.Load(addr, n)
	if f != nil {
		return e.memFault(s, in, f)
	}
	v, w := e.word(fr, in.B), int(in.Bits)
	var r arith.Word
	switch in.Pred {
	case ir.AtomicXchg:
		r = v
	case ir.AtomicAdd:
		r = arith.Add(old, v, w)
	case ir.AtomicSub:
		r = arith.Sub(old, v, w)
	case ir.AtomicAnd:
		r = arith.And(old, v)
	case ir.AtomicNand:
		r = arith.Truncate(arith.Xor(arith.And(old, v), arith.Mask(128)), w)
	case ir.AtomicOr:
		r = arith.Or(old, v)
	case ir.AtomicXor:
		r = arith.Xor(old, v)
	case ir.AtomicMax, ir.AtomicMin:
		r = old
		if arith.SLess(old, v, w) == (in.Pred == ir.AtomicMax) {
			r = v
		}
	case ir.AtomicUMax, ir.AtomicUMin:
		r = old
		if arith.ULess(old, v) == (in.Pred == ir.AtomicUMax) {
			r = v
		}
	case ir.AtomicFAdd:
		r = arith.FAdd(in.FK, s.RM, old, v)
	case ir.AtomicFSub:
		r = arith.FSub(in.FK, s.RM, old, v)
	default:
		return e.terminate(s, in, TermExec, "atomicrmw operation %d is not supported", in.Pred)
	}
	if f := s.Mem.Store(addr, n, r); f != nil {
		return e.memFault(s, in, f)
	}
	fr.Regs[in.Dst].W = old
	return nil
}

func (e *Executor) execCmpXchg(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	addr := e.word(fr, in.A).Lo
	n := in.From.Store
	old, f := s.Mem.Load(addr, n)
	if f != nil {
		return e.memFault(s, in, f)
	}
	ok := old == e.word(fr, in.B)
	if ok {
		if f := s.Mem.Store(addr, n, e.word(fr, in.C)); f != nil {
			return e.memFault(s, in, f)
		}
	}
	fr.Regs[in.Dst] = Value{Agg: &Aggregate{Leaves: []Value{{W: old}, {W: arith.Bool(ok)}}}}
	return nil
}

// va_list layout on x86_64: { i32 gp_offset, i32 fp_offset,
// i8* overflow_arg_area, i8* reg_save_area }. floatsym passes every
// variadic argument in the overflow area and marks the register areas as
// used up (gp_offset 48, fp_offset 176), which clang's inline va_arg code
// and the va_arg instruction both follow.
const (
	vaGPFull = 48
	vaFPFull = 176
)

// execVAArg implements the va_arg instruction (clang usually expands it
// inline, but other front ends and optimisations may leave it).
func (e *Executor) execVAArg(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	ap := e.word(fr, in.A).Lo
	area, f := s.Mem.Load(ap+8, 8)
	if f != nil {
		return e.memFault(s, in, f)
	}
	p := area.Lo
	align := uint64(8)
	if in.T.Align > 8 {
		align = in.T.Align
	}
	p = (p + align - 1) &^ (align - 1)
	if in.T.IsAggregate() {
		v, f := loadAggregate(s.Mem, p, in.T)
		if f != nil {
			return e.memFault(s, in, f)
		}
		fr.Regs[in.Dst] = v
	} else {
		w, f := s.Mem.Load(p, in.T.Store)
		if f != nil {
			return e.memFault(s, in, f)
		}
		fr.Regs[in.Dst].W = w
	}
	next := p + (in.T.Size+7)&^7
	if f := s.Mem.Store(ap+8, 8, arith.Word{Lo: next}); f != nil {
		return e.memFault(s, in, f)
	}
	return nil
}
