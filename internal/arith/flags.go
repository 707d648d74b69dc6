package arith

import "strings"

// IEEE 754 exception flags as the x86_64 hardware raises them.
//
// Each *Flags function returns the flags the native code clang-14 emits for
// the operation raises (with all exceptions masked, as a C program runs by
// default): the same instruction sequences as the value functions of this
// package document (SSE for float/double, x87 for x86_fp80, glibc libm and
// libgcc for the library calls), executed on the hardware with the flags
// cleared before and read after, so the flags are exact by construction.
// The executor calls them only when a program reads the flags (fenv.h) or
// exceptions are checked, so the pure-Go fast path stays flag-free.

// Flags is a set of exception flags, with glibc's x86_64 FE_* values.
type Flags uint8

// The five IEEE flags (FE_INVALID, FE_DIVBYZERO, FE_OVERFLOW, FE_UNDERFLOW,
// FE_INEXACT). The x87/SSE denormal-operand flag (0x02) is not one of them.
const (
	FlagInvalid   Flags = 0x01
	FlagDivByZero Flags = 0x04
	FlagOverflow  Flags = 0x08
	FlagUnderflow Flags = 0x10
	FlagInexact   Flags = 0x20
	// AllFlags is FE_ALL_EXCEPT.
	AllFlags = FlagInvalid | FlagDivByZero | FlagOverflow | FlagUnderflow | FlagInexact
)

// FlagList is the five flags in a fixed order.
var FlagList = [5]Flags{FlagInvalid, FlagDivByZero, FlagOverflow, FlagUnderflow, FlagInexact}

// Name is the flag's name as --check-fp spells it (divbyzero, invalid,
// overflow, underflow, inexact); a set gives the names joined by "|".
func (f Flags) String() string {
	var names []string
	for _, g := range FlagList {
		if f&g != 0 {
			names = append(names, flagName(g))
		}
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, "|")
}

func flagName(f Flags) string {
	switch f {
	case FlagInvalid:
		return "invalid"
	case FlagDivByZero:
		return "divbyzero"
	case FlagOverflow:
		return "overflow"
	case FlagUnderflow:
		return "underflow"
	}
	return "inexact"
}

// FlagByName returns the flag named name (see Flags.String).
func FlagByName(name string) (Flags, bool) {
	for _, g := range FlagList {
		if flagName(g) == name {
			return g, true
		}
	}
	return 0, false
}

// FlagOp selects the operation of OpFlags.
type FlagOp uint8

// Operations whose flags OpFlags reports.
const (
	FlagAdd       FlagOp = iota // FAdd
	FlagSub                     // FSub
	FlagMul                     // FMul
	FlagDiv                     // FDiv
	FlagSqrt                    // FSqrt (a)
	FlagFMA                     // FMA (a, b, c)
	FlagRem                     // FRem: glibc fmod
	FlagRemainder               // FRemainder: glibc remainder
	FlagMin                     // FMinNum: clang's minsd sequence, fminl
	FlagMax                     // FMaxNum: clang's maxsd sequence, fmaxl
	FlagRound                   // FRoundToIntegral (a); aux = Integral
	FlagCmp                     // FCmp: ucomiss/ucomisd/fucomi (quiet compare)
)

// OpFlags returns the flags op raises on the operands (unused ones are
// ignored) under rounding mode rm.
func OpFlags(op FlagOp, k Kind, rm RoundingMode, aux int, a, b, c Word) Flags {
	return nativeOpFlags(op, k, rm, aux, a, b, c)
}

// FPConvFlags returns the flags of converting a from kind `from` to kind
// `to` (fpext or fptrunc) under rm.
func FPConvFlags(from, to Kind, rm RoundingMode, a Word) Flags {
	if from == to {
		return 0
	}
	return nativeConvFlags(from, to, rm, a)
}

// FPToIntFlags returns the flags of fptosi (signed) / fptoui of a to an
// integer of width bits, with clang's lowering (see FPToSI, FPToUI): e.g.
// fptoui to i64 of a float/double executes both cvtt(x) and cvtt(x-2^63),
// so an in-range x >= 2^63 raises invalid, and 1.0 raises inexact.
func FPToIntFlags(k Kind, a Word, width int, signed bool) Flags {
	checkWidth(width)
	return nativeFPToIntFlags(k, a, width, signed)
}

// IntToFPFlags returns the flags of sitofp (signed) / uitofp of the
// width-bit integer a (zero-extended in a) to k under rm.
func IntToFPFlags(width int, k Kind, rm RoundingMode, a Word, signed bool) Flags {
	checkWidth(width)
	a = maskWidth(a, width)
	if signed && width < 128 {
		a = sext128(a, width)
	}
	return nativeIntToFPFlags(width, k, rm, a, signed)
}

// sext128 sign-extends the width-bit value a to 128 bits.
func sext128(a Word, width int) Word {
	if width <= 64 {
		if width < 64 && a.Lo>>(width-1)&1 != 0 {
			a.Lo |= ^uint64(0) << width
		}
		if a.Lo>>63 != 0 {
			a.Hi = ^uint64(0)
		}
		return a
	}
	if a.Hi>>(width-65)&1 != 0 {
		a.Hi |= ^uint64(0) << (width - 64)
	}
	return a
}
