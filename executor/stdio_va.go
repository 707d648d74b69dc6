package executor

import (
	"errors"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/memory"
)

// The x86_64 System V va_list ABI, shared by the direct and va_list forms
// of the printf family: variadic arguments are read with va_arg's algorithm.

// x86_64 va_list layout and limits.
const (
	vaGPRegs  = 6                      // rdi, rsi, rdx, rcx, r8, r9
	vaSSERegs = 8                      // xmm0-7
	vaGPEnd   = 8 * vaGPRegs           // gp_offset when the GP registers are used up
	vaFPEnd   = vaGPEnd + 16*vaSSERegs // fp_offset when the SSE registers are used up
)

var errMissingArg = errors.New("the format needs more arguments than the call passes")

// vaArgs reads variadic arguments with va_arg's algorithm, from a program
// va_list (list != 0) or from a direct call's arguments laid out as the
// ABI passes them.
type vaArgs struct {
	s    *State
	list uint64 // address of the program's va_list, or 0
	// va_list fields.
	gpOff, fpOff      uint64
	overAddr, regSave uint64
	// Direct calls: register contents (gp indexed from slot 0, the first
	// GP argument register) and the stack area.
	gp, sse []arith.Word
	nGP     int // register slots the call filled, fixed arguments included
	over    []byte
	overPos uint64
}

// directArgs lays out c.Args[first:] (after first fixed integer-class
// arguments) as a call passes them.
func directArgs(s *State, c *Call, first int) (*vaArgs, error) {
	a := &vaArgs{s: s, gpOff: uint64(8 * first), fpOff: vaGPEnd}
	for i := 0; i < first; i++ {
		a.gp = append(a.gp, arith.Word{})
	}
	nsse := 0
	putOver := func(w arith.Word, size, align uint64) {
		for uint64(len(a.over))%align != 0 {
			a.over = append(a.over, 0)
		}
		var b [16]byte
		ir.PutWord(b[:], w)
		a.over = append(a.over, b[:size]...)
	}
	for i := first; i < len(c.Args); i++ {
		t := c.ArgType(i)
		w := c.Args[i].W
		switch {
		case (t.Kind == ir.IntType || t.Kind == ir.PtrType) && t.Bits <= 64:
			if len(a.gp) < vaGPRegs {
				a.gp = append(a.gp, w)
			} else {
				putOver(w, 8, 8)
			}
		case t.Kind == ir.IntType && t.Bits <= 128:
			if len(a.gp)+2 <= vaGPRegs {
				a.gp = append(a.gp, arith.Word{Lo: w.Lo}, arith.Word{Lo: w.Hi})
			} else {
				putOver(w, 16, 16)
			}
		case t.Kind == ir.FloatType && t.FK != arith.F80:
			if nsse < vaSSERegs {
				a.sse = append(a.sse, w)
				nsse++
			} else {
				putOver(w, 8, 8)
			}
		case t.Kind == ir.FloatType:
			putOver(w, 16, 16)
		default:
			return nil, errors.New("variadic arguments of type " + t.String() + " are not supported")
		}
	}
	a.nGP = len(a.gp)
	return a, nil
}

// load reads a program va_list.
func (a *vaArgs) load() *memory.Fault {
	b, f := a.s.Mem.Read(a.list, 24)
	if f != nil {
		return f
	}
	w := ir.GetWord(b[0:8])
	a.gpOff = w.Lo & 0xffffffff
	a.fpOff = w.Lo >> 32
	a.overAddr = ir.GetWord(b[8:16]).Lo
	a.regSave = ir.GetWord(b[16:24]).Lo
	return nil
}

// store writes the advanced va_list back, as glibc's va_arg calls leave
// it in the caller's va_list.
func (a *vaArgs) store() *memory.Fault {
	if f := a.s.Mem.Store(a.list, 8, arith.Word{Lo: a.gpOff | a.fpOff<<32}); f != nil {
		return f
	}
	return a.s.Mem.Store(a.list+8, 8, arith.Word{Lo: a.overAddr})
}

// overflow reads the next size-byte stack argument aligned to align.
func (a *vaArgs) overflow(size, align uint64) (arith.Word, error) {
	if a.list != 0 {
		addr := (a.overAddr + align - 1) &^ (align - 1)
		w, f := a.s.Mem.Load(addr, size)
		if f != nil {
			return arith.Word{}, f
		}
		a.overAddr = addr + size
		return w, nil
	}
	pos := (a.overPos + align - 1) &^ (align - 1)
	if pos+size > uint64(len(a.over)) {
		return arith.Word{}, errMissingArg
	}
	a.overPos = pos + size
	return ir.GetWord(a.over[pos : pos+size]), nil
}

// int reads an integer-class argument (va_arg(ap, long) and narrower).
func (a *vaArgs) int() (uint64, error) {
	if a.gpOff < vaGPEnd {
		off := a.gpOff
		a.gpOff += 8
		if a.list != 0 {
			w, f := a.s.Mem.Load(a.regSave+off, 8)
			if f != nil {
				return 0, f
			}
			return w.Lo, nil
		}
		if i := int(off / 8); i < a.nGP {
			return a.gp[i].Lo, nil
		}
		return 0, errMissingArg
	}
	w, err := a.overflow(8, 8)
	return w.Lo, err
}

// double reads va_arg(ap, double).
func (a *vaArgs) double() (uint64, error) {
	if a.fpOff < vaFPEnd {
		off := a.fpOff
		a.fpOff += 16
		if a.list != 0 {
			w, f := a.s.Mem.Load(a.regSave+off, 8)
			if f != nil {
				return 0, f
			}
			return w.Lo, nil
		}
		if i := int((off - vaGPEnd) / 16); i < len(a.sse) {
			return a.sse[i].Lo, nil
		}
		return 0, errMissingArg
	}
	w, err := a.overflow(8, 8)
	return w.Lo, err
}

// longDouble reads va_arg(ap, long double): always from the stack area.
func (a *vaArgs) longDouble() (arith.Word, error) {
	w, err := a.overflow(16, 16)
	w.Hi &= 0xffff
	return w, err
}
