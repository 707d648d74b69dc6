package absint

import (
	"fmt"
	"sort"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

// partCtx is one analysis' partitioning (partition.go): its split sites,
// budgets and counters.
type partCtx struct {
	max      int   // parts of one state
	maxSteps int64 // steps of partitioned transfers
	steps    int64
	off      bool // the step budget ran out: every state is joined
	width    int  // parts of the transfer under way (a split multiplies it)
	depth    int
	peak     int // most parts of one state
	givenUp  int // head keys given up (range past the budget)
	sites    []*psite
	byInst   map[*ir.Inst]*psite
	funcs    map[*ir.Function]*fplan
}

func newPartCtx(cfg Config) *partCtx {
	return &partCtx{max: cfg.MaxParts, maxSteps: cfg.PartSteps, width: 1,
		byInst: map[*ir.Inst]*psite{}, funcs: map[*ir.Function]*fplan{}}
}

func (pc *partCtx) add(st *psite) {
	st.id = int32(len(pc.sites))
	pc.sites = append(pc.sites, st)
}

// pkind is what a split site splits on.
type pkind uint8

const (
	pkHead  pkind = iota // an integer cell or phi register at a loop head
	pkFToI               // the integer part of fptosi/fptoui's operand
	pkIndex              // the index of a read-only table's address
)

// psite is one place where states split, with the loop head whose body
// holds it (scope: where its parts merge again; -1 for none).
type psite struct {
	id    int32
	kind  pkind
	scope int
	// pkHead: the key, a cell (of an alloca or a global) or a register.
	alloca *ir.Inst
	global int32
	off    int64
	t      *ir.Type
	reg    int32
	// pkFToI, pkIndex: the instruction.
	inst     *ir.Inst
	disabled bool
}

// fplan is a function's loops and its loop heads' keys.
type fplan struct {
	loops map[int]map[int]bool // head → blocks of its loop
	inner []int                // innermost loop head of each block, -1
	heads map[int][]*psite     // keys per head
}

// plan finds f's loops and, per loop head, the integers that decide a
// branch of the loop's body: a cell loaded (at a constant address of an
// alloca or a global) or a phi register of the head, possibly through
// casts, compared by the icmp of a conditional branch or switched on,
// where at least two ways stay in the loop (the loop's exit test is not
// a key: partitioning on it would unroll the loop).
func (a *Analyzer) plan(f *ir.Function) *fplan {
	if p := a.part.funcs[f]; p != nil {
		return p
	}
	c := a.cfgOf(f)
	p := &fplan{loops: map[int]map[int]bool{}, inner: make([]int, len(f.Blocks)), heads: map[int][]*psite{}}
	var heads []int
	for h := range f.Blocks {
		if c.head[h] {
			heads = append(heads, h)
			p.loops[h] = naturalLoop(f, c, h)
		}
	}
	for b := range f.Blocks {
		p.inner[b] = -1
		for _, h := range heads {
			if p.loops[h][b] && (p.inner[b] < 0 || len(p.loops[h]) < len(p.loops[p.inner[b]])) {
				p.inner[b] = h
			}
		}
	}
	defs := map[int32]*ir.Inst{}
	for b := range f.Blocks {
		for i := range f.Blocks[b].Insts {
			if in := &f.Blocks[b].Insts[i]; in.Dst >= 0 {
				defs[in.Dst] = in
			}
		}
	}
	for _, h := range heads {
		phis := map[int32]bool{}
		for b := range f.Blocks {
			insts := f.Blocks[b].Insts
			for _, e := range insts[len(insts)-1].Succs {
				if int(e.Block) == h {
					for _, mv := range e.Moves {
						phis[mv.Dst] = true
					}
				}
			}
		}
		body := make([]int, 0, len(p.loops[h]))
		for b := range p.loops[h] {
			body = append(body, b)
		}
		sort.Ints(body)
		seen := map[string]bool{}
		for _, b := range body {
			insts := f.Blocks[b].Insts
			term := &insts[len(insts)-1]
			inside := 0
			for _, e := range term.Succs {
				if p.loops[h][int(e.Block)] {
					inside++
				}
			}
			if inside < 2 {
				continue
			}
			var ops []ir.Operand
			switch term.Op {
			case ir.OpCondBr:
				if def := defs[int32(term.A)]; term.A.IsReg() && def != nil && def.Op == ir.OpICmp {
					ops = []ir.Operand{def.A, def.B}
				}
			case ir.OpSwitch:
				ops = []ir.Operand{term.A}
			}
			for _, o := range ops {
				k, name := a.headKey(defs, phis, f, o)
				if k == nil || seen[name] {
					continue
				}
				seen[name] = true
				k.kind, k.scope = pkHead, h
				a.part.add(k)
				p.heads[h] = append(p.heads[h], k)
			}
		}
	}
	a.part.funcs[f] = p
	return p
}

// headKey is the key an icmp operand o reads, with a name for it, or nil.
func (a *Analyzer) headKey(defs map[int32]*ir.Inst, phis map[int32]bool, f *ir.Function, o ir.Operand) (*psite, string) {
	for depth := 0; depth < 8 && o.IsReg(); depth++ {
		r := int32(o)
		if phis[r] {
			if t := f.RegType[r]; t != nil && t.Kind == ir.IntType && t.Bits <= 64 {
				return &psite{reg: r, global: -1, t: t}, fmt.Sprintf("r%d", r)
			}
			return nil, ""
		}
		def := defs[r]
		if def == nil {
			return nil, ""
		}
		switch def.Op {
		case ir.OpZExt, ir.OpSExt, ir.OpTrunc:
			o = def.A
			continue
		case ir.OpLoad:
			if def.T.Kind != ir.IntType || def.T.Bits > 64 {
				return nil, ""
			}
			return a.cellKey(defs, def.A, def.T)
		}
		return nil, ""
	}
	return nil, ""
}

// cellKey is the cell at the constant address ptr (an alloca or a global
// plus constant offsets), or nil.
func (a *Analyzer) cellKey(defs map[int32]*ir.Inst, ptr ir.Operand, t *ir.Type) (*psite, string) {
	var off int64
	for depth := 0; depth < 6; depth++ {
		if !ptr.IsReg() {
			c := a.m.Consts[ptr.ConstIndex()]
			if c.Base.Kind != ir.RefGlobal {
				return nil, ""
			}
			off += int64(c.W.Lo)
			return &psite{global: c.Base.Index, off: off, t: t, reg: -1}, fmt.Sprintf("g%d+%d", c.Base.Index, off)
		}
		def := defs[int32(ptr)]
		if def == nil {
			return nil, ""
		}
		switch def.Op {
		case ir.OpAlloca:
			return &psite{alloca: def, global: -1, off: off, t: t, reg: -1}, fmt.Sprintf("a%p+%d", def, off)
		case ir.OpGEP:
			if len(def.Index) > 0 {
				return nil, ""
			}
			off += def.Offset
			ptr = def.A
		case ir.OpBitCast:
			ptr = def.A
		default:
			return nil, ""
		}
	}
	return nil, ""
}

// keyObj is the object of a cell key (an alloca not yet run has none).
func (a *Analyzer) keyObj(k *psite) (int32, bool) {
	if k.global >= 0 {
		return a.gobj[k.global], true
	}
	id, ok := a.aobj[k.alloca]
	return id, ok
}

// keyValue is a head key's value in s (ok false: not one to split on —
// a smashed object, a read-only one, a non-integer).
func (a *Analyzer) keyValue(s *state, k *psite) (IVal, bool) {
	if k.reg >= 0 {
		v := s.regs[k.reg]
		return v.I, v.Kind == VInt
	}
	id, ok := a.keyObj(k)
	if !ok || s.mem.isSmashed(id) {
		return IVal{}, false
	}
	if g := a.objs[id].global; g != nil && g.ReadOnly {
		return IVal{}, false
	}
	v, err := a.load(s.mem, id, IRange(64, k.off, k.off), k.t)
	if err != nil || v.Kind != VInt {
		return IVal{}, false
	}
	return v.I, true
}

// setKey refines s by "key == x".
func (a *Analyzer) setKey(s *state, k *psite, x int64) error {
	if k.reg >= 0 {
		s.regs[k.reg] = intVal(IRange(s.regs[k.reg].I.Bits, x, x))
		return nil
	}
	id, _ := a.keyObj(k)
	return a.store(s.mem, id, IRange(64, k.off, k.off), k.t, intVal(IRange(k.t.Bits, x, x)))
}

// siteAt is the split site of instruction in (block b of f), or nil: an
// fptosi/fptoui, or an address into a table at one variable index, in a
// loop's body.
func (a *Analyzer) siteAt(f *ir.Function, b int, in *ir.Inst) *psite {
	if st, ok := a.part.byInst[in]; ok {
		return st
	}
	var st *psite
	if scope := a.plan(f).inner[b]; scope >= 0 {
		switch {
		case (in.Op == ir.OpFPToSI || in.Op == ir.OpFPToUI) && in.T.Bits <= 64 && in.A.IsReg():
			st = &psite{kind: pkFToI}
		case in.Op == ir.OpGEP && len(in.Index) == 1 && in.Index[0].Op.IsReg():
			st = &psite{kind: pkIndex}
		}
		if st != nil {
			st.scope, st.inst, st.reg, st.global = scope, in, -1, -1
			a.part.add(st)
		}
	}
	a.part.byInst[in] = st
	return st
}

// intPreimage is the finite values of kind k that fptosi/fptoui truncate
// to v: [v, v+1) for v ≥ 1, (v−1, v] for v ≤ −1, (−1, 1) for 0, with
// bounds rounded inward to the format (ok false past ±2^62).
func intPreimage(k arith.Kind, v int64) (FVal, bool) {
	if v >= 1<<62 || v <= -(1<<62) {
		return FVal{}, false
	}
	conv := func(n int64, m arith.RoundingMode) arith.Word {
		return arith.SIToFP(64, k, m, arith.FromInt64(n, 64))
	}
	exact := func(n int64) bool { return conv(n, arith.Upward) == conv(n, arith.Downward) }
	var lo, hi arith.Word
	switch {
	case v == 0:
		lo, hi = succF(k, conv(-1, arith.NearestEven)), predF(k, conv(1, arith.NearestEven))
	case v > 0:
		lo, hi = conv(v, arith.Upward), conv(v+1, arith.Downward)
		if exact(v + 1) {
			hi = predF(k, hi)
		}
	default:
		lo, hi = conv(v-1, arith.Upward), conv(v, arith.Downward)
		if exact(v - 1) {
			lo = succF(k, lo)
		}
	}
	if flt(k, hi, lo) {
		return FBottom(k), true
	}
	return FRange(k, lo, hi), true
}

// splitAt splits the state s before instruction i of block b when it is
// a split site whose key has a few values (at least 2, and no more than
// the budget left): each part refines the key to one value and runs the
// rest of the block; ok reports a split (fl is then the block's flow).
func (a *Analyzer) splitAt(f *ir.Function, b, i int, s *state, cx *bctx) (*flow, bool, error) {
	pc := a.part
	in := &f.Blocks[b].Insts[i]
	if pc.off || (in.Op != ir.OpFPToSI && in.Op != ir.OpFPToUI && in.Op != ir.OpGEP) {
		return nil, false, nil
	}
	st := a.siteAt(f, b, in)
	if st == nil || st.disabled {
		return nil, false, nil
	}
	var r IVal
	var refine func(s *state, cx *bctx, x int64) bool
	switch st.kind {
	case pkFToI:
		x, err := a.get(s, in.A)
		if err != nil || x.Kind != VFloat {
			return nil, false, nil
		}
		r = ToInt(x.F, in.T.Bits, in.Op == ir.OpFPToUI)
		if !r.Empty && (r.Lo <= -(1<<62) || r.Hi >= 1<<62 || (in.Op == ir.OpFPToUI && r.Lo < 0)) {
			return nil, false, nil
		}
		refine = func(s *state, cx *bctx, v int64) bool {
			pre, _ := intPreimage(x.F.K, v)
			nx := x.F.Meet(pre)
			if nx.IsBottom() {
				return false
			}
			a.narrowFloat(cx, s, in.A, nx)
			return true
		}
	case pkIndex:
		base, err := a.get(s, in.A)
		if err != nil || base.Kind != VPtr || !base.P.HasObj || base.P.Unknown {
			return nil, false, nil
		}
		if g := a.objs[base.P.Obj].global; g == nil || !g.ReadOnly {
			return nil, false, nil
		}
		ix := in.Index[0].Op
		v, err := a.get(s, ix)
		if err != nil || v.Kind != VInt {
			return nil, false, nil
		}
		r = v.I
		refine = func(s *state, cx *bctx, x int64) bool {
			a.narrowInt(cx, s, ix, IRange(r.Bits, x, x))
			return true
		}
	}
	if r.Empty || r.Lo == r.Hi || uint64(r.Hi)-uint64(r.Lo) >= uint64(pc.max) {
		return nil, false, nil
	}
	n := int(r.Hi-r.Lo) + 1
	if pc.width*n > pc.max {
		return nil, false, nil
	}
	defer a.partWork(n)()
	var toks [][]comp
	var fls []*flow
	for x := r.Lo; ; x++ {
		s2, cx2 := s.clone(), cx.copyCtx()
		if refine(s2, cx2, x) {
			fl, err := a.blockFrom(f, b, i, s2, cx2, true)
			if err != nil {
				return nil, true, err
			}
			toks, fls = append(toks, []comp{{st.id, x}}), append(fls, fl)
		}
		if x == r.Hi {
			break
		}
	}
	fl, err := a.combine(f, b, toks, fls)
	return fl, true, err
}

// partWork enters a partitioned transfer of n parts; the function it
// returns leaves it, charging the outermost one's steps to the budget.
func (a *Analyzer) partWork(n int) func() {
	pc := a.part
	w, before := pc.width, a.steps
	pc.width *= n
	pc.depth++
	return func() {
		pc.width = w
		pc.depth--
		if pc.depth == 0 {
			pc.steps += a.steps - before
			if pc.steps > pc.maxSteps && !pc.off {
				pc.off = true
			}
		}
	}
}

func (cx *bctx) copyCtx() *bctx {
	r := &bctx{f: cx.f, defs: make(map[int32]*ir.Inst, len(cx.defs)), orig: make(map[int32]origin, len(cx.orig)),
		parent: cx.parent, stored: make(map[int32]bool, len(cx.stored)), clobbered: cx.clobbered}
	for k, v := range cx.defs {
		r.defs[k] = v
	}
	for k, v := range cx.orig {
		r.orig[k] = v
	}
	for k, v := range cx.stored {
		r.stored[k] = v
	}
	return r
}

// combine joins the flows of a block's parts into one, labelling each
// part's successor states with its token.
func (a *Analyzer) combine(f *ir.Function, b int, toks [][]comp, fls []*flow) (*flow, error) {
	insts := f.Blocks[b].Insts
	r := &flow{succ: make([]*state, len(insts[len(insts)-1].Succs))}
	for i := range r.succ {
		var ps []part
		for j, fl := range fls {
			if fl == nil || i >= len(fl.succ) || fl.succ[i] == nil {
				continue
			}
			for _, q := range partsOf(fl.succ[i]) {
				ps = append(ps, part{tok: withComps(toks[j], q.tok), s: q.s})
			}
		}
		s, err := a.mkParts(ps)
		if err != nil {
			return nil, err
		}
		r.succ[i] = s
	}
	for _, fl := range fls {
		if fl == nil {
			continue
		}
		if fl.ret != nil {
			var err error
			if r.ret, err = a.join(r.ret, a.flat(fl.ret), false); err != nil {
				return nil, err
			}
		}
		r.rv = r.rv.Join(fl.rv)
		if r.ctx == nil {
			r.ctx = fl.ctx
		}
	}
	return r, nil
}

// blockPart is block under partitioning: each part of in separately,
// then the successors rekeyed for their blocks.
func (a *Analyzer) blockPart(f *ir.Function, b int, in *state, parent *edgeCtx) (*flow, error) {
	var fl *flow
	var err error
	newCx := func() *bctx {
		return &bctx{f: f, defs: map[int32]*ir.Inst{}, orig: map[int32]origin{}, parent: parent, stored: map[int32]bool{}}
	}
	if in.parts == nil || a.part.off {
		fl, err = a.blockFrom(f, b, 0, a.flat(in).clone(), newCx(), false)
	} else {
		done := a.partWork(len(in.parts))
		var toks [][]comp
		var fls []*flow
		for _, p := range in.parts {
			pf, perr := a.blockFrom(f, b, 0, p.s.clone(), newCx(), false)
			if perr != nil {
				done()
				return nil, perr
			}
			toks, fls = append(toks, p.tok), append(fls, pf)
		}
		done()
		fl, err = a.combine(f, b, toks, fls)
	}
	if err != nil || fl == nil {
		return fl, err
	}
	return a.rekeyFlow(f, b, fl)
}
