package absint

import (
	"fmt"
	"sort"
	"strings"

	"github.com/floatsym/floatsym/ir"
)

// state is the abstract state of one frame at a program point: its
// registers, the whole memory, and the possible rounding modes. A nil
// *state is the bottom (unreachable).
type state struct {
	regs  []Val
	mem   memory
	modes Modes
	eqs   eqs // cell equations (eqs.go), copy-on-write
	// parts, when set, make the state a disjunction (partition.go); the
	// fields above then hold the join of the parts.
	parts []part
}

func (s *state) clone() *state {
	r := &state{regs: append([]Val(nil), s.regs...), mem: s.mem.clone(), modes: s.modes, eqs: s.eqs, parts: s.parts}
	return r
}

// join joins two states (either may be nil).
func (a *Analyzer) join(x, y *state, widen bool) (*state, error) {
	switch {
	case x == nil && y == nil:
		return nil, nil
	case x == nil:
		return y, nil
	case y == nil:
		return x, nil
	case x.parts != nil || y.parts != nil:
		return a.joinParts(x, y, widen)
	}
	r := &state{regs: make([]Val, len(x.regs)), modes: x.modes | y.modes, eqs: joinEqs(x.eqs, y.eqs)}
	for i := range x.regs {
		if widen {
			r.regs[i] = x.regs[i].Widen(y.regs[i], a.th)
		} else {
			r.regs[i] = x.regs[i].Join(y.regs[i])
		}
	}
	m, err := a.joinMem(x.mem, y.mem, widen)
	if err != nil {
		return nil, err
	}
	r.mem = m
	return r, nil
}

// leq reports x ⊑ y.
func (a *Analyzer) leq(x, y *state) (bool, error) {
	if x == nil {
		return true, nil
	}
	if x.parts != nil || (y != nil && y.parts != nil) {
		return a.leqParts(x, y)
	}
	if y == nil || x.modes&^y.modes != 0 || !leqEqs(x.eqs, y.eqs) {
		return false, nil
	}
	for i := range x.regs {
		if !x.regs[i].Leq(y.regs[i]) {
			return false, nil
		}
	}
	return a.leqMem(x.mem, y.mem)
}

// cfgInfo is a function's control-flow graph facts.
type cfgInfo struct {
	rpo   []int
	preds [][]int // predecessor blocks (with multiplicity per edge)
	head  []bool  // loop heads: targets of back edges
}

func (a *Analyzer) cfgOf(f *ir.Function) *cfgInfo {
	if c := a.fcache[f]; c != nil {
		return c
	}
	n := len(f.Blocks)
	c := &cfgInfo{preds: make([][]int, n), head: make([]bool, n)}
	color := make([]uint8, n)
	var post []int
	var dfs func(b int)
	dfs = func(b int) {
		color[b] = 1
		insts := f.Blocks[b].Insts
		if len(insts) > 0 {
			for _, e := range insts[len(insts)-1].Succs {
				t := int(e.Block)
				c.preds[t] = append(c.preds[t], b)
				switch color[t] {
				case 0:
					dfs(t)
				case 1:
					c.head[t] = true
				}
			}
		}
		color[b] = 2
		post = append(post, b)
	}
	dfs(0)
	for i := len(post) - 1; i >= 0; i-- {
		c.rpo = append(c.rpo, post[i])
	}
	a.fcache[f] = c
	return c
}

// flow is what one block transfer produced: a state per successor edge
// and the returns.
type flow struct {
	succ []*state
	ret  *state
	rv   Val
	ctx  *bctx // the block's context at its end, for partitioned successors
}

// analyseFunc analyses one call of f with the arguments args from the
// caller's state entry (whose memory and modes it starts from), and
// returns the return value and the state at return (nil: never returns).
func (a *Analyzer) analyseFunc(f *ir.Function, args []Val, entry *state) (Val, *state, error) {
	for _, g := range a.stack {
		if g == f {
			return Val{}, nil, a.unsupported(f, f.Loc, "recursion")
		}
	}
	if len(a.stack) >= a.cfg.MaxDepth {
		return Val{}, nil, a.unsupported(f, f.Loc, "calls nested deeper than %d", a.cfg.MaxDepth)
	}
	a.stack = append(a.stack, f)
	defer func() { a.stack = a.stack[:len(a.stack)-1] }()
	a.seen[f] = true
	c := a.cfgOf(f)
	st := &state{regs: make([]Val, f.NumRegs), mem: entry.mem, modes: entry.modes}
	copy(st.regs, args)
	n := len(f.Blocks)
	in := make([]*state, n)
	out := make([]*flow, n)
	visits := make([]int, n)
	record := a.record
	a.record = false
	defer func() { a.record = record }()

	filt := map[int]*filterInv{}
	incoming := func(b int) (*state, error) {
		var s *state
		if b == 0 {
			s = st
		}
		for _, p := range c.preds[b] {
			if out[p] == nil {
				continue
			}
			for i, e := range f.Blocks[p].Insts[len(f.Blocks[p].Insts)-1].Succs {
				if int(e.Block) == b {
					var err error
					if s, err = a.join(s, out[p].succ[i], false); err != nil {
						return nil, err
					}
				}
			}
		}
		return a.applyFilter(s, filt[b]), nil
	}
	ascend := func() error {
		for changed := true; changed; {
			changed = false
			for _, b := range c.rpo {
				s, err := incoming(b)
				if err != nil {
					return err
				}
				if in[b] != nil {
					ok, err := a.leq(s, in[b])
					if err != nil {
						return err
					}
					if ok && out[b] != nil {
						continue
					}
					if c.head[b] {
						visits[b]++
						if s, err = a.join(in[b], s, visits[b] > a.cfg.Delay); err != nil {
							return err
						}
						s = a.applyFilter(s, filt[b])
					}
				}
				if s == nil {
					continue
				}
				in[b] = s
				if out[b], err = a.transfer(f, c, b, s, out); err != nil {
					return err
				}
				changed = true
			}
		}
		return nil
	}
	// Ascending iterations, widening at loop heads after Delay joins.
	if err := ascend(); err != nil {
		return Val{}, nil, err
	}
	// Relational invariants of linear filters, proved from the fixpoint:
	// met into their heads, then the fixpoint is computed again.
	found := false
	for _, b := range c.rpo {
		if c.head[b] && in[b] != nil {
			if inv := a.tryFilter(f, c, b, in, out, st); inv != nil {
				filt[b], found = inv, true
			}
		}
	}
	if found {
		a.filters++
		saved := a.bounds
		a.bounds = map[int32]FVal{}
		for _, inv := range filt {
			for reg, b := range inv.regs {
				a.bounds[reg] = b
			}
		}
		defer func() { a.bounds = saved }()
		for i := range in {
			in[i], out[i], visits[i] = nil, nil, 0
		}
		if err := ascend(); err != nil {
			return Val{}, nil, err
		}
	}
	// Descending iterations, kept only if the result is still a
	// post-fixpoint (checked below).
	if a.cfg.Narrow > 0 {
		saveIn, saveOut := append([]*state(nil), in...), append([]*flow(nil), out...)
		for k := 0; k < a.cfg.Narrow; k++ {
			for _, b := range c.rpo {
				s, err := incoming(b)
				if err != nil {
					return Val{}, nil, err
				}
				in[b] = s
				if s == nil {
					out[b] = nil
					continue
				}
				if out[b], err = a.transfer(f, c, b, s, out); err != nil {
					return Val{}, nil, err
				}
			}
		}
		ok := true
		for _, b := range c.rpo {
			s, err := incoming(b)
			if err != nil {
				return Val{}, nil, err
			}
			if ok, err = a.leq(s, in[b]); err != nil {
				return Val{}, nil, err
			} else if !ok {
				break
			}
		}
		if !ok {
			in, out = saveIn, saveOut
		}
	}
	// The final pass: every block once from its stable state, recording
	// the error sites and the loop invariants when asked to.
	a.record = record
	var rv Val
	var ret *state
	for _, b := range c.rpo {
		if in[b] == nil {
			a.deadBlock(f, b)
			continue
		}
		if c.head[b] && record {
			a.invariant(f, b, in[b])
			a.keepHead(f, b, in[b])
		}
		fl, err := a.transfer(f, c, b, in[b], out)
		if err != nil {
			return Val{}, nil, err
		}
		if fl.ret != nil {
			rv = rv.Join(fl.rv)
			if ret, err = a.join(ret, fl.ret, false); err != nil {
				return Val{}, nil, err
			}
		}
	}
	for b := range f.Blocks {
		if !contains(c.rpo, b) {
			a.deadBlock(f, b)
		}
	}
	return rv, ret, nil
}

func contains(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// deadBlock records the error sites of a block no state reaches.
func (a *Analyzer) deadBlock(f *ir.Function, b int) {
	if !a.record {
		return
	}
	for i := range f.Blocks[b].Insts {
		in := &f.Blocks[b].Insts[i]
		if kind := a.errorCallKind(in); kind != "" {
			a.site(in.Loc, kind, false, "")
		}
	}
}

// invariant records the state at a loop head.
func (a *Analyzer) invariant(f *ir.Function, b int, s *state) {
	for _, p := range s.parts { // a disjunction: one invariant per part
		a.invariant(f, b, p.s)
	}
	if s.parts != nil {
		return
	}
	loc := ir.Loc{File: -1}
	for _, in := range f.Blocks[b].Insts {
		if in.Loc.Line > 0 {
			loc = in.Loc
			break
		}
	}
	where := a.m.Where(loc)
	if loc.Line == 0 {
		where = fmt.Sprintf("%s:%s", f.Name, f.Blocks[b].Name)
	}
	var parts []string
	ids := make([]int, 0, len(s.mem))
	for id := range s.mem {
		ids = append(ids, int(id))
	}
	sort.Ints(ids)
	for _, id := range ids {
		om := s.mem[int32(id)]
		o := &a.objs[id]
		if o.global != nil && (o.global.ReadOnly || strings.HasPrefix(o.name, "@.str")) {
			continue
		}
		if om.smashed {
			if om.havoc {
				parts = append(parts, o.name+"[*] ⊤")
			} else {
				parts = append(parts, fmt.Sprintf("%s[*] in %s", o.name, om.sum))
			}
			continue
		}
		offs := make([]int64, 0, len(om.cells))
		for off := range om.cells {
			offs = append(offs, off)
		}
		sort.Slice(offs, func(i, j int) bool { return offs[i] < offs[j] })
		for _, off := range offs {
			c := om.cells[off]
			if c.v.Kind == VPtr {
				continue
			}
			name := o.name
			if off != 0 || len(offs) > 1 {
				name = fmt.Sprintf("%s+%d", o.name, off)
			}
			parts = append(parts, fmt.Sprintf("%s in %s", name, c.v))
		}
	}
	inv := strings.Join(parts, "; ")
	if a.loops[where] == nil {
		a.loops[where] = map[string]bool{}
	}
	a.loops[where][inv] = true
}

// partitioned reports whether block b is transferred once per incoming
// edge instead of from the join: a block that is not a loop head and
// whose incoming edges set a boolean (C's && and || and ?: on
// conditions), so that its branch can refine each path by the value
// that path gave the boolean (trace partitioning on those edges).
func partitioned(f *ir.Function, c *cfgInfo, b int) bool {
	if c.head[b] || len(c.preds[b]) < 2 {
		return false
	}
	for _, p := range c.preds[b] {
		t := f.Blocks[p].Insts[len(f.Blocks[p].Insts)-1]
		for _, e := range t.Succs {
			if int(e.Block) != b {
				continue
			}
			for _, mv := range e.Moves {
				if rt := f.RegType[mv.Dst]; rt != nil && rt.Kind == ir.IntType && rt.Bits == 1 {
					return true
				}
			}
		}
	}
	return false
}

// transfer runs block b from in, or, for a partitioned block, from each
// incoming edge's state separately, joining the results.
func (a *Analyzer) transfer(f *ir.Function, c *cfgInfo, b int, in *state, out []*flow) (*flow, error) {
	if !partitioned(f, c, b) {
		return a.block(f, b, in, nil)
	}
	var r *flow
	seen := map[int]bool{}
	for _, p := range c.preds[b] {
		if out[p] == nil || seen[p] {
			continue
		}
		seen[p] = true
		t := f.Blocks[p].Insts[len(f.Blocks[p].Insts)-1]
		for i, e := range t.Succs {
			if int(e.Block) != b || out[p].succ[i] == nil {
				continue
			}
			parent := &edgeCtx{ctx: out[p].ctx, moves: e.Moves}
			fl, err := a.block(f, b, out[p].succ[i], parent)
			if err != nil {
				return nil, err
			}
			if r, err = a.joinFlow(r, fl); err != nil {
				return nil, err
			}
		}
	}
	if r == nil {
		return a.block(f, b, in, nil)
	}
	return r, nil
}

// joinFlow joins two block results.
func (a *Analyzer) joinFlow(x, y *flow) (*flow, error) {
	if x == nil {
		return y, nil
	}
	r := &flow{succ: make([]*state, len(x.succ)), rv: x.rv.Join(y.rv)}
	var err error
	for i := range x.succ {
		if r.succ[i], err = a.join(x.succ[i], y.succ[i], false); err != nil {
			return nil, err
		}
	}
	if r.ret, err = a.join(x.ret, y.ret, false); err != nil {
		return nil, err
	}
	return r, nil
}
