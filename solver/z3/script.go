package z3

import (
	"fmt"
	"strings"

	"github.com/floatsym/floatsym/solver/expr"
)

// Script is a query in standard SMT-LIB2, for other solvers (cvc5 over
// pipes) and for query logs (--write-smt2). It is made by the same
// translation as Check, in portable mode (no Z3 extensions; see
// portableIEEEBV), and printed by Z3's SMT-LIB2 printer: one translation
// to keep bit-exact with arith, whichever solver decides the query.
type Script struct {
	// Logic is the SMT-LIB2 logic (QF_BV, QF_ABV, QF_BVFP or QF_ABVFP),
	// or ALL when a constant array is read at a symbolic index.
	Logic string
	// Body declares the constants and asserts the query, without
	// set-logic and check-sat.
	Body string
	// Terms are the model terms, one per byte of every array in order:
	// give their values to Model.
	Terms []string
	order []*expr.Array
}

// Text is the script as a standalone SMT-LIB2 file: set-logic, the body,
// check-sat and exit.
func (s *Script) Text() string {
	return fmt.Sprintf("(set-logic %s)\n%s(check-sat)\n(exit)\n", s.Logic, s.Body)
}

// Model maps the values of Terms (in order) to array bytes.
func (s *Script) Model(vals []uint64) (Model, error) {
	m := Model{}
	i := 0
	for _, a := range s.order {
		if i+int(a.Size) > len(vals) {
			return nil, fmt.Errorf("%w: %d model values for %d terms", ErrZ3, len(vals), len(s.Terms))
		}
		bs := make([]byte, a.Size)
		for j := range bs {
			bs[j] = byte(vals[i])
			i++
		}
		m[a] = bs
	}
	return m, nil
}

// Script translates the conjunction of assert and the negations of
// negate into standard SMT-LIB2; the model terms cover every byte of the
// arrays the query mentions and of arrays. Like Check, it must not run
// concurrently with the Checker's other calls (give a portfolio racing
// Check beside it a Checker of its own).
func (c *Checker) Script(assert, negate []*expr.Expr, arrays []*expr.Array) (s *Script, err error) {
	t := newTranslator(c)
	t.portable = true
	all := append(append([]*expr.Expr(nil), assert...), negate...)
	t.scan(all)
	// Printing does not depend on a context's history (solving does,
	// see Checker.context): every script is built in the shared context,
	// which saves creating one per query (most of a small query's cost).
	ctx := c.context(false)
	if ctx == nil {
		c.shared = nil
		return nil, fmt.Errorf("%w: cannot create a context", ErrMemory)
	}
	t.ctx = ctx
	defer func() {
		if r := recover(); r != nil {
			c.drop(ctx)
			s, err = nil, fmt.Errorf("%w: %v", ErrZ3, r)
		}
	}()
	as := t.assertions(arrays, assert, negate)
	as = append(as, t.side...)
	s = &Script{order: t.order}
	for _, a := range t.order {
		for i := uint64(0); i < a.Size; i++ {
			s.Terms = append(s.Terms, t.byteVar(a, i).SMTString())
		}
	}
	switch {
	case t.constArrays:
		// z3 4.8.12 rejects `as const` under QF_ABV and QF_AUFBV
		// ("unknown constant const") and knows no QF_ABVFP; cvc5 1.0.3
		// accepts both. ALL is the one logic both accept for it.
		s.Logic = "ALL"
	case t.usesTheory() && t.usesFP:
		s.Logic = "QF_ABVFP"
	case t.usesTheory():
		s.Logic = "QF_ABV"
	case t.usesFP:
		s.Logic = "QF_BVFP"
	default:
		s.Logic = "QF_BV"
	}
	if len(as) == 0 {
		as = append(as, ctx.FromBool(true))
	}
	text := ctx.SMTLIB2(s.Logic, as)
	// Keep declarations and assertions: set-logic and check-sat are
	// the caller's (Text, or a solver session asking for values).
	var b strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		l := strings.TrimSpace(line)
		if strings.HasPrefix(l, "(set-logic") || l == "(check-sat)" || strings.HasPrefix(l, "; benchmark") {
			continue
		}
		b.WriteString(line)
	}
	body := b.String()
	if !strings.HasSuffix(body, "\n") {
		body += "\n"
	}
	// Z3's printer declares the constants the assertions use; model
	// bytes the query does not constrain need declarations too.
	var decls strings.Builder
	for _, term := range s.Terms {
		if !strings.HasPrefix(term, "(") && !strings.Contains(body, "(declare-fun "+term+" ") {
			fmt.Fprintf(&decls, "(declare-fun %s () (_ BitVec 8))\n", term)
		}
	}
	s.Body = decls.String() + body
	return s, nil
}
