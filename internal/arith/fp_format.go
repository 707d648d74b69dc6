package arith

// Hex-float formatting (printf %a / %La) of the three kinds.

import (
	"fmt"
	"strconv"
	"strings"
)

// Format renders a as glibc printf renders it with %a (float and double;
// a float is printed via its exact double value, as printf promotes it) or
// %La (x86_fp80, whose 64-bit significand with explicit integer bit is
// printed as one leading hex digit plus 15 more: 1.0L is "0x8p-3"). The one
// deviation: a NaN also shows its raw fraction, as "nan(0x...)" / "-nan(0x...)",
// a form C's strtod accepts back.
func Format(k Kind, a Word) string { return ops(k).format(a) }

func format32(a Word) string {
	b := f32bits(a)
	if class32(b) == clsNaN {
		return fmtNaN(b&f32Sign != 0, uint64(b&f32Frac))
	}
	return formatF64(ext32to64(b))
}

func format64(a Word) string {
	if class64(a.Lo) == clsNaN {
		return fmtNaN(a.Lo&f64Sign != 0, a.Lo&f64Frac)
	}
	return formatF64(a.Lo)
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
