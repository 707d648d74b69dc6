package solver

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
	"github.com/floatsym/floatsym/solver/smtpipe"
)

// veryHardQuery is a double query neither backend decides in seconds:
// products of three doubles in (1, 2) that associate differently, one of
// them equal to a sum.
func veryHardQuery(e *env) []*expr.Expr {
	x, _ := e.sym("x", arith.F64)
	y, _ := e.sym("y", arith.F64)
	z, _ := e.sym("z", arith.F64)
	l, r := e.mul(e.mul(x, y), z), e.mul(x, e.mul(y, z))
	cons := []*expr.Expr{e.b.Not(e.oeq(l, r)), e.oeq(l, e.add(z, e.mul(x, y)))}
	for _, v := range []*expr.Expr{x, y, z} {
		cons = append(cons, e.gt(v, e.c(arith.F64, 1)), e.lt(v, e.c(arith.F64, 2)))
	}
	return cons
}

// mediumQuery is x*y == 3 with x, y > 1 (the first example,
// without the division): in double it takes Z3 and cvc5 about a second,
// in float a fraction of it.
func mediumQuery(e *env, k arith.Kind) Query {
	x, _ := e.sym("x", k)
	y, _ := e.sym("y", k)
	one := e.c(k, 1)
	return Query{Constraints: []*expr.Expr{e.gt(x, one), e.gt(y, one)}, Expr: e.oeq(e.mul(x, y), e.c(k, 3))}
}

// easyQueries are quick queries with known answers: a float, a double
// and an x86_fp80 one, satisfiable and not.
func easyQueries(e *env) (qs []Query, want []bool) {
	x, _ := e.sym("x", arith.F32)
	d, _ := e.sym("d", arith.F64)
	l, _ := e.sym("l", arith.F80)
	qs = append(qs,
		Query{Constraints: []*expr.Expr{e.gt(x, e.c(arith.F32, 1))}, Expr: e.oeq(e.add(x, x), e.c(arith.F32, 5))},
		Query{Constraints: []*expr.Expr{e.gt(x, e.c(arith.F32, 1))}, Expr: e.lt(e.mul(x, x), e.c(arith.F32, 1))},
		Query{Constraints: []*expr.Expr{e.ge(d, e.c(arith.F64, 0))}, Expr: e.oeq(e.sub(d, e.c(arith.F64, 0.25)), e.c(arith.F64, 0.5))},
		Query{Constraints: []*expr.Expr{e.gt(l, e.c(arith.F80, 2))}, Expr: e.oeq(e.add(l, l), e.c(arith.F80, 6))},
	)
	return qs, []bool{true, false, true, true}
}

func stageOf(st Stats, name string) StageStats {
	for _, s := range st.Stages {
		if s.Name == name {
			return s
		}
	}
	return StageStats{}
}

func TestBackendsAgree(t *testing.T) {
	for _, b := range []string{BackendZ3, BackendCVC5, BackendPortfolio} {
		t.Run(b, func(t *testing.T) {
			e := newEnv(t)
			s := e.solver(Config{NoNative: true, Backend: b, NoCache: true, NoCexCache: true})
			qs, want := easyQueries(e)
			for i, q := range qs {
				got, err := s.MayBeTrue(q)
				if err != nil || got != want[i] {
					t.Errorf("query %d: %v, %v; want %v", i, got, err, want[i])
				}
			}
			name := b
			if b == BackendPortfolio {
				name = stageZ3
			}
			if bs := stageOf(s.Stats(), name); bs.Queries != uint64(len(qs)) {
				t.Errorf("%s stage: %+v, want %d queries", name, bs, len(qs))
			}
		})
	}
}

// TestPortfolioRace: a query outlasting the slice on Z3 in-process runs
// on the z3 and cvc5 binaries; one answers, the other is killed (or
// answers too).
func TestPortfolioRace(t *testing.T) {
	e := newEnv(t)
	s := e.solver(Config{NoNative: true, Backend: BackendPortfolio, Slice: time.Nanosecond})
	if ok, err := s.MayBeTrue(mediumQuery(e, arith.F32)); err != nil || !ok {
		t.Fatal(ok, err)
	}
	st := s.Stats()
	in, z, c := stageOf(st, stageZ3), stageOf(st, stageZ3Child), stageOf(st, stageCVC5)
	if in.Queries != 1 || in.Interrupts != 1 || z.Queries != 1 || c.Queries != 1 {
		t.Fatalf("z3 %+v, z3-process %+v, cvc5 %+v: want the slice interrupted and a check on each child", in, z, c)
	}
	if z.Sat+c.Sat == 0 || z.Unknown+c.Unknown != z.Interrupts+c.Interrupts {
		t.Errorf("z3-process %+v, cvc5 %+v: want a verdict and the loser interrupted", z, c)
	}
	t.Logf("z3-process %+v\ncvc5 %+v", z, c)
}

// TestPortfolioFailure: a backend that crashes is UNKNOWN for that
// backend; the other answers.
func TestPortfolioFailure(t *testing.T) {
	e := newEnv(t)
	s := e.solver(Config{NoNative: true, Backend: BackendPortfolio, Slice: time.Nanosecond})
	s.smt.children[1] = &smtpipe.Solver{Name: "cvc5", Path: "/bin/sh", Args: []string{"-c", "kill -SEGV $$"}}
	if ok, err := s.MayBeTrue(mediumQuery(e, arith.F32)); err != nil || !ok {
		t.Fatal(ok, err)
	}
	if c := stageOf(s.Stats(), stageCVC5); c.Queries != 1 || c.Unknown != 1 {
		t.Errorf("cvc5: %+v, want one UNKNOWN", c)
	}
	if z := stageOf(s.Stats(), stageZ3Child); z.Sat != 1 {
		t.Errorf("z3-process: %+v, want the answer", z)
	}
}

// TestPortfolioMemoryOut: a child at its memory cap is UNKNOWN for that
// backend, counted as a memory-out; the other child answers. (Z3
// in-process at its cap may abort the whole process, an uncaught
// out_of_memory_error in Z3 4.8.12: why hard queries leave the process.)
func TestPortfolioMemoryOut(t *testing.T) {
	e := newEnv(t)
	s := e.solver(Config{NoNative: true, Backend: BackendPortfolio, Slice: time.Nanosecond})
	s.smt.children[0].MemoryMB = 30 // z3: too little for the query
	if ok, err := s.MayBeTrue(mediumQuery(e, arith.F32)); err != nil || !ok {
		t.Fatal(ok, err)
	}
	zc, c := stageOf(s.Stats(), stageZ3Child), stageOf(s.Stats(), stageCVC5)
	if zc.MemoryOuts != 1 || c.Sat != 1 {
		t.Fatalf("z3-process %+v, cvc5 %+v: want a memory-out and cvc5's verdict", zc, c)
	}
}

// TestDeadline: a check in flight ends at the deadline, later checks
// fail at once, and clearing the deadline restores the solver.
func TestDeadline(t *testing.T) {
	for _, b := range []string{BackendZ3, BackendCVC5, BackendPortfolio} {
		t.Run(b, func(t *testing.T) {
			e := newEnv(t)
			s := e.solver(Config{NoNative: true, Backend: b, Slice: 100 * time.Millisecond})
			q := veryHardQuery(e)
			start := time.Now()
			s.SetDeadline(start.Add(500 * time.Millisecond))
			_, err := s.MayBeTrue(Query{Constraints: q[1:], Expr: q[0]})
			if d := time.Since(start); d > 2500*time.Millisecond {
				t.Errorf("check ended %v after a 500ms deadline", d)
			}
			if !errors.Is(err, ErrTimeout) {
				t.Fatalf("err = %v, want ErrTimeout", err)
			}
			start = time.Now()
			if _, err := s.MayBeTrue(Query{Constraints: q[2:], Expr: q[1]}); !errors.Is(err, ErrTimeout) || time.Since(start) > 100*time.Millisecond {
				t.Errorf("check after the deadline: %v after %v", err, time.Since(start))
			}
			s.SetDeadline(time.Time{})
			x, _ := e.sym("x", arith.F32)
			if !may(t, s, nil, e.gt(x, e.c(arith.F32, 1))) {
				t.Error("unsat after the deadline was cleared")
			}
			var interrupts uint64
			for _, st := range s.Stats().Stages {
				interrupts += st.Interrupts
			}
			if interrupts == 0 {
				t.Errorf("no interrupt counted: %+v", s.Stats().Stages)
			}
		})
	}
}

func TestInterruptFacade(t *testing.T) {
	e := newEnv(t)
	s := e.solver(Config{NoNative: true, Backend: BackendPortfolio, Slice: 100 * time.Millisecond})
	q := veryHardQuery(e)
	time.AfterFunc(400*time.Millisecond, s.Interrupt)
	start := time.Now()
	_, err := s.MayBeTrue(Query{Constraints: q[1:], Expr: q[0]})
	if !errors.Is(err, ErrTimeout) || time.Since(start) > 2500*time.Millisecond {
		t.Errorf("interrupted check: %v after %v", err, time.Since(start))
	}
}

// TestWriteSMT2: the query log's files are standalone SMT-LIB2 that the
// z3 and cvc5 binaries read, with the answer floatsym got.
func TestWriteSMT2(t *testing.T) {
	dir := t.TempDir()
	e := newEnv(t)
	s := e.solver(Config{NoNative: true, Backend: BackendPortfolio, SMT2Dir: dir, NoCache: true, NoCexCache: true})
	qs, _ := easyQueries(e)
	for _, q := range qs {
		if _, err := s.MayBeTrue(q); err != nil {
			t.Fatal(err)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.smt2"))
	if len(files) != len(qs) {
		t.Fatalf("%d files for %d queries", len(files), len(qs))
	}
	answer := regexp.MustCompile(`(?m)^; answer: (sat|unsat) \((z3|cvc5), `)
	for _, f := range files {
		b, _ := os.ReadFile(f)
		m := answer.FindSubmatch(b)
		if m == nil {
			t.Fatalf("%s: no answer comment:\n%s", f, b)
		}
		for _, cmd := range [][]string{{"z3", f}, {"cvc5", "--fp-exp", f}} {
			out, err := exec.Command(cmd[0], cmd[1:]...).CombinedOutput()
			if got := strings.TrimSpace(string(out)); err != nil || got != string(m[1]) {
				t.Errorf("%s on %s: %q (%v), want %s", cmd[0], filepath.Base(f), got, err, m[1])
			}
		}
	}
}

// TestUnconstrainedModelBytes: bytes a query does not mention still get
// values from the solver processes (they are declared in the script).
func TestUnconstrainedModelBytes(t *testing.T) {
	for _, b := range []string{BackendCVC5, BackendZ3} {
		e := newEnv(t)
		s := e.solver(Config{NoNative: true, Backend: b, Slice: time.Nanosecond})
		x, ax := e.sym("x", arith.F64)
		_, ay := e.sym("y", arith.F64)
		m, err := s.GetModel([]*expr.Expr{e.gt(x, e.c(arith.F64, 1))}, []*expr.Array{ax, ay})
		if err != nil || len(m[ay]) != 8 {
			t.Errorf("%s: %v %v", b, m, err)
		}
	}
}
