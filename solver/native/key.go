package native

import "github.com/floatsym/floatsym/internal/arith"

// Floating-point values are ordered by keys: dense unsigned 80-bit integers
// (held in an arith.Word) in the order -INF < … < -minsub < -0 < +0 <
// minsub < … < +INF, one key per canonical value and consecutive keys for
// consecutive floats. Intervals of keys are the FP domains; the next and
// previous float are key ± 1, and the key span counts the floats. The
// magnitude index of a value is its bits without the sign for float and
// double; for x86_fp80 it is exponent·2^63 + fraction (the explicit
// integer bit dropped), which is dense over the valid encodings.
// Key(+x) = keyZero + index, Key(-x) = keyZero - 1 - index.

// keyZero is the key of +0.0; keyZero-1 is -0.0.
var keyZero = arith.Word{Hi: 1 << 15}

const mask63 = 1<<63 - 1

func kAdd(a arith.Word, n uint64) arith.Word { return arith.Add(a, arith.Word{Lo: n}, 128) }
func kSub(a arith.Word, n uint64) arith.Word { return arith.Sub(a, arith.Word{Lo: n}, 128) }
func kLess(a, b arith.Word) bool             { return arith.ULess(a, b) }
func kLE(a, b arith.Word) bool               { return !arith.ULess(b, a) }
func kMin(a, b arith.Word) arith.Word {
	if kLess(b, a) {
		return b
	}
	return a
}
func kMax(a, b arith.Word) arith.Word {
	if kLess(a, b) {
		return b
	}
	return a
}

// kMid is the key halfway between a ≤ b (rounded down).
func kMid(a, b arith.Word) arith.Word {
	d := arith.LShr(arith.Sub(b, a, 128), arith.Word{Lo: 1}, 128)
	return arith.Add(a, d, 128)
}

// kSpan is b-a as a float64 (an approximate count of floats).
func kSpan(a, b arith.Word) float64 {
	d := arith.Sub(b, a, 128)
	return float64(d.Hi)*18446744073709551616.0 + float64(d.Lo)
}

// infIndex is the magnitude index of infinity of kind k.
func infIndex(k arith.Kind) arith.Word {
	switch k {
	case arith.F32:
		return arith.Word{Lo: 0x7f800000}
	case arith.F64:
		return arith.Word{Lo: 0x7ff0000000000000}
	}
	// exponent 0x7fff, fraction 0: 0x7fff << 63.
	return arith.Word{Lo: 1 << 63, Hi: 0x7fff >> 1}
}

// keyPosInf / keyNegInf bound the keys of kind k.
func keyPosInf(k arith.Kind) arith.Word { return arith.Add(keyZero, infIndex(k), 128) }
func keyNegInf(k arith.Kind) arith.Word {
	return arith.Sub(kSub(keyZero, 1), infIndex(k), 128)
}

// Keys of signed zeros and the smallest subnormals.
var (
	keyPosZero = keyZero
	keyNegZero = arith.Word{Lo: mask63 | 1<<63, Hi: 1<<15 - 1}
)

func isZeroKey(a arith.Word) bool { return a == keyPosZero || a == keyNegZero }

// keyOf returns the key of a non-NaN value w of kind k (ok false for NaN,
// including the x87 invalid encodings arith treats as NaN).
func keyOf(k arith.Kind, w arith.Word) (arith.Word, bool) {
	if arith.IsNaN(k, w) {
		return arith.Word{}, false
	}
	var idx arith.Word
	var neg bool
	switch k {
	case arith.F32:
		b := w.Lo & 0xffffffff
		idx, neg = arith.Word{Lo: b & 0x7fffffff}, b>>31 == 1
	case arith.F64:
		idx, neg = arith.Word{Lo: w.Lo & mask63}, w.Lo>>63 == 1
	default:
		e := w.Hi & 0x7fff
		neg = w.Hi&0x8000 != 0
		if e == 0 && w.Lo>>63 == 1 {
			e = 1 // pseudo-denormal: the value of exponent 1
		}
		// idx = e<<63 | fraction
		idx = arith.Word{Lo: w.Lo&mask63 | (e&1)<<63, Hi: e >> 1}
	}
	if neg {
		return arith.Sub(kSub(keyZero, 1), idx, 128), true
	}
	return arith.Add(keyZero, idx, 128), true
}

// valueOf returns the canonical value of kind k with key a.
func valueOf(k arith.Kind, a arith.Word) arith.Word {
	neg := kLess(a, keyZero)
	var idx arith.Word
	if neg {
		idx = arith.Sub(kSub(keyZero, 1), a, 128)
	} else {
		idx = arith.Sub(a, keyZero, 128)
	}
	switch k {
	case arith.F32:
		v := idx.Lo
		if neg {
			v |= 1 << 31
		}
		return arith.Word{Lo: v}
	case arith.F64:
		v := idx.Lo
		if neg {
			v |= 1 << 63
		}
		return arith.Word{Lo: v}
	}
	e := idx.Hi<<1 | idx.Lo>>63
	m := idx.Lo & mask63
	if e != 0 {
		m |= 1 << 63
	}
	if neg {
		e |= 0x8000
	}
	return arith.Word{Lo: m, Hi: e}
}

// keyNeg mirrors a key: the key of the negated value.
func keyNeg(a arith.Word) arith.Word {
	return arith.Sub(arith.Word{Lo: ^uint64(0), Hi: 1<<16 - 1}, a, 128)
}

// Finite extremes and the smallest subnormals.
func keyMaxFinite(k arith.Kind) arith.Word { return kSub(keyPosInf(k), 1) }
func keyMinFinite(k arith.Kind) arith.Word { return kAdd(keyNegInf(k), 1) }

var (
	keyPosMinSub = kAdd(keyPosZero, 1)
	keyNegMinSub = kSub(keyNegZero, 1)
)

// Numeric neighbours, for comparisons where -0 == +0: the greatest key
// numerically below a, the least numerically above, and the zero-widened
// bounds (a ≤ b numerically iff key(a) ≤ up(b)).
func numBelow(a arith.Word) arith.Word {
	if isZeroKey(a) {
		return keyNegMinSub
	}
	return kSub(a, 1)
}
func numAbove(a arith.Word) arith.Word {
	if isZeroKey(a) {
		return keyPosMinSub
	}
	return kAdd(a, 1)
}
func numUp(a arith.Word) arith.Word {
	if a == keyNegZero {
		return keyPosZero
	}
	return a
}
func numDown(a arith.Word) arith.Word {
	if a == keyPosZero {
		return keyNegZero
	}
	return a
}

// numLE / numLT compare keys numerically (-0 == +0).
func numLE(a, b arith.Word) bool { return kLE(a, numUp(b)) }
func numLT(a, b arith.Word) bool { return kLE(a, numBelow(b)) }
