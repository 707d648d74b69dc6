package z3

// Operand generators for the differential tests: edge values of each kind
// (signed zeros, subnormals, extremes, infinities, NaNs with payloads and
// both signs, x86_fp80 non-canonical encodings) and seeded random values
// (raw bit patterns, values of moderate exponent, and pairs whose sum is a
// rounding tie).

import (
	"math"
	"math/rand/v2"

	"github.com/floatsym/floatsym/internal/arith"
)

func w32(b uint32) arith.Word             { return arith.Word{Lo: uint64(b)} }
func w64(b uint64) arith.Word             { return arith.Word{Lo: b} }
func w80(hi uint16, lo uint64) arith.Word { return arith.Word{Lo: lo, Hi: uint64(hi)} }

// fromF64 converts a double to kind k (rounding to nearest).
func fromF64(k arith.Kind, x float64) arith.Word {
	switch k {
	case arith.F32:
		return w32(math.Float32bits(float32(x)))
	case arith.F64:
		return w64(math.Float64bits(x))
	}
	return arith.F80FromFloat64(x)
}

func edgeValues(k arith.Kind) []arith.Word {
	var ws []arith.Word
	for _, x := range []float64{0, 1, 1.5, 2, 3, 0.1, 0.5, 1e10, 1e-10, 10000, 1e12, 123456789, 0.3, 2.5, 8388609, 33554432, 4294967296} {
		ws = append(ws, fromF64(k, x), fromF64(k, -x))
	}
	switch k {
	case arith.F32:
		ws = append(ws,
			w32(1), w32(0x80000001), w32(0x007fffff), w32(0x807fffff), // subnormals
			w32(0x00800000), w32(0x80800000), // min normal
			w32(0x7f7fffff), w32(0xff7fffff), // max
			w32(0x7f800000), w32(0xff800000), // inf
			w32(0x7fc00000), w32(0xffc00000), w32(0x7fc12345), w32(0xffd00001), // quiet NaNs
			w32(0x7f800001), w32(0xff812345), // signalling NaNs
			w32(0x4f000000), w32(0xcf000000), w32(0x5f000000), w32(0xdf000000), // 2^31, 2^63
			w32(0x4effffff), w32(0x5effffff), w32(0x5f7fffff), w32(0x7effffff), w32(0x46fffe00), w32(0x477fff00))
	case arith.F64:
		ws = append(ws,
			w64(1), w64(1<<63|1), w64(0x000fffffffffffff), w64(0x800fffffffffffff),
			w64(0x0010000000000000), w64(0x8010000000000000),
			w64(0x7fefffffffffffff), w64(0xffefffffffffffff),
			w64(0x7ff0000000000000), w64(0xfff0000000000000),
			w64(0x7ff8000000000000), w64(0xfff8000000000000), w64(0x7ff8000123456789), w64(0xfffc000000000001),
			w64(0x7ff0000000000001), w64(0xfff4000000000abc),
			w64(0x41e0000000000000), w64(0xc1e0000000000000), w64(0x43e0000000000000), w64(0xc3e0000000000000),
			w64(0x41dfffffffffffff), w64(0x43dfffffffffffff), w64(0x43efffffffffffff), w64(0xc1e0000000200000),
			w64(0x47efffffffffffff), w64(0x3ff0000000000001),
			// remainder's tiny-divisor path: remainder(3*2^-873, 2^-1000) is -0
			w64(0x0978000000000000), w64(0x0170000000000000), w64(0x03f0000000000000), w64(0x0bf8000000000000), w64(0x7fe8000000000000))
	default:
		ws = append(ws,
			w80(0, 1), w80(0x8000, 1), w80(0, 0x7fffffffffffffff), w80(0x8000, 0x7fffffffffffffff), // denormals
			w80(1, 1<<63), w80(0x8001, 1<<63), // min normal
			w80(0x7ffe, ^uint64(0)), w80(0xfffe, ^uint64(0)), // max
			w80(0x7fff, 1<<63), w80(0xffff, 1<<63), // inf
			w80(0x7fff, 0xc000000000000000), w80(0xffff, 0xc000000000000000), w80(0x7fff, 0xc000000000000123), w80(0xffff, 0xc000000000000456),
			w80(0x7fff, 0x8000000000000789), w80(0xffff, 0x8000000000000100), // signalling NaNs
			w80(0x401e, 1<<63), w80(0xc01e, 1<<63), w80(0x403e, 1<<63), w80(0xc03e, 1<<63), w80(0x403f, 1<<63), w80(0x407e, 1<<63), // 2^31, 2^63, 2^64, 2^127
			w80(0x403d, ^uint64(0)), w80(0x403e, ^uint64(0)), w80(0xc03e, 0x8000000000000001), w80(0x400e, 0xffff000000000000),
			// non-canonical encodings
			w80(0x3fff, 0x4000000000000000), w80(0xbfff, 0x7fffffffffffffff), w80(0x4005, 0x1234), // unnormals
			w80(0x403e, 0x4000000000000001), w80(0x3ffe, 0x6000000000000000), w80(0x4000, 0),
			w80(0x0001, 0x4000000000000000), w80(0x8002, 1), w80(0x7ffe, 0x4000000000000000), w80(0x2000, 0x7000000000000000),
			w80(0, 0x8000000000000001), w80(0x8000, 0x8000000000000000), w80(0, 0xc000000000000000), // pseudo-denormals
			w80(0x7fff, 0x4000000000000001), w80(0xffff, 0x0000000000000123), // pseudo-NaNs
			w80(0x7fff, 0), w80(0xffff, 0)) // pseudo-infinities
	}
	return ws
}

// randValue draws a value of kind k: a third raw patterns, a third values
// with small exponents, a third edge values (nudged by one ulp).
func randValue(r *rand.Rand, k arith.Kind, edges []arith.Word) arith.Word {
	switch r.IntN(3) {
	case 0:
		switch k {
		case arith.F32:
			return w32(r.Uint32())
		case arith.F64:
			return w64(r.Uint64())
		}
		w := w80(uint16(r.Uint32()), r.Uint64())
		if r.IntN(8) != 0 { // mostly canonical
			if w.Hi&0x7fff != 0 {
				w.Lo |= 1 << 63
			} else {
				w.Lo &^= 1 << 63
			}
		}
		return w
	case 1:
		neg := r.IntN(2) == 0
		e := r.IntN(80) - 40
		switch k {
		case arith.F32:
			b := uint32(e+127)<<23 | r.Uint32()&(1<<23-1)
			if neg {
				b |= 1 << 31
			}
			return w32(b)
		case arith.F64:
			b := uint64(e+1023)<<52 | r.Uint64()&(1<<52-1)
			if neg {
				b |= 1 << 63
			}
			return w64(b)
		}
		hi := uint16(e + 16383)
		if neg {
			hi |= 0x8000
		}
		return w80(hi, 1<<63|r.Uint64())
	}
	w := edges[r.IntN(len(edges))]
	if r.IntN(2) == 0 {
		w.Lo++
		if k == arith.F32 {
			w.Lo &= 0xffffffff
		}
	}
	return w
}

// tiePair returns x and a power of two half an ulp of x (same sign or
// opposite): x+y is exactly halfway between two values.
func tiePair(r *rand.Rand, k arith.Kind) (arith.Word, arith.Word) {
	x := randValue(r, k, []arith.Word{fromF64(k, 1)})
	var y arith.Word
	switch k {
	case arith.F32:
		x = w32(uint32(x.Lo)&^0x7f800000 | uint32(127+r.IntN(40)-20)<<23)
		e := int(uint32(x.Lo)>>23&0xff) - 24
		y = w32(uint32(e) << 23)
		y.Lo |= uint64(r.IntN(2)) << 31
	case arith.F64:
		x = w64(x.Lo&^0x7ff0000000000000 | uint64(1023+r.IntN(40)-20)<<52)
		e := int(x.Lo>>52&0x7ff) - 53
		y = w64(uint64(e)<<52 | uint64(r.IntN(2))<<63)
	default:
		x = w80(uint16(x.Hi&0x8000)|uint16(16383+r.IntN(40)-20), x.Lo|1<<63)
		e := int(x.Hi&0x7fff) - 64
		y = w80(uint16(e)|uint16(r.IntN(2))<<15, 1<<63)
	}
	return x, y
}
