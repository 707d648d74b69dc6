// Package solver decides path conditions: a facade (may/must be true,
// values, models) over a chain of stages, KLEE-style: independence →
// cache → counterexample cache → model validation → Z3's FP theory.
// Each stage is one file with a constructor that takes the next stage;
// chain.go builds the chain.
package solver

import (
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/floatsym/floatsym/arith"
	"github.com/floatsym/floatsym/solver/expr"
	"github.com/floatsym/floatsym/solver/z3"
	"github.com/sirupsen/logrus"
)

// Query asks about Constraints ∧ Expr (all Bool expressions).
type Query struct {
	Constraints []*expr.Expr
	Expr        *expr.Expr
}

// Model gives every byte of the symbolic arrays of a satisfiable query.
// Bytes of arrays it does not mention read as 0.
type Model map[*expr.Array][]byte

// Byte implements expr.Assignment.
func (m Model) Byte(a *expr.Array, i uint64) byte {
	b := m[a]
	if i < uint64(len(b)) {
		return b[i]
	}
	return 0
}

// Errors of the solver; they are wrapped with context.
var (
	ErrTimeout       = z3.ErrTimeout
	ErrUnknown       = z3.ErrUnknown
	ErrModelMismatch = errors.New("solver model does not satisfy the query")
	ErrUnsat         = errors.New("query is unsatisfiable")
)

// Stats counts the work done.
type Stats struct {
	Queries     uint64        // facade calls
	SolverCalls uint64        // queries that reached Z3
	CacheHits   uint64        // answered by the caches
	Time        time.Duration // time in Z3
}

// Config selects the stages of the chain.
type Config struct {
	Timeout                             time.Duration
	NoIndependence, NoCache, NoCexCache bool
	Builder                             *expr.Builder
	Log                                 *logrus.Entry
}

// query is what flows down the chain: constraints, an optional extra
// condition, and the arrays whose bytes the caller wants in the model.
type query struct {
	cons   []*expr.Expr
	extra  *expr.Expr // nil: true
	arrays []*expr.Array
}

func (q *query) all() []*expr.Expr {
	if q.extra == nil {
		return q.cons
	}
	return append(append([]*expr.Expr(nil), q.cons...), q.extra)
}

// stage is one step of the chain. check reports satisfiability and, when
// satisfiable, a model covering at least q.arrays.
type stage interface {
	check(q *query) (sat bool, m Model, err error)
}

// Solver is the facade the executor uses. It is safe for concurrent use.
type Solver struct {
	b       *expr.Builder
	amu     sync.Mutex // guards arrays
	mu      sync.Mutex
	chain   stage
	core    *z3Stage
	stats   *Stats
	arrays  map[*expr.Expr][]*expr.Array
	timeout time.Duration
}

// New builds a solver. cfg.Builder must be the builder of the expressions
// it will see (it negates them).
func New(cfg Config) *Solver {
	st := &Stats{}
	core := &z3Stage{checker: z3.NewChecker(), stats: st, timeout: cfg.Timeout}
	if cfg.Builder == nil {
		cfg.Builder = expr.NewBuilder()
	}
	s := &Solver{b: cfg.Builder, stats: st, core: core, arrays: map[*expr.Expr][]*expr.Array{}, timeout: cfg.Timeout}
	s.chain = buildChain(cfg, core, st, s.arraysOf)
	return s
}

// SetTimeout sets the per-query timeout (0: none).
func (s *Solver) SetTimeout(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.core.timeout = d
}

// Stats returns the counters.
func (s *Solver) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return *s.stats
}

func (s *Solver) run(q *query) (bool, Model, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.stats.Queries++
	return s.chain.check(q)
}

// MayBeTrue reports whether Constraints ∧ Expr is satisfiable. The
// constraints themselves are assumed satisfiable (they are a path
// condition), so constant expressions are answered directly.
func (s *Solver) MayBeTrue(q Query) (bool, error) {
	if q.Expr.IsConst() {
		return q.Expr.IsTrue(), nil
	}
	sat, _, err := s.run(&query{cons: q.Constraints, extra: q.Expr})
	if err != nil {
		return false, fmt.Errorf("may be true: %w", err)
	}
	return sat, nil
}

// MustBeTrue reports whether Constraints imply Expr.
func (s *Solver) MustBeTrue(q Query) (bool, error) {
	if q.Expr.IsConst() {
		return q.Expr.IsTrue(), nil
	}
	may, err := s.MayBeTrue(Query{Constraints: q.Constraints, Expr: s.b.Not(q.Expr)})
	return !may, err
}

// GetModel returns values for all bytes of arrays satisfying constraints.
func (s *Solver) GetModel(constraints []*expr.Expr, arrays []*expr.Array) (Model, error) {
	sat, m, err := s.run(&query{cons: constraints, arrays: arrays})
	if err != nil {
		return nil, fmt.Errorf("model: %w", err)
	}
	if !sat {
		return nil, fmt.Errorf("model: %w", ErrUnsat)
	}
	return m, nil
}

// GetValue returns one value e can take under the constraints.
func (s *Solver) GetValue(constraints []*expr.Expr, e *expr.Expr) (arith.Word, error) {
	if e.IsConst() {
		return e.Val, nil
	}
	sat, m, err := s.run(&query{cons: constraints, arrays: s.arraysOf(e)})
	if err != nil {
		return arith.Word{}, fmt.Errorf("value: %w", err)
	}
	if !sat {
		return arith.Word{}, fmt.Errorf("value: %w", ErrUnsat)
	}
	return expr.NewEvaluator(m).Eval(e), nil
}

// arraysOf lists the symbolic input arrays an expression reads (memoised).
func (s *Solver) arraysOf(e *expr.Expr) []*expr.Array {
	s.amu.Lock()
	defer s.amu.Unlock()
	if as, ok := s.arrays[e]; ok {
		return as
	}
	seen := map[*expr.Array]bool{}
	var out []*expr.Array
	visited := map[*expr.Expr]bool{}
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
		for u := x.Upd; u != nil && x.Op == expr.OpRead; u = u.Next {
			walk(u.Index)
			walk(u.Value)
		}
	}
	walk(e)
	s.arrays[e] = out
	return out
}
