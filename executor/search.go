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

// searchers is the table of search strategies, KLEE's names first. An
// entry with a nil make is a KLEE strategy floatsym does not have yet:
// asking for it is an error naming the ones it has.
var searchers = []struct {
	name string
	doc  string
	make func(seed int64) Searcher
}{
	{"dfs", "depth first: the newest state", func(int64) Searcher {
		return &listSearcher{pick: func(n int) int { return n - 1 }}
	}},
	{"bfs", "breadth first: the oldest state", func(int64) Searcher {
		return &listSearcher{pick: func(int) int { return 0 }}
	}},
	{"random-state", "a state uniformly at random", func(seed int64) Searcher {
		r := rand.New(rand.NewSource(seed))
		return &listSearcher{pick: r.Intn}
	}},
	{"random-path", "a random walk down the fork tree (weight 2^-depth)", func(seed int64) Searcher {
		return &randomPath{r: rand.New(rand.NewSource(seed))}
	}},
	{"nurs:depth", "non-uniform random, weight proportional to the fork depth", func(seed int64) Searcher {
		return &weighted{r: rand.New(rand.NewSource(seed)), weight: func(s *State) float64 { return float64(s.Depth + 1) }}
	}},
	{"nurs:rp", "non-uniform random, weight 2^-depth", func(seed int64) Searcher {
		return &weighted{r: rand.New(rand.NewSource(seed)), weight: func(s *State) float64 { return math.Ldexp(1, -min(s.Depth, 1000)) }}
	}},
	{"nurs:covnew", "", nil}, {"nurs:md2u", "", nil}, {"nurs:icnt", "", nil}, {"nurs:cpicnt", "", nil}, {"nurs:qc", "", nil},
}

// SearchNames lists the search strategies --search accepts.
var SearchNames = func() []string {
	var n []string
	for _, s := range searchers {
		if s.make != nil {
			n = append(n, s.name)
		}
	}
	return n
}()

// SearchHelp describes each strategy for --help.
func SearchHelp() string {
	var b []string
	for _, s := range searchers {
		if s.make != nil {
			b = append(b, s.name+" ("+s.doc+")")
		}
	}
	return strings.Join(b, ", ")
}

// NewSearcher makes a searcher by name. Several names separated by commas
// (a repeated --search, as KLEE) make an interleaved searcher that asks
// each in turn.
func NewSearcher(name string, seed int64) (Searcher, error) {
	names := strings.Split(name, ",")
	var subs []Searcher
	for i, n := range names {
		if n == "" {
			n = "dfs"
		}
		s, err := newOneSearcher(n, seed+int64(i))
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

func newOneSearcher(name string, seed int64) (Searcher, error) {
	for _, s := range searchers {
		if s.name != name {
			continue
		}
		if s.make == nil {
			return nil, fmt.Errorf("search strategy %q is KLEE's but floatsym does not implement it; it has %s",
				name, strings.Join(SearchNames, ", "))
		}
		return s.make(seed), nil
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
}

func (w *weighted) Select() *State {
	total := 0.0
	for _, s := range w.states {
		total += w.weight(s)
	}
	x := w.r.Float64() * total
	for _, s := range w.states {
		x -= w.weight(s)
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
