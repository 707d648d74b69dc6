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
}

func newNativeStage(next, core stage, cfg Config, st *StageStats) stage {
	s := &nativeStage{next: next, b: cfg.Builder, st: st, fpMemo: map[*expr.Expr]bool{}}
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
	ans := native.Solve(roots, q.arrays, s.b, s.budget.next(s.limit()), s.seed)
	st.Time += time.Since(start)
	switch ans.Result {
	case native.Sat:
		st.Sat++
		s.budget.record(true, 0)
		return true, Model(ans.Model), nil
	case native.Unsat:
		st.Unsat++
		s.budget.record(true, 0)
		return false, nil, nil
	}
	smt := time.Now()
	sat, m, err, beside := s.passOnBeside(q, roots, ans.Rewritten)
	switch beside {
	case native.Sat:
		st.Sat++
	case native.Unsat:
		st.Unsat++
	default:
		st.Unknown++
	}
	s.budget.record(beside != native.Unknown, time.Since(smt))
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

// passOnBeside asks the next stage while the search goes on in this
// process (the SMT backends run in child processes) — after a proof of
// at most proveFirst on a query of one to three inputs, then with a
// fresh seed, for at most besideMax: the first budget is milliseconds, at the mercy
// of the machine's load, and a query the search settles in 10 ms must
// not become a 60 s timeout because it got 5 ms. When the search
// answers first the SMT check is interrupted and the search's verdict
// (a validated model, or UNSAT from a proof) is returned; otherwise the
// search is stopped and the next stage's answer stands.
func (s *nativeStage) passOnBeside(q *query, roots []native.Root, rewritten []*expr.Expr) (sat bool, m Model, err error, by native.Result) {
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
	go func() {
		start := time.Now()
		var a native.Answer
		if limit > proveMin {
			// A short proof first: on a query of few inputs the
			// affine forms refute the boxes of a loop's residual or
			// bound in a fraction of a second, where the search
			// below would spend its whole second.
			a, _ = native.ProveUntil(roots, q.arrays, proveFirst, stop)
		}
		if a.Result == native.Unknown {
			// No builder: the rewrites were made by the first search,
			// and the builder belongs to this goroutine's caller.
			a = native.SolveUntil(roots, q.arrays, nil, budget, seed, stop)
		}
		if left := limit - time.Since(start); a.Result == native.Unknown && left > proveMin {
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
	return false, nil, nil, native.Unsat
}

// budgeter adapts the native search's time per query: more when it has
// been deciding queries and when the SMT stage has been slow, less when
// the SMT stage has been quick, never more than a quarter of the
// per-query time limit.
type budgeter struct {
	success float64       // moving average of native verdicts (0..1)
	smt     time.Duration // moving average of the next stage's time
	n       int
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

func (b *budgeter) record(decided bool, smt time.Duration) {
	const a = 0.1
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
