package absint

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

// Subdivision: the error sites the fixpoint left unproved inside an
// outer loop of main are tried again by replaying that loop's body from
// its head invariant, path by path, over sub-boxes of the inputs the
// body draws (Fluctuat's subdivision, Astrée's unrolling):
//
//   - the replay follows one abstract path at a time (a branch the
//     intervals cannot decide forks it), so an inner loop whose trip
//     count is a constant is unrolled by iteration — its counter is a
//     point at every test — and no join mixes the iterates;
//   - every float value computed from a drawn input carries an affine
//     form (affine.go) beside its interval, met into it (a reduced
//     product), so x·(2 − d·x) and x + a/x keep their correlation;
//   - the input a body draws (a __VERIFIER_nondet_float/double call) is
//     given a box — a window of its range — once its range is bounded
//     (after the assume): the replay meets the value with the window and
//     gives it the form centre + radius·ε_input. When a target site may
//     be reached in a box, the box is bisected along the input whose
//     symbol weighs most in the forms of the last comparisons before
//     the site (the property's failing bound), until the site is proved
//     on every piece or the step budget (Config.SubdivSteps) runs out.
//
// Soundness: the head state is the fixpoint's (a post-fixpoint holding
// every state at the head); a loop is used only when it is entered
// through its head alone, so every execution reaching a site in it ran
// a path of the body from the head that the replay follows; the windows
// of one input cover its whole range (bisection splits a window into
// two that overlap at the cut); a path the replay cannot follow (a path
// cap, an unsupported instruction, the budget) proves nothing. A site
// is proved only when no box reaches it.

// subKey identifies an error site as Result.Sites does.
type subKey [2]string

// drawInfo is one input-drawing call of the body.
type drawInfo struct {
	in   *ir.Inst
	k    arith.Kind
	lo   float64 // hull of the bounded ranges seen (for the first cut)
	hi   float64
	seen bool
}

// window is a closed range of one input's values (±Inf: unbounded).
type window struct{ lo, hi float64 }

// cellKey is a memory cell at a constant offset.
type cellKey struct {
	obj int32
	off int64
}

// cellForm is the form of the value last stored to a cell.
type cellForm struct {
	f    *aff
	size uint64
	k    arith.Kind
	t    *tmodel // its Taylor model (Taylor mode), or nil
}

// aliasCell is a cell holding a drawn input unchanged.
type aliasCell struct {
	d int
	t *ir.Type
}

// subPath is one abstract path being replayed.
type subPath struct {
	s      *state
	b      int
	parent *edgeCtx
	regF   map[int32]*aff
	cellF  map[cellKey]cellForm
	rAlias map[int32]int
	cAlias map[cellKey]aliasCell
	split  map[int]bool
	cmps   []*aff // operand forms of the last comparisons
	regT   map[int32]*tmodel
	tcmps  []*tmodel // their Taylor models (Taylor mode)
	// forked is set once the path took one of several feasible
	// successors after an input got its box: a failure on it is then
	// not sure for the box.
	forked bool
}

func (p *subPath) fork(s *state) *subPath {
	q := &subPath{s: s, b: p.b, regF: make(map[int32]*aff, len(p.regF)), cellF: make(map[cellKey]cellForm, len(p.cellF)),
		rAlias: make(map[int32]int, len(p.rAlias)), cAlias: make(map[cellKey]aliasCell, len(p.cAlias)),
		split: make(map[int]bool, len(p.split)), cmps: p.cmps, forked: p.forked,
		regT: make(map[int32]*tmodel, len(p.regT)), tcmps: p.tcmps}
	for k, v := range p.regT {
		q.regT[k] = v
	}
	for k, v := range p.regF {
		q.regF[k] = v
	}
	for k, v := range p.cellF {
		q.cellF[k] = v
	}
	for k, v := range p.rAlias {
		q.rAlias[k] = v
	}
	for k, v := range p.cAlias {
		q.cAlias[k] = v
	}
	for k, v := range p.split {
		q.split[k] = v
	}
	return q
}

// subdiv is the subdivision of one loop.
type subdiv struct {
	a       *Analyzer
	f       *ir.Function
	c       *cfgInfo
	h       int
	head    *state
	loop    map[int]bool
	targets map[subKey]bool
	draws   []*drawInfo
	drawOf  map[*ir.Inst]int
	next    int32
	obs     map[int]FVal
	steps   int64
	cur     *replayed
	weight  float64
	// tay is set while a box is replayed with Taylor models of degree
	// deg (subdivtaylor.go); taylorBoxes counts such replays,
	// taylorLeaves the boxes they proved.
	tay          bool
	deg          int
	taylorBoxes  int
	taylorLeaves int
}

// replayed is what one box's replay found.
type replayed struct {
	hits map[subKey]bool
	// sure are the hits whose assert fails on every execution of its
	// path (the condition is exactly 0): no bisection will prove them.
	sure map[subKey]bool
	cut  int // the input to bisect, -1 when none
	// spread is the largest radius of the compared forms on a path
	// reaching a target (+Inf without forms): what bisection must shrink.
	spread float64
}

// errPaths ends a replay that forks too much.
var errPaths = errors.New("too many paths in one box")

const (
	// tmTrialDepth is the depth at which a box the affine forms do not
	// prove is tried with Taylor models.
	tmTrialDepth = 4
	subPathCap   = 256
	drawSyms     = 1 << 16
)

// headState is a loop head of main and its fixpoint state.
type headState struct {
	b int
	s *state
}

// keepHead records main's loop-head states of the final pass.
func (a *Analyzer) keepHead(f *ir.Function, b int, s *state) {
	if len(a.stack) == 1 && f.Name == "main" {
		a.heads = append(a.heads, headState{b, s})
	}
}

// subdivide runs the subdivision for every loop of main holding an
// unproved site; it turns the sites it proves unreachable.
func (a *Analyzer) subdivide(main *ir.Function) {
	// The partitioned run (partition.go) does not subdivide: its head
	// states are disjunctions, and the plain run, which runs first, has
	// already subdivided every site it left (a site is unreachable if
	// either run shows it).
	if a.cfg.SubdivSteps <= 0 || a.part != nil {
		return
	}
	c := a.cfgOf(main)
	siteBlocks := map[subKey][]int{}
	for b := range main.Blocks {
		insts := main.Blocks[b].Insts
		for i := range insts {
			in := &insts[i]
			if k := a.errorCallKind(in); k != "" {
				key := subKey{a.m.Where(in.Loc), k}
				siteBlocks[key] = append(siteBlocks[key], b)
			}
			if in.Op == ir.OpUnreachable {
				key := subKey{a.m.Where(in.Loc), "unreachable"}
				siteBlocks[key] = append(siteBlocks[key], b)
			}
		}
	}
	// Sites also in another function (an error call of a callee at the
	// same location) are not the loop's alone.
	for g := range a.seen {
		if g == main {
			continue
		}
		for b := range g.Blocks {
			for i := range g.Blocks[b].Insts {
				in := &g.Blocks[b].Insts[i]
				if k := a.errorCallKind(in); k != "" {
					siteBlocks[subKey{a.m.Where(in.Loc), k}] = append(siteBlocks[subKey{a.m.Where(in.Loc), k}], -1)
				}
			}
		}
	}
	done := map[int]bool{}
	for _, hs := range a.heads {
		if done[hs.b] || hs.s == nil {
			continue
		}
		done[hs.b] = true
		loop := withDeadEnds(main, c, naturalLoop(main, c, hs.b))
		if !enteredAtHead(c, loop, hs.b) {
			continue
		}
		targets := map[subKey]bool{}
		for key, bs := range siteBlocks {
			s := a.sites[key]
			if s == nil || s.Status == "unreachable" {
				continue
			}
			inside := true
			for _, b := range bs {
				inside = inside && b >= 0 && loop[b]
			}
			if inside {
				targets[key] = true
			}
		}
		if len(targets) == 0 {
			continue
		}
		sd := &subdiv{a: a, f: main, c: c, h: hs.b, head: hs.s, loop: loop, targets: targets,
			drawOf: map[*ir.Inst]int{}, next: drawSyms, obs: map[int]FVal{}}
		proved, boxes, complete := sd.safeRun()
		a.subSteps += sd.steps
		for key := range proved {
			s := a.sites[key]
			s.Status, s.Reason = "unreachable", ""
		}
		if len(proved) > 0 {
			a.subdivided++
			if sd.taylorLeaves > 0 {
				a.subTaylor++
			}
			a.noteSubdiv(main, hs.b, sd, boxes, len(proved))
		}
		if complete && a.cfg.Observe {
			if a.subObs == nil {
				a.subObs = map[int]FVal{}
			}
			for line, v := range sd.obs {
				if old, ok := a.subObs[line]; ok {
					v = old.Join(v)
				}
				a.subObs[line] = v
			}
		}
	}
}

// withDeadEnds adds to loop the blocks that end in unreachable and are
// entered only from it: a noreturn error call's block (assert.h's
// __assert_fail), which reaches no back edge, so the natural loop leaves
// it out though every execution reaching it ran the body from the head.
func withDeadEnds(f *ir.Function, c *cfgInfo, loop map[int]bool) map[int]bool {
	for b := range f.Blocks {
		insts := f.Blocks[b].Insts
		if loop[b] || len(insts) == 0 || insts[len(insts)-1].Op != ir.OpUnreachable || len(c.preds[b]) == 0 {
			continue
		}
		inside := true
		for _, p := range c.preds[b] {
			inside = inside && loop[p]
		}
		if inside {
			loop[b] = true
		}
	}
	return loop
}

// enteredAtHead reports that only h has predecessors outside the loop.
func enteredAtHead(c *cfgInfo, loop map[int]bool, h int) bool {
	for b := range loop {
		if b == h {
			continue
		}
		for _, p := range c.preds[b] {
			if !loop[p] {
				return false
			}
		}
	}
	return true
}

// noteSubdiv adds the subdivision to the loop head's printed invariant.
func (a *Analyzer) noteSubdiv(f *ir.Function, h int, sd *subdiv, boxes, proved int) {
	loc := ir.Loc{File: -1}
	for _, in := range f.Blocks[h].Insts {
		if in.Loc.Line > 0 {
			loc = in.Loc
			break
		}
	}
	where := a.m.Where(loc)
	var ins []string
	for _, d := range sd.draws {
		ins = append(ins, fmt.Sprintf("%s in [%g, %g]", a.m.Where(d.in.Loc), d.lo, d.hi))
	}
	sort.Strings(ins)
	forms := "affine forms"
	if sd.taylorLeaves > 0 {
		forms = fmt.Sprintf("affine forms; Taylor models of degree %d proved %d of the boxes (%d replays)",
			tmDegree(len(sd.draws)), sd.taylorLeaves, sd.taylorBoxes)
	}
	msg := fmt.Sprintf("subdivision: %d site(s) proved on %d sub-boxes of the input(s) %v (body unrolled by path, %s), %d steps",
		proved, boxes, ins, forms, sd.steps)
	if a.loops[where] == nil {
		a.loops[where] = map[string]bool{}
	}
	a.loops[where][msg] = true
}

// safeRun is run, proving nothing when it fails internally (the
// fixpoint's result stands).
func (sd *subdiv) safeRun() (proved map[subKey]bool, boxes int, complete bool) {
	defer func() {
		if r := recover(); r != nil {
			proved, boxes, complete = nil, 0, false
		}
	}()
	return sd.run()
}

// run bisects boxes until every target is proved on every piece, or
// gives up. It returns the proved targets, the number of boxes proved,
// and whether every box was explored (no target lost).
func (sd *subdiv) run() (map[subKey]bool, int, bool) {
	lost := map[subKey]bool{}
	type job struct {
		bx    []window
		depth int
		// up are the spreads of the parent and grandparent boxes.
		up [2]float64
		// tay: replay with Taylor models (the box's affine replay, or
		// an ancestor's, stopped shrinking the spread).
		tay bool
	}
	stack := []job{{nil, 0, [2]float64{math.Inf(1), math.Inf(1)}, false}}
	leaves := 0
	for len(stack) > 0 && len(lost) < len(sd.targets) {
		j := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		r, err := sd.replay(j.bx, j.tay)
		if err != nil {
			return nil, 0, false
		}
		for k := range r.sure {
			lost[k] = true
		}
		fresh := false
		for k := range r.hits {
			fresh = fresh || !lost[k]
		}
		if !fresh {
			if len(r.hits) == 0 {
				leaves++
				if j.tay {
					sd.taylorLeaves++
				}
			}
			continue
		}
		// Two bisections must shrink the spread (by 4 for a linear
		// dependence, 16 for a quadratic one): a box whose spread stays
		// (a wide head invariant, another input) is given up.
		stalled := j.depth >= 4 && !(r.spread <= 0.9*j.up[1])
		if stalled && !j.tay && len(sd.draws) > 0 {
			// Affine forms stopped shrinking it: the box and its pieces
			// go on with Taylor models, which keep the curvature.
			stack = append(stack, job{j.bx, j.depth, [2]float64{math.Inf(1), math.Inf(1)}, true})
			continue
		}
		if !j.tay && j.depth == tmTrialDepth && len(sd.draws) > 0 {
			// The trial: a box the affine forms could not prove after
			// tmTrialDepth bisections is replayed with Taylor models;
			// when they bound the compared spread far tighter, they
			// take over the box and its pieces.
			rt, err := sd.replay(j.bx, true)
			if err != nil {
				return nil, 0, false
			}
			if rt.spread < r.spread/16 {
				for k := range rt.sure {
					lost[k] = true
				}
				fresh = false
				for k := range rt.hits {
					fresh = fresh || !lost[k]
				}
				if !fresh {
					if len(rt.hits) == 0 {
						leaves++
						sd.taylorLeaves++
					}
					continue
				}
				r, j.tay, j.up, stalled = rt, true, [2]float64{math.Inf(1), math.Inf(1)}, false
			}
		}
		l, rt, ok := sd.bisect(j.bx, r.cut)
		ok = ok && !stalled
		if ok && j.depth%4 == 3 && sd.failsAtCut(l, r.cut, lost, j.tay) {
			continue
		}
		if !ok {
			for k := range r.hits {
				lost[k] = true
			}
			continue
		}
		up := [2]float64{r.spread, j.up[0]}
		stack = append(stack, job{rt, j.depth + 1, up, j.tay}, job{l, j.depth + 1, up, j.tay})
	}
	if len(stack) > 0 {
		// Out of budget or every target lost: the boxes left are
		// unexplored, so nothing is proved.
		return nil, 0, false
	}
	proved := map[subKey]bool{}
	for k := range sd.targets {
		if !lost[k] {
			proved[k] = true
		}
	}
	return proved, leaves, len(lost) == 0
}

// failsAtCut replays the point where box l (a bisected half) ends along
// input d; a target that surely fails there is lost (bisecting further
// cannot prove it). It reports whether every target is lost.
func (sd *subdiv) failsAtCut(l []window, d int, lost map[subKey]bool, tay bool) bool {
	pt := append([]window(nil), l...)
	pt[d] = window{l[d].hi, l[d].hi}
	r, err := sd.replay(pt, tay)
	if err != nil {
		return false
	}
	for k := range r.sure {
		lost[k] = true
	}
	return len(lost) == len(sd.targets)
}

// bisect cuts box bx's window of input d in two overlapping halves.
func (sd *subdiv) bisect(bx []window, d int) ([]window, []window, bool) {
	if d < 0 || d >= len(sd.draws) || !sd.draws[d].seen || sd.steps >= sd.a.cfg.SubdivSteps {
		return nil, nil, false
	}
	w := window{math.Inf(-1), math.Inf(1)}
	if d < len(bx) {
		w = bx[d]
	}
	di := sd.draws[d]
	lo, hi := math.Max(w.lo, di.lo), math.Min(w.hi, di.hi)
	if !(lo < hi) {
		return nil, nil, false
	}
	mid := lo/2 + hi/2
	if di.k == arith.F32 {
		mid = float64(float32(mid))
	}
	if !(lo < mid && mid < hi) {
		return nil, nil, false
	}
	mk := func(x window) []window {
		nb := make([]window, len(sd.draws))
		for i := range nb {
			nb[i] = window{math.Inf(-1), math.Inf(1)}
			if i < len(bx) {
				nb[i] = bx[i]
			}
		}
		nb[d] = x
		return nb
	}
	return mk(window{w.lo, mid}), mk(window{mid, w.hi}), true
}

// replay runs every path of the body from the head over box bx, with
// Taylor models when tay is set.
func (sd *subdiv) replay(bx []window, tay bool) (*replayed, error) {
	a := sd.a
	saved := a.record
	a.record = false
	defer func() { a.record = saved }()
	r := &replayed{hits: map[subKey]bool{}, sure: map[subKey]bool{}, cut: -1}
	sd.cur, sd.weight = r, -1
	sd.tay, sd.deg = tay, tmDegree(len(sd.draws))
	if tay {
		sd.taylorBoxes++
	}
	work := []*subPath{{s: sd.head.clone(), b: sd.h, regF: map[int32]*aff{}, regT: map[int32]*tmodel{}, cellF: map[cellKey]cellForm{},
		rAlias: map[int32]int{}, cAlias: map[cellKey]aliasCell{}, split: map[int]bool{}}}
	paths := 0
	for len(work) > 0 {
		p := work[len(work)-1]
		work = work[:len(work)-1]
		if paths++; paths > subPathCap {
			return nil, errPaths
		}
		next, err := sd.block(p, bx)
		if err != nil {
			return nil, err
		}
		work = append(work, next...)
	}
	return r, nil
}

// cutOf picks the input whose symbol weighs most in the path's last
// comparisons (the first input when none does).
func (sd *subdiv) cutOf(p *subPath) (int, float64) {
	best, bw := -1, -1.0
	if len(sd.draws) > 0 {
		best, bw = 0, 0
	}
	for _, f := range p.cmps {
		for i, s := range f.sym {
			if s < drawSyms && int(s) < len(sd.draws) && math.Abs(f.a[i]) > bw {
				best, bw = int(s), math.Abs(f.a[i])
			}
		}
	}
	return best, bw
}

// tick counts one replayed instruction against the budget.
func (sd *subdiv) tick() error {
	sd.steps++
	if sd.steps > sd.a.cfg.SubdivSteps {
		return errBudget
	}
	if sd.steps&4095 == 0 && !sd.a.cfg.Deadline.IsZero() && time.Now().After(sd.a.cfg.Deadline) {
		return errDeadline
	}
	return nil
}

// block replays path p's block; it returns the paths to go on with. A
// target site the path may reach is recorded (sd.hit); an assert that
// may fail goes on as the fixpoint does (its failure ends the
// execution, so the path after it holds the condition).
func (sd *subdiv) block(p *subPath, bx []window) ([]*subPath, error) {
	a, f := sd.a, sd.f
	cx := &bctx{f: f, defs: map[int32]*ir.Inst{}, orig: map[int32]origin{}, parent: p.parent, stored: map[int32]bool{}}
	s := p.s
	if !sd.trySplit(p, bx) {
		return nil, nil
	}
	insts := f.Blocks[p.b].Insts
	for i := range insts {
		in := &insts[i]
		if err := sd.tick(); err != nil {
			return nil, err
		}
		if in.Op >= ir.OpRet {
			return sd.terminator(p, cx, in)
		}
		if in.Op == ir.OpCall {
			if kind := a.errorCallKind(in); kind != "" {
				key := subKey{a.m.Where(in.Loc), kind}
				if kind != "assert" || a.calleeName(in) != "__VERIFIER_assert" {
					sd.hit(p, key)
					return nil, nil
				}
				v, err := a.get(s, in.Args[0])
				if err != nil {
					return nil, err
				}
				if v.Kind != VInt || (v.I.Lo <= 0 && 0 <= v.I.Hi) {
					sd.hit(p, key)
					if v.Kind == VInt && v.I.Lo == 0 && v.I.Hi == 0 && sd.targets[key] && !p.forked {
						sd.cur.sure[key] = true
					}
				}
			}
			if a.cfg.Observe && len(in.Args) == 2 {
				sd.observe(s, in)
			}
		}
		ok, err := a.inst(cx, s, in)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, nil
		}
		if in.Dst >= 0 {
			cx.defs[in.Dst] = in
		}
		if !sd.forms(p, in) {
			return nil, nil
		}
		if in.Op == ir.OpCall && !sd.trySplit(p, bx) {
			return nil, nil
		}
	}
	return nil, a.unsupported(f, f.Loc, "a block without terminator")
}

// hit records that path p may reach site key (when it is a target) and
// which input to cut for it.
func (sd *subdiv) hit(p *subPath, key subKey) {
	if !sd.targets[key] {
		return
	}
	sd.cur.hits[key] = true
	w := math.Inf(1)
	if len(p.cmps) > 0 {
		w = 0
		for _, f := range p.cmps {
			w += f.rad()
		}
	}
	if sd.tay {
		w = p.tspread()
	}
	sd.cur.spread = math.Max(sd.cur.spread, w)
	if d, w := sd.cutOf(p); w > sd.weight {
		sd.cur.cut, sd.weight = d, w
	}
}

// observe records an absint_observe_* argument (the soundness test).
func (sd *subdiv) observe(s *state, in *ir.Inst) {
	name := sd.a.calleeName(in)
	if len(name) < 15 || name[:15] != "absint_observe_" {
		return
	}
	v, err := sd.a.get(s, in.Args[0])
	l, err2 := sd.a.get(s, in.Args[1])
	if err != nil || err2 != nil || v.Kind != VFloat {
		return
	}
	if line, ok := l.I.Single(); ok {
		if old, ok := sd.obs[int(line)]; ok {
			v.F = old.Join(v.F)
		}
		sd.obs[int(line)] = v.F
	}
}

// terminator follows the successors of p's block inside the loop.
func (sd *subdiv) terminator(p *subPath, cx *bctx, in *ir.Inst) ([]*subPath, error) {
	a := sd.a
	if in.Op == ir.OpUnreachable {
		sd.hit(p, subKey{a.m.Where(in.Loc), "unreachable"})
		return nil, nil
	}
	fl, err := sd.decided(cx, p.s, in)
	if fl == nil && err == nil {
		fl, err = a.terminator(cx, p.s, in)
	}
	if err != nil || fl.ret != nil {
		return nil, err
	}
	var next []*subPath
	feasible := 0
	for _, t := range fl.succ {
		if t != nil {
			feasible++
		}
	}
	boxed := false
	for _, done := range p.split {
		boxed = boxed || done
	}
	last := -1
	for i, e := range in.Succs {
		if t := int(e.Block); fl.succ[i] != nil && t != sd.h && sd.loop[t] {
			last = i
		}
	}
	for i, e := range in.Succs {
		t := int(e.Block)
		if fl.succ[i] == nil || t == sd.h || !sd.loop[t] {
			continue
		}
		// Phi moves are parallel: read every source first.
		fs := make([]*aff, len(e.Moves))
		as := make([]int, len(e.Moves))
		for j, mv := range e.Moves {
			as[j] = -1
			if mv.Src.IsReg() {
				fs[j] = p.regF[int32(mv.Src)]
				if d, ok := p.rAlias[int32(mv.Src)]; ok {
					as[j] = d
				}
			}
		}
		// The last successor taken goes on in p itself (the others
		// copy it first).
		q := p
		if i != last {
			q = p.fork(fl.succ[i])
		}
		q.s = fl.succ[i]
		q.b = t
		q.forked = q.forked || (feasible > 1 && boxed)
		q.parent = nil
		if partitioned(sd.f, sd.c, t) {
			q.parent = &edgeCtx{ctx: cx, moves: e.Moves}
		}
		for j, mv := range e.Moves {
			delete(q.regF, mv.Dst)
			delete(q.rAlias, mv.Dst)
			if fs[j] != nil {
				q.regF[mv.Dst] = fs[j]
			}
			if as[j] >= 0 {
				q.rAlias[mv.Dst] = as[j]
			}
		}
		next = append(next, q)
	}
	return next, nil
}

// decided is the terminator's flow for a conditional branch whose
// condition is one value (most branches of an unrolled body: loop
// counters are points), refining s in place instead of cloning it per
// edge; nil when the branch is not such.
func (sd *subdiv) decided(cx *bctx, s *state, in *ir.Inst) (*flow, error) {
	if in.Op != ir.OpCondBr || !in.A.IsReg() {
		return nil, nil
	}
	v := s.regs[in.A]
	c, ok := v.I.Single()
	if v.Kind != VInt || v.I.Bits != 1 || !ok {
		return nil, nil
	}
	i := 0
	if c == 0 {
		i = 1
	}
	fl := &flow{succ: make([]*state, len(in.Succs))}
	if !sd.a.refine(cx, s, in.A, c != 0) {
		return fl, nil
	}
	moves := in.Succs[i].Moves
	vals := make([]Val, len(moves))
	for j, mv := range moves {
		x, err := sd.a.get(s, mv.Src)
		if err != nil {
			return nil, sd.a.unsupported(cx.f, in.Loc, "%v", err)
		}
		vals[j] = x
	}
	for j, mv := range moves {
		s.regs[mv.Dst] = vals[j]
	}
	fl.succ[i] = s
	return fl, nil
}
