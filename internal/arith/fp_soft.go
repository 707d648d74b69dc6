package arith

// Pure-Go float/double semantics. Go's float32/float64 arithmetic on amd64
// compiles to the scalar SSE instructions (addss/addsd, ...) under the
// default MXCSR (round to nearest even), so the NearestEven results are the
// hardware's. Two things are done by hand because Go does not guarantee
// them:
//   - NaN selection. SSE returns the FIRST NaN operand (quieted), but the
//     Go compiler may commute the operands of + and *, so whenever the
//     result is a NaN it is recomputed from the operand bits here. This also
//     pins the default NaN to x86's negative quiet NaN on any host.
//   - No fusion: every product is converted explicitly (float64(x*y)) so the
//     compiler can never contract x*y+z into an FMA.

import (
	"math"
	"math/bits"
)

func isNaN32(b uint32) bool { return b&^f32Sign > f32Exp }
func isNaN64(b uint64) bool { return b&^f64Sign > f64Exp }

// nan2 returns the SSE result of a binary operation whose result is NaN:
// the first NaN operand quieted, else (invalid operation) the default NaN.
func nan2_32(a, b uint32) uint32 {
	if isNaN32(a) {
		return a | f32Quiet
	}
	if isNaN32(b) {
		return b | f32Quiet
	}
	return defaultNaN32
}

func nan2_64(a, b uint64) uint64 {
	if isNaN64(a) {
		return a | f64Quiet
	}
	if isNaN64(b) {
		return b | f64Quiet
	}
	return defaultNaN64
}

func add32(a, b uint32) uint32 {
	r := math.Float32frombits(a) + math.Float32frombits(b)
	if r != r {
		return nan2_32(a, b)
	}
	return math.Float32bits(r)
}

func sub32(a, b uint32) uint32 {
	r := math.Float32frombits(a) - math.Float32frombits(b)
	if r != r {
		return nan2_32(a, b)
	}
	return math.Float32bits(r)
}

func mul32(a, b uint32) uint32 {
	r := math.Float32frombits(a) * math.Float32frombits(b)
	if r != r {
		return nan2_32(a, b)
	}
	return math.Float32bits(r)
}

func div32(a, b uint32) uint32 {
	r := math.Float32frombits(a) / math.Float32frombits(b)
	if r != r {
		return nan2_32(a, b)
	}
	return math.Float32bits(r)
}

func add64(a, b uint64) uint64 {
	r := math.Float64frombits(a) + math.Float64frombits(b)
	if r != r {
		return nan2_64(a, b)
	}
	return math.Float64bits(r)
}

func sub64(a, b uint64) uint64 {
	r := math.Float64frombits(a) - math.Float64frombits(b)
	if r != r {
		return nan2_64(a, b)
	}
	return math.Float64bits(r)
}

func mul64(a, b uint64) uint64 {
	r := math.Float64frombits(a) * math.Float64frombits(b)
	if r != r {
		return nan2_64(a, b)
	}
	return math.Float64bits(r)
}

func div64(a, b uint64) uint64 {
	r := math.Float64frombits(a) / math.Float64frombits(b)
	if r != r {
		return nan2_64(a, b)
	}
	return math.Float64bits(r)
}

func sqrt64(a uint64) uint64 {
	r := math.Sqrt(math.Float64frombits(a))
	if r != r {
		if isNaN64(a) {
			return a | f64Quiet
		}
		return defaultNaN64
	}
	return math.Float64bits(r)
}

// sqrt32 rounds the double square root to float: double rounding is
// harmless for sqrt because 53 >= 2*24+2.
func sqrt32(a uint32) uint32 {
	r := float32(math.Sqrt(float64(math.Float32frombits(a))))
	if r != r {
		if isNaN32(a) {
			return a | f32Quiet
		}
		return defaultNaN32
	}
	return math.Float32bits(r)
}

func fma64(a, b, c uint64) uint64 {
	switch { // NaN priority measured through glibc (vfmadd213): b, a, c
	case isNaN64(b):
		return b | f64Quiet
	case isNaN64(a):
		return a | f64Quiet
	case isNaN64(c):
		return c | f64Quiet
	}
	x, y, z := math.Float64frombits(a), math.Float64frombits(b), math.Float64frombits(c)
	if x == 0 || y == 0 || math.IsInf(x, 0) || math.IsInf(y, 0) {
		// The product is exact (0, ±inf or invalid), so one rounding.
		p := float64(x * y)
		r := p + z
		if r != r {
			return defaultNaN64
		}
		return math.Float64bits(r)
	}
	if math.IsInf(z, 0) {
		return c
	}
	if z == 0 {
		// round(x*y ± 0) = round(x*y) for a nonzero exact product; this
		// also gets the sign right when the product underflows to zero.
		return math.Float64bits(float64(x * y))
	}
	return math.Float64bits(math.FMA(x, y, z))
}

// fma32 computes the float FMA exactly in double: the product of two floats
// is exact in double, the sum is rounded to odd (TwoSum gives the exact
// error), and round-to-odd at 53 bits followed by rounding to 24 bits is a
// correct single rounding.
func fma32(a, b, c uint32) uint32 {
	switch { // NaN priority measured through glibc (vfmadd213): b, a, c
	case isNaN32(b):
		return b | f32Quiet
	case isNaN32(a):
		return a | f32Quiet
	case isNaN32(c):
		return c | f32Quiet
	}
	x := float64(math.Float32frombits(a))
	y := float64(math.Float32frombits(b))
	z := float64(math.Float32frombits(c))
	p := float64(x * y) // exact: 24+24 bits, exponent range fits
	s := float64(p + z)
	if s != s {
		return defaultNaN32
	}
	if !math.IsInf(s, 0) && s != 0 {
		bb := float64(s - p)
		e := float64(float64(p-float64(s-bb)) + float64(z-bb))
		sb := math.Float64bits(s)
		if e != 0 && sb&1 == 0 {
			// Move s one ulp toward the exact value to make it odd.
			if (e > 0) == (s > 0) {
				sb++
			} else {
				sb--
			}
			s = math.Float64frombits(sb)
		}
	}
	return math.Float32bits(float32(s))
}

// minnum/maxnum: clang-14's x86 lowering of llvm.minnum/maxnum for
// float/double: isnan(a) ? b : minsd(b, a), with minsd(x, y) = x < y ? x : y.
func minnum64(a, b uint64) uint64 {
	x, y := math.Float64frombits(a), math.Float64frombits(b)
	if x != x || y < x {
		return b
	}
	return a
}

func maxnum64(a, b uint64) uint64 {
	x, y := math.Float64frombits(a), math.Float64frombits(b)
	if x != x || y > x {
		return b
	}
	return a
}

func minnum32(a, b uint32) uint32 {
	x, y := math.Float32frombits(a), math.Float32frombits(b)
	if x != x || y < x {
		return b
	}
	return a
}

func maxnum32(a, b uint32) uint32 {
	x, y := math.Float32frombits(a), math.Float32frombits(b)
	if x != x || y > x {
		return b
	}
	return a
}

// unpack64 returns m, e with |x| = m * 2^e for a finite double.
func unpack64(b uint64) (m uint64, e int) {
	ex := int(b >> 52 & 0x7ff)
	if ex == 0 {
		return b & f64Frac, -1074
	}
	return b&f64Frac | 1<<52, ex - 1075
}

// pack64 returns the double m * 2^e with the given sign bit; the value must
// be exactly representable and m < 2^53.
func pack64(sign uint64, m uint64, e int) uint64 {
	if m == 0 {
		return sign
	}
	if sh := 53 - bits.Len64(m); sh > 0 {
		if room := e + 1074; sh > room {
			sh = room
		}
		m <<= uint(sh)
		e -= sh
	}
	if m < 1<<52 { // subnormal, e == -1074
		return sign | m
	}
	return sign | uint64(e+1075)<<52 | m&f64Frac
}

// fmod64 is glibc fmod: exact remainder with the sign of a.
func fmod64(a, b uint64) uint64 {
	switch {
	case isNaN64(a):
		return a | f64Quiet
	case isNaN64(b):
		return b | f64Quiet
	}
	aa, ab := a&^f64Sign, b&^f64Sign
	if aa == f64Exp || ab == 0 {
		return defaultNaN64
	}
	if aa < ab { // includes b = ±inf and a = ±0
		return a
	}
	sign := a & f64Sign
	if aa == ab {
		return sign
	}
	ma, ea := unpack64(aa)
	mb, eb := unpack64(ab)
	r := ma % mb
	// r = (ma * 2^(ea-eb)) mod mb, 64 bits of shift at a time.
	for d := ea - eb; d > 0; {
		s := d
		if s > 64 {
			s = 64
		}
		r = bits.Rem64(r>>(64-uint(s)), r<<uint(s), mb)
		d -= s
	}
	return pack64(sign, r, eb)
}

func fmod32(a, b uint32) uint32 {
	switch {
	case isNaN32(a):
		return a | f32Quiet
	case isNaN32(b):
		return b | f32Quiet
	}
	// The exact remainder of two floats is a float; compute it in double.
	r := fmod64(ext32to64(a), ext32to64(b))
	return math.Float32bits(float32(math.Float64frombits(r)))
}

// remainderFdlibm computes the IEEE remainder of two doubles with the
// fdlibm algorithm that glibc's remainderf uses (fmod by 2|b|, then at most
// two corrective subtractions). For float operands every step is exact in
// double, so evaluating it in double gives remainderf's results. Special
// operands are handled by the caller.
func remainderFdlibm(x, p float64) float64 {
	sx := math.Float64bits(x) & f64Sign
	p = math.Abs(p)
	if p < 0x1p1023 {
		x = math.Float64frombits(fmod64(math.Float64bits(x), math.Float64bits(p+p)))
	}
	ax := math.Abs(x)
	if ax == p {
		return math.Float64frombits(sx)
	}
	if p < 0x1p-1021 {
		if ax+ax > p {
			ax -= p
			if ax+ax >= p {
				ax -= p
			}
		}
	} else {
		ph := 0.5 * p
		if ax > ph {
			ax -= p
			if ax >= ph {
				ax -= p
			}
		}
	}
	return math.Float64frombits(math.Float64bits(ax) ^ sx)
}

// remainder32 is glibc remainderf. NaN rule: a NaN a wins (x*p computed
// with x first), unlike remainder.
func remainder32(a, b uint32) uint32 {
	switch {
	case isNaN32(a):
		return a | f32Quiet
	case isNaN32(b):
		return b | f32Quiet
	}
	aa, ab := a&^f32Sign, b&^f32Sign
	if aa == f32Exp || ab == 0 {
		return defaultNaN32
	}
	if ab == f32Exp || aa == 0 {
		return a
	}
	x := float64(math.Float32frombits(a))
	p := float64(math.Float32frombits(b))
	return math.Float32bits(float32(remainderFdlibm(x, p)))
}

// remainder64 is glibc 2.36's remainder(): the IBM Accurate Mathematical
// Library routine (sysdeps/ieee754/dbl-64/e_remainder.c), replayed step by
// step because the sign of its zero results is not IEEE's "sign of a"
// (e.g. a tiny |b| takes a path via an intermediate remainder whose sign
// leaks into a zero result). NaN rule (measured): a NaN b wins over a NaN a.
func remainder64(a, b uint64) uint64 {
	switch {
	case isNaN64(b):
		return b | f64Quiet
	case isNaN64(a):
		return a | f64Quiet
	}
	aa, ab := a&^f64Sign, b&^f64Sign
	if aa == f64Exp || ab == 0 {
		return defaultNaN64
	}
	if ab == f64Exp {
		return a
	}
	return math.Float64bits(uremainder(math.Float64frombits(a), math.Float64frombits(b)))
}

const uremBig = 0x1.8p52 // (z+big)-big rounds z to an integer

// setHigh replaces the upper 32 bits of x's encoding.
func setHigh(x float64, h int32) float64 {
	return math.Float64frombits(math.Float64bits(x)&0xffffffff | uint64(uint32(h))<<32)
}

func high(x float64) int32 { return int32(math.Float64bits(x) >> 32) }

// uremainder is __ieee754_remainder for finite x and finite nonzero y. All
// arithmetic is double under round-to-nearest (the C code forces it), and
// every product is converted explicitly so Go cannot fuse it into an FMA.
func uremainder(x, y float64) float64 {
	kx := high(x) & 0x7fffffff
	t := math.Abs(y)
	ky := high(t)
	tlo := uint32(math.Float64bits(t))
	if kx < 0x7fe00000 && ky >= 0x03500000 {
		if kx+0x00100000 < ky {
			return x
		}
		if kx-0x01500000 < ky {
			z := x / t
			v := math.Float64frombits(math.Float64bits(t) &^ 0xffffffff)
			d := float64(z+uremBig) - uremBig
			xx := float64(x-float64(d*v)) - float64(d*float64(t-v))
			if dz := d - z; dz != 0.5 && dz != -0.5 {
				if xx != 0 {
					return xx
				}
				if x > 0 {
					return 0
				}
				return math.Copysign(0, -1)
			}
			if math.Abs(xx) > float64(0.5*t) {
				if z > d {
					return xx - t
				}
				return xx + t
			}
			return xx
		}
		r := 1.0 / t
		n := ky
		nn := n&0x7ff00000 + 0x01400000
		w := math.Float64frombits(uint64(uint32(n)) << 32)
		ww := t - w
		l := int32(uint32(kx-nn) & 0xfff00000)
		n1 := high(ww)
		m1 := high(r)
		u := x
		for l > 0 {
			r = setHigh(r, m1-l)
			z := float64(u * r)
			w = setHigh(w, n+l)
			if n1 != 0 {
				ww = setHigh(ww, n1+l)
			} else {
				ww = setHigh(ww, n1)
			}
			d := float64(z+uremBig) - uremBig
			u = float64(u-float64(d*w)) - float64(d*ww)
			l = high(u)&0x7ff00000 - nn
		}
		r = setHigh(r, m1)
		w = setHigh(w, n)
		ww = setHigh(ww, n1)
		z := float64(u * r)
		d := float64(z+uremBig) - uremBig
		u = float64(u-float64(d*w)) - float64(d*ww)
		switch au, ht := math.Abs(u), float64(0.5*t); {
		case au < ht:
			if u != 0 {
				return u
			}
			if x > 0 {
				return 0
			}
			return math.Copysign(0, -1)
		case au > ht:
			if d > z {
				return u + t
			}
			return u - t
		}
		z = u / t
		d = float64(z+uremBig) - uremBig
		return float64(u-float64(d*w)) - float64(d*ww)
	}
	if kx < 0x7fe00000 && (ky > 0 || tlo != 0) {
		yy := float64(t * 0x1p128)
		z := float64(uremainder(x, yy) * 0x1p128)
		return float64(uremainder(z, yy) * 0x1p-128)
	}
	if kx&0x7ff00000 == 0x7fe00000 {
		z := float64(2.0 * uremainder(float64(0.5*x), t))
		d := math.Abs(z)
		switch {
		case d <= math.Abs(d-t):
			return z
		case d == t:
			return math.Copysign(0, x)
		case z > 0:
			return z - t
		}
		return z + t
	}
	return x
}

// integralMode resolves how/rm into one of Floor, Ceil, Trunc, Round,
// RoundEven.
func integralMode(how Integral, rm RoundingMode) Integral {
	if how == Rint || how == NearbyInt {
		switch rm {
		case Downward:
			return Floor
		case Upward:
			return Ceil
		case TowardZero:
			return Trunc
		}
		return RoundEven
	}
	return how
}

// roundIntBits rounds the IEEE pattern b (fraction width fw, exponent bias
// bias, total exponent mask expMask at position fw) to an integral value.
// It works on the encoding: adding one unit in the last integral place to
// the pattern carries into the exponent exactly as the value requires.
func roundIntBits(b uint64, fw uint, bias int, signBit uint64, how Integral) uint64 {
	mag := b &^ signBit
	neg := b&signBit != 0
	e := int(mag>>fw) - bias // unbiased exponent
	if e >= int(fw) {
		return b // integral already (and inf; NaN handled by caller)
	}
	if mag == 0 {
		return b
	}
	if e < 0 { // 0 < |x| < 1
		one := uint64(bias) << fw
		up := false
		switch how {
		case Floor:
			up = neg
		case Ceil:
			up = !neg
		case Round:
			up = e == -1
		case RoundEven:
			up = e == -1 && mag&(1<<fw-1) != 0 // > 0.5
		}
		if up {
			return b&signBit | one
		}
		return b & signBit
	}
	fracBits := fw - uint(e)
	mask := uint64(1)<<fracBits - 1
	frac := mag & mask
	if frac == 0 {
		return b
	}
	t := b &^ mask
	half := uint64(1) << (fracBits - 1)
	up := false
	switch how {
	case Floor:
		up = neg
	case Ceil:
		up = !neg
	case Round:
		up = frac >= half
	case RoundEven:
		up = frac > half || frac == half && t>>fracBits&1 != 0
	}
	if up {
		t += 1 << fracBits
	}
	return t
}

func roundInt64(b uint64, how Integral, rm RoundingMode) uint64 {
	if isNaN64(b) {
		return b | f64Quiet
	}
	return roundIntBits(b, 52, 1023, f64Sign, integralMode(how, rm))
}

func roundInt32(b uint32, how Integral, rm RoundingMode) uint32 {
	if isNaN32(b) {
		return b | f32Quiet
	}
	return uint32(roundIntBits(uint64(b), 23, 127, f32Sign, integralMode(how, rm)))
}

// ext32to64 is cvtss2sd: exact, NaNs quieted with the payload shifted up.
func ext32to64(b uint32) uint64 {
	if isNaN32(b) {
		return uint64(b&f32Sign)<<32 | f64Exp | f64Quiet | uint64(b&f32Frac)<<29
	}
	return math.Float64bits(float64(math.Float32frombits(b)))
}

// trunc64to32 is cvtsd2ss under NearestEven: NaNs keep the top 22 payload
// bits and are quieted.
func trunc64to32(b uint64) uint32 {
	if isNaN64(b) {
		return uint32(b>>32)&f32Sign | f32Exp | f32Quiet | uint32(b&f64Frac>>29)
	}
	return math.Float32bits(float32(math.Float64frombits(b)))
}

// ext64to80 is x87 fld m64: exact, subnormals normalised, NaNs quieted.
func ext64to80(b uint64) Word {
	s := b >> 63 << 15
	e := b >> 52 & 0x7ff
	f := b & f64Frac
	switch {
	case e == 0x7ff && f == 0:
		return Word{Lo: f80Int, Hi: s | f80Exp}
	case e == 0x7ff:
		return Word{Lo: f80Int | f80Quiet | f<<11, Hi: s | f80Exp}
	case e == 0 && f == 0:
		return Word{Hi: s}
	case e == 0:
		l := bits.Len64(f)
		return Word{Lo: f << uint(64-l), Hi: s | uint64(l-1-1074+16383)}
	}
	return Word{Lo: f80Int | f<<11, Hi: s | (e - 1023 + 16383)}
}
