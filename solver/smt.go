package solver

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/floatsym/floatsym/solver/expr"
	"github.com/floatsym/floatsym/solver/smtpipe"
	"github.com/floatsym/floatsym/solver/z3"
)

// SMT backends (Config.Backend, --solver). Every query first runs on Z3
// in-process for a short slice: most queries take milliseconds and never
// leave the process. A query that outlasts the slice moves to solver
// binaries in child processes (smtpipe), where a crash, a memory cap or a
// hang ends the child, never the run: Z3 aborts the whole process when
// it reaches its memory cap in some places (an uncaught
// out_of_memory_error, seen in TestPortfolioZ3MemoryOut), so hard
// queries, the ones that grow, must not run in-process.
//
// cvc5 runs as its binary over pipes, not through its C++ API: measured
// here (cvc5 1.0.3, loaded machine), a process costs 30–100 ms per query
// against 16–22 ms for creating an API solver, nothing beside the seconds
// of the queries that outlast the slice (x*y == 3 in double: 2.1–2.5 s as
// a process, 1.6–2.1 s checking through the API); the process gives
// isolation, a hard kill and a memory cap for free, and needs no C++ shim
// or second translation (the script comes from the Z3 translation).
const (
	// BackendZ3: Z3 in-process for the slice, then the z3 binary.
	BackendZ3 = "z3"
	// BackendCVC5: the cvc5 binary only, on the SMT-LIB2 script of the
	// query (z3.Script).
	BackendCVC5 = "cvc5"
	// BackendPortfolio: Z3 in-process for the slice, then the z3 and
	// cvc5 binaries raced: the first validated answer wins and the other
	// child is killed.
	BackendPortfolio = "portfolio"
)

// Backends lists the backend names.
var Backends = []string{BackendPortfolio, BackendZ3, BackendCVC5}

// Stage names of the backends in the statistics.
const (
	stageZ3      = "z3"         // in-process slice
	stageZ3Child = "z3-process" // the z3 binary
	stageCVC5    = "cvc5"       // the cvc5 binary
)

// DefaultSlice is how long a query runs on Z3 in-process before it moves
// to child processes.
const DefaultSlice = time.Second

// CheckBackend reports whether backend names a backend this machine can
// run (the binaries it needs are installed).
func CheckBackend(backend string) error {
	var need []string
	switch backend {
	case "", BackendPortfolio:
		need = []string{"z3", "cvc5"}
	case BackendZ3:
		need = []string{"z3"}
	case BackendCVC5:
		need = []string{"cvc5"}
	default:
		return fmt.Errorf("unknown solver %q (want %s)", backend, strings.Join(Backends, ", "))
	}
	for _, bin := range need {
		if _, err := exec.LookPath(bin); err != nil {
			return fmt.Errorf("solver %s: %w (scripts/install-deps.sh installs it)", backend, err)
		}
	}
	return nil
}

// smtStage is the chain's core: it decides a query on the SMT backends
// under the query's time limit (the per-query timeout and the run's
// deadline, whichever is first), stopping a check in flight when the
// limit passes or Interrupt is called.
type smtStage struct {
	mode     string
	z3       *z3.Checker
	scripts  *z3.Checker // translates for the children and the query log
	children []*smtpipe.Solver
	slice    time.Duration
	timeout  atomic.Int64 // time.Duration; 0: none
	deadline atomic.Int64 // Unix nanoseconds; 0: none
	stats    *Stats
	z3st     *StageStats            // in-process slice
	childSt  map[string]*StageStats // by child name
	log      *logrus.Entry
	qlog     *queryLog // nil unless SMT2Dir is set

	mu     sync.Mutex // guards cancel
	cancel context.CancelFunc

	childWarned bool
}

func newSMTStage(cfg Config, st *Stats, log *logrus.Entry, memoryMB int) *smtStage {
	mode := cfg.Backend
	if mode == "" {
		mode = BackendPortfolio
	}
	c := z3.NewChecker()
	c.Log = log
	s := &smtStage{mode: mode, z3: c, scripts: z3.NewChecker(), slice: cfg.Slice, stats: st, log: log,
		childSt: map[string]*StageStats{}}
	switch mode {
	case BackendZ3:
		s.children = []*smtpipe.Solver{smtpipe.Z3(memoryMB)}
	case BackendCVC5:
		s.children = []*smtpipe.Solver{smtpipe.CVC5(memoryMB)}
	default:
		s.children = []*smtpipe.Solver{smtpipe.Z3(memoryMB), smtpipe.CVC5(memoryMB)}
	}
	if s.slice <= 0 {
		s.slice = DefaultSlice
	}
	if cfg.SMT2Dir != "" {
		s.qlog = &queryLog{dir: cfg.SMT2Dir}
	}
	s.timeout.Store(int64(cfg.Timeout))
	return s
}

// register adds the backends' counters to the chain's.
func (s *smtStage) register(stages *stageList) {
	if s.mode != BackendCVC5 {
		s.z3st = stages.add(stageZ3)
	}
	for _, c := range s.children {
		name := c.Name
		if name == "z3" {
			name = stageZ3Child
		}
		s.childSt[c.Name] = stages.add(name)
	}
}

// interrupt stops the check in flight, if any.
func (s *smtStage) interrupt() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cancel != nil {
		s.cancel()
	}
}

func (s *smtStage) setCancel(c context.CancelFunc) {
	s.mu.Lock()
	s.cancel = c
	s.mu.Unlock()
}

// attempt is one backend's part in a query.
type attempt struct {
	backend string
	child   bool // in a child process
	sliced  bool // the in-process check stopped at the slice's end
	sat     bool
	m       Model
	err     error
	time    time.Duration
}

func (a *attempt) verdict() string {
	switch {
	case a.err != nil:
		return "unknown"
	case a.sat:
		return "sat"
	}
	return "unsat"
}

// limit is the time a check may take now: the per-query timeout or the
// time to the deadline, whichever is shorter (0: none); ok is false when
// the deadline has passed.
func (s *smtStage) limit() (limit time.Duration, ok bool) {
	limit = time.Duration(s.timeout.Load())
	if d := s.deadline.Load(); d != 0 {
		left := time.Until(time.Unix(0, d))
		if left <= 0 {
			return 0, false
		}
		if limit == 0 || left < limit {
			limit = left
		}
	}
	return limit, true
}

func (s *smtStage) check(q *query) (bool, Model, error) {
	s.stats.SolverCalls++
	start := time.Now()
	defer func() { s.stats.Z3Time += time.Since(start) }()
	limit, ok := s.limit()
	if !ok {
		return false, nil, fmt.Errorf("%w: the time limit has passed", ErrTimeout)
	}
	ctx, cancel := context.WithCancel(context.Background())
	if limit > 0 {
		ctx, cancel = context.WithTimeout(context.Background(), limit)
	}
	s.setCancel(cancel)
	defer func() {
		s.setCancel(nil)
		cancel()
	}()
	var script *z3.Script
	var scriptErr error
	if s.qlog != nil {
		script, scriptErr = s.script(q)
	}
	tries := s.solve(ctx, q, limit, &script)
	for i := range tries {
		s.count(&tries[i])
	}
	win := -1
	for i, a := range tries {
		if a.err == nil {
			win = i
			break
		}
	}
	if s.qlog != nil {
		s.qlog.write(script, scriptErr, tries, win, time.Since(start))
	}
	if win >= 0 {
		for _, a := range tries {
			if errors.Is(a.err, ErrModelMismatch) {
				// The other backend answered; the mismatch is still a
				// translation bug to report.
				s.stats.Mismatches++
				s.log.WithError(a.err).Warn("solver model mismatch (" + a.backend + ")")
			}
		}
		return tries[win].sat, tries[win].m, nil
	}
	return false, nil, combine(ctx, tries)
}

// combine is the error of a query no backend answered: a model mismatch
// first (a bug, reported loudly), then a timeout if the limit passed,
// else the failures.
func combine(ctx context.Context, tries []attempt) error {
	if len(tries) == 1 {
		return tries[0].err
	}
	var msgs []string
	for _, a := range tries {
		if errors.Is(a.err, ErrModelMismatch) {
			return a.err
		}
		msgs = append(msgs, a.err.Error())
	}
	if ctx.Err() != nil {
		return fmt.Errorf("%w: %s", ErrTimeout, strings.Join(msgs, "; "))
	}
	for _, a := range tries {
		if errors.Is(a.err, ErrTimeout) && !a.sliced {
			return fmt.Errorf("%w: %s", ErrTimeout, strings.Join(msgs, "; "))
		}
	}
	return fmt.Errorf("%w: %s", ErrUnknown, strings.Join(msgs, "; "))
}

// count adds an attempt to its backend's statistics.
func (s *smtStage) count(a *attempt) {
	st := s.z3st
	if c := s.childSt[a.backend]; c != nil && a.child {
		st = c
	}
	st.Queries++
	st.Time += a.time
	switch {
	case a.err == nil:
		st.Answered(a.sat)
		return
	case errors.Is(a.err, z3.ErrMemory) || errors.Is(a.err, smtpipe.ErrMemory):
		st.MemoryOuts++
	case errors.Is(a.err, ErrTimeout):
		st.Interrupts++
	}
	st.Unknown++
}

func split(q *query) (assert, negate []*expr.Expr) {
	assert = append(assert, q.constraints...)
	if q.expr != nil {
		if q.negated {
			negate = append(negate, q.expr)
		} else {
			assert = append(assert, q.expr)
		}
	}
	return assert, negate
}

// validate checks a model on the whole query before it may win a race
// (the Validating stage checks the winner again).
func validate(q *query, a attempt) attempt {
	if a.err != nil || !a.sat {
		return a
	}
	if a.m == nil {
		a.err = fmt.Errorf("%w: %s: satisfiable without a model", ErrModelMismatch, a.backend)
	} else if ok, i := q.holds(expr.NewEvaluator(a.m)); !ok {
		a.err = fmt.Errorf("%w: %s: assertion %d is false under its model", ErrModelMismatch, a.backend, i+1)
	}
	if a.err != nil {
		a.sat, a.m = false, nil
	}
	return a
}

func (s *smtStage) runZ3(ctx context.Context, q *query, limit time.Duration) attempt {
	assert, negate := split(q)
	start := time.Now()
	sat, m, err := s.z3.CheckContext(ctx, assert, negate, q.arrays, limit)
	a := attempt{backend: BackendZ3, sat: sat, m: Model(m), time: time.Since(start)}
	switch {
	case err == nil:
	case errors.Is(err, z3.ErrTimeout):
		a.err = fmt.Errorf("%w: %w", ErrTimeout, err)
	case errors.Is(err, z3.ErrUnknown) || errors.Is(err, z3.ErrMemory):
		a.err = fmt.Errorf("%w: %w", ErrUnknown, err)
	default:
		a.err = fmt.Errorf("query of %d constraints: %w", len(q.constraints), err)
	}
	return validate(q, a)
}

// script translates q for SMT-LIB2 solvers.
func (s *smtStage) script(q *query) (*z3.Script, error) {
	assert, negate := split(q)
	return s.scripts.Script(assert, negate, q.arrays)
}

// runChild decides q with a solver binary; *script is the query's
// script, made before.
func (s *smtStage) runChild(ctx context.Context, c *smtpipe.Solver, q *query, sc *z3.Script) attempt {
	start := time.Now()
	a := attempt{backend: c.Name, child: true}
	r, err := c.Run(ctx, sc.Logic, sc.Body, sc.Terms)
	a.time = time.Since(start)
	switch {
	case errors.Is(err, smtpipe.ErrKilled):
		a.err = fmt.Errorf("%w: %s stopped after %v", ErrTimeout, c.Name, a.time.Round(time.Millisecond))
	case err != nil:
		a.err = fmt.Errorf("%w: %w", ErrUnknown, err)
	case r.Status == smtpipe.Unsat:
	case r.Status == smtpipe.Sat:
		m, merr := sc.Model(r.Values)
		if merr != nil {
			a.err = fmt.Errorf("%w: %s: %w", ErrUnknown, c.Name, merr)
			break
		}
		a.sat, a.m = true, Model(m)
	default:
		a.err = fmt.Errorf("%w: %s: %s", ErrUnknown, c.Name, r.Reason)
	}
	return validate(q, a)
}

// solve runs q on Z3 in-process for the slice (not in cvc5 mode), then,
// if unanswered, on the child solvers at once: the first validated
// answer wins and the other children are killed. A failure on one side
// is no verdict while another can answer. It returns every attempt that
// ended in an answer or a failure, the winner first, after all children
// have exited.
func (s *smtStage) solve(ctx context.Context, q *query, limit time.Duration, script **z3.Script) []attempt {
	var tries []attempt
	if s.mode != BackendCVC5 {
		sliceLimit := s.slice
		if limit > 0 && limit < sliceLimit {
			sliceLimit = limit
		}
		sctx, stop := context.WithTimeout(ctx, sliceLimit)
		a := s.runZ3(sctx, q, sliceLimit)
		stop()
		a.sliced = errors.Is(a.err, ErrTimeout) && ctx.Err() == nil
		tries = append(tries, a)
		if a.err == nil || ctx.Err() != nil {
			return tries
		}
	}
	if *script == nil {
		sc, err := s.script(q)
		if err != nil {
			s.log.WithError(err).Warn("no SMT-LIB2 script for the solver processes")
			tries = append(tries, attempt{backend: "smt-lib2", err: fmt.Errorf("%w: translation: %w", ErrUnknown, err)})
			return tries
		}
		*script = sc
	}
	cctx, kill := context.WithCancel(ctx)
	defer kill()
	ch := make(chan attempt, len(s.children))
	for _, c := range s.children {
		go func() { ch <- s.runChild(cctx, c, q, *script) }()
	}
	won := false
	for range s.children {
		a := <-ch
		if a.err == nil && !won {
			won = true
			kill()
			tries = append([]attempt{a}, tries...)
			continue
		}
		if a.err != nil && errors.Is(a.err, smtpipe.ErrCrash) && !s.childWarned {
			s.childWarned = true
			s.log.WithError(a.err).Warn("a solver process failed (the query is UNKNOWN for it; further failures are counted, not logged)")
		}
		tries = append(tries, a)
	}
	return tries
}
