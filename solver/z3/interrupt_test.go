package z3

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// hardQuery is a double query Z3 does not decide in seconds: three
// finite doubles in (1, 2) whose products associate differently and
// whose product equals a sum.
func hardQuery(h *harness) []*expr.Expr {
	b := h.b
	d := expr.FPSort(arith.F64)
	x, y, z := h.fresh(d), h.fresh(d), h.fresh(d)
	one, two := b.ConstOf(d, arith.Word{Lo: 0x3ff0000000000000}), b.ConstOf(d, arith.Word{Lo: 0x4000000000000000})
	rne := arith.NearestEven
	l := b.FBin(expr.OpFMul, rne, b.FBin(expr.OpFMul, rne, x, y), z)
	r := b.FBin(expr.OpFMul, rne, x, b.FBin(expr.OpFMul, rne, y, z))
	cons := []*expr.Expr{b.Not(b.FCmp(arith.OEQ, l, r)), b.FCmp(arith.OEQ, l, b.FBin(expr.OpFAdd, rne, z, b.FBin(expr.OpFMul, rne, x, y)))}
	for _, v := range []*expr.Expr{x, y, z} {
		cons = append(cons, b.FCmp(arith.OLT, one, v), b.FCmp(arith.OLT, v, two))
	}
	return cons
}

// TestInterrupt: a check in flight stops when its context ends or its
// timeout passes, as ErrTimeout, and the Checker stays usable. No
// duration is asserted (CI runs beside other load): a check the interrupt
// did not stop runs on until Z3 decides the query, and then returns no
// ErrTimeout (or hangs until go test's timeout); the times are logged.
func TestInterrupt(t *testing.T) {
	h := newHarness(t)
	q := hardQuery(h)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	start := time.Now()
	_, _, err := h.chk.CheckContext(ctx, q, nil, nil, 0)
	t.Logf("cancelled after 300ms, returned after %v", time.Since(start))
	if !errors.Is(err, ErrTimeout) {
		t.Errorf("cancelled check: %v, want ErrTimeout", err)
	}
	start = time.Now()
	_, _, err = h.chk.Check(q, nil, nil, 300*time.Millisecond)
	t.Logf("check with a 300ms timeout returned after %v", time.Since(start))
	if !errors.Is(err, ErrTimeout) {
		t.Errorf("timed-out check: %v, want ErrTimeout", err)
	}
	// A cancelled context stops a check before it starts.
	if _, _, err := h.chk.CheckContext(ctx, q, nil, nil, 0); !errors.Is(err, ErrTimeout) {
		t.Errorf("check with an ended context: %v", err)
	}
	sat, _, err := h.chk.Check(q[2:], nil, nil, 0)
	if err != nil || !sat {
		t.Errorf("easy check after interrupts: %v %v", sat, err)
	}
}

// TestMemoryCapFault: Z3 reaching its memory cap while bit-blasting this
// query fails the query as ErrMemory (run in a child process: the cap is
// process-wide). Not everywhere: in other places Z3 4.8.12 lets its
// out_of_memory_error escape and aborts the process, which is why the
// solver package runs hard queries in child processes.
func TestMemoryCapFault(t *testing.T) {
	if os.Getenv("FLOATSYM_Z3_MEMCHILD") == "1" {
		SetMemoryLimit(40)
		h := newHarness(t)
		_, _, err := h.chk.Check(hardQuery(h), nil, nil, 20*time.Second)
		if !errors.Is(err, ErrMemory) {
			t.Fatalf("at the memory cap: %v, want ErrMemory", err)
		}
		t.Logf("at the memory cap: %v", err)
		SetMemoryLimit(8192)
		sat, _, err := h.chk.Check(hardQuery(h)[2:], nil, nil, 0)
		if err != nil || !sat {
			t.Fatalf("after the memory cap: %v %v", sat, err)
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestMemoryCapFault$", "-test.v")
	cmd.Env = append(os.Environ(), "FLOATSYM_Z3_MEMCHILD=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}
