package native

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// rewrite substitutes the facts the (root) domains prove: a Bool
// sub-expression with one possible value becomes that constant, and
// fmod/remainder whose identity case is proven becomes its first operand.
// Each substitution adds its justification as a constraint — the decided
// atom itself, or the operand ranges (and the ordering atom) that make
// the identity hold — so the rewritten query is equivalent to the
// original: Q ≡ Q ∧ J (the facts follow from Q) ≡ Q[t := t'] ∧ J. The
// same holds of the Sterbenz rewrites (sterbenz.go), justified by the
// atoms and operand ranges that prove the subtraction exact. The roots,
// and the operand of a negated root, are kept as they are. It returns nil
// when nothing changed, and whether an fmod/remainder or an exact
// subtraction went (what makes the query easier for a bit-blaster).
func (n *network) rewrite(b *expr.Builder, roots []Root) (out []*expr.Expr, remRewritten bool) {
	keep := map[*expr.Expr]bool{}
	for _, r := range roots {
		keep[r.E] = true
		if r.E.Op == expr.OpNot {
			keep[r.E.Kid[0]] = true
		}
	}
	memo := map[*expr.Expr]*expr.Expr{}
	changed := false
	st := newSterbenz(n)
	var extra []*expr.Expr
	seen := map[*expr.Expr]bool{}
	addFact := func(e *expr.Expr) {
		if !seen[e] && !e.IsTrue() {
			seen[e] = true
			extra = append(extra, e)
		}
	}
	rangeFacts := func(x *expr.Expr) {
		d := n.dom[n.index[x]]
		k := x.Sort.FK
		if d.NaN || !d.Num {
			return
		}
		addFact(b.FCmp(arith.OLE, b.FConst(k, valueOf(k, d.Lo)), x))
		addFact(b.FCmp(arith.OLE, x, b.FConst(k, valueOf(k, d.Hi))))
	}
	var rw func(e *expr.Expr) *expr.Expr
	rw = func(e *expr.Expr) *expr.Expr {
		if r, ok := memo[e]; ok {
			return r
		}
		r := e
		i, known := n.index[e]
		switch {
		case e.Op == expr.OpConst || e.Op == expr.OpByte || e.Op == expr.OpRead || !known:
		case e.Sort.Kind == expr.Bool && !keep[e] && n.dom[i].Point():
			v := n.dom[i].Lo.Lo == 1
			r = b.BoolConst(v)
			if v {
				addFact(e)
			} else {
				addFact(b.Not(e))
			}
		case (e.Op == expr.OpFRem || e.Op == expr.OpFRemainder) &&
			remIdentity(e.Sort.FK, e.Op == expr.OpFRemainder, n.dom[n.kid(i, 0)], n.dom[n.kid(i, 1)]):
			rangeFacts(e.Kid[0])
			rangeFacts(e.Kid[1])
			remRewritten = true
			r = rw(e.Kid[0])
		case e.Op == expr.OpFRem && n.lessProven(n.kid(i, 0), n.kid(i, 1)):
			rangeFacts(e.Kid[0])
			if x := n.dom[n.kid(i, 0)]; kLE(keyNegZero, x.Lo) {
				addFact(b.FCmp(arith.OLT, e.Kid[0], e.Kid[1]))
			} else {
				addFact(b.FCmp(arith.OLT, e.Kid[1], e.Kid[0]))
			}
			remRewritten = true
			r = rw(e.Kid[0])
		case e.Op == expr.OpFSqrt && known && n.sqrtSquareApplies(i):
			x, sign, _ := n.sqrtSquareOf(i)
			xe := n.nodes[x]
			rangeFacts(xe)
			remRewritten = true
			r = rw(xe)
			if sign < 0 {
				r = b.FNeg(r)
			}
		case e.Op == expr.OpFPConv && known && n.narrowOf(b, i, rw) != nil:
			for _, k := range n.nodes[n.kid(i, 0)].Kids() {
				addFact(b.Not(b.FClass(expr.OpFIsNaN, k)))
			}
			remRewritten = true
			r = n.narrowOf(b, i, rw)
		case e.Op == expr.OpFAdd || e.Op == expr.OpFSub:
			repl, atoms, ranged, ok := st.rewriteOf(i)
			if !ok {
				r = n.rebuildKids(b, e, rw)
				break
			}
			for _, a := range atoms {
				addFact(n.nodes[a])
			}
			for _, x := range ranged {
				rangeFacts(n.nodes[x])
			}
			remRewritten = true
			r = rw(n.nodes[repl])
		default:
			r = n.rebuildKids(b, e, rw)
		}
		if r != e {
			changed = true
		}
		memo[e] = r
		return r
	}
	out = make([]*expr.Expr, len(roots))
	for i, r := range roots {
		e := rw(r.E)
		if !r.Want {
			e = b.Not(e)
		}
		out[i] = e
	}
	if !changed {
		return nil, false
	}
	return append(out, extra...), remRewritten
}

// rebuildKids rebuilds e over its rewritten operands (e itself when none
// changed).
func (n *network) rebuildKids(b *expr.Builder, e *expr.Expr, rw func(*expr.Expr) *expr.Expr) *expr.Expr {
	kids := make([]*expr.Expr, e.N)
	diff := false
	for j, k := range e.Kids() {
		kids[j] = rw(k)
		diff = diff || kids[j] != k
	}
	if diff {
		return b.Rebuild(e, kids)
	}
	return e
}
