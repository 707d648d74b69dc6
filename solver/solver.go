// Package solver answers the executor's questions about path constraints
// (KLEE's solver design): a facade (Solver) derives may/must-be-true,
// models and values from one stage operation, satisfiability of a query;
// stages (stage.go) each add one technique and pass on what they cannot
// answer; chain.go strings them together:
//
//	Independence → Cache → CexCache → Validating → SMT (Z3, cvc5)
//
// Invariant relied on by Independence (as in KLEE): the constraints of
// every query are satisfiable by themselves — they are a feasible path
// condition.
//
// The SMT stage (smt.go) decides on z3 in a persistent child process,
// cvc5 in a child process, or both raced (a portfolio), under each
// query's time limit:
// the per-query timeout and the run's deadline (SetDeadline); Interrupt
// stops a check in flight. Both backends use one translation, bit-exact
// with package arith (see solver/z3), and every model is checked with
// expr.Evaluator (in the race, and again by the Validating stage): a
// model that does not satisfy its query is an ErrModelMismatch, never
// silently used.
//
// It may import solver/expr, internal/arith and the backends under solver/
// (z3, smtpipe, native); never memory, ir or the executor.
package solver

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
	"github.com/floatsym/floatsym/solver/native"
	"github.com/floatsym/floatsym/solver/z3"
)

// Errors. They are wrapped with context; test with errors.Is.
var (
	// ErrTimeout: the solver ran out of time (SetTimeout, SetDeadline)
	// or was interrupted (Interrupt).
	ErrTimeout = errors.New("solver: timeout")
	// ErrUnknown: the solver gave up for another reason (an UNKNOWN
	// answer, a backend's crash or memory cap).
	ErrUnknown = errors.New("solver: unknown")
	// ErrModelMismatch: a model from the solver does not satisfy the
	// query under expr.Evaluator (a translation bug, reported loudly).
	ErrModelMismatch = errors.New("solver: model does not satisfy the query")
	// ErrUnsat: GetModel or GetValue on unsatisfiable constraints.
	ErrUnsat = errors.New("solver: constraints unsatisfiable")
)

// Query asks about Constraints ∧ Expr (all Bool).
type Query struct {
	Constraints []*expr.Expr
	Expr        *expr.Expr
}

// Model gives values to array bytes; it implements expr.Assignment.
// Missing arrays and bytes read as 0.
type Model map[*expr.Array][]byte

// Byte returns byte i of a.
func (m Model) Byte(a *expr.Array, i uint64) byte {
	if bs := m[a]; i < uint64(len(bs)) {
		return bs[i]
	}
	return 0
}

// Stats counts the solver's work.
type Stats struct {
	Queries     uint64        // facade calls
	SolverCalls uint64        // queries reaching the SMT backends
	CacheHits   uint64        // answered by Cache or CexCache
	Time        time.Duration // total time in facade calls (solver time)

	CexHits    uint64        // of CacheHits, by CexCache
	Z3Time     time.Duration // time in the SMT stage (all backends)
	Timeouts   uint64        // ErrTimeout results
	Mismatches uint64        // ErrModelMismatch results

	// Crosscheck counts --crosscheck's re-asked native verdicts.
	Crosscheck CrosscheckStats

	// Stages has each stage's counters, in chain order (the SMT
	// backends last).
	Stages []StageStats
	// NativeRules has the native solver's propagation rules' counters
	// (package native's registry, rules.go), summed over its calls.
	NativeRules []NativeRule
}

// NativeRule is one native propagation rule's counters (summary.json's
// native_rules entry).
type NativeRule = native.RuleCount

// Config configures New.
type Config struct {
	// Timeout per Z3 check; 0 means none. SetTimeout changes it.
	Timeout time.Duration
	// Stages to leave out.
	NoIndependence, NoCache, NoCexCache bool
	// NoNative leaves out the native FP solver (package solver/native).
	NoNative bool
	// Builder is the builder of the queries' expressions. The solver
	// builds no expressions and does not need it, but a Solver must only
	// see one builder's expressions: the cache keys on expression IDs.
	Builder *expr.Builder
	// Log receives debug lines per Z3 check and warnings (nil: logrus's
	// standard logger).
	Log *logrus.Entry
	// MemoryMB caps each backend's memory (0: DefaultMemoryMB); a query
	// past it is UNKNOWN for that backend instead of the process being
	// killed.
	MemoryMB int
	// Backend is BackendZ3, BackendCVC5 or BackendPortfolio ("": the
	// portfolio).
	Backend string
	// Slice is how long a portfolio query runs on z3 alone before cvc5
	// joins it (0: DefaultSlice).
	Slice time.Duration
	// SMT2Dir, if set, receives every query reaching the SMT backends as
	// an SMT-LIB2 file (queryNNNNNN.smt2).
	SMT2Dir string
	// Crosscheck re-asks the native stage's verdicts (crosscheck.go).
	Crosscheck CrosscheckConfig

	cross *crossChecker // set by New for the native stage
}

// DefaultMemoryMB is Z3's memory cap when none is configured: a third of
// this project's 24 GiB machines, so two parallel runs fit.
const DefaultMemoryMB = 8192

// Solver is the facade. It is safe for concurrent use (queries are
// serialised).
type Solver struct {
	mu     sync.Mutex // serialises facade calls
	cfg    Config
	log    *logrus.Entry
	chain  stage
	smt    *smtStage
	cross  *crossChecker
	stats  Stats // the chain's counters: only the holder of busy
	stages stageList

	// calls and callTime count the facade calls (Stats.Queries, .Time).
	calls    atomic.Uint64
	callTime atomic.Int64

	// busy is held by the goroutine running a check of the chain, even
	// one its caller abandoned (abandon.go); cur is that call.
	busy  chan struct{}
	curMu sync.Mutex
	cur   *call

	// known holds recent models for KnownModel (known.go).
	known knownModels

	// cheap is set during MayBeTrueModelCheap; deferred counts its
	// ErrDeferred answers (defer.go).
	cheap    cheapOnly
	deferred atomic.Uint64

	// snap is stats as of the last finished check, for Stats() without
	// waiting for a running query.
	snapMu sync.Mutex
	snap   Stats
}

// New builds a solver with the chain of stages cfg selects.
func New(cfg Config) *Solver {
	s := &Solver{cfg: cfg, log: cfg.Log, busy: make(chan struct{}, 1)}
	if s.log == nil {
		s.log = logrus.NewEntry(logrus.StandardLogger())
	}
	s.log = s.log.WithField("component", "solver")
	mb := cfg.MemoryMB
	if mb <= 0 {
		mb = DefaultMemoryMB
	}
	z3.SetMemoryLimit(mb)
	s.smt = newSMTStage(cfg, &s.stats, s.log, mb)
	s.cross = newCrossChecker(cfg, &s.stats.Crosscheck, s.log, mb)
	cfg.cross = s.cross
	s.chain = buildChain(cfg, s.smt, &s.stats, &s.stages, s.log)
	if n := findNative(s.chain); n != nil {
		n.cheap = &s.cheap
	}
	// The backends come last in the statistics, after the chain's stages.
	s.smt.register(&s.stages)
	s.stats.Stages = s.stages.snapshot()
	s.snap = s.stats
	return s
}

// Close frees the solver's Z3 contexts (tens of MB; they are otherwise
// freed when the Solver is garbage collected) and ends its persistent
// solver process. The Solver remains usable. It waits for an abandoned
// check still running.
func (s *Solver) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.busy <- struct{}{}
	defer func() { <-s.busy }()
	s.smt.close()
	s.cross.close()
}

// SetTimeout sets the time limit of each later check (0: none).
func (s *Solver) SetTimeout(d time.Duration) { s.smt.timeout.Store(int64(d)) }

// Timeout is the time limit of each later check (0: none), as last set.
func (s *Solver) Timeout() time.Duration { return time.Duration(s.smt.timeout.Load()) }

// SetDeadline sets a time by which every check ends (zero: none): a
// check in flight is interrupted when it passes (and abandoned shortly
// after if a stage does not stop: see run), and later checks fail at
// once with ErrTimeout. The executor sets it to the end of the
// exploration, then to the end of test generation.
func (s *Solver) SetDeadline(t time.Time) {
	if t.IsZero() {
		s.smt.deadline.Store(0)
		return
	}
	s.smt.deadline.Store(t.UnixNano())
}

// Interrupt stops the check in flight, if any, with ErrTimeout (safe
// from any goroutine; later checks are not affected): the SMT backends
// are stopped, and the facade call returns at once whatever stage is
// running (the check is abandoned, see run).
func (s *Solver) Interrupt() {
	s.smt.interrupt()
	s.abandonCurrent()
}

// Stats returns the counters as of the last finished query (it does not
// wait for a running one).
func (s *Solver) Stats() Stats {
	s.snapMu.Lock()
	defer s.snapMu.Unlock()
	st := s.snap
	st.Queries = s.calls.Load()
	st.Time = time.Duration(s.callTime.Load())
	return st
}

// begin starts a facade call: calls are serialised, counted and timed
// here (atomically: an abandoned check may still update the chain's
// counters, which only the check's goroutine touches, see run).
func (s *Solver) begin() func() {
	s.calls.Add(1)
	return s.beginUncounted()
}

// beginUncounted is begin for a call that is not a query of its own
// (MayBeTrueModelCheap: the caller asks again): timed, not counted.
func (s *Solver) beginUncounted() func() {
	s.mu.Lock()
	start := time.Now()
	return func() {
		s.callTime.Add(int64(time.Since(start)))
		s.mu.Unlock()
	}
}

// MayBeTrue reports whether Constraints ∧ Expr is satisfiable. A constant
// Expr is answered without a solver call.
func (s *Solver) MayBeTrue(q Query) (bool, error) {
	defer s.begin()()
	if q.Expr.IsConst() {
		return q.Expr.IsTrue(), nil
	}
	sat, _, err := s.run(&query{constraints: q.Constraints, expr: q.Expr})
	if err != nil {
		return false, fmt.Errorf("may be true: %w", err)
	}
	return sat, nil
}

// MustBeTrue reports whether Constraints imply Expr (Constraints ∧ ¬Expr
// is unsatisfiable).
func (s *Solver) MustBeTrue(q Query) (bool, error) {
	defer s.begin()()
	if q.Expr.IsConst() {
		return q.Expr.IsTrue(), nil
	}
	sat, _, err := s.run(&query{constraints: q.Constraints, expr: q.Expr, negated: true})
	if err != nil {
		return false, fmt.Errorf("must be true: %w", err)
	}
	return !sat, nil
}

// GetModel returns values for all bytes of arrays satisfying constraints.
func (s *Solver) GetModel(constraints []*expr.Expr, arrays []*expr.Array) (Model, error) {
	defer s.begin()()
	return s.getModel(constraints, arrays)
}

func (s *Solver) getModel(constraints []*expr.Expr, arrays []*expr.Array) (Model, error) {
	sat, m, err := s.run(&query{constraints: constraints, arrays: arrays})
	if err != nil {
		return nil, fmt.Errorf("get model: %w", err)
	}
	if !sat {
		return nil, fmt.Errorf("get model of %d constraints: %w", len(constraints), ErrUnsat)
	}
	r := Model{}
	for _, a := range arrays {
		bs := make([]byte, a.Size)
		for i := range bs {
			bs[i] = m.Byte(a, uint64(i))
		}
		r[a] = bs
	}
	return r, nil
}

// GetValue returns one value e can take under constraints.
func (s *Solver) GetValue(constraints []*expr.Expr, e *expr.Expr) (arith.Word, error) {
	defer s.begin()()
	if e.IsConst() {
		return e.Val, nil
	}
	m, err := s.getModel(constraints, arraysOf(e))
	if err != nil {
		return arith.Word{}, fmt.Errorf("get value: %w", err)
	}
	return expr.NewEvaluator(m).Eval(e), nil
}
