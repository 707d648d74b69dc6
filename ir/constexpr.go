package ir

import (
	"fmt"

	"github.com/floatsym/floatsym/internal/arith"
)

// Integer arithmetic on an address inside a constant expression (mawk's
// `zext (i32 ptrtoint (@string_buff to i32) to i64)`, an address masked
// with `and`, two globals compared) has no value until the executor has
// placed globals and functions. Such a constant is kept as an expression
// tree (Module.ConstExprs, designated by a Ref of kind RefExpr) and the
// executor evaluates it once, with its concrete addresses, as it does a
// global's relocations: the value is exactly what the program computes
// from the address the object has in floatsym's layout (KLEE does the
// same in ExecutorUtil.cpp's evalConstantExpr). Only an address plus or
// minus a constant stays a plain Base+W constant.

// ConstOp is the operation of a constant expression.
type ConstOp uint8

// Constant expression operations.
const (
	ConstTrunc ConstOp = iota
	ConstZExt
	ConstSExt
	ConstAdd
	ConstSub
	ConstMul
	ConstAnd
	ConstOr
	ConstXor
	ConstShl
	ConstLShr
	ConstAShr
	ConstICmp
	ConstSelect // X ? Y : Z
)

// ConstExpr is an address-dependent constant: Op applied to X (and Y, Z),
// giving a value of type T.
type ConstExpr struct {
	Op      ConstOp
	Pred    arith.IPred // ConstICmp
	X, Y, Z Const
	T       *Type
}

// newConstExpr records an address-dependent constant expression and
// returns the constant that designates it.
func (l *lowerer) newConstExpr(x ConstExpr) Const {
	l.m.ConstExprs = append(l.m.ConstExprs, x)
	return Const{Base: Ref{RefExpr, int32(len(l.m.ConstExprs) - 1)}, T: x.T}
}

// addrDependent says whether a (non-aggregate) constant's value depends on
// where the executor places globals and functions.
func (c Const) addrDependent() bool { return c.Base.Kind != RefNone }

// valueBits is the width of a scalar constant's value: an address is 64
// bits.
func valueBits(t *Type) int {
	if t.Kind == IntType {
		return t.Bits
	}
	return 64
}

// EvalConst gives the value of a scalar constant, given the addresses of
// the globals and functions (addr). For a RefExpr it evaluates the
// expression tree.
func (m *Module) EvalConst(c *Const, addr func(Ref) uint64) arith.Word {
	switch c.Base.Kind {
	case RefNone:
		return c.W
	case RefExpr:
		v := m.evalConstExpr(&m.ConstExprs[c.Base.Index], addr)
		return arith.Truncate(arith.Add(v, c.W, 64), valueBits(c.T))
	}
	return arith.Truncate(arith.Add(arith.Word{Lo: addr(c.Base)}, c.W, 64), valueBits(c.T))
}

func (m *Module) evalConstExpr(x *ConstExpr, addr func(Ref) uint64) arith.Word {
	bits := valueBits(x.T)
	a := m.EvalConst(&x.X, addr)
	from := valueBits(x.X.T)
	switch x.Op {
	case ConstTrunc:
		return arith.Truncate(a, bits)
	case ConstZExt:
		return arith.Truncate(a, from)
	case ConstSExt:
		return arith.SExt(a, from, bits)
	case ConstSelect:
		if a.Lo&1 == 1 {
			return m.EvalConst(&x.Y, addr)
		}
		return m.EvalConst(&x.Z, addr)
	}
	b := m.EvalConst(&x.Y, addr)
	switch x.Op {
	case ConstAdd:
		return arith.Add(a, b, bits)
	case ConstSub:
		return arith.Sub(a, b, bits)
	case ConstMul:
		return arith.Mul(a, b, bits)
	case ConstAnd:
		return arith.And(a, b)
	case ConstOr:
		return arith.Or(a, b)
	case ConstXor:
		return arith.Xor(a, b)
	case ConstShl:
		return arith.Shl(a, b, bits)
	case ConstLShr:
		return arith.LShr(a, b, bits)
	case ConstAShr:
		return arith.AShr(a, b, bits)
	case ConstICmp:
		return arith.Bool(arith.ICmp(x.Pred, a, b, from))
	}
	panic(fmt.Sprintf("ir: constant expression op %d", x.Op))
}

// convConst lowers trunc/zext/sext/ptrtoint/inttoptr of a constant: folded
// when the operand is a plain number, an expression when it is an address.
func (l *lowerer) convConst(v Const, t *Type, op ConstOp, fold func(arith.Word, *Type) arith.Word) Const {
	if !v.addrDependent() {
		return Const{W: fold(v.W, v.T), T: t}
	}
	if valueBits(v.T) == valueBits(t) {
		// ptrtoint to i64, inttoptr of an i64: the same 64-bit value.
		v.T = t
		return v
	}
	return l.newConstExpr(ConstExpr{Op: op, X: v, T: t})
}

// binConst lowers a binary integer constant expression.
func (l *lowerer) binConst(x, y Const, t *Type, op ConstOp, f func(a, b arith.Word) arith.Word) Const {
	if !x.addrDependent() && !y.addrDependent() {
		return Const{W: f(x.W, y.W), T: t}
	}
	if (op == ConstAdd || op == ConstSub) && x.Base.Kind != RefExpr && x.addrDependent() && !y.addrDependent() && valueBits(t) == 64 {
		// An address plus or minus a number.
		return Const{W: f(x.W, y.W), Base: x.Base, T: t}
	}
	return l.newConstExpr(ConstExpr{Op: op, X: x, Y: y, T: t})
}
