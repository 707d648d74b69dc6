package executor

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/memory"
)

// plainExternals are external globals that are ordinary zero-initialised
// variables of the C library (glibc's lgamma sets signgam; floatsym's
// models of lgamma run natively, so it stays 0 unless the program writes it).
// environ (mawk's ENVIRON) is set to main's envp by setEnviron.
var plainExternals = map[string]bool{"signgam": true, "environ": true}

// setEnviron points the C library's environ (when the program declares
// it) at the environment vector main receives: the run's environment
// (Config.Env), as glibc's startup code does. setenv/unsetenv do not
// rewrite it (getenv reads the path's environment).
func (e *Executor) setEnviron(s *State, envp uint64) {
	if g, ok := e.m.GlobalByName["environ"]; ok && g.External {
		s.Mem.Store(e.globalAddr[g.Index], 8, arith.Word{Lo: envp})
	}
}

// FILE objects: the program only ever passes their addresses back to the
// modelled stdio functions, which recognise them by identity.
const fileObjectSize = 216 // sizeof(FILE) in glibc

// setupRuntime creates the objects behind modelled external globals
// (stdin, stdout, stderr) and the path's errno.
func (e *Executor) setupRuntime(s *State) error {
	e.externalGlobals = map[string]uint64{}
	for _, name := range []string{"stdin", "stdout", "stderr"} {
		o, err := s.Mem.Alloc(memory.Special, fileObjectSize, name)
		if err != nil {
			return err
		}
		e.externalGlobals[name] = o.Address()
		e.streams = append(e.streams, o.Address())
	}
	o, err := s.Mem.Alloc(memory.Special, 4, "errno")
	if err != nil {
		return err
	}
	s.Errno = o.Address()
	return nil
}

// setErrno stores errno for the path.
func (e *Executor) setErrno(s *State, v int) {
	s.Mem.Store(s.Errno, 4, arith.Word{Lo: uint64(uint32(int32(v)))})
}
