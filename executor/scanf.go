package executor

import (
	"math"
	"strconv"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/hostc"
	"github.com/floatsym/floatsym/memory"
)

// The scanf family: scanf, fscanf, sscanf and their va_list forms (and
// glibc's __isoc99_ names, which its headers select in standard modes).
// The input is scanned as glibc 2.36's vfscanf scans it (the characters a
// conversion accepts, how width counts, "0x" prefixes, signs, nan/inf,
// hexadecimal floats, what counts as a matching or an input failure) and
// the accepted characters are converted by the host C library (strtod,
// strtof, strtold under the path's rounding mode), so every conversion,
// including %f %lf %Lf %a, stores exactly what the native program stores.
//
// Symbolic input bytes are fixed to one feasible value first (the model
// re-runs on concretised memory); nothing is consumed or stored before
// the whole call has succeeded, so the re-run starts from the same state.

func registerScanfBuiltins() {
	reg := func(name string, fixed int, src scanSrcKind, valist bool) {
		min := fixed
		if valist {
			min++
		}
		register(name, min, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			return e.scanfCall(s, c, src, fixed, valist)
		})
	}
	for _, p := range []string{"", "__isoc99_"} {
		reg(p+"scanf", 1, scanStdin, false)
		reg(p+"fscanf", 2, scanStream, false)
		reg(p+"sscanf", 2, scanString, false)
		reg(p+"vscanf", 1, scanStdin, true)
		reg(p+"vfscanf", 2, scanStream, true)
		reg(p+"vsscanf", 2, scanString, true)
	}
}

type scanSrcKind uint8

const (
	scanStdin scanSrcKind = iota
	scanStream
	scanString
)

// scanInput is the input of one call, read ahead without consuming.
type scanInput struct {
	e     *Executor
	s     *State
	str   []byte    // string source
	f     *openFile // stream source
	pos   int       // characters consumed so far
	atEOF bool
}

// peek returns the next character, or -1 at the end of the input.
func (in *scanInput) peek() (int, *memory.Fault) {
	if in.f == nil {
		if in.pos < len(in.str) {
			return int(in.str[in.pos]), nil
		}
		in.atEOF = true
		return -1, nil
	}
	i := in.pos
	if n := len(in.f.unget); i < n {
		return int(in.f.unget[n-1-i]), nil
	}
	i -= len(in.f.unget)
	if in.f.node == nil || !in.f.read {
		in.atEOF = true
		return -1, nil
	}
	b, flt := in.e.concreteBytes(in.s, in.f.node, in.f.off+uint64(i), 1)
	if flt != nil {
		return 0, flt
	}
	if len(b) == 0 {
		in.atEOF = true
		return -1, nil
	}
	return int(b[0]), nil
}

func isSpace(c int) bool { return c == ' ' || c >= '\t' && c <= '\r' }

// store is one pending assignment.
type scanStore struct {
	addr  uint64
	size  uint64
	w     arith.Word
	bytes []byte // string conversions: the bytes (with NUL when wanted)
	alloc bool   // 'm': allocate the buffer and store its address at addr
}

func (e *Executor) scanfCall(s *State, c *Call, src scanSrcKind, fixed int, valist bool) (Value, *Termination) {
	name := c.Fn.Name
	in := &scanInput{e: e, s: s}
	fmtArg := fixed - 1
	switch src {
	case scanString:
		str, f := readCString(s, c.U64(0), -1)
		if f != nil {
			return e.fault(s, c, f)
		}
		in.str = str
	case scanStdin, scanStream:
		fp := e.streams[0]
		if src == scanStream {
			fp = c.U64(0)
		}
		_, f, t := e.stream(s, c, fp)
		if t != nil {
			return Value{}, t
		}
		in.f = f
	}
	format, f := readCString(s, c.U64(fmtArg), -1)
	if f != nil {
		return e.fault(s, c, f)
	}
	var args *vaArgs
	if valist {
		args = &vaArgs{s: s, list: c.U64(fixed)}
		if f := args.load(); f != nil {
			return e.fault(s, c, f)
		}
	} else {
		var err error
		if args, err = directArgs(s, c, fixed); err != nil {
			return e.errorf(s, c, TermModel, "%s: %v", name, err)
		}
	}
	stores, done, flt, msg := in.scan(string(format), args)
	if flt != nil {
		return e.fault(s, c, flt)
	}
	if msg != "" {
		return e.errorf(s, c, TermModel, "%s: %s", name, msg)
	}
	// Commit: stores, then the consumed input.
	for _, st := range stores {
		switch {
		case st.alloc:
			v, t := e.malloc(s, c, uint64(len(st.bytes)), name)
			if t != nil {
				return v, t
			}
			b, _ := s.Mem.Write(v.W.Lo, uint64(len(st.bytes)))
			copy(b, st.bytes)
			if f := s.Mem.Store(st.addr, 8, v.W); f != nil {
				return e.fault(s, c, f)
			}
		case st.bytes != nil:
			b, f := s.Mem.Write(st.addr, uint64(len(st.bytes)))
			if f != nil {
				return e.fault(s, c, f)
			}
			copy(b, st.bytes)
		default:
			if f := s.Mem.Store(st.addr, st.size, st.w); f != nil {
				return e.fault(s, c, f)
			}
		}
	}
	if valist {
		if f := args.store(); f != nil {
			return e.fault(s, c, f)
		}
	}
	if in.f != nil {
		fs := e.filesW(s)
		of := fs.fds[fs.streams[streamOf(e, c, src)]]
		n := in.pos
		k := min(n, len(of.unget))
		of.unget = of.unget[:len(of.unget)-k]
		of.off += uint64(n - k)
		if in.atEOF {
			of.eof = true
		}
	}
	return retU64(uint64(uint32(int32(done))))
}

func streamOf(e *Executor, c *Call, src scanSrcKind) uint64 {
	if src == scanStream {
		return c.U64(0)
	}
	return e.streams[0]
}

// scan runs the format; done is scanf's result. msg reports a format
// floatsym cannot scan (an error, never a silent wrong answer).
func (in *scanInput) scan(format string, args *vaArgs) (stores []scanStore, done int, flt *memory.Fault, msg string) {
	inputFailure := func() int {
		if done == 0 {
			return -1
		}
		return done
	}
	skipSpace := func() (int, *memory.Fault) {
		for {
			ch, f := in.peek()
			if f != nil || !isSpace(ch) {
				return ch, f
			}
			in.pos++
		}
	}
	for i := 0; i < len(format); i++ {
		fc := int(format[i])
		if isSpace(fc) {
			if _, f := skipSpace(); f != nil {
				return nil, 0, f, ""
			}
			continue
		}
		if fc != '%' {
			ch, f := in.peek()
			if f != nil {
				return nil, 0, f, ""
			}
			if ch < 0 {
				return stores, inputFailure(), nil, ""
			}
			if ch != fc {
				return stores, done, nil, ""
			}
			in.pos++
			continue
		}
		// A conversion specification.
		i++
		suppress, alloc := false, false
		width := -1
		if i < len(format) && format[i] == '*' {
			suppress = true
			i++
		}
		start := i
		for i < len(format) && format[i] >= '0' && format[i] <= '9' {
			i++
		}
		if i < len(format) && format[i] == '$' {
			return nil, 0, nil, "positional arguments (%n$) are not supported"
		}
		if i > start {
			width, _ = strconv.Atoi(format[start:i])
			if width == 0 {
				width = -1
			}
		}
		if i < len(format) && format[i] == 'm' {
			alloc = true
			i++
		}
		size := 4
		long := 0
	mods:
		for i < len(format) {
			switch format[i] {
			case 'h':
				if size == 2 {
					size = 1
				} else {
					size = 2
				}
			case 'l':
				long++
				size = 8
			case 'L', 'q':
				long = 2
				size = 8
			case 'j', 'z', 't':
				size = 8
			default:
				break mods
			}
			i++
		}
		if i >= len(format) {
			return stores, done, nil, ""
		}
		conv := format[i]
		nextPtr := func() (uint64, string) {
			if suppress {
				return 0, ""
			}
			p, err := args.int()
			if err != nil {
				return 0, err.Error()
			}
			return p, ""
		}
		switch conv {
		case '%':
			ch, f := skipSpace()
			if f != nil {
				return nil, 0, f, ""
			}
			if ch < 0 {
				return stores, inputFailure(), nil, ""
			}
			if ch != '%' {
				return stores, done, nil, ""
			}
			in.pos++
		case 'n':
			p, m := nextPtr()
			if m != "" {
				return nil, 0, nil, m
			}
			if !suppress {
				stores = append(stores, scanStore{addr: p, size: uint64(size), w: arith.Word{Lo: uint64(in.pos)}})
			}
		case 'c', 's', '[':
			if long > 0 || conv == 'C' || conv == 'S' {
				return nil, 0, nil, "wide-character conversions are not supported"
			}
			var set [256]bool
			if conv == '[' {
				j := i + 1
				neg := false
				if j < len(format) && format[j] == '^' {
					neg = true
					j++
				}
				first := j
				for ; j < len(format) && (format[j] != ']' || j == first); j++ {
					if format[j] == '-' && j > first && j+1 < len(format) && format[j+1] != ']' && format[j-1] <= format[j+1] {
						for ch := int(format[j-1]); ch <= int(format[j+1]); ch++ {
							set[ch] = true
						}
						j++
						continue
					}
					set[format[j]] = true
				}
				if j >= len(format) {
					return nil, 0, nil, "unterminated %[ in the format"
				}
				if neg {
					for k := range set {
						set[k] = !set[k]
					}
				}
				i = j
			}
			if conv == 'c' && width < 0 {
				width = 1
			}
			if conv != 'c' {
				ch, f := skipSpace()
				if conv == '[' {
					// %[ does not skip white space.
					ch, f = in.peek()
				}
				if f != nil {
					return nil, 0, f, ""
				}
				if ch < 0 {
					return stores, inputFailure(), nil, ""
				}
			}
			var got []byte
			for width < 0 || len(got) < width {
				ch, f := in.peek()
				if f != nil {
					return nil, 0, f, ""
				}
				if ch < 0 || conv == 's' && isSpace(ch) || conv == '[' && !set[ch] {
					break
				}
				got = append(got, byte(ch))
				in.pos++
			}
			if len(got) == 0 {
				if conv == '[' {
					if in.atEOF {
						return stores, inputFailure(), nil, ""
					}
					return stores, done, nil, ""
				}
				return stores, inputFailure(), nil, ""
			}
			p, m := nextPtr()
			if m != "" {
				return nil, 0, nil, m
			}
			if !suppress {
				if conv != 'c' {
					got = append(got, 0)
				}
				stores = append(stores, scanStore{addr: p, bytes: got, alloc: alloc})
				done++
			}
		case 'd', 'i', 'u', 'o', 'x', 'X', 'p':
			if conv == 'p' {
				size = 8
			}
			ch, f := skipSpace()
			if f != nil {
				return nil, 0, f, ""
			}
			if ch < 0 {
				return stores, inputFailure(), nil, ""
			}
			w, ok, f := in.scanInt(conv, width)
			if f != nil {
				return nil, 0, f, ""
			}
			if !ok {
				return stores, done, nil, ""
			}
			p, m := nextPtr()
			if m != "" {
				return nil, 0, nil, m
			}
			if !suppress {
				stores = append(stores, scanStore{addr: p, size: uint64(size), w: w})
				done++
			}
		case 'f', 'F', 'e', 'E', 'g', 'G', 'a', 'A':
			ch, f := skipSpace()
			if f != nil {
				return nil, 0, f, ""
			}
			if ch < 0 {
				return stores, inputFailure(), nil, ""
			}
			text, f := in.scanFloat(width)
			if f != nil {
				return nil, 0, f, ""
			}
			k, sz := arith.F32, uint64(4)
			switch {
			case long >= 2:
				k, sz = arith.F80, 10
			case long == 1:
				k, sz = arith.F64, 8
			}
			if text == "" {
				return stores, done, nil, ""
			}
			w, n, _ := hostc.Strto(k, in.s.RM, text)
			if n == 0 {
				return stores, done, nil, ""
			}
			p, m := nextPtr()
			if m != "" {
				return nil, 0, nil, m
			}
			if !suppress {
				stores = append(stores, scanStore{addr: p, size: sz, w: w})
				done++
			}
		default:
			return nil, 0, nil, "unsupported conversion %" + string(conv)
		}
	}
	return stores, done, nil, ""
}

// scanInt accepts an integer as glibc does and converts it with strtol's
// (or strtoul's) overflow rules; ok is false on a matching failure.
func (in *scanInput) scanInt(conv byte, width int) (arith.Word, bool, *memory.Fault) {
	base := 10
	switch conv {
	case 'i':
		base = 0
	case 'o':
		base = 8
	case 'x', 'X', 'p':
		base = 16
	}
	var buf []byte
	take := func() { in.pos++; width-- }
	ch, f := in.peek()
	if f != nil {
		return arith.Word{}, false, f
	}
	if width != 0 && (ch == '-' || ch == '+') {
		buf = append(buf, byte(ch))
		take()
		if ch, f = in.peek(); f != nil {
			return arith.Word{}, false, f
		}
	}
	if width != 0 && ch == '0' {
		buf = append(buf, '0')
		take()
		if ch, f = in.peek(); f != nil {
			return arith.Word{}, false, f
		}
		if width != 0 && (ch == 'x' || ch == 'X') {
			if base == 0 {
				base = 16
			}
			if base == 16 {
				take()
				if ch, f = in.peek(); f != nil {
					return arith.Word{}, false, f
				}
			}
		} else if base == 0 {
			base = 8
		}
	}
	if base == 0 {
		base = 10
	}
	for width != 0 && ch >= 0 && digitVal(ch) < base {
		buf = append(buf, byte(ch))
		take()
		if ch, f = in.peek(); f != nil {
			return arith.Word{}, false, f
		}
	}
	if len(buf) == 0 || len(buf) == 1 && (buf[0] == '+' || buf[0] == '-') {
		return arith.Word{}, false, nil
	}
	neg := buf[0] == '-'
	digits := buf
	if buf[0] == '+' || buf[0] == '-' {
		digits = buf[1:]
	}
	u, err := strconv.ParseUint(string(digits), base, 64)
	overflow := err != nil
	signed := conv == 'd' || conv == 'i'
	var v uint64
	switch {
	case signed && overflow:
		v = math.MaxInt64
		if neg {
			v = 1 << 63
		}
	case signed && !neg && u > math.MaxInt64:
		v = math.MaxInt64
	case signed && neg && u > 1<<63:
		v = 1 << 63
	case signed && neg:
		v = -u
	case overflow:
		v = math.MaxUint64
	case neg:
		v = -u // strtoul negates in unsigned arithmetic
	default:
		v = u
	}
	return arith.Word{Lo: v}, true, nil
}

func digitVal(ch int) int {
	switch {
	case ch >= '0' && ch <= '9':
		return ch - '0'
	case ch >= 'a' && ch <= 'z':
		return ch - 'a' + 10
	case ch >= 'A' && ch <= 'Z':
		return ch - 'A' + 10
	}
	return 99
}

func lower(ch int) int {
	if ch >= 'A' && ch <= 'Z' {
		return ch + 'a' - 'A'
	}
	return ch
}

// scanFloat returns the characters glibc's scanf accepts for a floating
// conversion ("" on a matching failure).
func (in *scanInput) scanFloat(width int) (string, *memory.Fault) {
	var buf []byte
	ch, f := in.peek()
	if f != nil {
		return "", f
	}
	take := func() *memory.Fault {
		buf = append(buf, byte(ch))
		in.pos++
		width--
		ch, f = in.peek()
		return f
	}
	if ch == '-' || ch == '+' {
		if f := take(); f != nil {
			return "", f
		}
	}
	word := func(w string) (bool, *memory.Fault) {
		for k := 0; k < len(w); k++ {
			if width == 0 || ch < 0 || lower(ch) != int(w[k]) {
				return false, nil
			}
			if f := take(); f != nil {
				return false, f
			}
		}
		return true, nil
	}
	switch {
	case width != 0 && lower(ch) == 'n':
		ok, f := word("nan")
		if !ok {
			return "", f
		}
		return string(buf), nil
	case width != 0 && lower(ch) == 'i':
		ok, f := word("inf")
		if !ok {
			return "", f
		}
		if width != 0 && lower(ch) == 'i' {
			if ok, f := word("inity"); !ok {
				return "", f
			}
		}
		return string(buf), nil
	}
	hex := false
	expChar := 'e'
	if width != 0 && ch == '0' {
		if f := take(); f != nil {
			return "", f
		}
		if width != 0 && lower(ch) == 'x' {
			hex, expChar = true, 'p'
			if f := take(); f != nil {
				return "", f
			}
		}
	}
	gotDigit := len(buf) > 0 && buf[len(buf)-1] == '0'
	gotDot, gotE := false, false
	for width != 0 && ch >= 0 {
		switch {
		case ch >= '0' && ch <= '9':
			gotDigit = true
		case !gotE && hex && digitVal(ch) < 16:
			gotDigit = true
		case gotE && lower(int(buf[len(buf)-1])) == int(expChar) && (ch == '-' || ch == '+'):
		case gotDigit && !gotE && lower(ch) == int(expChar):
			gotE, gotDot = true, true
		case !gotDot && ch == '.':
			gotDot = true
		default:
			return string(buf), nil
		}
		if f := take(); f != nil {
			return "", f
		}
	}
	if len(buf) == 1 && (buf[0] == '+' || buf[0] == '-') {
		return "", nil
	}
	return string(buf), nil
}
