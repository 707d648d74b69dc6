package native

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// rewrite substitutes the facts the (root) domains prove: a Bool
// sub-expression with one possible value becomes that constant, and a
// node some rewrite rule of the registry (rules.go; the rules in
// rewrite_rules.go) proves equal to a simpler term becomes that term.
// Each substitution adds its justification as a constraint — the decided
// atom itself, or the operand ranges and atoms the rule's lemma rests on
// — so the rewritten query is equivalent to the original: Q ≡ Q ∧ J (the
// facts follow from Q) ≡ Q[t := t'] ∧ J. The roots, and the operand of a
// negated root, are kept as they are. It returns nil when nothing
// changed, and the names of the rewrite rules that rewrote a node
// (registry order): what makes the query easier for a bit-blaster, and
// what --crosscheck names when it re-asks the rewrite.
func (n *network) rewrite(b *expr.Builder, roots []Root) (out []*expr.Expr, fired []string) {
	p := &rewriting{n: n, b: b, keep: map[*expr.Expr]bool{}, memo: map[*expr.Expr]*expr.Expr{},
		seen: map[*expr.Expr]bool{}, rewrote: make([]bool, len(rules))}
	for _, r := range roots {
		p.keep[r.E] = true
		if r.E.Op == expr.OpNot {
			p.keep[r.E.Kid[0]] = true
		}
	}
	for id, r := range rules {
		if r.rewrite != nil {
			n.slots[id].state = nil // a rewrite rule's state lives for one pass
		}
	}
	out = make([]*expr.Expr, len(roots))
	for i, r := range roots {
		e := p.rw(r.E)
		if !r.Want {
			e = b.Not(e)
		}
		out[i] = e
	}
	for id, ok := range p.rewrote {
		if ok {
			fired = append(fired, rules[id].name)
		}
	}
	if !p.changed {
		return nil, nil
	}
	return append(out, p.extra...), fired
}

// rewriting is one rewrite pass over a network: what a rewrite rule
// reads (n's domains) and builds with (b, rw, fact, ranged).
type rewriting struct {
	n       *network
	b       *expr.Builder
	keep    map[*expr.Expr]bool
	memo    map[*expr.Expr]*expr.Expr
	changed bool
	// extra are the justifications, each once (seen).
	extra []*expr.Expr
	seen  map[*expr.Expr]bool
	// rewrote marks, by registry index, the rules that rewrote a node.
	rewrote []bool
}

// fact adds e to the justification.
func (p *rewriting) fact(e *expr.Expr) {
	if !p.seen[e] && !e.IsTrue() {
		p.seen[e] = true
		p.extra = append(p.extra, e)
	}
}

// ranged adds the bounds of x's domain to the justification (none when
// it may be NaN).
func (p *rewriting) ranged(x *expr.Expr) {
	d := p.n.dom[p.n.index[x]]
	k := x.Sort.FK
	if d.NaN || !d.Num {
		return
	}
	p.fact(p.b.FCmp(arith.OLE, p.b.FConst(k, valueOf(k, d.Lo)), x))
	p.fact(p.b.FCmp(arith.OLE, x, p.b.FConst(k, valueOf(k, d.Hi))))
}

// rw is e rewritten: a decided Bool node becomes its constant, a node
// the first applicable rewrite rule of its operation rewrites becomes
// the rule's term, any other node is rebuilt over its rewritten
// operands.
func (p *rewriting) rw(e *expr.Expr) *expr.Expr {
	if r, ok := p.memo[e]; ok {
		return r
	}
	n := p.n
	r := e
	i, known := n.index[e]
	switch {
	case e.Op == expr.OpConst || e.Op == expr.OpByte || e.Op == expr.OpRead || !known:
	case e.Sort.Kind == expr.Bool && !p.keep[e] && n.dom[i].Point():
		v := n.dom[i].Lo.Lo == 1
		r = p.b.BoolConst(v)
		if v {
			p.fact(e)
		} else {
			p.fact(p.b.Not(e))
		}
	default:
		r = p.byRules(i)
		if r == nil {
			r = p.rebuildKids(e)
		}
	}
	if r != e {
		p.changed = true
	}
	p.memo[e] = r
	return r
}

// byRules tries the rewrite rules of node i's operation in registry
// order, counting each on the meter; nil when none applies.
func (p *rewriting) byRules(i int) *expr.Expr {
	n := p.n
	for _, id := range rewriteByOp[n.nodes[i].Op] {
		c, w := n.count(id), n.m.work()
		r := rules[id].rewrite(p, i)
		c.Fired++
		c.Work += n.m.work() - w
		if r != nil {
			c.Narrowed++
			p.rewrote[id] = true
			return r
		}
	}
	return nil
}

// rebuildKids rebuilds e over its rewritten operands (e itself when none
// changed).
func (p *rewriting) rebuildKids(e *expr.Expr) *expr.Expr {
	kids := make([]*expr.Expr, e.N)
	diff := false
	for j, k := range e.Kids() {
		kids[j] = p.rw(k)
		diff = diff || kids[j] != k
	}
	if diff {
		return p.b.Rebuild(e, kids)
	}
	return e
}
