package absint

import (
	"fmt"
	"sort"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

// object is one memory object the program can address: a global, or the
// object an alloca instruction creates (one per instruction: allocas are
// only accepted in entry blocks with a constant count, and calls are
// inlined without recursion, so no two instances live at once).
type object struct {
	name   string
	size   uint64
	global *ir.Global // nil for an alloca: absent cells are uninitialised (⊤)
	where  string
	// heap: an allocation site's object (heap.go), its size and status
	// per state in objMem.h; zero: calloc's (unwritten bytes read 0).
	heap, zero bool
}

// cell is one scalar stored at a constant offset.
type cell struct {
	t *ir.Type
	v Val
}

// objMem is an object's abstract contents: exact cells per offset, or,
// once accessed at a non-constant offset, one smashed summary of every
// scalar it may hold (sumType nil and havoc set: anything at all).
type objMem struct {
	cells   map[int64]cell
	smashed bool
	sum     Val
	sumType *ir.Type
	havoc   bool
	h       heapMeta // a heap object's status (heap.go)
}

// memory maps object ids to contents; absent objects hold their initial
// contents (a global's image, an alloca's ⊤). Shared copy-on-write.
type memory map[int32]*objMem

func (m memory) clone() memory {
	r := make(memory, len(m))
	for k, v := range m {
		r[k] = v
	}
	return r
}

// mut returns a private copy of object id's contents, for writing.
func (m memory) mut(id int32) *objMem {
	o := m[id]
	n := &objMem{cells: map[int64]cell{}}
	if o != nil {
		*n = *o
		n.cells = make(map[int64]cell, len(o.cells))
		for k, v := range o.cells {
			n.cells[k] = v
		}
	}
	m[id] = n
	return n
}

// initVal is the value of a cell of type t at off of object id before any
// store: the global's initial image, else ⊤.
func (a *Analyzer) initVal(id int32, off int64, t *ir.Type) (Val, error) {
	o := &a.objs[id]
	if o.heap {
		return heapInit(o, t)
	}
	g := o.global
	if g == nil || t.Kind == ir.PtrType {
		if g != nil {
			for _, r := range g.Relocs {
				if int64(r.Off) == off {
					return a.constVal(ir.Const{W: arith.W64(uint64(r.Addend)), Base: r.Base, T: t})
				}
			}
			if g.Init == nil {
				return ptrVal(PVal{Null: true}), nil
			}
		}
		return topOf(t)
	}
	var w arith.Word
	if g.Init != nil {
		n := int(t.Store)
		if off < 0 || int(off)+n > len(g.Init) {
			return topOf(t)
		}
		var b [16]byte
		copy(b[:], g.Init[off:int(off)+n])
		for i := 0; i < 8; i++ {
			w.Lo |= uint64(b[i]) << (8 * i)
			w.Hi |= uint64(b[8+i]) << (8 * i)
		}
	}
	switch t.Kind {
	case ir.IntType:
		if t.Bits > 64 {
			return topOf(t)
		}
		return intVal(IConst(t.Bits, arith.Truncate(w, t.Bits))), nil
	case ir.FloatType:
		if t.FK == arith.F80 {
			w.Hi &= 0xffff
		} else if t.FK == arith.F32 {
			w = arith.W64(w.Lo & 0xffffffff)
		} else {
			w.Hi = 0
		}
		return fltVal(FConst(t.FK, w)), nil
	}
	return topOf(t)
}

func sameType(a, b *ir.Type) bool {
	return a.Kind == b.Kind && a.Bits == b.Bits && a.FK == b.FK && a.Store == b.Store
}

// load reads a scalar of type t at offsets off of object id.
func (a *Analyzer) load(m memory, id int32, off IVal, t *ir.Type) (Val, error) {
	om := m[id]
	if om != nil && om.smashed {
		if om.havoc || om.sumType == nil || !sameType(om.sumType, t) {
			return topOf(t)
		}
		return om.sum, nil
	}
	if lo, ok := off.Single(); ok {
		if om != nil {
			if c, ok := om.cells[lo]; ok && sameType(c.t, t) {
				return c.v, nil
			}
			for o, c := range om.cells {
				if o < lo+int64(t.Store) && lo < o+int64(c.t.Store) {
					return topOf(t) // an overlapping cell of another shape
				}
			}
		}
		return a.initVal(id, lo, t)
	}
	// A range of offsets: smash the object first.
	s, err := a.smash(m, id, t)
	if err != nil {
		return Val{}, err
	}
	if s.havoc || !sameType(s.sumType, t) {
		return topOf(t)
	}
	return s.sum, nil
}

// store writes v (of type t) at offsets off of object id: a strong update
// at one offset of an unsmashed object, else a weak one into the summary.
func (a *Analyzer) store(m memory, id int32, off IVal, t *ir.Type, v Val) error {
	if lo, ok := off.Single(); ok && (m[id] == nil || !m[id].smashed) {
		if m[id] != nil && m[id].h.many {
			// A summary of several heap objects: a weak update.
			old, err := a.load(m, id, off, t)
			if err != nil {
				return err
			}
			v = v.Join(old)
		}
		om := m.mut(id)
		for o, c := range om.cells {
			if o != lo && o < lo+int64(t.Store) && lo < o+int64(c.t.Store) {
				top, err := topOf(c.t)
				if err != nil {
					return err
				}
				om.cells[o] = cell{c.t, top}
			}
		}
		if c, ok := om.cells[lo]; ok && !sameType(c.t, t) {
			delete(om.cells, lo)
		}
		om.cells[lo] = cell{t, v}
		return nil
	}
	s, err := a.smash(m, id, t)
	if err != nil {
		return err
	}
	switch {
	case s.havoc:
	case !sameType(s.sumType, t):
		s.havoc = true
	default:
		s.sum = s.sum.Join(v)
	}
	return nil
}

// smash turns object id's cells into one summary of scalars of type t
// (the type its first non-constant access uses): the join of its cells
// and of its initial contents at every multiple of t's size.
func (a *Analyzer) smash(m memory, id int32, t *ir.Type) (*objMem, error) {
	om := m.mut(id)
	if om.smashed {
		return om, nil
	}
	om.smashed, om.sumType = true, t
	sum := Val{}
	o := &a.objs[id]
	step := int64(t.Size)
	if step == 0 {
		step = 1
	}
	written := map[int64]bool{}
	for off, c := range om.cells {
		if !sameType(c.t, t) {
			om.havoc = true
		}
		sum = sum.Join(c.v)
		written[off] = true
	}
	if o.heap {
		// An unwritten scalar holds the site's initial contents.
		if !om.h.live || !om.h.many && writtenAll(written, step, int64(t.Store), om.h.size.Hi) {
			om.cells = map[int64]cell{}
			om.sum = sum
			return om, nil
		}
		v, err := heapInit(o, t)
		if err != nil {
			return nil, err
		}
		om.cells = map[int64]cell{}
		om.sum = sum.Join(v)
		return om, nil
	}
	if o.size/uint64(step) > 1<<16 {
		return nil, fmt.Errorf("object %s of %d bytes accessed at a variable offset", o.name, o.size)
	}
	for off := int64(0); off+int64(t.Store) <= int64(o.size); off += step {
		if written[off] {
			continue
		}
		v, err := a.initVal(id, off, t)
		if err != nil {
			return nil, err
		}
		sum = sum.Join(v)
	}
	om.cells = map[int64]cell{}
	om.sum = sum
	return om, nil
}

// havocObj makes object id's contents unknown.
func (m memory) havocObj(id int32) {
	om := m.mut(id)
	om.smashed, om.havoc, om.cells, om.sumType = true, true, map[int64]cell{}, nil
}

// joinMem joins two memories; widen selects widening.
func (a *Analyzer) joinMem(x, y memory, widen bool) (memory, error) {
	r := memory{}
	ids := map[int32]bool{}
	for id := range x {
		ids[id] = true
	}
	for id := range y {
		ids[id] = true
	}
	for id := range ids {
		ox, oy := x[id], y[id]
		if ox == oy {
			r[id] = ox
			continue
		}
		n, err := a.joinObj(id, ox, oy, widen)
		if err != nil {
			return nil, err
		}
		r[id] = n
	}
	return r, nil
}

func (a *Analyzer) joinObj(id int32, ox, oy *objMem, widen bool) (*objMem, error) {
	if !a.objs[id].heap {
		return a.joinCells(id, ox, oy, widen)
	}
	// A heap object not allocated on one side: the other side's.
	switch {
	case ox == nil || !ox.h.live:
		return oy, nil
	case oy == nil || !oy.h.live:
		return ox, nil
	}
	n, err := a.joinCells(id, ox, oy, widen)
	if err != nil {
		return nil, err
	}
	n.h = ox.h.join(oy.h, widen, a.th)
	return n, nil
}

func (a *Analyzer) joinCells(id int32, ox, oy *objMem, widen bool) (*objMem, error) {
	if ox == nil {
		ox = &objMem{cells: map[int64]cell{}}
	}
	if oy == nil {
		oy = &objMem{cells: map[int64]cell{}}
	}
	if ox.smashed || oy.smashed {
		t := ox.sumType
		if t == nil {
			t = oy.sumType
		}
		if t == nil {
			return &objMem{smashed: true, havoc: true, cells: map[int64]cell{}}, nil
		}
		sx, err := a.smashAs(id, t, ox)
		if err != nil {
			return nil, err
		}
		sy, err := a.smashAs(id, t, oy)
		if err != nil {
			return nil, err
		}
		n := &objMem{smashed: true, cells: map[int64]cell{}, sumType: t}
		if sx.havoc || sy.havoc || !sameType(sx.sumType, sy.sumType) {
			n.havoc = true
			return n, nil
		}
		if widen {
			n.sum = sx.sum.Widen(sy.sum, a.th)
		} else {
			n.sum = sx.sum.Join(sy.sum)
		}
		return n, nil
	}
	n := &objMem{cells: map[int64]cell{}}
	offs := map[int64]*ir.Type{}
	for o, c := range ox.cells {
		offs[o] = c.t
	}
	for o, c := range oy.cells {
		if t, ok := offs[o]; ok && !sameType(t, c.t) {
			return &objMem{smashed: true, havoc: true, cells: map[int64]cell{}}, nil
		}
		offs[o] = c.t
	}
	keys := make([]int64, 0, len(offs))
	for o := range offs {
		keys = append(keys, o)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	for _, o := range keys {
		t := offs[o]
		vx, err := a.load(memory{id: ox}, id, IRange(64, o, o), t)
		if err != nil {
			return nil, err
		}
		vy, err := a.load(memory{id: oy}, id, IRange(64, o, o), t)
		if err != nil {
			return nil, err
		}
		if widen {
			n.cells[o] = cell{t, vx.Widen(vy, a.th)}
		} else {
			n.cells[o] = cell{t, vx.Join(vy)}
		}
	}
	return n, nil
}

// smashAs is smash on a private copy of om under object id.
func (a *Analyzer) smashAs(id int32, t *ir.Type, om *objMem) (*objMem, error) {
	m := memory{id: om}
	return a.smash(m, id, t)
}

// leqMem reports x ⊑ y.
func (a *Analyzer) leqMem(x, y memory) (bool, error) {
	j, err := a.joinMem(x, y, false)
	if err != nil {
		return false, err
	}
	for id, oj := range j {
		oy := y[id]
		if oj == oy {
			continue
		}
		if oy == nil {
			oy = &objMem{cells: map[int64]cell{}}
		}
		if !oj.h.leq(oy.h) {
			return false, nil
		}
		if oj.smashed != oy.smashed || oj.havoc != oy.havoc {
			return false, nil
		}
		if oj.smashed {
			if !oj.sum.Leq(oy.sum) {
				return false, nil
			}
			continue
		}
		for o, c := range oj.cells {
			v, err := a.load(memory{id: oy}, id, IRange(64, o, o), c.t)
			if err != nil {
				return false, err
			}
			if !c.v.Leq(v) {
				return false, nil
			}
		}
	}
	return true, nil
}
