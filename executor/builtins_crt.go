package executor

// Hooks of floatsym's C library (internal/crt/libc): what its C code
// cannot express itself.

func registerCrtHooks() {
	// __floatsym_unsupported(fn, what): the C library met an input it does
	// not model (scanf's positional arguments, wide conversions): the path
	// ends with an error naming the function; terminate reports the
	// program's innermost frame, the call's file:line.
	register("__floatsym_unsupported", 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		fn, f := readCString(s, c.U64(0), 64)
		if f != nil {
			return e.fault(s, c, f)
		}
		what, f := readCString(s, c.U64(1), 256)
		if f != nil {
			return e.fault(s, c, f)
		}
		return e.errorf(s, c, TermModel, "%s: %s", fn, what)
	})
	// __floatsym_progname(): argv[0] as the run gives it to main (glibc's
	// program_invocation_name; err.c takes its last component, as glibc's
	// program_invocation_short_name).
	register("__floatsym_progname", 0, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		name := "prog"
		if len(e.cfg.Args) > 0 {
			name = e.cfg.Args[0]
		}
		p, err := e.cString(s, name, "progname")
		if err != nil {
			return e.errorf(s, c, TermModel, "progname: %v", err)
		}
		return retU64(p)
	})
}
