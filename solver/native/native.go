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
	// Work is the work the call spent (work.go's units); Capped reports
	// that the outer cap (Budget.Deadline or Stop) ended it, so that the
	// answer (Unknown) may depend on the machine's load.
	Work   int64
	Capped bool
	// Rules are the counters of the rules that fired, propagation and
	// rewrite rules (registry order).
	Rules []RuleCount
	// Rewrites names the rewrite rules that rewrote a node of the query
	// (registry order): the rules Rewritten, or an UNSAT ByRewritten,
	// rests on (what --crosscheck names).
	Rewrites []string
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

// Solve decides roots within the work budget (work.go): the answer
// depends only on roots, budget.Work and seed unless the outer cap
// (budget.Deadline, budget.Stop) stopped it, which Answer.Capped
// reports. b (may be nil) builds the rewritten query; arrays must all
// get bytes in a model.
func Solve(roots []Root, arrays []*expr.Array, b *expr.Builder, budget Budget, seed int64) Answer {
	m := newMeter(budget)
	ans := solve(roots, arrays, b, budget.Work, seed, m)
	ans.Work, ans.Capped, ans.Rules = m.work(), m.capped, m.rules.list()
	return ans
}

// solve is Solve on meter m.
func solve(roots []Root, arrays []*expr.Array, b *expr.Builder, work int64, seed int64, m *meter) Answer {
	es := make([]*expr.Expr, len(roots))
	for i, r := range roots {
		es[i] = r.E
		if r.E.IsConst() && r.E.IsTrue() != r.Want {
			return Answer{Result: Unsat, Propagated: true, By: ByConstant}
		}
	}
	n := newNetwork(es)
	n.m = m
	n.budgetRules(work)
	end := m.work() + work
	expired := m.until(end)
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
	var fired []string
	if b != nil {
		rewritten, fired = n.rewrite(b, roots)
	}
	if rewritten != nil {
		// The rewritten query is equivalent: refuting it refutes the
		// query. It goes to the next stage only when a rewrite rule
		// rewrote a node (an fmod, a square root, a double rounding, an
		// exact subtraction: what bit-blasting chokes on); substituted
		// comparisons alone do not help an SMT solver.
		rw := make([]Root, len(rewritten))
		for i, e := range rewritten {
			rw[i] = Root{E: e, Want: true}
		}
		if refuted(rw, m, expired) {
			return Answer{Result: Unsat, By: ByRewritten, Rewrites: fired}
		}
		if len(fired) > 0 {
			ans.Rewritten, ans.Rewrites = rewritten, fired
		}
	}
	s := newSearch(n, roots, arrays, end, seed)
	// A short fitness-guided descent from the simple starting points
	// first (it finds models that splitting reaches only by luck), then
	// labelling, then the local search with the rest.
	start := m.work()
	s.until = start + work/5
	t := s.newFit(rootDoms)
	if t != nil {
		if m := t.run(true); m != nil {
			return Answer{Result: Sat, Model: m}
		}
	}
	s.until = start + work*3/4
	mod, proved := s.label(0)
	if mod != nil {
		return Answer{Result: Sat, Model: mod}
	}
	if proved {
		// Every branch of a complete split ended in an empty domain.
		return Answer{Result: Unsat, By: ByLabelling}
	}
	n.undo(rootMark)
	if t != nil {
		// Half of the rest to the fitness-guided search, half to the
		// random picks of interesting values (each finds models the
		// other misses).
		s.until = m.work() + max(0, end-m.work())/2
		mod = t.run(false)
	}
	s.until = end
	if mod == nil {
		mod = s.local(rootDoms)
	}
	if mod != nil {
		return Answer{Result: Sat, Model: mod}
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

// refuted reports that propagation empties a domain of roots (its work
// counted on m).
func refuted(roots []Root, m *meter, expired func() bool) bool {
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
	n.m = m
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
