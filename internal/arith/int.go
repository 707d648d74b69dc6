package arith

import (
	"math/big"
	"math/bits"
)

// Integer semantics at widths 1..128. Operands and results are zero-extended
// from the width; every function masks its result. Division by zero is the
// caller's business (the executor reports it before calling).

// Mask returns the width-bit all-ones Word.
func Mask(w int) Word {
	switch {
	case w >= 128:
		return Word{^uint64(0), ^uint64(0)}
	case w > 64:
		return Word{^uint64(0), ^uint64(0) >> (128 - w)}
	case w == 64:
		return Word{Lo: ^uint64(0)}
	}
	return Word{Lo: (uint64(1) << w) - 1}
}

// Trunc keeps the low w bits.
func Truncate(a Word, w int) Word {
	m := Mask(w)
	return Word{a.Lo & m.Lo, a.Hi & m.Hi}
}

// SignBitOf reports bit w-1 of a.
func SignBitOf(a Word, w int) bool {
	if w <= 64 {
		return a.Lo>>(w-1)&1 == 1
	}
	return a.Hi>>(w-65)&1 == 1
}

// SExt sign-extends a from width from to width to.
func SExt(a Word, from, to int) Word {
	if !SignBitOf(a, from) {
		return a
	}
	m := Mask(from)
	return Truncate(Word{a.Lo | ^m.Lo, a.Hi | ^m.Hi}, to)
}

// Int64 returns a (of width w) sign-extended to int64 (truncating wider values).
func Int64(a Word, w int) int64 {
	if w >= 64 {
		return int64(a.Lo)
	}
	return int64(a.Lo<<(64-w)) >> (64 - w)
}

// FromInt64 makes a width-w Word from a signed value.
func FromInt64(x int64, w int) Word {
	hi := uint64(0)
	if x < 0 {
		hi = ^uint64(0)
	}
	return Truncate(Word{uint64(x), hi}, w)
}

func Add(a, b Word, w int) Word {
	lo, c := bits.Add64(a.Lo, b.Lo, 0)
	return Truncate(Word{lo, a.Hi + b.Hi + c}, w)
}

func Sub(a, b Word, w int) Word {
	lo, br := bits.Sub64(a.Lo, b.Lo, 0)
	return Truncate(Word{lo, a.Hi - b.Hi - br}, w)
}

func Mul(a, b Word, w int) Word {
	hi, lo := bits.Mul64(a.Lo, b.Lo)
	hi += a.Lo*b.Hi + a.Hi*b.Lo
	return Truncate(Word{lo, hi}, w)
}

func toBig(a Word) *big.Int {
	x := new(big.Int).SetUint64(a.Hi)
	x.Lsh(x, 64)
	return x.Or(x, new(big.Int).SetUint64(a.Lo))
}

func toBigSigned(a Word, w int) *big.Int {
	x := toBig(a)
	if SignBitOf(a, w) {
		x.Sub(x, new(big.Int).Lsh(big.NewInt(1), uint(w)))
	}
	return x
}

// FromBig converts a big integer to a width-w Word (two's complement).
func FromBig(x *big.Int, w int) Word {
	m := new(big.Int).Lsh(big.NewInt(1), 128)
	y := new(big.Int).Mod(x, m)
	lo := new(big.Int).And(y, new(big.Int).SetUint64(^uint64(0))).Uint64()
	hi := new(big.Int).Rsh(y, 64).Uint64()
	return Truncate(Word{lo, hi}, w)
}

// UDiv is unsigned division; b must be non-zero.
func UDiv(a, b Word, w int) Word {
	if w <= 64 {
		return Word{Lo: a.Lo / b.Lo}
	}
	return FromBig(new(big.Int).Quo(toBig(a), toBig(b)), w)
}

// URem is the unsigned remainder; b must be non-zero.
func URem(a, b Word, w int) Word {
	if w <= 64 {
		return Word{Lo: a.Lo % b.Lo}
	}
	return FromBig(new(big.Int).Rem(toBig(a), toBig(b)), w)
}

// SDiv is signed division truncating toward zero; b must be non-zero. The
// overflow case MIN/-1 wraps to MIN (x86 traps; callers report it).
func SDiv(a, b Word, w int) Word {
	if w <= 64 {
		x, y := Int64(a, w), Int64(b, w)
		if y == -1 {
			return FromInt64(-x, w)
		}
		return FromInt64(x/y, w)
	}
	return FromBig(new(big.Int).Quo(toBigSigned(a, w), toBigSigned(b, w)), w)
}

// SRem is the signed remainder (sign of the dividend); b must be non-zero.
func SRem(a, b Word, w int) Word {
	if w <= 64 {
		x, y := Int64(a, w), Int64(b, w)
		if y == -1 {
			return Word{}
		}
		return FromInt64(x%y, w)
	}
	return FromBig(new(big.Int).Rem(toBigSigned(a, w), toBigSigned(b, w)), w)
}

// Shl shifts left; LLVM makes shifts >= w poison, which the executor
// reports as overshift before calling (here they give 0).
func Shl(a, b Word, w int) Word {
	if b.Hi != 0 || b.Lo >= uint64(w) {
		return Word{}
	}
	s := uint(b.Lo)
	if w <= 64 {
		return Truncate(Word{Lo: a.Lo << s}, w)
	}
	if s >= 64 {
		return Truncate(Word{0, a.Lo << (s - 64)}, w)
	}
	if s == 0 {
		return a
	}
	return Truncate(Word{a.Lo << s, a.Hi<<s | a.Lo>>(64-s)}, w)
}

func LShr(a, b Word, w int) Word {
	if b.Hi != 0 || b.Lo >= uint64(w) {
		return Word{}
	}
	s := uint(b.Lo)
	if s >= 64 {
		return Word{Lo: a.Hi >> (s - 64)}
	}
	if s == 0 {
		return a
	}
	return Word{a.Lo>>s | a.Hi<<(64-s), a.Hi >> s}
}

func AShr(a, b Word, w int) Word {
	if b.Hi != 0 || b.Lo >= uint64(w) {
		if SignBitOf(a, w) {
			return Mask(w)
		}
		return Word{}
	}
	if w <= 64 {
		return Truncate(Word{Lo: uint64(Int64(a, w) >> b.Lo)}, w)
	}
	x := SExt(a, w, 128)
	s := uint(b.Lo)
	var r Word
	switch {
	case s == 0:
		r = x
	case s >= 64:
		r = Word{uint64(int64(x.Hi) >> (s - 64)), uint64(int64(x.Hi) >> 63)}
	default:
		r = Word{x.Lo>>s | x.Hi<<(64-s), uint64(int64(x.Hi) >> s)}
	}
	return Truncate(r, w)
}

func And(a, b Word) Word { return Word{a.Lo & b.Lo, a.Hi & b.Hi} }
func Or(a, b Word) Word  { return Word{a.Lo | b.Lo, a.Hi | b.Hi} }
func Xor(a, b Word) Word { return Word{a.Lo ^ b.Lo, a.Hi ^ b.Hi} }

// ULess reports a < b unsigned.
func ULess(a, b Word) bool { return a.Hi < b.Hi || (a.Hi == b.Hi && a.Lo < b.Lo) }

// SLess reports a < b for width-w signed values.
func SLess(a, b Word, w int) bool {
	sa, sb := SignBitOf(a, w), SignBitOf(b, w)
	if sa != sb {
		return sa
	}
	return ULess(a, b)
}

// IPred is an LLVM icmp predicate in LLVM's numbering.
type IPred uint8

// icmp predicates (LLVM's CmpInst numbering).
const (
	IEQ  IPred = 32
	INE  IPred = 33
	IUGT IPred = 34
	IUGE IPred = 35
	IULT IPred = 36
	IULE IPred = 37
	ISGT IPred = 38
	ISGE IPred = 39
	ISLT IPred = 40
	ISLE IPred = 41
)

// ICmp evaluates an integer comparison at width w.
func ICmp(p IPred, a, b Word, w int) bool {
	switch p {
	case IEQ:
		return a == b
	case INE:
		return a != b
	case IUGT:
		return ULess(b, a)
	case IUGE:
		return !ULess(a, b)
	case IULT:
		return ULess(a, b)
	case IULE:
		return !ULess(b, a)
	case ISGT:
		return SLess(b, a, w)
	case ISGE:
		return !SLess(a, b, w)
	case ISLT:
		return SLess(a, b, w)
	case ISLE:
		return !SLess(b, a, w)
	}
	return false
}

// Bool makes an i1 Word.
func Bool(b bool) Word {
	if b {
		return Word{Lo: 1}
	}
	return Word{}
}

// Truncated keeps the low w bits (method form of Truncate).
func (a Word) Truncated(w int) Word { return Truncate(a, w) }
