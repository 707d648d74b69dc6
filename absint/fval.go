// Package absint is floatsym's sound forward abstract interpreter over the
// lowered IR (package ir's numbered-register form, after scalarize). It
// computes, for every program point it reaches, an over-approximation of
// the values the executor (bit-exact with the native program) can hold
// there, and from it decides which error sites are unreachable.
//
// Domains: per IEEE format (float, double, x87 long double) an interval
// of finite values whose bounds are computed by internal/arith in the
// analysed rounding mode (or rounded down for lower and up for upper
// bounds when the mode is not one known mode), with NaN, +INF and -INF as
// flags beside it, and a grid 2^g every finite value is a multiple of
// (fpgrid.go: --check-fp's inexact and underflow); the two zeros are one numeric point and every
// operation whose result depends on the sign of a zero (division,
// copysign, signbit, bit casts) takes both; integer intervals in the
// signed reading, going to the type's full range whenever wraparound is
// possible; pointers as (object, offset interval); memory cells per
// (object, offset) with a smashed summary once an object is accessed at a
// non-constant offset. See docs/architecture.md ("The prover").
//
// Whatever the analysis cannot model soundly (an unknown external, an
// indirect call, recursion, a pointer it cannot resolve) ends the analysis
// with an Unsupported error naming the function and file:line: the caller
// then proves nothing. A missed proof is acceptable; a false one is not.
package absint

import (
	"fmt"
	"strings"

	"github.com/floatsym/floatsym/internal/arith"
)

// FVal abstracts a set of floating-point values of kind K: the finite
// values in [Lo, Hi] (none when Empty) that are integer multiples of
// 2^GridExp() (the exactness grid, fpgrid.go), plus NaN, +INF and -INF
// when their flags are set. Zeros of both signs are the numeric point 0.
type FVal struct {
	K      arith.Kind
	Empty  bool
	Lo, Hi arith.Word
	NaN    bool
	PInf   bool
	NInf   bool
	// Grid is the grid exponent above the smallest subnormal's: every
	// finite value is a multiple of 2^(minSubExp(K)+Grid). The zero value
	// says nothing (every float is a multiple of its smallest subnormal),
	// so an FVal built without a grid is sound.
	Grid uint16
}

// maxFinite returns the largest finite value of k.
func maxFinite(k arith.Kind) arith.Word {
	switch k {
	case arith.F32:
		return arith.W64(0x7f7fffff)
	case arith.F64:
		return arith.W64(0x7fefffffffffffff)
	}
	return arith.Word{Lo: ^uint64(0), Hi: 0x7ffe}
}

// minSub returns the smallest positive subnormal of k.
func minSub(k arith.Kind) arith.Word {
	if k == arith.F80 {
		return arith.Word{Lo: 1}
	}
	return arith.W64(1)
}

func posInf(k arith.Kind) arith.Word {
	switch k {
	case arith.F32:
		return arith.W64(0x7f800000)
	case arith.F64:
		return arith.W64(0x7ff0000000000000)
	}
	return arith.Word{Lo: 1 << 63, Hi: 0x7fff}
}

func zero(k arith.Kind) arith.Word { return arith.Word{} }

func negZero(k arith.Kind) arith.Word { return arith.FNeg(k, zero(k)) }

func flt(k arith.Kind, a, b arith.Word) bool { return arith.FCmp(k, arith.OLT, a, b) }
func fle(k arith.Kind, a, b arith.Word) bool { return arith.FCmp(k, arith.OLE, a, b) }

func fmin(k arith.Kind, a, b arith.Word) arith.Word {
	if flt(k, b, a) {
		return b
	}
	return a
}

func fmax(k arith.Kind, a, b arith.Word) arith.Word {
	if flt(k, a, b) {
		return b
	}
	return a
}

// FBottom is the empty set of values of kind k.
func FBottom(k arith.Kind) FVal { return FVal{K: k, Empty: true} }

// FTop is every value of kind k.
func FTop(k arith.Kind) FVal {
	return FVal{K: k, Lo: arith.FNeg(k, maxFinite(k)), Hi: maxFinite(k), NaN: true, PInf: true, NInf: true}
}

// FConst is the single value w of kind k.
func FConst(k arith.Kind, w arith.Word) FVal { return FBottom(k).JoinPoint(w) }

// FRange is the finite values in [lo, hi] (lo <= hi, both finite).
func FRange(k arith.Kind, lo, hi arith.Word) FVal { return FVal{K: k, Lo: lo, Hi: hi} }

// IsBottom reports whether v holds no value.
func (v FVal) IsBottom() bool { return v.Empty && !v.NaN && !v.PInf && !v.NInf }

// JoinPoint adds the single value w.
func (v FVal) JoinPoint(w arith.Word) FVal {
	k := v.K
	switch {
	case arith.IsNaN(k, w):
		v.NaN = true
	case arith.IsInf(k, w):
		if arith.SignBit(k, w) {
			v.NInf = true
		} else {
			v.PInf = true
		}
	default:
		if arith.IsZero(k, w) {
			w = zero(k)
		}
		if v.Empty {
			v.Empty, v.Lo, v.Hi, v.Grid = false, w, w, gridOfWord(k, w)
		} else {
			v.Lo, v.Hi, v.Grid = fmin(k, v.Lo, w), fmax(k, v.Hi, w), min(v.Grid, gridOfWord(k, w))
		}
	}
	return v
}

// Contains reports whether the concrete value w is in v.
func (v FVal) Contains(w arith.Word) bool {
	k := v.K
	switch {
	case arith.IsNaN(k, w):
		return v.NaN
	case arith.IsInf(k, w):
		if arith.SignBit(k, w) {
			return v.NInf
		}
		return v.PInf
	}
	return !v.Empty && fle(k, v.Lo, w) && fle(k, w, v.Hi) && onGrid(k, w, v.Grid)
}

// Join is the smallest value holding both.
func (v FVal) Join(o FVal) FVal {
	r := v
	r.NaN, r.PInf, r.NInf = v.NaN || o.NaN, v.PInf || o.PInf, v.NInf || o.NInf
	switch {
	case o.Empty:
	case v.Empty:
		r.Empty, r.Lo, r.Hi, r.Grid = false, o.Lo, o.Hi, o.Grid
	default:
		r.Lo, r.Hi, r.Grid = fmin(v.K, v.Lo, o.Lo), fmax(v.K, v.Hi, o.Hi), min(v.Grid, o.Grid)
	}
	return r
}

// Meet is the intersection.
func (v FVal) Meet(o FVal) FVal {
	r := v
	r.NaN, r.PInf, r.NInf = v.NaN && o.NaN, v.PInf && o.PInf, v.NInf && o.NInf
	if v.Empty || o.Empty {
		r.Empty = true
		return r
	}
	r.Lo, r.Hi, r.Grid = fmax(v.K, v.Lo, o.Lo), fmin(v.K, v.Hi, o.Hi), max(v.Grid, o.Grid)
	if flt(v.K, r.Hi, r.Lo) {
		r.Empty = true
	}
	return r
}

// Leq reports v ⊑ o.
func (v FVal) Leq(o FVal) bool {
	if (v.NaN && !o.NaN) || (v.PInf && !o.PInf) || (v.NInf && !o.NInf) {
		return false
	}
	if v.Empty {
		return true
	}
	return !o.Empty && fle(v.K, o.Lo, v.Lo) && fle(v.K, v.Hi, o.Hi) && v.Grid >= o.Grid
}

// Widen extrapolates v (the old value) by o (the new one): a bound that
// grows jumps to the next threshold of th (sorted ascending, in v's kind),
// else to the format's extreme finite value.
func (v FVal) Widen(o FVal, th []arith.Word) FVal {
	r := v.Join(o)
	if v.Empty || o.Empty {
		return r
	}
	if o.Grid < v.Grid {
		r.Grid = widenGrid(o) // x = x/2 would lower it one step per iteration
	}
	k := v.K
	if flt(k, o.Lo, v.Lo) {
		r.Lo = arith.FNeg(k, maxFinite(k))
		for i := len(th) - 1; i >= 0; i-- {
			if fle(k, th[i], o.Lo) {
				r.Lo = th[i]
				break
			}
		}
	}
	if flt(k, v.Hi, o.Hi) {
		r.Hi = maxFinite(k)
		for _, t := range th {
			if fle(k, o.Hi, t) {
				r.Hi = t
				break
			}
		}
	}
	return r
}

func (v FVal) String() string {
	var parts []string
	if !v.Empty {
		if arith.FCmp(v.K, arith.OEQ, v.Lo, v.Hi) {
			parts = append(parts, arith.Format(v.K, v.Lo))
		} else {
			parts = append(parts, fmt.Sprintf("[%s, %s]%s", arith.Format(v.K, v.Lo), arith.Format(v.K, v.Hi), gridString(v)))
		}
	}
	if v.NInf {
		parts = append(parts, "-inf")
	}
	if v.PInf {
		parts = append(parts, "+inf")
	}
	if v.NaN {
		parts = append(parts, "nan")
	}
	if len(parts) == 0 {
		return "⊥"
	}
	return strings.Join(parts, " ∪ ")
}
