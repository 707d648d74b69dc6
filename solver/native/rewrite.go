package native

import (
	"github.com/floatsym/floatsym/solver/expr"
)

// rewrite substitutes the facts the (root) domains prove: a Bool
// sub-expression with one possible value becomes that constant, and
// fmod/remainder whose identity case is proven becomes its first operand.
// The roots themselves, and the operand of a negated root, are kept (they
// are what the facts were proven from); their operands are rewritten.
// Every solution of the query satisfies the rewritten query; a model of
// the rewritten one must still be checked against the original (the
// caller does). It returns nil when nothing changed.
func (n *network) rewrite(b *expr.Builder, roots []Root) []*expr.Expr {
	keep := map[*expr.Expr]bool{}
	for _, r := range roots {
		keep[r.E] = true
		if r.E.Op == expr.OpNot {
			keep[r.E.Kid[0]] = true
		}
	}
	memo := map[*expr.Expr]*expr.Expr{}
	changed := false
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
			r = b.BoolConst(n.dom[i].Lo.Lo == 1)
		case (e.Op == expr.OpFRem || e.Op == expr.OpFRemainder) &&
			(remIdentity(e.Sort.FK, e.Op == expr.OpFRemainder, n.dom[n.kid(i, 0)], n.dom[n.kid(i, 1)]) ||
				(e.Op == expr.OpFRem && n.lessProven(n.kid(i, 0), n.kid(i, 1)))):
			r = rw(e.Kid[0])
		default:
			kids := make([]*expr.Expr, e.N)
			diff := false
			for j, k := range e.Kids() {
				kids[j] = rw(k)
				diff = diff || kids[j] != k
			}
			if diff {
				r = b.Rebuild(e, kids)
			}
		}
		if r != e {
			changed = true
		}
		memo[e] = r
		return r
	}
	out := make([]*expr.Expr, len(roots))
	for i, r := range roots {
		e := rw(r.E)
		if !r.Want {
			e = b.Not(e)
		}
		out[i] = e
	}
	if !changed {
		return nil
	}
	return out
}
