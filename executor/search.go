package executor

import (
	"fmt"
	"math"
	"math/rand"
)

// Searcher picks the next state to run (KLEE's searcher interface).
type Searcher interface {
	Select() *State
	Add(s *State)
	Remove(s *State)
	Len() int
}

// SearchNames lists the search strategies --search accepts.
var SearchNames = []string{"dfs", "bfs", "random-state", "random-path"}

// NewSearcher makes a searcher by name.
func NewSearcher(name string, seed int64) (Searcher, error) {
	switch name {
	case "", "dfs":
		return &listSearcher{pick: func(n int) int { return n - 1 }}, nil
	case "bfs":
		return &listSearcher{pick: func(int) int { return 0 }}, nil
	case "random-state":
		r := rand.New(rand.NewSource(seed))
		return &listSearcher{pick: r.Intn}, nil
	case "random-path":
		return &randomPath{r: rand.New(rand.NewSource(seed))}, nil
	}
	return nil, fmt.Errorf("unknown search strategy %q (want one of %v)", name, SearchNames)
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
