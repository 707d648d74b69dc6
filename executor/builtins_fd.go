package executor

// Descriptor operations beyond open/read/write/close (builtins_file.go):
// fcntl's descriptor and status flags, and dup, which the survey's
// programs call (mawk: close-on-exec before running commands, dup in the
// child of a fork that floatsym never makes).
//
// Descriptors duplicated by dup or F_DUPFD share one offset with the
// original; the per-path file system (fs.go) keeps one offset per
// descriptor, so a duplicate is not modelled: the path ends with an
// error naming the call, never with two offsets where the native
// program has one.

const (
	fcntlDupFD        = 0
	fcntlGetFD        = 1
	fcntlSetFD        = 2
	fcntlGetFL        = 3
	fcntlSetFL        = 4
	fcntlDupFDCloexec = 1030
)

func registerFdBuiltins() {
	register("fcntl", 2, biFcntl)
	register("fcntl64", 2, biFcntl)
	for _, n := range []string{"dup", "dup2", "dup3"} {
		n := n
		register(n, 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			if e.files(s).fd(int64(int32(c.U64(0)))) == nil {
				e.setErrno(s, errnoEBADF)
				return retU64(eof)
			}
			return e.errorf(s, c, TermModel, "%s: duplicated descriptors (one shared offset) are not modelled", n)
		})
	}
}

func biFcntl(e *Executor, s *State, c *Call) (Value, *Termination) {
	n := int64(int32(c.U64(0)))
	cmd := int32(c.U64(1))
	if e.files(s).fd(n) == nil {
		e.setErrno(s, errnoEBADF)
		return retU64(eof)
	}
	arg := uint64(0)
	if len(c.Args) > 2 {
		arg = c.U64(2)
	}
	switch cmd {
	case fcntlGetFD:
		if e.files(s).fd(n).cloexec {
			return retU64(1)
		}
		return retU64(0)
	case fcntlSetFD:
		e.filesW(s).fd(n).cloexec = arg&1 != 0
		return retU64(0)
	case fcntlGetFL:
		f := e.files(s).fd(n)
		fl := uint64(0)
		switch {
		case f.read && f.write:
			fl = oRdWr
		case f.write:
			fl = oWrOnly
		}
		if f.appendMode {
			fl |= oAppend
		}
		return retU64(fl)
	case fcntlSetFL:
		// Of the flags F_SETFL may change, floatsym's files honour
		// O_APPEND; O_NONBLOCK, O_ASYNC and O_DIRECT change nothing for
		// them.
		e.filesW(s).fd(n).appendMode = arg&oAppend != 0
		return retU64(0)
	case fcntlDupFD, fcntlDupFDCloexec:
		return e.errorf(s, c, TermModel, "fcntl: F_DUPFD: duplicated descriptors (one shared offset) are not modelled")
	}
	return e.errorf(s, c, TermModel, "fcntl: command %d is not modelled", cmd)
}
