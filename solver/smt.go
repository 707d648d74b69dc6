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

// SMT backends (Config.Backend, --solver). Every query runs on z3 in a
// persistent child process (smtpipe.Session, `z3 -in` over pipes,
// memory-capped, reused across queries); in the portfolio, a query that
// outlasts the first slice keeps running there while cvc5 starts beside
// it, and the first validated answer wins. Nothing solves in floatsym's
// process: Z3 4.8.12 in-process aborts the whole process when it reaches
// its memory cap in some places (an uncaught out_of_memory_error, exit
// status 2 with a register dump), so an in-process slice, however short,
// could take the run down; in a child, a crash, a memory cap or a hang
// is an UNKNOWN for that backend (TestFirstSliceFaults). In-process Z3
// only translates and prints the queries (z3.Script: no search, bounded
// by the query's size) and stays available as --solver=z3-inprocess for
// debugging and comparison.
//
// Measured side by side on a loaded 2-core machine. Per query
// (BenchmarkBackendOverhead): a small bit-vector query takes 0.38–0.49 ms
// in-process and 0.77–1.26 ms in the z3 process (translation, printing,
// pipes, parsing; push/pop between them, where a (reset) would cost
// 2.5 ms more); FP queries, which take Z3 milliseconds to seconds, are
// not slower in the process as a rule, but vary either way by query
// (howden-double-unsat 0.35 s in-process against 1.34 s in the process,
// with z3's command line at 0.8–1.4 s over random seeds; g2i-float-value
// 0.17 s against 0.15 s; nan-x86fp80-must 6 ms against 3 ms): both see
// a fresh term manager per query, but Z3's search depends on the order
// its terms were made in, which parsing changes. Suite runs take from tens to a few
// hundred SMT queries, so the overhead is well under 1% of a run. End to
// end (floatsym bench, 10 FP variants, 60 s, the two binaries alternated
// per variant): the same verdicts, 138.0 s against 150.9 s for a 1 s
// in-process slice followed by z3 restarted in a child (0.77–1.27 per
// variant; the hard queries no longer restart, and cvc5 starts beside a
// z3 that keeps its progress). So the process is the default: it isolates
// every query at no measurable cost.
//
// cvc5 runs as its binary over pipes, not through its C++ API: measured
// here (cvc5 1.0.3, loaded machine), a process costs 30–100 ms per query
// against 16–22 ms for creating an API solver, nothing beside the seconds
// of the queries that outlast the slice (x*y == 3 in double: 2.1–2.5 s as
// a process, 1.6–2.1 s checking through the API); the process gives
// isolation, a hard kill and a memory cap for free, and needs no C++ shim
// or second translation (the script comes from the Z3 translation).
const (
	// BackendZ3: the z3 binary, a persistent process.
	BackendZ3 = "z3"
	// BackendCVC5: the cvc5 binary, a process per query, on the
	// SMT-LIB2 script of the query (z3.Script).
	BackendCVC5 = "cvc5"
	// BackendPortfolio: the z3 process; a query that outlasts the slice
	// there is raced on cvc5 beside it: the first validated answer wins
	// and the other is killed.
	BackendPortfolio = "portfolio"
	// BackendZ3InProcess: Z3 through its C API in floatsym's process,
	// with no isolation (a Z3 abort ends the run): for debugging and
	// for comparing with the processes.
	BackendZ3InProcess = "z3-inprocess"
)

// Backends lists the backend names.
var Backends = []string{BackendPortfolio, BackendZ3, BackendCVC5, BackendZ3InProcess}

// Stage names of the backends in the statistics.
const (
	stageZ3          = "z3"           // the z3 process
	stageCVC5        = "cvc5"         // the cvc5 binary
	stageZ3InProcess = "z3-inprocess" // Z3 through cgo
)

// DefaultSlice is how long a portfolio query runs on z3 alone before
// cvc5 joins it.
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
	case BackendZ3InProcess:
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
	inproc   *z3.Checker // BackendZ3InProcess only
	scripts  *z3.Checker // translates for the processes and the query log
	backends []*backend  // processes, in starting order
	slice    time.Duration
	timeout  atomic.Int64 // time.Duration; 0: none
	deadline atomic.Int64 // Unix nanoseconds; 0: none
	stats    *Stats
	inprocSt *StageStats
	log      *logrus.Entry
	qlog     *queryLog // nil unless SMT2Dir is set

	mu     sync.Mutex // guards cancel
	cancel context.CancelFunc

	childWarned bool
}

// runner decides an SMT-LIB2 query: a solver process per query
// (smtpipe.Solver) or a persistent one (smtpipe.Session).
type runner interface {
	Run(ctx context.Context, logic, body string, terms []string) (smtpipe.Result, error)
}

// backend is a solver process of the stage.
type backend struct {
	name string
	run  runner
	// late: the backend joins a query only after the slice (or when the
	// backends before it failed).
	late bool
	st   *StageStats
	// close ends a persistent process (nil: none).
	close func()
}

func newSMTStage(cfg Config, st *Stats, log *logrus.Entry, memoryMB int) *smtStage {
	mode := cfg.Backend
	if mode == "" {
		mode = BackendPortfolio
	}
	s := &smtStage{mode: mode, scripts: z3.NewChecker(), slice: cfg.Slice, stats: st, log: log}
	z3Session := func() *backend {
		p := smtpipe.Z3(memoryMB).NewSession()
		return &backend{name: stageZ3, run: p, close: p.Close}
	}
	cvc5 := func(late bool) *backend {
		return &backend{name: stageCVC5, run: smtpipe.CVC5(memoryMB), late: late}
	}
	switch mode {
	case BackendZ3InProcess:
		s.inproc = z3.NewChecker()
		s.inproc.Log = log
	case BackendZ3:
		s.backends = []*backend{z3Session()}
	case BackendCVC5:
		s.backends = []*backend{cvc5(false)}
	default:
		s.backends = []*backend{z3Session(), cvc5(true)}
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
	if s.inproc != nil {
		s.inprocSt = stages.add(stageZ3InProcess)
	}
	for _, b := range s.backends {
		b.st = stages.add(b.name)
	}
}

// close frees the in-process contexts and ends the persistent processes
// (later queries start new ones).
func (s *smtStage) close() {
	if s.inproc != nil {
		s.inproc.Close()
	}
	s.scripts.Close()
	for _, b := range s.backends {
		if b.close != nil {
			b.close()
		}
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
	if s.qlog != nil || s.inproc == nil {
		script, scriptErr = s.script(q)
	}
	var tries []attempt
	if s.inproc != nil {
		tries = []attempt{s.runInProcess(ctx, q, limit)}
	} else {
		tries = s.solve(ctx, q, script, scriptErr)
	}
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
		if errors.Is(a.err, ErrTimeout) {
			return fmt.Errorf("%w: %s", ErrTimeout, strings.Join(msgs, "; "))
		}
	}
	return fmt.Errorf("%w: %s", ErrUnknown, strings.Join(msgs, "; "))
}

// count adds an attempt to its backend's statistics.
func (s *smtStage) count(a *attempt) {
	st := s.inprocSt
	for _, b := range s.backends {
		if b.name == a.backend {
			st = b.st
		}
	}
	if st == nil {
		return // the translation for the processes failed: no backend ran
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

// runInProcess decides q with Z3 in floatsym's process
// (BackendZ3InProcess).
func (s *smtStage) runInProcess(ctx context.Context, q *query, limit time.Duration) attempt {
	assert, negate := split(q)
	start := time.Now()
	sat, m, err := s.inproc.CheckContext(ctx, assert, negate, q.arrays, limit)
	a := attempt{backend: stageZ3InProcess, sat: sat, m: Model(m), time: time.Since(start)}
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

// runProcess decides q with a solver process on the query's script.
func (s *smtStage) runProcess(ctx context.Context, b *backend, q *query, sc *z3.Script) attempt {
	start := time.Now()
	a := attempt{backend: b.name}
	r, err := b.run.Run(ctx, sc.Logic, sc.Body, sc.Terms)
	a.time = time.Since(start)
	switch {
	case errors.Is(err, smtpipe.ErrKilled):
		a.err = fmt.Errorf("%w: %s stopped after %v", ErrTimeout, b.name, a.time.Round(time.Millisecond))
	case err != nil:
		a.err = fmt.Errorf("%w: %w", ErrUnknown, err)
	case r.Status == smtpipe.Unsat:
	case r.Status == smtpipe.Sat:
		m, merr := sc.Model(r.Values)
		if merr != nil {
			a.err = fmt.Errorf("%w: %s: %w", ErrUnknown, b.name, merr)
			break
		}
		a.sat, a.m = true, Model(m)
	default:
		a.err = fmt.Errorf("%w: %s: %s", ErrUnknown, b.name, r.Reason)
	}
	return validate(q, a)
}

// solve runs q on the solver processes: the first ones at once, the
// late ones (cvc5 in the portfolio) when the slice has passed without
// an answer or when every backend running has failed. The first
// validated answer wins and the others are killed; a failure on one side
// is no verdict while another can answer. It returns every attempt that
// ended in an answer or a failure, the winner first, after all the
// processes it started have stopped.
func (s *smtStage) solve(ctx context.Context, q *query, sc *z3.Script, scErr error) []attempt {
	if scErr != nil {
		s.log.WithError(scErr).Warn("no SMT-LIB2 script for the solver processes")
		return []attempt{{backend: "smt-lib2", err: fmt.Errorf("%w: translation: %w", ErrUnknown, scErr)}}
	}
	cctx, kill := context.WithCancel(ctx)
	defer kill()
	ch := make(chan attempt, len(s.backends))
	next, running := 0, 0 // backends started (early ones first), running
	start := func(late bool) {
		for next < len(s.backends) && (late || !s.backends[next].late) {
			b := s.backends[next]
			next++
			running++
			go func() { ch <- s.runProcess(cctx, b, q, sc) }()
		}
	}
	start(false)
	if running == 0 {
		start(true)
	}
	slice := time.NewTimer(s.slice)
	defer slice.Stop()
	var tries []attempt
	won := false
	for running > 0 {
		select {
		case <-slice.C:
			if !won && ctx.Err() == nil {
				start(true)
			}
			continue
		case a := <-ch:
			running--
			if a.err == nil && !won {
				won = true
				kill()
				tries = append([]attempt{a}, tries...)
				continue
			}
			if a.err != nil && (errors.Is(a.err, smtpipe.ErrCrash) || errors.Is(a.err, smtpipe.ErrMemory)) && !s.childWarned {
				s.childWarned = true
				s.log.WithError(a.err).Warn("a solver process failed (the query is UNKNOWN for it; further failures are counted, not logged)")
			}
			tries = append(tries, a)
			if running == 0 && !won && ctx.Err() == nil && next < len(s.backends) {
				// Every backend so far failed before the slice: do
				// not wait for it to end.
				start(true)
			}
		}
	}
	return tries
}
