package executor

import (
	"io"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/hostc"
	"github.com/floatsym/floatsym/memory"
)

// printf formatting: format strings parsed as glibc 2.36 parses them, each
// conversion handed to the host glibc's snprintf under the path's rounding mode.

// Argument classes as glibc's parse_printf_format types them.
type pfClass uint8

const (
	pfNone    pfClass = iota
	pfInt             // int, long, long long, pointers: one GP slot
	pfDouble          // double: SSE
	pfLDouble         // long double: stack
)

// pfSpec is one parsed conversion specification.
type pfSpec struct {
	start, end int // the spec's bytes in the format (from '%')
	// dataArg, widthArg, precArg are 0-based argument indices, -1 if none.
	dataArg, widthArg, precArg int
	flags                      []byte
	width, prec                int // prec -1: none
	left, showSign, space      bool
	alt, group, i18n, pad0     bool
	isLongDouble, isLong       bool
	isShort, isChar            bool
	length                     string
	conv                       byte // 0: the format ended inside the spec
	// overflow: a width or precision does not fit an int (EOVERFLOW).
	overflow bool
}

// pfArgClass is the class of the conversion's value argument.
func (sp *pfSpec) argClass() pfClass {
	switch sp.conv {
	case 'd', 'i', 'o', 'u', 'x', 'X', 'b', 'B', 'c', 'C', 's', 'S', 'p', 'n':
		return pfInt
	case 'e', 'E', 'f', 'F', 'g', 'G', 'a', 'A':
		if sp.isLongDouble {
			return pfLDouble
		}
		return pfDouble
	}
	return pfNone
}

func pfIsDigit(c byte) bool { return c >= '0' && c <= '9' }

// pfReadInt is glibc's read_int: -1 on overflow of int.
func pfReadInt(f []byte, i int) (int, int) {
	n := 0
	for ; i < len(f) && pfIsDigit(f[i]); i++ {
		if n >= 0 {
			if n > (1<<31-1-int(f[i]-'0'))/10 {
				n = -1
			} else {
				n = n*10 + int(f[i]-'0')
			}
		}
	}
	return n, i
}

// parseSpec parses the spec starting at f[i] == '%'. next counts
// non-positional argument uses (glibc's posn); maxRef tracks the highest
// n$ index.
func parseSpec(f []byte, i int, next *int, maxRef *int) pfSpec {
	sp := pfSpec{start: i, dataArg: -1, widthArg: -1, precArg: -1, prec: -1}
	j := i + 1
	at := func(k int) byte {
		if k < len(f) {
			return f[k]
		}
		return 0
	}
	if pfIsDigit(at(j)) {
		if n, k := pfReadInt(f, j); n > 0 && at(k) == '$' {
			sp.dataArg = n - 1
			if n > *maxRef {
				*maxRef = n
			}
			j = k + 1
		}
	}
flags:
	for ; ; j++ {
		switch at(j) {
		case ' ':
			sp.space = true
		case '+':
			sp.showSign = true
		case '-':
			sp.left = true
		case '#':
			sp.alt = true
		case '0':
			sp.pad0 = true
		case '\'':
			sp.group = true
		case 'I':
			sp.i18n = true
		default:
			break flags
		}
		sp.flags = append(sp.flags, f[j])
	}
	if sp.left {
		sp.pad0 = false
	}
	if at(j) == '*' {
		j++
		begin := j
		if pfIsDigit(at(j)) {
			if n, k := pfReadInt(f, j); n > 0 && at(k) == '$' {
				sp.widthArg = n - 1
				if n > *maxRef {
					*maxRef = n
				}
				j = k + 1
			}
		}
		if sp.widthArg < 0 {
			sp.widthArg = *next
			*next++
			j = begin
		}
	} else if pfIsDigit(at(j)) {
		sp.width, j = pfReadInt(f, j)
		if sp.width < 0 {
			sp.overflow = true
			sp.width = 0
		}
	}
	if at(j) == '.' {
		j++
		if at(j) == '*' {
			j++
			begin := j
			if pfIsDigit(at(j)) {
				if n, k := pfReadInt(f, j); n > 0 && at(k) == '$' {
					sp.precArg = n - 1
					if n > *maxRef {
						*maxRef = n
					}
					j = k + 1
				}
			}
			if sp.precArg < 0 {
				sp.precArg = *next
				*next++
				j = begin
			}
		} else if pfIsDigit(at(j)) {
			sp.prec, j = pfReadInt(f, j)
			if sp.prec < 0 {
				sp.overflow = true
			}
		} else {
			sp.prec = 0
		}
	}
	lenStart := j
	switch at(j) {
	case 'h':
		j++
		if at(j) == 'h' {
			j++
			sp.isChar = true
		} else {
			sp.isShort = true
		}
	case 'l':
		j++
		sp.isLong = true
		if at(j) == 'l' {
			j++
			sp.isLongDouble = true
		}
	case 'L', 'q':
		j++
		sp.isLongDouble = true
	case 'z', 'Z', 't', 'j':
		j++
		sp.isLong = true
	}
	sp.length = string(f[lenStart:j])
	sp.conv = at(j)
	if j < len(f) {
		j++
	}
	sp.end = j
	if sp.argClass() != pfNone && sp.dataArg < 0 {
		sp.dataArg = *next
		*next++
	}
	return sp
}

// unknownSpec prints a spec glibc does not know as glibc's printf_unknown
// (left may come from a negative * width).
func unknownSpec(sp *pfSpec, left bool, width, prec int) []byte {
	out := []byte{'%'}
	if sp.alt {
		out = append(out, '#')
	}
	if sp.group {
		out = append(out, '\'')
	}
	if sp.showSign {
		out = append(out, '+')
	} else if sp.space {
		out = append(out, ' ')
	}
	if left {
		out = append(out, '-')
	}
	if sp.pad0 {
		out = append(out, '0')
	}
	if sp.i18n {
		out = append(out, 'I')
	}
	if width != 0 {
		out = pfAppendInt(out, width)
	}
	if prec != -1 {
		out = append(out, '.')
		out = pfAppendInt(out, prec)
	}
	if sp.conv != 0 {
		out = append(out, sp.conv)
	}
	return out
}

func pfAppendInt(b []byte, x int) []byte {
	var tmp [20]byte
	i := len(tmp)
	u := uint64(x)
	if x < 0 {
		u = uint64(-int64(x))
	}
	for {
		i--
		tmp[i] = byte('0' + u%10)
		u /= 10
		if u == 0 {
			break
		}
	}
	if x < 0 {
		i--
		tmp[i] = '-'
	}
	return append(b, tmp[i:]...)
}

// pfMaxArgs bounds the argument count of one format (no call passes more;
// it protects against formats such as "%2147483647$d").
const pfMaxArgs = 1 << 16

// glibc errno values the formatter reports.
const (
	errnoEINVAL    = 22
	errnoEOVERFLOW = 75
)

// format expands the format string at fmtAddr. It returns the output
// and, if glibc's printf would fail (-1), the errno it sets; the output
// then holds what was produced before the failure. fortifyN reports %n
// in a writable format string as glibc's fortified printf does.
func (e *Executor) format(s *State, c *Call, fmtAddr uint64, args *vaArgs, fortifyN bool) ([]byte, int, *Termination) {
	fb, f := readCString(s, fmtAddr, -1)
	if f != nil {
		_, t := e.fault(s, c, f)
		return nil, 0, t
	}
	fmtStr := append([]byte(nil), fb...)
	name := "printf"
	if c.Fn != nil {
		name = c.Fn.Name
	}

	// Parse every spec first, then fetch the arguments in order of their
	// indices with the classes the specs give them (glibc's positional
	// mode; for formats without n$ the order is simply left to right).
	var specs []pfSpec
	next, maxRef := 0, 0
	for i := 0; i < len(fmtStr); {
		if fmtStr[i] != '%' {
			i++
			continue
		}
		sp := parseSpec(fmtStr, i, &next, &maxRef)
		specs = append(specs, sp)
		if sp.conv == 0 {
			break
		}
		i = sp.end
	}
	nargs := next
	if maxRef > nargs {
		nargs = maxRef
	}
	if nargs > pfMaxArgs {
		_, t := e.errorf(s, c, TermModel, "%s: the format refers to %d arguments (format %q)", name, nargs, fmtStr)
		return nil, 0, t
	}
	classes := make([]pfClass, nargs)
	for i := range classes {
		classes[i] = pfInt // glibc reads unreferenced positions as int
	}
	for i := range specs {
		sp := &specs[i]
		if sp.conv == 0 {
			break
		}
		if sp.widthArg >= 0 {
			classes[sp.widthArg] = pfInt
		}
		if sp.precArg >= 0 {
			classes[sp.precArg] = pfInt
		}
		if cl := sp.argClass(); cl != pfNone {
			classes[sp.dataArg] = cl
		}
	}
	vals := make([]arith.Word, nargs)
	for i, cl := range classes {
		var err error
		switch cl {
		case pfInt:
			vals[i].Lo, err = args.int()
		case pfDouble:
			vals[i].Lo, err = args.double()
		case pfLDouble:
			vals[i], err = args.longDouble()
		}
		if err != nil {
			if mf, ok := err.(*memory.Fault); ok {
				_, t := e.fault(s, c, mf)
				return nil, 0, t
			}
			_, t := e.errorf(s, c, TermModel, "%s: %v (format %q)", name, err, fmtStr)
			return nil, 0, t
		}
	}

	var out []byte
	lit := 0
	for i := range specs {
		sp := &specs[i]
		out = append(out, fmtStr[lit:sp.start]...)
		lit = sp.end
		if sp.conv == 0 {
			return out, errnoEINVAL, nil
		}
		width, prec := sp.width, sp.prec
		left := sp.left
		if sp.widthArg >= 0 {
			width = int(int32(vals[sp.widthArg].Lo))
			if width < 0 {
				left = true
				width = -width
				if width < 0 {
					return out, errnoEOVERFLOW, nil
				}
			}
		}
		if sp.precArg >= 0 {
			prec = int(int32(vals[sp.precArg].Lo))
			if prec < 0 {
				prec = -1
			}
		}
		if sp.overflow {
			return out, errnoEOVERFLOW, nil
		}
		var v arith.Word
		if sp.dataArg >= 0 {
			v = vals[sp.dataArg]
		}
		var arg hostc.Arg
		switch sp.conv {
		case '%':
			arg.Kind = hostc.ArgNone
		case 'm':
			en, _ := s.Mem.Load(s.Errno, 4)
			arg = hostc.Arg{Kind: hostc.ArgErrno, I: int64(int32(en.Lo))}
		case 'd', 'i', 'o', 'u', 'x', 'X', 'b', 'B':
			switch {
			case sp.isLongDouble:
				arg = hostc.Arg{Kind: hostc.ArgLongLong, I: int64(v.Lo)}
			case sp.isLong:
				arg = hostc.Arg{Kind: hostc.ArgLong, I: int64(v.Lo)}
			default:
				arg = hostc.Arg{Kind: hostc.ArgInt, I: int64(int32(v.Lo))}
			}
		case 'c', 'C':
			arg = hostc.Arg{Kind: hostc.ArgInt, I: int64(int32(v.Lo))}
		case 'p':
			arg = hostc.Arg{Kind: hostc.ArgPointer, I: int64(v.Lo)}
		case 's':
			if sp.isLong {
				arg = hostc.Arg{Kind: hostc.ArgWString, Null: v.Lo == 0}
				if v.Lo != 0 {
					if arg.WStr, f = readWString(s, v.Lo, prec); f != nil {
						_, t := e.fault(s, c, f)
						return nil, 0, t
					}
				}
				break
			}
			arg = hostc.Arg{Kind: hostc.ArgString, Null: v.Lo == 0}
			if v.Lo != 0 {
				if arg.Str, f = readCString(s, v.Lo, prec); f != nil {
					_, t := e.fault(s, c, f)
					return nil, 0, t
				}
			}
		case 'S':
			arg = hostc.Arg{Kind: hostc.ArgWString, Null: v.Lo == 0}
			if v.Lo != 0 {
				if arg.WStr, f = readWString(s, v.Lo, prec); f != nil {
					_, t := e.fault(s, c, f)
					return nil, 0, t
				}
			}
		case 'e', 'E', 'f', 'F', 'g', 'G', 'a', 'A':
			if sp.isLongDouble {
				arg = hostc.Arg{Kind: hostc.ArgLongDouble, W: v}
			} else {
				arg = hostc.Arg{Kind: hostc.ArgDouble, W: v}
			}
		case 'n':
			if fortifyN {
				if id, _ := memory.Split(fmtAddr); s.Mem.Object(id) != nil && !s.Mem.Object(id).ReadOnly {
					io.WriteString(e.stderr, "*** %n in writable segments detected ***\n")
					_, t := e.errorf(s, c, TermAbort, "%s: %%n in a writable format string", name)
					return nil, 0, t
				}
			}
			var size uint64 = 4
			switch {
			case sp.isLongDouble, sp.isLong:
				size = 8
			case sp.isChar:
				size = 1
			case sp.isShort:
				size = 2
			}
			if f := s.Mem.Store(v.Lo, size, arith.Word{Lo: uint64(len(out))}); f != nil {
				_, t := e.fault(s, c, f)
				return nil, 0, t
			}
			continue
		default:
			out = append(out, unknownSpec(sp, left, width, prec)...)
			continue
		}
		spec := make([]byte, 0, 32)
		spec = append(spec, '%')
		spec = append(spec, sp.flags...)
		if left && !sp.left {
			spec = append(spec, '-')
		}
		if width != 0 {
			spec = pfAppendInt(spec, width)
		}
		if prec >= 0 {
			spec = append(spec, '.')
			spec = pfAppendInt(spec, prec)
		}
		spec = append(spec, sp.length...)
		spec = append(spec, sp.conv)
		r, errno := hostc.FormatOne(string(spec), s.RM, arg)
		if errno != 0 {
			return out, errno, nil
		}
		out = append(out, r...)
	}
	out = append(out, fmtStr[lit:]...)
	return out, 0, nil
}
