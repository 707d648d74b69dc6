package smtlib_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sirupsen/logrus"

	"github.com/floatsym/floatsym/solver"
	"github.com/floatsym/floatsym/solver/expr"
	"github.com/floatsym/floatsym/solver/smtlib"
)

// chain makes a script runner answering through floatsym's solver chain
// (the native stage, then z3).
func chain(t *testing.T, out *strings.Builder) *smtlib.Script {
	b := expr.NewBuilder()
	l := logrus.New()
	l.SetLevel(logrus.ErrorLevel)
	s := solver.New(solver.Config{Builder: b, Backend: solver.BackendZ3, Log: logrus.NewEntry(l)})
	t.Cleanup(s.Close)
	check := func(as []*expr.Expr, arrays []*expr.Array) (smtlib.Status, expr.Assignment, error) {
		m, err := s.GetModel(as, arrays)
		switch {
		case errors.Is(err, solver.ErrUnsat):
			return smtlib.Unsat, nil, nil
		case err != nil:
			return smtlib.Unknown, nil, err
		}
		return smtlib.Sat, m, nil
	}
	return smtlib.New(b, check, out)
}

// TestScripts runs testdata/*.smt2: each says its answers in a
// "; expect:" line.
func TestScripts(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.smt2")
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var want string
			for _, l := range strings.Split(string(src), "\n") {
				if s, ok := strings.CutPrefix(l, "; expect: "); ok {
					want = s
				}
			}
			var out strings.Builder
			sc := chain(t, &out)
			if err := sc.Run(string(src)); err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			var got []string
			for _, a := range sc.Answers {
				got = append(got, a.String())
			}
			if strings.Join(got, " ") != want {
				t.Errorf("answers %v, want %s (reasons %v)\n%s", got, want, sc.Reasons, out.String())
			}
			if strings.Contains(string(src), "(get-model)") && !strings.Contains(out.String(), "(define-fun ") {
				t.Errorf("no model printed:\n%s", out.String())
			}
		})
	}
}

// TestErrors: unsupported or malformed input is an error naming its
// line and column, never a panic or a silent answer.
func TestErrors(t *testing.T) {
	cases := []struct{ src, want string }{
		{"(declare-const x Int)", "1:18: unsupported sort Int"},
		{"(declare-const x (_ FloatingPoint 5 11))", "1:18: floating-point format (5 11) unsupported"},
		{"(declare-const x Float32)\n(assert (fp.lt x (fp.add RNA x x)))", "2:18: rounding mode RNA unsupported in fp.add"},
		{"(declare-const r RoundingMode)", "1:18: symbolic rounding modes unsupported"},
		{"(assert (fp.to_real (_ +zero 8 24)))", "1:10: fp.to_real unsupported"},
		{"(declare-fun f ((_ BitVec 8)) (_ BitVec 8))", "1:1: uninterpreted functions with arguments unsupported"},
		{"(assert (forall ((x Bool)) x))", "1:10: quantifiers unsupported"},
		{"(assert (= #x01 #x001))", "1:9: = of (_ BitVec 8) and (_ BitVec 12)"},
		{"(assert (bvadd #x01 #x01))", "1:9: Bool expected"},
		{"(assert y)", "1:9: unknown constant y"},
		{"(assert (and true)", "1:1: unbalanced parenthesis"},
		{"(get-model)", "1:1: no model"},
		{"(pop 1)", "1:1: pop without push"},
		{"(declare-const x Bool)\n(declare-const x Bool)", "2:16: x is already declared"},
		{"(check-sat)\n(frobnicate)", "2:2: unsupported command frobnicate"},
	}
	for _, c := range cases {
		var out strings.Builder
		err := chain(t, &out).Run(c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.src, err, c.want)
		}
	}
}
