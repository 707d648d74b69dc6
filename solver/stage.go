package solver

import (
	"github.com/floatsym/floatsym/solver/expr"
)

// query is what flows down the chain: is constraints ∧ cond satisfiable,
// where cond is expr, or ¬expr when negated, or true when expr is nil?
// The facade derives everything else from this one question.
type query struct {
	constraints []*expr.Expr
	expr        *expr.Expr
	negated     bool
	// arrays must get values in the model (GetModel, GetValue).
	arrays []*expr.Array
}

// holds evaluates the query's condition (expr, negated) under ev.
func (q *query) holds(ev *expr.Evaluator) (ok bool, failed int) {
	for i, c := range q.constraints {
		if !ev.True(c) {
			return false, i
		}
	}
	if q.expr != nil && ev.True(q.expr) == q.negated {
		return false, len(q.constraints)
	}
	return true, -1
}

// stage is one step of the chain (KLEE's SolverImpl, reduced to one
// operation). check decides whether q is satisfiable; when it is, the
// model satisfies q (all of it) and gives every byte of q.arrays. Each
// stage is a file with a constructor taking the next stage.
type stage interface {
	check(q *query) (sat bool, m Model, err error)
}

// arrayIndex lists the symbolic input arrays an expression reads,
// memoised per expression (expressions are immutable and hash-consed).
// Arrays with constant contents (Init) are not inputs.
type arrayIndex struct {
	memo map[*expr.Expr][]*expr.Array
}

// maxArrayMemo bounds the memo; it is dropped when full.
const maxArrayMemo = 1 << 18

func newArrayIndex() *arrayIndex { return &arrayIndex{memo: map[*expr.Expr][]*expr.Array{}} }

func (x *arrayIndex) of(e *expr.Expr) []*expr.Array {
	if as, ok := x.memo[e]; ok {
		return as
	}
	if len(x.memo) >= maxArrayMemo {
		x.memo = map[*expr.Expr][]*expr.Array{}
	}
	as := arraysOf(e)
	x.memo[e] = as
	return as
}

// arraysOf lists the input arrays e reads, in first-seen order.
func arraysOf(e *expr.Expr) []*expr.Array {
	seen := map[*expr.Array]bool{}
	visited := map[*expr.Expr]bool{}
	var out []*expr.Array
	var walk func(x *expr.Expr)
	walk = func(x *expr.Expr) {
		if visited[x] || !x.IsSymbolic() {
			return
		}
		visited[x] = true
		if (x.Op == expr.OpByte || x.Op == expr.OpRead) && x.Arr.Init == nil && !seen[x.Arr] {
			seen[x.Arr] = true
			out = append(out, x.Arr)
		}
		for _, k := range x.Kids() {
			walk(k)
		}
		if x.Op == expr.OpRead {
			for u := x.Upd; u != nil; u = u.Next {
				walk(u.Index)
				walk(u.Value)
			}
		}
	}
	walk(e)
	return out
}
