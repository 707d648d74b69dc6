package executor

import (
	"bytes"
	"errors"
	"io"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/hostc"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/memory"
)

// Output side of <stdio.h>: the printf family (direct, va_list and
// _FORTIFY_SOURCE variants, asprintf, dprintf), puts/putchar/fputs/fputc/
// putc/fwrite (and their _unlocked forms), fflush, setvbuf/setbuf, ferror,
// perror and strerror. Streams are recognised by identity: only the program's
// stdout and stderr FILE objects (and file descriptors 1 and 2 for dprintf)
// can be written; output goes to Config.Stdout / Config.Stderr as soon as
// the call returns (floatsym has no stdio buffer: a program that crashes
// after printf shows output that a natively run program writing to a pipe
// would have lost in its buffer).
//
// Formatting is glibc's own: the format string is parsed here as glibc
// 2.36 parses it (flags, width and precision with * and n$, length
// modifiers, positional arguments) and each conversion is handed, with its
// argument converted to the right C type, to the host glibc's snprintf
// under the path's rounding mode (package hostc). So %f/%e/%g/%a output,
// including its rounding-mode dependence, is bit-exact.
//
// Variadic arguments are read as the x86_64 ABI passes them: a direct call
// (printf(fmt, ...)) fills the general-purpose and SSE argument registers
// first and the stack area after, and va_arg takes integers and doubles
// from separate sequences, so even a mismatched format such as
// printf("%d %f", 1.5, 7) prints what the native program prints. The
// va_list variants walk a program va_list (gp_offset, fp_offset,
// overflow_arg_area, reg_save_area) and update it as glibc does.

func init() {
	direct := func(name string, fixed int, dest pfDest, fmtArg int) {
		register(name, fixed, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			return e.printfCall(s, c, dest, fmtArg, nil)
		})
	}
	valist := func(name string, dest pfDest, fmtArg int) {
		register(name, fmtArg+2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			return e.printfCall(s, c, dest, fmtArg, &c.Args[fmtArg+1])
		})
	}
	direct("printf", 1, pfDest{kind: pfStdout}, 0)
	direct("fprintf", 2, pfDest{kind: pfStream, stream: 0}, 1)
	direct("dprintf", 2, pfDest{kind: pfFD, stream: 0}, 1)
	direct("sprintf", 2, pfDest{kind: pfString, buf: 0, size: -1}, 1)
	direct("snprintf", 3, pfDest{kind: pfString, buf: 0, size: 1}, 2)
	direct("asprintf", 2, pfDest{kind: pfAlloc, buf: 0}, 1)
	valist("vprintf", pfDest{kind: pfStdout}, 0)
	valist("vfprintf", pfDest{kind: pfStream, stream: 0}, 1)
	valist("vdprintf", pfDest{kind: pfFD, stream: 0}, 1)
	valist("vsprintf", pfDest{kind: pfString, buf: 0, size: -1}, 1)
	valist("vsnprintf", pfDest{kind: pfString, buf: 0, size: 1}, 2)
	valist("vasprintf", pfDest{kind: pfAlloc, buf: 0}, 1)

	// _FORTIFY_SOURCE variants: an extra flag argument (and object sizes
	// for the string versions) before the format.
	direct("__printf_chk", 2, pfDest{kind: pfStdout, chk: true, flag: 0}, 1)
	direct("__fprintf_chk", 3, pfDest{kind: pfStream, stream: 0, chk: true, flag: 1}, 2)
	direct("__dprintf_chk", 3, pfDest{kind: pfFD, stream: 0, chk: true, flag: 1}, 2)
	direct("__sprintf_chk", 4, pfDest{kind: pfString, buf: 0, size: -1, chk: true, flag: 1, objSize: 2}, 3)
	direct("__snprintf_chk", 5, pfDest{kind: pfString, buf: 0, size: 1, chk: true, flag: 2, objSize: 3}, 4)
	direct("__asprintf_chk", 3, pfDest{kind: pfAlloc, buf: 0, chk: true, flag: 1}, 2)
	valist("__vprintf_chk", pfDest{kind: pfStdout, chk: true, flag: 0}, 1)
	valist("__vfprintf_chk", pfDest{kind: pfStream, stream: 0, chk: true, flag: 1}, 2)
	valist("__vdprintf_chk", pfDest{kind: pfFD, stream: 0, chk: true, flag: 1}, 2)
	valist("__vsprintf_chk", pfDest{kind: pfString, buf: 0, size: -1, chk: true, flag: 1, objSize: 2}, 3)
	valist("__vsnprintf_chk", pfDest{kind: pfString, buf: 0, size: 1, chk: true, flag: 2, objSize: 3}, 4)
	valist("__vasprintf_chk", pfDest{kind: pfAlloc, buf: 0, chk: true, flag: 1}, 2)

	for _, name := range []string{"puts", "puts_unlocked"} {
		register(name, 1, biPuts)
	}
	defer markOutputOnly()
	for _, name := range []string{"putchar", "putchar_unlocked"} {
		register(name, 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			b := byte(c.U64(0))
			e.stdout.Write([]byte{b})
			return retU64(uint64(b))
		})
	}
	for _, name := range []string{"fputc", "putc", "fputc_unlocked", "putc_unlocked"} {
		register(name, 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			w, t := e.outStream(s, c, c.U64(1))
			if t != nil {
				return Value{}, t
			}
			b := byte(c.U64(0))
			w.Write([]byte{b})
			return retU64(uint64(b))
		})
	}
	for _, name := range []string{"fputs", "fputs_unlocked"} {
		register(name, 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			str, f := readCString(s, c.U64(0), -1)
			if f != nil {
				return e.fault(s, c, f)
			}
			w, t := e.outStream(s, c, c.U64(1))
			if t != nil {
				return Value{}, t
			}
			w.Write(str)
			return retU64(1) // glibc's fputs returns 1 on success
		})
	}
	for _, name := range []string{"fwrite", "fwrite_unlocked"} {
		register(name, 4, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			size, n := c.U64(1), c.U64(2)
			w, t := e.outStream(s, c, c.U64(3))
			if t != nil {
				return Value{}, t
			}
			total := size * n
			if size == 0 || n == 0 {
				return retU64(0)
			}
			if total/size != n {
				return e.errorf(s, c, TermModel, "fwrite: size %d * count %d overflows", size, n)
			}
			data, f := s.Mem.Read(c.U64(0), total)
			if f != nil {
				return e.fault(s, c, f)
			}
			w.Write(data)
			return retU64(n)
		})
	}
	for _, name := range []string{"fflush", "fflush_unlocked"} {
		register(name, 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			return retU64(0)
		})
	}
	// Buffering changes nothing here (output is never buffered).
	register("setvbuf", 4, func(e *Executor, s *State, c *Call) (Value, *Termination) { return retU64(0) })
	register("setbuf", 2, func(e *Executor, s *State, c *Call) (Value, *Termination) { return Value{}, nil })
	register("setlinebuf", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) { return Value{}, nil })
	register("ferror", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) { return retU64(0) })
	register("perror", 1, biPerror)
	register("strerror", 1, biStrerror)
}

// Destinations of the printf family.
type pfKind uint8

const (
	pfStdout pfKind = iota
	pfStream        // FILE * argument
	pfFD            // file descriptor argument (dprintf)
	pfString        // buffer argument (sprintf, snprintf)
	pfAlloc         // char ** argument (asprintf)
)

// pfDest says where a printf-family function writes; the int fields are
// argument indices.
type pfDest struct {
	kind    pfKind
	stream  int  // FILE * or fd argument
	buf     int  // buffer or char ** argument
	size    int  // snprintf's size argument; -1 for sprintf (unbounded)
	chk     bool // a _FORTIFY_SOURCE variant with the next two arguments:
	flag    int  // its flag argument (> 0: %n only in read-only formats)
	objSize int  // its object size argument (string versions)
}

// printfCall runs one printf-family call. ap is the va_list argument for
// the v* variants, nil for direct calls.
func (e *Executor) printfCall(s *State, c *Call, d pfDest, fmtArg int, ap *Value) (Value, *Termination) {
	name := "printf"
	if c.Fn != nil {
		name = c.Fn.Name
	}
	fortify := d.chk
	var args *vaArgs
	if ap != nil {
		args = &vaArgs{s: s, list: ap.W.Lo}
		if f := args.load(); f != nil {
			return e.fault(s, c, f)
		}
	} else {
		var err error
		args, err = directArgs(s, c, fmtArg+1)
		if err != nil {
			return e.errorf(s, c, TermModel, "%s: %v", name, err)
		}
	}
	var w io.Writer
	switch d.kind {
	case pfStdout:
		w = e.stdout
	case pfStream:
		var t *Termination
		if w, t = e.outStream(s, c, c.U64(d.stream)); t != nil {
			return Value{}, t
		}
	case pfFD:
		switch int32(c.U64(d.stream)) {
		case 1:
			w = e.stdout
		case 2:
			w = e.stderr
		default:
			return e.errorf(s, c, TermModel, "%s: only file descriptors 1 and 2 can be written", name)
		}
	}
	if fortify && d.kind == pfString && d.size < 0 && c.U64(d.objSize) == 0 {
		return e.chkFail(s, c, name)
	}
	if fortify && d.kind == pfString && d.size >= 0 && c.U64(d.objSize) < c.U64(d.size) {
		return e.chkFail(s, c, name)
	}
	out, errno, t := e.format(s, c, c.U64(fmtArg), args, fortify && int32(c.U64(d.flag)) > 0)
	if t != nil {
		return Value{}, t
	}
	if ap != nil {
		if f := args.store(); f != nil {
			return e.fault(s, c, f)
		}
	}
	ret := uint64(uint32(int32(len(out))))
	if errno != 0 {
		e.setErrno(s, errno)
		ret = uint64(uint32(0xffffffff))
	}
	switch d.kind {
	case pfStdout, pfStream, pfFD:
		w.Write(out)
	case pfString:
		buf := c.U64(d.buf)
		n := uint64(len(out))
		if d.size >= 0 {
			size := c.U64(d.size)
			if size == 0 {
				return retU64(ret)
			}
			if n > size-1 {
				n = size - 1
			}
		} else if fortify && n+1 > c.U64(d.objSize) {
			return e.chkFail(s, c, name)
		}
		b, f := s.Mem.Write(buf, n+1)
		if f != nil {
			return e.fault(s, c, f)
		}
		copy(b, out[:n])
		b[n] = 0
	case pfAlloc:
		if errno != 0 {
			return retU64(ret)
		}
		v, t := e.malloc(s, c, uint64(len(out))+1, name)
		if t != nil {
			return v, t
		}
		if v.W.Lo == 0 {
			return retU64(uint64(uint32(0xffffffff)))
		}
		b, _ := s.Mem.Write(v.W.Lo, uint64(len(out))+1)
		copy(b, out)
		if f := s.Mem.Store(c.U64(d.buf), 8, v.W); f != nil {
			return e.fault(s, c, f)
		}
	}
	return retU64(ret)
}

// chkFail is glibc's __chk_fail: a fortified function detected a buffer
// overflow; the native program prints this and aborts.
func (e *Executor) chkFail(s *State, c *Call, name string) (Value, *Termination) {
	io.WriteString(e.stderr, "*** buffer overflow detected ***: terminated\n")
	return e.errorf(s, c, TermAbort, "%s: buffer overflow detected", name)
}

// outStream maps a FILE * to the output it stands for.
func (e *Executor) outStream(s *State, c *Call, fp uint64) (io.Writer, *Termination) {
	if len(e.streams) == 3 {
		switch fp {
		case e.streams[1]:
			return e.stdout, nil
		case e.streams[2]:
			return e.stderr, nil
		}
	}
	name := "stdio"
	if c.Fn != nil {
		name = c.Fn.Name
	}
	_, t := e.errorf(s, c, TermModel, "%s: only stdout and stderr can be written (FILE %#x)", name, fp)
	return nil, t
}

func biPuts(e *Executor, s *State, c *Call) (Value, *Termination) {
	str, f := readCString(s, c.U64(0), -1)
	if f != nil {
		return e.fault(s, c, f)
	}
	out := make([]byte, 0, len(str)+1)
	out = append(append(out, str...), '\n')
	e.stdout.Write(out)
	n := uint64(len(out))
	if n > 1<<31-1 {
		n = 1<<31 - 1
	}
	return retU64(n)
}

// biPerror: "s: <strerror(errno)>\n" on stderr, or just the message when
// s is NULL or empty.
func biPerror(e *Executor, s *State, c *Call) (Value, *Termination) {
	var out []byte
	if p := c.U64(0); p != 0 {
		str, f := readCString(s, p, -1)
		if f != nil {
			return e.fault(s, c, f)
		}
		if len(str) > 0 {
			out = append(append(out, str...), ": "...)
		}
	}
	errno, _ := s.Mem.Load(s.Errno, 4)
	msg, _ := hostc.FormatOne("%m", s.RM, hostc.Arg{Kind: hostc.ArgErrno, I: int64(int32(errno.Lo))})
	out = append(append(out, msg...), '\n')
	e.stderr.Write(out)
	return Value{}, nil
}

// biStrerror returns glibc's message for an errno value in a new
// read-only object (glibc returns a string in read-only storage too; a
// program that compares strerror's pointers would see a difference).
func biStrerror(e *Executor, s *State, c *Call) (Value, *Termination) {
	msg, _ := hostc.FormatOne("%m", s.RM, hostc.Arg{Kind: hostc.ArgErrno, I: int64(int32(c.U64(0)))})
	o, err := s.Mem.Alloc(memory.Special, uint64(len(msg))+1, "strerror message")
	if err != nil {
		return e.errorf(s, c, TermExec, "strerror: %v", err)
	}
	b, _ := s.Mem.Write(o.Address(), uint64(len(msg)))
	copy(b, msg)
	o.ReadOnly = true
	return retU64(o.Address())
}

// readCString reads the string at addr: up to its NUL, or at most max
// bytes when max >= 0 (then no NUL is needed, as for %.3s). A string that
// runs off its object is an out-of-bounds fault at the object's end; a
// symbolic byte in it is a SymbolicData fault (the model then runs again
// on concretised memory).
func readCString(s *State, addr uint64, max int) ([]byte, *memory.Fault) {
	if max == 0 {
		return nil, nil
	}
	if _, f := s.Mem.Read(addr, 1); f != nil {
		return nil, f
	}
	id, off := memory.Split(addr)
	data := s.Mem.Object(id).Bytes()[off:]
	lim := len(data)
	if max >= 0 && max < lim {
		lim = max
	}
	if i := bytes.IndexByte(data[:lim], 0); i >= 0 {
		// Read checks the bytes, terminator included, are concrete.
		b, f := s.Mem.Read(addr, uint64(i+1))
		if f != nil {
			return nil, f
		}
		return b[:i], nil
	}
	if lim == max {
		return s.Mem.Read(addr, uint64(lim))
	}
	if _, f := s.Mem.Read(addr, uint64(len(data))); f != nil {
		return nil, f
	}
	_, f := s.Mem.Read(addr+uint64(len(data)), 1)
	return nil, f
}

// readWString reads a wchar_t string (4-byte units) up to its NUL.
func readWString(s *State, addr uint64, max int) ([]int32, *memory.Fault) {
	var ws []int32
	for i := 0; max < 0 || i < max; i++ {
		w, f := s.Mem.Load(addr+uint64(4*i), 4)
		if f != nil {
			return nil, f
		}
		if w.Lo == 0 {
			break
		}
		ws = append(ws, int32(uint32(w.Lo)))
	}
	return ws, nil
}

// ---------------------------------------------------------------------------
// Variadic arguments.

// x86_64 va_list layout and limits.
const (
	vaGPRegs  = 6                      // rdi, rsi, rdx, rcx, r8, r9
	vaSSERegs = 8                      // xmm0-7
	vaGPEnd   = 8 * vaGPRegs           // gp_offset when the GP registers are used up
	vaFPEnd   = vaGPEnd + 16*vaSSERegs // fp_offset when the SSE registers are used up
)

var errMissingArg = errors.New("the format needs more arguments than the call passes")

// vaArgs reads variadic arguments with va_arg's algorithm, from a program
// va_list (list != 0) or from a direct call's arguments laid out as the
// ABI passes them.
type vaArgs struct {
	s    *State
	list uint64 // address of the program's va_list, or 0
	// va_list fields.
	gpOff, fpOff      uint64
	overAddr, regSave uint64
	// Direct calls: register contents (gp indexed from slot 0, the first
	// GP argument register) and the stack area.
	gp, sse []arith.Word
	nGP     int // register slots the call filled, fixed arguments included
	over    []byte
	overPos uint64
}

// directArgs lays out c.Args[first:] (after first fixed integer-class
// arguments) as a call passes them.
func directArgs(s *State, c *Call, first int) (*vaArgs, error) {
	a := &vaArgs{s: s, gpOff: uint64(8 * first), fpOff: vaGPEnd}
	for i := 0; i < first; i++ {
		a.gp = append(a.gp, arith.Word{})
	}
	nsse := 0
	putOver := func(w arith.Word, size, align uint64) {
		for uint64(len(a.over))%align != 0 {
			a.over = append(a.over, 0)
		}
		var b [16]byte
		ir.PutWord(b[:], w)
		a.over = append(a.over, b[:size]...)
	}
	for i := first; i < len(c.Args); i++ {
		t := c.ArgType(i)
		w := c.Args[i].W
		switch {
		case (t.Kind == ir.IntType || t.Kind == ir.PtrType) && t.Bits <= 64:
			if len(a.gp) < vaGPRegs {
				a.gp = append(a.gp, w)
			} else {
				putOver(w, 8, 8)
			}
		case t.Kind == ir.IntType && t.Bits <= 128:
			if len(a.gp)+2 <= vaGPRegs {
				a.gp = append(a.gp, arith.Word{Lo: w.Lo}, arith.Word{Lo: w.Hi})
			} else {
				putOver(w, 16, 16)
			}
		case t.Kind == ir.FloatType && t.FK != arith.F80:
			if nsse < vaSSERegs {
				a.sse = append(a.sse, w)
				nsse++
			} else {
				putOver(w, 8, 8)
			}
		case t.Kind == ir.FloatType:
			putOver(w, 16, 16)
		default:
			return nil, errors.New("variadic arguments of type " + t.String() + " are not supported")
		}
	}
	a.nGP = len(a.gp)
	return a, nil
}

// load reads a program va_list.
func (a *vaArgs) load() *memory.Fault {
	b, f := a.s.Mem.Read(a.list, 24)
	if f != nil {
		return f
	}
	w := ir.GetWord(b[0:8])
	a.gpOff = w.Lo & 0xffffffff
	a.fpOff = w.Lo >> 32
	a.overAddr = ir.GetWord(b[8:16]).Lo
	a.regSave = ir.GetWord(b[16:24]).Lo
	return nil
}

// store writes the advanced va_list back, as glibc's va_arg calls leave
// it in the caller's va_list.
func (a *vaArgs) store() *memory.Fault {
	if f := a.s.Mem.Store(a.list, 8, arith.Word{Lo: a.gpOff | a.fpOff<<32}); f != nil {
		return f
	}
	return a.s.Mem.Store(a.list+8, 8, arith.Word{Lo: a.overAddr})
}

// overflow reads the next size-byte stack argument aligned to align.
func (a *vaArgs) overflow(size, align uint64) (arith.Word, error) {
	if a.list != 0 {
		addr := (a.overAddr + align - 1) &^ (align - 1)
		w, f := a.s.Mem.Load(addr, size)
		if f != nil {
			return arith.Word{}, f
		}
		a.overAddr = addr + size
		return w, nil
	}
	pos := (a.overPos + align - 1) &^ (align - 1)
	if pos+size > uint64(len(a.over)) {
		return arith.Word{}, errMissingArg
	}
	a.overPos = pos + size
	return ir.GetWord(a.over[pos : pos+size]), nil
}

// int reads an integer-class argument (va_arg(ap, long) and narrower).
func (a *vaArgs) int() (uint64, error) {
	if a.gpOff < vaGPEnd {
		off := a.gpOff
		a.gpOff += 8
		if a.list != 0 {
			w, f := a.s.Mem.Load(a.regSave+off, 8)
			if f != nil {
				return 0, f
			}
			return w.Lo, nil
		}
		if i := int(off / 8); i < a.nGP {
			return a.gp[i].Lo, nil
		}
		return 0, errMissingArg
	}
	w, err := a.overflow(8, 8)
	return w.Lo, err
}

// double reads va_arg(ap, double).
func (a *vaArgs) double() (uint64, error) {
	if a.fpOff < vaFPEnd {
		off := a.fpOff
		a.fpOff += 16
		if a.list != 0 {
			w, f := a.s.Mem.Load(a.regSave+off, 8)
			if f != nil {
				return 0, f
			}
			return w.Lo, nil
		}
		if i := int((off - vaGPEnd) / 16); i < len(a.sse) {
			return a.sse[i].Lo, nil
		}
		return 0, errMissingArg
	}
	w, err := a.overflow(8, 8)
	return w.Lo, err
}

// longDouble reads va_arg(ap, long double): always from the stack area.
func (a *vaArgs) longDouble() (arith.Word, error) {
	w, err := a.overflow(16, 16)
	w.Hi &= 0xffff
	return w, err
}

// ---------------------------------------------------------------------------
// Format strings.

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

// markOutputOnly flags the models whose only effect is output: their
// symbolic numeric arguments are printed as one example value without
// constraining the path (so printing a value never loses paths).
func markOutputOnly() {
	for _, n := range []string{"printf", "fprintf", "dprintf", "vprintf", "vfprintf", "vdprintf",
		"__printf_chk", "__fprintf_chk", "__dprintf_chk", "__vprintf_chk", "__vfprintf_chk", "__vdprintf_chk",
		"puts", "puts_unlocked", "putchar", "putchar_unlocked", "fputs", "fputs_unlocked", "fputc", "putc",
		"fputc_unlocked", "putc_unlocked", "fwrite", "fwrite_unlocked"} {
		if b := builtinTable[n]; b != nil {
			b.OutputOnly = true
		}
	}
}
