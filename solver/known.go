package solver

import (
	"fmt"
	"reflect"
	"sync"

	"github.com/floatsym/floatsym/solver/expr"
)

// Models already known: when the solver may no longer be asked (past the
// run's deadline, after an interrupt), a path's test can still come from
// a model found earlier — the last model of the path, or one of the
// solver's recent answers — checked by evaluation, never guessed.

// knownMax is how many recent models KnownModel tries.
const knownMax = 64

// knownModels keeps the solver's recent models. It has its own lock:
// KnownModel must not wait for a check in flight.
type knownModels struct {
	mu     sync.Mutex
	models []Model // oldest first
}

func (k *knownModels) add(m Model) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if len(k.models) == knownMax {
		copy(k.models, k.models[1:])
		k.models = k.models[:knownMax-1]
	}
	k.models = append(k.models, m)
}

// recent returns the models, newest first.
func (k *knownModels) recent() []Model {
	k.mu.Lock()
	defer k.mu.Unlock()
	out := make([]Model, len(k.models))
	for i, m := range k.models {
		out[len(out)-1-i] = m
	}
	return out
}

// MayBeTrueModel is MayBeTrue that also returns the model that showed
// the condition satisfiable (nil when it is not, or when the answer came
// without one). The model may give values only to the arrays of the
// constraints that share inputs with the condition: KnownModel takes it
// as a hint and checks it.
func (s *Solver) MayBeTrueModel(q Query) (bool, Model, error) {
	defer s.begin()()
	if q.Expr.IsConst() {
		return q.Expr.IsTrue(), nil, nil
	}
	sat, m, err := s.run(&query{constraints: q.Constraints, expr: q.Expr})
	if err != nil {
		return false, nil, fmt.Errorf("may be true: %w", err)
	}
	return sat, m, nil
}

// KnownModel looks for values of arrays satisfying constraints among the
// models already known, without a solver call: the hints first (e.g. the
// path's last model), then the solver's recent models, then all zeros.
// The constraints are split into groups that share input arrays
// (transitively; groups have disjoint arrays, as in the independence
// stage); each group takes the first candidate under which all its
// constraints evaluate true, and the groups' values are combined. The
// combination is evaluated against every constraint once more. ok is
// false when some group has no candidate. It takes no facade lock (safe
// beside a check in flight); the model has every byte of arrays.
func (s *Solver) KnownModel(constraints []*expr.Expr, arrays []*expr.Array, hints ...Model) (Model, bool) {
	return s.NewKnownSearch().Find(constraints, arrays, hints...)
}

// KnownSearch finds models among the known ones for many paths in a row
// (the states alive at a halt): it keeps one evaluator per candidate
// model, so the constraints the paths share are evaluated once per model,
// and the arrays each constraint reads. Not safe for concurrent use.
type KnownSearch struct {
	s      *Solver
	recent []Model
	evs    map[uintptr]*expr.Evaluator
	reads  map[*expr.Expr][]*expr.Array
}

// NewKnownSearch starts a search with the solver's recent models.
func (s *Solver) NewKnownSearch() *KnownSearch {
	return &KnownSearch{s: s, recent: s.known.recent(), evs: map[uintptr]*expr.Evaluator{},
		reads: map[*expr.Expr][]*expr.Array{}}
}

// evaluator returns m's evaluator (models are never modified).
func (k *KnownSearch) evaluator(m Model) *expr.Evaluator {
	id := reflect.ValueOf(m).Pointer()
	if m == nil {
		id = 0
	}
	ev, ok := k.evs[id]
	if !ok {
		ev = expr.NewEvaluator(m)
		k.evs[id] = ev
	}
	return ev
}

func (k *KnownSearch) arraysOf(c *expr.Expr) []*expr.Array {
	as, ok := k.reads[c]
	if !ok {
		as = arraysOf(c)
		k.reads[c] = as
	}
	return as
}

// Find is Solver.KnownModel.
func (k *KnownSearch) Find(constraints []*expr.Expr, arrays []*expr.Array, hints ...Model) (Model, bool) {
	cands := append(append([]Model{}, hints...), k.recent...)
	cands = append(cands, nil) // all zeros
	// Union-find over the arrays; each constraint joins its arrays.
	parent := map[*expr.Array]*expr.Array{}
	var find func(a *expr.Array) *expr.Array
	find = func(a *expr.Array) *expr.Array {
		p, ok := parent[a]
		if !ok {
			parent[a] = a
			return a
		}
		if p == a {
			return a
		}
		r := find(p)
		parent[a] = r
		return r
	}
	reads := make([][]*expr.Array, len(constraints))
	for i, c := range constraints {
		as := k.arraysOf(c)
		reads[i] = as
		for _, a := range as {
			ra, r0 := find(a), find(as[0])
			if ra != r0 {
				parent[ra] = r0
			}
		}
	}
	groups := map[*expr.Array][]*expr.Expr{} // by root; nil key: constraints without inputs
	for i, c := range constraints {
		var root *expr.Array
		if len(reads[i]) > 0 {
			root = find(reads[i][0])
		}
		groups[root] = append(groups[root], c)
	}
	inGroup := map[*expr.Array][]*expr.Array{}
	for a := range parent {
		r := find(a)
		inGroup[r] = append(inGroup[r], a)
	}
	chosen := map[*expr.Array]Model{}
	for root, cs := range groups {
		found := false
		for _, m := range cands {
			if len(m) > 0 && root != nil && !mentions(m, inGroup[root]) {
				continue // says nothing of this group (zeros come last)
			}
			ev := k.evaluator(m)
			ok := true
			for _, c := range cs {
				if !ev.True(c) {
					ok = false
					break
				}
			}
			if ok {
				chosen[root] = m
				found = true
				break
			}
		}
		if !found {
			return nil, false
		}
	}
	r := Model{}
	fill := func(a *expr.Array) {
		if _, done := r[a]; done {
			return
		}
		bs := make([]byte, a.Size)
		if _, in := parent[a]; in {
			m := chosen[find(a)]
			for i := range bs {
				bs[i] = m.Byte(a, uint64(i))
			}
		}
		r[a] = bs
	}
	for _, a := range arrays {
		fill(a)
	}
	for a := range parent {
		fill(a)
	}
	ev := expr.NewEvaluator(r)
	for _, c := range constraints { // once more, all of them
		if !ev.True(c) {
			return nil, false // cannot happen with disjoint groups; never guess
		}
	}
	return r, true
}

// mentions reports whether m gives values to one of arrays.
func mentions(m Model, arrays []*expr.Array) bool {
	for _, a := range arrays {
		if _, ok := m[a]; ok {
			return true
		}
	}
	return false
}
