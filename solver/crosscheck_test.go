package solver

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
	"github.com/floatsym/floatsym/solver/native"
)

// TestCrosscheck: the cross-checker confirms true native claims and
// refutes false ones (an UNSAT of a satisfiable query; a rewrite the
// query does not imply) with the query written and the run stopped.
func TestCrosscheck(t *testing.T) {
	e := newEnv(t)
	x, _ := e.sym("x", arith.F64)
	k := arith.F64
	cases := []struct {
		name      string
		q         *query
		rewritten []*expr.Expr // nil: the claim is UNSAT of q
		disagree  bool
	}{
		{"unsat-true", &query{constraints: []*expr.Expr{e.gt(x, e.c(k, 2))}, expr: e.lt(x, e.c(k, 1))}, nil, false},
		{"unsat-false", &query{constraints: []*expr.Expr{e.gt(x, e.c(k, 2))}, expr: e.lt(x, e.c(k, 3))}, nil, true},
		{"unsat-negated-true", &query{constraints: []*expr.Expr{e.gt(x, e.c(k, 2))}, expr: e.gt(x, e.c(k, 1)), negated: true}, nil, false},
		{"rewrite-implied", &query{constraints: []*expr.Expr{e.gt(x, e.c(k, 2))}},
			[]*expr.Expr{e.gt(x, e.c(k, 1)), e.oeq(e.mul(x, e.c(k, 1)), x)}, false},
		{"rewrite-not-implied", &query{constraints: []*expr.Expr{e.gt(x, e.c(k, 2))}, expr: e.lt(x, e.c(k, 8))},
			[]*expr.Expr{e.gt(x, e.c(k, 4))}, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			var stopped error
			cfg := Config{Builder: e.b, Crosscheck: CrosscheckConfig{On: true, Dir: dir, Stop: func(err error) { stopped = err }}}
			var st CrosscheckStats
			cc := newCrossChecker(cfg, &st, quietLog(), DefaultMemoryMB)
			defer cc.close()
			var err error
			if c.rewritten == nil {
				err = cc.unsat(c.q, "a test claim")
			} else {
				err = cc.rewrite(c.q, c.rewritten, []string{"rw-test-rule"})
			}
			if st.Queries != 1 || st.Unknown != 0 {
				t.Fatalf("stats %+v: want one decided query", st)
			}
			files, _ := filepath.Glob(filepath.Join(dir, "crosscheck-*.smt2"))
			if !c.disagree {
				if err != nil || stopped != nil || st.Agreed != 1 || len(files) != 0 {
					t.Fatalf("err %v, stopped %v, stats %+v, files %v: want agreement", err, stopped, st, files)
				}
				return
			}
			if !errors.Is(err, ErrCrosscheck) || stopped == nil || st.Disagreed != 1 || len(files) != 1 {
				t.Fatalf("err %v, stopped %v, stats %+v, files %v: want a disagreement", err, stopped, st, files)
			}
			text, _ := os.ReadFile(files[0])
			if !strings.Contains(string(text), "(check-sat)") || !strings.Contains(err.Error(), files[0]) ||
				(c.rewritten != nil && !strings.Contains(err.Error(), "rw-test-rule")) {
				t.Errorf("query file or message incomplete:\n%s\n%v", text, err)
			}
			// After a disagreement nothing more is asked.
			if err := cc.unsat(c.q, "again"); err != nil || st.Queries != 1 {
				t.Errorf("asked again after the disagreement: %v, %+v", err, st)
			}
		})
	}
}

// TestDecidedByNamesRules: a disagreement's message names the mechanism
// and the registry's rules an UNSAT rests on — the rewrite rules that
// rewrote for an UNSAT of the rewritten query, and the rules that
// narrowed or refuted.
func TestDecidedByNamesRules(t *testing.T) {
	for _, c := range []struct {
		a    native.Answer
		want []string
		not  []string
	}{
		{native.Answer{By: native.ByRewritten, Rewrites: []string{"rw-sqrt-square"},
			Rules: []native.RuleCount{{Name: "fcmp", Fired: 3, Refuted: 1}, {Name: "rounded", Fired: 2}}},
			[]string{native.ByRewritten, "rewrite rules: rw-sqrt-square", "rules that fired: fcmp"}, []string{"rounded"}},
		{native.Answer{By: native.ByPropagation, Rules: []native.RuleCount{{Name: "affine", Fired: 1, Narrowed: 1}}},
			[]string{native.ByPropagation, "rules that fired: affine"}, []string{"rewrite rules"}},
	} {
		got := decidedBy(c.a)
		for _, w := range c.want {
			if !strings.Contains(got, w) {
				t.Errorf("decidedBy = %q, want %q in it", got, w)
			}
		}
		for _, w := range c.not {
			if strings.Contains(got, w) {
				t.Errorf("decidedBy = %q, %q should not be in it", got, w)
			}
		}
	}
	if got := rewriteRules([]string{"rw-sterbenz", "rw-rem-less"}); !strings.Contains(got, "rw-sterbenz, rw-rem-less") {
		t.Errorf("rewriteRules = %q", got)
	}
}
