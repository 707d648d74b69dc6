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
	for _, b := range Backends {
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

// session is the stage's persistent z3 process.
func (s *Solver) session() *smtpipe.Session {
	for _, b := range s.smt.backends {
		if p, ok := b.run.(*smtpipe.Session); ok {
			return p
		}
	}
	return nil
}

// TestZ3SessionReused: one z3 process answers every query (FP and
// bit-vector ones alike), and a killed one is replaced.
func TestZ3SessionReused(t *testing.T) {
	e := newEnv(t)
	// A long slice: on a loaded machine an easy query may outlast a
	// second, and a cvc5 winning the race would kill the z3 process.
	s := e.solver(Config{NoNative: true, Backend: BackendPortfolio, NoCache: true, NoCexCache: true, Slice: time.Minute})
	defer s.Close()
	qs, want := easyQueries(e)
	qs = append(qs, Query{Expr: e.b.Eq(e.b.Bin(expr.OpAdd, e.b.Byte(e.b.NewArray("n", 1, nil), 0), e.b.U64(1, 8)), e.b.U64(6, 8))})
	want = append(want, true)
	for round := 0; round < 2; round++ {
		for i, q := range qs {
			if got, err := s.MayBeTrue(q); err != nil || got != want[i] {
				t.Errorf("round %d, query %d: %v, %v; want %v", round, i, got, err, want[i])
			}
		}
	}
	if n := s.session().Spawn; n != 1 {
		t.Errorf("%d z3 processes for %d queries, want 1", n, 2*len(qs))
	}
	if c := stageOf(s.Stats(), stageCVC5); c.Queries != 0 {
		t.Errorf("cvc5 ran on easy queries: %+v", c)
	}
	q := veryHardQuery(e)
	s.SetTimeout(300 * time.Millisecond)
	if _, err := s.MayBeTrue(Query{Constraints: q[1:], Expr: q[0]}); !errors.Is(err, ErrTimeout) {
		t.Fatalf("hard query: %v, want a timeout", err)
	}
	s.SetTimeout(0)
	if got, err := s.MayBeTrue(qs[0]); err != nil || !got || s.session().Spawn != 2 {
		t.Errorf("after a timeout: %v %v, %d processes (want 2)", got, err, s.session().Spawn)
	}
}

// TestPortfolioRace: a query outlasting the slice on z3 keeps running
// there while cvc5 starts beside it; one answers, the other is killed
// (or answers too).
func TestPortfolioRace(t *testing.T) {
	e := newEnv(t)
	s := e.solver(Config{NoNative: true, Backend: BackendPortfolio, Slice: time.Nanosecond})
	if ok, err := s.MayBeTrue(mediumQuery(e, arith.F32)); err != nil || !ok {
		t.Fatal(ok, err)
	}
	st := s.Stats()
	z, c := stageOf(st, stageZ3), stageOf(st, stageCVC5)
	if z.Queries != 1 || c.Queries != 1 {
		t.Fatalf("z3 %+v, cvc5 %+v: want a check on each", z, c)
	}
	if z.Sat+c.Sat == 0 || z.Unknown+c.Unknown != z.Interrupts+c.Interrupts {
		t.Errorf("z3 %+v, cvc5 %+v: want a verdict and the loser interrupted", z, c)
	}
	t.Logf("z3 %+v\ncvc5 %+v", z, c)
}

// TestPortfolioFailure: a cvc5 that crashes is UNKNOWN for cvc5; z3
// answers.
func TestPortfolioFailure(t *testing.T) {
	e := newEnv(t)
	s := e.solver(Config{NoNative: true, Backend: BackendPortfolio, Slice: time.Nanosecond})
	s.smt.backends[1].run = &smtpipe.Solver{Name: "cvc5", Path: "/bin/sh", Args: []string{"-c", "kill -SEGV $$"}}
	if ok, err := s.MayBeTrue(mediumQuery(e, arith.F32)); err != nil || !ok {
		t.Fatal(ok, err)
	}
	if c := stageOf(s.Stats(), stageCVC5); c.Queries != 1 || c.Unknown != 1 {
		t.Errorf("cvc5: %+v, want one UNKNOWN", c)
	}
	if z := stageOf(s.Stats(), stageZ3); z.Sat != 1 {
		t.Errorf("z3: %+v, want the answer", z)
	}
}

// TestFirstSliceFaults: the backend of the first slice (the z3 process)
// crashing, aborting (as Z3 4.8.12 does at its memory cap), answering
// garbage, hanging or reaching its memory cap is an UNKNOWN for it,
// counted, and never the end of floatsym: cvc5 answers the query (at
// once after a failure, after the slice for a hang), and the next query
// gets a new z3 process. With z3 alone, the query is UNKNOWN.
func TestFirstSliceFaults(t *testing.T) {
	sh := func(script string) *smtpipe.Solver {
		return &smtpipe.Solver{Name: "z3", Path: "/bin/sh", Args: []string{"-c", script}}
	}
	capped := smtpipe.Z3(30)
	cases := []struct {
		name   string
		solver *smtpipe.Solver
		memory bool // counted as a memory-out
		hang   bool
	}{
		{"segfault", sh("read l; kill -SEGV $$"), false, false},
		{"abort", sh("read l; kill -ABRT $$"), true, false},
		{"garbage", sh(`while read l; do case "$l" in *echo*) echo 'sat?'; echo floatsym-end-of-reply;; esac; done`), false, false},
		{"memory cap", capped, true, false},
		{"hang", sh("exec sleep 100"), false, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			for _, b := range []string{BackendPortfolio, BackendZ3} {
				e := newEnv(t)
				// A failure starts cvc5 at once, not at the slice's end;
				// a hang lasts until the slice ends.
				slice := 10 * time.Second
				if c.hang {
					slice = 200 * time.Millisecond
				}
				s := e.solver(Config{NoNative: true, Backend: b, Slice: slice, Timeout: 3 * time.Second})
				s.session().Solver = c.solver
				start := time.Now()
				ok, err := s.MayBeTrue(mediumQuery(e, arith.F32))
				z := stageOf(s.Stats(), stageZ3)
				if z.Queries != 1 || z.Unknown != 1 || (z.MemoryOuts == 1) != c.memory {
					t.Errorf("%s: z3 %+v, want one UNKNOWN (memory-out: %v)", b, z, c.memory)
				}
				if b == BackendZ3 {
					if c.hang {
						if !errors.Is(err, ErrTimeout) { // a hang past the timeout ends in go test's timeout
							t.Errorf("z3 alone, hanging: %v after %v, want a timeout at 3s", err, time.Since(start))
						}
						continue
					}
					if !errors.Is(err, ErrUnknown) {
						t.Errorf("z3 alone: %v %v, want UNKNOWN", ok, err)
					}
					continue
				}
				if err != nil || !ok {
					t.Fatalf("portfolio: %v %v, want cvc5's answer", ok, err)
				}
				if cv := stageOf(s.Stats(), stageCVC5); cv.Sat != 1 {
					t.Errorf("cvc5 %+v, want the answer", cv)
				}
				t.Logf("%s: answered after %v", b, time.Since(start))
				n := s.session().Spawn
				s.MayBeTrue(mediumQuery(e, arith.F32))
				if s.session().Spawn != n+1 {
					t.Errorf("the next query started %d z3 processes, want 1", s.session().Spawn-n)
				}
			}
		})
	}
}

// TestPortfolioMemoryOut: z3 at its memory cap is UNKNOWN for z3,
// counted as a memory-out; cvc5 answers.
func TestPortfolioMemoryOut(t *testing.T) {
	e := newEnv(t)
	s := e.solver(Config{NoNative: true, Backend: BackendPortfolio, Slice: time.Nanosecond})
	s.session().Solver.MemoryMB = 30 // too little for z3
	if ok, err := s.MayBeTrue(mediumQuery(e, arith.F32)); err != nil || !ok {
		t.Fatal(ok, err)
	}
	zc, c := stageOf(s.Stats(), stageZ3), stageOf(s.Stats(), stageCVC5)
	if zc.MemoryOuts != 1 || c.Sat != 1 {
		t.Fatalf("z3 %+v, cvc5 %+v: want a memory-out and cvc5's verdict", zc, c)
	}
}

// TestDeadline: a check in flight ends at the deadline, later checks
// fail at once, and clearing the deadline restores the solver.
func TestDeadline(t *testing.T) {
	for _, b := range Backends {
		t.Run(b, func(t *testing.T) {
			e := newEnv(t)
			s := e.solver(Config{NoNative: true, Backend: b, Slice: 100 * time.Millisecond})
			q := veryHardQuery(e)
			start := time.Now()
			s.SetDeadline(start.Add(500 * time.Millisecond))
			_, err := s.MayBeTrue(Query{Constraints: q[1:], Expr: q[0]})
			t.Logf("check ended %v after a 500ms deadline", time.Since(start))
			if !errors.Is(err, ErrTimeout) {
				t.Fatalf("err = %v, want ErrTimeout", err)
			}
			// At once: a check after the past deadline asks no SMT
			// backend (their stages' query counts stay as they were).
			asked := func() uint64 {
				return stageOf(s.Stats(), stageZ3).Queries + stageOf(s.Stats(), stageCVC5).Queries
			}
			before := asked()
			if _, err := s.MayBeTrue(Query{Constraints: q[2:], Expr: q[1]}); !errors.Is(err, ErrTimeout) || asked() != before {
				t.Errorf("check after the deadline: %v, stage queries %d → %d", err, before, asked())
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
	if !errors.Is(err, ErrTimeout) { // an interrupt that did not stop it ends in go test's timeout
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
		s := e.solver(Config{NoNative: true, Backend: b})
		x, ax := e.sym("x", arith.F64)
		_, ay := e.sym("y", arith.F64)
		m, err := s.GetModel([]*expr.Expr{e.gt(x, e.c(arith.F64, 1))}, []*expr.Array{ax, ay})
		if err != nil || len(m[ay]) != 8 {
			t.Errorf("%s: %v %v", b, m, err)
		}
	}
}
