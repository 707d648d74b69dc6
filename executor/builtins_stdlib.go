package executor

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/hostc"
	"github.com/floatsym/floatsym/memory"
)

// <stdlib.h> functions that need the host C library: strtod, strtof,
// strtold and atof parse with glibc's own code under the path's rounding
// mode (the correctly rounded result depends on it), store *endptr, and set
// errno = ERANGE on overflow and underflow as glibc does.
//
// getenv reads the run's environment (Config.Env): it is part of the
// command line, not of a test case, and the native replay gets the same.
//
// The integer conversions (strtol, atoi, ...), qsort, bsearch, abs/div and
// rand/srand/random/srandom/rand_r are C code in crt/libc (linked into the
// program, so they work on symbolic data and their state is program memory
// that forks with the path).

const errnoERANGE = 34

func registerStdlibBuiltins() {
	strto := func(name string, k arith.Kind, endArg bool) {
		min := 1
		if endArg {
			min = 2
		}
		register(name, min, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			p := c.U64(0)
			str, f := readCString(s, p, -1)
			if f != nil {
				// No NUL before the object's end: glibc stops at the first
				// byte that cannot continue the number, so this is only an
				// error if the number runs up to the end.
				if f.Kind != memory.OutOfBounds {
					return e.fault(s, c, f)
				}
				rest, f2 := objectTail(s, p)
				if f2 != nil {
					return e.fault(s, c, f2)
				}
				if _, n, _ := hostc.Strto(k, s.RM, string(rest)); n == len(rest) {
					return e.fault(s, c, f)
				}
				str = rest
			}
			w, n, erange := hostc.Strto(k, s.RM, string(str))
			if endArg {
				if end := c.U64(1); end != 0 {
					if f := s.Mem.Store(end, 8, arith.Word{Lo: p + uint64(n)}); f != nil {
						return e.fault(s, c, f)
					}
				}
			}
			if erange {
				e.setErrno(s, errnoERANGE)
			}
			return ret(w)
		})
	}
	strto("strtod", arith.F64, true)
	strto("strtof", arith.F32, true)
	strto("strtold", arith.F80, true)
	// glibc's internal entry points of old <stdlib.h> inline versions
	// (the extra group argument is 0).
	strto("__strtod_internal", arith.F64, true)
	strto("__strtof_internal", arith.F32, true)
	strto("__strtold_internal", arith.F80, true)
	strto("atof", arith.F64, false)

	getenv := func(e *Executor, s *State, c *Call) (Value, *Termination) {
		name, f := readCString(s, c.U64(0), -1)
		if f != nil {
			return e.fault(s, c, f)
		}
		val, ok := lookupEnv(e.cfg.Env, string(name))
		if !ok {
			return retU64(0)
		}
		p, err := e.cString(s, val, "getenv "+string(name))
		if err != nil {
			return e.errorf(s, c, TermExec, "getenv: %v", err)
		}
		return retU64(p)
	}
	register("getenv", 1, getenv)
	register("secure_getenv", 1, getenv)
}

// objectTail returns the bytes from addr to the end of its object.
func objectTail(s *State, addr uint64) ([]byte, *memory.Fault) {
	if _, f := s.Mem.Read(addr, 1); f != nil {
		return nil, f
	}
	id, off := memory.Split(addr)
	return s.Mem.Read(addr, s.Mem.Object(id).Size-off)
}

// lookupEnv finds NAME in a NAME=VALUE list (the last definition wins, as
// the CLI appends --env definitions after the inherited ones).
func lookupEnv(env []string, name string) (string, bool) {
	for i := len(env) - 1; i >= 0; i-- {
		kv := env[i]
		if len(kv) > len(name) && kv[len(name)] == '=' && kv[:len(name)] == name {
			return kv[len(name)+1:], true
		}
	}
	return "", false
}
