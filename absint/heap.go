package absint

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

// Heap objects: malloc, calloc, aligned_alloc, memalign, realloc and free
// with the executor's semantics (executor/builtins_mem.go, memory.Space):
//
//   - malloc(n) returns NULL (errno ENOMEM) when n exceeds the largest
//     object (2^32 − 1 bytes) or, under --max-memory (Config.MaxHeap),
//     when the live heap would exceed it; otherwise a new object of n
//     bytes. The executor zero-fills it, the native malloc does not: the
//     analysis reads its unwritten bytes as ⊤ (sound for both).
//   - calloc(n, s): NULL when n·s overflows 64 bits, else malloc(n·s)
//     zero-filled (read as zeros).
//   - free(p): nothing for NULL; an error ("free") when p is not the base
//     of a heap object (a global, an alloca, an interior pointer) or the
//     object was already freed (double free); the object is freed.
//   - an access to a freed object is an error ("ptr", use after free), as
//     is one outside [0, size) (bounds checked against the size's lower
//     end: a symbolic size is an interval).
//   - realloc(p, n): malloc(n) for a null p; an error ("free") for a p
//     that is not a live heap base; for n = 0 the object is freed and the
//     result is NULL; else a new object holding the first min(old, n)
//     bytes, and the old one is freed (kept when the new allocation
//     fails, returning NULL).
//
// Abstraction: one abstract object per allocation site in its calling
// context (the chain of inlined call sites: a helper called from two
// places allocates two objects), with the recency abstraction
// (Balakrishnan & Reps, SAS 2006): the object is the site's most recent
// instance, updated strongly; when the site allocates again, that
// instance moves into a second object, the summary of the site's older
// instances (weak: each cell the join of what any of them may hold,
// stores joined with the old value, loads never refined back into the
// cell, a free leaving it "maybe freed"), and every pointer to it in the
// state follows it there. A caller's registers are not in the state (the
// callee is analysed inline): when one may point to the recent instance,
// the site's object becomes a summary of every instance instead
// (heapMeta.many), sound and weaker. Bounds are checked against the lower
// end of the size's interval.

// heapMeta is a heap object's per-state status (objMem.h).
type heapMeta struct {
	live  bool // allocated on some path: the fields below hold
	many  bool // the site allocated more than once: a summary
	alive bool // an instance may be live
	freed bool // an instance may be freed
	size  IVal // its size in bytes (64-bit, nonnegative)
}

func (h heapMeta) join(o heapMeta, widen bool, th *thresholds) heapMeta {
	switch {
	case !h.live:
		return o
	case !o.live:
		return h
	}
	r := heapMeta{live: true, many: h.many || o.many, alive: h.alive || o.alive, freed: h.freed || o.freed}
	if widen {
		r.size = h.size.Widen(o.size, th.ints)
	} else {
		r.size = h.size.Join(o.size)
	}
	return r
}

func (h heapMeta) leq(o heapMeta) bool {
	if !h.live {
		return true
	}
	if !o.live || (h.many && !o.many) || (h.alive && !o.alive) || (h.freed && !o.freed) {
		return false
	}
	return h.size.Leq(o.size)
}

// maxObject is the executor's largest object (memory.MaxObjectSize): a
// larger request returns NULL.
const maxObject = 1<<32 - 1

// heapKey names an allocation site in its calling context.
type heapKey struct {
	site *ir.Inst
	ctx  string
}

// heapObj returns the abstract object of allocation site in in the
// current calling context (a.calls), creating it.
func (a *Analyzer) heapObj(cx *bctx, in *ir.Inst, what string, zero bool) int32 {
	var ctx strings.Builder
	for _, c := range a.calls {
		fmt.Fprintf(&ctx, "%p/", c)
	}
	k := heapKey{in, ctx.String()}
	if id, ok := a.hobj[k]; ok {
		return id
	}
	id := int32(len(a.objs))
	name := fmt.Sprintf("%s@%s", what, a.m.Where(in.Loc))
	if len(a.calls) > 0 {
		name += fmt.Sprintf(" (via %s)", a.m.Where(a.calls[len(a.calls)-1].Loc))
	}
	a.objs = append(a.objs, object{name: name, heap: true, zero: zero, where: a.m.Where(in.Loc)})
	a.hobj[k] = id
	return id
}

// heapInit is the value of a heap object's unwritten bytes read as t:
// zeros for calloc, anything for malloc, aligned_alloc and realloc.
func heapInit(o *object, t *ir.Type) (Val, error) {
	if !o.zero {
		return topOf(t)
	}
	switch t.Kind {
	case ir.IntType:
		if t.Bits > 64 {
			return topOf(t)
		}
		return intVal(IRange(t.Bits, 0, 0)), nil
	case ir.FloatType:
		return fltVal(FConst(t.FK, arith.Word{})), nil
	case ir.PtrType:
		return ptrVal(PVal{Null: true}), nil
	}
	return topOf(t)
}

// allocate records an allocation of size bytes (size ⊆ [0, maxObject])
// at object id (the site's most recent instance) and returns the pointer
// to it. The recency abstraction (Balakrishnan & Reps): the instance the
// site allocated before moves into the site's summary of older instances
// (a.older), every pointer to it in the state following it, and id is
// the new instance, updated strongly. When a caller's frame (which the
// inlined analysis does not hold in the state) may point to it, id
// becomes a summary of every instance instead (heapMeta.many).
func (a *Analyzer) allocate(cx *bctx, s *state, id int32, size IVal) (Val, error) {
	old := s.mem[id]
	switch {
	case old == nil || !old.h.live:
	case !old.h.many && !a.framesPoint(id):
		if err := a.demote(cx, s, id); err != nil {
			return Val{}, err
		}
	default:
		if err := a.summarise(s, id, size); err != nil {
			return Val{}, err
		}
		a.forget(cx, s, id)
		return objPtr(id), nil
	}
	s.mem[id] = &objMem{cells: map[int64]cell{}, h: heapMeta{live: true, alive: true, size: size}}
	a.forget(cx, s, id)
	return objPtr(id), nil
}

// summarise makes object id a summary of its instances and a new one of
// size bytes: each cell joined with the new instance's contents.
func (a *Analyzer) summarise(s *state, id int32, size IVal) error {
	om := s.mem.mut(id)
	o := &a.objs[id]
	if !om.h.many {
		for off, c := range om.cells {
			v, err := heapInit(o, c.t)
			if err != nil {
				return err
			}
			om.cells[off] = cell{c.t, c.v.Join(v)}
		}
	}
	if om.smashed && !om.havoc && om.sumType != nil {
		v, err := heapInit(o, om.sumType)
		if err != nil {
			return err
		}
		om.sum = om.sum.Join(v)
	}
	om.h.many, om.h.alive = true, true
	om.h.size = om.h.size.Join(size)
	return nil
}

// forget drops what the state relates to object id's cells.
func (a *Analyzer) forget(cx *bctx, s *state, id int32) {
	s.killEqs(id)
	for r, o := range cx.orig {
		if o.obj == id {
			delete(cx.orig, r)
		}
	}
}

// framesPoint reports whether a caller's registers may hold a pointer to
// object id.
func (a *Analyzer) framesPoint(id int32) bool {
	for _, regs := range a.frames {
		for _, v := range regs {
			if v.Kind == VPtr && v.P.HasObj && v.P.Obj == id {
				return true
			}
		}
	}
	return false
}

// olderObj is the summary of the older instances of recent object id.
func (a *Analyzer) olderObj(id int32) int32 {
	if o, ok := a.older[id]; ok {
		return o
	}
	r := &a.objs[id]
	o := int32(len(a.objs))
	a.objs = append(a.objs, object{name: r.name + " (older)", heap: true, zero: r.zero, where: r.where})
	a.older[id] = o
	return o
}

// demote moves recent object id into its older summary: the summary
// joins its contents and status, and every pointer to id in the state's
// registers and memory points to the summary.
func (a *Analyzer) demote(cx *bctx, s *state, id int32) error {
	od := a.olderObj(id)
	moved := *s.mem[id]
	moved.h.many = true
	var err error
	if s.mem[od] == nil || !s.mem[od].h.live {
		s.mem[od] = &moved
	} else if s.mem[od], err = a.joinObj(od, s.mem[od], &moved, false); err != nil {
		return err
	}
	s.mem[od].h.many = true
	redirect := func(v Val) (Val, bool) {
		if v.Kind == VPtr && v.P.HasObj && v.P.Obj == id {
			v.P.Obj = od
			return v, true
		}
		return v, false
	}
	for i, v := range s.regs {
		if w, ok := redirect(v); ok {
			s.regs[i] = w
		}
	}
	for oid, om := range s.mem {
		if oid == id {
			continue
		}
		var n *objMem
		for off, c := range om.cells {
			if w, ok := redirect(c.v); ok {
				if n == nil {
					n = s.mem.mut(oid)
				}
				n.cells[off] = cell{c.t, w}
			}
		}
		if w, ok := redirect(om.sum); ok {
			if n == nil {
				n = s.mem.mut(oid)
			}
			n.sum = w
		}
	}
	a.forget(cx, s, od)
	return nil
}

// sizeArg reads an unsigned size argument: the sizes an object can have
// and whether the request may exceed the largest object.
func sizeArg(v Val) (size IVal, tooBig, ok bool) {
	if v.Kind != VInt || v.I.Empty {
		return IVal{}, false, false
	}
	x := v.I
	if x.Lo < 0 || x.Bits < 64 && x.Hi < 0 {
		// Negative in the signed reading: huge as a size_t.
		return IRange(64, 0, maxObject), true, true
	}
	if x.Lo > maxObject {
		return IBottom(64), true, true
	}
	return IRange(64, x.Lo, min(x.Hi, maxObject)), x.Hi > maxObject, true
}

// heapCall models the heap functions; handled is false for any other.
func (a *Analyzer) heapCall(cx *bctx, s *state, in *ir.Inst, name string, args []Val) (ok, handled bool, err error) {
	switch name {
	case "malloc", "calloc", "aligned_alloc", "memalign":
	case "free":
		ok, err = a.heapFree(cx, s, in, args[0].P, "free")
		return ok, true, err
	case "realloc":
		ok, err = a.realloc(cx, s, in, args)
		return ok, true, err
	default:
		return false, false, nil
	}
	var size IVal
	var tooBig, okSize bool
	switch name {
	case "malloc":
		size, tooBig, okSize = sizeArg(args[0])
	case "calloc":
		size, tooBig, okSize = callocSize(args[0], args[1])
	default:
		size, tooBig, okSize = sizeArg(args[1])
	}
	if !okSize {
		return false, true, a.unsupported(cx.f, in.Loc, "%s of a size the analysis does not bound", name)
	}
	p := PVal{Null: tooBig || a.cfg.MaxHeap > 0}
	if !size.Empty {
		id := a.heapObj(cx, in, name, name == "calloc")
		v, err := a.allocate(cx, s, id, size)
		if err != nil {
			return false, true, err
		}
		p.HasObj, p.Obj, p.Off = true, id, v.P.Off
	}
	set(s, in, ptrVal(p))
	return true, true, nil
}

// callocSize is n·s as an object size, with tooBig when the product may
// overflow 64 bits (calloc returns NULL) or exceed the largest object.
func callocSize(n, sz Val) (IVal, bool, bool) {
	ur := func(v Val) (lo, hi uint64, ok bool) {
		if v.Kind != VInt || v.I.Empty {
			return 0, 0, false
		}
		if v.I.Lo < 0 {
			return 0, ^uint64(0), true // negative: huge as a size_t
		}
		return uint64(v.I.Lo), uint64(v.I.Hi), true
	}
	al, ah, okA := ur(n)
	bl, bh, okB := ur(sz)
	if !okA || !okB {
		return IVal{}, false, false
	}
	loH, lo := bits.Mul64(al, bl)
	hiH, hi := bits.Mul64(ah, bh)
	switch {
	case loH != 0 || lo > maxObject:
		return IBottom(64), true, true // every product overflows or is too big
	case hiH != 0 || hi > maxObject:
		return IRange(64, int64(lo), maxObject), true, true
	}
	return IRange(64, int64(lo), int64(hi)), false, true
}

// freeSites checks that p may be freed (or reallocated): the error sites
// of a pointer that is not a live heap object's base. It returns the
// heap object p may point to (-1: none).
func (a *Analyzer) freeSites(cx *bctx, s *state, in *ir.Inst, p PVal, what string) (int32, error) {
	if p.Unknown {
		return -1, a.unsupported(cx.f, in.Loc, "%s of a pointer the analysis does not resolve", what)
	}
	if !p.HasObj {
		return -1, nil
	}
	o := &a.objs[p.Obj]
	if !o.heap {
		a.site(in.Loc, "free", true, fmt.Sprintf("%s of %s, which is not a heap object", what, o.name))
		return -1, nil
	}
	om := s.mem[p.Obj]
	if om == nil || !om.h.live {
		return -1, a.unsupported(cx.f, in.Loc, "%s of %s, which the analysis has not seen allocated", what, o.name)
	}
	if lo, single := p.Off.Single(); !single || lo != 0 {
		a.site(in.Loc, "free", true, fmt.Sprintf("%s of %s at offset %s, not its start", what, o.name, p.Off))
		if p.Off.Meet(IRange(64, 0, 0)).Empty {
			return -1, nil
		}
	}
	a.site(in.Loc, "free", om.h.freed, fmt.Sprintf("%s of %s, which may be freed already (double free)", what, o.name))
	if !om.h.alive {
		return -1, nil
	}
	return p.Obj, nil
}

// markFreed frees (one instance of) object id; weak keeps it maybe alive
// (the path that did not free it joins).
func (a *Analyzer) markFreed(cx *bctx, s *state, id int32, weak bool) {
	om := s.mem.mut(id)
	om.h.freed = true
	if !weak && !om.h.many {
		om.h.alive = false
	}
	s.killEqs(id)
	for r, o := range cx.orig {
		if o.obj == id {
			delete(cx.orig, r)
		}
	}
}

func (a *Analyzer) heapFree(cx *bctx, s *state, in *ir.Inst, p PVal, what string) (bool, error) {
	id, err := a.freeSites(cx, s, in, p, what)
	if err != nil {
		return false, err
	}
	if id < 0 {
		return p.Null, nil // the free of NULL goes on; a faulting one ends
	}
	a.markFreed(cx, s, id, p.Null)
	return true, nil
}

// realloc models realloc(p, n).
func (a *Analyzer) realloc(cx *bctx, s *state, in *ir.Inst, args []Val) (bool, error) {
	p := args[0].P
	size, tooBig, okSize := sizeArg(args[1])
	if !okSize {
		return false, a.unsupported(cx.f, in.Loc, "realloc of a size the analysis does not bound")
	}
	old, err := a.freeSites(cx, s, in, p, "realloc")
	if err != nil {
		return false, err
	}
	if old < 0 && !p.Null {
		return false, nil
	}
	r := PVal{}
	mayFail := tooBig || a.cfg.MaxHeap > 0
	var oldCells map[int64]cell
	var oldSum *objMem // the old block, smashed: its summary moves
	var oldLo int64
	if old >= 0 {
		om := s.mem[old]
		if om.h.many {
			return false, a.unsupported(cx.f, in.Loc, "realloc of %s, a summary of several objects", a.objs[old].name)
		}
		oldLo = om.h.size.Lo
		if !om.smashed {
			oldCells = om.cells
		} else {
			oldSum = om
		}
		if size.Lo == 0 && !size.Empty {
			r.Null = true // realloc(p, 0) frees p and returns NULL
		}
	}
	grows := size.Meet(IRange(64, 1, maxObject))
	if old < 0 || p.Null {
		grows = size // realloc(NULL, n) is malloc(n)
	}
	if !grows.Empty {
		id := a.heapObj(cx, in, "realloc", false)
		if _, err := a.allocate(cx, s, id, grows); err != nil {
			return false, err
		}
		if old == id {
			// The old block was this site's recent instance: it moved
			// into the summary of the older ones.
			if s.mem[id].h.many {
				return false, a.unsupported(cx.f, in.Loc, "realloc of %s, a summary of several objects", a.objs[id].name)
			}
			old = a.older[id]
		}
		if oldSum != nil && !s.mem[id].h.many {
			// Every byte of the new block is an old one when it is not
			// larger than the old block; else the rest is uninitialised.
			om := s.mem.mut(id)
			om.smashed, om.havoc, om.sumType, om.sum = true, oldSum.havoc, oldSum.sumType, oldSum.sum
			if grows.Hi > oldLo && !om.havoc && om.sumType != nil {
				v, err := heapInit(&a.objs[id], om.sumType)
				if err != nil {
					return false, err
				}
				om.sum = om.sum.Join(v)
			}
			if om.sumType == nil {
				om.havoc = true
			}
		}
		if oldCells != nil && !s.mem[id].h.many {
			// The first min(old, n) bytes move with the block.
			om := s.mem.mut(id)
			lim := min(oldLo, grows.Lo)
			for off, c := range oldCells {
				if off >= 0 && off+int64(c.t.Store) <= lim {
					om.cells[off] = c
				}
			}
		}
		r.HasObj, r.Obj, r.Off = true, id, IRange(64, 0, 0)
	}
	if mayFail {
		r.Null = true
	}
	if old >= 0 {
		// Freed unless the allocation may fail (old kept) or p may be null.
		a.markFreed(cx, s, old, mayFail || p.Null)
	}
	set(s, in, ptrVal(r))
	return true, nil
}

// heapAccess checks an access of n bytes at p into heap object p.Obj:
// use after free and bounds against the size's lower end. It returns the
// offsets that stay in bounds (ok false: none).
func (a *Analyzer) heapAccess(cx *bctx, m memory, in *ir.Inst, p PVal, n uint64) (IVal, bool, error) {
	o := &a.objs[p.Obj]
	om := m[p.Obj]
	if om == nil || !om.h.live {
		return IVal{}, false, a.unsupported(cx.f, in.Loc, "an access to %s, which the analysis has not seen allocated", o.name)
	}
	h := om.h
	a.site(in.Loc, "ptr", h.freed, fmt.Sprintf("%s may have been freed (use after free)", o.name))
	a.site(in.Loc, "ptr", p.Null, fmt.Sprintf("the pointer to %s may be null", o.name))
	limLo, limHi := h.size.Lo-int64(n), h.size.Hi-int64(n)
	bad := p.Off.Empty || p.Off.Lo < 0 || p.Off.Hi > limLo
	a.site(in.Loc, "ptr", bad, fmt.Sprintf("offset %s of %s (%s bytes) may be out of bounds", p.Off, o.name, h.size))
	off := p.Off.Meet(IRange(64, 0, max(limHi, -1)))
	if !h.alive || limHi < 0 || off.Empty {
		return IVal{}, false, nil
	}
	return off, true, nil
}

// guaranteedBytes is the number of bytes object id surely has on this
// path (the size's lower end; -1 for a heap object that may be freed):
// the bound the memory functions' sites are checked against.
func (a *Analyzer) guaranteedBytes(m memory, id int32) int64 {
	o := &a.objs[id]
	if !o.heap {
		return int64(o.size)
	}
	om := m[id]
	if om == nil || !om.h.live || om.h.freed {
		return -1
	}
	return om.h.size.Lo
}

// ptrCmp is icmp on pointers: decided only against null (no object's
// address is null), else either.
func ptrCmp(p arith.IPred, x, y Val) IVal {
	if x.Kind != VPtr || y.Kind != VPtr || (p != arith.IEQ && p != arith.INE) {
		return ITop(1)
	}
	onlyNull := func(v PVal) bool { return v.Null && !v.HasObj && !v.Unknown }
	notNull := func(v PVal) bool { return !v.Null && !v.Unknown && v.HasObj }
	eq := ITop(1)
	switch {
	case onlyNull(x.P) && onlyNull(y.P):
		eq = IRange(1, 1, 1)
	case onlyNull(x.P) && notNull(y.P), notNull(x.P) && onlyNull(y.P):
		eq = IRange(1, 0, 0)
	}
	if p == arith.INE && eq.Lo == eq.Hi {
		eq = IRange(1, 1-eq.Lo, 1-eq.Lo)
	}
	return eq
}

// refinePtrCmp refines a pointer register compared with null, and the
// cell it was loaded from: equal, it is null (no object); unequal, it is
// not null. False: the edge is infeasible.
func (a *Analyzer) refinePtrCmp(cx *bctx, s *state, p arith.IPred, oa, ob ir.Operand, x, y Val) bool {
	if p != arith.IEQ && p != arith.INE {
		return true
	}
	onlyNull := func(v Val) bool { return v.Kind == VPtr && v.P.Null && !v.P.HasObj && !v.P.Unknown }
	reg, v := oa, x
	switch {
	case onlyNull(y):
	case onlyNull(x):
		reg, v = ob, y
	default:
		return true
	}
	if v.Kind != VPtr || v.P.Unknown {
		return true
	}
	q := v.P
	if p == arith.IEQ {
		if !q.Null {
			return false
		}
		q = PVal{Null: true}
	} else {
		if !q.HasObj {
			return false
		}
		q.Null = false
	}
	if reg.IsReg() {
		s.regs[reg] = ptrVal(q)
		a.narrowCell(cx, s, reg, ptrVal(q)) // and the cell it was loaded from
	}
	return true
}

// writtenAll reports whether every scalar of store bytes at a multiple of
// step below size (a heap object's largest size) has a cell: then no
// initial contents can be read once the object is smashed.
func writtenAll(written map[int64]bool, step, store, size int64) bool {
	if size/step > 1<<12 {
		return false
	}
	for off := int64(0); off+store <= size; off += step {
		if !written[off] {
			return false
		}
	}
	return true
}

// makeSymbolic gives object p.Obj's n bytes at p.Off unknown contents.
// When they are the whole object and its unwritten bytes read as ⊤ (an
// alloca, a malloc'd object), that is the object without cells: its
// scalars then stay apart (a later load of one records where it came
// from, so klee_assume refines it); otherwise the object is smashed and
// ⊤.
func (a *Analyzer) makeSymbolic(s *state, p PVal, n int64, okN bool) {
	o := &a.objs[p.Obj]
	off, single := p.Off.Single()
	whole := okN && single && off == 0
	switch {
	case !whole || o.global != nil || o.zero:
	case o.heap:
		if om := s.mem[p.Obj]; om != nil && om.h.live && !om.h.many && om.h.size.Lo == om.h.size.Hi && om.h.size.Lo == n {
			h := om.h
			s.killEqs(p.Obj)
			s.mem[p.Obj] = &objMem{cells: map[int64]cell{}, h: h}
			return
		}
	case uint64(n) == o.size:
		s.killEqs(p.Obj)
		s.mem[p.Obj] = &objMem{cells: map[int64]cell{}}
		return
	}
	s.mem.havocObj(p.Obj)
}
