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
}
