package solver

import (
	"time"

	"github.com/sirupsen/logrus"

	"github.com/floatsym/floatsym/solver/expr"
	"github.com/floatsym/floatsym/solver/native"
)

// nativeStage answers floating-point queries with package native
// (interval propagation and model search) before the SMT solver. Its SAT
// models make the whole query true under expr.Evaluator; its UNSAT comes
// from sound propagation; an UNKNOWN passes the query on, rewritten with
// the facts the domains prove. A model the next stage finds for the
// rewritten query is checked against the original one, which is passed
// on unchanged if it fails (the rewritten query may admit more models).
type nativeStage struct {
	next    stage
	b       *expr.Builder
	st      *StageStats
	limit   func() time.Duration
	budget  budgeter
	seed    int64
	fpMemo  map[*expr.Expr]bool
	visited map[*expr.Expr]bool
	// smt is the chain's SMT stage (nil when the core is another kind):
	// the search that goes on beside it stops it when it answers first.
	smt *smtStage
	// cross re-asks UNSATs and rewrites (--crosscheck; nil: off);
	// besideBy is what decided the last UNSAT beside the SMT backends.
	cross    *crossChecker
	besideBy string
}

func newNativeStage(next, core stage, cfg Config, st *StageStats) stage {
	s := &nativeStage{next: next, b: cfg.Builder, st: st, fpMemo: map[*expr.Expr]bool{}, cross: cfg.cross}
	s.limit = func() time.Duration { return 0 }
	if z, ok := core.(*smtStage); ok {
		s.smt = z
		s.limit = func() time.Duration {
			d, ok := z.limit()
			if !ok {
				return time.Millisecond // the deadline has passed: a token search
			}
			return d
		}
	}
	return s
}

// hasFP reports whether e involves floating point (memoised).
func (s *nativeStage) hasFP(e *expr.Expr) bool {
	if r, ok := s.fpMemo[e]; ok {
		return r
	}
	if len(s.fpMemo) > 1<<18 {
		s.fpMemo = map[*expr.Expr]bool{}
	}
	r := e.Sort.Kind == expr.FP
	for _, k := range e.Kids() {
		if r {
			break
		}
		r = s.hasFP(k)
	}
	s.fpMemo[e] = r
	return r
}

func (s *nativeStage) check(q *query) (bool, Model, error) {
	var roots []native.Root
	fp := false
	for _, c := range q.constraints {
		roots = append(roots, native.Root{E: c, Want: true})
		fp = fp || s.hasFP(c)
	}
	if q.expr != nil {
		roots = append(roots, native.Root{E: q.expr, Want: !q.negated})
		fp = fp || s.hasFP(q.expr)
	}
	if !fp {
		return s.next.check(q)
	}
	st := s.st
	st.Queries++
	start := time.Now()
	s.seed++
	budget := s.budget.next(s.limit())
	ans := native.Solve(roots, q.arrays, s.b, budget, s.seed)
	took := time.Since(start)
	st.Time += took
	if s.smt != nil {
		s.smt.log.WithFields(logrus.Fields{"result": ans.Result.String(), "took": took,
			"budget": budget}).Debug("solver: native stage")
	}
	switch ans.Result {
	case native.Sat:
		st.Sat++
		s.budget.decided(took)
		s.budget.record(true, 0)
		return true, Model(ans.Model), nil
	case native.Unsat:
		st.Unsat++
		s.budget.decided(took)
		s.budget.record(true, 0)
		return false, nil, s.cross.unsat(q, ans.By)
	}
	if err := s.cross.rewrite(q, ans.Rewritten); err != nil {
		return false, nil, err
	}
	smt := time.Now()
	s.besideBy = ""
	sat, m, err, beside := s.passOnBeside(q, roots, ans.Rewritten, s.budget.delay(budget))
	switch beside {
	case native.Sat:
		st.Sat++
	case native.Unsat:
		st.Unsat++
	default:
		st.Unknown++
	}
	s.budget.passed(beside != native.Unknown)
	s.budget.record(beside != native.Unknown, time.Since(smt))
	if beside == native.Unsat && s.besideBy != "" {
		err = s.cross.unsat(q, s.besideBy+", beside the SMT backends")
	}
	return sat, m, err
}

// passOn asks the next stage, with the rewritten query when there is one.
func (s *nativeStage) passOn(q *query, rewritten []*expr.Expr) (bool, Model, error) {
	if rewritten == nil {
		return s.next.check(q)
	}
	q2 := &query{constraints: rewritten, arrays: q.arrays}
	sat, m, err := s.next.check(q2)
	if err != nil || !sat {
		return sat, m, err // UNSAT of the rewritten query implies UNSAT of q
	}
	if ok, _ := q.holds(expr.NewEvaluator(m)); ok {
		return true, m, nil
	}
	return s.next.check(q)
}

// besideMax bounds the search that goes on beside the SMT backends: the
// queries it is for take the search milliseconds; a longer search takes
// a core from the SMT backends on every hard query (3 s measured: two
// correct variants near the limit timed out that the stage-off run
// verified).
const besideMax = time.Second

// proveMin is the least time left for which the branch-and-prune proof
// is tried after the search beside the SMT backends.
const proveMin = time.Second

// proveFirst is the budget of the short proof tried before that search
// (the prover gives up sooner when its projected end lies beyond it;
// queries of more than three inputs return at once).
const proveFirst = time.Second

// besideDelayMin and besideDelayMax bound the wait before the search
// beside the SMT backends starts (besideDelay).
const (
	besideDelayMin = 5 * time.Millisecond
	besideDelayMax = 100 * time.Millisecond
)

// besideDelay is how long the SMT backends run alone before the search
// beside them starts: as long as the first search had, within
// [besideDelayMin, besideDelayMax]. Most queries the search passes on
// the SMT backends answer in milliseconds, and a search started at once
// took a core from them on each: on sort_nan's 24 passed queries Z3 took
// 2.2 s, against 0.6 s for the same queries with the stage off. A query
// the search settles in 10 ms but missed under load loses at most the
// first budget again; where that is the rule (the search beside has been
// deciding the passed queries: absorption_loop's, which Z3 does not
// decide) there is no delay (budgeter.delay).
func besideDelay(first time.Duration) time.Duration {
	return min(max(first, besideDelayMin), besideDelayMax)
}

// passOnBeside asks the next stage while the search goes on in this
// process (the SMT backends run in child processes), once the next stage
// has had delay alone: a proof of at most proveFirst on a query of one
// to three inputs, then the search with a fresh seed for at most
// besideMax: the
// first budget is milliseconds, at the mercy of the machine's load, and
// a query the search settles in 10 ms must not become a 60 s timeout
// because it got 5 ms. When the search answers first the SMT check is
// interrupted and the search's verdict (a validated model, or UNSAT from
// a proof) is returned; otherwise the search is stopped (or never
// started) and the next stage's answer stands.
func (s *nativeStage) passOnBeside(q *query, roots []native.Root, rewritten []*expr.Expr, delay time.Duration) (sat bool, m Model, err error, by native.Result) {
	limit := s.limit()
	if s.smt == nil || limit <= 2*time.Millisecond {
		sat, m, err = s.passOn(q, rewritten)
		return sat, m, err, native.Unknown
	}
	budget := min(besideMax, limit)
	stop := make(chan struct{})
	done := make(chan native.Answer, 1)
	seed := s.seed<<20 | 1
	var took time.Duration
	asked := time.Now()
	go func() {
		if delay > 0 {
			t := time.NewTimer(delay)
			select {
			case <-stop: // answered before the search was needed
				t.Stop()
				done <- native.Answer{}
				return
			case <-t.C:
			}
		}
		start := time.Now()
		var a native.Answer
		if limit-time.Since(asked) > proveMin {
			// A short proof first: on a query of few inputs the
			// affine forms refute the boxes of a loop's residual or
			// bound in a fraction of a second, where the search
			// below would spend its whole second.
			a, _ = native.ProveUntil(roots, q.arrays, proveFirst, stop)
		}
		if a.Result == native.Unknown && !closed(stop) {
			// No builder: the rewrites were made by the first search,
			// and the builder belongs to this goroutine's caller.
			a = native.SolveUntil(roots, q.arrays, nil, budget, seed, stop)
		}
		if left := limit - time.Since(asked); a.Result == native.Unknown && left > proveMin && !closed(stop) {
			// A query of few inputs may still be proved by branch and
			// prune; its budget follows its progress, so it takes the
			// core past besideMax only while its projected end is
			// within the query's time left.
			t0 := time.Now()
			var pr float64
			a, pr = native.ProveUntil(roots, q.arrays, left, stop)
			s.smt.log.WithFields(logrus.Fields{"result": a.Result.String(), "refuted": pr,
				"took": time.Since(t0), "left": left}).Debug("solver: branch-and-prune proof beside the SMT backends")
		}
		took = time.Since(start)
		if a.Result != native.Unknown {
			s.smt.interrupt()
		}
		done <- a
	}()
	sat, m, err = s.passOn(q, rewritten)
	close(stop)
	a := <-done
	s.st.Time += took
	if a.Result == native.Unknown {
		return sat, m, err, native.Unknown
	}
	s.budget.decided(took)
	if err == nil && sat != (a.Result == native.Sat) {
		// Both sides are checked (models validated, UNSAT from proofs),
		// so one is wrong: the validated model is the fact that stands,
		// and the disagreement is logged loudly as the bug it is.
		s.smt.log.WithField("native", a.Result.String()).
			Error("solver: the native search and the SMT stage disagree; keeping the validated model")
		if sat {
			return sat, m, err, native.Unknown
		}
	}
	if a.Result == native.Sat {
		return true, Model(a.Model), nil, native.Sat
	}
	if err != nil {
		s.besideBy = a.By // the SMT stage did not confirm it
	}
	return false, nil, nil, native.Unsat
}

// closed reports that c has been closed.
func closed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}

// budgeter adapts the native search's time per query: more when it has
// been deciding queries and when the SMT stage has been slow, less when
// the SMT stage has been quick, never more than a quarter of the
// per-query time limit, and not much more than the search has lately
// needed to decide a query (fast) unless the SMT stage is slower still.
type budgeter struct {
	success float64       // moving average of native verdicts (0..1)
	smt     time.Duration // moving average of the next stage's time
	n       int
	// fast is a decaying maximum of the time the search took to decide
	// a query (first search or beside the SMT stage); 0 before the
	// first verdict.
	fast time.Duration
	// won is a moving average of the passed queries the search beside
	// the SMT stage decided (0..1).
	won float64
}

const (
	nativeBase = 40 * time.Millisecond
	nativeMin  = 2 * time.Millisecond
	nativeMax  = 3 * time.Second
)

func (b *budgeter) next(limit time.Duration) time.Duration {
	succ := b.success
	if b.n == 0 {
		succ = 0.5
	}
	d := time.Duration(float64(nativeBase) * (0.25 + 2*succ))
	if b.smt > 0 && 4*b.smt < d {
		// The SMT stage has been quick: a long search does not pay.
		d = max(4*b.smt, 5*time.Millisecond)
	}
	if b.smt/4 > d {
		d = b.smt / 4
	}
	if b.fast > 0 {
		// Past what the search has needed lately, more time mostly
		// buys nothing: the queries it decides it decides quickly
		// (sort_nan: within 16 ms, the 24 it passed on each used their
		// full 50-80 ms), and the search beside the SMT stage still
		// gets the query. Not below a quarter of the SMT stage's time,
		// where a long search pays as before.
		d = min(d, max(fastScale*b.fast, b.smt/4))
	}
	if d > nativeMax {
		d = nativeMax
	}
	if limit > 0 && d > limit/4 {
		d = limit / 4
	}
	if d < nativeMin {
		d = nativeMin
	}
	return d
}

// passed records whether the search beside the SMT stage decided a
// query the first search passed on (a moving average: wonWeight).
func (b *budgeter) passed(won bool) {
	v := 0.0
	if won {
		v = 1
	}
	b.won = (1-wonWeight)*b.won + wonWeight*v
}

// wonWeight is the weight of the last passed query in budgeter.won.
const wonWeight = 0.3

// delay is the wait before the search beside the SMT stage starts: none
// while that search has been deciding most passed queries, else
// besideDelay of the first budget.
func (b *budgeter) delay(first time.Duration) time.Duration {
	if b.won >= 0.5 {
		return 0
	}
	return besideDelay(first)
}

// fastScale is the first search's budget over the time it has lately
// needed to decide a query; fastDecay the fading of that time per query.
const (
	fastScale = 2
	fastDecay = 0.9
)

// decided records that the search decided a query in took.
func (b *budgeter) decided(took time.Duration) {
	b.fast = max(b.fast, took)
}

func (b *budgeter) record(decided bool, smt time.Duration) {
	const a = 0.1
	b.fast = time.Duration(fastDecay * float64(b.fast))
	v := 0.0
	if decided {
		v = 1
	}
	b.n++
	b.success = (1-a)*b.success + a*v
	if !decided {
		b.smt = time.Duration((1-a)*float64(b.smt) + a*float64(smt))
	}
}
