package absint

import (
	"fmt"

	"github.com/floatsym/floatsym/ir"
)

// alloca creates (or re-creates) the instruction's object.
func (a *Analyzer) alloca(cx *bctx, s *state, in *ir.Inst) (bool, error) {
	n := uint64(1)
	if in.A != ir.NoOperand {
		c, err := a.get(s, in.A)
		if err != nil {
			return false, err
		}
		k, ok := c.I.Single()
		if !ok || k < 0 || in.A.IsReg() {
			return false, fmt.Errorf("an alloca of a variable count")
		}
		n = uint64(k)
	}
	if &cx.f.Blocks[0].Insts[0] != in && !inEntry(cx.f, in) {
		return false, fmt.Errorf("an alloca outside the entry block")
	}
	id, ok := a.aobj[in]
	if !ok {
		id = int32(len(a.objs))
		a.aobj[in] = id
		name := fmt.Sprintf("%s:%%%d", cx.f.Name, in.Dst)
		a.objs = append(a.objs, object{name: name, size: in.From.Size * n, where: a.m.Where(in.Loc)})
	}
	s.mem[id] = &objMem{cells: map[int64]cell{}}
	set(s, in, objPtr(id))
	return true, nil
}

func inEntry(f *ir.Function, in *ir.Inst) bool {
	for i := range f.Blocks[0].Insts {
		if &f.Blocks[0].Insts[i] == in {
			return true
		}
	}
	return false
}

// gep computes an address.
func (a *Analyzer) gep(s *state, in *ir.Inst) (bool, error) {
	base, err := a.get(s, in.A)
	if err != nil {
		return false, err
	}
	if base.Kind != VPtr {
		return !base.IsBottom(), fmt.Errorf("getelementptr on a non-pointer")
	}
	p := base.P
	if p.HasObj {
		off := IBin(IAdd, p.Off, IRange(64, in.Offset, in.Offset))
		for _, ix := range in.Index {
			v, err := a.get(s, ix.Op)
			if err != nil {
				return false, err
			}
			if v.Kind != VInt {
				return false, fmt.Errorf("a non-integer getelementptr index")
			}
			off = IBin(IAdd, off, IBin(IMul, v.I.withBits(64), IRange(64, ix.Scale, ix.Scale)))
		}
		p.Off = off
	}
	if p.Null {
		// null plus an offset is no object's address.
		p.Null = false
		if !(in.Offset == 0 && len(in.Index) == 0) {
			p.Unknown = true
		} else {
			p.Null = true
		}
	}
	set(s, in, ptrVal(p))
	return true, nil
}

// access checks a memory access of size bytes through p, recording the
// memory error site, and returns the offsets that stay in bounds (ok
// false: none, the path ends).
func (a *Analyzer) access(cx *bctx, m memory, in *ir.Inst, p PVal, size uint64) (IVal, bool, error) {
	if p.Unknown {
		return IVal{}, false, a.unsupported(cx.f, in.Loc, "an access through a pointer the analysis does not resolve (%s)", in.Text)
	}
	if !p.HasObj {
		a.site(in.Loc, "ptr", p.Null, "the pointer may be null")
		return IVal{}, false, nil
	}
	o := &a.objs[p.Obj]
	if o.heap {
		return a.heapAccess(cx, m, in, p, size) // heap.go
	}
	if o.global != nil && o.global.External {
		return IVal{}, false, a.unsupported(cx.f, in.Loc, "an access to the external global %s", o.name)
	}
	limit := int64(o.size) - int64(size)
	bad := p.Null || p.Off.Empty || p.Off.Lo < 0 || p.Off.Hi > limit
	a.site(in.Loc, "ptr", bad, fmt.Sprintf("offset %s of %s (%d bytes) may be out of bounds", p.Off, o.name, o.size))
	off := p.Off.Meet(IRange(64, 0, max(limit, -1)))
	if limit < 0 || off.Empty {
		return IVal{}, false, nil
	}
	return off, true, nil
}

func (a *Analyzer) loadInst(cx *bctx, s *state, in *ir.Inst) (bool, error) {
	pv, err := a.get(s, in.A)
	if err != nil {
		return false, err
	}
	if in.T.IsAggregate() {
		return false, fmt.Errorf("aggregate loads")
	}
	off, ok, err := a.access(cx, s.mem, in, pv.P, in.T.Store)
	if !ok || err != nil {
		return false, err
	}
	v, err := a.load(s.mem, pv.P.Obj, off, in.T)
	if err != nil {
		return false, err
	}
	if v.IsBottom() {
		return false, nil
	}
	set(s, in, v)
	if o, single := off.Single(); single && !s.mem.isSmashed(pv.P.Obj) {
		cx.orig[in.Dst] = origin{pv.P.Obj, o, in.T}
	}
	return true, nil
}

// isSmashed reports an object whose cells are not one value each: smashed
// (one summary) or a heap summary of several objects (weak cells).
func (m memory) isSmashed(id int32) bool { return m[id] != nil && (m[id].smashed || m[id].h.many) }

func (a *Analyzer) storeInst(cx *bctx, s *state, in *ir.Inst) (bool, error) {
	pv, err := a.get(s, in.B)
	if err != nil {
		return false, err
	}
	v, err := a.get(s, in.A)
	if err != nil {
		return false, err
	}
	if in.T.IsAggregate() {
		return false, fmt.Errorf("aggregate stores")
	}
	off, ok, err := a.access(cx, s.mem, in, pv.P, in.T.Store)
	if !ok || err != nil {
		return false, err
	}
	if o := &a.objs[pv.P.Obj]; o.global != nil && o.global.ReadOnly {
		return false, fmt.Errorf("a store to the read-only %s", o.name)
	}
	cx.stored[pv.P.Obj] = true
	for r, o := range cx.orig {
		if o.obj == pv.P.Obj {
			delete(cx.orig, r)
		}
	}
	if v.Kind == VNone {
		if v, err = topOf(in.T); err != nil {
			return false, err
		}
	}
	s.killEqs(pv.P.Obj)
	if err := a.store(s.mem, pv.P.Obj, off, in.T, v); err != nil {
		return false, err
	}
	if o, single := off.Single(); single && !s.mem.isSmashed(pv.P.Obj) {
		a.defineEq(cx, s, eqCell{pv.P.Obj, o}, in.T, in.A)
	}
	return true, nil
}
