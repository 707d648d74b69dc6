package ktest

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"math"
	"math/big"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Print writes t the way KLEE's ktest-tool prints it, labelled with path.
//
// Every object gets KLEE's lines (name, size, data as a Python byte string,
// hex, int and uint for 1-, 2-, 4- and 8-byte objects, text). floatsym adds
// floating-point readings: a 4-byte object gets a "float" line, an 8-byte
// object a "double" line and a 10- or 16-byte object a "long double" line
// (x87 80-bit extended, first 10 bytes). Each gives the decimal value (17
// significant digits for float and double as C's %.17g, 21 for long double
// as %.21Lg, computed exactly) and the glibc hex-float spelling (%a / %La).
// Write errors are ignored, as with fmt.Fprintf.
func Print(w io.Writer, path string, t *Test) {
	var b strings.Builder
	fmt.Fprintf(&b, "ktest file : %s\n", pyStr(path))
	args := make([]string, len(t.Args))
	for i, a := range t.Args {
		args[i] = pyStr(a)
	}
	fmt.Fprintf(&b, "args       : [%s]\n", strings.Join(args, ", "))
	fmt.Fprintf(&b, "num objects: %d\n", len(t.Objects))
	width := len(strconv.Itoa(max(1, len(t.Objects)-1)))
	for i, o := range t.Objects {
		line := func(label, format string, a ...any) {
			fmt.Fprintf(&b, "object %*d: %s: %s\n", width, i, label, fmt.Sprintf(format, a...))
		}
		data := o.Bytes
		line("name", "'%s'", o.Name)
		line("size", "%d", len(data))
		line("data", "%s", pyBytes(data))
		line("hex ", "0x%s", hex.EncodeToString(data))
		switch len(data) {
		case 1:
			line("int ", "%d", int8(data[0]))
			line("uint", "%d", data[0])
		case 2:
			v := binary.LittleEndian.Uint16(data)
			line("int ", "%d", int16(v))
			line("uint", "%d", v)
		case 4:
			v := binary.LittleEndian.Uint32(data)
			line("int ", "%d", int32(v))
			line("uint", "%d", v)
		case 8:
			v := binary.LittleEndian.Uint64(data)
			line("int ", "%d", int64(v))
			line("uint", "%d", v)
		}
		line("text", "%s", text(data))
		for _, r := range floatReadings(data) {
			line(r.label, "%s", r.value)
		}
	}
	io.WriteString(w, b.String())
}

// text renders printable ASCII as itself and every other byte as '.'.
func text(data []byte) string {
	out := make([]byte, len(data))
	for i, c := range data {
		if c >= 0x20 && c < 0x7f {
			out[i] = c
		} else {
			out[i] = '.'
		}
	}
	return string(out)
}

// pyQuote picks the quote Python's repr uses: ' unless the text contains '
// and no ".
func pyQuote(s string) byte {
	if strings.IndexByte(s, '\'') >= 0 && strings.IndexByte(s, '"') < 0 {
		return '"'
	}
	return '\''
}

func pyEscape(b *strings.Builder, c byte, q byte) bool {
	switch c {
	case '\\':
		b.WriteString(`\\`)
	case '\t':
		b.WriteString(`\t`)
	case '\n':
		b.WriteString(`\n`)
	case '\r':
		b.WriteString(`\r`)
	case q:
		b.WriteByte('\\')
		b.WriteByte(q)
	default:
		return false
	}
	return true
}

// pyBytes is Python's repr of a bytes object.
func pyBytes(data []byte) string {
	q := pyQuote(string(data))
	var b strings.Builder
	b.WriteByte('b')
	b.WriteByte(q)
	for _, c := range data {
		switch {
		case pyEscape(&b, c, q):
		case c < 0x20 || c >= 0x7f:
			fmt.Fprintf(&b, `\x%02x`, c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte(q)
	return b.String()
}

// pyStr is Python's repr of a str (bytes that are not valid UTF-8 are
// shown as \x escapes).
func pyStr(s string) string {
	q := pyQuote(s)
	var b strings.Builder
	b.WriteByte(q)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r < utf8.RuneSelf && pyEscape(&b, byte(r), q):
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r < utf8.RuneSelf || unicode.IsPrint(r):
			b.WriteRune(r)
		case r <= 0xff:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
		i += n
	}
	b.WriteByte(q)
	return b.String()
}

// FormatDouble formats f like C's printf("%.17g", f) with glibc.
func FormatDouble(f float64) string {
	switch {
	case math.IsNaN(f):
		if math.Signbit(f) {
			return "-nan"
		}
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	return strconv.FormatFloat(f, 'g', 17, 64)
}

// HexDouble formats f like glibc's printf("%a", f).
func HexDouble(f float64) string {
	bits := math.Float64bits(f)
	sign := ""
	if bits>>63 != 0 {
		sign = "-"
	}
	exp := int(bits>>52) & 0x7ff
	frac := bits & (1<<52 - 1)
	switch {
	case exp == 0x7ff && frac != 0:
		return sign + "nan"
	case exp == 0x7ff:
		return sign + "inf"
	case exp == 0 && frac == 0:
		return sign + "0x0p+0"
	}
	lead, e := "1", exp-1023
	if exp == 0 {
		lead, e = "0", -1022
	}
	return sign + "0x" + lead + hexFraction(frac, 13) + fmt.Sprintf("p%+d", e)
}

// hexFraction renders the low 4*digits bits of frac as ".hhh" with trailing
// zeros removed ("" when frac is zero).
func hexFraction(frac uint64, digits int) string {
	if frac == 0 {
		return ""
	}
	s := fmt.Sprintf("%0*x", digits, frac)
	return "." + strings.TrimRight(s, "0")
}

// X87 is an x87 80-bit extended-precision value: the sign and 15-bit
// biased exponent in SignExp and the 64-bit significand, explicit integer
// bit included, in Mant.
type X87 struct {
	SignExp uint16
	Mant    uint64
}

// X87FromBytes decodes the first 10 bytes of b (little endian), as a long
// double is laid out in memory on x86. b must hold at least 10 bytes.
func X87FromBytes(b []byte) X87 {
	return X87{
		Mant:    binary.LittleEndian.Uint64(b[0:8]),
		SignExp: binary.LittleEndian.Uint16(b[8:10]),
	}
}

func (x X87) neg() bool    { return x.SignExp>>15 != 0 }
func (x X87) biased() int  { return int(x.SignExp & 0x7fff) }
func (x X87) intBit() bool { return x.Mant>>63 != 0 }

// IsNaN reports whether the hardware treats x as a NaN: real NaNs, and the
// invalid encodings (pseudo-NaN, pseudo-infinity, unnormals), which x87
// arithmetic and glibc's printf treat as NaN.
func (x X87) IsNaN() bool {
	e := x.biased()
	switch {
	case e == 0x7fff:
		return !x.intBit() || x.Mant<<1 != 0
	case e != 0:
		return !x.intBit()
	}
	return false
}

// IsInf reports whether x is an infinity.
func (x X87) IsInf() bool {
	return x.biased() == 0x7fff && x.Mant == 1<<63
}

// Float returns x exactly as a big.Float (64-bit precision); ok is false
// for NaN and infinities.
func (x X87) Float() (f *big.Float, ok bool) {
	if x.IsNaN() || x.IsInf() {
		return nil, false
	}
	e := x.biased()
	if e == 0 {
		e = 1 // denormals and pseudo-denormals share the smallest exponent
	}
	f = new(big.Float).SetPrec(64).SetMantExp(new(big.Float).SetUint64(x.Mant), e-16383-63)
	if x.neg() {
		f.Neg(f)
	}
	return f, true
}

// String formats x like glibc's printf("%.21Lg", x), computed exactly.
func (x X87) String() string {
	sign := ""
	if x.neg() {
		sign = "-"
	}
	if x.IsNaN() {
		return sign + "nan"
	}
	if x.IsInf() {
		return sign + "inf"
	}
	f, _ := x.Float()
	if f.Sign() == 0 {
		return sign + "0"
	}
	return f.Text('g', 21)
}

// Hex formats x like glibc's printf("%La", x): the leading hex digit holds
// the integer bit and the next three significand bits (1.0L is 0x8p-3).
func (x X87) Hex() string {
	sign := ""
	if x.neg() {
		sign = "-"
	}
	if x.IsNaN() {
		return sign + "nan"
	}
	if x.IsInf() {
		return sign + "inf"
	}
	if x.Mant == 0 {
		return sign + "0x0p+0"
	}
	e := x.biased()
	if e == 0 {
		e = 1
	}
	lead := x.Mant >> 60
	return sign + fmt.Sprintf("0x%x", lead) + hexFraction(x.Mant&(1<<60-1), 15) +
		fmt.Sprintf("p%+d", e-16383-3)
}
