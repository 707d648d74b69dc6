// Package native is floatsym's native floating-point solver: interval
// propagation over IEEE/x87 floats with the FPSE projections (Botella,
// Gotlieb and Michel, STVR 2006) and ULP-Max filtering (Bagnara, Carlier,
// Gori and Gotlieb, INFORMS J. Computing 2016), followed
// by a model search (a fitness-guided descent over the inputs' ordering
// keys in the style of XSat/JFS, labelling by domain splitting, then
// local search).
//
// It answers a query three ways. UNSAT only when propagation, which never
// removes a solution, empties a domain. SAT only with a model that makes
// the whole query true under expr.Evaluator (package arith, bit-exact with
// the hardware). Otherwise UNKNOWN, with the query rewritten by the facts
// the domains prove (a comparison they decide becomes a constant; fmod(x,
// y) becomes x when |x| < |y| is proven), for the next solver.
package native

import (
	"time"

	"github.com/floatsym/floatsym/solver/expr"
)

// Result is a verdict.
type Result uint8

// Verdicts.
const (
	Unknown Result = iota
	Sat
	Unsat
)

func (r Result) String() string {
	return [...]string{"unknown", "sat", "unsat"}[r]
}

// Root is one asserted Bool expression: E must evaluate to Want.
type Root struct {
	E    *expr.Expr
	Want bool
}

// Answer is what Solve found.
type Answer struct {
	Result Result
	// Model (Sat) gives every byte of the requested arrays.
	Model Model
	// Rewritten (Unknown) is the query with proven facts substituted, one
	// expression per root that must be true; nil when nothing changed.
	Rewritten []*expr.Expr
	// Propagated reports an UNSAT found by propagation before any
	// labelling (the root domains were already empty).
	Propagated bool
	// By names what decided an UNSAT (one of the By* mechanisms), for
	// --crosscheck's report of a disagreement.
	By string
}

// What decided an UNSAT (Answer.By).
const (
	ByConstant    = "a constant root"
	ByPropagation = "propagation (the network's revisers)"
	ByRewritten   = "propagation over the rewritten query (rewrite.go's facts)"
	ByLabelling   = "labelling (every branch of a complete split refuted)"
	ByProof       = "branch-and-prune proof (prove.go: affine forms, propagation, enumeration)"
)

// Solve decides roots within the time budget. b (may be nil) builds the
// rewritten query; arrays must all get bytes in a model.
func Solve(roots []Root, arrays []*expr.Array, b *expr.Builder, budget time.Duration, seed int64) Answer {
	return SolveUntil(roots, arrays, b, budget, seed, nil)
}

// SolveUntil is Solve that also gives up (UNKNOWN) as soon as stop is
// closed: the solver stage runs it beside the SMT backends and stops it
// when they answer first. A nil stop never fires.
func SolveUntil(roots []Root, arrays []*expr.Array, b *expr.Builder, budget time.Duration, seed int64, stop <-chan struct{}) Answer {
	deadline := time.Now().Add(budget)
	es := make([]*expr.Expr, len(roots))
	for i, r := range roots {
		es[i] = r.E
		if r.E.IsConst() && r.E.IsTrue() != r.Want {
			return Answer{Result: Unsat, Propagated: true, By: ByConstant}
		}
	}
	n := newNetwork(es)
	n.affBudget(budget)
	expired := func() bool { return stopped(stop) || time.Now().After(deadline) }
	n.queueAll()
	for i, r := range roots {
		n.set(n.roots[i], boolDom(!r.Want, r.Want), false)
	}
	if !n.propagate(expired) {
		return Answer{Result: Unsat, Propagated: true, By: ByPropagation}
	}
	rootDoms := append([]Dom(nil), n.dom...)
	rootMark := n.mark()
	ans := Answer{}
	var rewritten []*expr.Expr
	remGone := false
	if b != nil {
		rewritten, remGone = n.rewrite(b, roots)
	}
	if rewritten != nil {
		// The rewritten query is equivalent: refuting it refutes the
		// query. It goes to the next stage only when it lost an fmod or
		// remainder (what bit-blasting chokes on); substituted
		// comparisons alone do not help an SMT solver.
		rw := make([]Root, len(rewritten))
		for i, e := range rewritten {
			rw[i] = Root{E: e, Want: true}
		}
		if refuted(rw, expired) {
			return Answer{Result: Unsat, By: ByRewritten}
		}
		if remGone {
			ans.Rewritten = rewritten
		}
	}
	s := newSearch(n, roots, arrays, deadline, seed)
	s.stop = stop
	// A short fitness-guided descent from the simple starting points
	// first (it finds models that splitting reaches only by luck), then
	// labelling, then the local search with the rest.
	start := time.Now()
	s.deadline = start.Add(budget / 5)
	t := s.newFit(rootDoms)
	if t != nil {
		if m := t.run(true); m != nil {
			return Answer{Result: Sat, Model: m}
		}
	}
	s.deadline = start.Add(budget * 3 / 4)
	m, proved := s.label(0)
	if m != nil {
		return Answer{Result: Sat, Model: m}
	}
	if proved {
		// Every branch of a complete split ended in an empty domain.
		return Answer{Result: Unsat, By: ByLabelling}
	}
	s.deadline = deadline
	n.undo(rootMark)
	if t != nil {
		// Half of the rest to the fitness-guided search, half to the
		// random picks of interesting values (each finds models the
		// other misses).
		s.deadline = time.Now().Add(time.Until(deadline) / 2)
		m = t.run(false)
		s.deadline = deadline
	}
	if m == nil {
		m = s.local(rootDoms)
	}
	if m != nil {
		return Answer{Result: Sat, Model: m}
	}
	return ans
}

// stopped reports that stop has been closed.
func stopped(stop <-chan struct{}) bool {
	if stop == nil {
		return false
	}
	select {
	case <-stop:
		return true
	default:
		return false
	}
}

// refuted reports that propagation empties a domain of roots.
func refuted(roots []Root, expired func() bool) bool {
	es := make([]*expr.Expr, len(roots))
	for i, r := range roots {
		if r.E.IsConst() {
			if r.E.IsTrue() != r.Want {
				return true
			}
		}
		es[i] = r.E
	}
	n := newNetwork(es)
	n.queueAll()
	for i, r := range roots {
		n.set(n.roots[i], boolDom(!r.Want, r.Want), false)
	}
	return !n.propagate(expired)
}

// queueAll queues every node for its first revision.
func (n *network) queueAll() {
	for i := range n.nodes {
		n.push(i)
	}
}
