package z3

// Floating-point translation, bit-exact with package arith.
//
// An FP expression has up to three translations, each built on demand and
// memoised:
//
//   - value (translator.f): a Z3 Float of sort float = (8,24), double =
//     (11,53), x86_fp80 = (15,64). Z3 has one NaN, so every pattern arith
//     classifies as NaN maps to it: real NaNs and, for x86_fp80, the
//     encodings the x87 rejects as invalid operands (pseudo-NaN,
//     pseudo-infinity, unnormal). Pseudo-denormals are values (the x87
//     reads them with exponent 1).
//   - bits (translator.fbits): the exact bit pattern arith computes,
//     including NaN sign and payload (x86 NaN propagation: SSE returns the
//     first NaN operand quieted, the x87 the one with the larger
//     significand, invalid operations the negative default NaN). Only FP
//     equality (which is bitwise in package expr) and the sign test need
//     it; comparisons and arithmetic use the value.
//   - nn (x86_fp80 only): the exact pattern when the value is not NaN,
//     which differs from the canonical encoding of the value only for
//     pseudo-denormals passed through unchanged (FromBits, neg, abs,
//     min/max, ite). For float and double it is the IEEE encoding.

import (
	"fmt"

	z3 "github.com/floatsym/floatsym/solver/z3/internal/capi"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

func (t *translator) fpSort(k arith.Kind) z3.Sort {
	s, ok := t.fpSorts[k]
	if !ok {
		switch k {
		case arith.F32:
			s = t.ctx.FloatSort(8, 24)
		case arith.F64:
			s = t.ctx.FloatSort(11, 53)
		case arith.F80:
			s = t.ctx.FloatSort(15, 64)
		default:
			panic(fmt.Sprintf("z3: bad float kind %d", k))
		}
		t.fpSorts[k] = s
	}
	return s
}

func z3RM(rm arith.RoundingMode) z3.RoundingMode {
	switch rm {
	case arith.Downward:
		return z3.RoundToNegative
	case arith.Upward:
		return z3.RoundToPositive
	case arith.TowardZero:
		return z3.RoundToZero
	}
	return z3.RoundToNearestEven
}

// setRM makes rm the context's rounding mode for the operations built
// next (the binding keeps the rounding mode in the context).
func (t *translator) setRM(rm z3.RoundingMode) {
	if !t.rmSet || t.rm != rm {
		t.ctx.SetRoundingMode(rm)
		t.rm, t.rmSet = rm, true
	}
}

// Format facts.
func signBit(k arith.Kind) int { return k.Bits() - 1 }

func quietBit(k arith.Kind) int {
	switch k {
	case arith.F32:
		return 22
	case arith.F64:
		return 51
	}
	return 62
}

func defaultNaN(k arith.Kind) arith.Word {
	return expr.CanonicalBits(k, arith.Word{Lo: 0xffffffffffffffff, Hi: 0xffff})
}

func (t *translator) bit(x z3.BV, i int) z3.Bool { return x.Extract(i, i).Eq(t.bvc(1, 1)) }

// fpOf is the FP constant x (exactly representable in k).
func (t *translator) fpOf(k arith.Kind, x float64) z3.Float {
	return t.ctx.FromFloat64(x, t.fpSort(k))
}

// fpConst is the FP value of the pattern w of kind k.
func (t *translator) fpConst(k arith.Kind, w arith.Word) z3.Float {
	s := t.fpSort(k)
	switch k {
	case arith.F32:
		return t.bvc(w.Lo&0xffffffff, 32).IEEEToFloat(s)
	case arith.F64:
		return t.bvc(w.Lo, 64).IEEEToFloat(s)
	}
	if arith.IsNaN(k, w) {
		return t.ctx.FloatNaN(s)
	}
	sign := (w.Hi >> 15) & 1
	exp := w.Hi & 0x7fff
	if exp == 0 && w.Lo>>63 == 1 {
		exp = 1 // pseudo-denormal
	}
	return t.ctx.FloatFromBits(t.bvc(sign, 1), t.bvc(exp, 15), t.bvc(w.Lo&(1<<63-1), 63))
}

// invalid80 tests an x86_fp80 pattern for the encodings the x87 rejects:
// nonzero exponent with the integer bit clear.
func (t *translator) invalid80(b z3.BV) z3.Bool {
	return b.Extract(78, 64).NE(t.bvc(0, 15)).And(b.Extract(63, 63).Eq(t.bvc(0, 1)))
}

// decode is FromBits: the value of the pattern b.
func (t *translator) decode(k arith.Kind, b z3.BV) z3.Float {
	s := t.fpSort(k)
	if k != arith.F80 {
		return b.IEEEToFloat(s)
	}
	exp := b.Extract(78, 64)
	expAdj := ite(exp.Eq(t.bvc(0, 15)).And(t.bit(b, 63)), t.bvc(1, 15), exp)
	v := t.ctx.FloatFromBits(b.Extract(79, 79), expAdj, b.Extract(62, 0))
	return ite(t.invalid80(b), t.ctx.FloatNaN(s), v)
}

// encode is the canonical pattern of a value that is not NaN (the x87
// stores normals with the integer bit set).
func (t *translator) encode(k arith.Kind, v z3.Float) z3.BV {
	var b z3.BV
	if t.portable {
		b = t.portableIEEEBV(k, v)
	} else {
		b = v.ToIEEEBV()
	}
	if k != arith.F80 {
		return b
	}
	exp := b.Extract(77, 63)
	intBit := ite(exp.Eq(t.bvc(0, 15)), t.bvc(0, 1), t.bvc(1, 1))
	return b.Extract(78, 63).Concat(intBit).Concat(b.Extract(62, 0))
}

func (t *translator) quiet(k arith.Kind, b z3.BV) z3.BV {
	return b.Or(t.bvw(arith.Shl(arith.Word{Lo: 1}, arith.Word{Lo: uint64(quietBit(k))}, 128), k.Bits()))
}

func (t *translator) defNaN(k arith.Kind) z3.BV { return t.bvw(defaultNaN(k), k.Bits()) }

// operand is an FP operand for the NaN rules: its bits and NaN-ness.
type operand struct {
	b   z3.BV
	nan z3.Bool
}

func (t *translator) opnd(e *expr.Expr) operand {
	return operand{t.fbits(e), t.f(e).IsNaN()}
}

// sseNaN is the SSE (and glibc float/double) rule: the first NaN in
// priority order, quieted, else the default NaN.
func (t *translator) sseNaN(k arith.Kind, ops ...operand) z3.BV {
	r := t.defNaN(k)
	for i := len(ops) - 1; i >= 0; i-- {
		r = ite(ops[i].nan, t.quiet(k, ops[i].b), r)
	}
	return r
}

// x87NaN is the x87 rule for a two-operand operation whose result is NaN:
// an invalid encoding gives the default NaN; of two NaNs a quiet one beats
// a signalling one, then the larger significand wins, then the positive
// sign; one NaN is returned quieted; otherwise (invalid operation) the
// default NaN.
func (t *translator) x87NaN(a, b operand) z3.BV {
	const k = arith.F80
	ia, ib := t.invalid80(a.b), t.invalid80(b.b)
	ra, rb := a.nan.And(ia.Not()), b.nan.And(ib.Not())
	qa, qb := t.bit(a.b, 62), t.bit(b.b, 62)
	sa, sb := a.b.Extract(63, 0), b.b.Extract(63, 0)
	pickA := qa.And(qb.Not()).Or(qa.Iff(qb).And(sa.UGT(sb).Or(sa.Eq(sb).And(t.bit(a.b, 79).Not()))))
	both := ite(pickA, t.quiet(k, a.b), t.quiet(k, b.b))
	r := ite(ra.And(rb), both, ite(ra, t.quiet(k, a.b), ite(rb, t.quiet(k, b.b), t.defNaN(k))))
	return ite(ia.Or(ib), t.defNaN(k), r)
}

// mkFP translates an FP expression to its value.
func (t *translator) mkFP(e *expr.Expr) z3.Float {
	k := e.Kids()
	fk := e.Sort.FK
	switch e.Op {
	case expr.OpConst:
		return t.fpConst(fk, e.Val)
	case expr.OpFromBits:
		return t.decode(fk, t.bv(k[0]))
	case expr.OpIte:
		return ite(t.b(k[0]), t.f(k[1]), t.f(k[2]))
	case expr.OpFAdd:
		x, y := t.f(k[0]), t.f(k[1])
		t.setRM(z3RM(e.RM))
		return x.Add(y)
	case expr.OpFSub:
		x, y := t.f(k[0]), t.f(k[1])
		t.setRM(z3RM(e.RM))
		return x.Sub(y)
	case expr.OpFMul:
		x, y := t.f(k[0]), t.f(k[1])
		t.setRM(z3RM(e.RM))
		return x.Mul(y)
	case expr.OpFDiv:
		x, y := t.f(k[0]), t.f(k[1])
		t.setRM(z3RM(e.RM))
		return x.Div(y)
	case expr.OpFSqrt:
		x := t.f(k[0])
		t.setRM(z3RM(e.RM))
		return x.Sqrt()
	case expr.OpFMA:
		if fk == arith.F80 {
			return t.fma80(e).val
		}
		x, y, z := t.f(k[0]), t.f(k[1]), t.f(k[2])
		t.setRM(z3RM(e.RM))
		return x.MulAdd(y, z)
	case expr.OpFRemainder:
		if fk == arith.F64 {
			return t.remainder64(t.f(k[0]), t.f(k[1]))
		}
		return t.f(k[0]).Rem(t.f(k[1]))
	case expr.OpFRem:
		return t.fmod(t.f(k[0]), t.f(k[1]))
	case expr.OpFNeg:
		return t.f(k[0]).Neg()
	case expr.OpFAbs:
		return t.f(k[0]).Abs()
	case expr.OpFMin, expr.OpFMax:
		return t.minMax(e).val
	case expr.OpFRound:
		return t.round(e)
	case expr.OpFPConv:
		x := t.f(k[0])
		t.setRM(z3RM(e.RM))
		return x.ToFloat(t.fpSort(fk))
	case expr.OpSIToFP, expr.OpUIToFP:
		x := t.bv(k[0])
		t.setRM(z3RM(e.RM))
		if e.Op == expr.OpSIToFP {
			return x.SToFloat(t.fpSort(fk))
		}
		r := x.UToFloat(t.fpSort(fk))
		if fk == arith.F64 && k[0].Width() == 64 && e.RM == arith.Downward {
			// clang's uitofp i64 -> double sequence gives -0 for 0 here.
			r = ite(x.Eq(t.bvc(0, 64)), t.ctx.FloatZero(t.fpSort(fk), true), r)
		}
		return r
	}
	panic(fmt.Sprintf("z3: no floating-point translation for %s", e.Op))
}

// fmod is C fmod from the IEEE remainder: where the remainder's sign
// differs from x's, add |y| with x's sign (exact: the result is
// representable). Zero results already carry x's sign.
func (t *translator) fmod(x, y z3.Float) z3.Float {
	r := x.Rem(y)
	ay := y.Abs()
	adj := ite(x.IsNegative(), ay.Neg(), ay)
	t.setRM(z3.RoundToNearestEven)
	fix := r.IsZero().Not().And(r.IsNegative().Xor(x.IsNegative())).And(r.IsNaN().Not())
	return ite(fix, r.Add(adj), r)
}

// remainder64 is glibc's remainder() (IBM e_remainder.c as arith replays
// it): the IEEE remainder, except the sign of a zero result when |y| <
// 2^-970. That path computes remainder(remainder(x, |y|*2^128)*2^128,
// |y|*2^128)*2^-128 (with x/2 in the inner call when |x| >= 2^1023), so a
// zero result takes the sign of the inner remainder when that is nonzero.
func (t *translator) remainder64(x, y z3.Float) z3.Float {
	const k = arith.F64
	r := x.Rem(y)
	ay := y.Abs()
	t.setRM(z3.RoundToNearestEven)
	xe := ite(x.Abs().GE(t.fpOf(k, 0x1p1023)), x.Mul(t.fpOf(k, 0.5)), x)
	r1 := xe.Rem(ay.Mul(t.fpOf(k, 0x1p128)))
	neg := ite(r1.IsZero(), x.IsNegative(), r1.IsNegative())
	tiny := ay.LT(t.fpOf(k, 0x1p-970)).And(r.IsZero())
	s := t.fpSort(k)
	return ite(tiny, ite(neg, t.ctx.FloatZero(s, true), t.ctx.FloatZero(s, false)), r)
}

// minMaxParts is the translation of llvm.minnum/maxnum: the value, the
// exact bits, and (x86_fp80) the bits when not NaN.
type minMaxParts struct {
	val    z3.Float
	bits   z3.BV
	nnbits z3.BV
}

// minMax follows arith.FMinNum/FMaxNum: float/double use clang's
// isnan(a) ? b : (b < a ? b : a) (max: b > a); x86_fp80 calls glibc
// fminl/fmaxl: ordered operands give b < a ? b : a (fmaxl: b < a ? a : b,
// so b on ties); one NaN returns the other operand if the NaN's quiet bit
// (bit 62) is set, else the x87 sum of both; two NaNs give the x87 sum.
func (t *translator) minMax(e *expr.Expr) minMaxParts {
	if p, ok := t.parts[e].(minMaxParts); ok {
		return p
	}
	p := t.mkMinMax(e)
	t.parts[e] = p
	return p
}

func (t *translator) mkMinMax(e *expr.Expr) minMaxParts {
	a, b := e.Kid[0], e.Kid[1]
	fk := e.Sort.FK
	fa, fb := t.f(a), t.f(b)
	isMin := e.Op == expr.OpFMin
	var pickB z3.Bool
	if fk != arith.F80 {
		if isMin {
			pickB = fa.IsNaN().Or(fb.LT(fa))
		} else {
			pickB = fa.IsNaN().Or(fb.GT(fa))
		}
		// The bits of float/double min/max are built by fbits.
		return minMaxParts{val: ite(pickB, fb, fa)}
	}
	an, bn := fa.IsNaN(), fb.IsNaN()
	if isMin {
		pickB = fb.LT(fa)
	} else {
		pickB = fb.LT(fa).Not()
	}
	ba, bb := t.fbits(a), t.fbits(b)
	retB := an.And(bn.Not()).And(t.bit(ba, 62))
	retA := bn.And(an.Not()).And(t.bit(bb, 62))
	sum := an.Or(bn).And(retA.Not()).And(retB.Not())
	nan := t.ctx.FloatNaN(t.fpSort(fk))
	val := ite(sum, nan, ite(retB, fb, ite(retA, fa, ite(pickB, fb, fa))))
	bits := ite(sum, t.x87NaN(operand{ba, an}, operand{bb, bn}), ite(retB, bb, ite(retA, ba, ite(pickB, bb, ba))))
	nnbits := ite(retB, t.nn80(b), ite(retA, t.nn80(a), ite(pickB, t.nn80(b), t.nn80(a))))
	return minMaxParts{val: val, bits: bits, nnbits: nnbits}
}

// integralRM maps an Integral kind to the rounding of roundToIntegral.
func integralRM(how arith.Integral, rm arith.RoundingMode) z3.RoundingMode {
	switch how {
	case arith.Floor:
		return z3.RoundToNegative
	case arith.Ceil:
		return z3.RoundToPositive
	case arith.Trunc:
		return z3.RoundToZero
	case arith.Round:
		return z3.RoundToNearestAway
	case arith.RoundEven:
		return z3.RoundToNearestEven
	}
	return z3RM(rm)
}

func (t *translator) round(e *expr.Expr) z3.Float {
	x := t.f(e.Kid[0])
	how := arith.Integral(e.Aux)
	v := x.Round(integralRM(how, e.RM))
	if e.Sort.FK == arith.F80 && (how == arith.Round || how == arith.RoundEven) {
		// glibc's roundl/roundevenl work on the bits: an unnormal
		// operand gives what their integer code makes of it.
		b := t.fbits(e.Kid[0])
		v = ite(t.unnormal80(b), t.decode(arith.F80, t.roundBits80(how, b)), v)
	}
	return v
}

// unnormal80: exponent neither 0 nor all ones, integer bit clear.
func (t *translator) unnormal80(b z3.BV) z3.Bool {
	return t.invalid80(b).And(b.Extract(78, 64).NE(t.bvc(0x7fff, 15)))
}

// fpPredicate translates FP comparisons and classifications.
func (t *translator) fpPredicate(e *expr.Expr) z3.Bool {
	k := e.Kids()
	switch e.Op {
	case expr.OpFOEq:
		return t.f(k[0]).IEEEEq(t.f(k[1]))
	case expr.OpFOLt:
		return t.f(k[0]).LT(t.f(k[1]))
	case expr.OpFOLe:
		return t.f(k[0]).LE(t.f(k[1]))
	case expr.OpFIsNaN:
		return t.f(k[0]).IsNaN()
	case expr.OpFIsInf:
		return t.f(k[0]).IsInfinite()
	case expr.OpFIsZero:
		return t.f(k[0]).IsZero()
	case expr.OpFIsSub:
		return t.f(k[0]).IsSubnormal()
	case expr.OpFIsNorm:
		return t.f(k[0]).IsNormal()
	case expr.OpFIsNeg:
		fk := k[0].Sort.FK
		return t.bit(t.fbits(k[0]), signBit(fk))
	}
	panic(fmt.Sprintf("z3: no predicate translation for %s", e.Op))
}

// fpEq is bitwise identity of the patterns (package expr's FP Eq).
func (t *translator) fpEq(x, y *expr.Expr) z3.Bool {
	fk := x.Sort.FK
	if x.Op == expr.OpConst {
		x, y = y, x
	}
	if y.Op == expr.OpConst {
		if arith.IsNaN(fk, y.Val) {
			return t.f(x).IsNaN().And(t.fbits(x).Eq(t.bvw(y.Val, fk.Bits())))
		}
		if fk != arith.F80 {
			// Identity of non-NaN values is identity of the patterns.
			return t.f(x).Eq(t.fpConst(fk, y.Val))
		}
		return t.f(x).IsNaN().Not().And(t.nnBits(x).Eq(t.bvw(y.Val, fk.Bits())))
	}
	return t.fbits(x).Eq(t.fbits(y))
}

// toBits is ToBits: the pattern, with every NaN the canonical one.
func (t *translator) toBits(x *expr.Expr) z3.BV {
	fk := x.Sort.FK
	return ite(t.f(x).IsNaN(), t.bvw(expr.CanonicalBits(fk, defaultNaN(fk)), fk.Bits()), t.nnBits(x))
}

// nnBits is the exact pattern of x when x is not NaN.
func (t *translator) nnBits(x *expr.Expr) z3.BV {
	if x.Sort.FK != arith.F80 {
		if x.Op == expr.OpFromBits {
			return t.bv(x.Kid[0])
		}
		return t.encode(x.Sort.FK, t.f(x))
	}
	return t.nn80(x)
}

func (t *translator) nn80(x *expr.Expr) z3.BV {
	if v, ok := t.nn[x]; ok {
		return v
	}
	k := x.Kids()
	var r z3.BV
	switch x.Op {
	case expr.OpConst:
		r = t.bvw(x.Val, 80)
	case expr.OpFromBits:
		r = t.bv(k[0])
	case expr.OpFNeg:
		r = t.nn80(k[0]).Xor(t.bvw(arith.Word{Hi: 0x8000}, 80))
	case expr.OpFAbs:
		r = t.nn80(k[0]).And(t.bvw(arith.Word{Lo: ^uint64(0), Hi: 0x7fff}, 80))
	case expr.OpIte:
		r = ite(t.b(k[0]), t.nn80(k[1]), t.nn80(k[2]))
	case expr.OpFMin, expr.OpFMax:
		r = t.minMax(x).nnbits
	case expr.OpFRound:
		r = t.encode(arith.F80, t.f(x))
		if how := arith.Integral(x.Aux); how == arith.Round || how == arith.RoundEven {
			b := t.fbits(k[0])
			r = ite(t.unnormal80(b), t.roundBits80(how, b), r)
		}
	default:
		r = t.encode(arith.F80, t.f(x))
	}
	t.nn[x] = r
	return r
}

// fbits is the exact bit pattern arith computes for x.
func (t *translator) fbits(x *expr.Expr) z3.BV {
	if v, ok := t.bits[x]; ok {
		return v
	}
	k := x.Kids()
	fk := x.Sort.FK
	var r z3.BV
	switch x.Op {
	case expr.OpConst:
		r = t.bvw(x.Val, fk.Bits())
	case expr.OpFromBits:
		r = t.bv(k[0])
	case expr.OpFNeg:
		r = t.fbits(k[0]).Xor(t.bvw(arith.Shl(arith.Word{Lo: 1}, arith.Word{Lo: uint64(signBit(fk))}, 128), fk.Bits()))
	case expr.OpFAbs:
		r = t.fbits(k[0]).And(t.bvw(arith.Mask(signBit(fk)), fk.Bits()))
	case expr.OpIte:
		r = ite(t.b(k[0]), t.fbits(k[1]), t.fbits(k[2]))
	case expr.OpFMin, expr.OpFMax:
		if fk == arith.F80 {
			r = t.minMax(x).bits
		} else {
			fa, fb := t.f(k[0]), t.f(k[1])
			var pickB z3.Bool
			if x.Op == expr.OpFMin {
				pickB = fa.IsNaN().Or(fb.LT(fa))
			} else {
				pickB = fa.IsNaN().Or(fb.GT(fa))
			}
			r = ite(pickB, t.fbits(k[1]), t.fbits(k[0]))
		}
	case expr.OpFRound:
		r = ite(t.f(x).IsNaN(), t.nanBits(x), t.nnBits(x))
		if how := arith.Integral(x.Aux); fk == arith.F80 && (how == arith.Round || how == arith.RoundEven) {
			b := t.fbits(k[0])
			r = ite(t.unnormal80(b), t.roundBits80(how, b), r)
		}
	case expr.OpSIToFP, expr.OpUIToFP:
		r = t.encode(fk, t.f(x))
	default:
		r = ite(t.f(x).IsNaN(), t.nanBits(x), t.encode(fk, t.f(x)))
	}
	t.bits[x] = r
	return r
}

// nanBits is the pattern of an arithmetic result that is NaN.
func (t *translator) nanBits(x *expr.Expr) z3.BV {
	k := x.Kids()
	fk := x.Sort.FK
	if fk == arith.F80 {
		switch x.Op {
		case expr.OpFAdd, expr.OpFSub, expr.OpFMul, expr.OpFDiv, expr.OpFRem, expr.OpFRemainder:
			return t.x87NaN(t.opnd(k[0]), t.opnd(k[1]))
		case expr.OpFSqrt, expr.OpFRound:
			a := t.opnd(k[0])
			return t.x87NaN(a, a)
		case expr.OpFMA:
			return t.fma80(x).nanb
		case expr.OpFPConv:
			return t.extNaN(k[0], fk)
		}
		panic(fmt.Sprintf("z3: no NaN rule for %s", x.Op))
	}
	switch x.Op {
	case expr.OpFAdd, expr.OpFSub, expr.OpFMul, expr.OpFDiv, expr.OpFRem:
		return t.sseNaN(fk, t.opnd(k[0]), t.opnd(k[1]))
	case expr.OpFRemainder:
		if fk == arith.F64 {
			return t.sseNaN(fk, t.opnd(k[1]), t.opnd(k[0]))
		}
		return t.sseNaN(fk, t.opnd(k[0]), t.opnd(k[1]))
	case expr.OpFSqrt, expr.OpFRound:
		return t.sseNaN(fk, t.opnd(k[0]))
	case expr.OpFMA:
		return t.sseNaN(fk, t.opnd(k[1]), t.opnd(k[0]), t.opnd(k[2]))
	case expr.OpFPConv:
		if k[0].Sort.FK == arith.F80 {
			return t.truncNaN80(k[0], fk)
		}
		return t.extNaN(k[0], fk)
	}
	panic(fmt.Sprintf("z3: no NaN rule for %s", x.Op))
}

// extNaN converts a NaN between float and double (either direction) or to
// x86_fp80: sign kept, payload aligned at the top of the fraction, quiet.
func (t *translator) extNaN(x *expr.Expr, to arith.Kind) z3.BV {
	from := x.Sort.FK
	b := t.fbits(x)
	sign := b.Extract(signBit(from), signBit(from))
	// The payload below the quiet bit, most significant first.
	pay := b.Extract(quietBit(from)-1, 0)
	pw := quietBit(from)
	one := t.bvc(1, 1)
	var head z3.BV
	switch to {
	case arith.F32:
		head = sign.Concat(t.bvc(0xff, 8)).Concat(one)
	case arith.F64:
		head = sign.Concat(t.bvc(0x7ff, 11)).Concat(one)
	default:
		head = sign.Concat(t.bvc(0x7fff, 15)).Concat(one).Concat(one)
	}
	room := quietBit(to)
	switch {
	case room > pw:
		return head.Concat(pay).Concat(t.bvc(0, room-pw))
	case room < pw:
		return head.Concat(pay.Extract(pw-1, pw-room))
	}
	return head.Concat(pay)
}

// truncNaN80 is x87 fstp of a NaN to float or double: a real NaN keeps the
// top of its fraction, quieted; an invalid encoding stores the default NaN.
func (t *translator) truncNaN80(x *expr.Expr, to arith.Kind) z3.BV {
	b := t.fbits(x)
	r := t.extNaN(x, to)
	return ite(t.invalid80(b), t.defNaN(to), r)
}

// fma80 follows glibc fmal (sysdeps/ieee754/ldbl-96/s_fmal.c), which
// branches on the exponent fields before computing:
//
//	big := ex+ey >= 0x7fff+0x3fff-64 || ex, ey or ez >= 0x7fff-64 || ex+ey <= 0x3fff+64
//	if big {
//	  c1: ez == 0x7fff && ex != 0x7fff && ey != 0x7fff  -> (z + x) + y
//	  c2: z == 0 && x != 0 && y != 0                    -> x * y
//	  c3: any exponent 0x7fff || x == 0 || y == 0       -> x * y + z
//	  c4: ex+ey > 0x7fff+0x3fff                         -> x * y
//	  c5: ex+ey < 0x3fff-66                             -> z + tiny (tiny: ±2^-16445, sign of x*y)
//	}
//	otherwise the exact algorithm (x87 arithmetic throughout).
//
// For valid encodings every branch is the correctly rounded fma. With an
// invalid encoding the x87 arithmetic gives the default NaN — except where
// a branch never touches the invalid operand: c4 ignores z, c5 ignores x
// and y. NaN patterns follow the x87 rule through each branch's operations.
type fma80Parts struct {
	val  z3.Float
	nanb z3.BV
}

func (t *translator) fma80(e *expr.Expr) fma80Parts {
	if p, ok := t.parts[e].(fma80Parts); ok {
		return p
	}
	p := t.mkFMA80(e)
	t.parts[e] = p
	return p
}

func (t *translator) mkFMA80(e *expr.Expr) fma80Parts {
	x, y, z := e.Kid[0], e.Kid[1], e.Kid[2]
	a, b, c := t.opnd(x), t.opnd(y), t.opnd(z)
	fa, fb, fc := t.f(x), t.f(y), t.f(z)
	ex, ey, ez := a.b.Extract(78, 64).ZeroExtend(1), b.b.Extract(78, 64).ZeroExtend(1), c.b.Extract(78, 64).ZeroExtend(1)
	n := func(v uint64) z3.BV { return t.bvc(v, 16) }
	sum := ex.Add(ey)
	top := n(0x7fff)
	big := sum.UGE(n(0x7fff + 0x3fff - 64)).Or(ex.UGE(n(0x7fff - 64))).Or(ey.UGE(n(0x7fff - 64))).
		Or(ez.UGE(n(0x7fff - 64))).Or(sum.ULE(n(0x3fff + 64)))
	c1 := ez.Eq(top).And(ex.NE(top)).And(ey.NE(top))
	c2 := fc.IsZero().And(fa.IsZero().Not()).And(fb.IsZero().Not())
	c3 := ex.Eq(top).Or(ey.Eq(top)).Or(ez.Eq(top)).Or(fa.IsZero()).Or(fb.IsZero())
	c4 := sum.UGT(n(0x7fff + 0x3fff))
	c5 := sum.ULT(n(0x3fff - 66))
	rest := big.And(c1.Not()).And(c2.Not()).And(c3.Not())
	va, vb, vc := t.invalid80(a.b).Not(), t.invalid80(b.b).Not(), t.invalid80(c.b).Not()

	rm := z3RM(e.RM)
	t.setRM(rm)
	fma := fa.MulAdd(fb, fc)
	mul := fa.Mul(fb)
	// z + tiny, as an fma with a product far below tiny.
	s := t.fpSort(arith.F80)
	tiny := ite(t.bit(a.b, 79).Xor(t.bit(b.b, 79)), t.fpConst(arith.F80, w80c(0x8000, 1)), t.fpConst(arith.F80, w80c(0, 1)))
	tinyZ := tiny.MulAdd(t.fpOf(arith.F80, 0x1p-8), fc)
	val := ite(va.And(vb).And(vc), fma,
		ite(rest.And(c4).And(va).And(vb), mul,
			ite(rest.And(c4.Not()).And(c5).And(vc), tinyZ, t.ctx.FloatNaN(s))))

	tN := c.nan.Or(t.invalid80(a.b))
	r1 := t.x87NaN(operand{t.x87NaN(c, a), tN}, b)
	r2 := t.x87NaN(a, b)
	pN := a.nan.Or(b.nan).Or(fa.IsInfinite().And(fb.IsZero())).Or(fa.IsZero().And(fb.IsInfinite()))
	r3 := t.x87NaN(operand{t.x87NaN(a, b), pN}, c)
	def := t.defNaN(arith.F80)
	nanb := ite(big, ite(c1, r1, ite(c2, r2, ite(c3, r3, def))), def)
	return fma80Parts{val: val, nanb: nanb}
}

func w80c(hi uint16, lo uint64) arith.Word { return arith.Word{Lo: lo, Hi: uint64(hi)} }

// portableIEEEBV is fp.to_ieee_bv in standard SMT-LIB2, which lacks it
// (Z3 extends the standard; cvc5 does not): a fresh bit-vector b with the
// side condition ((_ to_fp e s) b) = v. For a v that is not NaN the
// pattern is unique (= on floats tells -0 from +0); encode is only used
// for such values, and for a NaN any NaN pattern satisfies the condition.
func (t *translator) portableIEEEBV(k arith.Kind, v z3.Float) z3.BV {
	if b, ok := t.ieee[v]; ok {
		return b
	}
	w := k.Bits()
	if k == arith.F80 {
		w = 79 // no explicit integer bit in the (15,64) sort
	}
	b := t.ctx.BVConst(fmt.Sprintf("ieee!%d", len(t.ieee)), w)
	t.side = append(t.side, b.IEEEToFloat(t.fpSort(k)).Eq(v))
	t.ieee[v] = b
	return b
}
