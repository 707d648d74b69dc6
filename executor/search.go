package executor

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
)

// Searcher picks the next state to run (KLEE's searcher interface).
type Searcher interface {
	Select() *State
	Add(s *State)
	Remove(s *State)
	Len() int
}

// searchers is the table of search strategies, KLEE's names (all of
// KLEE's: dfs, bfs, random-state, random-path and the nurs family). To add
// one: an entry here (name, --help text, constructor) and, for a weighted
// one, a weight function in search_nurs.go; TestSearchersExplore then
// checks it explores every path and is deterministic per seed.
var searchers = []struct {
	name string
	doc  string
	// make builds the searcher; e (nil in unit tests: every weight is
	// then 1) gives the coverage-guided weights their counters.
	make func(seed int64, e *Executor) Searcher
}{
	{"dfs", "depth first: the newest state", func(int64, *Executor) Searcher {
		return &listSearcher{pick: func(n int) int { return n - 1 }}
	}},
	{"bfs", "breadth first: the oldest state", func(int64, *Executor) Searcher {
		return &listSearcher{pick: func(int) int { return 0 }}
	}},
	{"random-state", "a state uniformly at random", func(seed int64, _ *Executor) Searcher {
		return &listSearcher{pick: newRand(seed).Intn}
	}},
	{"random-path", "a random walk down the fork tree (weight 2^-depth)", func(seed int64, _ *Executor) Searcher {
		return &randomPath{r: newRand(seed)}
	}},
	// KLEE's nurs family (search_nurs.go has the weights).
	{"nurs:covnew", "non-uniform random: states that covered new code recently or are near uncovered code", nurs(weightCovNew)},
	{"nurs:md2u", "non-uniform random: weight 1/(distance to uncovered code)^2", nurs(weightMD2U)},
	{"nurs:md2e", "non-uniform random: weight 1/(distance to an uncovered error site: assert, abort, reach_error)^2 (floatsym's)", nurs(weightMD2E)},
	{"nurs:depth", "non-uniform random, weight proportional to the fork depth", func(seed int64, _ *Executor) Searcher {
		return &weighted{r: newRand(seed), weight: func(s *State) float64 { return float64(s.Depth + 1) }}
	}},
	{"nurs:rp", "non-uniform random, weight 2^-depth", func(seed int64, _ *Executor) Searcher {
		return &weighted{r: newRand(seed), weight: func(s *State) float64 { return math.Ldexp(1, -min(s.Depth, 1000)) }}
	}},
	{"nurs:icnt", "non-uniform random: weight 1/(executions of the instruction at the state's pc)^2", nurs(weightICnt)},
	{"nurs:cpicnt", "non-uniform random: weight 1/(instructions run in the state's function)", nurs(weightCPICnt)},
	{"nurs:qc", "non-uniform random: weight 1/(the state's solver time), 1 under 0.1 s", nurs(weightQC)},
}

func newRand(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed)) }

// SearchNames lists the search strategies --search accepts.
var SearchNames = func() []string {
	var n []string
	for _, s := range searchers {
		n = append(n, s.name)
	}
	return n
}()

// SearchHelp describes each strategy for --help.
func SearchHelp() string {
	var b []string
	for _, s := range searchers {
		b = append(b, s.name+" ("+s.doc+")")
	}
	return strings.Join(b, ", ")
}

// NewSearcher makes a searcher by name. Several names separated by commas
// (a repeated --search, as KLEE) make an interleaved searcher that asks
// each in turn.
func NewSearcher(name string, seed int64) (Searcher, error) { return newSearcher(name, seed, nil) }

func newSearcher(name string, seed int64, e *Executor) (Searcher, error) {
	names := strings.Split(name, ",")
	var subs []Searcher
	for i, n := range names {
		if n == "" {
			n = "dfs"
		}
		s, err := newOneSearcher(n, seed+int64(i), e)
		if err != nil {
			return nil, err
		}
		subs = append(subs, s)
	}
	if len(subs) == 1 {
		return subs[0], nil
	}
	return &interleaved{subs: subs}, nil
}

func newOneSearcher(name string, seed int64, e *Executor) (Searcher, error) {
	for _, s := range searchers {
		if s.name != name {
			continue
		}
		return s.make(seed, e), nil
	}
	return nil, fmt.Errorf("unknown search strategy %q (want one of %s)", name, strings.Join(SearchNames, ", "))
}

// interleaved asks its searchers in turn (KLEE's InterleavedSearcher):
// every searcher holds every state.
type interleaved struct {
	subs []Searcher
	next int
}

func (s *interleaved) Select() *State {
	sub := s.subs[s.next]
	s.next = (s.next + 1) % len(s.subs)
	return sub.Select()
}
func (s *interleaved) Add(st *State) {
	for _, sub := range s.subs {
		sub.Add(st)
	}
}
func (s *interleaved) Remove(st *State) {
	for _, sub := range s.subs {
		sub.Remove(st)
	}
}
func (s *interleaved) Len() int { return s.subs[0].Len() }

// weighted picks a state at random with probability proportional to its
// weight (KLEE's WeightedRandomSearcher, "nurs:").
type weighted struct {
	listSearcher
	r      *rand.Rand
	weight func(*State) float64
	// before runs first at each pick (nurs: refreshes the counters the
	// weights read); ws holds the weights of one pick.
	before func()
	ws     []float64
}

func (w *weighted) Select() *State {
	if w.before != nil {
		w.before()
	}
	total := 0.0
	w.ws = w.ws[:0]
	for _, s := range w.states {
		x := w.weight(s)
		if !(x > 0) || math.IsInf(x, 0) {
			x = math.SmallestNonzeroFloat64
		}
		w.ws = append(w.ws, x)
		total += x
	}
	x := w.r.Float64() * total
	for i, s := range w.states {
		x -= w.ws[i]
		if x < 0 {
			return s
		}
	}
	return w.states[len(w.states)-1]
}

// listSearcher keeps states in creation order and picks by position.
type listSearcher struct {
	states []*State
	pick   func(n int) int
}

func (l *listSearcher) Select() *State { return l.states[l.pick(len(l.states))] }
func (l *listSearcher) Add(s *State)   { l.states = append(l.states, s) }
func (l *listSearcher) Len() int       { return len(l.states) }
func (l *listSearcher) Remove(s *State) {
	for i := len(l.states) - 1; i >= 0; i-- { // the newest are removed most
		if l.states[i] == s {
			l.states = append(l.states[:i], l.states[i+1:]...)
			return
		}
	}
}

// randomPath picks a state with probability 2^-depth, as a random walk
// down KLEE's process tree from the root would: states that forked less
// often (shallow, rarely explored regions) are favoured.
type randomPath struct {
	listSearcher
	r *rand.Rand
}

func (p *randomPath) Select() *State {
	minDepth := math.MaxInt
	for _, s := range p.states {
		if s.Depth < minDepth {
			minDepth = s.Depth
		}
	}
	total := 0.0
	for _, s := range p.states {
		total += math.Ldexp(1, minDepth-s.Depth)
	}
	x := p.r.Float64() * total
	for _, s := range p.states {
		x -= math.Ldexp(1, minDepth-s.Depth)
		if x < 0 {
			return s
		}
	}
	return p.states[len(p.states)-1]
}
