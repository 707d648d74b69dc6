package solver

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/floatsym/floatsym/internal/atomicfile"
	"github.com/floatsym/floatsym/solver/z3"
)

// queryLog writes every query that reaches the SMT backends as a
// standalone SMT-LIB2 file (--write-smt2, KLEE's --write-smt2s), with
// the answer, the backends and their times as comments, so hard queries
// can be replayed in any solver.
type queryLog struct {
	dir string
	n   int
}

func (l *queryLog) write(script *z3.Script, scriptErr error, tries []attempt, win int, total time.Duration) {
	l.n++
	var b strings.Builder
	fmt.Fprintf(&b, "; floatsym query %d\n", l.n)
	if win >= 0 {
		fmt.Fprintf(&b, "; answer: %s (%s, %.3fs)\n", tries[win].verdict(), tries[win].backend, tries[win].time.Seconds())
	} else {
		fmt.Fprintf(&b, "; answer: unknown (%.3fs)\n", total.Seconds())
	}
	for _, a := range tries {
		fmt.Fprintf(&b, "; %s: %s in %.3fs", a.backend, a.verdict(), a.time.Seconds())
		if a.err != nil {
			fmt.Fprintf(&b, " (%s)", strings.ReplaceAll(a.err.Error(), "\n", " "))
		}
		b.WriteString("\n")
	}
	if scriptErr != nil || script == nil {
		fmt.Fprintf(&b, "; no SMT-LIB2 translation: %v\n", scriptErr)
	} else {
		if strings.Contains(script.Body, "FloatingPoint 15 64") {
			b.WriteString("; x86_fp80 is (_ FloatingPoint 15 64): cvc5 1.0.3 needs --fp-exp for it\n")
		}
		b.WriteString(script.Text())
	}
	name := filepath.Join(l.dir, fmt.Sprintf("query%06d.smt2", l.n))
	if err := atomicfile.WriteFile(name, []byte(b.String()), 0o644); err != nil && l.n == 1 {
		fmt.Fprintf(os.Stderr, "floatsym: writing %s: %v\n", name, err)
	}
}
