package solver

import (
	"strings"
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
	next stage
	b    *expr.Builder
	st   *StageStats
	// beside counts the verdicts of the search beside the SMT stage
	// (the "native-beside" stage): apart from st, whose verdicts are
	// the deterministic first search's alone (see passOnBeside).
	beside *StageStats
	// limit is the time the query may take (0: none): the outer cap of
	// the native calls, never their budget.
	limit   func() time.Duration
	budget  budgeter
	seed    int64
	fpMemo  map[*expr.Expr]bool
	visited map[*expr.Expr]bool
	// smt is the chain's SMT stage (nil when the core is another kind):
	// the search that goes on beside it stops it when it answers first.
	smt *smtStage
	// rules sums the native calls' rule counters (nil: not kept).
	rules *[]native.RuleCount
	// cross re-asks UNSATs and rewrites (--crosscheck; nil: off);
	// besideBy is what decided the last UNSAT beside the SMT backends.
	cross    *crossChecker
	besideBy string
	// cheap, when set, turns an undecided query into ErrDeferred
	// (MayBeTrueModelCheap, defer.go); nil: never.
	cheap *cheapOnly
}

func newNativeStage(next, core stage, cfg Config, st, beside *StageStats) stage {
	if beside == nil {
		beside = &StageStats{}
	}
	s := &nativeStage{next: next, b: cfg.Builder, st: st, beside: beside, fpMemo: map[*expr.Expr]bool{}, cross: cfg.cross}
	s.limit = func() time.Duration { return 0 }
	if z, ok := core.(*smtStage); ok {
		s.smt = z
		s.limit = func() time.Duration {
			d, ok := z.limit()
			if !ok {
				return time.Nanosecond // the deadline has passed: the cap fires at once
			}
			return d
		}
		s.budget.timeout = func() time.Duration { return time.Duration(z.timeout.Load()) }
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
	cap := s.cap(start)
	budget := s.budget.next()
	ans := native.Solve(roots, q.arrays, s.b, native.Budget{Work: budget, Deadline: cap}, s.seed)
	took := time.Since(start)
	st.Time += took
	s.countRules(ans.Rules)
	if ans.Capped {
		st.Interrupts++
	}
	if s.smt != nil {
		s.smt.log.WithFields(logrus.Fields{"result": ans.Result.String(), "took": took,
			"budget": budget, "work": ans.Work}).Debug("solver: native stage")
	}
	switch ans.Result {
	case native.Sat:
		st.Sat++
		s.budget.decided(ans.Work)
		s.budget.record(true)
		return true, Model(ans.Model), nil
	case native.Unsat:
		st.Unsat++
		s.budget.decided(ans.Work)
		s.budget.record(true)
		return false, nil, s.cross.unsat(q, decidedBy(ans))
	}
	st.Unknown++
	s.budget.record(false)
	if s.cheap != nil && s.cheap.on.Load() {
		return false, nil, ErrDeferred
	}
	if err := s.cross.rewrite(q, ans.Rewritten, ans.Rewrites); err != nil {
		return false, nil, err
	}
	s.besideBy = ""
	sat, m, err, beside := s.passOnBeside(q, roots, ans.Rewritten, s.budget.delay(took))
	s.budget.passed(beside != native.Unknown)
	if beside == native.Unsat && s.besideBy != "" {
		err = s.cross.unsat(q, s.besideBy+", beside the SMT backends")
	}
	return sat, m, err
}

// countRules adds a native call's rule counters to the run's.
func (s *nativeStage) countRules(rc []native.RuleCount) {
	if s.rules != nil {
		*s.rules = native.SumRules(*s.rules, rc)
	}
}

// cap is the outer cap of a native call of the query started at start:
// the query's time limit (its timeout, the run's deadline), zero when it
// has none.
func (s *nativeStage) cap(start time.Time) time.Time {
	if l := s.limit(); l > 0 {
		return start.Add(l)
	}
	return time.Time{}
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

// The work budgets of the search beside the SMT backends (native.WorkPerMs
// is a millisecond of the reference machine): the queries it is for take
// the search milliseconds; a longer search takes a core from the SMT
// backends on every hard query (3 s measured: two correct variants near
// the limit timed out that the stage-off run verified).
const besideWork = 1000 * native.WorkPerMs

// proveFirstWork is the budget of the short proof tried before that
// search (the prover gives up sooner when its projected end lies beyond
// it; queries of more than three inputs return at once).
const proveFirstWork = 1000 * native.WorkPerMs

// proveLongMax bounds the budget of the branch-and-prune proof tried after
// the search beside the SMT backends when the query has no timeout (with
// one, the budget is the timeout's work).
const proveLongMax = 60_000 * native.WorkPerMs

// besideDelayMin and besideDelayMax bound the wait before the search
// beside the SMT backends starts (besideDelay).
const (
	besideDelayMin = 5 * time.Millisecond
	besideDelayMax = 100 * time.Millisecond
)

// besideDelay is how long the SMT backends run alone before the search
// beside them starts: as long as the first search took, within
// [besideDelayMin, besideDelayMax]. Most queries the search passes on
// the SMT backends answer in milliseconds, and a search started at once
// took a core from them on each: on sort_nan's 24 passed queries Z3 took
// 2.2 s, against 0.6 s for the same queries with the stage off. Where
// the search beside has been deciding the passed queries
// (absorption_loop's, which Z3 does not decide) there is no delay
// (budgeter.delay). The delay decides only who answers first, never the
// verdict (passOnBeside).
func besideDelay(first time.Duration) time.Duration {
	return min(max(first, besideDelayMin), besideDelayMax)
}

// passOnBeside asks the next stage while the native solver goes on in
// this process (the SMT backends run in child processes), once the next
// stage has had delay alone: a proof (proveFirstWork) on a query of one
// to three inputs, the search with a fresh seed (besideWork), then a long
// proof (the query's timeout in work, proveLongWork) — each a work
// budget, so that what the native solver decides does not depend on the
// machine's load, capped only by the query's time limit.
//
// The race decides who answers first, never the verdict: both sides are
// checked (models validated, UNSAT from sound proofs), so whichever
// decides first gives the answer the other would have given. When the
// SMT stage decides first the native calls are stopped; when it fails
// (unknown, a backend error) they are not: they run to the end of their
// work (or the query's time limit) and their verdict, the same on any
// load, stands. When they decide first the SMT check is interrupted.
// Their verdicts are counted on the "native-beside" stage, apart from
// the first search's (whose counts are the same on any load).
func (s *nativeStage) passOnBeside(q *query, roots []native.Root, rewritten []*expr.Expr, delay time.Duration) (sat bool, m Model, err error, by native.Result) {
	if s.smt == nil {
		sat, m, err = s.passOn(q, rewritten)
		return sat, m, err, native.Unknown
	}
	asked := time.Now()
	cap := s.cap(asked)
	stop := make(chan struct{})
	done := make(chan native.Answer, 1)
	seed := s.seed<<20 | 1
	var took time.Duration
	capped := false
	var rules []native.RuleCount // the calls' rule counters, read after done
	proveLong := s.proveLongWork()
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
		b := native.Budget{Deadline: cap, Stop: stop}
		// A short proof first: on a query of few inputs the affine
		// forms refute the boxes of a loop's residual or bound in a
		// fraction of a second, where the search below would spend
		// its whole budget.
		b.Work = proveFirstWork
		a, _ := native.Prove(roots, q.arrays, b)
		rules = native.SumRules(rules, a.Rules)
		if a.Result == native.Unknown && !a.Capped {
			// No builder: the rewrites were made by the first search,
			// and the builder belongs to this goroutine's caller.
			b.Work = besideWork
			a = native.Solve(roots, q.arrays, nil, b, seed)
			rules = native.SumRules(rules, a.Rules)
		}
		if a.Result == native.Unknown && !a.Capped {
			// A query of few inputs may still be proved by branch and
			// prune; its budget follows its progress, so it takes the
			// core past besideWork only while its projected end is
			// within the budget.
			t0 := time.Now()
			var pr float64
			b.Work = proveLong
			a, pr = native.Prove(roots, q.arrays, b)
			rules = native.SumRules(rules, a.Rules)
			s.smt.log.WithFields(logrus.Fields{"result": a.Result.String(), "refuted": pr,
				"took": time.Since(t0), "work": a.Work}).Debug("solver: branch-and-prune proof beside the SMT backends")
		}
		took = time.Since(start)
		capped = a.Capped
		if a.Result != native.Unknown {
			s.smt.interrupt()
		}
		done <- a
	}()
	sat, m, err = s.passOn(q, rewritten)
	if err == nil {
		close(stop) // decided: the native verdict can only agree
	}
	a := <-done
	if err != nil {
		close(stop)
	}
	s.countRules(rules)
	bs := s.beside
	if took > 0 {
		bs.Queries++
		bs.Time += took
		if capped {
			bs.Interrupts++
		}
	}
	if a.Result == native.Unknown {
		if took > 0 {
			bs.Unknown++
		}
		return sat, m, err, native.Unknown
	}
	bs.Answered(a.Result == native.Sat)
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
		s.besideBy = decidedBy(a) // the SMT stage did not confirm it
	}
	return false, nil, nil, native.Unsat
}

// proveLongWork is the budget of the proof after the search beside the
// SMT backends: the query's timeout in work (a setting, not a reading of
// the clock), at most proveLongMax.
func (s *nativeStage) proveLongWork() int64 {
	if t := s.budget.timeoutOf(); t > 0 {
		return min(proveLongMax, t.Milliseconds()*native.WorkPerMs)
	}
	return proveLongMax
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

// decidedBy names, for --crosscheck's report of a disagreement, the
// mechanism that decided an UNSAT and the registry's rules that narrowed
// or refuted on the way (native.Effective).
func decidedBy(a native.Answer) string {
	by := a.By
	if len(a.Rewrites) > 0 {
		by += "; rewrite rules: " + strings.Join(a.Rewrites, ", ")
	}
	if r := native.Effective(a.Rules); len(r) > 0 {
		by += "; rules that fired: " + strings.Join(r, ", ")
	}
	return by
}
