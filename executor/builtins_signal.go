package executor

import (
	"fmt"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/memory"
)

// Signals, as the native process sees them when it signals itself
// (raise, kill(getpid(), s), abort): the path's dispositions decide. With
// SIG_DFL the path ends as the process would: killed by the signal
// (TermSignal, replayed to a native death by the same signal), except
// for the signals whose default action is to ignore them; SIG_IGN
// ignores; a handler is called on the path, and raise returns when it
// does (a handler may longjmp out). Signal masks are not modelled:
// sigprocmask succeeds and delivery is immediate. Signals raised by the
// hardware (a division by zero, a bad access) are reported as those
// errors, not delivered to handlers.

// glibc x86_64 values.
const (
	sigDFL        = 0
	sigIGN        = 1
	sigERR        = ^uint64(0)
	sigABRT       = 6
	sigKILL       = 9
	sigSTOP       = 19
	nSig          = 65
	saSIGINFO     = 4
	saRESETHAND   = 0x80000000
	sigactionSize = 152 // struct sigaction: handler, sa_mask[128], sa_flags, sa_restorer
	einval        = 22
	esrch         = 3
	eperm         = 1
)

// sigNames are the names glibc's strsignal/abbreviations use (x86_64).
var sigNames = [...]string{1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT",
	7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 10: "SIGUSR1", 11: "SIGSEGV", 12: "SIGUSR2", 13: "SIGPIPE",
	14: "SIGALRM", 15: "SIGTERM", 16: "SIGSTKFLT", 17: "SIGCHLD", 18: "SIGCONT", 19: "SIGSTOP",
	20: "SIGTSTP", 21: "SIGTTIN", 22: "SIGTTOU", 23: "SIGURG", 24: "SIGXCPU", 25: "SIGXFSZ",
	26: "SIGVTALRM", 27: "SIGPROF", 28: "SIGWINCH", 29: "SIGIO", 30: "SIGPWR", 31: "SIGSYS"}

// SignalName names signal n ("SIGFPE", or "SIGRT<n>" beyond the classic ones).
func SignalName(n int) string {
	if n > 0 && n < len(sigNames) && sigNames[n] != "" {
		return sigNames[n]
	}
	return fmt.Sprintf("SIG%d", n)
}

// sigDefaultIgnored: signals whose default action is to ignore them.
func sigDefaultIgnored(n int) bool { return n == 17 || n == 18 || n == 23 || n == 28 }

// Pseudo process id and ids of the one modelled process.
const fakePid = 42

type sigDisposition struct {
	handler uint64 // SIG_DFL, SIG_IGN or a function address
	flags   uint64
	mask    [16]uint64 // sa_mask, returned by a later sigaction
}

// procState is a path's process state beyond memory: signal
// dispositions, exit handlers, setjmp contexts. States share it after a
// fork until one of them changes it (procW).
type procState struct {
	owner   int
	sig     [nSig]sigDisposition
	atexit  []exitHandler
	jmps    []jmpContext
	exiting bool
	status  Value // exit status while the exit handlers run
	// env holds setenv/unsetenv changes over the run's environment
	// (builtins_stdlib.go): a value, or unset.
	env map[string]envValue
}

type envValue struct {
	val   string
	unset bool
}

// procR returns the path's process state for reading.
func (s *State) procR() *procState {
	if s.proc == nil {
		return &procState{}
	}
	return s.proc
}

// procW returns the path's process state for writing, copying a shared one.
func (s *State) procW() *procState {
	switch {
	case s.proc == nil:
		s.proc = &procState{owner: s.ID}
	case s.proc.owner != s.ID:
		c := *s.proc
		c.owner = s.ID
		c.atexit = append([]exitHandler(nil), s.proc.atexit...)
		c.jmps = append([]jmpContext(nil), s.proc.jmps...)
		if s.proc.env != nil {
			c.env = make(map[string]envValue, len(s.proc.env))
			for k, v := range s.proc.env {
				c.env[k] = v
			}
		}
		s.proc = &c
	}
	return s.proc
}

// frameKind marks frames the executor pushed itself.
type frameKind uint8

const (
	frameCall         frameKind = iota // an ordinary call
	frameExitHandler                   // an atexit/on_exit handler: its return continues exit
	frameAbortHandler                  // a SIGABRT handler called by abort: its return kills the process
)

func registerSignalBuiltins() {
	register("signal", 2, biSignal)
	register("sysv_signal", 2, biSignal)
	register("__sysv_signal", 2, biSignal) // glibc's name (libc survey: units)
	register("bsd_signal", 2, biSignal)
	register("sigaction", 3, biSigaction)
	register("raise", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return e.deliver(s, c, int(int32(c.U64(0))), "raise")
	})
	register("kill", 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		pid, sig := int32(c.U64(0)), int(int32(c.U64(1)))
		if pid != fakePid && pid != 0 && pid != -1 {
			// No other process exists on the path.
			e.setErrno(s, esrch)
			return retU64(uint64(0xFFFFFFFF))
		}
		if sig == 0 {
			return retU64(0)
		}
		return e.deliver(s, c, sig, "kill")
	})
	register("abort", 0, biAbort)
	for _, n := range []string{"getpid", "getppid", "getpgrp", "getsid", "gettid"} {
		pid := uint64(fakePid)
		if n == "getppid" {
			pid = 1
		}
		register(n, 0, func(e *Executor, s *State, c *Call) (Value, *Termination) { return retU64(pid) })
	}
	// No terminal: standard streams are files or pipes (libc survey: units).
	register("isatty", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		e.setErrno(s, 25) // ENOTTY
		return retU64(0)
	})
	register("ioctl", 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		e.setErrno(s, 25)
		return retU64(uint64(0xFFFFFFFF))
	})
	// Masks are not modelled: delivery is immediate.
	for _, n := range []string{"sigprocmask", "pthread_sigmask"} {
		register(n, 3, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			if old := c.U64(2); old != 0 {
				b, f := s.Mem.Write(old, 128)
				if f != nil {
					return e.fault(s, c, f)
				}
				clear(b)
			}
			return retU64(0)
		})
	}
}

func validSignal(n int) bool { return n > 0 && n < nSig }

// biSignal: signal(sig, handler) returns the previous handler.
func biSignal(e *Executor, s *State, c *Call) (Value, *Termination) {
	n := int(int32(c.U64(0)))
	if !validSignal(n) || n == sigKILL || n == sigSTOP {
		e.setErrno(s, einval)
		return retU64(sigERR)
	}
	p := s.procW()
	old := p.sig[n].handler
	p.sig[n] = sigDisposition{handler: c.U64(1)}
	return retU64(old)
}

// biSigaction: sigaction(sig, act, oldact).
func biSigaction(e *Executor, s *State, c *Call) (Value, *Termination) {
	n := int(int32(c.U64(0)))
	act, oldact := c.U64(1), c.U64(2)
	if !validSignal(n) || (act != 0 && (n == sigKILL || n == sigSTOP)) {
		e.setErrno(s, einval)
		return retU64(uint64(0xFFFFFFFF))
	}
	cur := s.procR().sig[n]
	var next sigDisposition
	if act != 0 {
		b, f := s.Mem.Read(act, sigactionSize)
		if f != nil {
			return e.fault(s, c, f)
		}
		next.handler = le64(b[0:])
		for i := range next.mask {
			next.mask[i] = le64(b[8+8*i:])
		}
		next.flags = uint64(uint32(le64(b[136:])))
	}
	if oldact != 0 {
		b, f := s.Mem.Write(oldact, sigactionSize)
		if f != nil {
			return e.fault(s, c, f)
		}
		clear(b)
		put64(b[0:], cur.handler)
		for i, m := range cur.mask {
			put64(b[8+8*i:], m)
		}
		put64(b[136:], cur.flags&0xFFFFFFFF)
	}
	if act != 0 {
		s.procW().sig[n] = next
	}
	return retU64(0)
}

func le64(b []byte) uint64 {
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

func put64(b []byte, x uint64) {
	for i := 0; i < 8; i++ {
		b[i] = byte(x >> (8 * i))
	}
}

// deliver sends signal n to the process at call c (raise, kill): it dies,
// ignores it, or runs its handler (the call returns 0 when the handler
// returns).
func (e *Executor) deliver(s *State, c *Call, n int, via string) (Value, *Termination) {
	if !validSignal(n) {
		e.setErrno(s, einval)
		return retU64(uint64(0xFFFFFFFF))
	}
	d := s.procR().sig[n]
	switch {
	case d.handler == sigIGN && n != sigKILL && n != sigSTOP:
		return retU64(0)
	case d.handler == sigDFL || n == sigKILL || n == sigSTOP:
		if sigDefaultIgnored(n) || n == sigSTOP {
			return retU64(0)
		}
		return Value{}, e.killedBy(s, c.Inst, n, via)
	}
	if t := e.callHandler(s, c, n, d, frameCall); t != nil {
		return Value{}, t
	}
	c.resultSet = true // the handler's return delivers the 0
	return Value{}, nil
}

// killedBy ends the path as the process killed by signal n. SIGABRT is
// reported as abort (natively indistinguishable from abort()).
func (e *Executor) killedBy(s *State, in *ir.Inst, n int, via string) *Termination {
	if n == sigABRT {
		return e.terminate(s, in, TermAbort, "abort failure (%s(SIGABRT))", via)
	}
	return e.terminate(s, in, TermSignal, "killed by signal %s (%s)", SignalName(n), via)
}

// callHandler pushes handler d's frame for signal n over the current
// frame (the call c returns when the handler does).
func (e *Executor) callHandler(s *State, c *Call, n int, d sigDisposition, kind frameKind) *Termination {
	fi, t := e.handlerFunc(s, c.Inst, d.handler, "signal handler")
	if t != nil {
		return t
	}
	if d.flags&saRESETHAND != 0 {
		s.procW().sig[n] = sigDisposition{}
	}
	fn := e.m.Funcs[fi]
	args := []Value{{W: arith.Word{Lo: uint64(n)}}}
	if d.flags&saSIGINFO != 0 {
		// siginfo_t (128 bytes): si_signo, si_errno, si_code = SI_USER
		// (raise/kill: 0; SI_TKILL for raise is -6, glibc's raise uses tgkill).
		o, err := s.Mem.Alloc(memory.Heap, 128, "siginfo of "+SignalName(n))
		if err != nil {
			return e.terminate(s, c.Inst, TermExec, "signal handler: %v", err)
		}
		b, _ := s.Mem.Write(o.Address(), 128)
		b[0] = byte(n)
		put64(b[16:], fakePid)
		args = append(args, Value{W: arith.Word{Lo: o.Address()}}, Value{})
	}
	for len(args) < len(fn.Params) {
		args = append(args, Value{})
	}
	fr := e.pushFrame(s, fn, c.Inst, args[:len(fn.Params)])
	fr.kind = kind
	return nil
}

// handlerFunc resolves a function pointer given to signal/atexit to a
// defined function.
func (e *Executor) handlerFunc(s *State, in *ir.Inst, addr uint64, what string) (int, *Termination) {
	id, off := memory.Split(addr)
	fi, ok := e.funcOfObject[id]
	if !ok || off != 0 {
		return 0, e.terminate(s, in, TermPtr, "%s is not a function pointer (0x%x)", what, addr)
	}
	if e.m.Funcs[fi].IsDeclaration() {
		return 0, e.terminate(s, in, TermModel, "%s %s is a library function floatsym cannot call back", what, e.m.Funcs[fi].Name)
	}
	return fi, nil
}

// biAbort: abort() raises SIGABRT; a handler that returns does not save
// the process (glibc then restores SIG_DFL and raises again), one that
// longjmps does.
func biAbort(e *Executor, s *State, c *Call) (Value, *Termination) {
	d := s.procR().sig[sigABRT]
	if d.handler == sigDFL || d.handler == sigIGN {
		return e.errorf(s, c, TermAbort, "abort failure")
	}
	if t := e.callHandler(s, c, sigABRT, d, frameAbortHandler); t != nil {
		return Value{}, t
	}
	return Value{}, nil
}

// handlerReturned is called when an executor-pushed frame returns;
// the termination (or nil to continue) is what follows its return.
func (e *Executor) handlerReturned(s *State, fr *StackFrame) *Termination {
	switch fr.kind {
	case frameAbortHandler:
		return e.terminate(s, fr.Call, TermAbort, "abort failure (the SIGABRT handler returned)")
	case frameExitHandler:
		return e.continueExit(s, nil)
	}
	return nil
}
