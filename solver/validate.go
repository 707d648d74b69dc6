package solver

import (
	"fmt"

	"github.com/sirupsen/logrus"

	"github.com/floatsym/floatsym/solver/expr"
)

// validatingStage evaluates every model the next stage returns on the
// whole query with the concrete semantics (expr.Evaluator, package
// arith): a model that does not satisfy the query is an ErrModelMismatch,
// never an answer (KLEE's AssignmentValidatingSolver).
type validatingStage struct {
	next stage
	log  *logrus.Entry
}

func newValidating(next stage, log *logrus.Entry) stage {
	return &validatingStage{next: next, log: log}
}

func (v *validatingStage) check(q *query) (bool, Model, error) {
	sat, m, err := v.next.check(q)
	if err != nil || !sat {
		return sat, m, err
	}
	if m == nil {
		return false, nil, fmt.Errorf("%w: satisfiable without a model", ErrModelMismatch)
	}
	if ok, i := q.holds(expr.NewEvaluator(m)); !ok {
		what := "the condition"
		var e *expr.Expr
		if i < len(q.constraints) {
			what = fmt.Sprintf("constraint %d of %d", i+1, len(q.constraints))
			e = q.constraints[i]
		} else {
			e = q.expr
			if q.negated {
				what = "the negated condition"
			}
		}
		v.log.WithField("expr", e.String()).Debug("model violates " + what)
		return false, nil, fmt.Errorf("%w: %s is false under it: %s", ErrModelMismatch, what, e)
	}
	return true, m, nil
}
