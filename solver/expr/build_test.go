package expr_test

import (
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

const inputSize = 16

// Opaque operands: expressions the builder cannot look into, so a row
// tests exactly the rule it names.
var (
	a32 = bin(expr.OpAdd, vN(0, 4), vN(4, 4))
	b32 = bin(expr.OpMul, vN(8, 4), vN(12, 4))
	a8  = bin(expr.OpAdd, v8(0), v8(1))
	p   = icmp(arith.IULT, v8(0), v8(1))
	q   = icmp(arith.ISLT, v8(2), cBV(7, 8))
	fx  = fvar(arith.F64, 0)
	fy  = fvar(arith.F64, 8)
	sx  = fvar(arith.F32, 0)
)

func f64c(x float64) *tree { return cF(arith.F64, arith.FromFloat64(x)) }

// simplificationRules has one row per rule in build.go (and the constant
// folding in mk): in is what the executor asks for, want the form the
// builder must return (built with the builder; it is already canonical).
var simplificationRules = []struct {
	name     string
	in, want *tree
	// op, when want is nil: the operator of the result (for forms with
	// fresh arrays or updates, which are never shared between builds).
	op expr.Op
	// nanEquiv: the rule holds up to the sign and payload of a NaN
	// result (see TestFromBitsOfToBitsNaN).
	nanEquiv bool
}{
	// mk: folding.
	{name: "fold bv add", in: bin(expr.OpAdd, cBV(3, 8), cBV(255, 8)), want: cBV(2, 8)},
	{name: "fold fadd with arith", in: fbin(expr.OpFAdd, arith.Upward, f64c(1), f64c(0x1p-60)), want: f64c(1 + 0x1p-52)},
	{name: "fold fcmp", in: fcmp(arith.OLT, f64c(1), f64c(2)), want: cBool(true)},
	{name: "fold concat", in: concat(cBV(0x12, 8), cBV(0x34, 8)), want: cBV(0x1234, 16)},

	// Concat.
	{name: "concat rejoins adjacent extracts", in: concat(extract(a32, 8, 8), extract(a32, 0, 8)), want: extract(a32, 0, 16)},
	{name: "concat leans right", in: concat(concat(a8, v8(2)), v8(3)), want: concat(a8, concat(v8(2), v8(3)))},
	{name: "concat joins an extract into a right-leaning chain",
		in:   concat(extract(a32, 16, 8), concat(extract(a32, 8, 8), v8(5))),
		want: concat(extract(a32, 8, 16), v8(5))},

	// Extract.
	{name: "extract of full width", in: extract(a32, 0, 32), want: a32},
	{name: "extract of extract", in: extract(extract(a32, 8, 16), 4, 8), want: extract(a32, 12, 8)},
	{name: "extract of concat low part", in: extract(concat(a32, b32), 8, 16), want: extract(b32, 8, 16)},
	{name: "extract of concat high part", in: extract(concat(a32, b32), 40, 8), want: extract(a32, 8, 8)},
	{name: "extract of zext inside", in: extract(zext(a32, 64), 8, 16), want: extract(a32, 8, 16)},
	{name: "extract of zext above", in: extract(zext(a32, 64), 32, 16), want: cBV(0, 16)},
	{name: "extract of sext inside", in: extract(sext(a32, 64), 0, 24), want: extract(a32, 0, 24)},

	// ZExt, SExt.
	{name: "zext to same width", in: zext(a32, 32), want: a32},
	{name: "zext of bool", in: zext(p, 8), want: ite(p, cBV(1, 8), cBV(0, 8))},
	{name: "sext to same width", in: sext(a32, 32), want: a32},
	{name: "sext of bool", in: sext(p, 8), want: ite(p, cBV(0xff, 8), cBV(0, 8))},

	// Bin.
	{name: "bin on bools is and", in: bin(expr.OpAnd, p, cBool(true)), want: p},
	{name: "commutative constant goes left", in: bin(expr.OpAdd, a32, cBV(5, 32)), want: bin(expr.OpAdd, cBV(5, 32), a32)},
	{name: "0 + x", in: bin(expr.OpAdd, cBV(0, 32), a32), want: a32},
	{name: "x | 0", in: bin(expr.OpOr, a32, cBV(0, 32)), want: a32},
	{name: "x ^ 0", in: bin(expr.OpXor, a32, cBV(0, 32)), want: a32},
	{name: "0 * x", in: bin(expr.OpMul, cBV(0, 32), a32), want: cBV(0, 32)},
	{name: "x & 0", in: bin(expr.OpAnd, a32, cBV(0, 32)), want: cBV(0, 32)},
	{name: "all-ones & x", in: bin(expr.OpAnd, cBV(0xffffffff, 32), a32), want: a32},
	{name: "x * 1", in: bin(expr.OpMul, a32, cBV(1, 32)), want: a32},
	{name: "x - 0", in: bin(expr.OpSub, a32, cBV(0, 32)), want: a32},
	{name: "x - x", in: bin(expr.OpSub, a32, a32), want: cBV(0, 32)},
	{name: "shl by 0", in: bin(expr.OpShl, a32, cBV(0, 32)), want: a32},
	{name: "lshr by 0", in: bin(expr.OpLShr, a32, cBV(0, 32)), want: a32},
	{name: "ashr by 0", in: bin(expr.OpAShr, a32, cBV(0, 32)), want: a32},

	// Not.
	{name: "not not bv", in: not(not(a32)), want: a32},
	{name: "not not bool", in: not(not(p)), want: p},

	// And, Or, Xor on bools.
	{name: "false and p", in: bin(expr.OpAnd, cBool(false), p), want: cBool(false)},
	{name: "p and false", in: bin(expr.OpAnd, p, cBool(false)), want: cBool(false)},
	{name: "true and p", in: bin(expr.OpAnd, cBool(true), p), want: p},
	{name: "p and p", in: bin(expr.OpAnd, p, p), want: p},
	{name: "and is ordered", in: bin(expr.OpAnd, q, p), want: bin(expr.OpAnd, p, q)},
	{name: "true or p", in: bin(expr.OpOr, cBool(true), p), want: cBool(true)},
	{name: "p or true", in: bin(expr.OpOr, p, cBool(true)), want: cBool(true)},
	{name: "false or p", in: bin(expr.OpOr, cBool(false), p), want: p},
	{name: "p or false", in: bin(expr.OpOr, p, cBool(false)), want: p},
	{name: "p or p", in: bin(expr.OpOr, p, p), want: p},
	{name: "or is ordered", in: bin(expr.OpOr, q, p), want: bin(expr.OpOr, p, q)},
	{name: "false xor p", in: bin(expr.OpXor, cBool(false), p), want: p},
	{name: "p xor false", in: bin(expr.OpXor, p, cBool(false)), want: p},
	{name: "true xor p", in: bin(expr.OpXor, cBool(true), p), want: not(p)},
	{name: "p xor true", in: bin(expr.OpXor, p, cBool(true)), want: not(p)},

	// Eq.
	{name: "x == x", in: eq(a32, a32), want: cBool(true)},
	{name: "fp x == x (identity)", in: eq(fx, fx), want: cBool(true)},
	{name: "true == p", in: eq(cBool(true), p), want: p},
	{name: "false == p", in: eq(cBool(false), p), want: not(p)},
	{name: "p == true", in: eq(p, cBool(true)), want: p},
	{name: "eq constant goes left", in: eq(a32, cBV(9, 32)), want: eq(cBV(9, 32), a32)},
	{name: "k == ite(c, k, j) is c", in: eq(cBV(1, 32), ite(p, cBV(1, 32), cBV(0, 32))), want: p},
	{name: "k == ite(c, j, k) is not c", in: eq(ite(p, cBV(1, 32), cBV(0, 32)), cBV(0, 32)), want: not(p)},
	{name: "k == ite(c, i, j) is false", in: eq(cBV(7, 32), ite(p, cBV(1, 32), cBV(0, 32))), want: cBool(false)},

	// ICmp.
	{name: "icmp eq", in: icmp(arith.IEQ, a32, b32), want: eq(a32, b32)},
	{name: "icmp ne", in: icmp(arith.INE, a32, b32), want: not(eq(a32, b32))},
	{name: "icmp ugt swaps", in: icmp(arith.IUGT, a32, b32), want: icmp(arith.IULT, b32, a32)},
	{name: "icmp uge swaps", in: icmp(arith.IUGE, a32, b32), want: icmp(arith.IULE, b32, a32)},
	{name: "icmp sgt swaps", in: icmp(arith.ISGT, a32, b32), want: icmp(arith.ISLT, b32, a32)},
	{name: "icmp sge swaps", in: icmp(arith.ISGE, a32, b32), want: icmp(arith.ISLE, b32, a32)},

	// Ite.
	{name: "ite true", in: ite(cBool(true), a32, b32), want: a32},
	{name: "ite false", in: ite(cBool(false), a32, b32), want: b32},
	{name: "ite same arms", in: ite(p, a32, a32), want: a32},
	{name: "ite c true false", in: ite(p, cBool(true), cBool(false)), want: p},
	{name: "ite c false true", in: ite(p, cBool(false), cBool(true)), want: not(p)},
	{name: "ite not c", in: ite(not(p), a32, b32), want: ite(p, b32, a32)},

	// FP.
	{name: "fneg fneg", in: fneg(fneg(fx)), want: fx},
	{name: "fabs fabs", in: fabs(fabs(fx)), want: fabs(fx)},
	{name: "fabs fneg", in: fabs(fneg(fx)), want: fabs(fx)},
	{name: "fcmp false", in: fcmp(arith.False, fx, fy), want: cBool(false)},
	{name: "fcmp true", in: fcmp(arith.True, fx, fy), want: cBool(true)},
	{name: "fcmp ogt swaps", in: fcmp(arith.OGT, fx, fy), want: fcmp(arith.OLT, fy, fx)},
	{name: "fcmp oge swaps", in: fcmp(arith.OGE, fx, fy), want: fcmp(arith.OLE, fy, fx)},
	{name: "fcmp one", in: fcmp(arith.ONE, fx, fy), want: bin(expr.OpOr, fcmp(arith.OLT, fx, fy), fcmp(arith.OLT, fy, fx))},
	{name: "fcmp uno", in: fcmp(arith.UNO, fx, fy), want: bin(expr.OpOr, fclass(expr.OpFIsNaN, fx), fclass(expr.OpFIsNaN, fy))},
	{name: "fcmp ord", in: fcmp(arith.ORD, fx, fy), want: not(fcmp(arith.UNO, fx, fy))},
	{name: "fcmp ult negates oge", in: fcmp(arith.ULT, fx, fy), want: not(fcmp(arith.OGE, fx, fy))},
	{name: "fcmp une negates oeq", in: fcmp(arith.UNE, fx, fy), want: not(fcmp(arith.OEQ, fx, fy))},
	{name: "fpconv to same kind", in: fpconv(arith.Downward, fx, arith.F64), want: fx},
	{name: "frombits of tobits", in: fromBits(toBits(fx), arith.F64), want: fx, nanEquiv: true},

	// Read.
	{name: "read hits a constant update", in: read([]byte{1, 2, 3, 4}, [][2]*tree{{cBV(2, 64), a8}}, cBV(2, 64)), want: a8},
	{name: "read skips other constant updates",
		in:   read([]byte{1, 2, 3, 4}, [][2]*tree{{cBV(2, 64), a8}, {cBV(3, 64), v8(9)}}, cBV(1, 64)),
		want: cBV(2, 8)},
	{name: "read beyond the array", in: read([]byte{1, 2, 3, 4}, nil, cBV(4, 64)), want: cBV(0, 8)},
	{name: "read of a constant array", in: read([]byte{1, 2, 3, 4}, nil, cBV(3, 64)), want: cBV(4, 8)},
	{name: "read of the input array", in: read(nil, nil, cBV(6, 64)), want: v8(6)},
	{name: "read at a constant index behind a symbolic update stays a read",
		in: read([]byte{1, 2, 3, 4}, [][2]*tree{{zext(v8(0), 64), a8}}, cBV(1, 64)),
		op: expr.OpRead},
}

// assignments returns the inputs every rule is checked on: the extremes
// (all-zero bytes give +0 and zero integers, all-ones bytes NaNs and -1)
// plus random ones.
func assignments(seed uint64, n int) []assignment {
	as := []assignment{make(assignment, inputSize), make(assignment, inputSize), make(assignment, inputSize)}
	for i := range inputSize {
		as[1][i] = 0xff
		as[2][i] = 0x80 >> (i % 2 * 7) // 0x80, 0x01, ...: sign bits and small values
	}
	r := rand.New(rand.NewPCG(seed, 1))
	for range n {
		a := make(assignment, inputSize)
		for i := range a {
			a[i] = byte(r.Uint32())
		}
		as = append(as, a)
	}
	return as
}

func bothNaN(s expr.Sort, x, y arith.Word) bool {
	return s.Kind == expr.FP && arith.IsNaN(s.FK, x) && arith.IsNaN(s.FK, y)
}

func TestSimplificationRules(t *testing.T) {
	as := assignments(7, 64)
	for _, r := range simplificationRules {
		t.Run(r.name, func(t *testing.T) {
			b := expr.NewBuilder()
			in := b.NewArray("in", inputSize, nil)
			got := build(b, in, r.in)
			if r.want == nil {
				if got.Op != r.op {
					t.Fatalf("%v\n  built %v, want a %v node", r.in, got, r.op)
				}
			} else if want := build(b, in, r.want); got != want {
				t.Fatalf("%v\n  built %v\n  want  %v", r.in, got, want)
			}
			for _, a := range as {
				ev := expr.NewEvaluator(a)
				gv, rv := ev.Eval(got), ref(r.in, a)
				if gv != rv && !(r.nanEquiv && bothNaN(r.in.sort, gv, rv)) {
					t.Errorf("input % x: simplified %v = %#x:%#x, reference %#x:%#x", []byte(a), got, gv.Hi, gv.Lo, rv.Hi, rv.Lo)
				}
			}
		})
	}
}

// TestFromBitsOfToBitsNaN pins down the one rule that is exact only up
// to NaN identity: FromBits(ToBits(x)) -> x keeps x's NaN sign and
// payload, while the unsimplified form has the canonical (negative) NaN.
// The builder documents it ("equal as FP values"); a raw-sign-bit reader
// such as FIsNeg can tell the two apart, so if the rule is ever made
// exact this test shows it.
func TestFromBitsOfToBitsNaN(t *testing.T) {
	b := expr.NewBuilder()
	in := b.NewArray("in", inputSize, nil)
	tr := fclass(expr.OpFIsNeg, fromBits(toBits(fx), arith.F64))
	e := build(b, in, tr)
	pos := make(assignment, inputSize) // 0x7ff8000000000001: positive quiet NaN
	pos[0], pos[6], pos[7] = 1, 0xf8, 0x7f
	if got, want := expr.NewEvaluator(pos).True(e), ref(tr, pos).Lo == 1; got == want || want != true {
		t.Errorf("isneg(frombits(tobits(+nan))): simplified %v, reference %v; expected them to differ (reference true)", got, want)
	}
}

func TestHashConsing(t *testing.T) {
	b := expr.NewBuilder()
	in := b.NewArray("in", inputSize, nil)
	other := b.NewArray("other", inputSize, nil)
	mk := func(tr *tree) *expr.Expr { return build(b, in, tr) }
	for _, c := range []struct {
		name string
		x, y *expr.Expr
		same bool
	}{
		{"same bv tree", mk(a32), mk(bin(expr.OpAdd, vN(0, 4), vN(4, 4))), true},
		{"same fp tree", mk(fbin(expr.OpFMul, arith.Upward, fx, fy)), mk(fbin(expr.OpFMul, arith.Upward, fx, fy)), true},
		{"same constant", b.U64(5, 32), b.U64(5, 32), true},
		{"constant truncated to width", b.U64(0x105, 8), b.U64(5, 8), true},
		{"bool constant", b.BoolConst(true), b.True, true},
		{"same byte", b.Byte(in, 3), b.Byte(in, 3), true},
		{"commuted bool and", mk(bin(expr.OpAnd, p, q)), mk(bin(expr.OpAnd, q, p)), true},
		{"different operands", mk(a32), mk(b32), false},
		{"different rounding", mk(fbin(expr.OpFAdd, arith.Upward, fx, fy)), mk(fbin(expr.OpFAdd, arith.Downward, fx, fy)), false},
		{"different operand order", mk(bin(expr.OpSub, a32, b32)), mk(bin(expr.OpSub, b32, a32)), false},
		{"different widths", b.U64(1, 8), b.U64(1, 16), false},
		{"bv and fp constant of the same bits", b.U64(0, 64), b.FConst(arith.F64, arith.Word{}), false},
		{"different arrays", b.Byte(in, 0), b.Byte(other, 0), false},
		{"different byte", b.Byte(in, 0), b.Byte(in, 1), false},
		{"different extract offset", mk(extract(a32, 0, 8)), mk(extract(a32, 8, 8)), false},
		{"same fp variable", mk(fvar(arith.F32, 0)), mk(sx), true},
		{"different fp kinds", mk(fromBits(vN(0, 8), arith.F64)), mk(fpconv(arith.NearestEven, sx, arith.F64)), false},
	} {
		if (c.x == c.y) != c.same {
			t.Errorf("%s: %v and %v: same pointer %v, want %v", c.name, c.x, c.y, c.x == c.y, c.same)
		}
		if c.same && c.x.ID != c.y.ID || !c.same && c.x.ID == c.y.ID {
			t.Errorf("%s: IDs %d and %d", c.name, c.x.ID, c.y.ID)
		}
	}
}

// TestHashConsingConcurrent builds the same expressions from several
// goroutines: every one must get the same nodes (the executor's states
// share one builder).
func TestHashConsingConcurrent(t *testing.T) {
	b := expr.NewBuilder()
	in := b.NewArray("in", inputSize, nil)
	tr := fma(arith.TowardZero, fx, fy, fbin(expr.OpFSub, arith.NearestEven, fx, fromBits(concat(a32, b32), arith.F64)))
	const n = 8
	got := make([]*expr.Expr, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = build(b, in, tr)
		}()
	}
	wg.Wait()
	for i := 1; i < n; i++ {
		if got[i] != got[0] {
			t.Fatalf("goroutine %d built %p, goroutine 0 %p", i, got[i], got[0])
		}
	}
	before := b.Len()
	build(b, in, tr)
	if b.Len() != before {
		t.Errorf("rebuilding an interned tree added %d nodes", b.Len()-before)
	}
}
