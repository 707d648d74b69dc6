package arith

// Conversions between float kinds and integers (LLVM fptosi, fptoui,
// sitofp, uitofp), with the x86_64 results for out-of-range values.

import (
	"math"
	"strconv"
)

func checkWidth(width int) {
	if width < 1 || width > 128 {
		panic("arith: invalid integer width " + strconv.Itoa(width))
	}
}

// maskWidth zero-extends the low `width` bits of w.
func maskWidth(w Word, width int) Word {
	switch {
	case width >= 128:
		return w
	case width > 64:
		return Word{Lo: w.Lo, Hi: w.Hi & (1<<(width-64) - 1)}
	case width == 64:
		return Word{Lo: w.Lo}
	}
	return Word{Lo: w.Lo & (1<<width - 1)}
}

// FPToSI is LLVM fptosi to an integer of the given width (1..128), with the
// result zero-extended from width. In-range values truncate toward zero.
// Out-of-range values and NaNs give what clang-14's x86_64 code gives
// (identical at -O0 and -O2); the result is always truncated to width:
//
//	float/double, width <= 32:  cvttss2si/cvttsd2si r32 -> 0x80000000 ("integer indefinite")
//	float/double, width 33..64: cvtt*2si r64            -> 0x8000000000000000
//	x86_fp80, width <= 16:      fistp m16 (truncating)  -> 0x8000
//	x86_fp80, width 17..32:     fistp m32               -> 0x80000000
//	x86_fp80, width 33..64:     fistp m64               -> 0x8000000000000000
//	width 65..128: libgcc __fixsfti/__fixdfti/__fixxfti (clang on Debian
//	links libgcc, not compiler-rt). These do NOT saturate: they compute
//	x<0 ? -__fixuns*ti(-x) : __fixuns*ti(x) from two 64-bit conversions, so
//	NaN gives 0x8000000000000000_8000000000000000, ±inf and |x| >= 2^128
//	give 0, and values in [2^127, 2^128) wrap (2^127 -> 0x8000...0).
//	(compiler-rt's __fixdfti would saturate instead; irrelevant here.)
//
// Note an i8/i16 result of an out-of-range float/double is therefore the
// low bits of 0x80000000, i.e. 0, while for x86_fp80 an i16 gets 0x8000.
func FPToSI(k Kind, a Word, width int) Word {
	if k == F32 && width == 32 {
		return W64(uint64(cvtt32(float64(math.Float32frombits(f32bits(a))))))
	}
	if k == F64 && width == 32 {
		return W64(uint64(cvtt32(math.Float64frombits(a.Lo))))
	}
	return fptosi(k, a, width)
}

func fptosi(k Kind, a Word, width int) Word {
	checkWidth(width)
	return maskWidth(ops(k).toSI(a, width), width)
}

// FPToUI is LLVM fptoui to width bits (1..128), zero-extended. In-range
// values truncate toward zero; out-of-range values and NaNs give what
// clang-14's x86_64 lowering gives (identical at -O0 and -O2), because the
// backend implements most unsigned conversions with a wider SIGNED one and
// truncates:
//
//	float/double, width <= 31:  cvtt*2si r32, truncated (NaN/out of range -> 0
//	                            for width <= 31; -1.0 -> all ones)
//	float/double, width 32..63: cvtt*2si r64, truncated (so 2^32+5 -> 5 for
//	                            i32, -1.0 -> 0xffffffff, NaN -> 0)
//	float/double, width 64:     the branch-free sequence
//	                              r = cvtt(x); r |= cvtt(x - 2^63) & (r >>arith 63)
//	                            NaN -> 0x8000000000000000, x >= 2^64 -> 0x8000000000000000,
//	                            -1.0 -> 0xffffffffffffffff
//	x86_fp80, width <= 15:      fistp m16;  16..31: fistp m32;  32..63: fistp m64
//	x86_fp80, width 64:         t = (x >= 2^63 || unordered) ? x-2^63 : x-0;
//	                            fistp m64 (t) ^ (that flag << 63)
//	                            NaN -> 0, x >= 2^64 -> 0, -1.0 -> 0xffffffffffffffff
//	width 65..128: libgcc __fixuns{s,d,x}fti: not saturating; e.g. NaN ->
//	                0x8000000000000000_8000000000000000, +inf -> 0,
//	                -1.5 -> 0x0000000000000000_ffffffffffffffff for float/double
//	                (0 for x86_fp80), -inf -> 0x8000000000000000_8000000000000000
//	                for float/double (0 for x86_fp80).
func FPToUI(k Kind, a Word, width int) Word {
	checkWidth(width)
	return maskWidth(ops(k).toUI(a, width), width)
}

// SIToFP is LLVM sitofp from a width-bit two's complement integer (held
// zero-extended in a) to k, correctly rounded per rm. Every lowering clang
// uses (cvtsi2ss/sd, x87 fild, libgcc __floatti{s,d,x}f) is correctly
// rounded in the current mode, and zero converts to +0.
func SIToFP(width int, k Kind, rm RoundingMode, a Word) Word {
	checkWidth(width)
	a = maskWidth(a, width)
	neg := false
	if width <= 64 {
		if a.Lo>>(width-1)&1 != 0 {
			neg = true
			a = Word{Lo: -(a.Lo | ^uint64(0)<<(width-1))}
		}
	} else if a.Hi>>(width-65)&1 != 0 {
		neg = true
		hi := a.Hi | ^uint64(0)<<(width-65)
		// two's complement negation of (hi, a.Lo)
		lo := -a.Lo
		hi = ^hi
		if lo == 0 {
			hi++
		}
		a = Word{Lo: lo, Hi: hi}
	}
	return intToFloat(k, rm, neg, a.Hi, a.Lo)
}

// UIToFP is LLVM uitofp from a width-bit unsigned integer (zero-extended in
// a), correctly rounded per rm, with one hardware quirk reproduced: clang
// lowers uitofp i64 -> double (exactly width 64) to the SSE2 sequence
// (hi32*2^32 + 2^84 - 2^84) + (lo32 + 2^52 - 2^52), so converting 0 under
// Downward gives -0.0 (x - x = -0 when rounding down). Other widths and
// kinds give +0.
func UIToFP(width int, k Kind, rm RoundingMode, a Word) Word {
	checkWidth(width)
	a = maskWidth(a, width)
	if k == F64 && width == 64 && rm == Downward && a.Lo == 0 {
		return W64(f64Sign)
	}
	return intToFloat(k, rm, false, a.Hi, a.Lo)
}
