package arith

// Pure-Go float<->integer conversions: the SSE cvtt* instructions, the
// unsigned sequences clang emits around them, libgcc's 128-bit helpers,
// and correctly rounded integer-to-float for every kind and mode.

import (
	"math"
	"math/bits"
)

// cvtt32 is cvttsd2si with a 32-bit destination (every float is exactly a
// double, so it also serves cvttss2si): out of range or NaN gives the
// integer indefinite 0x80000000.
func cvtt32(x float64) uint32 {
	if x > -2147483649.0 && x < 2147483648.0 {
		return uint32(int32(x))
	}
	return 0x80000000
}

// cvtt64 is cvttsd2si/cvttss2si with a 64-bit destination.
func cvtt64(x float64) uint64 {
	if x >= -0x1p63 && x < 0x1p63 {
		return uint64(int64(x))
	}
	return 0x8000000000000000
}

func fpToSISoft(x float64, width int) Word {
	switch {
	case width <= 32:
		return W64(uint64(cvtt32(x)))
	case width <= 64:
		return W64(cvtt64(x))
	}
	hi, lo := fixdfti(x)
	return Word{Lo: lo, Hi: hi}
}

func fpToUISoft(x float64, width int) Word {
	switch {
	case width <= 31:
		return W64(uint64(cvtt32(x)))
	case width <= 63:
		return W64(cvtt64(x))
	}
	hi, lo := fixunsdfti(x)
	return Word{Lo: lo, Hi: hi}
}

// fpToUI64Seq is clang's branch-free fptoui i64 for SSE; xm is x - 2^63
// computed in the source precision.
func fpToUI64Seq(x, xm float64) uint64 {
	r := cvtt64(x)
	if int64(r) < 0 {
		r |= cvtt64(xm)
	}
	return r
}

// cvtuns64 is gcc's unsigned 64-bit to double conversion as used inside
// libgcc (round-to-odd halving for values >= 2^63).
func cvtuns64(h uint64) float64 {
	if int64(h) >= 0 {
		return float64(int64(h))
	}
	return 2 * float64(int64(h>>1|h&1))
}

// cvttuns64 is gcc's double to unsigned 64-bit conversion as used inside
// libgcc: x >= 2^63 ? cvtt(x-2^63) ^ 2^63 : cvtt(x).
func cvttuns64(x float64) uint64 {
	if x >= 0x1p63 {
		return cvtt64(x-0x1p63) ^ 1<<63
	}
	return cvtt64(x)
}

// fixunsdfti replays libgcc's __fixunsdfti (libgcc2.c __fixunsdfDI as
// compiled by gcc 12 for x86_64) operation by operation, so that NaN and
// out-of-range inputs give the same (non-saturated) bits. All floating-point
// steps are exact for every input that matters, so the result does not
// depend on the rounding mode.
func fixunsdfti(a float64) (hi, lo uint64) {
	hi = cvttuns64(float64(a * 0x1p-64))
	r := a - float64(cvtuns64(hi)*0x1p64)
	lo = cvttuns64(r)
	return hi, lo
}

// fixdfti is libgcc's __fixdfti: a < 0 ? -__fixunsdfti(-a) : __fixunsdfti(a).
func fixdfti(a float64) (hi, lo uint64) {
	if a < 0 {
		hi, lo = fixunsdfti(-a)
		lo = -lo
		hi = -hi
		if lo != 0 {
			hi--
		}
		return hi, lo
	}
	return fixunsdfti(a)
}

// intToFloat converts the magnitude (hi, lo) with sign neg to kind k,
// correctly rounded per rm.
func intToFloat(k Kind, rm RoundingMode, neg bool, hi, lo uint64) Word {
	if hi == 0 && lo < 1<<63 && rm == NearestEven && k != F80 {
		// Fast path: cvtsi2sd/cvtsi2ss round to nearest even.
		v := int64(lo)
		if neg {
			v = -v
		}
		if k == F64 {
			return W64(math.Float64bits(float64(v)))
		}
		if k == F32 {
			return W64(uint64(math.Float32bits(float32(v))))
		}
	}
	var prec int
	switch k {
	case F32:
		prec = 24
	case F64:
		prec = 53
	case F80:
		prec = 64
	default:
		panic(badKind(k))
	}
	if hi == 0 && lo == 0 {
		return Word{}
	}
	n := bits.Len64(lo)
	if hi != 0 {
		n = 64 + bits.Len64(hi)
	}
	exp := n - 1
	var m uint64
	if n <= prec {
		m = lo << uint(prec-n)
	} else {
		s := uint(n - prec)
		// m = (hi,lo) >> s; round bit = bit s-1; sticky = bits below.
		var roundBit, sticky bool
		if s >= 64 {
			m = hi >> (s - 64)
			if s == 64 {
				roundBit = lo>>63 != 0
				sticky = lo<<1 != 0
			} else {
				roundBit = hi>>(s-65)&1 != 0
				sticky = lo != 0 || hi<<(129-s) != 0
			}
		} else {
			m = lo>>s | hi<<(64-s)
			roundBit = lo>>(s-1)&1 != 0
			sticky = lo<<(65-s) != 0
		}
		inc := false
		switch rm {
		case NearestEven:
			inc = roundBit && (sticky || m&1 != 0)
		case Upward:
			inc = !neg && (roundBit || sticky)
		case Downward:
			inc = neg && (roundBit || sticky)
		}
		if inc {
			m++
			if prec == 64 && m == 0 {
				m = 1 << 63
				exp++
			} else if prec < 64 && m == 1<<uint(prec) {
				m >>= 1
				exp++
			}
		}
	}
	switch k {
	case F32:
		var s uint64
		if neg {
			s = f32Sign
		}
		if exp > 127 {
			// Only reachable by rounding away from zero: infinity.
			return W64(s | f32Exp)
		}
		return W64(s | uint64(exp+127)<<23 | m&f32Frac)
	case F64:
		var s uint64
		if neg {
			s = f64Sign
		}
		return W64(s | uint64(exp+1023)<<52 | m&f64Frac)
	}
	var s uint64
	if neg {
		s = f80Sign
	}
	return Word{Lo: m, Hi: s | uint64(exp+16383)}
}
