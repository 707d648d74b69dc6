package native

import "github.com/floatsym/floatsym/solver/expr"

// When the affine rule has nothing to add: a comparison whose operands
// use each input once.
//
// The forms exist for the dependency problem: a node reached twice from
// one comparison (x in (x ⊕ 1) ⊖ x, or in f < x ⊕ 8) is one term of
// both sides' forms and cancels, which independent intervals cannot do.
// When the forms of a comparison's two operands reach every non-constant
// node once — through ⊕ ⊖, ⊗ ⊘ by a constant, fneg and fpconv, the
// operations they see through, every other node being a term — there is
// nothing to cancel, and the forms decide nothing the intervals do not:
//
//   - each of those operations is monotone in each operand (a constant
//     factor fixes the direction), and so is rounding in every mode; with
//     every term used once, the operands a and b are functions of
//     disjoint sets of terms, so the extremes of a and of b over the
//     terms' domains are reached at corners of those domains, the two
//     independently: the hull of a − b is [min a − max b, max a − min b],
//     each end reached by some assignment of the terms;
//   - the forms enclose the value at every assignment within the
//     domains, those corners included, so the range of form(a) − form(b)
//     contains that hull; a verdict the forms read off it (0 outside
//     it) is read by fcmp off the operands' interval domains, which the
//     rounded projections bring to that hull at the fixpoint;
//   - the case split of an open comparison reads the same verdict off
//     each piece of one term's range: when every piece decides it one
//     way, the true range of a − b over the whole domains lies on that
//     side, and so does its hull, the intervals'; the shave of a decided
//     comparison cuts a term the two sides share — there is none.
//
// The terms must be plain floats in their domains for the corners to be
// the forms' worst case: a term the forms know more of by its structure
// (exact.go's quanta: an integer conversion, a rounding to an integer,
// a product, an ite, min, max or fabs of such) makes its sums exact where
// the intervals' corners round, so a comparison reading one is left to
// the rule.
//
// So reviseAffine skips such a comparison before building any form (the
// forms cost a big.Rat step per node each time the comparison is
// revised). explode/poly_bracket's queries are all of this kind: on
// every path the bisection bounds are concrete, each sign test is
// fl(Q ⊖ c) ≤ 0 with Q = p(mid) a constant, and the forms of 140,719
// revisions cost 77 M of the run's 103 M native work units, deciding
// nothing (benchmarks/results/explode/README.md). Skipping is sound
// whatever the argument above: the rule only ever prunes.

// affSkipSingleUse enables the skip (affsingle_test.go turns it off to
// compare the verdicts with and without it).
var affSkipSingleUse = true

// affSingleUse reports that the forms of comparison i's operands reach
// every non-constant node once (memoized in the rule's state: a
// network's nodes do not change).
func (n *network) affSingleUse(i int) bool {
	if !affSkipSingleUse {
		return false
	}
	st := n.aff()
	if v, ok := st.single[i]; ok {
		return v
	}
	seen := map[int]bool{}
	v := n.affOnce(n.kid(i, 0), seen) && n.affOnce(n.kid(i, 1), seen)
	if st.single == nil {
		st.single = map[int]bool{}
	}
	st.single[i] = v
	return v
}

// affOnce walks node j as affCtx.build expands it, reporting false when
// a non-constant node is reached a second time (or the walk passes
// affMaxNodes, where the forms would stop too).
func (n *network) affOnce(j int, seen map[int]bool) bool {
	e := n.nodes[j]
	if e.Op == expr.OpConst {
		return true
	}
	if seen[j] || len(seen) >= affMaxNodes {
		return false
	}
	seen[j] = true
	switch e.Op {
	case expr.OpFAdd, expr.OpFSub:
		return n.affOnce(n.kid(j, 0), seen) && n.affOnce(n.kid(j, 1), seen)
	case expr.OpFMul, expr.OpFDiv:
		x, y := n.kid(j, 0), n.kid(j, 1)
		if e.Op == expr.OpFMul && n.nodes[x].Op == expr.OpConst {
			x, y = y, x
		}
		if n.nodes[y].Op != expr.OpConst {
			return false // x·y or x/y, a term: a product's quantum is structural
		}
		return n.affOnce(x, seen)
	case expr.OpFNeg:
		return n.affOnce(n.kid(j, 0), seen)
	case expr.OpFPConv:
		if x := n.kid(j, 0); affKind(n.nodes[x].Sort) {
			return n.affOnce(x, seen)
		}
		return true
	case expr.OpSIToFP, expr.OpUIToFP, expr.OpFRound, expr.OpIte, expr.OpFMin, expr.OpFMax, expr.OpFAbs:
		return false // a term whose quantum is structural
	}
	return true
}

// The relative-error rule (relerr.go) reasons about a ⊕ p ≤ b from the
// domains of a, p and b and from proven order facts between nodes
// (leProven), which may relate two inputs beyond their intervals: the
// argument above does not carry over to a comparison of two or more
// inputs. It does for a comparison that reads one input once, every
// other operand on the way being a constant: the comparison is then a
// monotone function of that input against a constant, a real bound
// a + σp ≤ b the rule proves over the domains is met by the rounded
// sum's interval too (rounding is monotone and b a float), and fcmp
// decides it from the intervals. poly_bracket's sign tests are of this
// kind: without the skip the relative-error rule cost 4.6 M of the
// 25.4 M units left once the affine forms were skipped.

// relState is the relative-error rule's state in one network (its
// registry slot): relOneInput's answers by comparison.
type relState struct{ one map[int]bool }

// relOneInput reports that comparison i's operands read, through ⊕ ⊖ ⊗ ⊘,
// fneg and fpconv, one non-constant leaf once and nothing else but
// constants.
func (n *network) relOneInput(i int) bool {
	if !affSkipSingleUse {
		return false
	}
	st := slotState[relState](n, relErrRule)
	if v, ok := st.one[i]; ok {
		return v
	}
	seen, leaves := map[int]bool{}, 0
	v := n.oneInput(n.kid(i, 0), seen, &leaves) && n.oneInput(n.kid(i, 1), seen, &leaves)
	if st.one == nil {
		st.one = map[int]bool{}
	}
	st.one[i] = v
	return v
}

// oneInput walks node j, counting its non-constant leaves in leaves;
// false when a node is reached twice or a second leaf is found.
func (n *network) oneInput(j int, seen map[int]bool, leaves *int) bool {
	e := n.nodes[j]
	if e.Op == expr.OpConst {
		return true
	}
	if seen[j] {
		return false
	}
	seen[j] = true
	switch e.Op {
	case expr.OpFAdd, expr.OpFSub, expr.OpFMul, expr.OpFDiv:
		return n.oneInput(n.kid(j, 0), seen, leaves) && n.oneInput(n.kid(j, 1), seen, leaves)
	case expr.OpFNeg, expr.OpFPConv:
		return n.oneInput(n.kid(j, 0), seen, leaves)
	}
	*leaves++
	return *leaves == 1
}
