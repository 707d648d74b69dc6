package solver

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/floatsym/floatsym/solver/expr"
	"github.com/floatsym/floatsym/solver/stagestats"
)

// ErrCrosscheck: the SMT backends refuted a native verdict with a
// validated model (--crosscheck): a soundness bug in the native stage.
var ErrCrosscheck = errors.New("solver: cross-check disagreement")

// CrosscheckStats counts the cross-check's work (summary.json's
// crosscheck).
type CrosscheckStats = stagestats.Crosscheck

// DefaultCrosscheckTimeout is the SMT backends' time per re-asked query.
const DefaultCrosscheckTimeout = 30 * time.Second

// CrosscheckConfig turns on --crosscheck: every UNSAT the native stage
// returns and every query it rewrites with the facts its domains prove
// is re-asked of the SMT backends (KLEE's --debug-crosscheck-core-solver).
type CrosscheckConfig struct {
	On bool
	// Timeout per re-asked query (0: DefaultCrosscheckTimeout). An
	// unknown answer is counted, not an error.
	Timeout time.Duration
	// Dir receives crosscheck-NNN.smt2 for each disagreement ("": the
	// current directory).
	Dir string
	// Stop is called with the first disagreement (ErrCrosscheck): the
	// caller ends the run. Later disagreements are not looked for.
	Stop func(error)
}

// crossChecker re-asks native verdicts of SMT backends of its own (a
// portfolio of z3 and cvc5 child processes under the cross-check's
// timeout, never the run's deadline), so its work shows in no other
// stage's counters.
type crossChecker struct {
	cfg     CrosscheckConfig
	smt     *smtStage
	b       *expr.Builder
	st      *CrosscheckStats
	log     *logrus.Entry
	n       int
	tripped bool
}

func newCrossChecker(cfg Config, st *CrosscheckStats, log *logrus.Entry, memoryMB int) *crossChecker {
	if !cfg.Crosscheck.On || cfg.Builder == nil {
		return nil
	}
	c := &crossChecker{cfg: cfg.Crosscheck, b: cfg.Builder, st: st, log: log.WithField("component", "crosscheck")}
	if c.cfg.Timeout <= 0 {
		c.cfg.Timeout = DefaultCrosscheckTimeout
	}
	c.smt = newSMTStage(Config{Backend: BackendPortfolio}, &Stats{}, c.log, memoryMB)
	c.smt.register(&stageList{})
	c.smt.timeout.Store(int64(c.cfg.Timeout))
	return c
}

func (c *crossChecker) close() {
	if c != nil {
		c.smt.close()
	}
}

// unsat re-asks q, which the native stage found unsatisfiable by the
// mechanism by. It returns ErrCrosscheck when the SMT backends find a
// model that satisfies q.
func (c *crossChecker) unsat(q *query, by string) error {
	if c == nil || c.tripped {
		return nil
	}
	return c.ask(q, "UNSAT", by)
}

// rewrite re-asks the implication the rewrite rests on: every model of q
// satisfies the rewritten roots (an UNSAT of the rewritten query is
// returned as q's). It asks whether q ∧ ¬(r1 ∧ … ∧ rn) is satisfiable.
// rules names the rewrite rules that rewrote (native.Answer.Rewrites),
// named in a disagreement's message.
func (c *crossChecker) rewrite(q *query, rewritten []*expr.Expr, rules []string) error {
	if c == nil || c.tripped || len(rewritten) == 0 {
		return nil
	}
	cons := append([]*expr.Expr(nil), q.constraints...)
	if q.expr != nil {
		if q.negated {
			cons = append(cons, c.b.Not(q.expr))
		} else {
			cons = append(cons, q.expr)
		}
	}
	all := rewritten[0]
	for _, r := range rewritten[1:] {
		all = c.b.And(all, r)
	}
	return c.ask(&query{constraints: cons, expr: all, negated: true}, "the rewrite (query ⇒ rewritten query)",
		rewriteRules(rules))
}

// ask decides q on the SMT backends, expecting UNSAT.
func (c *crossChecker) ask(q *query, claim, by string) error {
	c.st.Queries++
	sat, m, err := c.smt.check(q)
	switch {
	case err != nil:
		c.st.Unknown++
		c.log.WithError(err).Debug("crosscheck: unknown")
		return nil
	case !sat:
		c.st.Agreed++
		return nil
	}
	if ok, _ := q.holds(expr.NewEvaluator(m)); !ok {
		// The SMT stage validates its models; a model that fails here
		// decides nothing.
		c.st.Unknown++
		return nil
	}
	c.st.Disagreed++
	c.tripped = true
	c.n++
	file := c.write(q, claim, by)
	err = fmt.Errorf("%w: the native stage's %s (decided by %s) is refuted by a model the SMT backends found and "+
		"expr.Evaluator validates; the query is %s", ErrCrosscheck, claim, by, file)
	c.log.WithError(err).Error("crosscheck: disagreement")
	if c.cfg.Stop != nil {
		c.cfg.Stop(err)
	}
	return err
}

// write saves the refuted query as crosscheck-NNN.smt2, with what
// claimed it as comments.
func (c *crossChecker) write(q *query, claim, by string) string {
	name := filepath.Join(c.cfg.Dir, fmt.Sprintf("crosscheck-%03d.smt2", c.n))
	var b strings.Builder
	fmt.Fprintf(&b, "; floatsym --crosscheck disagreement %d\n; native: %s, decided by %s\n; SMT backends: sat, the model validated\n",
		c.n, claim, by)
	sc, err := c.smt.script(q)
	if err != nil {
		fmt.Fprintf(&b, "; no SMT-LIB2 translation: %v\n", err)
	} else {
		b.WriteString(sc.Text())
	}
	if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
		c.log.WithError(err).Error("crosscheck: writing the query")
	}
	return name
}

// rewriteRules names the rewrite rules a rewrite rests on, for a
// disagreement's message.
func rewriteRules(rules []string) string {
	if len(rules) == 0 {
		return "the decided atoms substituted (no rewrite rule)"
	}
	return "the rewrite rules " + strings.Join(rules, ", ") + " (solver/native's registry) and the decided atoms substituted"
}
