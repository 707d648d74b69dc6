package ir

import (
	"fmt"
	"math"
	"math/big"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/types"
)

// constVal lowers a constant (including constant expressions, folded here
// so the executor never sees them).
func (l *lowerer) constVal(c constant.Constant) (Const, error) {
	t, err := l.types.lower(c.Type())
	if err != nil {
		return Const{}, err
	}
	switch c := c.(type) {
	case *constant.Int:
		return Const{W: arith.FromBig(c.X, t.Bits), T: t}, nil
	case *constant.Float:
		w, err := l.floatBits(c, t)
		return Const{W: w, T: t}, err
	case *constant.Null:
		return Const{T: t}, nil
	case *constant.ZeroInitializer, *constant.Undef, *constant.Poison:
		// undef and poison are given the value zero: deterministic, and
		// what clang's own code for -O0 reads in practice.
		return zeroConst(t), nil
	case *constant.CharArray:
		agg := make([]Const, len(c.X))
		for i, b := range c.X {
			agg[i] = Const{W: arith.Word{Lo: uint64(b)}, T: t.Elem}
		}
		return Const{Agg: agg, T: t}, nil
	case *constant.Array:
		return l.aggConst(t, c.Elems)
	case *constant.Struct:
		return l.aggConst(t, c.Fields)
	case *constant.Vector:
		// Only global initializers reach here (package scalarize splits
		// vector operands into lanes); writeConst lays the lanes out.
		if t.Elem.Kind == IntType && t.Elem.Bits%8 != 0 {
			return Const{}, fmt.Errorf("bit-packed vector constant %s in an initializer is not supported", c.Ident())
		}
		agg := make([]Const, len(c.Elems))
		for i, e := range c.Elems {
			v, err := l.constVal(e)
			if err != nil {
				return Const{}, err
			}
			agg[i] = v
		}
		return Const{Agg: agg, T: t}, nil
	case *ir.Global:
		return Const{Base: Ref{RefGlobal, int32(l.globalIndex[c])}, T: t}, nil
	case *ir.Func:
		return Const{Base: Ref{RefFunc, int32(l.funcIndex[c])}, T: t}, nil
	case *constant.ExprGetElementPtr:
		base, err := l.constVal(c.Src)
		if err != nil {
			return Const{}, err
		}
		idx := make([]int64, len(c.Indices))
		for i, ix := range c.Indices {
			if in, ok := ix.(*constant.Index); ok {
				ix = in.Constant
			}
			iv, err := l.constVal(ix)
			if err != nil {
				return Const{}, err
			}
			if iv.Base.Kind != RefNone {
				return Const{}, fmt.Errorf("constant getelementptr with an address as index: %s", c.Ident())
			}
			idx[i] = arith.Int64(iv.W, iv.T.Bits)
		}
		off, err := l.constGEPOffset(c.ElemType, idx)
		if err != nil {
			return Const{}, err
		}
		base.W = arith.Add(base.W, arith.FromInt64(off, 64), 64)
		base.T = t
		return base, nil
	case *constant.ExprBitCast:
		return l.castConst(c.From, t, func(w arith.Word, from *Type) (arith.Word, error) { return w, nil })
	case *constant.ExprAddrSpaceCast:
		return l.castConst(c.From, t, func(w arith.Word, from *Type) (arith.Word, error) { return w, nil })
	case *constant.ExprPtrToInt:
		return l.unConst(c.From, t, ConstTrunc, func(w arith.Word, from *Type) arith.Word { return arith.Truncate(w, t.Bits) })
	case *constant.ExprIntToPtr:
		return l.unConst(c.From, t, ConstZExt, func(w arith.Word, from *Type) arith.Word { return arith.Truncate(w, from.Bits) })
	case *constant.ExprTrunc:
		return l.unConst(c.From, t, ConstTrunc, func(w arith.Word, from *Type) arith.Word { return arith.Truncate(w, t.Bits) })
	case *constant.ExprZExt:
		return l.unConst(c.From, t, ConstZExt, func(w arith.Word, from *Type) arith.Word { return w })
	case *constant.ExprSExt:
		return l.unConst(c.From, t, ConstSExt, func(w arith.Word, from *Type) arith.Word { return arith.SExt(w, from.Bits, t.Bits) })
	case *constant.ExprAdd:
		return l.binConstOf(c.X, c.Y, t, ConstAdd, func(a, b arith.Word) arith.Word { return arith.Add(a, b, t.Bits) })
	case *constant.ExprSub:
		return l.binConstOf(c.X, c.Y, t, ConstSub, func(a, b arith.Word) arith.Word { return arith.Sub(a, b, t.Bits) })
	case *constant.ExprMul:
		return l.binConstOf(c.X, c.Y, t, ConstMul, func(a, b arith.Word) arith.Word { return arith.Mul(a, b, t.Bits) })
	case *constant.ExprAnd:
		return l.binConstOf(c.X, c.Y, t, ConstAnd, arith.And)
	case *constant.ExprOr:
		return l.binConstOf(c.X, c.Y, t, ConstOr, arith.Or)
	case *constant.ExprXor:
		return l.binConstOf(c.X, c.Y, t, ConstXor, arith.Xor)
	case *constant.ExprShl:
		return l.binConstOf(c.X, c.Y, t, ConstShl, func(a, b arith.Word) arith.Word { return arith.Shl(a, b, t.Bits) })
	case *constant.ExprLShr:
		return l.binConstOf(c.X, c.Y, t, ConstLShr, func(a, b arith.Word) arith.Word { return arith.LShr(a, b, t.Bits) })
	case *constant.ExprAShr:
		return l.binConstOf(c.X, c.Y, t, ConstAShr, func(a, b arith.Word) arith.Word { return arith.AShr(a, b, t.Bits) })
	case *constant.ExprICmp:
		x, err := l.constVal(c.X)
		if err != nil {
			return Const{}, err
		}
		y, err := l.constVal(c.Y)
		if err != nil {
			return Const{}, err
		}
		if x.addrDependent() || y.addrDependent() {
			if x.Base == y.Base && x.Base.Kind != RefExpr {
				// The same address on both sides: only the offsets differ.
				return Const{W: arith.Bool(arith.ICmp(ipred(c.Pred), x.W, y.W, 64)), T: t}, nil
			}
			return l.newConstExpr(ConstExpr{Op: ConstICmp, Pred: ipred(c.Pred), X: x, Y: y, T: t}), nil
		}
		return Const{W: arith.Bool(arith.ICmp(ipred(c.Pred), x.W, y.W, x.T.Bits)), T: t}, nil
	case *constant.ExprSelect:
		cond, err := l.constVal(c.Cond)
		if err != nil {
			return Const{}, err
		}
		if cond.addrDependent() {
			x, err := l.constVal(c.X)
			if err != nil {
				return Const{}, err
			}
			y, err := l.constVal(c.Y)
			if err != nil {
				return Const{}, err
			}
			if x.T.IsAggregate() {
				return Const{}, fmt.Errorf("constant select of aggregates on an address-dependent condition is not supported: %s", c.Ident())
			}
			return l.newConstExpr(ConstExpr{Op: ConstSelect, X: cond, Y: x, Z: y, T: t}), nil
		}
		if cond.W.Lo&1 == 1 {
			return l.constVal(c.X)
		}
		return l.constVal(c.Y)
	}
	return Const{}, fmt.Errorf("constant %s is not supported", c.Ident())
}

func zeroConst(t *Type) Const {
	if t.IsAggregate() {
		agg := make([]Const, len(t.Leaves))
		for i, lf := range t.Leaves {
			agg[i] = Const{T: lf.T}
		}
		return Const{Agg: agg, T: t}
	}
	return Const{T: t}
}

func (l *lowerer) aggConst(t *Type, elems []constant.Constant) (Const, error) {
	agg := make([]Const, 0, len(t.Leaves))
	for _, e := range elems {
		v, err := l.constVal(e)
		if err != nil {
			return Const{}, err
		}
		if v.T.IsAggregate() {
			agg = append(agg, v.Agg...)
		} else {
			agg = append(agg, v)
		}
	}
	if len(agg) != len(t.Leaves) {
		return Const{}, fmt.Errorf("aggregate constant of %s has %d leaves, want %d", t, len(agg), len(t.Leaves))
	}
	return Const{Agg: agg, T: t}, nil
}

func (l *lowerer) castConst(from constant.Constant, t *Type, f func(arith.Word, *Type) (arith.Word, error)) (Const, error) {
	v, err := l.constVal(from)
	if err != nil {
		return Const{}, err
	}
	w, err := f(v.W, v.T)
	if err != nil {
		return Const{}, err
	}
	return Const{W: w, Base: v.Base, T: t}, nil
}

// unConst lowers a conversion of a constant (see convConst).
func (l *lowerer) unConst(from constant.Constant, t *Type, op ConstOp, fold func(arith.Word, *Type) arith.Word) (Const, error) {
	v, err := l.constVal(from)
	if err != nil {
		return Const{}, err
	}
	return l.convConst(v, t, op, fold), nil
}

// binConstOf lowers a binary integer constant expression (see binConst).
func (l *lowerer) binConstOf(x, y constant.Constant, t *Type, op ConstOp, f func(a, b arith.Word) arith.Word) (Const, error) {
	a, err := l.constVal(x)
	if err != nil {
		return Const{}, err
	}
	b, err := l.constVal(y)
	if err != nil {
		return Const{}, err
	}
	return l.binConst(a, b, t, op, f), nil
}

// constGEPOffset computes the byte offset of constant GEP indices.
func (l *lowerer) constGEPOffset(elem types.Type, idx []int64) (int64, error) {
	t, err := l.types.lower(elem)
	if err != nil {
		return 0, err
	}
	if len(idx) == 0 {
		return 0, nil
	}
	off := idx[0] * int64(t.Size)
	cur := elem
	for _, ix := range idx[1:] {
		switch ct := cur.(type) {
		case *types.StructType:
			st, err := l.types.lower(ct)
			if err != nil {
				return 0, err
			}
			if ix < 0 || int(ix) >= len(st.Off) {
				return 0, fmt.Errorf("struct index %d out of range", ix)
			}
			off += int64(st.Off[ix])
			cur = ct.Fields[ix]
		case *types.ArrayType:
			et, err := l.types.lower(ct.ElemType)
			if err != nil {
				return 0, err
			}
			off += ix * int64(et.Size)
			cur = ct.ElemType
		case *types.VectorType:
			et, err := l.types.lower(ct.ElemType)
			if err != nil {
				return 0, err
			}
			off += ix * int64(et.Size)
			cur = ct.ElemType
		default:
			return 0, fmt.Errorf("getelementptr index into non-aggregate %s", cur)
		}
	}
	return off, nil
}

// floatBits gives the exact bit pattern of a float constant, undoing the
// literal protection of protectFloatLiterals.
func (l *lowerer) floatBits(c *constant.Float, t *Type) (arith.Word, error) {
	var w arith.Word
	switch t.FK {
	case arith.F32:
		if c.NaN {
			w = arith.Word{Lo: 0x7FC00000}
			if c.X != nil && c.X.Signbit() {
				w.Lo |= 1 << 31
			}
			break
		}
		f, _ := c.X.Float32()
		w = arith.Word{Lo: uint64(math.Float32bits(f))}
	case arith.F64:
		if c.NaN {
			w = arith.Word{Lo: 0x7FF8000000000000}
			if c.X != nil && c.X.Signbit() {
				w.Lo |= 1 << 63
			}
			break
		}
		f, _ := c.X.Float64()
		w = arith.Word{Lo: math.Float64bits(f)}
	case arith.F80:
		if c.NaN {
			return arith.Word{}, fmt.Errorf("x86_fp80 NaN literal was not protected")
		}
		w = bigToF80(c.X)
	default:
		return arith.Word{}, fmt.Errorf("unsupported float constant type %s", t)
	}
	if orig, ok := l.sentinels[t.FK][w]; ok {
		return orig, nil
	}
	return w, nil
}

// bigToF80 converts an exactly representable finite (or infinite) value to
// the x87 extended format.
func bigToF80(x *big.Float) arith.Word {
	var sign uint64
	if x.Signbit() {
		sign = 0x8000
	}
	if x.IsInf() {
		return arith.Word{Lo: 1 << 63, Hi: sign | 0x7FFF}
	}
	if x.Sign() == 0 {
		return arith.Word{Hi: sign}
	}
	m := new(big.Float).Abs(x)
	exp := m.MantExp(m) // x = m * 2^exp with m in [0.5, 1)
	// Significand with explicit integer bit: m * 2^64.
	m.SetMantExp(m, 64)
	mant, _ := m.Uint64()
	e := exp - 1 + 16383
	if e <= 0 {
		// Denormal: shift the significand right.
		shift := uint(1 - e)
		if shift >= 64 {
			return arith.Word{Hi: sign}
		}
		return arith.Word{Lo: mant >> shift, Hi: sign}
	}
	return arith.Word{Lo: mant, Hi: sign | uint64(e)}
}
