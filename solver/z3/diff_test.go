package z3

// Differential tests of the translation against package arith: for each
// operator, kind and rounding mode, operands are symbolic bytes
// constrained to concrete values, the result is tied to fresh symbolic
// bytes by Eq (bitwise identity), and the bytes Z3 chooses must equal the
// constant arith folds for the same operation.

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/testtool"
	"github.com/floatsym/floatsym/solver/expr"
	"github.com/floatsym/floatsym/solver/smtpipe"
)

var (
	nRand     = flag.Int("z3rand", 30, "random operand tuples per operator configuration")
	slow      = flag.Duration("z3slow", 5*time.Second, "log batches slower than this")
	batch     = flag.Int("z3batch", 24, "cases per Z3 query")
	cvc5Work  = flag.Int("cvc5rlimit", cvc5RLimit, "cvc5's resource budget per batch (--rlimit-per, deterministic units)")
	cvc5Limit = flag.Duration("cvc5limit", 10*time.Minute, "wall-clock safety bound of a cvc5 batch (a failure naming the load)")
)

// cvc5RLimit is cvc5's work budget per batch, in its resource units
// (--rlimit-per: deterministic, unlike --tlimit). Measured with cvc5
// 1.0.3 (resource::resourceUnitsUsed, (get-info :all-statistics)) on the
// 206 batches of TestCVC5Differential: at most 458 k units (x86_fp80
// additions, 47 s of wall time at load 30), float and double batches far
// fewer. Ten times that leaves room for another cvc5 build; a batch
// that exhausts it fails the test, whatever the load.
const cvc5RLimit = 5_000_000

// nrand is the number of random tuples per configuration: all of -z3rand
// in make test-full (FLOATSYM_SLOW_TESTS), half in make test, a quarter
// with -short. The tuples are drawn from fixed seeds, so make test's are a
// fixed subset of test-full's.
func nrand() int {
	switch {
	case testing.Short():
		return max(*nRand/4, 4)
	case !testtool.Slow():
		return max(*nRand/2, 4)
	}
	return *nRand
}

// harness batches cases into Z3 queries.
type harness struct {
	t     *testing.T
	b     *expr.Builder
	chk   *Checker
	cons  []*expr.Expr
	cases []dcase
	nvar  int
	n     int
	bad   int
	logs  []string
	batch int
	// solve decides a batch: Z3 in-process, or cvc5 (see newHarness).
	solve  func(cons []*expr.Expr) (bool, Model, error)
	solver string
}

type dcase struct {
	name string
	e    *expr.Expr // symbolic operation
	want arith.Word // arith's folded result
}

// newHarness makes a harness deciding with Z3, or with the cvc5 binary
// when FLOATSYM_DIFF_SOLVER=cvc5 (every differential test against cvc5:
// the full count, minutes; TestCVC5Differential is the CI share).
func newHarness(t *testing.T) *harness {
	if os.Getenv("FLOATSYM_DIFF_SOLVER") == "cvc5" {
		return newCVC5Harness(t)
	}
	h := &harness{t: t, b: expr.NewBuilder(), chk: NewChecker(), batch: *batch, solver: "z3"}
	h.solve = func(cons []*expr.Expr) (bool, Model, error) { return h.chk.Check(cons, nil, nil, 0) }
	return h
}

// newCVC5Harness decides the batches with the cvc5 binary on the
// translation's SMT-LIB2 script (Script), as the cvc5 backend does.
func newCVC5Harness(t *testing.T) *harness {
	// Small batches: cvc5 bit-blasts a batch at once, and its time grows
	// faster than linearly with the batch's size.
	h := &harness{t: t, b: expr.NewBuilder(), chk: NewChecker(), batch: 4, solver: "cvc5"}
	cvc5 := smtpipe.CVC5(4096)
	cvc5.Args = append(cvc5.Args[:len(cvc5.Args):len(cvc5.Args)], fmt.Sprintf("--rlimit-per=%d", *cvc5Work))
	h.solve = func(cons []*expr.Expr) (bool, Model, error) {
		s, err := h.chk.Script(cons, nil, nil)
		if err != nil {
			return false, nil, err
		}
		ctx, cancel := context.WithTimeout(context.Background(), *cvc5Limit)
		defer cancel()
		r, err := cvc5.Run(ctx, s.Logic, s.Body, s.Terms)
		if errors.Is(err, smtpipe.ErrKilled) {
			// Only the far safety bound: the machine is overloaded,
			// not the batch too hard (its work is bounded above).
			load, _ := os.ReadFile("/proc/loadavg")
			return false, nil, fmt.Errorf("cvc5 batch passed the %v wall-clock safety bound (load average %s): %w", *cvc5Limit, strings.TrimSpace(string(load)), err)
		}
		if err != nil {
			return false, nil, err
		}
		switch r.Status {
		case smtpipe.Unsat:
			return false, nil, nil
		case smtpipe.Sat:
			m, err := s.Model(r.Values)
			return err == nil, m, err
		}
		return false, nil, fmt.Errorf("cvc5: unknown (resource budget %d units, -cvc5rlimit): %s", *cvc5Work, r.Reason)
	}
	return h
}

// bytesOf is a fresh symbolic value of w bits (whole bytes, little-endian).
func (h *harness) bytesOf(w int) *expr.Expr {
	n := (w + 7) / 8
	h.nvar++
	a := h.b.NewArray(fmt.Sprintf("v%d", h.nvar), uint64(n), nil)
	v := h.b.Byte(a, 0)
	for i := 1; i < n; i++ {
		v = h.b.Concat(h.b.Byte(a, uint64(i)), v)
	}
	if w%8 != 0 {
		v = h.b.Extract(v, 0, w)
	}
	return v
}

// fresh is an unconstrained symbolic value of sort s.
func (h *harness) fresh(s expr.Sort) *expr.Expr {
	switch s.Kind {
	case expr.Bool:
		return h.b.Eq(h.bytesOf(8), h.b.U64(1, 8))
	case expr.FP:
		return h.b.FromBits(h.bytesOf(s.FK.Bits()), s.FK)
	}
	return h.bytesOf(int(s.W))
}

// sym is a symbolic value of sort s constrained to equal w.
func (h *harness) sym(s expr.Sort, w arith.Word) *expr.Expr {
	if s.Kind == expr.Bool {
		v := h.fresh(s)
		h.cons = append(h.cons, h.b.Eq(v, h.b.BoolConst(w.Lo&1 == 1)))
		return v
	}
	width := int(s.W)
	bv := h.bytesOf(width)
	h.cons = append(h.cons, h.b.Eq(bv, h.b.Const(w, width)))
	if s.Kind == expr.FP {
		return h.b.FromBits(bv, s.FK)
	}
	return bv
}

// check adds a case: mk builds the operation from operands; it is applied
// to symbolic operands and to constants (which the builder folds).
func (h *harness) check(name string, sorts []expr.Sort, vals []arith.Word, mk func(ops ...*expr.Expr) *expr.Expr) {
	var syms, consts []*expr.Expr
	for i, s := range sorts {
		syms = append(syms, h.sym(s, vals[i]))
		consts = append(consts, h.b.ConstOf(s, vals[i]))
	}
	folded := mk(consts...)
	if folded.Op != expr.OpConst {
		h.t.Fatalf("%s: builder did not fold constants: %v", name, folded.Op)
	}
	e := mk(syms...)
	if e.Op == expr.OpConst {
		// The builder simplified the operation away; nothing for Z3.
		return
	}
	h.cases = append(h.cases, dcase{name: name, e: e, want: folded.Val})
	if len(h.cases) >= h.batch {
		h.flush()
	}
}

func (h *harness) flush() {
	if len(h.cases) == 0 {
		return
	}
	cons := h.cons
	results := make([]*expr.Expr, len(h.cases))
	for i, c := range h.cases {
		results[i] = h.fresh(c.e.Sort)
		cons = append(cons, h.b.Eq(results[i], c.e))
	}
	t0 := time.Now()
	sat, m, err := h.solve(cons)
	if d := time.Since(t0); d > *slow {
		h.t.Logf("slow batch (%v) starting with %s", d, h.cases[0].name)
	}
	switch {
	case err != nil:
		h.t.Fatalf("batch starting with %s: %v", h.cases[0].name, err)
	case !sat:
		h.t.Fatalf("batch starting with %s: unsat", h.cases[0].name)
	}
	ev := evaluator{expr.NewEvaluator(assignment(m))}
	// A case whose result differs also violates its Eq constraint; the
	// comparison below reports it legibly.
	for i, c := range h.cases {
		h.n++
		got := ev.Eval(results[i])
		if c.e.Sort.Kind == expr.Bool {
			got.Lo &= 1
		}
		if got != c.want {
			h.bad++
			if len(h.logs) < 20 {
				h.logs = append(h.logs, fmt.Sprintf("%s: "+h.solver+" %#x:%016x, arith %#x:%016x", c.name, got.Hi, got.Lo, c.want.Hi, c.want.Lo))
			}
		}
	}
	h.cases, h.cons = nil, nil
}

func (h *harness) done() {
	h.flush()
	if h.bad > 0 {
		h.t.Errorf("%d of %d results differ from arith:\n%s", h.bad, h.n, strings.Join(h.logs, "\n"))
	}
	h.t.Logf("%d cases", h.n)
}

type assignment Model

func (a assignment) Byte(arr *expr.Array, i uint64) byte {
	if bs := a[arr]; i < uint64(len(bs)) {
		return bs[i]
	}
	return 0
}

type evaluator struct{ *expr.Evaluator }

var kinds = []arith.Kind{arith.F32, arith.F64, arith.F80}
var rms = []arith.RoundingMode{arith.NearestEven, arith.Downward, arith.Upward, arith.TowardZero}

func fmtW(k arith.Kind, w arith.Word) string { return arith.Format(k, w) }

// tuples returns operand tuples of arity n: edge combinations (all for
// n = 1, a sample otherwise) and random ones.
func tuples(k arith.Kind, n int, seed uint64, nrand int) [][]arith.Word {
	return sampledTuples(k, n, seed, nrand, 5)
}

// sampledTuples keeps one edge pair in every `every` in make test-full,
// twice fewer in make test, three times fewer with -short.
func sampledTuples(k arith.Kind, n int, seed uint64, nrand, every int) [][]arith.Word {
	switch {
	case testing.Short():
		every *= 3
	case !testtool.Slow():
		every *= 2
	}
	r := rand.New(rand.NewPCG(seed, uint64(k)*7+uint64(n)))
	edges := edgeValues(k)
	var ts [][]arith.Word
	switch n {
	case 1:
		for _, e := range edges {
			ts = append(ts, []arith.Word{e})
		}
	case 2:
		for i, a := range edges {
			for j, b := range edges {
				if (i*len(edges)+j)%every == int(seed%uint64(every)) {
					ts = append(ts, []arith.Word{a, b})
				}
			}
		}
	default:
		for i := 0; i < len(edges)*4; i++ {
			ts = append(ts, []arith.Word{edges[r.IntN(len(edges))], edges[r.IntN(len(edges))], edges[r.IntN(len(edges))]})
		}
	}
	for i := 0; i < nrand; i++ {
		t := make([]arith.Word, n)
		if n >= 2 && i%3 == 0 {
			t[0], t[1] = tiePair(r, k)
			for j := 2; j < n; j++ {
				t[j] = randValue(r, k, edges)
			}
		} else {
			for j := range t {
				t[j] = randValue(r, k, edges)
			}
		}
		ts = append(ts, t)
	}
	return ts
}

func sortsOf(s expr.Sort, n int) []expr.Sort {
	ss := make([]expr.Sort, n)
	for i := range ss {
		ss[i] = s
	}
	return ss
}

func name(op string, k arith.Kind, rm arith.RoundingMode, vals []arith.Word) string {
	var parts []string
	for _, v := range vals {
		parts = append(parts, fmtW(k, v))
	}
	return fmt.Sprintf("%s.%s.%s(%s)", op, k, rm, strings.Join(parts, ", "))
}

func TestFPBinary(t *testing.T) {
	for _, k := range kinds {
		for _, op := range []expr.Op{expr.OpFAdd, expr.OpFSub, expr.OpFMul, expr.OpFDiv, expr.OpFRem, expr.OpFRemainder, expr.OpFMin, expr.OpFMax} {
			modes := rms
			if op != expr.OpFAdd && op != expr.OpFSub && op != expr.OpFMul && op != expr.OpFDiv {
				modes = rms[:1]
			}
			for _, rm := range modes {
				k, op, rm := k, op, rm
				t.Run(fmt.Sprintf("%s/%s/%s", op, k, rm), func(t *testing.T) {
					t.Parallel()
					h := newHarness(t)
					every := 5
					if rm != arith.NearestEven {
						every = 17
					}
					for _, v := range sampledTuples(k, 2, uint64(op)*4+uint64(rm), nrand(), every) {
						h.check(name(op.String(), k, rm, v), sortsOf(expr.FPSort(k), 2), v, func(x ...*expr.Expr) *expr.Expr {
							return h.b.FBin(op, rm, x[0], x[1])
						})
					}
					h.done()
				})
			}
		}
	}
}

func TestFPUnary(t *testing.T) {
	type unop struct {
		name string
		rm   bool // depends on the rounding mode
		mk   func(b *expr.Builder, rm arith.RoundingMode, x *expr.Expr) *expr.Expr
	}
	ops := []unop{
		{"sqrt", true, func(b *expr.Builder, rm arith.RoundingMode, x *expr.Expr) *expr.Expr { return b.FSqrt(rm, x) }},
		{"neg", false, func(b *expr.Builder, rm arith.RoundingMode, x *expr.Expr) *expr.Expr { return b.FNeg(x) }},
		{"abs", false, func(b *expr.Builder, rm arith.RoundingMode, x *expr.Expr) *expr.Expr { return b.FAbs(x) }},
		{"tobits", false, func(b *expr.Builder, rm arith.RoundingMode, x *expr.Expr) *expr.Expr { return b.ToBits(x) }},
	}
	for how := arith.Floor; how <= arith.RoundEven; how++ {
		how := how
		ops = append(ops, unop{how.String(), how == arith.Rint || how == arith.NearbyInt,
			func(b *expr.Builder, rm arith.RoundingMode, x *expr.Expr) *expr.Expr { return b.FRound(how, rm, x) }})
	}
	for _, op := range []expr.Op{expr.OpFIsNaN, expr.OpFIsInf, expr.OpFIsZero, expr.OpFIsSub, expr.OpFIsNorm, expr.OpFIsNeg} {
		op := op
		ops = append(ops, unop{op.String(), false, func(b *expr.Builder, rm arith.RoundingMode, x *expr.Expr) *expr.Expr { return b.FClass(op, x) }})
	}
	for _, k := range kinds {
		for _, op := range ops {
			modes := rms
			if !op.rm {
				modes = rms[:1]
			}
			for _, rm := range modes {
				k, op, rm := k, op, rm
				t.Run(fmt.Sprintf("%s/%s/%s", op.name, k, rm), func(t *testing.T) {
					t.Parallel()
					h := newHarness(t)
					for _, v := range tuples(k, 1, uint64(len(op.name))*4+uint64(rm), nrand()*2) {
						h.check(name(op.name, k, rm, v), sortsOf(expr.FPSort(k), 1), v, func(x ...*expr.Expr) *expr.Expr {
							return op.mk(h.b, rm, x[0])
						})
					}
					h.done()
				})
			}
		}
	}
}

func TestFPCompare(t *testing.T) {
	for _, k := range kinds {
		for _, p := range []arith.Pred{arith.OEQ, arith.OLT, arith.OLE} {
			k, p := k, p
			t.Run(fmt.Sprintf("%s/%s", p, k), func(t *testing.T) {
				t.Parallel()
				h := newHarness(t)
				for _, v := range tuples(k, 2, uint64(p), nrand()) {
					h.check(name(p.String(), k, 0, v), sortsOf(expr.FPSort(k), 2), v, func(x ...*expr.Expr) *expr.Expr {
						return h.b.FCmp(p, x[0], x[1])
					})
				}
				h.done()
			})
		}
		k := k
		t.Run(fmt.Sprintf("eq/%s", k), func(t *testing.T) {
			t.Parallel()
			h := newHarness(t)
			ts := tuples(k, 2, 99, nrand())
			// Equal values, and NaNs differing only in payload or sign.
			for _, e := range edgeValues(k) {
				ts = append(ts, []arith.Word{e, e})
			}
			for _, v := range ts {
				h.check(name("eq", k, 0, v), sortsOf(expr.FPSort(k), 2), v, func(x ...*expr.Expr) *expr.Expr {
					return h.b.Eq(x[0], x[1])
				})
				// Against a constant (the translation's shortcut).
				h.check(name("eqconst", k, 0, v), sortsOf(expr.FPSort(k), 1), v, func(x ...*expr.Expr) *expr.Expr {
					return h.b.Eq(x[0], h.b.FConst(k, v[1]))
				})
			}
			h.done()
		})
	}
}

func TestFMA(t *testing.T) {
	for _, k := range kinds {
		for _, rm := range rms {
			k, rm := k, rm
			t.Run(fmt.Sprintf("%s/%s", k, rm), func(t *testing.T) {
				t.Parallel()
				h := newHarness(t)
				for _, v := range tuples(k, 3, uint64(rm), nrand()) {
					h.check(name("fma", k, rm, v), sortsOf(expr.FPSort(k), 3), v, func(x ...*expr.Expr) *expr.Expr {
						return h.b.FMA(rm, x[0], x[1], x[2])
					})
				}
				h.done()
			})
		}
	}
}

func TestFPConv(t *testing.T) {
	for _, from := range kinds {
		for _, to := range kinds {
			if from == to {
				continue
			}
			modes := rms
			if to.Bits() > from.Bits() {
				modes = rms[:1]
			}
			for _, rm := range modes {
				from, to, rm := from, to, rm
				t.Run(fmt.Sprintf("%s-%s/%s", from, to, rm), func(t *testing.T) {
					t.Parallel()
					h := newHarness(t)
					for _, v := range tuples(from, 1, uint64(to)*4+uint64(rm), nrand()*2) {
						h.check(name("conv-"+to.String(), from, rm, v), sortsOf(expr.FPSort(from), 1), v, func(x ...*expr.Expr) *expr.Expr {
							return h.b.FPConv(rm, x[0], to)
						})
					}
					h.done()
				})
			}
		}
	}
}

var intWidths = []int{1, 8, 15, 16, 17, 31, 32, 33, 63, 64, 65, 100, 128}

func TestFPToInt(t *testing.T) {
	for _, k := range kinds {
		for _, signed := range []bool{true, false} {
			k, signed := k, signed
			op := "fptoui"
			if signed {
				op = "fptosi"
			}
			t.Run(fmt.Sprintf("%s/%s", op, k), func(t *testing.T) {
				t.Parallel()
				h := newHarness(t)
				add := func(v arith.Word, w int) {
					h.check(fmt.Sprintf("%s i%d", name(op, k, 0, []arith.Word{v}), w), sortsOf(expr.FPSort(k), 1), []arith.Word{v},
						func(x ...*expr.Expr) *expr.Expr { return h.b.FPToInt(signed, x[0], w) })
				}
				// Edge values at every width (every third with -short).
				for i, v := range edgeValues(k) {
					for j, w := range intWidths {
						if !testing.Short() || (i+j)%3 == 0 {
							add(v, w)
						}
					}
				}
				// Integers and near-integers around each width's range
				// limits, at that width and its neighbours.
				r := rand.New(rand.NewPCG(3, uint64(k)))
				for i, w := range intWidths {
					for _, lim := range []float64{-1, 1} {
						base := lim * float64(uint64(1)<<(min(w, 63)-1))
						for _, d := range []float64{-1.5, -1, -0.5, 0, 0.5, 1, 1.5} {
							for _, v := range []float64{base + d, 2*base + d} {
								for _, w2 := range intWidths[max(i-1, 0):min(i+2, len(intWidths))] {
									add(fromF64(k, v), w2)
								}
							}
						}
					}
				}
				// Random values at three widths each.
				for i := 0; i < nrand()*2; i++ {
					v := randValue(r, k, edgeValues(k))
					if i%2 == 0 {
						v = fromF64(k, float64(r.Int64()>>r.IntN(63))+float64(r.IntN(4))/4)
					}
					for j := 0; j < 3; j++ {
						add(v, intWidths[r.IntN(len(intWidths))])
					}
				}
				h.done()
			})
		}
	}
}

func TestIntToFP(t *testing.T) {
	for _, k := range kinds {
		for _, signed := range []bool{true, false} {
			for _, rm := range rms {
				k, signed, rm := k, signed, rm
				op := "uitofp"
				if signed {
					op = "sitofp"
				}
				t.Run(fmt.Sprintf("%s/%s/%s", op, k, rm), func(t *testing.T) {
					t.Parallel()
					h := newHarness(t)
					r := rand.New(rand.NewPCG(uint64(rm), uint64(k)))
					for _, w := range intWidths {
						w := w
						vals := []arith.Word{{}, {Lo: 1}, arith.Mask(w), arith.Mask(w - 1),
							arith.Truncate(arith.Word{Lo: 1 << 63, Hi: 1 << 63}, w)}
						for i := 0; i < nrand()/4; i++ {
							v := arith.Word{Lo: r.Uint64(), Hi: r.Uint64()}
							v = arith.LShr(v, arith.Word{Lo: uint64(r.IntN(128))}, 128)
							vals = append(vals, arith.Truncate(v, w))
						}
						for _, v := range vals {
							h.check(fmt.Sprintf("%s.%s.%s i%d %#x:%x", op, k, rm, w, v.Hi, v.Lo), []expr.Sort{expr.BVSort(w)}, []arith.Word{v},
								func(x ...*expr.Expr) *expr.Expr { return h.b.IntToFP(signed, rm, x[0], k) })
						}
					}
					h.done()
				})
			}
		}
	}
}

func TestFromBits80(t *testing.T) {
	// Random 80-bit patterns (any encoding) through every observation.
	h := newHarness(t)
	r := rand.New(rand.NewPCG(80, 80))
	one := h.b.FConst(arith.F80, arith.F80FromFloat64(1))
	for i := 0; i < nrand()*4; i++ {
		v := w80(uint16(r.Uint32()), r.Uint64())
		switch i % 4 {
		case 0:
			v.Hi &= 0x8000 // exponent 0
		case 1:
			v.Hi |= 0x7fff
		}
		obs := map[string]func(x *expr.Expr) *expr.Expr{
			"tobits": func(x *expr.Expr) *expr.Expr { return h.b.ToBits(x) },
			"lt1":    func(x *expr.Expr) *expr.Expr { return h.b.FCmp(arith.OLT, x, one) },
			"add1":   func(x *expr.Expr) *expr.Expr { return h.b.FBin(expr.OpFAdd, arith.NearestEven, x, one) },
			"isnorm": func(x *expr.Expr) *expr.Expr { return h.b.FClass(expr.OpFIsNorm, x) },
			"isnan":  func(x *expr.Expr) *expr.Expr { return h.b.FClass(expr.OpFIsNaN, x) },
			"issub":  func(x *expr.Expr) *expr.Expr { return h.b.FClass(expr.OpFIsSub, x) },
			"neg":    func(x *expr.Expr) *expr.Expr { return h.b.FNeg(x) },
			"todbl":  func(x *expr.Expr) *expr.Expr { return h.b.FPConv(arith.NearestEven, x, arith.F64) },
		}
		for on, f := range obs {
			h.check(name("frombits-"+on, arith.F80, 0, []arith.Word{v}), []expr.Sort{expr.BVSort(80)}, []arith.Word{v},
				func(x ...*expr.Expr) *expr.Expr { return f(h.b.FromBits(x[0], arith.F80)) })
		}
	}
	h.done()
}

// TestRemainderTinyDivisor covers glibc remainder()'s zero sign for
// divisors below 2^-970: remainder(3*2^-873, 2^-1000) is -0, not +0.
func TestRemainderTinyDivisor(t *testing.T) {
	h := newHarness(t)
	ev := edgeValues(arith.F64)
	tiny := []arith.Word{w64(0x0170000000000000), w64(0x8170000000000000), w64(0x03f0000000000000), w64(1), w64(0x000fffffffffffff)}
	for _, x := range ev {
		for _, y := range tiny {
			for _, p := range [][]arith.Word{{x, y}, {y, x}} {
				h.check(name("remainder", arith.F64, 0, p), sortsOf(expr.FPSort(arith.F64), 2), p, func(x ...*expr.Expr) *expr.Expr {
					return h.b.FBin(expr.OpFRemainder, arith.NearestEven, x[0], x[1])
				})
			}
		}
	}
	h.done()
}
