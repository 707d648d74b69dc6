package smtpipe

import (
	"context"
	"errors"
	"runtime"
	"syscall"
	"testing"
	"time"
)

const decls = "(declare-fun |x#0[0]| () (_ BitVec 8))\n(declare-fun y () (_ BitVec 16))\n"

func TestVerdicts(t *testing.T) {
	for _, s := range []*Solver{CVC5(0), Z3(0), CVC5(2048)} {
		r, err := s.Run(context.Background(), "QF_BV", decls+"(assert (= (bvadd |x#0[0]| #x01) #x06))\n(assert (= y #xbeef))\n",
			[]string{"|x#0[0]|", "y", "((_ extract 7 0) y)"})
		if err != nil || r.Status != Sat || len(r.Values) != 3 || r.Values[0] != 5 || r.Values[1] != 0xbeef || r.Values[2] != 0xef {
			t.Errorf("%s sat: %+v %v", s.Name, r, err)
		}
		r, err = s.Run(context.Background(), "QF_BV", decls+"(assert (bvult |x#0[0]| |x#0[0]|))\n", []string{"|x#0[0]|"})
		if err != nil || r.Status != Unsat {
			t.Errorf("%s unsat: %+v %v", s.Name, r, err)
		}
	}
}

// hard is a double query neither solver decides in a second: x*y == 3
// with x, y > 1 and (x*y)*z != x*(y*z).
const hard = `(declare-fun x () (_ FloatingPoint 11 53))
(declare-fun y () (_ FloatingPoint 11 53))
(declare-fun z () (_ FloatingPoint 11 53))
(assert (not (fp.isNaN (fp.mul RNE (fp.mul RNE x y) z))))
(assert (not (fp.isInfinite (fp.mul RNE (fp.mul RNE x y) z))))
(assert (not (fp.eq (fp.mul RNE (fp.mul RNE x y) z) (fp.mul RNE x (fp.mul RNE y z)))))
(assert (fp.lt ((_ to_fp 11 53) RNE 1.0) x ((_ to_fp 11 53) RNE 2.0)))
(assert (fp.lt ((_ to_fp 11 53) RNE 1.0) y ((_ to_fp 11 53) RNE 2.0)))
(assert (fp.lt ((_ to_fp 11 53) RNE 1.0) z ((_ to_fp 11 53) RNE 2.0)))
(assert (fp.eq (fp.mul RNE (fp.mul RNE x y) z) (fp.add RNE z (fp.mul RNE x y))))
`

func TestKilled(t *testing.T) {
	for _, s := range []*Solver{CVC5(0), Z3(0)} {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		start := time.Now()
		_, err := s.Run(ctx, "QF_FP", hard, nil)
		cancel()
		switch {
		case err == nil:
			t.Logf("%s: answered before the kill, after %v", s.Name, time.Since(start))
		case !errors.Is(err, ErrKilled):
			t.Errorf("%s: %v, want ErrKilled when the context ends", s.Name, err)
		default:
			t.Logf("%s: killed after %v", s.Name, time.Since(start))
		}
	}
}

// TestFaults: a memory cap and a crash are errors of the query, not of
// the caller.
func TestFaults(t *testing.T) {
	s := CVC5(16) // too little to start
	_, err := s.Run(context.Background(), "QF_FP", hard, nil)
	if !errors.Is(err, ErrMemory) && !errors.Is(err, ErrCrash) {
		t.Errorf("cvc5 with 16 MiB: %v", err)
	}
	t.Logf("cvc5 with 16 MiB: %v", err)
	crash := &Solver{Name: "crash", Path: "/bin/sh", Args: []string{"-c", "kill -SEGV $$"}}
	if _, err := crash.Run(context.Background(), "QF_BV", decls, nil); !errors.Is(err, ErrCrash) {
		t.Errorf("crashing solver: %v", err)
	}
	missing := &Solver{Name: "missing", Path: "/nonexistent/solver"}
	if _, err := missing.Run(context.Background(), "QF_BV", decls, nil); !errors.Is(err, ErrCrash) {
		t.Errorf("missing solver: %v", err)
	}
}

func TestParseValues(t *testing.T) {
	v, err := parseValues("((|a b| #b101) ((select a #x0000000000000001) (_ bv7 8)) (c #xff))\n", 3)
	if err != nil || v[0] != 5 || v[1] != 7 || v[2] != 255 {
		t.Errorf("%v %v", v, err)
	}
	if _, err := parseValues("(error \"no model\")", 1); err == nil {
		t.Error("error accepted")
	}
}

// TestSession: one process answers query after query (a reset between
// them: the second query redeclares the first's names); a query stopped
// by its context kills the process and the next query starts a new one.
func TestSession(t *testing.T) {
	p := Z3(0).NewSession()
	defer p.Close()
	for i := 0; i < 3; i++ {
		r, err := p.Run(context.Background(), "QF_BV", decls+"(assert (= (bvadd |x#0[0]| #x01) #x06))\n(assert (= y #xbeef))\n",
			[]string{"|x#0[0]|", "y"})
		if err != nil || r.Status != Sat || r.Values[0] != 5 || r.Values[1] != 0xbeef {
			t.Fatalf("query %d: %+v %v", i, r, err)
		}
		r, err = p.Run(context.Background(), "QF_BV", decls+"(assert (bvult |x#0[0]| |x#0[0]|))\n", nil)
		if err != nil || r.Status != Unsat {
			t.Fatalf("query %d: %+v %v", i, r, err)
		}
	}
	// Arrays and FP: a logic z3 4.8 calls unsupported, then decides.
	r, err := p.Run(context.Background(), "QF_ABVFP", "(declare-fun x () (_ FloatingPoint 8 24))\n(assert (fp.isNaN x))\n", nil)
	if err != nil || r.Status != Sat {
		t.Fatalf("QF_ABVFP: %+v %v", r, err)
	}
	if p.Spawn != 1 {
		t.Errorf("%d processes for 7 queries, want 1", p.Spawn)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	_, err = p.Run(ctx, "QF_FP", hard, nil)
	cancel()
	if !errors.Is(err, ErrKilled) {
		t.Errorf("hard query: %v, want ErrKilled when the context ends", err)
	}
	if r, err := p.Run(context.Background(), "QF_BV", decls+"(assert (= y #x0001))\n", []string{"y"}); err != nil || r.Values[0] != 1 || p.Spawn != 2 {
		t.Errorf("after the kill: %+v %v, %d processes", r, err, p.Spawn)
	}
	// A rejected assertion is no verdict (z3 would answer on the rest).
	if _, err := p.Run(context.Background(), "QF_BV", "(assert (= nosuch #x01))\n", nil); !errors.Is(err, ErrCrash) {
		t.Errorf("rejected assertion: %v", err)
	}
}

// TestSessionFaults: a session's process that crashes, hangs, or reaches
// its memory cap is an error of that query; the next query gets a new
// process.
func TestSessionFaults(t *testing.T) {
	cases := []struct {
		name string
		s    *Solver
		want error
	}{
		{"crash", &Solver{Name: "crash", Path: "/bin/sh", Args: []string{"-c", "kill -SEGV $$"}}, ErrCrash},
		{"exit", &Solver{Name: "exit", Path: "/bin/sh", Args: []string{"-c", "read l; exit 3"}}, ErrCrash},
		{"garbage", &Solver{Name: "garbage", Path: "/bin/sh", Args: []string{"-c", `while read l; do case "$l" in *echo*) echo maybe; echo floatsym-end-of-reply;; esac; done`}}, ErrCrash},
		{"hang", &Solver{Name: "hang", Path: "/bin/sh", Args: []string{"-c", "exec sleep 100"}}, ErrKilled},
		{"missing", &Solver{Name: "missing", Path: "/nonexistent/solver"}, ErrCrash},
		{"memory", Z3(30), ErrMemory},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := c.s.NewSession()
			defer p.Close()
			for i := 0; i < 2; i++ {
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
				if c.name == "hang" {
					ctx, cancel = context.WithTimeout(context.Background(), 200*time.Millisecond)
				}
				_, err := p.Run(ctx, "QF_FP", hard, nil)
				cancel()
				if !errors.Is(err, c.want) {
					t.Errorf("query %d: %v, want %v", i, err, c.want)
				}
			}
			if c.name != "missing" && p.Spawn != 2 {
				t.Errorf("%d processes for two failed queries, want 2", p.Spawn)
			}
		})
	}
}

// TestSessionGarbage: a session dropped without Close does not leave its
// process running.
func TestSessionGarbage(t *testing.T) {
	p := Z3(0).NewSession()
	if _, err := p.Run(context.Background(), "QF_BV", decls, nil); err != nil {
		t.Fatal(err)
	}
	pid := p.proc.cmd.Process.Pid
	p = nil
	for i := 0; i < 100; i++ {
		runtime.GC()
		if syscall.Kill(pid, 0) != nil {
			return // reaped
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Errorf("process %d still runs after its session was dropped", pid)
}
