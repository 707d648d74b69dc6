package executor

import (
	"github.com/floatsym/floatsym/memory"
)

// strtod, strtof, strtold and atof are C code (crt/libc/strtod.c,
// correctly rounded in the path's rounding mode as glibc is), so a
// symbolic string is parsed symbolically.
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
	getenv := func(e *Executor, s *State, c *Call) (Value, *Termination) {
		name, f := readCString(s, c.U64(0), -1)
		if f != nil {
			return e.fault(s, c, f)
		}
		val, ok := lookupEnv(e.cfg.Env, string(name))
		if v, set := s.procR().env[string(name)]; set {
			val, ok = v.val, !v.unset
		}
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
	// setenv/unsetenv change the path's environment (libc survey: units);
	// a name with '=' or empty is EINVAL, as in glibc.
	envName := func(e *Executor, s *State, c *Call) (string, bool, *Termination) {
		name, f := readCString(s, c.U64(0), -1)
		if f != nil {
			_, t := e.fault(s, c, f)
			return "", false, t
		}
		for _, b := range name {
			if b == '=' {
				return "", false, nil
			}
		}
		return string(name), len(name) > 0, nil
	}
	register("setenv", 3, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		name, ok, t := envName(e, s, c)
		if t != nil {
			return Value{}, t
		}
		if !ok {
			e.setErrno(s, einval)
			return retU64(uint64(0xFFFFFFFF))
		}
		val, f := readCString(s, c.U64(1), -1)
		if f != nil {
			return e.fault(s, c, f)
		}
		_, exists := lookupEnv(e.cfg.Env, name)
		if v, set := s.procR().env[name]; set {
			exists = !v.unset
		}
		if exists && uint32(c.U64(2)) == 0 {
			return retU64(0)
		}
		p := s.procW()
		if p.env == nil {
			p.env = map[string]envValue{}
		}
		p.env[name] = envValue{val: string(val)}
		return retU64(0)
	})
	register("unsetenv", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		name, ok, t := envName(e, s, c)
		if t != nil {
			return Value{}, t
		}
		if !ok {
			e.setErrno(s, einval)
			return retU64(uint64(0xFFFFFFFF))
		}
		p := s.procW()
		if p.env == nil {
			p.env = map[string]envValue{}
		}
		p.env[name] = envValue{unset: true}
		return retU64(0)
	})
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
