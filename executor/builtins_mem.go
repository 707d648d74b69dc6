package executor

import (
	"github.com/floatsym/floatsym/memory"
	"github.com/floatsym/floatsym/solver/expr"
)

// Heap allocation, the memory intrinsics, errno and va_list handling.

func registerMemBuiltins() {
	register("malloc", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return e.malloc(s, c, c.U64(0), "malloc")
	})
	register("calloc", 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		n, size := c.U64(0), c.U64(1)
		if size != 0 && n*size/size != n {
			return retU64(0)
		}
		return e.malloc(s, c, n*size, "calloc")
	})
	register("aligned_alloc", 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return e.malloc(s, c, c.U64(1), "aligned_alloc")
	})
	register("memalign", 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return e.malloc(s, c, c.U64(1), "memalign")
	})
	register("posix_memalign", 3, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		v, t := e.malloc(s, c, c.U64(2), "posix_memalign")
		if t != nil {
			return v, t
		}
		if f := s.Mem.Store(c.U64(0), 8, v.W); f != nil {
			return e.fault(s, c, f)
		}
		return retU64(0)
	})
	register("realloc", 2, biRealloc)
	register("free", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		if f := s.Mem.Free(c.U64(0)); f != nil {
			return e.fault(s, c, f)
		}
		return Value{}, nil
	})
	register("llvm.memcpy", 3, biMemmove)
	register("llvm.memmove", 3, biMemmove)
	register("memcpy", 3, biMemmove)
	register("memmove", 3, biMemmove)
	registerSymbolic("llvm.memset", 3, biMemsetEntry)
	registerSymbolic("memset", 3, biMemsetEntry)
	register("__errno_location", 0, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		return retU64(s.Errno)
	})
	register("llvm.stacksave", 0, func(e *Executor, s *State, c *Call) (Value, *Termination) { return retU64(0) })
	register("llvm.stackrestore", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) { return Value{}, nil })
	register("llvm.va_start", 1, biVaStart)
	register("llvm.va_end", 1, func(e *Executor, s *State, c *Call) (Value, *Termination) { return Value{}, nil })
	register("llvm.va_copy", 2, func(e *Executor, s *State, c *Call) (Value, *Termination) {
		src, f := s.Mem.Read(c.U64(1), 24)
		if f != nil {
			return e.fault(s, c, f)
		}
		tmp := append([]byte(nil), src...)
		dst, f := s.Mem.Write(c.U64(0), 24)
		if f != nil {
			return e.fault(s, c, f)
		}
		copy(dst, tmp)
		return Value{}, nil
	})
}

func (e *Executor) malloc(s *State, c *Call, size uint64, what string) (Value, *Termination) {
	if size > memory.MaxObjectSize || (e.cfg.MaxMemory > 0 && s.Mem.HeapBytes+size > e.cfg.MaxMemory) {
		// Like glibc on an impossible request: NULL, errno = ENOMEM.
		e.setErrno(s, 12)
		return retU64(0)
	}
	o, err := s.Mem.Alloc(memory.Heap, size, what+" at "+e.m.Where(c.Inst.Loc))
	if err != nil {
		return e.errorf(s, c, TermExec, "%s: %v", what, err)
	}
	return retU64(o.Address())
}

func biRealloc(e *Executor, s *State, c *Call) (Value, *Termination) {
	p, size := c.U64(0), c.U64(1)
	if p == 0 {
		return e.malloc(s, c, size, "realloc")
	}
	id, off := memory.Split(p)
	o := s.Mem.Object(id)
	if o == nil || off != 0 || o.Kind != memory.Heap || o.Freed {
		kind := memory.InvalidFree
		if o != nil && o.Freed {
			kind = memory.DoubleFree
		}
		return e.fault(s, c, &memory.Fault{Kind: kind, Addr: p, Obj: o})
	}
	if size == 0 {
		s.Mem.Free(p)
		return retU64(0)
	}
	n := uint64(len(o.Bytes()))
	v, t := e.malloc(s, c, size, "realloc")
	if t != nil || v.W.Lo == 0 {
		return v, t
	}
	if size < n {
		n = size
	}
	// Copy, not the concrete bytes alone: symbolic bytes must move with
	// the block (a realloc'd buffer of symbolic limbs kept only their
	// concrete backing values, so GMP computed on stale limbs).
	if f := s.Mem.Copy(v.W.Lo, p, n); f != nil {
		return e.fault(s, c, f)
	}
	s.Mem.Free(p)
	return v, nil
}

func biMemmove(e *Executor, s *State, c *Call) (Value, *Termination) {
	dst, src, n := c.U64(0), c.U64(1), c.U64(2)
	if n == 0 {
		return retU64(dst)
	}
	if f := s.Mem.Copy(dst, src, n); f != nil {
		return e.fault(s, c, f)
	}
	return retU64(dst)
}

func biMemset(e *Executor, s *State, c *Call) (Value, *Termination) {
	if c.Args[1].E != nil {
		return biMemsetSymbolic(e, s, c)
	}
	dst, v, n := c.U64(0), byte(c.U64(1)), c.U64(2)
	if n == 0 {
		return retU64(dst)
	}
	b, f := s.Mem.Write(dst, n)
	if f != nil {
		return e.fault(s, c, f)
	}
	for i := range b {
		b[i] = v
	}
	return retU64(dst)
}

// biVaStart initialises a va_list for the current (variadic) frame.
func biVaStart(e *Executor, s *State, c *Call) (Value, *Termination) {
	ap := c.U64(0)
	fr := s.top()
	b, f := s.Mem.Write(ap, 24)
	if f != nil {
		return e.fault(s, c, f)
	}
	putLE(b[0:4], vaGPFull)
	putLE(b[4:8], vaFPFull)
	putLE(b[8:16], fr.VarArgs)
	putLE(b[16:24], 0)
	return Value{}, nil
}

func putLE(b []byte, x uint64) {
	for i := range b {
		b[i] = byte(x >> (8 * i))
	}
}

// biMemsetEntry concretises the pointer and length; a symbolic fill byte
// stays symbolic.
func biMemsetEntry(e *Executor, s *State, c *Call) (Value, *Termination) {
	for _, i := range []int{0, 2} {
		if c.Args[i].E != nil {
			w, t := e.concreteValue(s, c.Inst, c.Args[i], "memset argument")
			if t != nil {
				return Value{}, t
			}
			c.Args[i] = Value{W: w}
		}
	}
	return biMemset(e, s, c)
}

// biMemsetSymbolic fills memory with a symbolic byte.
func biMemsetSymbolic(e *Executor, s *State, c *Call) (Value, *Termination) {
	dst := c.U64(0)
	n, t := e.concreteValue(s, c.Inst, c.Args[2], "memset length")
	if t != nil {
		return Value{}, t
	}
	b := e.B.Trunc(e.bv(c.Args[1].E), 8)
	bs := make([]*expr.Expr, n.Lo)
	for i := range bs {
		bs[i] = b
	}
	if _, f := s.Mem.Write(dst, n.Lo); f != nil {
		return e.fault(s, c, f)
	}
	if f := s.Mem.SetSymbolicBytes(dst, bs); f != nil {
		return e.fault(s, c, f)
	}
	return retU64(dst)
}
