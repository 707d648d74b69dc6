package executor

import (
	"bytes"
	"io"

	"github.com/floatsym/floatsym/internal/hostc"
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

func registerStdioBuiltins() {
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
		fd := int32(c.U64(d.stream))
		if f := e.files(s).fd(int64(fd)); f == nil || !f.write {
			return e.errorf(s, c, TermModel, "%s: file descriptor %d is not open for writing", name, fd)
		}
		w = fileWriter{e: e, s: s, fd: int(fd)}
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
	// A stream the program opened (builtins_file.go).
	if fd, ok := e.files(s).streams[fp]; ok {
		if f := e.files(s).fds[fd]; f.write {
			return fileWriter{e: e, s: s, fd: fd}, nil
		}
		return io.Discard, nil // glibc sets the error flag; nothing is written
	}
	name := "stdio"
	if c.Fn != nil {
		name = c.Fn.Name
	}
	_, t := e.errorf(s, c, TermModel, "%s: %#x is not an open stream", name, fp)
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
			noteLayer(n)
		}
	}
}
