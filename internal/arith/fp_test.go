package arith_test

import (
	"math"
	"runtime"
	"strings"
	"testing"

	. "github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/arith/internal/hwref"
)

func fpD(x float64) Word { return FromFloat64(x) }
func fpF(x float32) Word { return FromFloat32(x) }

// Bit patterns used below.
var (
	fpNegZero64  = Word{Lo: 0x8000000000000000}
	fpDefNaN32   = Word{Lo: 0xffc00000}
	fpDefNaN64   = Word{Lo: 0xfff8000000000000}
	fpDefNaN80   = Word{Lo: 0xc000000000000000, Hi: 0xffff}
	fpQNaN64a    = Word{Lo: 0x7ff8000000000001}
	fpQNaN64b    = Word{Lo: 0xfff8000000000003}
	fpSNaN64     = Word{Lo: 0x7ff0000000000002}
	fpSNaN32     = Word{Lo: 0x7f800001}
	fpUnnormal80 = Word{Lo: 0x4000000000000000, Hi: 0x3fff}
	fpPseudoInf  = Word{Lo: 0, Hi: 0x7fff}
	fpPseudoDen  = Word{Lo: 0x8000000000000000, Hi: 0}
	fpMinNorm80  = Word{Lo: 0x8000000000000000, Hi: 1}
)

func TestAPIConstants(t *testing.T) {
	for k, bits := range map[Kind]int{F32: 32, F64: 64, F80: 80} {
		if k.Bits() != bits {
			t.Errorf("%v.Bits() = %d, want %d", k, k.Bits(), bits)
		}
	}
	for rm, v := range map[RoundingMode]int{NearestEven: 0, Downward: 0x400, Upward: 0x800, TowardZero: 0xc00} {
		if rm.FenvValue() != v {
			t.Errorf("%v.FenvValue() = %#x, want %#x", rm, rm.FenvValue(), v)
		}
		if got, ok := RoundingModeFromFenv(v); !ok || got != rm {
			t.Errorf("RoundingModeFromFenv(%#x) = %v, %v", v, got, ok)
		}
	}
	if _, ok := RoundingModeFromFenv(0x100); ok {
		t.Error("RoundingModeFromFenv(0x100) accepted")
	}
	preds := []Pred{False, OEQ, OGT, OGE, OLT, OLE, ONE, ORD, UNO, UEQ, UGT, UGE, ULT, ULE, UNE, True}
	for i, p := range preds {
		if int(p) != i {
			t.Errorf("%v = %d, want %d (LLVM numbering)", p, p, i)
		}
	}
	for _, c := range []struct{ p, swapped Pred }{{OLT, OGT}, {OGE, OLE}, {ULT, UGT}, {UGE, ULE}, {OEQ, OEQ}, {ONE, ONE}, {UNO, UNO}, {True, True}} {
		if c.p.Swapped() != c.swapped || c.swapped.Swapped() != c.p {
			t.Errorf("%v.Swapped() = %v, want %v", c.p, c.p.Swapped(), c.swapped)
		}
	}
	if OLT.Inverse() != UGE || OEQ.Inverse() != UNE || False.Inverse() != True {
		t.Error("Pred.Inverse is wrong")
	}
}

// TestHardwareFacts pins the x86 behaviours that the package documents and
// that the executor relies on; each expectation was observed on real
// hardware / clang-14 binaries (see the doc comments in fp.go).
func TestHardwareFacts(t *testing.T) {
	inf, nan := math.Inf(1), math.NaN()
	_ = nan
	cases := []struct {
		name string
		got  Word
		want Word
	}{
		// Default NaN is negative, for all kinds.
		{"0/0 double", FDiv(F64, NearestEven, fpD(0), fpD(0)), fpDefNaN64},
		{"inf-inf double", FSub(F64, NearestEven, fpD(inf), fpD(inf)), fpDefNaN64},
		{"0*inf float", FMul(F32, NearestEven, fpF(0), fpF(float32(inf))), fpDefNaN32},
		{"sqrt(-1) float", FSqrt(F32, NearestEven, fpF(-1)), fpDefNaN32},
		{"sqrt(-1) double rtz", FSqrt(F64, TowardZero, fpD(-1)), fpDefNaN64},
		{"0/0 x86_fp80", FDiv(F80, NearestEven, F80FromFloat64(0), F80FromFloat64(0)), fpDefNaN80},
		{"sqrt(-0) = -0", FSqrt(F64, NearestEven, fpNegZero64), fpNegZero64},
		// SSE NaN propagation: first NaN operand, quieted.
		{"qNaN + qNaN -> first", FAdd(F64, NearestEven, fpQNaN64a, fpQNaN64b), fpQNaN64a},
		{"qNaN * qNaN -> first (other order)", FMul(F64, NearestEven, fpQNaN64b, fpQNaN64a), fpQNaN64b},
		{"1 + sNaN -> quieted", FAdd(F64, NearestEven, fpD(1), fpSNaN64), Word{Lo: 0x7ff8000000000002}},
		{"sNaN - 1 float -> quieted", FSub(F32, NearestEven, fpSNaN32, fpF(1)), Word{Lo: 0x7fc00001}},
		{"qNaN + qNaN upward", FAdd(F64, Upward, fpQNaN64b, fpQNaN64a), fpQNaN64b},
		// fma NaN priority b, a, c.
		{"fma(qNaN, sNaN, 1) -> b", FMA(F64, NearestEven, fpQNaN64a, fpSNaN64, fpD(1)), Word{Lo: 0x7ff8000000000002}},
		{"fma(sNaN, 1, qNaN) -> a", FMA(F64, NearestEven, fpSNaN64, fpD(1), fpQNaN64b), Word{Lo: 0x7ff8000000000002}},
		{"fma(0, inf, qNaN) -> c", FMA(F64, NearestEven, fpD(0), fpD(inf), fpQNaN64a), fpQNaN64a},
		{"fma(0, inf, 1) -> default", FMA(F64, NearestEven, fpD(0), fpD(inf), fpD(1)), fpDefNaN64},
		{"fma single rounding", FMA(F64, NearestEven, fpD(1+0x1p-30), fpD(1-0x1p-30), fpD(-1)), fpD(-0x1p-60)},
		{"fmaf single rounding", FMA(F32, NearestEven, fpF(1+0x1p-12), fpF(1+0x1p-12), fpF(-1)), fpF(0x1p-11 + 0x1p-24)},
		{"fma exact -x*y+x*y = +0", FMA(F64, NearestEven, fpD(3), fpD(5), fpD(-15)), fpD(0)},
		{"fma underflowing product keeps sign", FMA(F64, NearestEven, fpD(-0x1p-600), fpD(0x1p-600), fpD(0)), fpNegZero64},
		// frem = fmod; remainder is IEEE.
		{"fmod(-6, 3) = -0", FRem(F64, fpD(-6), fpD(3)), fpNegZero64},
		{"fmod(5.5, 2) = 1.5", FRem(F64, fpD(5.5), fpD(2)), fpD(1.5)},
		{"fmod(-5.5, 2) = -1.5", FRem(F32, fpF(-5.5), fpF(2)), fpF(-1.5)},
		{"fmod(1e300, 3e-300)", FRem(F64, fpD(1e300), fpD(3e-300)), fpD(math.Mod(1e300, 3e-300))},
		{"fmod(inf, 1) = default NaN", FRem(F64, fpD(inf), fpD(1)), fpDefNaN64},
		{"fmod(1, 0) = default NaN", FRem(F64, fpD(1), fpD(0)), fpDefNaN64},
		{"fmod(1, inf) = 1", FRem(F64, fpD(1), fpD(inf)), fpD(1)},
		{"fmod(qNaN a, qNaN b) = a", FRem(F64, fpQNaN64a, fpQNaN64b), fpQNaN64a},
		{"remainder(3, 2) = -1", FRemainder(F64, fpD(3), fpD(2)), fpD(-1)},
		{"remainder(5, 2) = 1", FRemainder(F64, fpD(5), fpD(2)), fpD(1)},
		{"remainder(7, 2) float = -1", FRemainder(F32, fpF(7), fpF(2)), fpF(-1)},
		{"remainder(qNaN a, qNaN b) = b", FRemainder(F64, fpQNaN64a, fpQNaN64b), fpQNaN64b},
		{"remainderf(qNaN a, qNaN b) = a", FRemainder(F32, Word{Lo: 0x7fc00001}, Word{Lo: 0xffc00003}), Word{Lo: 0x7fc00001}},
		{"glibc remainder zero sign quirk", FRemainder(F64, Word{Lo: 0x079bb472998d5954}, Word{Lo: 2}), fpNegZero64},
		{"fmodl(7, 4) = 3", FRem(F80, F80FromFloat64(7), F80FromFloat64(4)), F80FromFloat64(3)},
		// llvm.minnum / maxnum as clang-14 lowers them.
		{"minnum(-0, +0) = -0", FMinNum(F64, fpNegZero64, fpD(0)), fpNegZero64},
		{"minnum(+0, -0) = +0", FMinNum(F64, fpD(0), fpNegZero64), fpD(0)},
		{"maxnum(-0, +0) = -0", FMaxNum(F64, fpNegZero64, fpD(0)), fpNegZero64},
		{"minnum(qNaN, sNaN) = sNaN unquieted", FMinNum(F64, fpQNaN64a, fpSNaN64), fpSNaN64},
		{"minnum(sNaN, 1) = 1", FMinNum(F64, fpSNaN64, fpD(1)), fpD(1)},
		{"maxnum(1, qNaN) = 1", FMaxNum(F32, fpF(1), Word{Lo: 0x7fc00000}), fpF(1)},
		{"minnum(2, 1) = 1", FMinNum(F32, fpF(2), fpF(1)), fpF(1)},
		{"fminl(-0, +0) = -0", FMinNum(F80, F80FromFloat64(math.Copysign(0, -1)), F80FromFloat64(0)), F80FromFloat64(math.Copysign(0, -1))},
		// fptosi / fptoui out of range.
		{"fptosi NaN i32", FPToSI(F64, fpD(nan), 32), Word{Lo: 0x80000000}},
		{"fptosi 3e9 i32", FPToSI(F64, fpD(3e9), 32), Word{Lo: 0x80000000}},
		{"fptosi NaN i16 = 0", FPToSI(F64, fpD(nan), 16), Word{}},
		{"fptosi 40000 i16 = truncated", FPToSI(F64, fpD(40000), 16), Word{Lo: 40000}},
		{"fptosi -1.9 i8", FPToSI(F32, fpF(-1.9), 8), Word{Lo: 0xff}},
		{"fptosi NaN i64", FPToSI(F32, fpF(float32(nan)), 64), Word{Lo: 0x8000000000000000}},
		{"fptosi x86_fp80 NaN i16 = 0x8000", FPToSI(F80, F80FromFloat64(nan), 16), Word{Lo: 0x8000}},
		{"fptosi x86_fp80 1e6 i16 = 0x8000", FPToSI(F80, F80FromFloat64(1e6), 16), Word{Lo: 0x8000}},
		{"fptosi x86_fp80 unnormal i32", FPToSI(F80, fpUnnormal80, 32), Word{Lo: 0x80000000}},
		{"fptoui -1 i32 = 0xffffffff", FPToUI(F64, fpD(-1), 32), Word{Lo: 0xffffffff}},
		{"fptoui 2^32+5 i32 = 5", FPToUI(F64, fpD(0x1p32+5), 32), Word{Lo: 5}},
		{"fptoui NaN i32 = 0", FPToUI(F64, fpD(nan), 32), Word{}},
		{"fptoui 300 i8 = 44", FPToUI(F32, fpF(300), 8), Word{Lo: 44}},
		{"fptoui NaN i64 = 2^63", FPToUI(F64, fpD(nan), 64), Word{Lo: 1 << 63}},
		{"fptoui 2^64 i64 = 2^63", FPToUI(F64, fpD(0x1p64), 64), Word{Lo: 1 << 63}},
		{"fptoui 1.5*2^63 i64", FPToUI(F64, fpD(0x1.8p63), 64), Word{Lo: 0xc000000000000000}},
		{"fptoui -1 i64", FPToUI(F64, fpD(-1), 64), Word{Lo: ^uint64(0)}},
		{"fptoui x86_fp80 NaN i64 = 0", FPToUI(F80, F80FromFloat64(nan), 64), Word{}},
		{"fptoui x86_fp80 2^64 i64 = 0", FPToUI(F80, F80FromFloat64(0x1p64), 64), Word{}},
		{"fptoui x86_fp80 -1 i64", FPToUI(F80, F80FromFloat64(-1), 64), Word{Lo: ^uint64(0)}},
		{"fptoui x86_fp80 2^64-1 i64", FPToUI(F80, Word{Lo: ^uint64(0), Hi: 0x403e}, 64), Word{Lo: ^uint64(0)}},
		// 128-bit conversions replay libgcc.
		{"fptosi NaN i128", FPToSI(F64, fpD(nan), 128), Word{Lo: 1 << 63, Hi: 1 << 63}},
		{"fptosi inf i128 = 0", FPToSI(F64, fpD(inf), 128), Word{}},
		{"fptosi 2^127 i128 wraps", FPToSI(F64, fpD(0x1p127), 128), Word{Hi: 1 << 63}},
		{"fptosi -1.5 i128", FPToSI(F64, fpD(-1.5), 128), Word{Lo: ^uint64(0), Hi: ^uint64(0)}},
		{"fptosi 2^100+2^40 i128", FPToSI(F32, fpF(0x1p100+0x1p77), 128), Word{Hi: 1<<36 | 1<<13}},
		{"fptoui -1.5 i128", FPToUI(F64, fpD(-1.5), 128), Word{Lo: ^uint64(0)}},
		{"fptoui -inf i128", FPToUI(F64, fpD(-inf), 128), Word{Lo: 1 << 63, Hi: 1 << 63}},
		{"fptoui x86_fp80 -1.5 i128 = 0", FPToUI(F80, F80FromFloat64(-1.5), 128), Word{}},
		{"fptosi -3 i100 truncated", FPToSI(F64, fpD(-3), 100), Word{Lo: ^uint64(0) - 2, Hi: 1<<36 - 1}},
		// int -> fp.
		{"uitofp i64 0 downward = -0", UIToFP(64, F64, Downward, Word{}), fpNegZero64},
		{"uitofp i63 0 downward = +0", UIToFP(63, F64, Downward, Word{}), fpD(0)},
		{"uitofp i64 0 downward float = +0", UIToFP(64, F32, Downward, Word{}), fpF(0)},
		{"sitofp i64 0 downward = +0", SIToFP(64, F64, Downward, Word{}), fpD(0)},
		{"sitofp i8 -1", SIToFP(8, F64, NearestEven, Word{Lo: 0xff}), fpD(-1)},
		{"uitofp i8 255", UIToFP(8, F32, NearestEven, Word{Lo: 0xff}), fpF(255)},
		{"sitofp i64 2^53+1 rne", SIToFP(64, F64, NearestEven, Word{Lo: 1<<53 + 1}), fpD(0x1p53)},
		{"sitofp i64 2^53+1 up", SIToFP(64, F64, Upward, Word{Lo: 1<<53 + 1}), fpD(0x1p53 + 2)},
		{"sitofp i64 -(2^53+1) down", SIToFP(64, F64, Downward, Word{Lo: ^uint64(1 << 53)}), fpD(-0x1p53 - 2)},
		{"uitofp i128 max float rne = inf", UIToFP(128, F32, NearestEven, Word{Lo: ^uint64(0), Hi: ^uint64(0)}), fpF(float32(inf))},
		{"uitofp i128 max float rtz = max", UIToFP(128, F32, TowardZero, Word{Lo: ^uint64(0), Hi: ^uint64(0)}), fpF(math.MaxFloat32)},
		{"sitofp i128 min float", SIToFP(128, F32, NearestEven, Word{Hi: 1 << 63}), fpF(-0x1p127)},
		{"sitofp i64 exact x86_fp80", SIToFP(64, F80, NearestEven, Word{Lo: 1<<63 + 1}), Word{Lo: 0xfffffffffffffffe, Hi: 0xc03d}},
		// Directed rounding.
		{"1 + 2^-60 up", FAdd(F64, Upward, fpD(1), fpD(0x1p-60)), fpD(1 + 0x1p-52)},
		{"1 + 2^-60 down", FAdd(F64, Downward, fpD(1), fpD(0x1p-60)), fpD(1)},
		{"-1 - 2^-60 rtz", FSub(F64, TowardZero, fpD(-1), fpD(0x1p-60)), fpD(-1)},
		{"1 - 1 down = -0", FSub(F64, Downward, fpD(1), fpD(1)), fpNegZero64},
		{"1 - 1 rne = +0", FSub(F64, NearestEven, fpD(1), fpD(1)), fpD(0)},
		{"1/3 float down", FDiv(F32, Downward, fpF(1), fpF(3)), Word{Lo: 0x3eaaaaaa}},
		{"1/3 float up", FDiv(F32, Upward, fpF(1), fpF(3)), Word{Lo: 0x3eaaaaab}},
		{"2/3 float up", FDiv(F32, Upward, fpF(2), fpF(3)), Word{Lo: 0x3f2aaaab}},
		{"2/3 float rtz", FDiv(F32, TowardZero, fpF(2), fpF(3)), Word{Lo: 0x3f2aaaaa}},
		{"max*2 rtz = max", FMul(F64, TowardZero, fpD(math.MaxFloat64), fpD(2)), fpD(math.MaxFloat64)},
		{"fptrunc 1+2^-30 down", FPTrunc(F64, F32, Downward, fpD(1+0x1p-30)), fpF(1)},
		{"fptrunc 1+2^-30 up", FPTrunc(F64, F32, Upward, fpD(1+0x1p-30)), fpF(1 + 0x1p-23)},
		// Round to integral.
		{"round(-0.5) = -1", FRoundToIntegral(F64, Round, NearestEven, fpD(-0.5)), fpD(-1)},
		{"roundeven(2.5) = 2", FRoundToIntegral(F64, RoundEven, Upward, fpD(2.5)), fpD(2)},
		{"rint(0.2) up = 1", FRoundToIntegral(F64, Rint, Upward, fpD(0.2)), fpD(1)},
		{"nearbyint(-0.2) down = -1", FRoundToIntegral(F32, NearbyInt, Downward, fpF(-0.2)), fpF(-1)},
		{"rint(-0.2) up = -0", FRoundToIntegral(F64, Rint, Upward, fpD(-0.2)), fpNegZero64},
		{"ceil(-0.5) = -0", FRoundToIntegral(F64, Ceil, NearestEven, fpD(-0.5)), fpNegZero64},
		{"floor(2^52+0.5)", FRoundToIntegral(F64, Floor, NearestEven, fpD(0x1p52+1)), fpD(0x1p52 + 1)},
		{"trunc(sNaN) quieted", FRoundToIntegral(F64, Trunc, NearestEven, fpSNaN64), Word{Lo: 0x7ff8000000000002}},
		{"floorl(-1.5)", FRoundToIntegral(F80, Floor, NearestEven, F80FromFloat64(-1.5)), F80FromFloat64(-2)},
		{"rintl(2.5) up", FRoundToIntegral(F80, Rint, Upward, F80FromFloat64(2.5)), F80FromFloat64(3)},
		// Conversions between kinds.
		{"fpext float sNaN -> quiet, payload shifted", FPExt(F32, F64, Word{Lo: 0xff812345}), Word{Lo: 0xfff8000000000000 | 0x12345<<29}},
		{"fpext double -> x86_fp80 subnormal", FPExt(F64, F80, Word{Lo: 1}), Word{Lo: 1 << 63, Hi: 16383 - 1074}},
		{"fpext float NaN -> x86_fp80", FPExt(F32, F80, Word{Lo: 0x7fc00001}), Word{Lo: 0xc000010000000000, Hi: 0x7fff}},
		{"fptrunc double NaN payload", FPTrunc(F64, F32, NearestEven, Word{Lo: 0x7ff00000deadbeef}), Word{Lo: 0x7fc00006}},
		{"fptrunc x86_fp80 NaN -> double", FPTrunc(F80, F64, NearestEven, Word{Lo: 0x8000000000000801, Hi: 0xffff}), Word{Lo: 0xfff8000000000001}},
		{"fptrunc x86_fp80 unnormal -> default NaN", FPTrunc(F80, F64, NearestEven, fpUnnormal80), fpDefNaN64},
		// x87 invalid encodings.
		{"unnormal + 1 = default NaN", FAdd(F80, NearestEven, fpUnnormal80, F80FromFloat64(1)), fpDefNaN80},
		{"pseudo-inf * 1 = default NaN", FMul(F80, NearestEven, fpPseudoInf, F80FromFloat64(1)), fpDefNaN80},
		{"pseudo-denormal + 0 = its value", FAdd(F80, NearestEven, fpPseudoDen, F80FromFloat64(0)), fpMinNorm80},
		{"x87 NaN + NaN: larger significand", FAdd(F80, NearestEven, Word{Lo: 0xc000000000000001, Hi: 0x7fff}, Word{Lo: 0xc000000000000002, Hi: 0xffff}), Word{Lo: 0xc000000000000002, Hi: 0xffff}},
		// Sign operations are bitwise, NaNs included.
		{"fneg NaN", FNeg(F64, fpQNaN64a), Word{Lo: 0xfff8000000000001}},
		{"fabs x86_fp80", FAbs(F80, Word{Lo: 5, Hi: 0xbfff}), Word{Lo: 5, Hi: 0x3fff}},
		{"copysign float", FCopySign(F32, fpF(2), Word{Lo: 0x80000000}), Word{Lo: 0xc0000000}},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: got %#x:%#x, want %#x:%#x", c.name, c.got.Hi, c.got.Lo, c.want.Hi, c.want.Lo)
		}
	}
}

func TestHardwareFactsPredicates(t *testing.T) {
	cases := []struct {
		name string
		got  bool
		want bool
	}{
		{"NaN une NaN", FCmp(F64, UNE, fpQNaN64a, fpQNaN64a), true},
		{"NaN oeq NaN", FCmp(F64, OEQ, fpQNaN64a, fpQNaN64a), false},
		{"-0 oeq +0", FCmp(F64, OEQ, fpNegZero64, fpD(0)), true},
		{"1 ult NaN", FCmp(F32, ULT, fpF(1), fpSNaN32), true},
		{"1 olt NaN", FCmp(F32, OLT, fpF(1), fpSNaN32), false},
		{"x86_fp80 unnormal uno itself", FCmp(F80, UNO, fpUnnormal80, fpUnnormal80), true},
		{"x86_fp80 pseudo-denormal oeq min normal", FCmp(F80, OEQ, fpPseudoDen, fpMinNorm80), true},
		{"x86_fp80 -denormal olt +0", FCmp(F80, OLT, Word{Lo: 1, Hi: 0x8000}, F80FromFloat64(0)), true},
		{"IsNaN unnormal", IsNaN(F80, fpUnnormal80), true},
		{"IsNaN pseudo-inf", IsNaN(F80, fpPseudoInf), true},
		{"IsInf pseudo-inf", IsInf(F80, fpPseudoInf), false},
		{"IsNormal pseudo-denormal", IsNormal(F80, fpPseudoDen), true},
		{"IsSubnormal x86_fp80 denormal", IsSubnormal(F80, Word{Lo: 1}), true},
		{"IsSubnormal float", IsSubnormal(F32, Word{Lo: 1}), true},
		{"IsZero -0", IsZero(F64, fpNegZero64), true},
		{"SignBit -NaN", SignBit(F64, fpDefNaN64), true},
		{"IsInf double", IsInf(F64, fpD(math.Inf(-1))), true},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, c.got, c.want)
		}
	}
}

func TestConvenience(t *testing.T) {
	for _, x := range []float64{0, 1, -1.5, math.Pi, 1e-310, math.MaxFloat64, math.Inf(-1)} {
		w := F80FromFloat64(x)
		if back := F80ToFloat64(w); math.Float64bits(back) != math.Float64bits(x) {
			t.Errorf("F80ToFloat64(F80FromFloat64(%g)) = %g", x, back)
		}
	}
	if F80ToFloat64(Word{Lo: 0xffffffffffffffff, Hi: 0x3fff}) != 2 {
		t.Error("F80ToFloat64 does not round to nearest")
	}
	if FromFloat32(1.5).Lo != 0x3fc00000 || FromFloat64(1.5).Lo != 0x3ff8000000000000 {
		t.Error("FromFloat32/FromFloat64 wrong")
	}
	for _, c := range []struct {
		k    Kind
		w    Word
		want string
	}{
		{F64, fpD(1), "0x1p+0"},
		{F64, fpD(-0.1), "-0x1.999999999999ap-4"},
		{F64, Word{Lo: 1}, "0x0.0000000000001p-1022"},
		{F32, Word{Lo: 1}, "0x1p-149"},
		{F80, F80FromFloat64(1), "0x8p-3"},
		{F80, Word{Lo: 1}, "0x0.000000000000001p-16385"},
		{F64, fpDefNaN64, "-nan(0x8000000000000)"},
		{F80, fpPseudoInf, "nan(0x0)"},
		{F32, fpF(float32(math.Inf(-1))), "-inf"},
	} {
		if got := Format(c.k, c.w); got != c.want {
			t.Errorf("Format(%v, %#x:%#x) = %q, want %q", c.k, c.w.Hi, c.w.Lo, got, c.want)
		}
	}
}

func TestPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"bad kind":        func() { FAdd(Kind(9), NearestEven, Word{}, Word{}) },
		"bad kind neg":    func() { FNeg(Kind(0), Word{}) },
		"bad width":       func() { FPToSI(F64, Word{}, 129) },
		"zero width":      func() { SIToFP(0, F64, NearestEven, Word{}) },
		"bad fpext":       func() { FPExt(F64, F32, Word{}) },
		"bad fptrunc":     func() { FPTrunc(F32, F64, NearestEven, Word{}) },
		"bad predicate":   func() { FCmp(F64, Pred(16), Word{}, Word{}) },
		"bad rounding":    func() { FAdd(F80, RoundingMode(7), Word{}, Word{}) },
		"bad integral op": func() { FRoundToIntegral(F64, Integral(9), NearestEven, Word{}) },
	} {
		func() {
			defer func() {
				if r := recover(); r == nil {
					t.Errorf("%s: no panic", name)
				} else if s, ok := r.(string); !ok || !strings.HasPrefix(s, "arith: ") {
					t.Errorf("%s: unexpected panic %v", name, r)
				}
			}()
			f()
		}()
	}
}

// TestRoundingModeRestored checks that the cgo paths leave MXCSR and the x87
// control word as they found them, so Go code on the same thread keeps
// rounding to nearest.
func TestRoundingModeRestored(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, rm := range fpModes {
		for _, k := range fpKinds {
			FAdd(k, rm, fpFromF64(k, 1), fpFromF64(k, 0x1p-70))
			FSqrt(k, rm, fpFromF64(k, 2))
			FMA(k, rm, fpFromF64(k, 2), fpFromF64(k, 3), fpFromF64(k, 1))
			FRoundToIntegral(k, Rint, rm, fpFromF64(k, 2.5))
			if k != F32 {
				FPTrunc(k, F32, rm, fpFromF64(k, 1.1))
			}
			if mx, x87 := hwref.RoundingControls(); mx != 0 || x87 != 0 {
				t.Fatalf("after %v %v ops: MXCSR.RC=%d x87.RC=%d, want 0", k, rm, mx, x87)
			}
		}
	}
}

func TestZeroAllocs(t *testing.T) {
	a, b, c := fpD(1.25), fpD(3.5), fpD(-2)
	x, y := F80FromFloat64(1.25), F80FromFloat64(3.5)
	var sink Word
	var bsink bool
	for name, f := range map[string]func(){
		"FAdd F64":     func() { sink = FAdd(F64, NearestEven, a, b) },
		"FSub F64":     func() { sink = FSub(F64, NearestEven, a, b) },
		"FMul F64":     func() { sink = FMul(F64, NearestEven, a, b) },
		"FDiv F64":     func() { sink = FDiv(F64, NearestEven, a, b) },
		"FMul F32":     func() { sink = FMul(F32, NearestEven, fpF(1.5), fpF(3)) },
		"FSqrt F64":    func() { sink = FSqrt(F64, NearestEven, b) },
		"FMA F64":      func() { sink = FMA(F64, NearestEven, a, b, c) },
		"FRem F64":     func() { sink = FRem(F64, b, a) },
		"FCmp F64":     func() { bsink = FCmp(F64, OLT, a, b) },
		"FPToSI F64":   func() { sink = FPToSI(F64, b, 32) },
		"SIToFP F64":   func() { sink = SIToFP(32, F64, NearestEven, Word{Lo: 7}) },
		"FPTrunc F64":  func() { sink = FPTrunc(F64, F32, NearestEven, b) },
		"FAdd F64 up":  func() { sink = FAdd(F64, Upward, a, b) },
		"FAdd F80":     func() { sink = FAdd(F80, NearestEven, x, y) },
		"FPToSI F80":   func() { sink = FPToSI(F80, x, 64) },
		"FRem F80":     func() { sink = FRem(F80, y, x) },
		"FCmp F80":     func() { bsink = FCmp(F80, OLT, x, y) },
		"FPExt F64F80": func() { sink = FPExt(F64, F80, a) },
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s allocates %.1f times per call", name, n)
		}
	}
	_, _ = sink, bsink
}

var benchSink Word

func BenchmarkFAddF64(b *testing.B) {
	x, y := fpD(1.25), fpD(3.5)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		x = FAdd(F64, NearestEven, x, y)
	}
	benchSink = x
}

func BenchmarkFMulF64(b *testing.B) {
	x, y := fpD(1.25), fpD(1.0000001)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		x = FMul(F64, NearestEven, x, y)
	}
	benchSink = x
}

func BenchmarkFDivF32(b *testing.B) {
	x, y := fpF(1.25), fpF(1.0000001)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		x = FDiv(F32, NearestEven, x, y)
	}
	benchSink = x
}

func BenchmarkFMAF64(b *testing.B) {
	x, y, z := fpD(1.25), fpD(1.0000001), fpD(-0.5)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		x = FMA(F64, NearestEven, x, y, z)
	}
	benchSink = x
}

// The cgo paths, for comparison.
func BenchmarkFAddF64Upward(b *testing.B) {
	x, y := fpD(1.25), fpD(3.5)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		x = FAdd(F64, Upward, x, y)
	}
	benchSink = x
}

func BenchmarkFAddF80(b *testing.B) {
	x, y := F80FromFloat64(1.25), F80FromFloat64(3.5)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		x = FAdd(F80, NearestEven, x, y)
	}
	benchSink = x
}
