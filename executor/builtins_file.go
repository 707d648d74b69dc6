package executor

import (
	"errors"
	"os"
	"strings"
	"syscall"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/memory"
	"github.com/floatsym/floatsym/solver/expr"
)

// Files through <stdio.h> and the POSIX calls: fopen/fdopen/fclose/fileno,
// fread, fgetc/getc/getchar/ungetc, fgets, getline/getdelim,
// fseek/ftell/rewind, feof/ferror/clearerr, open/read/write/close/lseek,
// stat/fstat/lstat. They work on the per-state file system (fs.go): host
// files are read, never written; what the program writes stays on its
// path. Symbolic files (--sym-files, --sym-stdin) are read through the same
// calls: fgetc, fread and read return their symbolic bytes, fgets and
// getline fork on the end-of-line test, and the formatted input of the
// scanf family fixes the bytes it examines to one feasible value.

// errno values (x86_64 Linux).
const (
	errnoENOENT = 2
	errnoEBADF  = 9
	errnoEACCES = 13
	errnoEISDIR = 21
	errnoESPIPE = 29
)

const eof = 0xffffffff // EOF as a 32-bit int

// errnoOf maps a host error to its errno value.
func errnoOf(err error) int {
	var en syscall.Errno
	if errors.As(err, &en) {
		return int(en)
	}
	if errors.Is(err, os.ErrNotExist) {
		return errnoENOENT
	}
	return errnoEACCES
}

// open flags (x86_64 Linux).
const (
	oAccMode = 3
	oWrOnly  = 1
	oRdWr    = 2
	oCreat   = 0o100
	oExcl    = 0o200
	oTrunc   = 0o1000
	oAppend  = 0o2000
)

func registerFileBuiltins() {
	for _, n := range []string{"fopen", "fopen64"} {
		register(n, 2, biFopen)
	}
	register("fdopen", 2, biFdopen)
	register("fclose", 1, biFclose)
	for _, n := range []string{"fileno", "fileno_unlocked"} {
		register(n, 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			fd, _, t := e.stream(s, c, c.U64(0))
			if t != nil {
				return Value{}, t
			}
			return retU64(uint64(fd))
		})
	}
	for _, n := range []string{"fread", "fread_unlocked"} {
		register(n, 4, biFread)
	}
	for _, n := range []string{"fgetc", "getc", "_IO_getc", "fgetc_unlocked", "getc_unlocked"} {
		register(n, 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			return e.getc(s, c, c.U64(0))
		})
	}
	for _, n := range []string{"getchar", "getchar_unlocked"} {
		register(n, 0, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			return e.getc(s, c, e.streams[0])
		})
	}
	register("ungetc", 2, biUngetc)
	for _, n := range []string{"fgets", "fgets_unlocked"} {
		register(n, 3, biFgets)
	}
	register("getline", 3, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return e.getdelim(s, c, Value{W: arith.Word{Lo: '\n'}}, c.U64(2))
	})
	// __getdelim: glibc's name, called by <stdio.h>'s inline getline when
	// optimising (libc survey: spline).
	for _, n := range []string{"getdelim", "__getdelim"} {
		register(n, 4, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			return e.getdelim(s, c, c.Args[2], c.U64(3))
		})
	}
	for _, n := range []string{"fseek", "fseeko", "fseeko64"} {
		register(n, 3, biFseek)
	}
	for _, n := range []string{"ftell", "ftello", "ftello64"} {
		register(n, 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			_, f, t := e.stream(s, c, c.U64(0))
			if t != nil {
				return Value{}, t
			}
			if f.out != 0 {
				e.setErrno(s, errnoESPIPE)
				return retU64(^uint64(0))
			}
			return retU64(f.off - uint64(len(f.unget)))
		})
	}
	register("rewind", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		_, f, t := e.streamW(s, c, c.U64(0))
		if t != nil {
			return Value{}, t
		}
		f.off, f.unget, f.eof, f.err = 0, nil, false, false
		return Value{}, nil
	})
	for _, n := range []string{"feof", "feof_unlocked", "ferror", "ferror_unlocked"} {
		isEOF := strings.HasPrefix(n, "feof")
		register(n, 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			_, f, t := e.stream(s, c, c.U64(0))
			if t != nil {
				return Value{}, t
			}
			return retU64(uint64(arith.Bool(isEOF && f.eof || !isEOF && f.err).Lo))
		})
	}
	for _, n := range []string{"clearerr", "clearerr_unlocked"} {
		register(n, 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			_, f, t := e.streamW(s, c, c.U64(0))
			if t != nil {
				return Value{}, t
			}
			f.eof, f.err = false, false
			return Value{}, nil
		})
	}
	for _, n := range []string{"open", "open64"} {
		register(n, 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			return e.open(s, c, c.U64(0), int(c.U64(1)))
		})
	}
	for _, n := range []string{"read", "__read_chk"} {
		register(n, 3, biRead)
	}
	register("write", 3, biWrite)
	register("close", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		fs := e.filesW(s)
		n := int64(int32(c.U64(0)))
		f := fs.fd(n)
		if f == nil {
			e.setErrno(s, errnoEBADF)
			return retU64(eof)
		}
		if f.stream != 0 {
			delete(fs.streams, f.stream)
		}
		fs.fds[n] = nil
		return retU64(0)
	})
	for _, n := range []string{"lseek", "lseek64"} {
		register(n, 3, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			fs := e.filesW(s)
			f := fs.fd(int64(int32(c.U64(0))))
			if f == nil {
				e.setErrno(s, errnoEBADF)
				return retU64(^uint64(0))
			}
			pos, errno := e.seek(f, int64(c.U64(1)), int(int32(c.U64(2))))
			if errno != 0 {
				e.setErrno(s, errno)
				return retU64(^uint64(0))
			}
			return retU64(pos)
		})
	}
	stat := func(ver bool, byFD, follow bool) BuiltinFn {
		return func(e *Executor, s *State, c *Call) (Value, *Termination) {
			a := 0
			if ver {
				a = 1
			}
			return e.stat(s, c, c.Args[a], c.U64(a+1), byFD, follow)
		}
	}
	for _, n := range []string{"stat", "stat64"} {
		register(n, 2, stat(false, false, true))
	}
	for _, n := range []string{"lstat", "lstat64"} {
		register(n, 2, stat(false, false, false))
	}
	for _, n := range []string{"fstat", "fstat64"} {
		register(n, 2, stat(false, true, true))
	}
	// remove/unlink delete the file on this path only (the host's file
	// stays).
	for _, n := range []string{"remove", "unlink"} {
		register(n, 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			path, f := readCString(s, c.U64(0), -1)
			if f != nil {
				return e.fault(s, c, f)
			}
			fs := e.filesW(s)
			if _, errno := e.lookupNode(fs, string(path)); errno != 0 {
				e.setErrno(s, errno)
				return retU64(eof)
			}
			fs.nodes[cleanName(string(path))] = nil
			return retU64(0)
		})
	}
	register("__xstat", 3, stat(true, false, true))
	register("__xstat64", 3, stat(true, false, true))
	register("__lxstat", 3, stat(true, false, false))
	register("__lxstat64", 3, stat(true, false, false))
	register("__fxstat", 3, stat(true, true, true))
	register("__fxstat64", 3, stat(true, true, true))
}

// stream finds the descriptor of an open FILE *.
func (e *Executor) stream(s *State, c *Call, fp uint64) (int, *openFile, *Termination) {
	fs := e.files(s)
	if fd, ok := fs.streams[fp]; ok {
		return fd, fs.fds[fd], nil
	}
	_, t := e.errorf(s, c, TermModel, "%s: %#x is not an open stream", c.Fn.Name, fp)
	return 0, nil, t
}

// streamW is stream for a call that changes the stream's state.
func (e *Executor) streamW(s *State, c *Call, fp uint64) (int, *openFile, *Termination) {
	if _, _, t := e.stream(s, c, fp); t != nil {
		return 0, nil, t
	}
	fs := e.filesW(s)
	fd := fs.streams[fp]
	return fd, fs.fds[fd], nil
}

// parseMode turns an fopen mode into open flags.
func parseMode(mode string) (int, bool) {
	if mode == "" {
		return 0, false
	}
	var flags int
	switch mode[0] {
	case 'r':
	case 'w':
		flags = oWrOnly | oCreat | oTrunc
	case 'a':
		flags = oWrOnly | oCreat | oAppend
	default:
		return 0, false
	}
	for _, ch := range mode[1:] {
		switch ch {
		case '+':
			flags = flags&^oAccMode | oRdWr
		case 'x':
			flags |= oExcl
		}
	}
	return flags, true
}

// openNode opens path with open(2) flags on the state's file system.
func (e *Executor) openNode(s *State, path string, flags int) (*openFile, int) {
	fs := e.filesW(s)
	name := cleanName(path)
	if name == "" {
		return nil, errnoENOENT
	}
	n, errno := e.lookupNode(fs, name)
	switch {
	case errno == errnoENOENT && flags&oCreat != 0:
		n = &fileNode{name: name}
		fs.nodes[name] = n
	case errno != 0:
		return nil, errno
	case flags&oCreat != 0 && flags&oExcl != 0:
		return nil, 17 // EEXIST
	case flags&oTrunc != 0 && flags&oAccMode != 0:
		// A new node: other descriptors of the old contents keep them.
		n = &fileNode{name: name}
		fs.nodes[name] = n
	}
	acc := flags & oAccMode
	f := &openFile{node: n, read: acc != oWrOnly, write: acc != 0, appendMode: flags&oAppend != 0}
	return f, 0
}

func biFopen(e *Executor, s *State, c *Call) (Value, *Termination) {
	path, f := readCString(s, c.U64(0), -1)
	if f != nil {
		return e.fault(s, c, f)
	}
	mode, f := readCString(s, c.U64(1), -1)
	if f != nil {
		return e.fault(s, c, f)
	}
	flags, ok := parseMode(string(mode))
	if !ok {
		e.setErrno(s, errnoEINVAL)
		return retU64(0)
	}
	of, errno := e.openNode(s, string(path), flags)
	if errno != 0 {
		e.setErrno(s, errno)
		return retU64(0)
	}
	return e.newStream(s, c, of)
}

// newStream gives an open descriptor a FILE object.
func (e *Executor) newStream(s *State, c *Call, of *openFile) (Value, *Termination) {
	o, err := s.Mem.Alloc(memory.Special, fileObjectSize, "FILE")
	if err != nil {
		return e.errorf(s, c, TermExec, "%s: %v", c.Fn.Name, err)
	}
	fs := e.filesW(s)
	of.stream = o.Address()
	fd := fs.allocFD(of)
	fs.streams[of.stream] = fd
	return retU64(of.stream)
}

func biFdopen(e *Executor, s *State, c *Call) (Value, *Termination) {
	mode, f := readCString(s, c.U64(1), -1)
	if f != nil {
		return e.fault(s, c, f)
	}
	if _, ok := parseMode(string(mode)); !ok {
		e.setErrno(s, errnoEINVAL)
		return retU64(0)
	}
	fs := e.filesW(s)
	fd := int64(int32(c.U64(0)))
	of := fs.fd(fd)
	if of == nil {
		e.setErrno(s, errnoEBADF)
		return retU64(0)
	}
	if of.stream != 0 {
		// glibc makes a second FILE on the same descriptor; both share
		// the offset here, which only matters when both are used.
		return retU64(of.stream)
	}
	o, err := s.Mem.Alloc(memory.Special, fileObjectSize, "FILE")
	if err != nil {
		return e.errorf(s, c, TermExec, "fdopen: %v", err)
	}
	of.stream = o.Address()
	fs.streams[of.stream] = int(fd)
	return retU64(of.stream)
}

func biFclose(e *Executor, s *State, c *Call) (Value, *Termination) {
	fd, _, t := e.stream(s, c, c.U64(0))
	if t != nil {
		return Value{}, t
	}
	fs := e.filesW(s)
	delete(fs.streams, c.U64(0))
	fs.fds[fd] = nil
	if fd > 2 {
		if o := s.Mem.ObjectAt(c.U64(0)); o != nil {
			s.Mem.Kill(o.ID)
		}
	}
	return retU64(0)
}

// readByte takes the next byte of a readable descriptor: ok is false at
// the end of the file or on an error (the stream's flags are set).
func (e *Executor) readByte(s *State, f *openFile) (Value, bool, *memory.Fault) {
	if n := len(f.unget); n > 0 {
		b := f.unget[n-1]
		f.unget = f.unget[:n-1]
		return Value{W: arith.Word{Lo: uint64(b)}}, true, nil
	}
	if f.node == nil || !f.read {
		f.err = true
		return Value{}, false, nil
	}
	v, ok, flt := e.nodeByte(s, f.node, f.off)
	if flt != nil {
		return Value{}, false, flt
	}
	if !ok {
		f.eof = true
		return Value{}, false, nil
	}
	f.off++
	return v, true, nil
}

// getc is fgetc: the byte as an int, or EOF.
func (e *Executor) getc(s *State, c *Call, fp uint64) (Value, *Termination) {
	_, f, t := e.streamW(s, c, fp)
	if t != nil {
		return Value{}, t
	}
	v, ok, flt := e.readByte(s, f)
	if flt != nil {
		return e.fault(s, c, flt)
	}
	if !ok {
		return retU64(eof)
	}
	if v.E != nil {
		return Value{E: e.B.ZExt(v.E, 32)}, nil
	}
	return v, nil
}

func biUngetc(e *Executor, s *State, c *Call) (Value, *Termination) {
	ch := c.U64(0) & 0xffffffff
	_, f, t := e.streamW(s, c, c.U64(1))
	if t != nil {
		return Value{}, t
	}
	if ch == eof {
		return retU64(eof)
	}
	f.unget = append(f.unget, byte(ch))
	f.eof = false
	return retU64(ch & 0xff)
}

func biFread(e *Executor, s *State, c *Call) (Value, *Termination) {
	size, n := c.U64(1), c.U64(2)
	_, f, t := e.streamW(s, c, c.U64(3))
	if t != nil {
		return Value{}, t
	}
	if size == 0 || n == 0 {
		return retU64(0)
	}
	total := size * n
	if total/size != n {
		return e.errorf(s, c, TermModel, "fread: size %d * count %d overflows", size, n)
	}
	dst := c.U64(0)
	if flt := checkRange(s, dst, total); flt != nil {
		return e.fault(s, c, flt)
	}
	got := f.drainUnget(s, dst, total)
	if f.node == nil || !f.read {
		f.err = true
		return retU64(got / size)
	}
	k, flt := e.readNode(s, f.node, f.off, dst+got, total-got)
	if flt != nil {
		return e.fault(s, c, flt)
	}
	f.off += k
	got += k
	if got < total {
		f.eof = true
	}
	return retU64(got / size)
}

// biFgets reads a line. A symbolic byte forks: one path where it is the
// newline (the line ends there) and one where it is not.
func biFgets(e *Executor, s *State, c *Call) (Value, *Termination) {
	buf, max, fp := c.U64(0), int64(int32(c.U64(1))), c.U64(2)
	fd, _, t := e.streamW(s, c, fp)
	if t != nil {
		return Value{}, t
	}
	if max <= 0 {
		return retU64(0)
	}
	if flt := checkRange(s, buf, uint64(max)); flt != nil {
		return e.fault(s, c, flt)
	}
	return e.readLine(s, c, fd, buf, uint64(max-1), Value{W: arith.Word{Lo: '\n'}}, func(st *State, n uint64) Value {
		if n == 0 {
			return Value{W: arith.Word{Lo: 0}}
		}
		st.Mem.Store(buf+n, 1, arith.Word{})
		return Value{W: arith.Word{Lo: buf}}
	})
}

// readLine copies bytes of descriptor fd to dst until delim (included) or
// limit bytes, forking on symbolic bytes; done makes each ending state's
// result from the number of bytes copied.
func (e *Executor) readLine(s *State, c *Call, fd int, dst, limit uint64, delim Value, done func(*State, uint64) Value) (Value, *Termination) {
	cur := s
	var n uint64
	for n < limit {
		f := e.filesW(cur).fds[fd]
		v, ok, flt := e.readByte(cur, f)
		if flt != nil {
			return Value{}, e.finishOr(s, cur, e.memFault(cur, c.Inst, flt))
		}
		if !ok {
			break
		}
		if v.E != nil {
			if f := cur.Mem.StoreExpr(dst+n, 1, v.E); f != nil {
				return Value{}, e.finishOr(s, cur, e.memFault(cur, c.Inst, f))
			}
		} else if f := cur.Mem.Store(dst+n, 1, v.W); f != nil {
			return Value{}, e.finishOr(s, cur, e.memFault(cur, c.Inst, f))
		}
		n++
		var isDelim *expr.Expr
		if v.E == nil && delim.E == nil {
			if byte(v.W.Lo) == byte(delim.W.Lo) {
				break
			}
			continue
		}
		isDelim = e.B.Eq(e.byteExpr(v), e.byteExpr(delim))
		tr, fa, term := e.fork(cur, c.Inst, isDelim)
		if term != nil {
			return Value{}, e.finishOr(s, cur, term)
		}
		if tr != nil {
			e.setResult(s, tr, c, done(tr, n))
		}
		if fa == nil {
			return Value{}, nil
		}
		cur = fa
	}
	e.setResult(s, cur, c, done(cur, n))
	return Value{}, nil
}

// byteExpr is the low byte of a value as an 8-bit expression.
func (e *Executor) byteExpr(v Value) *expr.Expr {
	if v.E == nil {
		return e.B.U64(v.W.Lo&0xff, 8)
	}
	if v.E.Width() == 8 {
		return v.E
	}
	return e.B.Extract(v.E, 0, 8)
}

// checkRange reports a fault when [addr, addr+n) is not inside one live
// object, without touching its contents.
func checkRange(s *State, addr, n uint64) *memory.Fault {
	_, f := s.Mem.SymbolicBytes(addr, n)
	return f
}

// getdelim reads a line into a malloc'd buffer (*lineptr, *n), growing it
// as glibc does; it returns the length or -1 at the end of the file.
func (e *Executor) getdelim(s *State, c *Call, delim Value, fp uint64) (Value, *Termination) {
	fd, f, t := e.streamW(s, c, fp)
	if t != nil {
		return Value{}, t
	}
	// Bound the line by what is left of the file (and the pushed-back bytes).
	left := uint64(len(f.unget))
	if f.node != nil {
		if sz := e.nodeSize(f.node); sz > f.off {
			left += sz - f.off
		}
	}
	lineptr, np := c.U64(0), c.U64(1)
	p, flt := s.Mem.Load(lineptr, 8)
	if flt != nil {
		return e.fault(s, c, flt)
	}
	capw, flt := s.Mem.Load(np, 8)
	if flt != nil {
		return e.fault(s, c, flt)
	}
	need := left + 1
	if p.Lo == 0 || capw.Lo < need {
		size := max(need, 120)
		v, t := e.malloc(s, c, size, "getline")
		if t != nil {
			return v, t
		}
		if p.Lo != 0 {
			if capw.Lo > 0 {
				if f := s.Mem.Copy(v.W.Lo, p.Lo, min(capw.Lo, size)); f != nil {
					return e.fault(s, c, f)
				}
			}
			if f := s.Mem.Free(p.Lo); f != nil {
				return e.fault(s, c, f)
			}
		}
		p = v.W
		s.Mem.Store(lineptr, 8, p)
		s.Mem.Store(np, 8, arith.Word{Lo: size})
	}
	buf := p.Lo
	return e.readLine(s, c, fd, buf, left, delim, func(st *State, n uint64) Value {
		if n == 0 {
			return Value{W: arith.Word{Lo: ^uint64(0)}}
		}
		st.Mem.Store(buf+n, 1, arith.Word{})
		return Value{W: arith.Word{Lo: n}}
	})
}

// seek moves a descriptor's offset (whence: SEEK_SET, SEEK_CUR, SEEK_END).
func (e *Executor) seek(f *openFile, off int64, whence int) (uint64, int) {
	if f.out != 0 {
		return 0, errnoESPIPE
	}
	var base int64
	switch whence {
	case 0:
	case 1:
		base = int64(f.off) - int64(len(f.unget))
	case 2:
		base = int64(e.nodeSize(f.node))
	default:
		return 0, errnoEINVAL
	}
	pos := base + off
	if pos < 0 {
		return 0, errnoEINVAL
	}
	f.off, f.unget, f.eof = uint64(pos), nil, false
	return uint64(pos), 0
}

func biFseek(e *Executor, s *State, c *Call) (Value, *Termination) {
	_, f, t := e.streamW(s, c, c.U64(0))
	if t != nil {
		return Value{}, t
	}
	if _, errno := e.seek(f, int64(c.U64(1)), int(int32(c.U64(2)))); errno != 0 {
		e.setErrno(s, errno)
		return retU64(eof)
	}
	return retU64(0)
}

// open(path, flags[, mode]).
func (e *Executor) open(s *State, c *Call, pathAddr uint64, flags int) (Value, *Termination) {
	path, f := readCString(s, pathAddr, -1)
	if f != nil {
		return e.fault(s, c, f)
	}
	of, errno := e.openNode(s, string(path), flags)
	if errno != 0 {
		e.setErrno(s, errno)
		return retU64(eof)
	}
	return retU64(uint64(e.filesW(s).allocFD(of)))
}

func biRead(e *Executor, s *State, c *Call) (Value, *Termination) {
	fs := e.filesW(s)
	f := fs.fd(int64(int32(c.U64(0))))
	if f == nil || !f.read || f.node == nil {
		e.setErrno(s, errnoEBADF)
		return retU64(^uint64(0))
	}
	dst, n := c.U64(1), c.U64(2)
	if n == 0 {
		return retU64(0)
	}
	if flt := checkRange(s, dst, n); flt != nil {
		return e.fault(s, c, flt)
	}
	got := f.drainUnget(s, dst, n)
	k, flt := e.readNode(s, f.node, f.off, dst+got, n-got)
	if flt != nil {
		return e.fault(s, c, flt)
	}
	f.off += k
	return retU64(got + k)
}

func biWrite(e *Executor, s *State, c *Call) (Value, *Termination) {
	fd := int(int32(c.U64(0)))
	f := e.files(s).fd(int64(fd))
	if f == nil || !f.write {
		e.setErrno(s, errnoEBADF)
		return retU64(^uint64(0))
	}
	n := c.U64(2)
	if n == 0 {
		return retU64(0)
	}
	data, flt := s.Mem.Read(c.U64(1), n)
	if flt != nil {
		return e.fault(s, c, flt)
	}
	if _, err := (fileWriter{e: e, s: s, fd: fd}).Write(data); err != nil {
		return e.errorf(s, c, TermModel, "write: %v", err)
	}
	return retU64(n)
}

// stat fills a struct stat for a path (or descriptor): files of the state
// get a regular file's stat with their current size; other paths the
// host's stat.
func (e *Executor) stat(s *State, c *Call, target Value, buf uint64, byFD, follow bool) (Value, *Termination) {
	fs := e.files(s)
	var n *fileNode
	var host string
	if byFD {
		f := fs.fd(int64(int32(target.W.Lo)))
		if f == nil {
			e.setErrno(s, errnoEBADF)
			return retU64(eof)
		}
		if f.node == nil {
			b, flt := s.Mem.Write(buf, statSize)
			if flt != nil {
				return e.fault(s, c, flt)
			}
			fillStat(b, 0o20620, 0) // a character device, as a terminal
			return retU64(0)
		}
		n = f.node
	} else {
		path, flt := readCString(s, target.W.Lo, -1)
		if flt != nil {
			return e.fault(s, c, flt)
		}
		if nd, ok := fs.nodes[cleanName(string(path))]; ok {
			if nd == nil {
				e.setErrno(s, errnoENOENT)
				return retU64(eof)
			}
			n = nd
		} else {
			host = string(path)
		}
	}
	b, flt := s.Mem.Write(buf, statSize)
	if flt != nil {
		return e.fault(s, c, flt)
	}
	if n != nil {
		fillStat(b, 0o100644, e.nodeSize(n))
		return retU64(0)
	}
	var st syscall.Stat_t
	var err error
	if follow {
		err = syscall.Stat(host, &st)
	} else {
		err = syscall.Lstat(host, &st)
	}
	if err != nil {
		e.setErrno(s, errnoOf(err))
		return retU64(eof)
	}
	clear(b)
	putLE(b[0:8], st.Dev)
	putLE(b[8:16], st.Ino)
	putLE(b[16:24], st.Nlink)
	putLE(b[24:28], uint64(st.Mode))
	putLE(b[28:32], uint64(st.Uid))
	putLE(b[32:36], uint64(st.Gid))
	putLE(b[40:48], st.Rdev)
	putLE(b[48:56], uint64(st.Size))
	putLE(b[56:64], uint64(st.Blksize))
	putLE(b[64:72], uint64(st.Blocks))
	putLE(b[72:80], uint64(st.Atim.Sec))
	putLE(b[80:88], uint64(st.Atim.Nsec))
	putLE(b[88:96], uint64(st.Mtim.Sec))
	putLE(b[96:104], uint64(st.Mtim.Nsec))
	putLE(b[104:112], uint64(st.Ctim.Sec))
	putLE(b[112:120], uint64(st.Ctim.Nsec))
	return retU64(0)
}
