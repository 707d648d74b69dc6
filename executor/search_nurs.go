package executor

import (
	"math"
	"time"

	"github.com/floatsym/floatsym/ir"
)

// KLEE's non-uniform random searchers (nurs:*, WeightedRandomSearcher):
// a state is picked with probability proportional to its weight. The
// weights are KLEE's getWeight:
//
//	nurs:depth   depth (here depth+1, so the root state can be picked)
//	nurs:rp      0.5^depth
//	nurs:icnt    1/max(1,count)^2, count = executions of the instruction at the state's pc
//	nurs:cpicnt  1/max(1,count),   count = instructions run in the state's current function
//	             (KLEE: its call path; floatsym counts per function)
//	nurs:qc      1 when the state's solver time is under 0.1 s, else 1/seconds
//	nurs:md2u    1/md2u^2, md2u = the state's distance in instructions to an
//	             uncovered instruction of the program under test (10000 when none is reachable)
//	nurs:covnew  1/max(1,n-1000)^2 + 1/md2u^2, n = instructions since the state last
//	             covered a new line or branch (0 when it never did)
//
// KLEE reweighs only the state that ran; floatsym reweighs every state at
// each pick (the same distribution, fresh). Every weight but qc's (a
// measured time) depends only on the exploration, so a --seed gives the
// same run.

// nurs makes a weighted searcher over weight(e, s).
func nurs(weight func(e *Executor, s *State) float64) func(int64, *Executor) Searcher {
	return func(seed int64, e *Executor) Searcher {
		w := &weighted{r: newRand(seed)}
		w.before = func() {
			if e != nil && e.cov != nil {
				e.notePick()
			}
		}
		w.weight = func(s *State) float64 {
			if e == nil || e.cov == nil {
				return 1
			}
			return weight(e, s)
		}
		return w
	}
}

func weightICnt(e *Executor, s *State) float64 {
	fr := s.top()
	n := e.cov.counts[e.cov.base[fr.Fn.Index][fr.Block]+int(fr.PC)]
	inv := 1 / float64(max(n, 1))
	return inv * inv
}

func weightCPICnt(e *Executor, s *State) float64 {
	return 1 / float64(max(e.funcInstructions(s.top().Fn), 1))
}

func weightQC(_ *Executor, s *State) float64 {
	if c := s.queryCost.Seconds(); c >= 0.1 {
		return 1 / c
	}
	return 1
}

func weightMD2U(e *Executor, s *State) float64 {
	inv := 1 / float64(e.md2u(s))
	return inv * inv
}

func weightCovNew(e *Executor, s *State) float64 {
	cov := 0.0
	if s.covNewAt > 0 {
		since := s.Insts + 1 - s.covNewAt
		cov = 1 / float64(max(int64(since)-1000, 1))
	}
	return cov*cov + weightMD2U(e, s)
}

// funcInstructions is the number of instructions run in f so far, by
// every state (cached per pick: md2uTable.funcRun).
func (e *Executor) funcInstructions(f *ir.Function) uint64 {
	t := e.distances()
	if t.funcRun[f.Index] == math.MaxUint64 {
		var n uint64
		base := e.cov.base[f.Index]
		for b := range f.Blocks {
			for pc := range f.Blocks[b].Insts {
				n += e.cov.counts[base[b]+pc]
			}
		}
		t.funcRun[f.Index] = n
	}
	return t.funcRun[f.Index]
}

// unreachable is md2u's "no uncovered instruction reachable".
const unreachable = 10000

// infDist is a distance table's infinity.
const infDist = math.MaxUint32 / 4

// md2uTable holds, per instruction, the distance in instructions to the
// nearest uncovered instruction of the program under test (a counted
// line's instruction never run), through branches and into called
// functions, not past a return (the caller's frames are asked in turn).
// It is recomputed when coverage grew, at most every md2uEvery picks
// (picks, not time: the run stays deterministic per seed).
type md2uTable struct {
	dist     []uint32
	funcDist []uint32
	funcRun  []uint64 // per function, instructions run (cpicnt), MaxUint64: not yet summed
	covered  int      // instructions covered when dist was computed
	// errDist and errFuncDist are md2e's (search_errsite.go): the
	// distance to an uncovered error site; errSite marks the sites.
	errDist, errFuncDist []uint32
	errSite              []bool
	picks                int
	built                bool
}

const md2uEvery = 16

// distances returns the table, recomputed when due.
func (e *Executor) distances() *md2uTable {
	if e.md2 == nil {
		e.md2 = &md2uTable{}
	}
	return e.md2
}

// notePick is called once per searcher pick: the cached per-function
// counts are stale, and the distances are recomputed when due.
func (e *Executor) notePick() {
	t := e.distances()
	if t.funcRun == nil {
		t.funcRun = make([]uint64, len(e.m.Funcs))
	}
	for i := range t.funcRun {
		t.funcRun[i] = math.MaxUint64
	}
	t.picks++
	if !t.built || (t.covered != e.cov.n && t.picks >= md2uEvery) {
		e.computeDistances(t)
	}
}

// computeDistances fills the table by iterating to a fixed point:
// backwards through each block, from the successors' entries, and into
// callees by their entry distance. The same pass with other targets gives
// md2e's table (search_errsite.go): uncovered error sites.
func (e *Executor) computeDistances(t *md2uTable) {
	c := e.cov
	t.built, t.covered, t.picks = true, c.n, 0
	if t.dist == nil {
		t.dist = make([]uint32, len(c.counts))
		t.funcDist = make([]uint32, len(e.m.Funcs))
	}
	e.fillDistances(t.dist, t.funcDist, func(g int) bool { return c.lineOf[g] >= 0 && c.counts[g] == 0 })
	e.computeErrDistances(t) // search_errsite.go
}

// fillDistances sets dist (per instruction) and funcDist (per function,
// from its entry) to the distance in instructions to the nearest target.
func (e *Executor) fillDistances(dist, funcDist []uint32, target func(g int) bool) {
	c := e.cov
	for i := range dist {
		dist[i] = infDist
	}
	for i := range funcDist {
		funcDist[i] = infDist
	}
	for iter := 0; iter < 64; iter++ {
		changed := false
		for fi, f := range e.m.Funcs {
			base := c.base[fi]
			for b := len(f.Blocks) - 1; b >= 0; b-- {
				insts := f.Blocks[b].Insts
				d := uint32(infDist)
				for pc := len(insts) - 1; pc >= 0; pc-- {
					in := &insts[pc]
					g := base[b] + pc
					if pc == len(insts)-1 {
						for _, s := range in.Succs {
							d = min(d, dist[base[s.Block]])
						}
					}
					d = min(d+1, infDist)
					if in.Op == ir.OpCall && in.Callee >= 0 {
						d = min(d, funcDist[in.Callee]+1)
					}
					if target(g) {
						d = 0
					}
					if d != dist[g] {
						dist[g] = d
						changed = true
					}
				}
			}
			if len(f.Blocks) > 0 {
				funcDist[fi] = dist[base[0]]
			}
		}
		if !changed {
			break
		}
	}
}

// md2u is a state's distance to uncovered code: from its pc, or from a
// caller's return point, whichever is nearer (unreachable when none).
func (e *Executor) md2u(s *State) uint64 {
	t := e.distances()
	if !t.built {
		return unreachable
	}
	best := stackDistance(e, s, t.dist)
	if best >= infDist {
		return unreachable
	}
	return best + 1
}

// stackDistance is the distance from s's pc, or from a caller's return
// point, to the nearest target of dist, whichever is nearer (infDist or
// more when none is reachable).
func stackDistance(e *Executor, s *State, dist []uint32) uint64 {
	best := uint64(infDist)
	for i := len(s.Stack) - 1; i >= 0; i-- {
		fr := s.Stack[i]
		if int(fr.Block) >= len(fr.Fn.Blocks) || int(fr.PC) >= len(fr.Fn.Blocks[fr.Block].Insts) {
			continue
		}
		d := uint64(dist[e.cov.base[fr.Fn.Index][fr.Block]+int(fr.PC)])
		best = min(best, d+uint64(len(s.Stack)-1-i))
	}
	return best
}

// noteCoveredNew records when s last covered something new (covnew).
func (s *State) noteCoveredNew() {
	s.coveredNew = true
	s.covNewAt = s.Insts + 1
}

// timeQuery adds a solver call's time to the state's query cost (qc).
func (s *State) timeQuery(start time.Time) { s.queryCost += time.Since(start) }
