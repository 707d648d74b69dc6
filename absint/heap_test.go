package absint

import (
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
)

// TestHeapSizes checks the allocation sizes against the executor's
// malloc and calloc (executor/builtins_mem.go): NULL exactly when a size
// may exceed 2^32 − 1 or calloc's product may overflow 64 bits.
func TestHeapSizes(t *testing.T) {
	iv := func(lo, hi int64) Val { return intVal(IRange(64, lo, hi)) }
	cases := []struct {
		name        string
		n, s        Val // s unset: malloc(n)
		lo, hi      int64
		empty, null bool
	}{
		{name: "malloc 16", n: iv(16, 16), lo: 16, hi: 16},
		{name: "malloc 0", n: iv(0, 0), lo: 0, hi: 0},
		{name: "malloc range", n: iv(4, 400), lo: 4, hi: 400},
		{name: "malloc largest", n: iv(maxObject, maxObject), lo: maxObject, hi: maxObject},
		{name: "malloc too big", n: iv(maxObject+1, maxObject+1), empty: true, null: true},
		{name: "malloc maybe too big", n: iv(1, 1<<40), lo: 1, hi: maxObject, null: true},
		{name: "malloc huge (negative)", n: iv(-1, -1), lo: 0, hi: maxObject, null: true},
		{name: "calloc 8x4", n: iv(8, 8), s: iv(4, 4), lo: 32, hi: 32},
		{name: "calloc range", n: iv(1, 10), s: iv(4, 8), lo: 4, hi: 80},
		{name: "calloc overflow", n: iv(1<<33, 1<<33), s: iv(1<<33, 1<<33), empty: true, null: true},
		{name: "calloc maybe over", n: iv(1, 1<<20), s: iv(1<<20, 1<<20), lo: 1 << 20, hi: maxObject, null: true},
		{name: "calloc zero", n: iv(0, 0), s: iv(1<<40, 1<<40), lo: 0, hi: 0},
	}
	for _, c := range cases {
		var size IVal
		var null, ok bool
		if c.s.Kind == VNone {
			size, null, ok = sizeArg(c.n)
		} else {
			size, null, ok = callocSize(c.n, c.s)
		}
		if !ok {
			t.Fatalf("%s: size not bounded", c.name)
		}
		if null != c.null || size.Empty != c.empty || !c.empty && (size.Lo != c.lo || size.Hi != c.hi) {
			t.Errorf("%s: size %s null %v, want [%d, %d] (empty %v) null %v", c.name, size, null, c.lo, c.hi, c.empty, c.null)
		}
	}
}

// TestPtrCmp checks pointer comparisons against null, decided only when
// one side is null and the other surely an object (or null).
func TestPtrCmp(t *testing.T) {
	null := ptrVal(PVal{Null: true})
	obj := objPtr(3)
	maybe := ptrVal(PVal{HasObj: true, Obj: 3, Off: IRange(64, 0, 0), Null: true})
	unk := ptrVal(PVal{Unknown: true})
	cases := []struct {
		p      arith.IPred
		x, y   Val
		lo, hi int64
	}{
		{arith.IEQ, obj, null, 0, 0}, {arith.INE, obj, null, 1, 1}, {arith.IEQ, null, obj, 0, 0},
		{arith.IEQ, null, null, 1, 1}, {arith.INE, null, null, 0, 0},
		{arith.IEQ, maybe, null, 0, 1}, {arith.IEQ, unk, null, 0, 1}, {arith.IEQ, obj, obj, 0, 1},
		{arith.IULT, obj, null, 0, 1},
	}
	for i, c := range cases {
		r := ptrCmp(c.p, c.x, c.y)
		if r.Lo != c.lo || r.Hi != c.hi {
			t.Errorf("case %d: %v %s %s = %s, want [%d, %d]", i, c.p, c.x, c.y, r, c.lo, c.hi)
		}
	}
}

// TestHeapLimit runs heap programs under a heap limit (--max-memory):
// malloc may then return NULL, so a program that dereferences without a
// check is not proved, and one that checks still is.
func TestHeapLimit(t *testing.T) {
	for _, c := range []struct {
		src   string
		proof bool
	}{{"testdata/heap_nocheck.c", false}, {"testdata/heap_sum.c", true}, {"testdata/heap_loop.c", true}} {
		m := load(t, c.src)
		cfg := DefaultConfig()
		cfg.MaxHeap = 1 << 30
		res, err := Analyze(m, cfg)
		if err != nil && !c.proof && strings.Contains(err.Error(), "in main at ") && strings.Contains(err.Error(), c.src) {
			// null + 8 is no object's address: an unsupported access, named.
			t.Logf("%s: %v", c.src, err)
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		if res.Proved != c.proof {
			t.Errorf("%s: proved %v under a heap limit, want %v", c.src, res.Proved, c.proof)
		}
		if !c.proof {
			null := false
			for _, s := range res.Sites {
				null = null || s.Status != "unreachable" && strings.Contains(s.Reason, "may be null")
			}
			if !null {
				t.Errorf("%s: no site reports a possibly null pointer: %+v", c.src, res.Sites)
			}
		}
	}
}
