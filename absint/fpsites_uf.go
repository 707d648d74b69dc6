package absint

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

// --check-fp's underflow and inexact sites (fpsites.go records them).
// The executor's semantics are the x86 hardware's (internal/arith reads
// the flags from it): with exceptions masked, underflow is raised when
// the result is tiny AND inexact, tininess detected after rounding — the
// exact result rounded to the format's precision with an unbounded
// exponent lies below the smallest normal 2^emin in magnitude (SSE and
// x87 alike, the x87 on its own 64-bit format). Only finite operands
// raise either flag (an infinite or NaN operand gives an exact infinity,
// NaN, x/±INF = ±0 or x rem ±INF = x). So a site is unreachable when,
// for the finite parts of its operands:
//
//   - inexact: the operation is exact — every exact result is
//     representable. With the grid (fpgrid.go): an exact result on the
//     grid 2^g (g at least the smallest subnormal's exponent) whose
//     magnitude is at most 2^(g+p) and the largest finite value is
//     representable. Also: scaling by ±2^j (multiply, or divide by a
//     power of two) without overflow whose nonzero results are all
//     normal or stay on the subnormal grid; an integer conversion of
//     |n| <= 2^p; fptosi/fptoui of integral values in range; fpext
//     always; x rem y always (fmod is exact); a single operand value
//     (or pair) by arith's hardware flags in each mode of the state.
//   - underflow: the operation is exact (as above), or every nonzero
//     exact result has magnitude at least the threshold T: 2^emin, or,
//     when the mode is known to be round-to-nearest, the midpoint
//     2^emin − 2^(emin−p−1) between 2^emin and the largest p-bit value
//     below it (it rounds to 2^emin: ties go to the even 2^emin). The
//     lower bound of the exact result is computed in a wider kind
//     (float's in double, double's in x87) rounded toward zero, where
//     the midpoint is representable; or, from the grid, nonzero results
//     of magnitude at least 2^g >= 2^emin. Sums and differences never
//     underflow (a tiny sum is exact), nor do square roots, fpext, fmod
//     and integer conversions.
//
// Anything else may raise the flag: division and square root are exact
// only for the power-of-two divisors and single values above.

// gridDomain names the exactness grid in a result's domain when an
// underflow or inexact site was shown unreachable.
func (a *Analyzer) gridDomain() string {
	for _, s := range a.sites {
		if (s.Kind == "fp-inexact" || s.Kind == "fp-underflow") && s.Status == "unreachable" {
			return "+exactness-grid"
		}
	}
	return ""
}

// wideOf is the kind exact-result bounds of kind k are computed in.
func wideOf(k arith.Kind) arith.Kind {
	if k == arith.F32 {
		return arith.F64
	}
	return arith.F80
}

// ext converts w of kind k to the kind wk (>= k), exactly.
func ext(k, wk arith.Kind, w arith.Word) arith.Word {
	if k == wk {
		return w
	}
	return arith.FPExt(k, wk, w)
}

// tinyBelow is T, in kind wk: a nonzero exact result of kind k of
// magnitude >= T is never tiny in the modes ms.
func tinyBelow(k, wk arith.Kind, ms Modes) arith.Word {
	f := fmtOf(k)
	minN := pow2W(wk, f.emin)
	if m, ok := ms.one(); ok && m == arith.NearestEven && wk != k {
		return arith.FSub(wk, arith.NearestEven, minN, pow2W(wk, f.emin-f.p-1))
	}
	return minN
}

// maxAbs is the largest magnitude of v's numeric part (v not Empty).
func maxAbs(v FVal) arith.Word {
	return fmax(v.K, arith.FAbs(v.K, v.Lo), arith.FAbs(v.K, v.Hi))
}

// minAbsNZ is the smallest magnitude of v's nonzero numeric values (in v's
// kind), with the grid's 2^g; false when v holds only zeros.
func minAbsNZ(v FVal) (arith.Word, bool) {
	k := v.K
	if v.onlyZero() {
		return arith.Word{}, false
	}
	g := pow2W(k, v.GridExp())
	if fle(k, v.Lo, zero(k)) && fle(k, zero(k), v.Hi) {
		return g, true
	}
	return fmax(k, g, fmin(k, arith.FAbs(k, v.Lo), arith.FAbs(k, v.Hi))), true
}

// representable reports whether every multiple of 2^g in [lo, hi] (bounds
// of kind wk) is a value of kind k.
func representable(k, wk arith.Kind, lo, hi arith.Word, g int) bool {
	f := fmtOf(k)
	if g < f.minSubExp() || arith.IsNaN(wk, lo) || arith.IsNaN(wk, hi) {
		return false
	}
	b := fmax(wk, arith.FAbs(wk, lo), arith.FAbs(wk, hi))
	return fle(wk, b, pow2W(wk, g+f.p)) && fle(wk, b, ext(k, wk, maxFinite(k)))
}

// sumBounds are outward bounds (kind wk) of the exact x ± y.
func sumBounds(sub bool, wk arith.Kind, x, y FVal) (arith.Word, arith.Word) {
	k := x.K
	xl, xh, yl, yh := ext(k, wk, x.Lo), ext(k, wk, x.Hi), ext(k, wk, y.Lo), ext(k, wk, y.Hi)
	if sub {
		return arith.FSub(wk, arith.Downward, xl, yh), arith.FSub(wk, arith.Upward, xh, yl)
	}
	return arith.FAdd(wk, arith.Downward, xl, yl), arith.FAdd(wk, arith.Upward, xh, yh)
}

// prodBounds are outward bounds (kind wk) of the exact x · y.
func prodBounds(wk arith.Kind, x, y FVal) (arith.Word, arith.Word) {
	k := x.K
	xs := [2]arith.Word{ext(k, wk, x.Lo), ext(k, wk, x.Hi)}
	ys := [2]arith.Word{ext(y.K, wk, y.Lo), ext(y.K, wk, y.Hi)}
	var lo, hi arith.Word
	for i, a := range xs {
		for j, b := range ys {
			l, h := arith.FMul(wk, arith.Downward, a, b), arith.FMul(wk, arith.Upward, a, b)
			if i+j == 0 {
				lo, hi = l, h
				continue
			}
			lo, hi = fmin(wk, lo, l), fmax(wk, hi, h)
		}
	}
	return lo, hi
}

// scaleExact reports whether x·2^j is exact for every value of x: no
// overflow, and every nonzero result normal or on the subnormal grid.
func scaleExact(x FVal, j int) bool {
	k, wk := x.K, wideOf(x.K)
	f := fmtOf(k)
	s := pow2W(wk, j)
	if arith.IsZero(wk, s) || arith.IsInf(wk, s) {
		return false
	}
	hi := arith.FMul(wk, arith.Upward, ext(k, wk, maxAbs(x)), s)
	if !fle(wk, hi, ext(k, wk, maxFinite(k))) {
		return false
	}
	if x.GridExp()+j >= f.minSubExp() {
		return true
	}
	m, ok := minAbsNZ(x)
	return !ok || fle(wk, pow2W(wk, f.emin), arith.FMul(wk, arith.Downward, ext(k, wk, m), s))
}

// pow2Operand returns j when v is the single value ±2^j.
func pow2Operand(v FVal) (int, bool) {
	if w, ok := v.single(); ok {
		return isPow2(v.K, w)
	}
	return 0, false
}

// mulExact reports whether x·y is exact for all finite x, y.
func mulExact(x, y FVal) bool {
	if x.onlyZero() || y.onlyZero() {
		return true
	}
	if j, ok := pow2Operand(y); ok && scaleExact(x, j) {
		return true
	}
	if j, ok := pow2Operand(x); ok && scaleExact(y, j) {
		return true
	}
	wk := wideOf(x.K)
	lo, hi := prodBounds(wk, x, y)
	return representable(x.K, wk, lo, hi, x.GridExp()+y.GridExp())
}

// mulNotTiny reports whether every nonzero exact x·y is at least T.
func mulNotTiny(ms Modes, x, y FVal) bool {
	k, wk := x.K, wideOf(x.K)
	mx, okx := minAbsNZ(x)
	my, oky := minAbsNZ(y)
	if !okx || !oky || x.GridExp()+y.GridExp() >= fmtOf(k).emin {
		return true
	}
	l := arith.FMul(wk, arith.TowardZero, ext(k, wk, mx), ext(k, wk, my))
	return fle(wk, tinyBelow(k, wk, ms), l)
}

// pointFlags are the flags of op on the single values of x and y, in every
// mode of ms and for both zeros (false when either is not one value).
func pointFlags(op arith.FlagOp, ms Modes, xs ...FVal) (arith.Flags, bool) {
	var ws [3][]arith.Word
	for i, v := range xs {
		w, ok := v.single()
		if !ok {
			return 0, false
		}
		ws[i] = []arith.Word{w}
		if arith.IsZero(v.K, w) {
			ws[i] = append(ws[i], negZero(v.K))
		}
	}
	for i := len(xs); i < 3; i++ {
		ws[i] = []arith.Word{{}}
	}
	var f arith.Flags
	for m := arith.RoundingMode(0); m < 4; m++ {
		if ms&ModeOf(m) == 0 {
			continue
		}
		for _, a := range ws[0] {
			for _, b := range ws[1] {
				for _, c := range ws[2] {
					if op == arith.FlagFMA {
						// Fused (llvm.fma, fma) or not (llvm.fmuladd).
						p := arith.FMul(xs[0].K, m, a, b)
						f |= arith.OpFlags(arith.FlagMul, xs[0].K, m, 0, a, b, arith.Word{}) |
							arith.OpFlags(arith.FlagAdd, xs[0].K, m, 0, p, c, arith.Word{})
					}
					f |= arith.OpFlags(op, xs[0].K, m, 0, a, b, c)
				}
			}
		}
	}
	return f, true
}

const ufIX = arith.FlagUnderflow | arith.FlagInexact

// binUF is the underflow and inexact flags x op y may raise.
func binUF(op FBinOp, ms Modes, x, y FVal) arith.Flags {
	fx, fy := finitePart(x), finitePart(y)
	if fx.Empty || fy.Empty || op == FRem {
		return 0
	}
	flop := [...]arith.FlagOp{FAdd: arith.FlagAdd, FSub: arith.FlagSub, FMul: arith.FlagMul, FDiv: arith.FlagDiv}[op]
	if f, ok := pointFlags(flop, ms, fx, fy); ok {
		return f & ufIX
	}
	k, wk := x.K, wideOf(x.K)
	switch op {
	case FAdd, FSub:
		lo, hi := sumBounds(op == FSub, wk, fx, fy)
		if representable(k, wk, lo, hi, min(fx.GridExp(), fy.GridExp())) {
			return 0
		}
		return arith.FlagInexact
	case FMul:
		if mulExact(fx, fy) {
			return 0
		}
		if mulNotTiny(ms, fx, fy) {
			return arith.FlagInexact
		}
		return ufIX
	}
	// Division: exact by ±2^j, or of zero alone.
	if fx.onlyZero() {
		return 0
	}
	if j, ok := pow2Operand(fy); ok && scaleExact(fx, -j) {
		return 0
	}
	mx, _ := minAbsNZ(fx)
	l := arith.FDiv(wk, arith.TowardZero, ext(k, wk, mx), ext(k, wk, maxAbs(fy)))
	if fle(wk, tinyBelow(k, wk, ms), l) {
		return arith.FlagInexact
	}
	return ufIX
}

// fmaUF is the underflow and inexact flags of fma/fmuladd on x, y, z,
// fused or not: the product's own flags (fmuladd multiplies first, and
// glibc's fma returns x·y + z for a NaN or infinite z), and the fused
// result's.
func fmaUF(ms Modes, x, y, z FVal) arith.Flags {
	fx, fy, fz := finitePart(x), finitePart(y), finitePart(z)
	if fx.Empty || fy.Empty {
		return 0
	}
	f := binUF(FMul, ms, fx, fy)
	if fz.Empty {
		return f
	}
	if pf, ok := pointFlags(arith.FlagFMA, ms, fx, fy, fz); ok {
		return f | pf&ufIX
	}
	k, wk := x.K, wideOf(x.K)
	pl, ph := prodBounds(wk, fx, fy)
	zl, zh := ext(k, wk, fz.Lo), ext(k, wk, fz.Hi)
	sl, sh := arith.FAdd(wk, arith.Downward, pl, zl), arith.FAdd(wk, arith.Upward, ph, zh)
	g := min(fx.GridExp()+fy.GridExp(), fz.GridExp())
	if f == 0 && representable(k, wk, sl, sh, g) {
		return 0
	}
	t := tinyBelow(k, wk, ms)
	if g >= fmtOf(k).emin || fle(wk, t, sl) || fle(wk, sh, arith.FNeg(wk, t)) {
		return f | arith.FlagInexact
	}
	return ufIX
}

// sqrtUF is the inexact flag sqrt of x may raise (never underflow).
func sqrtUF(ms Modes, x FVal) arith.Flags {
	fx := finitePart(x)
	if fx.Empty || fx.onlyZero() {
		return 0
	}
	if f, ok := pointFlags(arith.FlagSqrt, ms, fx); ok {
		return f & ufIX
	}
	return arith.FlagInexact
}

// convUF is the underflow and inexact flags of a conversion of x (fpext,
// fptrunc, fptosi, fptoui) to type to.
func convUF(op ir.Op, ms Modes, x FVal, to *ir.Type) arith.Flags {
	fx := finitePart(x)
	k := x.K
	switch op {
	case ir.OpFPExt:
		return 0
	case ir.OpFPTrunc:
		if fx.Empty || fx.onlyZero() {
			return 0
		}
		if w, ok := fx.single(); ok {
			var f arith.Flags
			for m := arith.RoundingMode(0); m < 4; m++ {
				if ms&ModeOf(m) != 0 {
					f |= arith.FPConvFlags(k, to.FK, m, w)
				}
			}
			return f & ufIX
		}
		if representable(to.FK, k, fx.Lo, fx.Hi, fx.GridExp()) {
			return 0
		}
		m, _ := minAbsNZ(fx)
		if fle(k, tinyBelow(to.FK, k, ms), m) || fx.GridExp() >= fmtOf(to.FK).emin {
			return arith.FlagInexact
		}
		return ufIX
	}
	// fptosi/fptoui: NaN, ±INF or out of range is invalid (and may be
	// anything else: not analysed); in range, inexact when not integral.
	if toIntBad(x, to.Bits, op == ir.OpFPToUI) {
		return arith.FlagInexact
	}
	if fx.Empty || fx.onlyZero() {
		return 0
	}
	if fx.GridExp() < 0 {
		return arith.FlagInexact
	}
	if op == ir.OpFPToUI && to.Bits == 64 && k != arith.F80 {
		// clang also computes x − 2^63 (round-to-nearest) and converts it.
		wk := wideOf(k)
		c := pow2W(wk, 63)
		lo := arith.FSub(wk, arith.Downward, ext(k, wk, fx.Lo), c)
		hi := arith.FSub(wk, arith.Upward, ext(k, wk, fx.Hi), c)
		if !representable(k, wk, lo, hi, min(fx.GridExp(), 63)) {
			return arith.FlagInexact
		}
	}
	return 0
}

// intToFPUF is the inexact flag sitofp/uitofp of the integers iv may
// raise: exact when every |n| <= 2^p.
func intToFPUF(ms Modes, iv IVal, k arith.Kind, unsigned bool) arith.Flags {
	if iv.Empty {
		return 0
	}
	if iv.Bits > 64 || (unsigned && iv.Lo < 0) {
		return arith.FlagInexact
	}
	if n, ok := iv.Single(); ok {
		var f arith.Flags
		for m := arith.RoundingMode(0); m < 4; m++ {
			if ms&ModeOf(m) != 0 {
				f |= arith.IntToFPFlags(iv.Bits, k, m, arith.FromInt64(n, iv.Bits), !unsigned)
			}
		}
		return f & ufIX
	}
	lim := uint64(1) << min(fmtOf(k).p, 63)
	mag := func(n int64) uint64 {
		if n < 0 {
			return uint64(-(n + 1)) + 1
		}
		return uint64(n)
	}
	if mag(iv.Lo) <= lim && mag(iv.Hi) <= lim {
		return 0
	}
	return arith.FlagInexact
}
