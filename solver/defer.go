package solver

import (
	"errors"
	"fmt"
	"sync/atomic"
)

// ErrDeferred: MayBeTrueModelCheap was asked a floating-point query that
// the chain's cheap stages (independence, caches, the native first
// search, whose budget is in work units) did not decide; the SMT
// backends were not asked. It is no verdict: the caller asks again with
// MayBeTrueModel when it wants the answer (the executor parks the state,
// executor/search_defer.go).
var ErrDeferred = errors.New("solver: deferred (the cheap stages did not decide the query)")

// cheapOnly is set while a MayBeTrueModelCheap call runs: the native
// stage then returns ErrDeferred instead of passing an undecided query on
// to the SMT backends.
type cheapOnly struct{ on atomic.Bool }

// MayBeTrueModelCheap is MayBeTrueModel without the SMT backends for a
// floating-point query: when the stages before them (caches, the native
// first search) do not decide it, the answer is ErrDeferred. Queries
// without floating point are decided as by MayBeTrueModel (the SMT
// backends decide bit-vector queries quickly), and so is every query
// when the chain has no native stage (--presolver off). Whether a query
// is deferred depends only on the queries asked before it and the seed,
// never on a clock (the native first search's budget is in work units:
// nativebudget.go), except when its outer cap, the run's deadline, ends
// the search.
//
// It is not counted in Stats.Queries (its time is in Stats.Time): the
// caller asks the query again, decided from the cache or in full.
func (s *Solver) MayBeTrueModelCheap(q Query) (bool, Model, error) {
	defer s.beginUncounted()()
	if q.Expr.IsConst() {
		return q.Expr.IsTrue(), nil, nil
	}
	s.cheap.on.Store(true)
	sat, m, err := s.run(&query{constraints: q.Constraints, expr: q.Expr})
	s.cheap.on.Store(false)
	if err != nil {
		if errors.Is(err, ErrDeferred) {
			s.deferred.Add(1)
		}
		return false, nil, fmt.Errorf("may be true: %w", err)
	}
	return sat, m, nil
}

// Deferred is how many MayBeTrueModelCheap calls ended in ErrDeferred.
func (s *Solver) Deferred() uint64 { return s.deferred.Load() }

// findNative returns the chain's native stage (nil: none).
func findNative(s stage) *nativeStage {
	for s != nil {
		switch x := s.(type) {
		case *nativeStage:
			return x
		case *independenceStage:
			s = x.next
		case *cacheStage:
			s = x.next
		case *cexCacheStage:
			s = x.next
		default:
			return nil
		}
	}
	return nil
}
