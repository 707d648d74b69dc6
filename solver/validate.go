package solver

import (
	"fmt"

	"github.com/floatsym/floatsym/solver/expr"
)

// validatingStage evaluates every model the next stage returns on the
// whole query with the concrete semantics (package arith): a model that
// does not satisfy the query is an error, never a test (KLEE's
// AssignmentValidatingSolver).
type validatingStage struct {
	next stage
}

func (v *validatingStage) check(q *query) (bool, Model, error) {
	sat, m, err := v.next.check(q)
	if err != nil || !sat {
		return sat, m, err
	}
	ev := expr.NewEvaluator(m)
	for i, c := range q.all() {
		if !ev.True(c) {
			return false, nil, fmt.Errorf("%w: constraint %d of %d is false under it", ErrModelMismatch, i+1, len(q.all()))
		}
	}
	return true, m, nil
}
