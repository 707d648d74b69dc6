package arith

// Floating-point semantics, bit-exact with what clang-14 -O0/-O2 code does
// on x86_64 Linux (SSE for float/double, x87 for x86_fp80, glibc libm and
// libgcc for the operations LLVM turns into library calls).
//
// Split of the implementation:
//   - fp.go: the types (Kind, RoundingMode, Pred, Integral) and the
//     exported operations, which look their per-kind implementation up in
//     the table (except the hot float/double arithmetic: see kindOps);
//   - fp_kinds.go: that table, one entry per kind: its storage format and
//     its implementation of every kind-dependent operation;
//   - fp_soft.go, fp_softint.go: pure Go. Every float/double operation
//     under NearestEven (the executor's hot path: no cgo, no allocation),
//     plus everything that is exact or rounding-mode independent
//     (comparisons, fmod, remainder, round-to-integral, int<->float
//     conversions, fpext) for float/double, and the x86_fp80 bit-level
//     operations (neg/abs/copysign, classify, compare, fpext, int->fp80
//     conversions).
//   - fp_native.go: cgo. float/double arithmetic under the directed rounding
//     modes and all x86_fp80 arithmetic, executed by the real hardware with
//     the mode set (x87 handles pseudo-denormals, unnormals, pseudo-NaNs and
//     pseudo-infinities exactly as a native binary would).
//   - fp_convert.go (float<->integer), fp_format.go (%a formatting).
//
// Hardware facts the executor must know are documented on each function
// (see FMinNum, FPToUI, FPToSI, UIToFP).

import (
	"math"
	"strconv"
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

// Precision returns k's significand precision in bits (the integer bit
// counted): 24, 53 or 64.
func (k Kind) Precision() int {
	switch k {
	case F32:
		return 24
	case F64:
		return 53
	case F80:
		return 64
	}
	panic(badKind(k))
}

// MinExp returns k's least normal exponent emin (the smallest normal
// magnitude is 2^emin): -126, -1022 or -16382.
func (k Kind) MinExp() int {
	switch k {
	case F32:
		return -126
	case F64:
		return -1022
	case F80:
		return -16382
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

func classify(k Kind, a Word) fclass { return ops(k).class(a) }

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
	o := ops(k)
	return a.Lo&o.signLo|a.Hi&o.signHi != 0
}

// ---------------------------------------------------------------------------
// Sign operations: pure bit operations on x86 (xorps/andps, fchs/fabs), so
// NaNs and invalid x87 encodings pass through unchanged apart from the sign.

// FNeg flips the sign bit (LLVM fneg).
func FNeg(k Kind, a Word) Word {
	o := ops(k)
	return Word{Lo: (a.Lo ^ o.signLo) & o.lo, Hi: (a.Hi ^ o.signHi) & o.hi}
}

// FAbs clears the sign bit (llvm.fabs).
func FAbs(k Kind, a Word) Word {
	o := ops(k)
	return Word{Lo: a.Lo &^ o.signLo & o.lo, Hi: a.Hi &^ o.signHi & o.hi}
}

// FCopySign returns mag with the sign bit of sign (llvm.copysign).
func FCopySign(k Kind, mag, sign Word) Word {
	o := ops(k)
	return Word{Lo: (mag.Lo&^o.signLo | sign.Lo&o.signLo) & o.lo, Hi: (mag.Hi&^o.signHi | sign.Hi&o.signHi) & o.hi}
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
	switch { // float and double compared directly (see kindOps)
	case k == F64:
		rel = rel64(a.Lo, b.Lo)
	case k == F32:
		rel = rel32(f32bits(a), f32bits(b))
	default:
		rel = ops(k).rel(a, b)
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
// Arithmetic. NearestEven float/double goes to pure Go; the rest to the
// hardware through cgo.

// FAdd returns a+b rounded per rm (LLVM fadd executed with that MXCSR/x87
// rounding control).
func FAdd(k Kind, rm RoundingMode, a, b Word) Word {
	if rm == NearestEven { // float and double in pure Go, called directly (see kindOps)
		if k == F64 {
			return W64(add64(a.Lo, b.Lo))
		}
		if k == F32 {
			return W64(uint64(add32(f32bits(a), f32bits(b))))
		}
	}
	return nativeArith(opAdd, k, rm, a, b)
}

// FSub returns a-b rounded per rm.
func FSub(k Kind, rm RoundingMode, a, b Word) Word {
	if rm == NearestEven { // float and double in pure Go, called directly (see kindOps)
		if k == F64 {
			return W64(sub64(a.Lo, b.Lo))
		}
		if k == F32 {
			return W64(uint64(sub32(f32bits(a), f32bits(b))))
		}
	}
	return nativeArith(opSub, k, rm, a, b)
}

// FMul returns a*b rounded per rm.
func FMul(k Kind, rm RoundingMode, a, b Word) Word {
	if rm == NearestEven { // float and double in pure Go, called directly (see kindOps)
		if k == F64 {
			return W64(mul64(a.Lo, b.Lo))
		}
		if k == F32 {
			return W64(uint64(mul32(f32bits(a), f32bits(b))))
		}
	}
	return nativeArith(opMul, k, rm, a, b)
}

// FDiv returns a/b rounded per rm.
func FDiv(k Kind, rm RoundingMode, a, b Word) Word {
	if rm == NearestEven { // float and double in pure Go, called directly (see kindOps)
		if k == F64 {
			return W64(div64(a.Lo, b.Lo))
		}
		if k == F32 {
			return W64(uint64(div32(f32bits(a), f32bits(b))))
		}
	}
	return nativeArith(opDiv, k, rm, a, b)
}

// FRem is LLVM frem, which clang lowers to C fmod/fmodf/fmodl: the exact
// remainder a - trunc(a/b)*b with the sign of a. It is exact, so it has no
// rounding mode. NaN rules (glibc): a NaN a wins over a NaN b, quieted;
// a = ±inf or b = ±0 gives the default NaN.
func FRem(k Kind, a, b Word) Word { return ops(k).rem(a, b) }

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
func FRemainder(k Kind, a, b Word) Word { return ops(k).remainder(a, b) }

// FSqrt returns the correctly rounded square root (sqrtss/sqrtsd/fsqrt).
// sqrt(-0) = -0; sqrt of a negative nonzero value is the default NaN.
func FSqrt(k Kind, rm RoundingMode, a Word) Word {
	if f := ops(k).sqrt; f != nil && rm == NearestEven {
		return f(a)
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
	if f := ops(k).fma; f != nil && rm == NearestEven {
		return f(a, b, c)
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
func FMinNum(k Kind, a, b Word) Word { return ops(k).minNum(a, b) }

// FMaxNum implements llvm.maxnum as clang-14 lowers it:
// isnan(a) ? b : maxsd(b, a) for float/double (see FMinNum), glibc fmaxl
// for x86_fp80.
func FMaxNum(k Kind, a, b Word) Word { return ops(k).maxNum(a, b) }

// FRoundToIntegral rounds a to an integral value as the libm function named
// by how (glibc floor, ceil, trunc, round, rint, nearbyint, roundeven and
// their f/l variants). rm is only used by Rint and NearbyInt. Zero results
// keep the sign of a; NaNs are returned quieted.
func FRoundToIntegral(k Kind, how Integral, rm RoundingMode, a Word) Word {
	if how > RoundEven {
		panic("arith: invalid integral rounding " + how.String())
	}
	return ops(k).roundInt(a, how, rm)
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
