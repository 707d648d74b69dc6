package absint

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/floatsym/floatsym/internal/arith"
)

// IVal abstracts a set of integers of width Bits (1..64) by the interval
// [Lo, Hi] of their signed reading; i1 reads as 0 (false) and 1 (true).
// Every operation computes the exact mathematical result interval and
// goes to the type's full range when it does not fit (wraparound).
type IVal struct {
	Bits   int
	Empty  bool
	Lo, Hi int64
}

// irange is the range of the reading of a width-bits integer.
func irange(b int) (int64, int64) {
	switch {
	case b <= 1:
		return 0, 1
	case b >= 64:
		return math.MinInt64, math.MaxInt64
	}
	return -(1 << (b - 1)), 1<<(b-1) - 1
}

// ITop is every value of the width.
func ITop(b int) IVal {
	lo, hi := irange(b)
	return IVal{Bits: b, Lo: lo, Hi: hi}
}

// IBottom is no value.
func IBottom(b int) IVal { return IVal{Bits: b, Empty: true} }

// IRange is [lo, hi], or the full range when it does not fit the width.
func IRange(b int, lo, hi int64) IVal {
	min, max := irange(b)
	if lo > hi {
		return IBottom(b)
	}
	if lo < min || hi > max {
		return ITop(b)
	}
	return IVal{Bits: b, Lo: lo, Hi: hi}
}

// IConst is the single integer w (raw bits) of width b.
func IConst(b int, w arith.Word) IVal {
	if b <= 1 {
		x := int64(w.Lo & 1)
		return IVal{Bits: b, Lo: x, Hi: x}
	}
	x := arith.Int64(w, b)
	return IVal{Bits: b, Lo: x, Hi: x}
}

// Contains reports whether the raw bits w are in v.
func (v IVal) Contains(w arith.Word) bool {
	c := IConst(v.Bits, w)
	return !v.Empty && v.Lo <= c.Lo && c.Lo <= v.Hi
}

// IsTop reports whether v is the full range.
func (v IVal) IsTop() bool {
	min, max := irange(v.Bits)
	return !v.Empty && v.Lo == min && v.Hi == max
}

// Single returns the only value of v.
func (v IVal) Single() (int64, bool) { return v.Lo, !v.Empty && v.Lo == v.Hi }

// Join is the interval hull.
func (v IVal) Join(o IVal) IVal {
	switch {
	case v.Empty:
		return o
	case o.Empty:
		return v
	}
	return IVal{Bits: v.Bits, Lo: min(v.Lo, o.Lo), Hi: max(v.Hi, o.Hi)}
}

// Meet is the intersection.
func (v IVal) Meet(o IVal) IVal {
	if v.Empty || o.Empty {
		return IBottom(v.Bits)
	}
	return IRange(v.Bits, max(v.Lo, o.Lo), min(v.Hi, o.Hi))
}

// Leq reports v ⊑ o.
func (v IVal) Leq(o IVal) bool {
	return v.Empty || (!o.Empty && o.Lo <= v.Lo && v.Hi <= o.Hi)
}

// Widen jumps a growing bound to the next threshold, else the type's end.
func (v IVal) Widen(o IVal, th []int64) IVal {
	if v.Empty || o.Empty {
		return v.Join(o)
	}
	min, max := irange(v.Bits)
	r := v.Join(o)
	if o.Lo < v.Lo {
		r.Lo = min
		for i := len(th) - 1; i >= 0; i-- {
			if th[i] <= o.Lo && th[i] >= min {
				r.Lo = th[i]
				break
			}
		}
	}
	if o.Hi > v.Hi {
		r.Hi = max
		for _, t := range th {
			if t >= o.Hi && t <= max {
				r.Hi = t
				break
			}
		}
	}
	return r
}

func (v IVal) String() string {
	if v.Empty {
		return "⊥"
	}
	if v.Lo == v.Hi {
		return fmt.Sprint(v.Lo)
	}
	return fmt.Sprintf("[%d, %d]", v.Lo, v.Hi)
}

// add64 is a+b with an overflow flag.
func add64(a, b int64) (int64, bool) {
	s := a + b
	return s, (a >= 0) == (b >= 0) && (s >= 0) != (a >= 0)
}

func mul64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, false
	}
	hi, lo := bits.Mul64(uint64(absu(a)), uint64(absu(b)))
	neg := (a < 0) != (b < 0)
	if hi != 0 || lo > 1<<63 || (lo == 1<<63 && !neg) {
		return 0, true
	}
	if neg {
		return -int64(lo), false
	}
	return int64(lo), false
}

func absu(a int64) uint64 {
	if a < 0 {
		return uint64(-a)
	}
	return uint64(a)
}

// IBinOp is the op of an integer instruction.
type IBinOp uint8

// Integer operations handled precisely; others give the full range.
const (
	IAdd IBinOp = iota
	ISub
	IMul
	IAnd
	IOr
	IXor
	IShl
	ILShr
	IAShr
	ISDiv
	ISRem
	IUDiv
	IURem
)

// IBin is the abstract a op b. Division by a set holding zero divides by
// its nonzero part (the zero case is an error site the caller reports).
func IBin(op IBinOp, a, b IVal) IVal {
	w := a.Bits
	if a.Empty || b.Empty {
		return IBottom(w)
	}
	if w == 1 {
		return i1Bin(op, a, b)
	}
	switch op {
	case IAdd:
		lo, o1 := add64(a.Lo, b.Lo)
		hi, o2 := add64(a.Hi, b.Hi)
		if o1 || o2 {
			return ITop(w)
		}
		return IRange(w, lo, hi)
	case ISub:
		if b.Lo == math.MinInt64 || b.Hi == math.MinInt64 {
			return ITop(w)
		}
		lo, o1 := add64(a.Lo, -b.Hi)
		hi, o2 := add64(a.Hi, -b.Lo)
		if o1 || o2 {
			return ITop(w)
		}
		return IRange(w, lo, hi)
	case IMul:
		lo, hi := int64(math.MaxInt64), int64(math.MinInt64)
		for _, x := range [2]int64{a.Lo, a.Hi} {
			for _, y := range [2]int64{b.Lo, b.Hi} {
				p, o := mul64(x, y)
				if o {
					return ITop(w)
				}
				lo, hi = min(lo, p), max(hi, p)
			}
		}
		return IRange(w, lo, hi)
	case IAnd:
		if a.Lo >= 0 && b.Lo >= 0 {
			return IRange(w, 0, min(a.Hi, b.Hi))
		}
		if a.Lo >= 0 {
			return IRange(w, 0, a.Hi)
		}
		if b.Lo >= 0 {
			return IRange(w, 0, b.Hi)
		}
	case IOr, IXor:
		if a.Lo >= 0 && b.Lo >= 0 {
			n := bits.Len64(uint64(max(a.Hi, b.Hi)))
			return IRange(w, 0, int64(uint64(1)<<n-1))
		}
	case IShl:
		if s, ok := b.Single(); ok && s >= 0 && s < int64(w) && s < 62 {
			return IBin(IMul, a, IRange(64, 1<<s, 1<<s).withBits(w))
		}
	case ILShr, IAShr:
		if b.Lo >= 0 && b.Hi < int64(w) && (a.Lo >= 0 || op == IAShr) {
			return IRange(w, a.Lo>>b.Hi, a.Hi>>b.Lo).Join(IRange(w, a.Lo>>b.Lo, a.Hi>>b.Hi))
		}
	case ISDiv, IUDiv:
		if op == IUDiv && (a.Lo < 0 || b.Lo < 0) {
			return ITop(w)
		}
		r := IBottom(w)
		for _, d := range nonzeroParts(b) {
			for _, x := range [2]int64{a.Lo, a.Hi} {
				for _, y := range [2]int64{d.Lo, d.Hi} {
					if x == math.MinInt64 && y == -1 {
						return ITop(w)
					}
					q := x / y
					r = r.Join(IRange(w, q, q))
				}
			}
		}
		return r
	case ISRem, IURem:
		if op == IURem && (a.Lo < 0 || b.Lo < 0) {
			return ITop(w)
		}
		m := max(absu(b.Lo), absu(b.Hi))
		if m == 0 || m > math.MaxInt64 {
			return ITop(w)
		}
		bound := int64(m - 1)
		lo, hi := int64(0), int64(0)
		if a.Lo < 0 {
			lo = max(a.Lo, -bound)
		}
		if a.Hi > 0 {
			hi = min(a.Hi, bound)
		}
		return IRange(w, lo, hi)
	}
	return ITop(w)
}

func (v IVal) withBits(b int) IVal { v.Bits = b; return v }

// nonzeroParts splits d around zero.
func nonzeroParts(d IVal) []IVal {
	var r []IVal
	if d.Lo < 0 {
		r = append(r, IVal{Bits: d.Bits, Lo: d.Lo, Hi: min(d.Hi, -1)})
	}
	if d.Hi > 0 {
		r = append(r, IVal{Bits: d.Bits, Lo: max(d.Lo, 1), Hi: d.Hi})
	}
	return r
}

// i1Bin is a boolean operation.
func i1Bin(op IBinOp, a, b IVal) IVal {
	r := IBottom(1)
	for x := a.Lo; x <= a.Hi; x++ {
		for y := b.Lo; y <= b.Hi; y++ {
			var z int64
			switch op {
			case IAnd, IMul:
				z = x & y
			case IOr:
				z = x | y
			case IXor, IAdd, ISub:
				z = x ^ y
			default:
				return ITop(1)
			}
			r = r.Join(IVal{Bits: 1, Lo: z, Hi: z})
		}
	}
	return r
}

// ICmp is the abstract icmp: a subset of {0, 1}.
func ICmp(p arith.IPred, a, b IVal) IVal {
	if a.Empty || b.Empty {
		return IBottom(1)
	}
	unsigned := p == arith.IULT || p == arith.IULE || p == arith.IUGT || p == arith.IUGE
	if unsigned && (a.Lo < 0 || b.Lo < 0) && a.Bits > 1 {
		return ITop(1)
	}
	if a.Bits == 1 && !unsigned {
		// i1's signed reading of true is -1.
		a.Lo, a.Hi = -a.Hi, -a.Lo
		b.Lo, b.Hi = -b.Hi, -b.Lo
	}
	canT, canF := false, false
	switch p {
	case arith.IEQ, arith.INE:
		eq := a.Lo == a.Hi && b.Lo == b.Hi && a.Lo == b.Lo
		overlap := a.Lo <= b.Hi && b.Lo <= a.Hi
		canT, canF = overlap, !eq
		if p == arith.INE {
			canT, canF = canF, canT
		}
	case arith.IULT, arith.ISLT:
		canT, canF = a.Lo < b.Hi, a.Hi >= b.Lo
	case arith.IULE, arith.ISLE:
		canT, canF = a.Lo <= b.Hi, a.Hi > b.Lo
	case arith.IUGT, arith.ISGT:
		canT, canF = a.Hi > b.Lo, a.Lo <= b.Hi
	case arith.IUGE, arith.ISGE:
		canT, canF = a.Hi >= b.Lo, a.Lo < b.Hi
	default:
		return ITop(1)
	}
	return boolVal(canT, canF)
}

func boolVal(canT, canF bool) IVal {
	switch {
	case canT && canF:
		return IVal{Bits: 1, Lo: 0, Hi: 1}
	case canT:
		return IVal{Bits: 1, Lo: 1, Hi: 1}
	case canF:
		return IVal{Bits: 1, Lo: 0, Hi: 0}
	}
	return IBottom(1)
}

// FCmp is the abstract fcmp: which of the relations <, =, >, unordered
// some pair of values can be in, against the predicate's relation set.
func FCmp(p arith.Pred, a, b FVal) IVal {
	if a.IsBottom() || b.IsBottom() {
		return IBottom(1)
	}
	rels := relations(a, b)
	return boolVal(uint8(p)&rels != 0, uint8(^p)&rels&15 != 0)
}

// relations is the set of relations (LLVM's bits: 1 =, 2 >, 4 <, 8
// unordered) that values of a and b can be in.
func relations(a, b FVal) uint8 {
	var r uint8
	if a.NaN || b.NaN {
		r |= 8
	}
	al, ah, aok := a.ordered()
	bl, bh, bok := b.ordered()
	if aok && bok {
		k := a.K
		if flt(k, al, bh) {
			r |= 4
		}
		if flt(k, bl, ah) {
			r |= 2
		}
		if fle(k, al, bh) && fle(k, bl, ah) {
			r |= 1
		}
	}
	return r
}

// ordered is the hull of v's non-NaN values, infinities included.
func (v FVal) ordered() (lo, hi arith.Word, ok bool) {
	k := v.K
	inf := posInf(k)
	switch {
	case !v.Empty:
		lo, hi, ok = v.Lo, v.Hi, true
	case v.NInf:
		lo, hi, ok = arith.FNeg(k, inf), arith.FNeg(k, inf), true
	case v.PInf:
		lo, hi, ok = inf, inf, true
	default:
		return
	}
	if v.NInf {
		lo = arith.FNeg(k, inf)
	}
	if v.PInf {
		hi = inf
	}
	return
}
