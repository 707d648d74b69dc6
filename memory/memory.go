// Package memory models a program's memory: objects (globals, stack
// frames' allocas, heap blocks, functions) in an address space that states
// share copy-on-write.
//
// An address is the object's ID in the high 32 bits and the byte offset in
// the low 32 bits. Resolving an address is therefore one slice index, not a
// search, and pointer arithmetic that leaves an object is still attributed
// to it (or to a neighbour ID with a huge offset), so every out-of-bounds
// access is caught. Objects are limited to 4 GiB each.
//
// It may import internal/arith and solver/expr only.
package memory

import (
	"fmt"
	"sync/atomic"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// ObjectID identifies an object within an address space; 0 is never used,
// so the null pointer belongs to no object.
type ObjectID uint32

// OffsetBits is the number of address bits that hold the offset.
const OffsetBits = 32

// MaxObjectSize is the largest object an address can span.
const MaxObjectSize = 1<<OffsetBits - 1

// Address composes an address.
func Address(id ObjectID, off uint64) uint64 { return uint64(id)<<OffsetBits + off }

// Split decomposes an address.
func Split(addr uint64) (ObjectID, uint64) {
	return ObjectID(addr >> OffsetBits), addr & (1<<OffsetBits - 1)
}

// Kind says where an object lives.
type Kind uint8

// Object kinds.
const (
	Global Kind = iota
	Stack
	Heap
	Function
	Special // runtime objects such as FILE streams and argv
)

func (k Kind) String() string {
	return [...]string{"global", "stack", "heap", "function", "special"}[k]
}

// Object is one allocation.
type Object struct {
	ID       ObjectID
	Kind     Kind
	Size     uint64
	Name     string // variable or function name, or allocation site
	ReadOnly bool
	Freed    bool
	// Func is the function index for Function objects.
	Func  int
	bytes []byte
	// buf keeps a dead stack object's storage for reuse.
	buf []byte
	// sym holds the symbolic bytes (nil entries are the concrete ones in
	// bytes); the slice is nil while the object is fully concrete, so
	// concrete objects never hold expressions.
	sym   []*expr.Expr
	owner uint64
}

// Address is the object's base address.
func (o *Object) Address() uint64 { return Address(o.ID, 0) }

// Bytes returns the object's concrete contents for reading.
func (o *Object) Bytes() []byte { return o.bytes }

// Space is an address space. Forked spaces share objects until one of them
// writes, when it gets its own copy (ownership by epoch, as KLEE's cowKey).
type Space struct {
	// B builds the expressions of symbolic bytes (nil: concrete only).
	B     *expr.Builder
	objs  []*Object
	epoch uint64
	// HeapBytes counts live heap bytes, for the memory limit.
	HeapBytes uint64
	// quarantine holds the IDs of dead stack objects, oldest first. An ID
	// is reused only after quarantineLen others died since, so a dangling
	// pointer into a recently returned frame is still caught (as ASan's
	// quarantine does) while long runs do not grow without bound.
	quarantine []ObjectID
}

const quarantineLen = 1024

var epochs atomic.Uint64

func nextEpoch() uint64 { return epochs.Add(1) }

// NewSpace makes an empty address space.
func NewSpace() *Space {
	return &Space{objs: []*Object{nil}, epoch: nextEpoch()}
}

// Fork returns a copy of the space; both continue copy-on-write.
func (s *Space) Fork() *Space {
	c := &Space{B: s.B, objs: append([]*Object(nil), s.objs...), epoch: nextEpoch(), HeapBytes: s.HeapBytes,
		quarantine: append([]ObjectID(nil), s.quarantine...)}
	s.epoch = nextEpoch()
	return c
}

// Alloc creates a zero-filled object.
func (s *Space) Alloc(kind Kind, size uint64, name string) (*Object, error) {
	if size > MaxObjectSize {
		return nil, fmt.Errorf("allocation of %d bytes exceeds the %d-byte object limit", size, uint64(MaxObjectSize))
	}
	if kind == Stack && len(s.quarantine) > quarantineLen {
		return s.reuse(size, name), nil
	}
	if len(s.objs) >= 1<<32-1 {
		return nil, fmt.Errorf("too many objects")
	}
	o := &Object{ID: ObjectID(len(s.objs)), Kind: kind, Size: size, Name: name, bytes: make([]byte, size), owner: s.epoch}
	s.objs = append(s.objs, o)
	if kind == Heap {
		s.HeapBytes += size
	}
	return o, nil
}

// reuse allocates a stack object in the slot of the oldest dead one,
// recycling its storage when this space owns it.
func (s *Space) reuse(size uint64, name string) *Object {
	id := s.quarantine[0]
	s.quarantine = s.quarantine[1:]
	old := s.objs[id]
	var o *Object
	if old.owner == s.epoch {
		o = old
		buf := old.buf
		if uint64(cap(buf)) >= size {
			buf = buf[:size]
			clear(buf)
		} else {
			buf = make([]byte, size)
		}
		*o = Object{ID: id, Kind: Stack, Size: size, Name: name, bytes: buf, buf: buf, owner: s.epoch}
	} else {
		o = &Object{ID: id, Kind: Stack, Size: size, Name: name, bytes: make([]byte, size), owner: s.epoch}
		o.buf = o.bytes
		s.objs[id] = o
	}
	return o
}

// Object returns the object with the given ID, or nil.
func (s *Space) Object(id ObjectID) *Object {
	if int(id) >= len(s.objs) {
		return nil
	}
	return s.objs[id]
}

// Objects returns the number of object slots (IDs are below it).
func (s *Space) Objects() int { return len(s.objs) }

// writable returns an object this space may modify, copying a shared one.
func (s *Space) writable(o *Object) *Object {
	if o.owner == s.epoch {
		return o
	}
	c := *o
	c.bytes = append([]byte(nil), o.bytes...)
	if o.sym != nil {
		c.sym = append([]*expr.Expr(nil), o.sym...)
	}
	c.owner = s.epoch
	s.objs[o.ID] = &c
	return &c
}

// FaultKind classifies invalid memory operations.
type FaultKind uint8

// Fault kinds; the executor maps them to KLEE's ptr and free errors.
const (
	NullDeref FaultKind = iota
	OutOfBounds
	UseAfterFree
	WriteReadOnly
	NotData // reading or writing a function
	InvalidFree
	DoubleFree
	TooLarge // symbolic-offset write into an object too large to model
	// SymbolicData: a concrete-only accessor met symbolic bytes; the
	// executor concretises them (or models the access symbolically).
	SymbolicData
)

// Fault describes an invalid access.
type Fault struct {
	Kind FaultKind
	Addr uint64
	Size uint64
	Obj  *Object
}

// IsFree reports whether the fault belongs to KLEE's "free" error class.
func (f *Fault) IsFree() bool { return f.Kind == InvalidFree || f.Kind == DoubleFree }

func (f *Fault) Error() string {
	desc := func() string {
		if f.Obj == nil {
			return ""
		}
		_, off := Split(f.Addr)
		return fmt.Sprintf(" (%s object %q of %d bytes, offset %d)", f.Obj.Kind, f.Obj.Name, f.Obj.Size, int64(off))
	}
	switch f.Kind {
	case NullDeref:
		return "memory error: null pointer dereference"
	case OutOfBounds:
		return fmt.Sprintf("memory error: out of bound pointer: %d-byte access%s", f.Size, desc())
	case UseAfterFree:
		return "memory error: use after free" + desc()
	case WriteReadOnly:
		return "memory error: write to read-only object" + desc()
	case NotData:
		return "memory error: access to a function's address as data" + desc()
	case InvalidFree:
		return "free of an address that is not the start of a heap object" + desc()
	case DoubleFree:
		return "double free" + desc()
	case SymbolicData:
		return "concrete access to symbolic data" + desc()
	case TooLarge:
		return "symbolic-offset write into an object larger than the supported size" + desc()
	}
	return "memory error"
}

// resolve finds the object and offset of an access of size bytes.
func (s *Space) resolve(addr, size uint64) (*Object, uint64, *Fault) {
	id, off := Split(addr)
	if int(id) >= len(s.objs) || s.objs[id] == nil {
		if addr < 1<<OffsetBits {
			return nil, 0, &Fault{Kind: NullDeref, Addr: addr, Size: size}
		}
		return nil, 0, &Fault{Kind: OutOfBounds, Addr: addr, Size: size}
	}
	o := s.objs[id]
	if off+size > o.Size || off+size < off {
		// A pointer just below an object lands in its predecessor's ID with
		// a huge offset; name the object the program most likely meant.
		if next := s.Object(id + 1); next != nil && off > o.Size && off+size > 1<<OffsetBits-4096 {
			o = next
		}
		return nil, 0, &Fault{Kind: OutOfBounds, Addr: addr, Size: size, Obj: o}
	}
	if o.Freed {
		return nil, 0, &Fault{Kind: UseAfterFree, Addr: addr, Size: size, Obj: o}
	}
	if o.Kind == Function {
		return nil, 0, &Fault{Kind: NotData, Addr: addr, Size: size, Obj: o}
	}
	return o, off, nil
}

// Read returns the n bytes at addr; the slice must not be modified.
func (s *Space) Read(addr, n uint64) ([]byte, *Fault) {
	o, off, f := s.resolve(addr, n)
	if f != nil {
		return nil, f
	}
	if o.sym != nil && !allNil(o.sym[off:off+n]) {
		return nil, &Fault{Kind: SymbolicData, Addr: addr, Size: n, Obj: o}
	}
	return o.bytes[off : off+n : off+n], nil
}

// Write returns a writable view of the n bytes at addr.
func (s *Space) Write(addr, n uint64) ([]byte, *Fault) {
	o, off, f := s.resolve(addr, n)
	if f != nil {
		return nil, f
	}
	if o.ReadOnly {
		return nil, &Fault{Kind: WriteReadOnly, Addr: addr, Size: n, Obj: o}
	}
	o = s.writable(o)
	if o.sym != nil {
		// The caller overwrites these bytes with concrete data.
		for i := off; i < off+n; i++ {
			o.sym[i] = nil
		}
	}
	return o.bytes[off : off+n : off+n], nil
}

// Load reads an n-byte (n <= 16) little-endian value.
func (s *Space) Load(addr uint64, n uint64) (arith.Word, *Fault) {
	o, off, f := s.resolve(addr, n)
	if f != nil {
		return arith.Word{}, f
	}
	if o.sym != nil && !allNil(o.sym[off:off+n]) {
		return arith.Word{}, &Fault{Kind: SymbolicData, Addr: addr, Size: n, Obj: o}
	}
	b := o.bytes[off : off+n]
	switch n {
	case 1:
		return arith.Word{Lo: uint64(b[0])}, nil
	case 4:
		return arith.Word{Lo: uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24}, nil
	case 8:
		return arith.Word{Lo: le64(b)}, nil
	case 16:
		return arith.Word{Lo: le64(b), Hi: le64(b[8:])}, nil
	}
	return getWord(b), nil
}

func le64(b []byte) uint64 {
	_ = b[7]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// Store writes the low n (<= 16) bytes of w little-endian.
func (s *Space) Store(addr uint64, n uint64, w arith.Word) *Fault {
	b, f := s.Write(addr, n)
	if f != nil {
		return f
	}
	for i := range b {
		if i < 8 {
			b[i] = byte(w.Lo >> (8 * i))
		} else {
			b[i] = byte(w.Hi >> (8 * (i - 8)))
		}
	}
	return nil
}

// Free releases a heap object; addr must be its base address.
func (s *Space) Free(addr uint64) *Fault {
	if addr == 0 {
		return nil
	}
	id, off := Split(addr)
	o := s.Object(id)
	if o == nil || off != 0 || o.Kind != Heap {
		return &Fault{Kind: InvalidFree, Addr: addr, Obj: o}
	}
	if o.Freed {
		return &Fault{Kind: DoubleFree, Addr: addr, Obj: o}
	}
	o = s.writable(o)
	o.Freed = true
	s.HeapBytes -= o.Size
	o.bytes = nil
	return nil
}

// Kill marks a stack object dead when its frame returns, so dangling
// pointers to it are caught as use after free (KLEE reports the same); its
// ID is reused once it leaves the quarantine.
func (s *Space) Kill(id ObjectID) {
	if o := s.Object(id); o != nil {
		o = s.writable(o)
		o.Freed = true
		o.buf = o.bytes
		o.bytes = nil
		o.sym = nil
		s.quarantine = append(s.quarantine, id)
	}
}

// CString reads a NUL-terminated string starting at addr (at most max bytes).
func (s *Space) CString(addr uint64, max int) (string, *Fault) {
	o, off, f := s.resolve(addr, 1)
	if f != nil {
		return "", f
	}
	b := o.bytes[off:]
	for i, c := range b {
		if o.sym != nil && o.sym[off+uint64(i)] != nil {
			return "", &Fault{Kind: SymbolicData, Addr: addr + uint64(i), Size: 1, Obj: o}
		}
		if c == 0 {
			return string(b[:i]), nil
		}
		if i >= max {
			return string(b[:i]), nil
		}
	}
	return "", &Fault{Kind: OutOfBounds, Addr: addr + uint64(len(b)), Size: 1, Obj: o}
}
