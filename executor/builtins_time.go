package executor

import "github.com/floatsym/floatsym/internal/arith"

// Time and clocks, deterministic (as KLEE's POSIX model keeps them out of
// the test): a path's clock starts at timeEpoch (2023-11-14 22:13:20 UTC)
// and advances one nanosecond per executed instruction, so it is the same
// on every run, monotonic, and differences measure work. clock() is the
// instruction count in microseconds (CLOCKS_PER_SEC = 10^6). Sleeping
// returns at once. Native replay sees the real clock: a program whose
// outcome depends on the absolute time does not replay.

const timeEpoch = 1700000000

func (s *State) nowNanos() uint64 { return s.Insts }

func registerTimeBuiltins() {
	register("time", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		t := uint64(timeEpoch) + s.nowNanos()/1e9
		if p := c.U64(0); p != 0 {
			if f := s.Mem.Store(p, 8, arith.Word{Lo: t}); f != nil {
				return e.fault(s, c, f)
			}
		}
		return retU64(t)
	})
	register("clock", 0, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return retU64(s.Insts / 1000)
	})
	register("gettimeofday", 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		if p := c.U64(0); p != 0 {
			ns := s.nowNanos()
			if f := s.Mem.Store(p, 8, arith.Word{Lo: timeEpoch + ns/1e9}); f != nil {
				return e.fault(s, c, f)
			}
			if f := s.Mem.Store(p+8, 8, arith.Word{Lo: ns % 1e9 / 1e3}); f != nil {
				return e.fault(s, c, f)
			}
		}
		if p := c.U64(1); p != 0 { // struct timezone: UTC
			if f := s.Mem.Store(p, 8, arith.Word{}); f != nil {
				return e.fault(s, c, f)
			}
		}
		return retU64(0)
	})
	register("clock_gettime", 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		ns := s.nowNanos()
		sec := ns / 1e9
		if c.U64(0) == 0 || c.U64(0) == 5 || c.U64(0) == 8 { // CLOCK_REALTIME(_COARSE), CLOCK_TAI
			sec += timeEpoch
		}
		if p := c.U64(1); p != 0 {
			if f := s.Mem.Store(p, 8, arith.Word{Lo: sec}); f != nil {
				return e.fault(s, c, f)
			}
			if f := s.Mem.Store(p+8, 8, arith.Word{Lo: ns % 1e9}); f != nil {
				return e.fault(s, c, f)
			}
		}
		return retU64(0)
	})
	register("clock_getres", 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		if p := c.U64(1); p != 0 {
			if f := s.Mem.Store(p, 8, arith.Word{}); f != nil {
				return e.fault(s, c, f)
			}
			if f := s.Mem.Store(p+8, 8, arith.Word{Lo: 1}); f != nil {
				return e.fault(s, c, f)
			}
		}
		return retU64(0)
	})
	for _, n := range []string{"sleep", "usleep", "nanosleep"} {
		register(n, 1, func(e *Executor, s *State, c *Call) (Value, *Termination) { return retU64(0) })
	}
}
