package arith_test

import (
	"math"
	"math/rand/v2"
	"testing"

	. "github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/arith/internal/hwref"
)

var fpKinds = []Kind{F32, F64, F80}
var fpModes = []RoundingMode{NearestEven, Downward, Upward, TowardZero}

func fpToHW(w Word) hwref.W   { return hwref.W{Lo: w.Lo, Hi: w.Hi} }
func fpFromHW(w hwref.W) Word { return Word{Lo: w.Lo, Hi: w.Hi} }

func fpW32(b uint32) Word             { return Word{Lo: uint64(b)} }
func fpW80(hi uint16, lo uint64) Word { return Word{Lo: lo, Hi: uint64(hi)} }

// prec returns the significand precision (with the leading bit).
func fpPrec(k Kind) int {
	switch k {
	case F32:
		return 24
	case F64:
		return 53
	}
	return 64
}

// mk builds a normal (or, if the exponent is out of range, clamped) value of
// kind k: sign, unbiased exponent e, significand m with its leading 1 at
// bit 63 (lower bits beyond the precision are dropped).
func fpMake(k Kind, neg bool, e int, m uint64) Word {
	m |= 1 << 63
	switch k {
	case F32:
		e = max(min(e, 127), -126)
		b := uint32(e+127)<<23 | uint32(m>>40)&(1<<23-1)
		if neg {
			b |= 1 << 31
		}
		return fpW32(b)
	case F64:
		e = max(min(e, 1023), -1022)
		b := uint64(e+1023)<<52 | m>>11&(1<<52-1)
		if neg {
			b |= 1 << 63
		}
		return Word{Lo: b}
	}
	e = max(min(e, 16383), -16382)
	hi := uint64(e + 16383)
	if neg {
		hi |= 0x8000
	}
	return Word{Lo: m, Hi: hi}
}

func fpFromF64(k Kind, x float64) Word {
	switch k {
	case F32:
		return FromFloat32(float32(x))
	case F64:
		return FromFloat64(x)
	}
	return F80FromFloat64(x)
}

// edgeValues returns the hand-picked special values of kind k.
func fpEdgeValues(k Kind) []Word {
	var vs []Word
	nums := []float64{0, 1, 1.5, 2, 0.5, 2.5, 3.5, -0.49999999999999994, 0.5000000000000001,
		1 - 0x1p-24, 1 + 0x1p-23, 1 - 0x1p-53, 1 + 0x1p-52, 3, 7, 1e10, 1e-10, math.Pi,
		0x1p15, 0x1p15 - 1, 0x1p16, 0x1p31, 0x1p31 - 1, 0x1p31 - 128, 0x1p31 + 0.5, 0x1p31 + 1, 0x1p32, 0x1p32 - 256, 0x1p32 + 5,
		0x1p63, 0x1p63 - 1024, 0x1p63 + 2048, 0x1p64, 0x1p64 - 2048, 0x1p64 + 4096, 0x1p127, 0x1p127 * 1.5, 0x1p128,
		0x1p24 + 1, 0x1p24 + 2, 0x1p53 + 2, 0x1p52 + 0.5, 0x1p23 + 0.5, 0x1p300, 0x1p-300}
	for _, x := range nums {
		vs = append(vs, fpFromF64(k, x), fpFromF64(k, -x))
	}
	switch k {
	case F32:
		for _, b := range []uint32{1, 2, 0x007fffff, 0x00800000, 0x00800001, 0x7f7fffff, 0x7f800000,
			0x7fc00000, 0x7fc12345, 0x7f800001, 0x7f812345, 0x7fbfffff, 0x7fffffff, 0x4b000001, 0x3effffff, 0x3f000001} {
			vs = append(vs, fpW32(b), fpW32(b|1<<31))
		}
	case F64:
		for _, b := range []uint64{1, 2, 0x000fffffffffffff, 0x0010000000000000, 0x0010000000000001, 0x7fefffffffffffff,
			0x7ff0000000000000, 0x7ff8000000000000, 0x7ff8000000012345, 0x7ff0000000000001, 0x7ff4000000000000,
			0x7ff7ffffffffffff, 0x7fffffffffffffff, 0x7ff80000dead0000, 0x4330000000000001, 0x3fdfffffffffffff} {
			vs = append(vs, Word{Lo: b}, Word{Lo: b | 1<<63})
		}
	case F80:
		for _, p := range []struct {
			hi uint16
			lo uint64
		}{
			{0, 1}, {0, 2}, {0, 0x7fffffffffffffff}, // denormals
			{0, 0x8000000000000000}, {0, 0xc000000000000001}, // pseudo-denormals
			{1, 0x8000000000000000}, {1, 0x8000000000000001}, // min normal
			{0x7ffe, 0xffffffffffffffff},                               // max
			{0x7fff, 0x8000000000000000},                               // inf
			{0x7fff, 0xc000000000000000}, {0x7fff, 0xc000000000012345}, // qNaN
			{0x7fff, 0x8000000000000001}, {0x7fff, 0xa000000000000000}, // sNaN
			{0x7fff, 0}, {0x7fff, 0x4000000000000000}, {0x7fff, 0x0000000000000001}, // pseudo-inf, pseudo-NaN
			{0x3fff, 0x4000000000000000}, {0x3fff, 0}, {0x1, 0x7fffffffffffffff}, {0x403e, 0x7fffffffffffffff}, // unnormals
			{0x403e, 0xffffffffffffffff}, {0x403d, 0xffffffffffffffff}, {0x403f, 0x8000000000000001}, // near 2^63, 2^64
			{0x401e, 0xffffffffffffffff}, {0x401d, 0xffffffffffffffff}, {0x400e, 0xffff000000000000}, {0x400d, 0xfffe000000000000}, // near 2^31, 2^15
			{0x403e, 0x8000000000000001}, {0x3ffe, 0x8000000000000001}, {0x3fff, 0x8000000000000001}, // ties
			{0x407e, 0xffffffffffffffff}, {0x407f, 0x8000000000000000}, // 2^127 .. 2^128
		} {
			vs = append(vs, fpW80(p.hi, p.lo), fpW80(p.hi|0x8000, p.lo))
		}
	}
	return vs
}

// randValue draws a value of kind k from a mix of distributions aimed at
// rounding ties, special values and boundaries.
func fpRandValue(r *rand.Rand, k Kind, edges []Word) Word {
	neg := r.IntN(2) == 0
	p := fpPrec(k)
	switch r.IntN(10) {
	case 0: // uniform bit pattern
		switch k {
		case F32:
			return fpW32(r.Uint32())
		case F64:
			return Word{Lo: r.Uint64()}
		}
		lo := r.Uint64()
		if r.IntN(16) != 0 {
			lo |= 1 << 63 // mostly canonical
		}
		return Word{Lo: lo, Hi: uint64(r.Uint32() & 0xffff)}
	case 1, 2: // sparse significand (products and sums hit ties), small exponent
		m := uint64(1) << 63
		for i := r.IntN(4); i > 0; i-- {
			m |= 1 << (62 - r.IntN(p-1))
		}
		return fpMake(k, neg, r.IntN(40)-20, m)
	case 3: // random significand, exponent near 0
		return fpMake(k, neg, r.IntN(130)-65, r.Uint64())
	case 4: // random significand, any exponent
		emax := map[Kind]int{F32: 127, F64: 1023, F80: 16383}[k]
		return fpMake(k, neg, r.IntN(2*emax+1)-emax+1, r.Uint64())
	case 5: // small integer
		v := r.Int64N(1 << uint(r.IntN(40)+1))
		if neg {
			v = -v
		}
		return fpFromF64(k, float64(v))
	case 6: // all-ones / tie patterns in the low bits of the significand
		m := ^uint64(0) << uint(64-p) // all p bits set
		if r.IntN(2) == 0 {
			m = 1<<63 | 1<<uint(64-p) // 1.000...01
		}
		return fpMake(k, neg, r.IntN(140)-70, m)
	case 7: // near an integer-conversion boundary
		e := []int{7, 8, 15, 16, 31, 32, 52, 53, 63, 64, 127, 128}[r.IntN(12)]
		m := ^uint64(0) << uint(64-p)
		if r.IntN(2) == 0 {
			m = 1<<63 | uint64(r.IntN(4))<<uint(64-p)
			return fpMake(k, neg, e, m)
		}
		return fpMake(k, neg, e-1, m)
	case 8: // subnormal
		switch k {
		case F32:
			return fpW32(r.Uint32()&(1<<23-1)>>uint(r.IntN(23)) | fpSignBit32(neg))
		case F64:
			b := r.Uint64() & (1<<52 - 1) >> uint(r.IntN(52))
			if neg {
				b |= 1 << 63
			}
			return Word{Lo: b}
		}
		hi := uint64(0)
		if neg {
			hi = 0x8000
		}
		return Word{Lo: r.Uint64() >> uint(r.IntN(64)), Hi: hi}
	}
	return edges[r.IntN(len(edges))]
}

func fpSignBit32(neg bool) uint32 {
	if neg {
		return 1 << 31
	}
	return 0
}

// tiePartner returns a value b such that a+b or a-b lands on or next to a
// rounding tie of a's precision.
func fpTiePartner(r *rand.Rand, k Kind, a Word) Word {
	if IsNaN(k, a) || IsInf(k, a) || IsZero(k, a) || IsSubnormal(k, a) {
		return a
	}
	var e int
	switch k {
	case F32:
		e = int(a.Lo>>23&0xff) - 127
	case F64:
		e = int(a.Lo>>52&0x7ff) - 1023
	default:
		e = int(a.Hi&0x7fff) - 16383
	}
	m := uint64(1) << 63
	if r.IntN(2) == 0 {
		m |= uint64(r.IntN(8)) << 60
	}
	return fpMake(k, r.IntN(2) == 0, e-fpPrec(k)+r.IntN(3)-1, m)
}

// TestFPOracleSummary logs how many results were compared with the hardware
// by the tests that ran before it (it is declared last, so it runs last).
func TestFPOracleSummary(t *testing.T) {
	t.Logf("%d results compared with the hardware oracle", fpComparisons.Load())
}
