package absint

import (
	"fmt"
	"math/bits"

	"github.com/floatsym/floatsym/internal/arith"
)

// The exactness (grid) domain beside the intervals: each FVal carries a
// grid exponent g (FVal.Grid, stored above the kind's smallest
// subnormal's exponent) such that every finite value it holds is an
// integer multiple of 2^g. With the interval it decides when an
// operation is exact (fpsites_uf.go: --check-fp inexact and underflow).
//
// Transfer (every rule sound for the rounded result, in every mode):
//
//   - a constant: the exponent of its lowest set bit;
//   - x ± y: min(gx, gy); x·y: gx + gy; fma: min(gx + gy, gz); x rem y:
//     min(gx, gy) (x − n·y exactly); x / ±2^j: gx − j; another division,
//     a square root: no information;
//   - sitofp/uitofp: 0 (integers), the lowest set bit of a single value;
//   - fpext, fneg, fabs, the operand's grid; fptrunc the operand's grid
//     (clamped at the narrower kind's smallest subnormal);
//   - join: the minimum; meet: the maximum; widening: a grid that went
//     down goes to the integers' (2^0) or to none.
//
// Rounding keeps a grid: if z is a multiple of 2^g, so is fl(z) — when
// ulp(z) >= 2^g both neighbours of z are multiples of ulp(z), and when
// ulp(z) < 2^g, z is a multiple of ulp(z), so fl(z) = z. Only an
// overflow in a directed mode (to ±MAX, a multiple of 2^(emax−p+1) alone)
// and the floor of the smallest subnormal bound it: every grid is
// clamped into [minSubExp, emax − p + 1].

// fmt3 are a float kind's format parameters: precision p (significand
// bits, the integer bit included) and the normal exponent range.
type fmt3 struct{ p, emin, emax int }

func fmtOf(k arith.Kind) fmt3 {
	switch k {
	case arith.F32:
		return fmt3{24, -126, 127}
	case arith.F64:
		return fmt3{53, -1022, 1023}
	}
	return fmt3{64, -16382, 16383}
}

// minSubExp is the exponent of the smallest subnormal: every finite value
// of the kind is a multiple of 2^minSubExp.
func (f fmt3) minSubExp() int { return f.emin - f.p + 1 }

// capExp is the largest grid exponent kept: the ulp of the largest
// finite value (a directed overflow's result is a multiple of it only).
func (f fmt3) capExp() int { return f.emax - f.p + 1 }

// capOff is capExp as a Grid offset.
func (f fmt3) capOff() uint16 { return uint16(f.capExp() - f.minSubExp()) }

// GridExp is the exponent g with every finite value of v a multiple of 2^g.
func (v FVal) GridExp() int { return fmtOf(v.K).minSubExp() + int(v.Grid) }

// gridOff turns an absolute grid exponent g into a Grid offset of kind k,
// clamped into the kind's range.
func gridOff(k arith.Kind, g int) uint16 {
	f := fmtOf(k)
	if g <= f.minSubExp() {
		return 0
	}
	if g >= f.capExp() {
		return f.capOff()
	}
	return uint16(g - f.minSubExp())
}

// withGrid sets v's grid to the absolute exponent g.
func withGrid(v FVal, g int) FVal {
	v.Grid = gridOff(v.K, g)
	return v
}

// lowBit is the exponent of the lowest set bit of the finite nonzero w
// (false for zero, infinities, NaN).
func lowBit(k arith.Kind, w arith.Word) (int, bool) {
	if arith.IsZero(k, w) || arith.IsInf(k, w) || arith.IsNaN(k, w) {
		return 0, false
	}
	switch k {
	case arith.F32:
		b := uint32(w.Lo)
		e, m := int(b>>23&0xff), uint64(b&0x7fffff)
		if e == 0 {
			return -149 + bits.TrailingZeros64(m), true
		}
		return e - 150 + bits.TrailingZeros64(m|1<<23), true
	case arith.F64:
		e, m := int(w.Lo>>52&0x7ff), w.Lo&(1<<52-1)
		if e == 0 {
			return -1074 + bits.TrailingZeros64(m), true
		}
		return e - 1075 + bits.TrailingZeros64(m|1<<52), true
	}
	e, m := int(w.Hi&0x7fff), w.Lo
	if m == 0 {
		return 0, false
	}
	if e == 0 {
		e = 1 // pseudo-denormals and denormals share the scale of e = 1
	}
	return e - 16383 - 63 + bits.TrailingZeros64(m), true
}

// gridOfWord is the Grid offset of the single value w: its lowest set
// bit, the cap for a zero.
func gridOfWord(k arith.Kind, w arith.Word) uint16 {
	e, ok := lowBit(k, w)
	if !ok {
		return fmtOf(k).capOff()
	}
	return gridOff(k, e)
}

// onGrid reports whether w (finite) is a multiple of 2^(minSubExp+g).
func onGrid(k arith.Kind, w arith.Word, g uint16) bool {
	e, ok := lowBit(k, w)
	return !ok || gridOff(k, e) >= g
}

// pow2W is 2^e in kind k: 0 below the smallest subnormal, +INF above the
// largest finite power.
func pow2W(k arith.Kind, e int) arith.Word {
	f := fmtOf(k)
	switch {
	case e < f.minSubExp():
		return arith.Word{}
	case e > f.emax:
		return posInf(k)
	case e < f.emin:
		s := uint(e - f.minSubExp())
		return arith.Word{Lo: 1 << s}
	}
	switch k {
	case arith.F32:
		return arith.W64(uint64(e+127) << 23)
	case arith.F64:
		return arith.W64(uint64(e+1023) << 52)
	}
	return arith.Word{Lo: 1 << 63, Hi: uint64(e + 16383)}
}

// isPow2 reports whether the finite w is ±2^j, and j.
func isPow2(k arith.Kind, w arith.Word) (int, bool) {
	e, ok := lowBit(k, w)
	if !ok {
		return 0, false
	}
	if arith.FCmp(k, arith.OEQ, arith.FAbs(k, w), pow2W(k, e)) {
		return e, true
	}
	return 0, false
}

// single is the only finite value of v's numeric part, if it has one
// (a zero stands for both zeros).
func (v FVal) single() (arith.Word, bool) {
	if v.Empty || !arith.FCmp(v.K, arith.OEQ, v.Lo, v.Hi) {
		return arith.Word{}, false
	}
	return v.Lo, true
}

// onlyZero reports whether v's numeric part is the zeros alone.
func (v FVal) onlyZero() bool {
	w, ok := v.single()
	return ok && arith.IsZero(v.K, w)
}

// widenGrid is the grid a widening gives a grid that went down to o's:
// the integers' while o's is one of them, else none (at most two jumps,
// where a loop such as x = x/2 would lower it one step per iteration).
func widenGrid(o FVal) uint16 {
	if o.GridExp() >= 0 {
		return gridOff(o.K, 0)
	}
	return 0
}

// gridBin is the grid of the finite results of a op b (r its interval).
func gridBin(op FBinOp, a, b, r FVal) FVal {
	if r.Empty {
		return r
	}
	if a.Empty || b.Empty {
		// Finite results of special operands: x/±INF = ±0, x rem ±INF = x.
		if op == FRem && !a.Empty {
			return withGrid(r, a.GridExp())
		}
		return withGrid(r, fmtOf(r.K).capExp())
	}
	ga, gb := a.GridExp(), b.GridExp()
	switch op {
	case FAdd, FSub, FRem:
		return withGrid(r, min(ga, gb))
	case FMul:
		return withGrid(r, ga+gb)
	case FDiv:
		if y, ok := b.single(); ok {
			if j, ok := isPow2(b.K, y); ok {
				return withGrid(r, ga-j)
			}
		}
		if a.onlyZero() {
			return withGrid(r, fmtOf(r.K).capExp())
		}
	}
	return r
}

// gridFMA is the grid of x·y + z (r its interval).
func gridFMA(x, y, z, r FVal) FVal {
	if r.Empty || x.Empty || y.Empty || z.Empty {
		return r
	}
	return withGrid(r, min(x.GridExp()+y.GridExp(), z.GridExp()))
}

// gridFromInt is the grid of an integer conversion's result.
func gridFromInt(iv IVal, r FVal) FVal {
	if r.Empty || iv.Empty {
		return r
	}
	if n, ok := iv.Single(); ok && n != 0 && iv.Bits <= 64 {
		return withGrid(r, bits.TrailingZeros64(uint64(n)))
	}
	return withGrid(r, 0)
}

// gridString prints a grid worth printing ("" when it says nothing).
func gridString(v FVal) string {
	if v.Empty || v.Grid == 0 {
		return ""
	}
	if _, ok := v.single(); ok {
		return ""
	}
	return fmt.Sprintf(" on 2^%d", v.GridExp())
}
