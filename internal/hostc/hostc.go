// Package hostc calls the host's glibc for concrete results that must be
// bit-exact with what a natively compiled program gets: printf formatting
// (FormatOne), strtod/strtof/strtold (Strto) and libm (Call, NaN).
//
// Every call runs under an explicit rounding mode: the C side saves the
// thread's floating-point environment, sets the mode with fesetround,
// clears the exception flags, calls glibc, records errno and the raised
// flags, and restores the environment, so the Go runtime never sees a
// changed MXCSR or x87 control word. The C code is compiled with
// -frounding-math -fno-builtin so the compiler neither folds nor inlines the
// calls: the results are glibc's own, as for the native program.
//
// It may import internal/arith only.
package hostc

/*
#cgo CFLAGS: -O2
#cgo LDFLAGS: -lm
#include <errno.h>
#include <stdlib.h>
#include "hostc.h"
*/
import "C"

import (
	"fmt"
	"unsafe"

	"github.com/floatsym/floatsym/internal/arith"
)

// Func identifies a libm function family (sin covers sin, sinf and sinl).
type Func int

// Sig is the C signature of a family; T is the family's float type.
type Sig uint8

// Signatures.
const (
	SigT      Sig = iota + 1 // T f(T)
	SigTT                    // T f(T, T)
	SigTTT                   // T f(T, T, T)
	SigTLD                   // T f(T, long double): nexttoward
	SigTInt                  // T f(T, int): ldexp, scalbn
	SigTLong                 // T f(T, long): scalbln
	SigIntT                  // T f(int, T): jn, yn
	SigTPInt                 // T f(T, int *): frexp, lgamma_r
	SigTTPInt                // T f(T, T, int *): remquo
	SigTPT                   // T f(T, T *): modf
	SigSinCos                // void f(T, T *, T *): sincos
	SigLong                  // long f(T): lround, lrint, llround, llrint
	SigInt                   // int f(T): ilogb, __fpclassify, __isnan, ...
)

// NumArgs is the number of C arguments of a function with signature s.
func (s Sig) NumArgs() int {
	switch s {
	case SigT, SigLong, SigInt:
		return 1
	case SigTT, SigTLD, SigTInt, SigTLong, SigIntT, SigTPInt, SigTPT:
		return 2
	case SigTTT, SigTTPInt, SigSinCos:
		return 3
	}
	return 0
}

// Family describes one libm function family.
type Family struct {
	Name string // double version's C name
	Fn   Func
	Sig  Sig
}

var families = []Family{
	// T f(T)
	{"sin", C.HOSTC_sin, SigT}, {"cos", C.HOSTC_cos, SigT}, {"tan", C.HOSTC_tan, SigT},
	{"asin", C.HOSTC_asin, SigT}, {"acos", C.HOSTC_acos, SigT}, {"atan", C.HOSTC_atan, SigT},
	{"sinh", C.HOSTC_sinh, SigT}, {"cosh", C.HOSTC_cosh, SigT}, {"tanh", C.HOSTC_tanh, SigT},
	{"asinh", C.HOSTC_asinh, SigT}, {"acosh", C.HOSTC_acosh, SigT}, {"atanh", C.HOSTC_atanh, SigT},
	{"exp", C.HOSTC_exp, SigT}, {"exp2", C.HOSTC_exp2, SigT}, {"exp10", C.HOSTC_exp10, SigT},
	{"expm1", C.HOSTC_expm1, SigT}, {"log", C.HOSTC_log, SigT}, {"log10", C.HOSTC_log10, SigT},
	{"log2", C.HOSTC_log2, SigT}, {"log1p", C.HOSTC_log1p, SigT}, {"logb", C.HOSTC_logb, SigT},
	{"sqrt", C.HOSTC_sqrt, SigT}, {"cbrt", C.HOSTC_cbrt, SigT}, {"ceil", C.HOSTC_ceil, SigT},
	{"floor", C.HOSTC_floor, SigT}, {"trunc", C.HOSTC_trunc, SigT}, {"round", C.HOSTC_round, SigT},
	{"roundeven", C.HOSTC_roundeven, SigT}, {"rint", C.HOSTC_rint, SigT},
	{"nearbyint", C.HOSTC_nearbyint, SigT}, {"erf", C.HOSTC_erf, SigT}, {"erfc", C.HOSTC_erfc, SigT},
	{"lgamma", C.HOSTC_lgamma, SigT}, {"tgamma", C.HOSTC_tgamma, SigT},
	{"j0", C.HOSTC_j0, SigT}, {"j1", C.HOSTC_j1, SigT}, {"y0", C.HOSTC_y0, SigT}, {"y1", C.HOSTC_y1, SigT},
	{"fabs", C.HOSTC_fabs, SigT}, {"significand", C.HOSTC_significand, SigT},
	// T f(T, T)
	{"atan2", C.HOSTC_atan2, SigTT}, {"pow", C.HOSTC_pow, SigTT}, {"hypot", C.HOSTC_hypot, SigTT},
	{"fmod", C.HOSTC_fmod, SigTT}, {"remainder", C.HOSTC_remainder, SigTT}, {"fdim", C.HOSTC_fdim, SigTT},
	{"fmax", C.HOSTC_fmax, SigTT}, {"fmin", C.HOSTC_fmin, SigTT}, {"nextafter", C.HOSTC_nextafter, SigTT},
	{"copysign", C.HOSTC_copysign, SigTT},
	{"fminimum", C.HOSTC_fminimum, SigTT}, {"fmaximum", C.HOSTC_fmaximum, SigTT},
	{"fminimum_num", C.HOSTC_fminimum_num, SigTT}, {"fmaximum_num", C.HOSTC_fmaximum_num, SigTT},
	{"fminimum_mag", C.HOSTC_fminimum_mag, SigTT}, {"fmaximum_mag", C.HOSTC_fmaximum_mag, SigTT},
	{"fminimum_mag_num", C.HOSTC_fminimum_mag_num, SigTT}, {"fmaximum_mag_num", C.HOSTC_fmaximum_mag_num, SigTT},
	{"fma", C.HOSTC_fma, SigTTT},
	{"nexttoward", C.HOSTC_nexttoward, SigTLD},
	{"ldexp", C.HOSTC_ldexp, SigTInt}, {"scalbn", C.HOSTC_scalbn, SigTInt}, {"scalbln", C.HOSTC_scalbln, SigTLong},
	{"jn", C.HOSTC_jn, SigIntT}, {"yn", C.HOSTC_yn, SigIntT},
	{"frexp", C.HOSTC_frexp, SigTPInt}, {"lgamma_r", C.HOSTC_lgamma_r, SigTPInt},
	{"remquo", C.HOSTC_remquo, SigTTPInt},
	{"modf", C.HOSTC_modf, SigTPT}, {"sincos", C.HOSTC_sincos, SigSinCos},
	{"lround", C.HOSTC_lround, SigLong}, {"llround", C.HOSTC_llround, SigLong},
	{"lrint", C.HOSTC_lrint, SigLong}, {"llrint", C.HOSTC_llrint, SigLong},
	{"ilogb", C.HOSTC_ilogb, SigInt}, {"__fpclassify", C.HOSTC___fpclassify, SigInt},
	{"__isnan", C.HOSTC___isnan, SigInt}, {"__isinf", C.HOSTC___isinf, SigInt},
	{"__finite", C.HOSTC___finite, SigInt}, {"__signbit", C.HOSTC___signbit, SigInt},
	{"__issignaling", C.HOSTC___issignaling, SigInt},
}

// Families lists every libm family hostc can call.
func Families() []Family { return append([]Family(nil), families...) }

// Variant is one C function: a family at one float kind.
type Variant struct {
	Family
	Kind arith.Kind
}

var byName = func() map[string]Variant {
	m := map[string]Variant{}
	add := func(name string, f Family, k arith.Kind) {
		if _, dup := m[name]; dup {
			panic("hostc: duplicate libm name " + name)
		}
		m[name] = Variant{f, k}
	}
	for _, f := range families {
		add(f.Name, f, arith.F64)
		if f.Name == "lgamma_r" {
			add("lgammaf_r", f, arith.F32)
			add("lgammal_r", f, arith.F80)
			continue
		}
		add(f.Name+"f", f, arith.F32)
		add(f.Name+"l", f, arith.F80)
	}
	return m
}()

// Lookup finds the C function name (e.g. "sinf", "lgammal_r").
func Lookup(name string) (Variant, bool) {
	v, ok := byName[name]
	return v, ok
}

// Names lists every C function name Lookup knows.
func Names() []string {
	names := make([]string, 0, len(byName))
	for n := range byName {
		names = append(names, n)
	}
	return names
}

// Result is the outcome of a libc call.
type Result struct {
	// W is the float result; W2 the second one (modf's integral part,
	// sincos's cosine).
	W, W2 arith.Word
	// I is the integer result or output: frexp's exponent, remquo's
	// quotient bits, lgamma_r's sign, lround/ilogb/... results, and the
	// number of bytes strtod consumed. For remquo it is QuoUnwritten when
	// glibc left *quo alone (it does for a NaN result).
	I int64
	// Errno is the errno value the call set (0: it set none).
	Errno int
	// Except holds the glibc FE_* exception flags the call raised.
	Except int
}

// QuoUnwritten is Result.I of a remquo call that did not write *quo.
const QuoUnwritten = C.HOSTC_QUO_UNWRITTEN

func cword(w arith.Word) C.hostc_word {
	return C.hostc_word{lo: C.uint64_t(w.Lo), hi: C.uint64_t(w.Hi)}
}

func goword(w C.hostc_word) arith.Word { return arith.Word{Lo: uint64(w.lo), Hi: uint64(w.hi)} }

func result(r *C.hostc_result) Result {
	return Result{W: goword(r.r), W2: goword(r.r2), I: int64(r.i), Errno: int(r.err), Except: int(r.except)}
}

func checkKind(k arith.Kind) {
	if k != arith.F32 && k != arith.F64 && k != arith.F80 {
		panic(fmt.Sprintf("hostc: invalid float kind %d", k))
	}
}

// Call runs family fn at kind k under rounding mode rm. The arguments
// depend on the signature: a is the first float argument; b the second
// (SigTT, SigTTT, SigTTPInt; for SigTLD an x86_fp80 Word whatever k is);
// c the third (SigTTT); n the integer argument (SigTInt, SigTLong,
// SigIntT). Unused arguments are ignored.
func Call(fn Func, k arith.Kind, rm arith.RoundingMode, a, b, c arith.Word, n int64) Result {
	checkKind(k)
	ca, cb, cc := cword(a), cword(b), cword(c)
	var r C.hostc_result
	C.hostc_call(C.int(fn), C.int(k), C.int(rm), &ca, &cb, &cc, C.longlong(n), &r)
	if r.ok == 0 {
		panic(fmt.Sprintf("hostc: function %d has no %v version", fn, k))
	}
	return result(&r)
}

// Call1 is Call for a one-argument function.
func Call1(fn Func, k arith.Kind, rm arith.RoundingMode, a arith.Word) Result {
	return Call(fn, k, rm, a, arith.Word{}, arith.Word{}, 0)
}

// Call2 is Call for a two-argument function.
func Call2(fn Func, k arith.Kind, rm arith.RoundingMode, a, b arith.Word) Result {
	return Call(fn, k, rm, a, b, arith.Word{}, 0)
}

// NaN calls nan/nanf/nanl with the tag string.
func NaN(k arith.Kind, tag string) Result {
	checkKind(k)
	cs := C.CString(tag)
	defer C.free(unsafe.Pointer(cs))
	var r C.hostc_result
	C.hostc_nan(C.int(k), cs, &r)
	return result(&r)
}

// Strto parses s with strtof (F32), strtod (F64) or strtold (F80) under
// rm. It returns the value's bits, the number of bytes of s consumed (0 if
// no conversion) and whether the call set errno to ERANGE. s ends at its
// first NUL byte, as in C.
func Strto(k arith.Kind, rm arith.RoundingMode, s string) (w arith.Word, n int, erange bool) {
	checkKind(k)
	cs := C.CString(s)
	defer C.free(unsafe.Pointer(cs))
	var r C.hostc_result
	C.hostc_strtof(C.int(k), C.int(rm), cs, &r)
	return goword(r.r), int(r.i), r.err == C.ERANGE
}

// ArgKind is the C type of FormatOne's argument.
type ArgKind int

// Argument kinds.
const (
	ArgNone       ArgKind = C.HOSTC_ARG_NONE       // no argument (%%, unknown conversions)
	ArgInt        ArgKind = C.HOSTC_ARG_INT        // int (also %c, %hhd, %hd)
	ArgLong       ArgKind = C.HOSTC_ARG_LONG       // long (%ld, %zd, %jd, %td)
	ArgLongLong   ArgKind = C.HOSTC_ARG_LONGLONG   // long long (%lld, %qd, %Ld)
	ArgDouble     ArgKind = C.HOSTC_ARG_DOUBLE     // double: W's Lo
	ArgLongDouble ArgKind = C.HOSTC_ARG_LONGDOUBLE // long double: W as x86_fp80
	ArgString     ArgKind = C.HOSTC_ARG_STRING     // char *: Str, or NULL when Null
	ArgWString    ArgKind = C.HOSTC_ARG_WSTRING    // wchar_t *: WStr, or NULL when Null
	ArgPointer    ArgKind = C.HOSTC_ARG_POINTER    // void *: I
	ArgErrno      ArgKind = C.HOSTC_ARG_ERRNO      // %m: errno = I
)

// Arg is FormatOne's argument.
type Arg struct {
	Kind ArgKind
	I    int64
	W    arith.Word
	Str  []byte // without the terminating NUL
	WStr []int32
	Null bool
}

// FormatOne formats one printf conversion specification (spec is its whole
// text, such as "%-+#012.5Lf", which must consume exactly the argument
// described by a) with glibc's snprintf under rounding mode rm. It returns
// the produced bytes, or errno when snprintf failed (e.g. EILSEQ for a wide
// character with no multibyte form).
func FormatOne(spec string, rm arith.RoundingMode, a Arg) ([]byte, int) {
	cspec := C.CString(spec)
	defer C.free(unsafe.Pointer(cspec))
	var cs *C.char
	var cws *C.wchar_t
	switch a.Kind {
	case ArgString:
		if !a.Null {
			cs = (*C.char)(C.CBytes(append(append([]byte(nil), a.Str...), 0)))
			defer C.free(unsafe.Pointer(cs))
		}
	case ArgWString:
		if !a.Null {
			p := C.malloc(C.size_t(4 * (len(a.WStr) + 1)))
			defer C.free(p)
			ws := unsafe.Slice((*int32)(p), len(a.WStr)+1)
			copy(ws, a.WStr)
			ws[len(a.WStr)] = 0
			cws = (*C.wchar_t)(p)
		}
	}
	w := cword(a.W)
	var buf [256]byte
	var errno C.int
	n := C.hostc_format(C.int(rm), cspec, C.int(a.Kind), C.longlong(a.I), &w, cs, cws,
		(*C.char)(unsafe.Pointer(&buf[0])), C.size_t(len(buf)), &errno)
	if n < 0 {
		return nil, int(errno)
	}
	if int(n) < len(buf) {
		return append([]byte(nil), buf[:n]...), 0
	}
	big := C.malloc(C.size_t(n) + 1)
	defer C.free(big)
	n2 := C.hostc_format(C.int(rm), cspec, C.int(a.Kind), C.longlong(a.I), &w, cs, cws,
		(*C.char)(big), C.size_t(n)+1, &errno)
	if n2 != n {
		panic("hostc: snprintf is not deterministic")
	}
	return C.GoBytes(big, n), 0
}
