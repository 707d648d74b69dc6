package expr

import (
	"fmt"

	"github.com/floatsym/floatsym/internal/arith"
)

// mk interns a node, folding it when every operand is constant.
func (b *Builder) mk(e *Expr) *Expr {
	folded := e.N > 0
	for _, k := range e.Kids() {
		if k.Op != OpConst {
			folded = false
			break
		}
	}
	if folded {
		var vals [3]arith.Word
		for i, k := range e.Kids() {
			vals[i] = k.Val
		}
		return b.ConstOf(e.Sort, apply(e, vals[:e.N]))
	}
	return b.intern(e)
}

func node(op Op, s Sort, kids ...*Expr) *Expr {
	e := &Expr{Op: op, Sort: s, N: uint8(len(kids))}
	copy(e.Kid[:], kids)
	return e
}

func mustBV(e *Expr, what string) {
	if e.Sort.Kind != BV {
		panic(fmt.Sprintf("expr: %s of non-bit-vector %s", what, e.Sort))
	}
}

// Concat joins hi (more significant) and lo.
func (b *Builder) Concat(hi, lo *Expr) *Expr {
	mustBV(hi, "concat")
	mustBV(lo, "concat")
	// Adjacent extracts of the same value rejoin into one extract.
	if hi.Op == OpExtract && lo.Op == OpExtract && hi.Kid[0] == lo.Kid[0] && lo.Aux+uint32(lo.Sort.W) == hi.Aux {
		return b.Extract(hi.Kid[0], int(lo.Aux), int(hi.Sort.W+lo.Sort.W))
	}
	// Keep concatenations right-leaning so the rule above meets its pairs.
	if hi.Op == OpConcat {
		return b.Concat(hi.Kid[0], b.Concat(hi.Kid[1], lo))
	}
	if lo.Op == OpConcat && hi.Op == OpExtract && lo.Kid[0].Op == OpExtract {
		joined := b.Concat(hi, lo.Kid[0])
		if joined.Op == OpExtract {
			return b.Concat(joined, lo.Kid[1])
		}
	}
	return b.mk(node(OpConcat, BVSort(int(hi.Sort.W+lo.Sort.W)), hi, lo))
}

// Extract returns bits [lo, lo+w) of e.
func (b *Builder) Extract(e *Expr, lo, w int) *Expr {
	mustBV(e, "extract")
	if lo == 0 && w == int(e.Sort.W) {
		return e
	}
	switch e.Op {
	case OpExtract:
		return b.Extract(e.Kid[0], lo+int(e.Aux), w)
	case OpConcat:
		lw := int(e.Kid[1].Sort.W)
		if lo+w <= lw {
			return b.Extract(e.Kid[1], lo, w)
		}
		if lo >= lw {
			return b.Extract(e.Kid[0], lo-lw, w)
		}
	case OpZExt:
		iw := int(e.Kid[0].Sort.W)
		if lo+w <= iw {
			return b.Extract(e.Kid[0], lo, w)
		}
		if lo >= iw {
			return b.U64(0, w)
		}
	case OpSExt:
		if lo+w <= int(e.Kid[0].Sort.W) {
			return b.Extract(e.Kid[0], lo, w)
		}
	}
	n := node(OpExtract, BVSort(w), e)
	n.Aux = uint32(lo)
	return b.mk(n)
}

// ZExt zero-extends to w bits.
func (b *Builder) ZExt(e *Expr, w int) *Expr {
	if e.Sort.Kind == Bool {
		return b.Ite(e, b.U64(1, w), b.U64(0, w))
	}
	if w == int(e.Sort.W) {
		return e
	}
	return b.mk(node(OpZExt, BVSort(w), e))
}

// SExt sign-extends to w bits.
func (b *Builder) SExt(e *Expr, w int) *Expr {
	if e.Sort.Kind == Bool {
		return b.Ite(e, b.Const(arith.Mask(w), w), b.U64(0, w))
	}
	if w == int(e.Sort.W) {
		return e
	}
	return b.mk(node(OpSExt, BVSort(w), e))
}

// Trunc keeps the low w bits.
func (b *Builder) Trunc(e *Expr, w int) *Expr { return b.Extract(e, 0, w) }

// Bin builds a binary bit-vector operation (add … xor).
func (b *Builder) Bin(op Op, x, y *Expr) *Expr {
	if x.Sort != y.Sort {
		panic(fmt.Sprintf("expr: %s of %s and %s", op, x.Sort, y.Sort))
	}
	if x.Sort.Kind == Bool {
		switch op {
		case OpAnd:
			return b.And(x, y)
		case OpOr:
			return b.Or(x, y)
		case OpXor:
			return b.Xor(x, y)
		}
	}
	// Constants go left for commutative operators.
	switch op {
	case OpAdd, OpMul, OpAnd, OpOr, OpXor:
		if y.Op == OpConst && x.Op != OpConst {
			x, y = y, x
		}
		if x.Op == OpConst && x.Val == (arith.Word{}) {
			switch op {
			case OpAdd, OpOr, OpXor:
				return y
			case OpMul, OpAnd:
				return x
			}
		}
		if op == OpAnd && x.Op == OpConst && x.Val == arith.Mask(int(x.Sort.W)) {
			return y
		}
		if op == OpMul && x.Op == OpConst && x.Val == (arith.Word{Lo: 1}) {
			return y
		}
	case OpSub:
		if y.Op == OpConst && y.Val == (arith.Word{}) {
			return x
		}
		if x == y {
			return b.Const(arith.Word{}, int(x.Sort.W))
		}
	case OpShl, OpLShr, OpAShr:
		if y.Op == OpConst && y.Val == (arith.Word{}) {
			return x
		}
	}
	return b.mk(node(op, x.Sort, x, y))
}

// Not is bitwise (or Boolean) negation.
func (b *Builder) Not(x *Expr) *Expr {
	if x.Op == OpNot {
		return x.Kid[0]
	}
	return b.mk(node(OpNot, x.Sort, x))
}

// And, Or, Xor on Bool (or BV) values.
func (b *Builder) And(x, y *Expr) *Expr {
	if x.Sort.Kind == Bool {
		switch {
		case x.IsFalse() || y.IsFalse():
			return b.False
		case x.IsTrue():
			return y
		case y.IsTrue() || x == y:
			return x
		}
	}
	return b.mkComm(OpAnd, x, y)
}

func (b *Builder) Or(x, y *Expr) *Expr {
	if x.Sort.Kind == Bool {
		switch {
		case x.IsTrue() || y.IsTrue():
			return b.True
		case x.IsFalse():
			return y
		case y.IsFalse() || x == y:
			return x
		}
	}
	return b.mkComm(OpOr, x, y)
}

func (b *Builder) Xor(x, y *Expr) *Expr {
	if x.Sort.Kind == Bool {
		switch {
		case x.IsFalse():
			return y
		case y.IsFalse():
			return x
		case x.IsTrue():
			return b.Not(y)
		case y.IsTrue():
			return b.Not(x)
		}
	}
	return b.mkComm(OpXor, x, y)
}

func (b *Builder) mkComm(op Op, x, y *Expr) *Expr {
	if x.Sort.Kind != Bool {
		return b.Bin(op, x, y)
	}
	if y.Op == OpConst || (x.Op != OpConst && y.ID < x.ID) {
		x, y = y, x
	}
	return b.mk(node(op, BoolSort, x, y))
}

// Eq is equality of two values of the same sort (FP: identical values,
// +0 != -0 and NaN == NaN; IEEE == is FOEq).
func (b *Builder) Eq(x, y *Expr) *Expr {
	if x.Sort != y.Sort {
		panic(fmt.Sprintf("expr: eq of %s and %s", x.Sort, y.Sort))
	}
	if x == y {
		return b.True
	}
	if x.Sort.Kind == Bool {
		if x.Op == OpConst {
			if x.IsTrue() {
				return y
			}
			return b.Not(y)
		}
		if y.Op == OpConst {
			return b.Eq(y, x)
		}
	}
	if y.Op == OpConst && x.Op != OpConst {
		x, y = y, x
	}
	// k == ite(c, t, f) with constant bit-vector arms is c, ¬c or false:
	// C's `cond != 0` on a zero-extended comparison (klee_assume,
	// __VERIFIER_assert, if (b)) asks about the comparison itself, which
	// SMT solvers find much easier than the ite over a bit-vector.
	if x.Op == OpConst && x.Sort.Kind == BV && y.Op == OpIte && y.Kid[1].Op == OpConst && y.Kid[2].Op == OpConst {
		t, f := y.Kid[1].Val == x.Val, y.Kid[2].Val == x.Val
		switch {
		case t && !f:
			return y.Kid[0]
		case f && !t:
			return b.Not(y.Kid[0])
		case !t && !f:
			return b.False
		}
	}
	return b.mk(node(OpEq, BoolSort, x, y))
}

// ICmp builds an integer comparison with an LLVM predicate.
func (b *Builder) ICmp(p arith.IPred, x, y *Expr) *Expr {
	switch p {
	case arith.IEQ:
		return b.Eq(x, y)
	case arith.INE:
		return b.Not(b.Eq(x, y))
	case arith.IULT:
		return b.mk(node(OpUlt, BoolSort, x, y))
	case arith.IULE:
		return b.mk(node(OpUle, BoolSort, x, y))
	case arith.IUGT:
		return b.mk(node(OpUlt, BoolSort, y, x))
	case arith.IUGE:
		return b.mk(node(OpUle, BoolSort, y, x))
	case arith.ISLT:
		return b.mk(node(OpSlt, BoolSort, x, y))
	case arith.ISLE:
		return b.mk(node(OpSle, BoolSort, x, y))
	case arith.ISGT:
		return b.mk(node(OpSlt, BoolSort, y, x))
	case arith.ISGE:
		return b.mk(node(OpSle, BoolSort, y, x))
	}
	panic("expr: bad icmp predicate")
}

// Ite is if-then-else.
func (b *Builder) Ite(c, t, f *Expr) *Expr {
	switch {
	case c.IsTrue():
		return t
	case c.IsFalse():
		return f
	case t == f:
		return t
	}
	if t.Sort.Kind == Bool {
		if t.IsTrue() && f.IsFalse() {
			return c
		}
		if t.IsFalse() && f.IsTrue() {
			return b.Not(c)
		}
	}
	if c.Op == OpNot {
		return b.Ite(c.Kid[0], f, t)
	}
	return b.mk(node(OpIte, t.Sort, c, t, f))
}

// FBin builds an FP binary operation (fadd fsub fmul fdiv frem fremainder
// fmin fmax).
func (b *Builder) FBin(op Op, rm arith.RoundingMode, x, y *Expr) *Expr {
	n := node(op, x.Sort, x, y)
	switch op {
	case OpFAdd, OpFSub, OpFMul, OpFDiv:
		n.RM = rm
	}
	return b.mk(n)
}

// FSqrt, FNeg, FAbs.
func (b *Builder) FSqrt(rm arith.RoundingMode, x *Expr) *Expr {
	n := node(OpFSqrt, x.Sort, x)
	n.RM = rm
	return b.mk(n)
}

func (b *Builder) FNeg(x *Expr) *Expr {
	if x.Op == OpFNeg {
		return x.Kid[0]
	}
	return b.mk(node(OpFNeg, x.Sort, x))
}

func (b *Builder) FAbs(x *Expr) *Expr {
	if x.Op == OpFAbs || x.Op == OpFNeg {
		return b.FAbs(x.Kid[0])
	}
	return b.mk(node(OpFAbs, x.Sort, x))
}

// FMA is x*y+z with one rounding.
func (b *Builder) FMA(rm arith.RoundingMode, x, y, z *Expr) *Expr {
	n := node(OpFMA, x.Sort, x, y, z)
	n.RM = rm
	return b.mk(n)
}

// FRound rounds to an integral value.
func (b *Builder) FRound(how arith.Integral, rm arith.RoundingMode, x *Expr) *Expr {
	n := node(OpFRound, x.Sort, x)
	n.Aux = uint32(how)
	if how == arith.Rint || how == arith.NearbyInt {
		n.RM = rm
	}
	return b.mk(n)
}

// FClass builds a classification predicate (OpFIsNaN … OpFIsNeg).
func (b *Builder) FClass(op Op, x *Expr) *Expr { return b.mk(node(op, BoolSort, x)) }

// FCmp builds an fcmp with an LLVM predicate from the ordered comparisons
// and IsNaN.
func (b *Builder) FCmp(p arith.Pred, x, y *Expr) *Expr {
	ord := func(op Op, l, r *Expr) *Expr { return b.mk(node(op, BoolSort, l, r)) }
	uno := func() *Expr { return b.Or(b.FClass(OpFIsNaN, x), b.FClass(OpFIsNaN, y)) }
	switch p {
	case arith.False:
		return b.False
	case arith.True:
		return b.True
	case arith.OEQ:
		return ord(OpFOEq, x, y)
	case arith.OGT:
		return ord(OpFOLt, y, x)
	case arith.OGE:
		return ord(OpFOLe, y, x)
	case arith.OLT:
		return ord(OpFOLt, x, y)
	case arith.OLE:
		return ord(OpFOLe, x, y)
	case arith.ONE:
		return b.Or(ord(OpFOLt, x, y), ord(OpFOLt, y, x))
	case arith.ORD:
		return b.Not(uno())
	case arith.UNO:
		return uno()
	}
	// Unordered predicates are the negations of ordered ones.
	return b.Not(b.FCmp(p.Inverse(), x, y))
}

// FPToInt converts to a w-bit integer, truncating toward zero.
func (b *Builder) FPToInt(signed bool, x *Expr, w int) *Expr {
	op := OpFPToUI
	if signed {
		op = OpFPToSI
	}
	return b.mk(node(op, BVSort(w), x))
}

// IntToFP converts an integer to FP kind k.
func (b *Builder) IntToFP(signed bool, rm arith.RoundingMode, x *Expr, k arith.Kind) *Expr {
	op := OpUIToFP
	if signed {
		op = OpSIToFP
	}
	n := node(op, FPSort(k), x)
	n.RM = rm
	return b.mk(n)
}

// FPConv converts between FP kinds.
func (b *Builder) FPConv(rm arith.RoundingMode, x *Expr, k arith.Kind) *Expr {
	if x.Sort.FK == k {
		return x
	}
	n := node(OpFPConv, FPSort(k), x)
	if k.Bits() < x.Sort.FK.Bits() {
		n.RM = rm
	}
	return b.mk(n)
}

// FromBits reinterprets a bit-vector as FP kind k.
func (b *Builder) FromBits(x *Expr, k arith.Kind) *Expr {
	if x.Op == OpToBits && x.Kid[0].Sort.FK == k && x.Kid[0].Op != OpConst {
		// Only exact when the value is not NaN; ToBits canonicalises NaN,
		// and FromBits of the canonical NaN is a NaN, so the round trip
		// preserves the value class: equal as FP values.
		return x.Kid[0]
	}
	return b.mk(node(OpFromBits, FPSort(k), x))
}

// ToBits gives the bit pattern of an FP value (canonical NaN). It is not
// simplified against FromBits: a NaN pattern must come back canonical.
func (b *Builder) ToBits(x *Expr) *Expr {
	return b.mk(node(OpToBits, BVSort(x.Sort.FK.Bits()), x))
}

// Read is byte idx of array a after the updates upd (nil: none).
func (b *Builder) Read(a *Array, upd *Update, idx *Expr) *Expr {
	// Updates at other constant indices cannot be the one read.
	for upd != nil && idx.Op == OpConst && upd.Index.Op == OpConst {
		if upd.Index.Val == idx.Val {
			return upd.Value
		}
		upd = upd.Next
	}
	if idx.Op == OpConst && upd == nil {
		if idx.Val.Lo >= a.Size {
			return b.U64(0, 8)
		}
		if a.Init != nil {
			return b.U64(uint64(a.Init[idx.Val.Lo]), 8)
		}
		return b.Byte(a, idx.Val.Lo)
	}
	n := node(OpRead, BVSort(8), idx)
	n.Arr, n.Upd = a, upd
	// intern, not mk: a constant index behind an update at a symbolic
	// index is still a read (mk would fold it, and a read has no
	// constant-operand semantics: found by FuzzSimplify).
	return b.intern(n)
}

// Rebuild makes a node like e (operator, sort, rounding mode, Aux) with
// other operands, folding it when they are all constant. Leaves (const,
// byte, read) are returned unchanged.
func (b *Builder) Rebuild(e *Expr, kids []*Expr) *Expr {
	switch e.Op {
	case OpConst, OpByte, OpRead:
		return e
	}
	n := node(e.Op, e.Sort, kids...)
	n.RM, n.Aux = e.RM, e.Aux
	return b.mk(n)
}
