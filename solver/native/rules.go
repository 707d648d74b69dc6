package native

import (
	"sort"

	"github.com/floatsym/floatsym/solver/expr"
)

// rule is one propagation rule of the registry: the operations whose
// nodes it revises, the atoms it reads off the operands' other parents
// (a comparison that becomes decided requeues those parents: relAtom is
// the union over the registry), and its revision. Rules of one operation
// run in registry order; a rule that empties a domain ends the revision.
type rule struct {
	name string
	ops  []expr.Op
	// reads lists the atoms (comparisons, zero tests) whose decided
	// value the rule reads from the operands' other parents.
	reads  []expr.Op
	revise func(n *network, i int)
}

// relAtomOps are the atoms some rule reads.
var relAtomOps = []expr.Op{expr.OpFOLt, expr.OpFOLe, expr.OpFOEq, expr.OpFIsZero}

// rules is the registry, in the order the rules of one operation run
// (set by init: the revisions refer back to the tables derived from it).
var rules []*rule

func init() {
	rules = registry()
	byOp, relReads = derive(rules)
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
		{name: "affine", ops: []expr.Op{expr.OpFOEq, expr.OpFOLt, expr.OpFOLe}, revise: (*network).reviseAffine},
		{name: "rel-err", ops: []expr.Op{expr.OpFOEq, expr.OpFOLt, expr.OpFOLe}, revise: (*network).reviseRelErr},
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
	}
}

// byOp lists the rules of each operation (registry order); relReads
// marks the atoms some rule reads. Both are derived from rules.
var (
	byOp     map[expr.Op][]int
	relReads map[expr.Op]bool
)

func derive(rules []*rule) (map[expr.Op][]int, map[expr.Op]bool) {
	by, reads := map[expr.Op][]int{}, map[expr.Op]bool{}
	for id, r := range rules {
		for _, op := range r.ops {
			by[op] = append(by[op], id)
		}
		for _, op := range r.reads {
			reads[op] = true
		}
	}
	return by, reads
}

// RuleCount is one rule's counters over a native call (or, summed, a
// run): the revisions it was asked for (fired), those that narrowed a
// domain (narrowed) or emptied one (refuted), and the work they spent.
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

// apply runs rule id's revision of node i and counts it.
func (n *network) apply(id, i int) {
	if n.m.rules == nil {
		n.m.rules = make(ruleCounts, len(rules))
	}
	c := &n.m.rules[id]
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
// an UNSAT or a rewrite rests on.
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
