package native

import (
	"sort"

	"github.com/floatsym/floatsym/solver/expr"
)

// rule is one rule of the registry: a propagation rule (revise) or a
// rewrite rule (rewrite), never both. Each declares the operations whose
// nodes it is asked about, the atoms it reads off the operands' other
// parents (a comparison that becomes decided requeues those parents:
// relAtom is the union over the registry), and its budget (workMax,
// budget). Propagation rules of one operation run in registry order; a
// rule that empties a domain ends the revision. Rewrite rules of one
// operation are tried in registry order; the first that returns a
// replacement rewrites the node (rewrite.go).
type rule struct {
	name string
	ops  []expr.Op
	// reads lists the atoms (comparisons, zero tests) whose decided
	// value the rule reads from the operands' other parents.
	reads  []expr.Op
	revise func(n *network, i int)
	// rewrite returns what node i equals under the facts the domains
	// prove (built on p, with its justification added by p.fact and
	// p.ranged), or nil when the rule does not apply.
	rewrite func(p *rewriting, i int) *expr.Expr
	// workMax bounds the rule's own steps in one network (its units,
	// counted in its slot's work; 0: no bound of its own). budget, when
	// set, replaces it in the network Solve builds by the rule's share of
	// the query's work budget (network.budgetRules).
	workMax int
	budget  func(work int64) int
	// slot, when set, receives the rule's registry index: the index of
	// its slot (network.slots) for a rule whose mechanism keeps state or
	// counts its steps there.
	slot *int
}

// ruleSlot is what the registry gives each rule in one network: the
// rule's own steps (work, bounded by cap) and its mechanism's state
// (nil until the rule first asks for it: slotState).
type ruleSlot struct {
	work, cap int
	state     any
}

// newSlots returns one slot per rule, each capped at its workMax.
func newSlots() []ruleSlot {
	s := make([]ruleSlot, len(rules))
	for id, r := range rules {
		s[id].cap = r.workMax
	}
	return s
}

// budgetRules sets the cap of every rule with a budget from the query's
// work budget.
func (n *network) budgetRules(work int64) {
	for id, r := range rules {
		if r.budget != nil {
			n.slots[id].cap = r.budget(work)
		}
	}
}

// charge counts steps of rule id's own work in n.
func (n *network) charge(id, steps int) { n.slots[id].work += steps }

// spent reports that rule id has used up its own work in n, or that
// propagation's budget is spent.
func (n *network) spent(id int) bool {
	s := &n.slots[id]
	return (s.cap > 0 && s.work > s.cap) || (n.expired != nil && n.expired())
}

// slotState is rule id's mechanism state of type T in n, made on first
// use.
func slotState[T any](n *network, id int) *T {
	s := &n.slots[id]
	if s.state == nil {
		s.state = new(T)
	}
	return s.state.(*T)
}

// The slots of the rules whose mechanisms keep state or count their
// steps (set by derive from the registry).
var affineRule, relErrRule, sterbenzRule int

// relAtomOps are the atoms some rule reads.
var relAtomOps = []expr.Op{expr.OpFOLt, expr.OpFOLe, expr.OpFOEq, expr.OpFIsZero}

// rules is the registry, in the order the rules of one operation run
// (set by init: the revisions refer back to the tables derived from it).
var rules []*rule

func init() {
	rules = registry()
	byOp, rewriteByOp, relReads = derive(rules)
}

func registry() []*rule {
	return []*rule{
		{name: "rounded", ops: []expr.Op{expr.OpFAdd, expr.OpFSub, expr.OpFMul, expr.OpFDiv, expr.OpFSqrt, expr.OpFMA,
			expr.OpFMin, expr.OpFMax, expr.OpFRound, expr.OpFPConv, expr.OpSIToFP, expr.OpUIToFP},
			revise: (*network).reviseRounded},
		{name: "rel-div", ops: []expr.Op{expr.OpFDiv}, reads: relAtomOps, revise: (*network).reviseRelDiv},
		{name: "rel-sign", ops: []expr.Op{expr.OpFMul, expr.OpFSub, expr.OpFAdd}, reads: relAtomOps,
			revise: (*network).reviseRelSign},
		{name: "sub-zero", ops: []expr.Op{expr.OpFSub}, revise: (*network).reviseSubZero},
		{name: "neg", ops: []expr.Op{expr.OpFNeg}, revise: func(n *network, i int) {
			a := n.kid(i, 0)
			n.set(i, negDom(n.dom[a]), false)
			n.set(a, negDom(n.dom[i]), true)
		}},
		{name: "abs", ops: []expr.Op{expr.OpFAbs}, revise: (*network).reviseAbs},
		{name: "rem", ops: []expr.Op{expr.OpFRem, expr.OpFRemainder}, reads: relAtomOps, revise: (*network).reviseRem},
		{name: "fcmp", ops: []expr.Op{expr.OpFOEq, expr.OpFOLt, expr.OpFOLe}, revise: (*network).reviseFCmp},
		{name: "same-value", ops: []expr.Op{expr.OpFOEq, expr.OpFOLt, expr.OpFOLe}, revise: (*network).reviseSame},
		{name: "affine", ops: []expr.Op{expr.OpFOEq, expr.OpFOLt, expr.OpFOLe}, revise: (*network).reviseAffine,
			workMax: affWorkMax, budget: affBudget, slot: &affineRule},
		{name: "rel-err", ops: []expr.Op{expr.OpFOEq, expr.OpFOLt, expr.OpFOLe}, revise: (*network).reviseRelErr,
			workMax: relWorkMax, slot: &relErrRule},
		{name: "class", ops: []expr.Op{expr.OpFIsNaN, expr.OpFIsInf, expr.OpFIsZero, expr.OpFIsSub, expr.OpFIsNorm, expr.OpFIsNeg},
			revise: (*network).reviseClass},
		{name: "from-bits", ops: []expr.Op{expr.OpFromBits}, revise: (*network).reviseFromBits},
		{name: "to-bits", ops: []expr.Op{expr.OpToBits}, revise: (*network).reviseToBits},
		{name: "fp-to-int", ops: []expr.Op{expr.OpFPToSI, expr.OpFPToUI}, revise: (*network).reviseFPToInt},
		{name: "eq", ops: []expr.Op{expr.OpEq}, revise: (*network).reviseEq},
		{name: "icmp", ops: []expr.Op{expr.OpUlt, expr.OpUle, expr.OpSlt, expr.OpSle}, revise: (*network).reviseICmp},
		{name: "logic", ops: []expr.Op{expr.OpAnd, expr.OpOr, expr.OpXor, expr.OpNot}, revise: (*network).reviseBitLogic},
		{name: "ite", ops: []expr.Op{expr.OpIte}, revise: (*network).reviseIte},
		{name: "concat", ops: []expr.Op{expr.OpConcat}, revise: (*network).reviseConcat},
		{name: "extract", ops: []expr.Op{expr.OpExtract}, revise: (*network).reviseExtract},
		{name: "zext", ops: []expr.Op{expr.OpZExt}, revise: func(n *network, i int) {
			a := n.kid(i, 0)
			n.set(i, n.dom[a], false)
			n.set(a, intersect(n.dom[i], Dom{Hi: bvMax(n.nodes[a].Width()), Num: true}), true)
		}},
		{name: "sext", ops: []expr.Op{expr.OpSExt}, revise: (*network).reviseSExt},
		{name: "add-sub", ops: []expr.Op{expr.OpAdd, expr.OpSub}, revise: (*network).reviseAddSub},
		{name: "int-bin", ops: []expr.Op{expr.OpMul, expr.OpUDiv, expr.OpShl, expr.OpLShr}, revise: (*network).reviseIntBin},

		// Rewrite rules (rewrite.go, after propagation).
		{name: "rw-rem-identity", ops: []expr.Op{expr.OpFRem, expr.OpFRemainder}, rewrite: rwRemIdentity},
		{name: "rw-rem-less", ops: []expr.Op{expr.OpFRem}, reads: []expr.Op{expr.OpFOLt}, rewrite: rwRemLess},
		{name: "rw-sqrt-square", ops: []expr.Op{expr.OpFSqrt}, rewrite: rwSqrtSquare},
		{name: "rw-double-rounding", ops: []expr.Op{expr.OpFPConv}, rewrite: rwDoubleRounding},
		{name: "rw-sterbenz", ops: []expr.Op{expr.OpFAdd, expr.OpFSub}, reads: []expr.Op{expr.OpFOLe, expr.OpFOLt},
			rewrite: rwSterbenz, slot: &sterbenzRule},
	}
}

// byOp lists the propagation rules of each operation and rewriteByOp its
// rewrite rules (registry order); relReads marks the atoms some rule
// reads. All are derived from rules.
var (
	byOp        map[expr.Op][]int
	rewriteByOp map[expr.Op][]int
	relReads    map[expr.Op]bool
)

func derive(rules []*rule) (by, rw map[expr.Op][]int, reads map[expr.Op]bool) {
	by, rw, reads = map[expr.Op][]int{}, map[expr.Op][]int{}, map[expr.Op]bool{}
	for id, r := range rules {
		for _, op := range r.ops {
			if r.rewrite != nil {
				rw[op] = append(rw[op], id)
			} else {
				by[op] = append(by[op], id)
			}
		}
		for _, op := range r.reads {
			reads[op] = true
		}
		if r.slot != nil {
			*r.slot = id
		}
	}
	return by, rw, reads
}

// RuleCount is one rule's counters over a native call (or, summed, a
// run): the revisions it was asked for (fired), those that narrowed a
// domain (narrowed) or emptied one (refuted), and the work they spent.
// A rewrite rule's fired counts the nodes it was asked about, narrowed
// those it rewrote; it never refutes.
type RuleCount struct {
	Name     string `json:"name"`
	Fired    uint64 `json:"fired"`
	Narrowed uint64 `json:"narrowed"`
	Refuted  uint64 `json:"refuted"`
	Work     int64  `json:"work"`
}

// ruleCounts are the counters of every rule, by registry index, shared
// by the networks of one call (on its meter).
type ruleCounts []RuleCount

// count is rule id's counters on n's meter.
func (n *network) count(id int) *RuleCount {
	if n.m.rules == nil {
		n.m.rules = make(ruleCounts, len(rules))
	}
	return &n.m.rules[id]
}

// apply runs rule id's revision of node i and counts it.
func (n *network) apply(id, i int) {
	c := n.count(id)
	before, w := n.narrowings, n.m.work()
	rules[id].revise(n, i)
	c.Fired++
	if n.narrowings > before {
		c.Narrowed++
	}
	if n.failed {
		c.Refuted++
	}
	c.Work += n.m.work() - w
}

// list is the rules that fired, with their names, in registry order.
func (rc ruleCounts) list() []RuleCount {
	var out []RuleCount
	for id, c := range rc {
		if c.Fired > 0 {
			c.Name = rules[id].name
			out = append(out, c)
		}
	}
	return out
}

// Effective names the rules that narrowed or refuted (sorted): the rules
// an UNSAT or a rewrite rests on (rewrite rules among them when the
// rewritten query was refuted).
func Effective(counts []RuleCount) []string {
	var out []string
	for _, c := range counts {
		if c.Narrowed > 0 || c.Refuted > 0 {
			out = append(out, c.Name)
		}
	}
	sort.Strings(out)
	return out
}

// SumRules adds b's counters to a's, rule by rule by name, and returns a.
func SumRules(a, b []RuleCount) []RuleCount {
	for _, c := range b {
		i := 0
		for i < len(a) && a[i].Name != c.Name {
			i++
		}
		if i == len(a) {
			a = append(a, RuleCount{Name: c.Name})
		}
		a[i].Fired += c.Fired
		a[i].Narrowed += c.Narrowed
		a[i].Refuted += c.Refuted
		a[i].Work += c.Work
	}
	return a
}
