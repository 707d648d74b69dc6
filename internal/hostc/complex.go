package hostc

/*
#include "hostc.h"
*/
import "C"

import (
	"fmt"

	"github.com/floatsym/floatsym/internal/arith"
)

// ComplexFunc identifies a complex function family.
type ComplexFunc int

// ComplexVariant is one C complex function: a family at a float kind, with
// its number of float arguments after the x86_64 ABI splits complex
// values into their parts, and whether its result is real (cabs, carg).
type ComplexVariant struct {
	Fn   ComplexFunc
	Kind arith.Kind
	Args int
	Real bool
}

var complexByName = func() map[string]ComplexVariant {
	m := map[string]ComplexVariant{}
	add := func(base string, fn C.int, args int, real bool) {
		m[base] = ComplexVariant{ComplexFunc(fn), arith.F64, args, real}
		m[base+"f"] = ComplexVariant{ComplexFunc(fn), arith.F32, args, real}
	}
	for name, fn := range map[string]C.int{
		"cexp": C.HOSTC_cexp, "clog": C.HOSTC_clog, "csqrt": C.HOSTC_csqrt, "csin": C.HOSTC_csin,
		"ccos": C.HOSTC_ccos, "ctan": C.HOSTC_ctan, "csinh": C.HOSTC_csinh, "ccosh": C.HOSTC_ccosh,
		"ctanh": C.HOSTC_ctanh, "casin": C.HOSTC_casin, "cacos": C.HOSTC_cacos, "catan": C.HOSTC_catan,
		"casinh": C.HOSTC_casinh, "cacosh": C.HOSTC_cacosh, "catanh": C.HOSTC_catanh, "cproj": C.HOSTC_cproj,
	} {
		add(name, fn, 2, false)
	}
	add("cabs", C.HOSTC_cabs, 2, true)
	add("carg", C.HOSTC_carg, 2, true)
	add("cpow", C.HOSTC_cpow, 4, false)
	m["__mulsc3"] = ComplexVariant{ComplexFunc(C.HOSTC_mul3), arith.F32, 4, false}
	m["__muldc3"] = ComplexVariant{ComplexFunc(C.HOSTC_mul3), arith.F64, 4, false}
	m["__divsc3"] = ComplexVariant{ComplexFunc(C.HOSTC_div3), arith.F32, 4, false}
	m["__divdc3"] = ComplexVariant{ComplexFunc(C.HOSTC_div3), arith.F64, 4, false}
	return m
}()

// LookupComplex finds a complex function by its C name (cexpf, __divdc3).
func LookupComplex(name string) (ComplexVariant, bool) {
	v, ok := complexByName[name]
	return v, ok
}

// ComplexNames lists every name LookupComplex knows.
func ComplexNames() []string {
	names := make([]string, 0, len(complexByName))
	for n := range complexByName {
		names = append(names, n)
	}
	return names
}

// CallComplex runs a complex function under rounding mode rm; a holds the
// real and imaginary parts of the arguments in order. The result is W +
// W2 i (W alone for cabs and carg).
func CallComplex(v ComplexVariant, rm arith.RoundingMode, a [4]arith.Word) Result {
	var ca [4]C.hostc_word
	for i := range a {
		ca[i] = cword(a[i])
	}
	var r C.hostc_result
	C.hostc_complex(C.int(v.Fn), C.int(v.Kind), C.int(rm), &ca[0], &r)
	if r.ok == 0 {
		panic(fmt.Sprintf("hostc: complex function %d has no %v version", v.Fn, v.Kind))
	}
	return result(&r)
}
