package executor

import (
	"fmt"

	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/memory"
	"github.com/floatsym/floatsym/solver/expr"
	"github.com/sirupsen/logrus"
)

// State merging (--merge; Kuznetsov et al., PLDI'12, as KLEE's merge
// points): when a state forks on a two-way branch whose region up to the
// branch block's immediate post-dominator (the join) has no cycle, both
// sides join a merge group. A member that reaches the join block (in the
// frame that branched) is parked; when every live member of the group is
// parked, the parked states are merged pairwise where they are compatible:
// the same stack (functions, blocks, call sites, allocas), the same
// symbolic inputs, objects, rounding mode and FP status, no file system or
// uninterpreted libm call. The merged state's path condition is the common
// prefix and the disjunction of the two suffixes; each register live after
// the join and each memory byte that differs becomes ite(suffix of the
// first, its value, the other's value). A model of the merged condition
// satisfies exactly one side's suffix and gives that side's values, so a
// test from a merged state still replays natively one concrete path.
//
// When merging pays: two states merge only when at most mergeMaxDiff
// registers live at the join and memory bytes differ (each becomes an
// if-then-else every later query carries); with --merge=auto
// (Config.MergeCheap) query count estimation (merge_qce.go) judges each
// differing variable: cold ones merge, hot ones only when they are
// inputs or rearranged inputs (cheapExpr) — not computed numbers (an
// if-then-else of two computations made lerp/float_correct's last query
// undecidable: verified in 8 s unmerged, a timeout merged), nor concrete
// values many later queries read (poly_bracket's bisection bounds).

// mergeMaxDiff bounds the values that become if-then-else in one merge.
const mergeMaxDiff = 64

// mergeMaxRegion bounds the blocks of a merge region (the blocks between
// the branch and its join).
const mergeMaxRegion = 512

// mergeGroup is the set of states descending from one branch fork that
// have not yet passed its join.
type mergeGroup struct {
	fn    *ir.Function
	join  int32
	depth int // stack depth of the branching frame
	// live counts the members not yet ended (parked ones included).
	live   int
	parked []*State
}

// funcJoins caches, per function, each block's merge join (-1: none) and,
// per join block, the registers read at or after it.
type funcJoins struct {
	join   []int32
	live   map[int32][]bool
	liveIn []regSet
}

// MergeStats counts what merging did (summary.json "merge"): branch
// forks that opened a merge group, states merged away, and merges refused
// (incompatible states or too many differing values).
type MergeStats struct {
	Groups  int `json:"groups"`
	Merged  int `json:"merged"`
	Refused int `json:"refused"`
	// QCERefused counts the refusals of --merge=auto's query count
	// estimation (merge_qce.go), a part of Refused.
	QCERefused int `json:"qce_refused,omitempty"`
}

func succsOf(b *ir.Block) []ir.Edge {
	if len(b.Insts) == 0 {
		return nil
	}
	return b.Insts[len(b.Insts)-1].Succs
}

// joins returns fn's merge points, computed once.
func (e *Executor) joins(fn *ir.Function) *funcJoins {
	if j, ok := e.mergeJoins[fn]; ok {
		return j
	}
	if e.mergeJoins == nil {
		e.mergeJoins = map[*ir.Function]*funcJoins{}
	}
	n := len(fn.Blocks)
	ipdom := postDominators(fn)
	fj := &funcJoins{join: make([]int32, n), live: map[int32][]bool{}}
	for b := range fn.Blocks {
		fj.join[b] = -1
		in := &fn.Blocks[b].Insts[len(fn.Blocks[b].Insts)-1]
		if in.Op != ir.OpCondBr || ipdom[b] < 0 || ipdom[b] >= n {
			continue
		}
		if regionAcyclic(fn, int32(b), int32(ipdom[b])) {
			fj.join[b] = int32(ipdom[b])
		}
	}
	e.mergeJoins[fn] = fj
	return fj
}

// postDominators computes each block's immediate post-dominator with the
// Cooper–Harvey–Kennedy iteration on the reversed graph; n stands for the
// virtual exit every ret/unreachable block leads to, -1 for a block from
// which no exit is reachable.
func postDominators(fn *ir.Function) []int {
	n := len(fn.Blocks)
	preds := make([][]int, n+1) // reverse-graph successors: CFG predecessors
	for b := range fn.Blocks {
		ss := succsOf(&fn.Blocks[b])
		if len(ss) == 0 {
			preds[n] = append(preds[n], b)
		}
		for _, ed := range ss {
			preds[ed.Block] = append(preds[ed.Block], b)
		}
	}
	// Postorder of the reversed graph from the exit.
	order := make([]int, n+1)
	for i := range order {
		order[i] = -1
	}
	var post []int
	type item struct{ v, i int }
	stack := []item{{n, 0}}
	seen := make([]bool, n+1)
	seen[n] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.i < len(preds[top.v]) {
			w := preds[top.v][top.i]
			top.i++
			if !seen[w] {
				seen[w] = true
				stack = append(stack, item{w, 0})
			}
			continue
		}
		order[top.v] = len(post)
		post = append(post, top.v)
		stack = stack[:len(stack)-1]
	}
	idom := make([]int, n+1)
	for i := range idom {
		idom[i] = -1
	}
	idom[n] = n
	intersect := func(a, b int) int {
		for a != b {
			for order[a] < order[b] {
				a = idom[a]
			}
			for order[b] < order[a] {
				b = idom[b]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for i := len(post) - 1; i >= 0; i-- {
			v := post[i]
			if v == n {
				continue
			}
			nd := -1
			// Reverse-graph predecessors of v: its CFG successors (or exit).
			ss := succsOf(&fn.Blocks[v])
			cands := make([]int, 0, len(ss)+1)
			if len(ss) == 0 {
				cands = append(cands, n)
			}
			for _, ed := range ss {
				cands = append(cands, int(ed.Block))
			}
			for _, p := range cands {
				if idom[p] < 0 {
					continue
				}
				if nd < 0 {
					nd = p
				} else {
					nd = intersect(p, nd)
				}
			}
			if nd != idom[v] {
				idom[v] = nd
				changed = true
			}
		}
	}
	return idom[:n]
}

// regionAcyclic reports whether the blocks reached from b before join form
// no cycle (and are not too many).
func regionAcyclic(fn *ir.Function, b, join int32) bool {
	const white, grey, black = 0, 1, 2
	color := map[int32]uint8{}
	type item struct {
		v int32
		i int
	}
	stack := []item{{b, 0}}
	color[b] = grey
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		ss := succsOf(&fn.Blocks[top.v])
		if top.i < len(ss) {
			w := ss[top.i].Block
			top.i++
			if w == join {
				continue
			}
			switch color[w] {
			case grey:
				return false
			case white:
				if len(color) >= mergeMaxRegion {
					return false
				}
				color[w] = grey
				stack = append(stack, item{w, 0})
			}
			continue
		}
		color[top.v] = black
		stack = stack[:len(stack)-1]
	}
	return true
}

// liveAfter marks the registers of fn live on entry to the join block
// (merge_live.go's dataflow, computed once per function).
func (fj *funcJoins) liveAfter(fn *ir.Function, join int32) []bool {
	if l, ok := fj.live[join]; ok {
		return l
	}
	if fj.liveIn == nil {
		fj.liveIn = liveIns(fn)
	}
	live := make([]bool, fn.NumRegs)
	for r := range live {
		live[r] = fj.liveIn[join].has(r)
	}
	fj.live[join] = live
	return live
}

// mergeBranch makes t and f (the two sides of a fork at fr's conditional
// branch) members of a new group when the branch has a merge join.
func (e *Executor) mergeBranch(t, f *State, fr *StackFrame) {
	if !e.cfg.Merge || e.mergeHalted {
		return
	}
	j := e.joins(fr.Fn).join[fr.Block]
	if j < 0 {
		return
	}
	g := &mergeGroup{fn: fr.Fn, join: j, depth: len(t.Stack), live: 2}
	e.mstats.Groups++
	t.merges = append(t.merges[:len(t.merges):len(t.merges)], g)
	f.merges = append(f.merges[:len(f.merges):len(f.merges)], g)
}

// mergeForked counts a clone in every group of its parent (State.clone).
func mergeForked(c *State) {
	if len(c.merges) == 0 {
		return
	}
	c.merges = append([]*mergeGroup(nil), c.merges...)
	for _, g := range c.merges {
		g.live++
	}
}

// mergeEnded removes an ended state from its groups.
func (e *Executor) mergeEnded(s *State) {
	gs := s.merges
	s.merges = nil
	for _, g := range gs {
		e.leaveGroup(g)
	}
}

func (e *Executor) leaveGroup(g *mergeGroup) {
	g.live--
	if len(g.parked) > 0 && g.live == len(g.parked) {
		e.completeGroup(g)
	}
}

// parkIfJoin parks s when it has just entered the join block of its
// innermost group in the group's frame; it reports whether s left the
// searcher.
func (e *Executor) parkIfJoin(s *State) bool {
	for len(s.merges) > 0 && !e.mergeHalted {
		g := s.merges[len(s.merges)-1]
		if len(s.Stack) < g.depth || s.Stack[g.depth-1].Fn != g.fn {
			// Left the branching frame without passing the join (cannot
			// happen for a post-dominator, but never wait for it).
			s.merges = s.merges[:len(s.merges)-1]
			e.leaveGroup(g)
			continue
		}
		fr := s.top()
		if len(s.Stack) != g.depth || fr.Block != g.join || fr.PC != 0 {
			return false
		}
		e.search.Remove(s)
		if e.mergeParked == nil {
			e.mergeParked = map[*mergeGroup]bool{}
		}
		e.mergeParked[g] = true
		g.parked = append(g.parked, s)
		if g.live == len(g.parked) {
			e.completeGroup(g)
		}
		return true
	}
	return false
}

// completeGroup merges the parked members of g (all its live members) and
// sends the results on: parked at an enclosing group's join or back to
// the searcher.
func (e *Executor) completeGroup(g *mergeGroup) {
	parked := g.parked
	g.parked = nil
	delete(e.mergeParked, g)
	var out []*State
	for _, p := range parked {
		p.merges = p.merges[:len(p.merges)-1] // g is the innermost group
		merged := false
		for i, r := range out {
			if m := e.mergeStates(r, p); m != nil {
				out[i] = m
				merged = true
				break
			}
		}
		if merged {
			e.mstats.Merged++
			for _, og := range p.merges {
				og.live--
			}
			continue
		}
		out = append(out, p)
	}
	g.live = 0
	for _, s := range out {
		if !e.parkIfJoin(s) {
			e.addState(s)
		}
	}
}

// mergeFlush ends merging (at a halt, or if the searcher ran dry while
// states wait, which the group counts rule out): parked states go back to
// the searcher so that they end with their tests like every other state.
// It reports whether it released any.
func (e *Executor) mergeFlush() bool {
	if len(e.mergeParked) == 0 {
		return false
	}
	e.mergeHalted = true
	for g := range e.mergeParked {
		for _, s := range g.parked {
			s.merges = nil
			e.addState(s)
		}
		g.parked = nil
	}
	e.mergeParked = nil
	return true
}

// mergeStates returns a and b joined into a (or nil when they cannot
// merge or merging does not pay).
func (e *Executor) mergeStates(a, b *State) *State {
	if why := mergeable(a, b); why != "" {
		e.mergeRefused(a, b, why)
		return nil
	}
	// --merge=auto: query count estimation (merge_qce.go) judges each
	// differing variable at the join.
	var q *qceFunc
	var ok func(id memory.ObjectID, x, y *expr.Expr) bool
	why := ""
	top, join := a.top(), a.top().Block
	if e.cfg.MergeCheap {
		q = e.qceOf(top.Fn)
		ok = func(id memory.ObjectID, x, y *expr.Expr) bool {
			why = q.qceRefuses(join, q.memVarOf(top, id), x, y)
			return why == ""
		}
	}
	diff, err := a.Mem.MergeDiffBy(b.Mem, ok)
	if err != nil {
		if why != "" {
			e.mstats.QCERefused++
			err = fmt.Errorf("%v: %s (auto)", err, why)
		}
		e.mergeRefused(a, b, err.Error())
		return nil
	}
	fj := e.joins(top.Fn)
	live := fj.liveAfter(top.Fn, join)
	for i, fa := range a.Stack {
		fb := b.Stack[i]
		last := i == len(a.Stack)-1
		for r := range fa.Regs {
			if sameValue(fa.Regs[r], fb.Regs[r]) || (last && !live[r]) {
				continue
			}
			if fa.Regs[r].Agg != nil || fb.Regs[r].Agg != nil {
				e.mergeRefused(a, b, "an aggregate register differs")
				return nil
			}
			if q != nil {
				v := int32(-1) // a caller's register: hot
				if last {
					v = int32(r)
				}
				if why := q.qceRefuses(join, v, fa.Regs[r].E, fb.Regs[r].E); why != "" {
					e.mstats.QCERefused++
					e.mergeRefused(a, b, "register "+fmt.Sprint(r)+": "+why+" (auto)")
					return nil
				}
			}
			diff++
		}
	}
	if diff > mergeMaxDiff {
		e.mergeRefused(a, b, fmt.Sprintf("%d values differ (at most %d merge)", diff, mergeMaxDiff))
		return nil
	}
	p := 0
	for p < len(a.Constraints) && p < len(b.Constraints) && a.Constraints[p] == b.Constraints[p] {
		p++
	}
	ca, cb := e.conj(a.Constraints[p:]), e.conj(b.Constraints[p:])
	for i, fa := range a.Stack {
		fb := b.Stack[i]
		for r := range fa.Regs {
			va, vb := fa.Regs[r], fb.Regs[r]
			if sameValue(va, vb) {
				continue
			}
			if i == len(a.Stack)-1 && !live[r] {
				continue
			}
			t := fa.Fn.RegType[r]
			fa.Regs[r] = valueOf(e.mergeIte(ca, e.exprOf(va, t), e.exprOf(vb, t)))
		}
	}
	a.Mem.Merge(b.Mem, ca)
	a.Constraints = a.Constraints[:p:p]
	// The two sides of one branch: c and not c, whose disjunction is
	// true (the common case once the inner groups have merged).
	if cb != e.B.Not(ca) {
		a.addConstraint(e.B.Or(ca, cb))
	}
	a.Depth = min(a.Depth, b.Depth)
	a.Insts = max(a.Insts, b.Insts)
	return a
}

// mergeIte is the merged value of a register, x where ca holds, else y:
// ite(ca, x, y), except that a Boolean with a constant side is the
// equivalent conjunction or disjunction (the phi of a short-circuit &&
// or ||: ite(c1, c2, false) is c1 ∧ c2), which the later constraint on
// it — __VERIFIER_assume(a >= LO && a <= HI) — then carries as the
// unmerged paths do, as two conjuncts, not as one if-then-else.
func (e *Executor) mergeIte(ca, x, y *expr.Expr) *expr.Expr {
	if x.Sort.Kind == expr.Bool && y.Sort.Kind == expr.Bool {
		switch {
		case y.IsFalse():
			return e.B.And(ca, x)
		case y.IsTrue():
			return e.B.Or(e.B.Not(ca), x)
		case x.IsFalse():
			return e.B.And(e.B.Not(ca), y)
		case x.IsTrue():
			return e.B.Or(ca, y)
		}
	}
	return e.B.Ite(ca, x, y)
}

// cheapExpr reports whether x (nil: a concrete value) is a constant, an
// input, or inputs rearranged without arithmetic (see the heuristics
// above); deep expressions count as computed.
func cheapExpr(x *expr.Expr, depth int) bool {
	if x == nil {
		return true
	}
	if depth > 32 {
		return false
	}
	switch x.Op {
	case expr.OpConst, expr.OpByte, expr.OpRead:
		return true
	case expr.OpConcat, expr.OpExtract, expr.OpZExt, expr.OpSExt, expr.OpFromBits, expr.OpToBits,
		// Comparisons and classifications of such values (the phis of
		// short-circuit && and ||): no new number is computed.
		expr.OpEq, expr.OpUlt, expr.OpUle, expr.OpSlt, expr.OpSle, expr.OpNot, expr.OpAnd, expr.OpOr, expr.OpXor,
		expr.OpFOEq, expr.OpFOLt, expr.OpFOLe, expr.OpFIsNaN, expr.OpFIsInf, expr.OpFIsZero, expr.OpFIsSub, expr.OpFIsNorm:
		for _, k := range x.Kid {
			if !cheapExpr(k, depth+1) {
				return false
			}
		}
		return true
	case expr.OpIte:
		return cheapExpr(x.Kid[1], depth+1) && cheapExpr(x.Kid[2], depth+1)
	}
	return false
}

// conj is the conjunction of cs (true when empty).
func (e *Executor) conj(cs []*expr.Expr) *expr.Expr {
	c := e.B.BoolConst(true)
	for _, x := range cs {
		c = e.B.And(c, x)
	}
	return c
}

func sameValue(a, b Value) bool { return a.E == b.E && a.W == b.W && a.Agg == b.Agg }

// mergeable says why a and b cannot merge ("" if they can, memory and
// registers aside).
func mergeable(a, b *State) string {
	if len(a.Stack) != len(b.Stack) {
		return "different stack depths"
	}
	for i, fa := range a.Stack {
		fb := b.Stack[i]
		if fa.Fn != fb.Fn || fa.Block != fb.Block || fa.PC != fb.PC || fa.Call != fb.Call || fa.VarArgs != fb.VarArgs || len(fa.Regs) != len(fb.Regs) {
			return "different stacks"
		}
		if len(fa.Allocas) != len(fb.Allocas) {
			return "different allocas"
		}
		for k, id := range fa.Allocas {
			if fb.Allocas[k] != id {
				return "different allocas"
			}
		}
	}
	switch {
	case a.RM != b.RM:
		return "different rounding modes"
	case a.FPFlags != b.FPFlags || a.fpPending != b.fpPending:
		return "different FP status flags"
	case a.Errno != b.Errno:
		return "different errno objects"
	case a.fs != nil || b.fs != nil:
		return "a path uses files"
	case a.proc != b.proc:
		return "different process states (signal dispositions, exit handlers, setjmp contexts)"
	case a.libmUninterp || b.libmUninterp || len(a.libmCalls) != len(b.libmCalls):
		return "uninterpreted libm calls"
	case len(a.Symbolics) != len(b.Symbolics):
		return "different symbolic inputs"
	}
	for i, so := range a.Symbolics {
		if b.Symbolics[i] != so {
			return "different symbolic inputs"
		}
	}
	return ""
}

func (e *Executor) mergeRefused(a, b *State, why string) {
	e.mstats.Refused++
	e.log.WithFields(logrus.Fields{"states": fmt.Sprintf("%d,%d", a.ID, b.ID)}).Debug("not merged: " + why)
}
