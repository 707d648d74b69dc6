package native

import (
	"math"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// network is the constraint network of one query: a node per distinct
// sub-expression with its domain, propagated AC-3 style (FPSE): a node is
// revised by its projections (direct: the node from its operands;
// indirect: the operands from the node and each other); a domain that
// shrinks requeues the node and its parents.
type network struct {
	nodes   []*expr.Expr
	index   map[*expr.Expr]int
	parents [][]int
	kids    [][]int
	dom     []Dom
	roots   []int

	queue  []int
	queued []bool
	// steps counts projections; maxSteps bounds one propagation.
	steps, maxSteps int
	// trail records domain changes for undo during labelling.
	trail []trailEntry
	// failed is set when a domain becomes empty.
	failed bool
	// facts counts narrowings for statistics.
	narrowings int
	// slots are the rules' own state and work (rules.go), by registry
	// index.
	slots []ruleSlot
	// expired is propagate's deadline, which rules with a budget of their
	// own check too (network.spent).
	expired func() bool
	// m counts the work of the native call this network belongs to
	// (work.go), shared with the networks the call builds besides.
	m *meter
}

type trailEntry struct {
	node int
	old  Dom
}

// Relative-ε stopping rule (FPSE, 003): an indirect projection that
// removes less than this share of a domain is dropped, so that x < y ∧
// y ≤ x does not remove one float per step. Direct projections apply
// every reduction (ε = 0).
const epsIndirect = 0.10

func newNetwork(roots []*expr.Expr) *network {
	n := &network{index: map[*expr.Expr]int{}, maxSteps: 200000, m: &meter{}, slots: newSlots()}
	var visit func(e *expr.Expr) int
	visit = func(e *expr.Expr) int {
		if i, ok := n.index[e]; ok {
			return i
		}
		var kids []int
		if e.Op != expr.OpRead || constRead(e) { // other reads' indices are opaque to us
			for _, k := range e.Kids() {
				kids = append(kids, visit(k))
			}
		}
		i := len(n.nodes)
		n.index[e] = i
		n.nodes = append(n.nodes, e)
		n.parents = append(n.parents, nil)
		n.kids = append(n.kids, kids)
		for _, k := range kids {
			n.parents[k] = append(n.parents[k], i)
		}
		d := fullDom(e.Sort)
		switch e.Op {
		case expr.OpConst:
			d = constDom(e.Sort, e.Val)
		case expr.OpByte, expr.OpRead:
			d = Dom{Hi: bvMax(8), Num: true}
		}
		n.dom = append(n.dom, d)
		return i
	}
	for _, r := range roots {
		n.roots = append(n.roots, visit(r))
	}
	n.queued = make([]bool, len(n.nodes))
	n.linkBitAbs()
	return n
}

func (n *network) push(i int) {
	if !n.queued[i] {
		n.queued[i] = true
		n.queue = append(n.queue, i)
	}
}

// set narrows node i to d (intersected with its domain). indirect selects
// the relative-ε rule. It reports whether the domain changed.
func (n *network) set(i int, d Dom, indirect bool) bool {
	if n.failed {
		return false
	}
	old := n.dom[i]
	nd := intersect(old, d)
	if nd == old {
		return false
	}
	if indirect && !nd.Empty() && nd.NaN == old.NaN && nd.Lo != nd.Hi && !n.significant(i, old, nd) {
		return false
	}
	n.trail = append(n.trail, trailEntry{i, old})
	n.dom[i] = nd
	n.narrowings++
	if nd.Empty() {
		n.failed = true
		return true
	}
	n.push(i)
	for _, p := range n.parents[i] {
		n.push(p)
	}
	if nd.Point() && n.relAtom(i) {
		// A decided comparison is a relation the relational facts
		// (relops.go, remrel.go, sterbenz.go) read from the operands'
		// other parents: revise those.
		for _, k := range n.kids[i] {
			for _, p := range n.parents[k] {
				n.push(p)
			}
		}
	}
	return true
}

// relAtom reports a comparison or zero test whose value a relational
// rule reads (the rules' reads, rules.go).
func (n *network) relAtom(i int) bool { return relReads[n.nodes[i].Op] }

// significant applies the relative-ε rule: the narrowing removes at least
// ε of the floats of the domain, or of its width as reals (an FP bound
// moving from 2^30 to 2^25 removes few floats but most of the range).
func (n *network) significant(i int, old, nd Dom) bool {
	if so := old.size(); so > 0 && (so-nd.size())/so >= epsIndirect {
		return true
	}
	s := n.nodes[i].Sort
	if s.Kind != expr.FP {
		return false
	}
	width := func(d Dom) float64 {
		lo, hi := toFloat(s.FK, valueOf(s.FK, d.Lo)), toFloat(s.FK, valueOf(s.FK, d.Hi))
		return hi - lo
	}
	wo, wn := width(old), width(nd)
	if math.IsInf(wo, 0) || math.IsNaN(wo) {
		return !math.IsInf(wn, 0)
	}
	return wo > 0 && (wo-wn)/wo >= epsIndirect
}

// toFloat approximates a value of kind k as a double (±Inf beyond).
func toFloat(k arith.Kind, w arith.Word) float64 {
	switch k {
	case arith.F32:
		return float64(math.Float32frombits(uint32(w.Lo)))
	case arith.F64:
		return math.Float64frombits(w.Lo)
	}
	return arith.F80ToFloat64(w)
}

// propagate runs the queue to a fixpoint (or the step bound). It reports
// false when a domain became empty: the constraints have no solution
// within the domains the propagation started from.
func (n *network) propagate(deadline func() bool) bool {
	n.steps = 0
	n.expired = deadline
	for len(n.queue) > 0 && !n.failed {
		i := n.queue[0]
		n.queue = n.queue[1:]
		n.queued[i] = false
		n.steps++
		n.m.revise++
		if n.steps > n.maxSteps || (n.steps&63 == 0 && deadline()) {
			// Stopping early loses precision, never solutions.
			n.clearQueue()
			return true
		}
		n.revise(i)
	}
	if n.failed {
		n.clearQueue()
		return false
	}
	return true
}

func (n *network) clearQueue() {
	for _, i := range n.queue {
		n.queued[i] = false
	}
	n.queue = n.queue[:0]
}

// mark returns a trail position to undo to.
func (n *network) mark() int { return len(n.trail) }

// undo restores the domains as of trail position m.
func (n *network) undo(m int) {
	for len(n.trail) > m {
		t := n.trail[len(n.trail)-1]
		n.trail = n.trail[:len(n.trail)-1]
		n.dom[t.node] = t.old
	}
	n.failed = false
	n.clearQueue()
}

// kid is the node of operand j of node i.
func (n *network) kid(i, j int) int { return n.kids[i][j] }
