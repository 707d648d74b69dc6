package native

import (
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/solver/expr"
	"github.com/floatsym/floatsym/solver/smtlib"
	"github.com/floatsym/floatsym/solver/z3"
)

// TestSMTLIBRoundTrip prints the fuzz generator's queries as SMT-LIB
// (z3.Script, what --write-smt2 and the cvc5 backend use), reads them
// back with package smtlib (floatsym solve's front end) and checks that
// both give every query the same truth value at the same inputs (the
// generator's special operands and random bits). With
// FLOATSYM_SMT2_CORPUS=DIR it also writes the scripts there
// (FLOATSYM_SMT2_CORPUS_N of them, default 150): the generated half of
// make bench-smt's corpus.
func TestSMTLIBRoundTrip(t *testing.T) {
	n, dir := 150, os.Getenv("FLOATSYM_SMT2_CORPUS")
	if v, err := strconv.Atoi(os.Getenv("FLOATSYM_SMT2_CORPUS_N")); err == nil && v > 0 {
		n = v
	}
	g := &gen{rng: rand.New(rand.NewSource(11))}
	chk := z3.NewChecker()
	defer chk.Close()
	compared, skipped, points := 0, 0, 0
	for q := 0; q < n; q++ {
		cons := g.query()
		if len(cons) == 0 {
			continue
		}
		sc, err := chk.Script(cons, nil, g.arrs)
		if err != nil {
			t.Fatalf("query %d: script: %v", q, err)
		}
		text := sc.Text()
		if dir != "" {
			if err := os.WriteFile(filepath.Join(dir, "gen"+strconv.Itoa(q)+".smt2"), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		var parsed []*expr.Expr
		capture := func(as []*expr.Expr, _ []*expr.Array) (smtlib.Status, expr.Assignment, error) {
			parsed = as
			return smtlib.Unknown, nil, nil
		}
		b2 := expr.NewBuilder()
		run := smtlib.New(b2, capture, io.Discard)
		if err := run.Run(text); err != nil {
			t.Fatalf("query %d: smtlib: %v\n%s", q, err, text)
		}
		// Term i of the script is which byte of which array.
		idx := make([]uint64, len(sc.Terms))
		for i := range idx {
			idx[i] = uint64(i)
		}
		where, err := sc.Model(idx)
		if err != nil {
			t.Fatal(err)
		}
		termOf := map[string]int{}
		for i, term := range sc.Terms {
			termOf[strings.Trim(term, "|")] = i
		}
		inputs := run.Inputs()
		extra := false
		for _, a := range inputs {
			if _, ok := termOf[a.Name]; !ok {
				extra = true // a fresh variable of the portable translation
			}
		}
		if extra {
			skipped++
			continue
		}
		compared++
		for trial := 0; trial < 40; trial++ {
			m := Model{}
			vals := make([]byte, len(sc.Terms))
			for a, pos := range where {
				w := g.operand(g.k)
				bs := make([]byte, a.Size)
				for j := range bs {
					if trial%2 == 0 && j < 16 {
						bs[j] = byte(w.Lo >> (8 * j))
						if j >= 8 {
							bs[j] = byte(w.Hi >> (8 * (j - 8)))
						}
					} else {
						bs[j] = byte(g.rng.Intn(256))
					}
					vals[pos[j]] = bs[j]
				}
				m[a] = bs
			}
			m2 := Model{}
			for _, a := range inputs {
				m2[a] = []byte{vals[termOf[a.Name]]}
			}
			ev, ev2 := expr.NewEvaluator(m), expr.NewEvaluator(m2)
			want, got := true, true
			for _, c := range cons {
				want = want && ev.True(c)
			}
			for _, c := range parsed {
				got = got && ev2.True(c)
			}
			points++
			if want != got {
				t.Fatalf("query %d: the query is %v at %v, its SMT-LIB script read back %v:\n%s", q, want, vals, got, text)
			}
		}
	}
	t.Logf("%d queries compared at %d points, %d skipped (fresh variables of the portable translation)", compared, points, skipped)
	if compared < n/2 {
		t.Errorf("only %d of %d queries compared", compared, n)
	}
}
