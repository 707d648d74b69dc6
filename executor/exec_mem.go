package executor

import (
	"fmt"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/memory"
	"github.com/floatsym/floatsym/solver/expr"
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
		w, t := e.concreteValue(s, in, e.get(fr, in.A), "alloca size at "+e.m.Where(in.Loc))
		if t != nil {
			return t
		}
		n = arith.Truncate(w, int(in.Bits)).Lo
	}
	size := in.From.Size * n
	if n != 0 && size/n != in.From.Size {
		return e.terminate(s, in, TermExec, "alloca of %d elements overflows", n)
	}
	o, err := s.Mem.Alloc(memory.Stack, size, fr.Fn.Name)
	if err != nil {
		return e.terminate(s, in, TermExec, "alloca: %v", err)
	}
	fr.Allocas = append(fr.Allocas, o.ID)
	fr.Regs[in.Dst] = Value{W: arith.Word{Lo: o.Address()}}
	return nil
}

func (e *Executor) execLoad(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	p := e.get(fr, in.A)
	if p.E != nil {
		return e.symbolicAccess(s, in, p.E, in.T.Store, func(st *State, o *memory.Object, off *expr.Expr) *Termination {
			st.top().Regs[in.Dst] = e.loadAt(st, o, off, in.T)
			return nil
		})
	}
	v, f := e.load(s, p.W.Lo, in.T)
	if f != nil {
		return e.memFault(s, in, f)
	}
	fr.Regs[in.Dst] = v
	return nil
}

// load reads a value of type t at a concrete address.
func (e *Executor) load(s *State, addr uint64, t *ir.Type) (Value, *memory.Fault) {
	if t.IsAggregate() {
		return e.loadAggregate(s, addr, t)
	}
	w, x, f := s.Mem.LoadExpr(addr, t.Store)
	if f != nil {
		return Value{}, f
	}
	if x != nil {
		return e.fromBits(x, t), nil
	}
	if t.Kind == ir.IntType && t.Bits%8 != 0 {
		w = arith.Truncate(w, t.Bits)
	}
	return Value{W: w}, nil
}

// loadAt reads a value of type t at a symbolic in-bounds offset of o.
func (e *Executor) loadAt(s *State, o *memory.Object, off *expr.Expr, t *ir.Type) Value {
	if off.Op == expr.OpConst {
		v, _ := e.load(s, o.Address()+off.Val.Lo, t) // in bounds: proven by the caller
		return v
	}
	if t.IsAggregate() {
		leaves := make([]Value, len(t.Leaves))
		for i, l := range t.Leaves {
			leaves[i] = e.loadAt(s, o, e.B.Bin(expr.OpAdd, off, e.B.U64(l.Off, 64)), l.T)
		}
		return Value{Agg: &Aggregate{Leaves: leaves}}
	}
	return e.fromBits(s.Mem.ReadAt(o, off, t.Store), t)
}

func (e *Executor) execStore(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	p := e.get(fr, in.B)
	v := e.get(fr, in.A)
	if p.E != nil {
		return e.symbolicAccess(s, in, p.E, in.T.Store, func(st *State, o *memory.Object, off *expr.Expr) *Termination {
			if off.Op != expr.OpConst && o.Size > memory.MaxSymbolicWrite {
				// Too large to write byte by byte as if-then-else on the
				// offset (memory.WriteAt): the offset is fixed to one
				// feasible value, as KLEE concretises, and the run is then
				// incomplete. A limit of the tool, never a memory error.
				w, t := e.concretize(st, in, off, fmt.Sprintf("offset of a write into the %d-byte object %q", o.Size, o.Name))
				if t != nil {
					return t
				}
				off = e.B.U64(w.Lo, 64)
			}
			if f := e.storeAt(st, o, off, in.T, v); f != nil {
				return e.memFault(st, in, f)
			}
			return nil
		})
	}
	if f := e.store(s, p.W.Lo, in.T, v); f != nil {
		return e.memFault(s, in, f)
	}
	return nil
}

// store writes a value of type t at a concrete address.
func (e *Executor) store(s *State, addr uint64, t *ir.Type, v Value) *memory.Fault {
	if t.IsAggregate() {
		if _, f := s.Mem.Write(addr, t.Store); f != nil && f.Kind != memory.SymbolicData {
			return f
		}
		for i, l := range t.Leaves {
			var lv Value
			if v.Agg != nil {
				lv = v.Agg.Leaves[i]
			}
			if f := e.store(s, addr+l.Off, l.T, lv); f != nil {
				return f
			}
		}
		return nil
	}
	if v.E != nil {
		return s.Mem.StoreExpr(addr, t.Store, e.storeBits(v, t))
	}
	return s.Mem.Store(addr, t.Store, v.W)
}

// storeBits is the bit pattern a store writes, widened to whole bytes.
func (e *Executor) storeBits(v Value, t *ir.Type) *expr.Expr {
	x := e.bitsExpr(v, t)
	if w := int(t.Store * 8); x.Width() < w {
		x = e.B.ZExt(x, w)
	}
	return x
}

func (e *Executor) storeAt(s *State, o *memory.Object, off *expr.Expr, t *ir.Type, v Value) *memory.Fault {
	if off.Op == expr.OpConst {
		return e.store(s, o.Address()+off.Val.Lo, t, v)
	}
	if t.IsAggregate() {
		for i, l := range t.Leaves {
			var lv Value
			if v.Agg != nil {
				lv = v.Agg.Leaves[i]
			}
			if f := e.storeAt(s, o, e.B.Bin(expr.OpAdd, off, e.B.U64(l.Off, 64)), l.T, lv); f != nil {
				return f
			}
		}
		return nil
	}
	return s.Mem.WriteAt(o, off, t.Store, e.storeBits(v, t))
}

func (e *Executor) loadAggregate(s *State, addr uint64, t *ir.Type) (Value, *memory.Fault) {
	leaves := make([]Value, len(t.Leaves))
	for i, l := range t.Leaves {
		v, f := e.load(s, addr+l.Off, l.T)
		if f != nil {
			return Value{}, f
		}
		leaves[i] = v
	}
	return Value{Agg: &Aggregate{Leaves: leaves}}, nil
}

// gep computes a getelementptr address; out-of-bounds results are legal
// until dereferenced, so nothing is checked here.
func (e *Executor) gep(fr *StackFrame, in *ir.Inst) Value {
	base := e.get(fr, in.A)
	addr := base.W.Lo + uint64(in.Offset)
	var sym *expr.Expr
	if base.E != nil {
		sym = e.B.Bin(expr.OpAdd, base.E, e.B.U64(uint64(in.Offset), 64))
	}
	for _, ix := range in.Index {
		iv := e.get(fr, ix.Op)
		if iv.E == nil {
			addr += uint64(arith.Int64(iv.W, ix.Bits) * ix.Scale)
			continue
		}
		term := e.B.Bin(expr.OpMul, e.B.SExt(e.bv(iv.E), 64), e.B.U64(uint64(ix.Scale), 64))
		if sym == nil {
			sym = term
		} else {
			sym = e.B.Bin(expr.OpAdd, sym, term)
		}
	}
	if sym == nil {
		return Value{W: arith.Word{Lo: addr}}
	}
	if base.E == nil {
		sym = e.B.Bin(expr.OpAdd, e.B.U64(addr, 64), sym)
	} else if d := addr - base.W.Lo - uint64(in.Offset); d != 0 {
		sym = e.B.Bin(expr.OpAdd, sym, e.B.U64(d, 64))
	}
	return valueOf(sym)
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
	if t := e.concretizeOperands(s, fr, in, "atomicrmw operand", in.A, in.B); t != nil {
		return t
	}
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
	fr.Regs[in.Dst] = Value{W: old}
	return nil
}

func (e *Executor) execCmpXchg(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	if t := e.concretizeOperands(s, fr, in, "cmpxchg operand", in.A, in.B, in.C); t != nil {
		return t
	}
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
	if t := e.concretizeOperands(s, fr, in, "va_list pointer", in.A); t != nil {
		return t
	}
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
	v, f := e.load(s, p, in.T)
	if f != nil {
		return e.memFault(s, in, f)
	}
	fr.Regs[in.Dst] = v
	next := p + (in.T.Size+7)&^7
	if f := s.Mem.Store(ap+8, 8, arith.Word{Lo: next}); f != nil {
		return e.memFault(s, in, f)
	}
	return nil
}
