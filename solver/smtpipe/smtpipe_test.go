package smtpipe

import (
	"context"
	"errors"
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
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%s: stopped after %v", s.Name, d)
		}
		if !errors.Is(err, ErrKilled) {
			t.Logf("%s: answered before the kill: %v", s.Name, err)
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
