package arith

// Floating-point semantics, bit-exact with what clang-14 -O0/-O2 code does
// on x86_64 Linux (SSE for float/double, x87 for x86_fp80, glibc libm and
// libgcc for the operations LLVM turns into library calls).
//
// Split of the implementation:
//   - fp_soft.go: pure Go. Every float/double operation under NearestEven
//     (the executor's hot path: no cgo, no allocation), plus everything that
//     is exact or rounding-mode independent (comparisons, fmod, remainder,
//     round-to-integral, int<->float conversions, fpext) for float/double,
//     and the x86_fp80 bit-level operations (neg/abs/copysign, classify,
//     compare, fpext, int->fp80 conversions).
//   - fp_native.go: cgo. float/double arithmetic under the directed rounding
//     modes and all x86_fp80 arithmetic, executed by the real hardware with
//     the mode set (x87 handles pseudo-denormals, unnormals, pseudo-NaNs and
//     pseudo-infinities exactly as a native binary would).
//
// Hardware facts the executor must know are documented on each function
// (see FMinNum, FPToUI, FPToSI, UIToFP).

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Kind is a floating-point type.
type Kind uint8

const (
	F32 Kind = iota + 1 // float: IEEE binary32, low 32 bits of Word.Lo
	F64                 // double: IEEE binary64, Word.Lo
	F80                 // x86_fp80: significand in Lo, sign/exponent in Hi&0xffff
)

// Bits returns the storage width of k: 32, 64 or 80.
func (k Kind) Bits() int {
	switch k {
	case F32:
		return 32
	case F64:
		return 64
	case F80:
		return 80
	}
	panic(badKind(k))
}

func (k Kind) String() string {
	switch k {
	case F32:
		return "float"
	case F64:
		return "double"
	case F80:
		return "x86_fp80"
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

func badKind(k Kind) string { return "arith: invalid float kind " + k.String() }

// RoundingMode is an IEEE rounding direction. The numbering equals the
// rounding-control field of both MXCSR and the x87 control word.
type RoundingMode uint8

const (
	NearestEven RoundingMode = iota // FE_TONEAREST
	Downward                        // FE_DOWNWARD
	Upward                          // FE_UPWARD
	TowardZero                      // FE_TOWARDZERO
)

// FenvValue returns the glibc x86_64 FE_* constant for rm.
func (rm RoundingMode) FenvValue() int { return int(rm&3) << 10 }

// RoundingModeFromFenv maps a glibc x86_64 FE_* constant (as passed to
// fesetround or returned by fegetround) to a RoundingMode.
func RoundingModeFromFenv(v int) (RoundingMode, bool) {
	switch v {
	case 0:
		return NearestEven, true
	case 0x400:
		return Downward, true
	case 0x800:
		return Upward, true
	case 0xc00:
		return TowardZero, true
	}
	return 0, false
}

func (rm RoundingMode) String() string {
	switch rm {
	case NearestEven:
		return "rne"
	case Downward:
		return "down"
	case Upward:
		return "up"
	case TowardZero:
		return "rtz"
	}
	return "RoundingMode(" + strconv.Itoa(int(rm)) + ")"
}

// Integral selects the rounding of FRoundToIntegral.
type Integral uint8

const (
	Floor     Integral = iota // llvm.floor / floor()
	Ceil                      // llvm.ceil / ceil()
	Trunc                     // llvm.trunc / trunc()
	Round                     // llvm.round / round(): ties away from zero
	Rint                      // llvm.rint / rint(): current rounding mode
	NearbyInt                 // llvm.nearbyint / nearbyint(): current rounding mode
	RoundEven                 // llvm.roundeven / roundeven(): ties to even
)

func (i Integral) String() string {
	names := [...]string{"floor", "ceil", "trunc", "round", "rint", "nearbyint", "roundeven"}
	if int(i) < len(names) {
		return names[i]
	}
	return "Integral(" + strconv.Itoa(int(i)) + ")"
}

// Pred is an LLVM fcmp predicate, numbered as in LLVM. The numbering is a
// bit set: 1 = equal, 2 = greater, 4 = less, 8 = unordered.
type Pred uint8

const (
	False Pred = iota
	OEQ
	OGT
	OGE
	OLT
	OLE
	ONE
	ORD
	UNO
	UEQ
	UGT
	UGE
	ULT
	ULE
	UNE
	True
)

func (p Pred) String() string {
	names := [...]string{"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
		"uno", "ueq", "ugt", "uge", "ult", "ule", "une", "true"}
	if int(p) < len(names) {
		return names[p]
	}
	return "Pred(" + strconv.Itoa(int(p)) + ")"
}

// Swapped returns the predicate q with FCmp(k, q, b, a) == FCmp(k, p, a, b).
func (p Pred) Swapped() Pred {
	return p&^6 | (p&2)<<1 | (p&4)>>1
}

// Inverse returns the predicate that is true exactly when p is false.
func (p Pred) Inverse() Pred { return 15 - p }

// relation bits used by Pred.
const (
	relEQ = 1
	relGT = 2
	relLT = 4
	relUN = 8
)

// Bit-pattern constants.
const (
	f32Sign  = 1 << 31
	f32Exp   = 0x7f800000
	f32Frac  = 1<<23 - 1
	f32Quiet = 1 << 22

	f64Sign  = 1 << 63
	f64Exp   = 0x7ff << 52
	f64Frac  = 1<<52 - 1
	f64Quiet = 1 << 51

	f80Int   = 1 << 63 // explicit integer bit of the significand
	f80Quiet = 1 << 62
	f80Sign  = 0x8000 // in Hi
	f80Exp   = 0x7fff // in Hi

	// Default NaNs: what x86 produces for invalid operations (0/0, inf-inf,
	// sqrt(-1), ...). Note the sign bit is SET.
	defaultNaN32 = 0xffc00000
	defaultNaN64 = 0xfff8000000000000
)

var defaultNaN80 = Word{Lo: 0xc000000000000000, Hi: 0xffff}

// f32 returns the float32 pattern held in w.
func f32bits(w Word) uint32 { return uint32(w.Lo) }

// w80 canonicalises the storage of an x86_fp80 (only 80 bits matter).
func w80(w Word) Word { return Word{Lo: w.Lo, Hi: w.Hi & 0xffff} }

// ---------------------------------------------------------------------------
// Classification. For float/double this is plain IEEE classification. For
// x86_fp80 it follows what the x87 does when it compares the value (which is
// how clang lowers isnan/isinf/isnormal for long double): the unsupported
// encodings (pseudo-NaN, pseudo-infinity, unnormal) are invalid operands, so
// they compare unordered and count as NaN; pseudo-denormals are valid and
// are classified by their value, which is >= the smallest normal, so they
// are Normal.

type fclass uint8

const (
	clsZero fclass = iota
	clsSubnormal
	clsNormal
	clsInf
	clsNaN
)

func class80(w Word) fclass {
	e := w.Hi & f80Exp
	m := w.Lo
	switch {
	case e == f80Exp:
		if m == f80Int {
			return clsInf
		}
		return clsNaN // real NaN, or pseudo-NaN/pseudo-inf (integer bit clear)
	case e == 0:
		if m == 0 {
			return clsZero
		}
		if m&f80Int != 0 {
			return clsNormal // pseudo-denormal: value m*2^-16445 >= 2^-16382
		}
		return clsSubnormal
	case m&f80Int == 0:
		return clsNaN // unnormal: invalid operand
	}
	return clsNormal
}

func class64(b uint64) fclass {
	e := b & f64Exp
	f := b & f64Frac
	switch {
	case e == f64Exp:
		if f == 0 {
			return clsInf
		}
		return clsNaN
	case e == 0:
		if f == 0 {
			return clsZero
		}
		return clsSubnormal
	}
	return clsNormal
}

func class32(b uint32) fclass {
	e := b & f32Exp
	f := b & f32Frac
	switch {
	case e == f32Exp:
		if f == 0 {
			return clsInf
		}
		return clsNaN
	case e == 0:
		if f == 0 {
			return clsZero
		}
		return clsSubnormal
	}
	return clsNormal
}

func classify(k Kind, a Word) fclass {
	switch k {
	case F32:
		return class32(f32bits(a))
	case F64:
		return class64(a.Lo)
	case F80:
		return class80(a)
	}
	panic(badKind(k))
}

// IsNaN reports whether a is a NaN (for F80 also the invalid encodings the
// x87 treats as NaN: pseudo-NaN, pseudo-infinity, unnormal).
func IsNaN(k Kind, a Word) bool { return classify(k, a) == clsNaN }

// IsInf reports whether a is ±infinity (F80: canonical encoding only).
func IsInf(k Kind, a Word) bool { return classify(k, a) == clsInf }

// IsZero reports whether a is ±0.
func IsZero(k Kind, a Word) bool { return classify(k, a) == clsZero }

// IsSubnormal reports whether a is a nonzero value below the smallest normal.
func IsSubnormal(k Kind, a Word) bool { return classify(k, a) == clsSubnormal }

// IsNormal reports whether a is a finite nonzero non-subnormal value (F80
// pseudo-denormals count as normal: see the classification notes above).
func IsNormal(k Kind, a Word) bool { return classify(k, a) == clsNormal }

// SignBit returns the raw sign bit (C signbit()), also for NaNs.
func SignBit(k Kind, a Word) bool {
	switch k {
	case F32:
		return a.Lo&f32Sign != 0
	case F64:
		return a.Lo&f64Sign != 0
	case F80:
		return a.Hi&f80Sign != 0
	}
	panic(badKind(k))
}

// ---------------------------------------------------------------------------
// Sign operations: pure bit operations on x86 (xorps/andps, fchs/fabs), so
// NaNs and invalid x87 encodings pass through unchanged apart from the sign.

// FNeg flips the sign bit (LLVM fneg).
func FNeg(k Kind, a Word) Word {
	switch k {
	case F32:
		return W64(uint64(f32bits(a) ^ f32Sign))
	case F64:
		return W64(a.Lo ^ f64Sign)
	case F80:
		return Word{Lo: a.Lo, Hi: (a.Hi ^ f80Sign) & 0xffff}
	}
	panic(badKind(k))
}

// FAbs clears the sign bit (llvm.fabs).
func FAbs(k Kind, a Word) Word {
	switch k {
	case F32:
		return W64(uint64(f32bits(a) &^ f32Sign))
	case F64:
		return W64(a.Lo &^ f64Sign)
	case F80:
		return Word{Lo: a.Lo, Hi: a.Hi & 0x7fff}
	}
	panic(badKind(k))
}

// FCopySign returns mag with the sign bit of sign (llvm.copysign).
func FCopySign(k Kind, mag, sign Word) Word {
	switch k {
	case F32:
		return W64(uint64(f32bits(mag)&^f32Sign | f32bits(sign)&f32Sign))
	case F64:
		return W64(mag.Lo&^f64Sign | sign.Lo&f64Sign)
	case F80:
		return Word{Lo: mag.Lo, Hi: mag.Hi&0x7fff | sign.Hi&f80Sign}
	}
	panic(badKind(k))
}

// ---------------------------------------------------------------------------
// Comparison.

// FCmp evaluates the LLVM fcmp predicate p on a and b (ucomiss/ucomisd for
// float/double, fucomi for x86_fp80: invalid x87 encodings are unordered).
func FCmp(k Kind, p Pred, a, b Word) bool {
	if p > True {
		panic("arith: invalid fcmp predicate " + p.String())
	}
	var rel uint8
	switch k {
	case F64:
		rel = rel64(a.Lo, b.Lo)
	case F32:
		rel = rel32(f32bits(a), f32bits(b))
	case F80:
		rel = cmp80(a, b)
	default:
		panic(badKind(k))
	}
	return uint8(p)&rel != 0
}

func rel64(a, b uint64) uint8 {
	x, y := math.Float64frombits(a), math.Float64frombits(b)
	switch {
	case x < y:
		return relLT
	case x > y:
		return relGT
	case x == y:
		return relEQ
	}
	return relUN
}

func rel32(a, b uint32) uint8 {
	x, y := math.Float32frombits(a), math.Float32frombits(b)
	switch {
	case x < y:
		return relLT
	case x > y:
		return relGT
	case x == y:
		return relEQ
	}
	return relUN
}

// cmp80 compares two x86_fp80 values the way fucomi does.
func cmp80(a, b Word) uint8 {
	ca, cb := class80(a), class80(b)
	if ca == clsNaN || cb == clsNaN {
		return relUN
	}
	if ca == clsZero && cb == clsZero {
		return relEQ
	}
	sa, sb := a.Hi&f80Sign != 0, b.Hi&f80Sign != 0
	if ca == clsZero {
		sa = !sb // 0 vs b: order decided by b's sign alone
	}
	if cb == clsZero {
		sb = !sa
	}
	if sa != sb {
		if sa {
			return relLT
		}
		return relGT
	}
	// Same sign, both nonzero and valid: compare magnitudes. Exponent 0
	// (denormal or pseudo-denormal) scales like exponent 1, and valid
	// nonzero encodings with exponent >= 1 have the integer bit set, so the
	// pair (effective exponent, significand) orders by magnitude.
	ea, eb := a.Hi&f80Exp, b.Hi&f80Exp
	if ea == 0 {
		ea = 1
	}
	if eb == 0 {
		eb = 1
	}
	var c int
	switch {
	case ea < eb:
		c = -1
	case ea > eb:
		c = 1
	case a.Lo < b.Lo:
		c = -1
	case a.Lo > b.Lo:
		c = 1
	}
	if sa {
		c = -c
	}
	switch {
	case c < 0:
		return relLT
	case c > 0:
		return relGT
	}
	return relEQ
}

// ---------------------------------------------------------------------------
// Arithmetic dispatch. NearestEven float/double goes to pure Go; the rest to
// the hardware through cgo.

// FAdd returns a+b rounded per rm (LLVM fadd executed with that MXCSR/x87
// rounding control).
func FAdd(k Kind, rm RoundingMode, a, b Word) Word {
	if rm == NearestEven {
		switch k {
		case F64:
			return W64(add64(a.Lo, b.Lo))
		case F32:
			return W64(uint64(add32(f32bits(a), f32bits(b))))
		}
	}
	return nativeArith(opAdd, k, rm, a, b)
}

// FSub returns a-b rounded per rm.
func FSub(k Kind, rm RoundingMode, a, b Word) Word {
	if rm == NearestEven {
		switch k {
		case F64:
			return W64(sub64(a.Lo, b.Lo))
		case F32:
			return W64(uint64(sub32(f32bits(a), f32bits(b))))
		}
	}
	return nativeArith(opSub, k, rm, a, b)
}

// FMul returns a*b rounded per rm.
func FMul(k Kind, rm RoundingMode, a, b Word) Word {
	if rm == NearestEven {
		switch k {
		case F64:
			return W64(mul64(a.Lo, b.Lo))
		case F32:
			return W64(uint64(mul32(f32bits(a), f32bits(b))))
		}
	}
	return nativeArith(opMul, k, rm, a, b)
}

// FDiv returns a/b rounded per rm.
func FDiv(k Kind, rm RoundingMode, a, b Word) Word {
	if rm == NearestEven {
		switch k {
		case F64:
			return W64(div64(a.Lo, b.Lo))
		case F32:
			return W64(uint64(div32(f32bits(a), f32bits(b))))
		}
	}
	return nativeArith(opDiv, k, rm, a, b)
}

// FRem is LLVM frem, which clang lowers to C fmod/fmodf/fmodl: the exact
// remainder a - trunc(a/b)*b with the sign of a. It is exact, so it has no
// rounding mode. NaN rules (glibc): a NaN a wins over a NaN b, quieted;
// a = ±inf or b = ±0 gives the default NaN.
func FRem(k Kind, a, b Word) Word {
	switch k {
	case F64:
		return W64(fmod64(a.Lo, b.Lo))
	case F32:
		return W64(uint64(fmod32(f32bits(a), f32bits(b))))
	case F80:
		return nativeLibm2(libFmod, a, b)
	}
	panic(badKind(k))
}

// FRemainder is IEEE 754 remainder (C remainder()): a - n*b with n = a/b
// rounded to nearest-even, as glibc 2.36 computes it. The value is exact
// and mode-independent, but two glibc details are reproduced:
//   - double uses the IBM "urem" routine, whose ZERO results do not always
//     carry the sign of a (e.g. remainder(0x1.bb472998d5954p-902, 0x1p-1073)
//     is -0), and a NaN b wins over a NaN a;
//   - float uses the fdlibm routine: zeros carry the sign of a, and a NaN a
//     wins over a NaN b.
//
// a = ±inf or b = ±0 gives the default NaN; b = ±inf gives a.
func FRemainder(k Kind, a, b Word) Word {
	switch k {
	case F64:
		return W64(remainder64(a.Lo, b.Lo))
	case F32:
		return W64(uint64(remainder32(f32bits(a), f32bits(b))))
	case F80:
		return nativeLibm2(libRemainder, a, b)
	}
	panic(badKind(k))
}

// FSqrt returns the correctly rounded square root (sqrtss/sqrtsd/fsqrt).
// sqrt(-0) = -0; sqrt of a negative nonzero value is the default NaN.
func FSqrt(k Kind, rm RoundingMode, a Word) Word {
	if rm == NearestEven {
		switch k {
		case F64:
			return W64(sqrt64(a.Lo))
		case F32:
			return W64(uint64(sqrt32(f32bits(a))))
		}
	}
	return nativeSqrt(k, rm, a)
}

// FMA returns a*b+c with a single rounding (llvm.fma and llvm.fmuladd; on
// x86_64 these become calls to glibc fma/fmaf/fmal; glibc uses vfmadd213
// on CPUs with FMA3). NaN rule for float/double, measured through glibc on
// an FMA3 CPU: the first NaN in the order b, a, c (NOT a, b, c), quieted;
// a NaN operand takes precedence over an invalid 0*inf. x86_fp80 uses
// glibc's software fmal.
func FMA(k Kind, rm RoundingMode, a, b, c Word) Word {
	if rm == NearestEven {
		switch k {
		case F64:
			return W64(fma64(a.Lo, b.Lo, c.Lo))
		case F32:
			return W64(uint64(fma32(f32bits(a), f32bits(b), f32bits(c))))
		}
	}
	return nativeFMA(k, rm, a, b, c)
}

// FMinNum implements llvm.minnum as clang-14 compiles it for x86_64, at -O0
// and -O2 alike. clang turns fmin()/fminf() into llvm.minnum, and the
// backend lowers it for float/double WITHOUT a libm call to
//
//	isnan(a) ? b : minsd(b, a)     // minsd(x, y) = x < y ? x : y
//
// so: a NaN a returns b unchanged (a signaling b is NOT quieted, two NaNs
// give b), a NaN b returns a, and equal values, in particular the zeros
// -0/+0, return a. For x86_fp80 the backend calls glibc fminl, which returns
// a for equal values too, and for two NaNs the x87 NaN-propagation result.
func FMinNum(k Kind, a, b Word) Word {
	switch k {
	case F64:
		return W64(minnum64(a.Lo, b.Lo))
	case F32:
		return W64(uint64(minnum32(f32bits(a), f32bits(b))))
	case F80:
		return nativeLibm2(libFmin, a, b)
	}
	panic(badKind(k))
}

// FMaxNum implements llvm.maxnum as clang-14 lowers it:
// isnan(a) ? b : maxsd(b, a) for float/double (see FMinNum), glibc fmaxl
// for x86_fp80.
func FMaxNum(k Kind, a, b Word) Word {
	switch k {
	case F64:
		return W64(maxnum64(a.Lo, b.Lo))
	case F32:
		return W64(uint64(maxnum32(f32bits(a), f32bits(b))))
	case F80:
		return nativeLibm2(libFmax, a, b)
	}
	panic(badKind(k))
}

// FRoundToIntegral rounds a to an integral value as the libm function named
// by how (glibc floor, ceil, trunc, round, rint, nearbyint, roundeven and
// their f/l variants). rm is only used by Rint and NearbyInt. Zero results
// keep the sign of a; NaNs are returned quieted.
func FRoundToIntegral(k Kind, how Integral, rm RoundingMode, a Word) Word {
	if how > RoundEven {
		panic("arith: invalid integral rounding " + how.String())
	}
	switch k {
	case F64:
		return W64(roundInt64(a.Lo, how, rm))
	case F32:
		return W64(uint64(roundInt32(f32bits(a), how, rm)))
	case F80:
		return nativeRoundInt(how, rm, a)
	}
	panic(badKind(k))
}

// ---------------------------------------------------------------------------
// Conversions between float kinds.

// FPExt converts a to the wider kind `to` (exact). NaNs are quieted and
// keep their payload (shifted to the top of the wider fraction), as
// cvtss2sd and x87 fld do. from == to returns a.
func FPExt(from, to Kind, a Word) Word {
	if from == F32 && to == F64 {
		return W64(ext32to64(f32bits(a)))
	}
	return fpext(from, to, a)
}

func fpext(from, to Kind, a Word) Word {
	if from == to {
		return canon(from, a)
	}
	switch {
	case from == F32 && to == F80:
		return ext64to80(ext32to64(f32bits(a)))
	case from == F64 && to == F80:
		return ext64to80(a.Lo)
	}
	panic("arith: invalid fpext " + from.String() + " to " + to.String())
}

// FPTrunc converts a to the narrower kind `to`, rounding per rm (cvtsd2ss,
// x87 fstps/fstpl). NaN payloads keep their top bits and are quieted.
// from == to returns a.
func FPTrunc(from, to Kind, rm RoundingMode, a Word) Word {
	if from == F64 && to == F32 && rm == NearestEven {
		return W64(uint64(trunc64to32(a.Lo)))
	}
	return fptrunc(from, to, rm, a)
}

func fptrunc(from, to Kind, rm RoundingMode, a Word) Word {
	if from == to {
		return canon(from, a)
	}
	switch {
	case from == F64 && to == F32:
		return nativeTrunc(from, to, rm, a)
	case from == F80 && (to == F64 || to == F32):
		return nativeTrunc(from, to, rm, a)
	}
	panic("arith: invalid fptrunc " + from.String() + " to " + to.String())
}

func canon(k Kind, a Word) Word {
	switch k {
	case F32:
		return W64(uint64(uint32(a.Lo)))
	case F64:
		return W64(a.Lo)
	case F80:
		return w80(a)
	}
	panic(badKind(k))
}

// ---------------------------------------------------------------------------
// Conversions to and from integers.

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
	var r Word
	switch k {
	case F32:
		r = fpToSISoft(float64(math.Float32frombits(f32bits(a))), width)
	case F64:
		r = fpToSISoft(math.Float64frombits(a.Lo), width)
	case F80:
		r = nativeFPToInt(a, width, true)
	default:
		panic(badKind(k))
	}
	return maskWidth(r, width)
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
	var r Word
	switch k {
	case F32:
		x := math.Float32frombits(f32bits(a))
		if width == 64 {
			// The 2^63 bias is subtracted in single precision (subss).
			r = W64(fpToUI64Seq(float64(x), float64(x-float32(0x1p63))))
		} else {
			r = fpToUISoft(float64(x), width)
		}
	case F64:
		x := math.Float64frombits(a.Lo)
		if width == 64 {
			r = W64(fpToUI64Seq(x, x-0x1p63))
		} else {
			r = fpToUISoft(x, width)
		}
	case F80:
		r = nativeFPToInt(a, width, false)
	default:
		panic(badKind(k))
	}
	return maskWidth(r, width)
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

// ---------------------------------------------------------------------------
// Convenience.

// FromFloat64 returns the F64 Word for x.
func FromFloat64(x float64) Word { return W64(math.Float64bits(x)) }

// FromFloat32 returns the F32 Word for x.
func FromFloat32(x float32) Word { return W64(uint64(math.Float32bits(x))) }

// F80FromFloat64 converts x exactly to x86_fp80 (fpext double to x86_fp80).
func F80FromFloat64(x float64) Word { return ext64to80(math.Float64bits(x)) }

// F80ToFloat64 rounds w to double with round-to-nearest-even.
func F80ToFloat64(w Word) float64 {
	return math.Float64frombits(FPTrunc(F80, F64, NearestEven, w).Lo)
}

// Format renders a as glibc printf renders it with %a (float and double;
// a float is printed via its exact double value, as printf promotes it) or
// %La (x86_fp80, whose 64-bit significand with explicit integer bit is
// printed as one leading hex digit plus 15 more: 1.0L is "0x8p-3"). The one
// deviation: a NaN also shows its raw fraction, as "nan(0x...)" / "-nan(0x...)",
// a form C's strtod accepts back.
func Format(k Kind, a Word) string {
	switch k {
	case F32:
		b := f32bits(a)
		if class32(b) == clsNaN {
			return fmtNaN(b&f32Sign != 0, uint64(b&f32Frac))
		}
		return formatF64(ext32to64(b))
	case F64:
		if class64(a.Lo) == clsNaN {
			return fmtNaN(a.Lo&f64Sign != 0, a.Lo&f64Frac)
		}
		return formatF64(a.Lo)
	case F80:
		return formatF80(w80(a))
	}
	panic(badKind(k))
}

func fmtNaN(neg bool, frac uint64) string {
	s := "nan(0x" + strconv.FormatUint(frac, 16) + ")"
	if neg {
		return "-" + s
	}
	return s
}

func formatF64(b uint64) string {
	var sb strings.Builder
	if b&f64Sign != 0 {
		sb.WriteByte('-')
	}
	e := int(b >> 52 & 0x7ff)
	f := b & f64Frac
	switch {
	case e == 0x7ff:
		sb.WriteString("inf")
		return sb.String()
	case e == 0 && f == 0:
		sb.WriteString("0x0p+0")
		return sb.String()
	case e == 0:
		sb.WriteString("0x0")
		e = -1022
	default:
		sb.WriteString("0x1")
		e -= 1023
	}
	writeHexFrac(&sb, f, 13)
	fmt.Fprintf(&sb, "p%+d", e)
	return sb.String()
}

// writeHexFrac writes "." and the n-hex-digit fraction f without trailing
// zeros, or nothing if f is 0.
func writeHexFrac(sb *strings.Builder, f uint64, n int) {
	if f == 0 {
		return
	}
	s := strconv.FormatUint(f, 16)
	s = strings.Repeat("0", n-len(s)) + s
	sb.WriteByte('.')
	sb.WriteString(strings.TrimRight(s, "0"))
}

func formatF80(w Word) string {
	var sb strings.Builder
	neg := w.Hi&f80Sign != 0
	switch class80(w) {
	case clsNaN:
		return fmtNaN(neg, w.Lo)
	case clsInf:
		if neg {
			return "-inf"
		}
		return "inf"
	}
	if neg {
		sb.WriteByte('-')
	}
	e := int(w.Hi & f80Exp)
	m := w.Lo
	sb.WriteString("0x")
	sb.WriteByte("0123456789abcdef"[m>>60])
	writeHexFrac(&sb, m&(1<<60-1), 15)
	switch {
	case e == 0 && m == 0:
		e = 0
	case e == 0:
		e = -16385 // glibc prints denormals with exponent 1-16383-3
	default:
		e -= 16383 + 3 // the leading nibble holds 4 bits, not 1
	}
	fmt.Fprintf(&sb, "p%+d", e)
	return sb.String()
}
