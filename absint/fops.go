package absint

import (
	"github.com/floatsym/floatsym/internal/arith"
)

// Modes is a set of rounding modes (bit i = arith.RoundingMode i).
type Modes uint8

// AllModes is every rounding mode: an unknown mode.
const AllModes Modes = 0xf

// ModeOf is the set holding only m.
func ModeOf(m arith.RoundingMode) Modes { return 1 << (m & 3) }

// one returns the only mode of ms, if it has exactly one.
func (ms Modes) one() (arith.RoundingMode, bool) {
	for m := arith.RoundingMode(0); m < 4; m++ {
		if ms == ModeOf(m) {
			return m, true
		}
	}
	return 0, false
}

// loMode is the mode lower bounds are computed in: the mode itself when it
// is known (every fl_m is monotone, so the bound is exact), else downward
// (below fl_m for every m).
func (ms Modes) loMode() arith.RoundingMode {
	if m, ok := ms.one(); ok {
		return m
	}
	return arith.Downward
}

func (ms Modes) hiMode() arith.RoundingMode {
	if m, ok := ms.one(); ok {
		return m
	}
	return arith.Upward
}

func (ms Modes) String() string {
	if m, ok := ms.one(); ok {
		return m.String()
	}
	s := ""
	for m := arith.RoundingMode(0); m < 4; m++ {
		if ms&ModeOf(m) != 0 {
			if s != "" {
				s += "|"
			}
			s += m.String()
		}
	}
	return s
}

// fromBounds builds the value of a monotone image whose lower bound
// rounded to lo and upper bound to hi: infinite bounds become flags.
func fromBounds(k arith.Kind, lo, hi arith.Word) FVal {
	r := FVal{K: k, Lo: lo, Hi: hi}
	if arith.IsInf(k, hi) && arith.SignBit(k, hi) {
		return FVal{K: k, Empty: true, NInf: true}
	}
	if arith.IsInf(k, lo) && !arith.SignBit(k, lo) {
		return FVal{K: k, Empty: true, PInf: true}
	}
	if arith.IsInf(k, lo) {
		r.NInf, r.Lo = true, arith.FNeg(k, maxFinite(k))
	}
	if arith.IsInf(k, hi) {
		r.PInf, r.Hi = true, maxFinite(k)
	}
	if arith.IsZero(k, r.Lo) {
		r.Lo = zero(k)
	}
	if arith.IsZero(k, r.Hi) {
		r.Hi = zero(k)
	}
	return r
}

// FBinOp is a binary IEEE operation.
type FBinOp uint8

// Binary operations.
const (
	FAdd FBinOp = iota
	FSub
	FMul
	FDiv
	FRem
)

func concrete(op FBinOp, k arith.Kind, m arith.RoundingMode, a, b arith.Word) arith.Word {
	switch op {
	case FAdd:
		return arith.FAdd(k, m, a, b)
	case FSub:
		return arith.FSub(k, m, a, b)
	case FMul:
		return arith.FMul(k, m, a, b)
	case FDiv:
		return arith.FDiv(k, m, a, b)
	}
	return arith.FRem(k, a, b)
}

// reps are concrete representatives of every sign class of v's numeric
// part (its bounds, and both zeros when it holds 0), and its special
// values: an operation with an infinite or NaN operand depends on the
// other operand only through its class.
func (v FVal) reps(numeric bool) []arith.Word {
	k := v.K
	var r []arith.Word
	if numeric && !v.Empty {
		r = append(r, v.Lo, v.Hi)
		if fle(k, v.Lo, zero(k)) && fle(k, zero(k), v.Hi) {
			r = append(r, zero(k), negZero(k))
		}
	}
	if v.NaN {
		r = append(r, arith.FNeg(k, arith.FSub(k, arith.NearestEven, posInf(k), posInf(k))))
	}
	if v.PInf {
		r = append(r, posInf(k))
	}
	if v.NInf {
		r = append(r, arith.FNeg(k, posInf(k)))
	}
	return r
}

// Bin is the abstract a op b in the modes ms, with its grid (fpgrid.go).
func Bin(op FBinOp, ms Modes, a, b FVal) FVal {
	return gridBin(op, a, b, binRange(op, ms, a, b))
}

// binRange is Bin's interval and flags.
func binRange(op FBinOp, ms Modes, a, b FVal) FVal {
	k := a.K
	r := FBottom(k)
	// Special operands against every class of the other side: the result
	// of inf/NaN arithmetic does not depend on the rounding mode.
	for _, x := range a.reps(false) {
		for _, y := range b.reps(true) {
			r = r.JoinPoint(concrete(op, k, arith.NearestEven, x, y))
		}
	}
	for _, x := range a.reps(true) {
		for _, y := range b.reps(false) {
			r = r.JoinPoint(concrete(op, k, arith.NearestEven, x, y))
		}
	}
	if a.Empty || b.Empty {
		return r
	}
	lm, hm := ms.loMode(), ms.hiMode()
	switch op {
	case FAdd:
		return r.Join(fromBounds(k, arith.FAdd(k, lm, a.Lo, b.Lo), arith.FAdd(k, hm, a.Hi, b.Hi)))
	case FSub:
		return r.Join(fromBounds(k, arith.FSub(k, lm, a.Lo, b.Hi), arith.FSub(k, hm, a.Hi, b.Lo)))
	case FMul:
		return r.Join(vertices(FMul, k, lm, hm, a, b))
	case FDiv:
		z := zero(k)
		if fle(k, b.Lo, z) && fle(k, z, b.Hi) {
			// Division by a zero: ±INF from a nonzero dividend, NaN from 0/0.
			if flt(k, a.Lo, z) || flt(k, z, a.Hi) {
				r.PInf, r.NInf = true, true
			}
			if fle(k, a.Lo, z) && fle(k, z, a.Hi) {
				r.NaN = true
			}
		}
		eta := minSub(k)
		if flt(k, b.Lo, z) {
			neg := b
			neg.Hi = fmin(k, b.Hi, arith.FNeg(k, eta))
			r = r.Join(vertices(FDiv, k, lm, hm, a, neg))
		}
		if flt(k, z, b.Hi) {
			pos := b
			pos.Lo = fmax(k, b.Lo, eta)
			r = r.Join(vertices(FDiv, k, lm, hm, a, pos))
		}
		return r
	}
	// frem: |r| <= |a|, |r| < |b|, sign of a (or a zero); b = 0 is NaN.
	z := zero(k)
	if fle(k, b.Lo, z) && fle(k, z, b.Hi) {
		r.NaN = true
	}
	bm := fmax(k, arith.FAbs(k, b.Lo), arith.FAbs(k, b.Hi))
	lo := fmax(k, a.Lo, arith.FNeg(k, bm))
	hi := fmin(k, a.Hi, bm)
	if flt(k, z, lo) {
		lo = z
	}
	if flt(k, hi, z) {
		hi = z
	}
	return r.Join(FRange(k, lo, hi))
}

// vertices bounds a monotone-per-argument operation (×, ÷ with a divisor
// of constant sign) by its values at the corners of the box.
func vertices(op FBinOp, k arith.Kind, lm, hm arith.RoundingMode, a, b FVal) FVal {
	xs, ys := [2]arith.Word{a.Lo, a.Hi}, [2]arith.Word{b.Lo, b.Hi}
	var lo, hi arith.Word
	first := true
	for _, x := range xs {
		for _, y := range ys {
			l, h := concrete(op, k, lm, x, y), concrete(op, k, hm, x, y)
			if first {
				lo, hi, first = l, h, false
				continue
			}
			lo, hi = fminInf(k, lo, l), fmaxInf(k, hi, h)
		}
	}
	return fromBounds(k, lo, hi)
}

// fminInf/fmaxInf order values including infinities (never NaN here).
func fminInf(k arith.Kind, a, b arith.Word) arith.Word { return fmin(k, a, b) }
func fmaxInf(k arith.Kind, a, b arith.Word) arith.Word { return fmax(k, a, b) }

// Neg is -v (exact).
func Neg(v FVal) FVal {
	r := v
	r.PInf, r.NInf = v.NInf, v.PInf
	if !v.Empty {
		r.Lo, r.Hi = arith.FNeg(v.K, v.Hi), arith.FNeg(v.K, v.Lo)
		r = fromBounds(v.K, r.Lo, r.Hi).Join(FVal{K: v.K, Empty: true, NaN: r.NaN, PInf: r.PInf, NInf: r.NInf})
		r.Grid = v.Grid
	}
	return r
}

// Abs is |v| (exact).
func Abs(v FVal) FVal {
	k := v.K
	r := FVal{K: k, Empty: true, NaN: v.NaN, PInf: v.PInf || v.NInf}
	if v.Empty {
		return r
	}
	z := zero(k)
	lo, hi := arith.FAbs(k, v.Lo), arith.FAbs(k, v.Hi)
	if fle(k, v.Lo, z) && fle(k, z, v.Hi) {
		r = r.Join(FRange(k, z, fmax(k, lo, hi)))
	} else {
		r = r.Join(FRange(k, fmin(k, lo, hi), fmax(k, lo, hi)))
	}
	r.Grid = v.Grid
	return r
}

// Sqrt is the abstract square root in the modes ms.
func Sqrt(ms Modes, v FVal) FVal {
	k := v.K
	r := FVal{K: k, Empty: true, NaN: v.NaN || v.NInf, PInf: v.PInf}
	if v.Empty {
		return r
	}
	z := zero(k)
	if flt(k, v.Lo, z) {
		r.NaN = true
	}
	if flt(k, v.Hi, z) {
		return r
	}
	lo := fmax(k, v.Lo, z)
	return r.Join(fromBounds(k, arith.FSqrt(k, ms.loMode(), lo), arith.FSqrt(k, ms.hiMode(), v.Hi)))
}

// Ext converts v to the wider kind to (exact).
func Ext(v FVal, to arith.Kind) FVal {
	r := FVal{K: to, Empty: v.Empty, NaN: v.NaN, PInf: v.PInf, NInf: v.NInf}
	if !v.Empty {
		r.Lo, r.Hi = arith.FPExt(v.K, to, v.Lo), arith.FPExt(v.K, to, v.Hi)
		r = withGrid(r, v.GridExp())
	}
	return r
}

// Trunc rounds v to the narrower kind to in the modes ms.
func Trunc(ms Modes, v FVal, to arith.Kind) FVal {
	r := FVal{K: to, Empty: true, NaN: v.NaN, PInf: v.PInf, NInf: v.NInf}
	if v.Empty {
		return r
	}
	r = r.Join(fromBounds(to, arith.FPTrunc(v.K, to, ms.loMode(), v.Lo), arith.FPTrunc(v.K, to, ms.hiMode(), v.Hi)))
	if !r.Empty {
		r = withGrid(r, v.GridExp())
	}
	return r
}

// FromInt converts the integer interval iv (of width bits, signed reading
// unless unsigned) to kind k in the modes ms, with its grid.
func FromInt(ms Modes, iv IVal, k arith.Kind, unsigned bool) FVal {
	return gridFromInt(iv, fromIntRange(ms, iv, k, unsigned))
}

func fromIntRange(ms Modes, iv IVal, k arith.Kind, unsigned bool) FVal {
	if iv.Empty {
		return FBottom(k)
	}
	lo, hi := arith.FromInt64(iv.Lo, iv.Bits), arith.FromInt64(iv.Hi, iv.Bits)
	if unsigned {
		if iv.Lo < 0 {
			// The unsigned reading of a negative value is above every
			// nonnegative one: cover the type's whole unsigned range.
			lo, hi = arith.Word{}, arith.Mask(iv.Bits)
		}
		return fromBounds(k, arith.UIToFP(iv.Bits, k, ms.loMode(), lo), arith.UIToFP(iv.Bits, k, ms.hiMode(), hi))
	}
	return fromBounds(k, arith.SIToFP(iv.Bits, k, ms.loMode(), lo), arith.SIToFP(iv.Bits, k, ms.hiMode(), hi))
}

// ToInt converts v to an integer of width bits (truncating toward zero).
// A value that may not fit (or is NaN/INF) gives the type's full range:
// the hardware's "integer indefinite" is in it.
func ToInt(v FVal, bits int, unsigned bool) IVal {
	if v.IsBottom() {
		return IBottom(bits)
	}
	if v.NaN || v.PInf || v.NInf {
		return ITop(bits)
	}
	k := v.K
	tl := arith.FRoundToIntegral(k, arith.Trunc, arith.TowardZero, v.Lo)
	th := arith.FRoundToIntegral(k, arith.Trunc, arith.TowardZero, v.Hi)
	if bits > 64 || bits < 2 {
		return ITop(bits)
	}
	// -2^(bits-1) and 2^(bits-1) are powers of two: exact in every kind.
	minI, _ := irange(bits)
	minF := arith.SIToFP(64, k, arith.NearestEven, arith.FromInt64(minI, 64))
	lim := arith.FNeg(k, minF)
	if unsigned {
		minF = zero(k)
	}
	if flt(k, tl, minF) || !flt(k, th, lim) {
		return ITop(bits)
	}
	lo := arith.Int64(arith.FPToSI(k, tl, 64), 64)
	hi := arith.Int64(arith.FPToSI(k, th, 64), 64)
	return IRange(bits, lo, hi)
}
