package memory

import (
	"fmt"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Symbolic contents. A concrete object has only bytes; writing symbolic
// data records per-byte expressions in sym (nil entries stay concrete).
// Reads at a symbolic offset see the object as an array (its concrete
// bytes as the initial contents, symbolic bytes as updates); writes at a
// symbolic offset update every byte they may hit with an if-then-else,
// which keeps the object representation uniform.

// MaxSymbolicWrite bounds the size of an object written at a symbolic
// offset (each byte gets an if-then-else per written byte); WriteAt
// refuses larger objects (TooLarge) and the executor concretises the
// offset of a write into one (executor/exec_mem.go).
const MaxSymbolicWrite = 4096

// IsSymbolic reports whether any byte of the object may be symbolic.
func (o *Object) IsSymbolic() bool { return o.sym != nil }

// MakeSymbolic replaces the object's contents by the bytes of array a.
func (s *Space) MakeSymbolic(o *Object, a *expr.Array) {
	o = s.writable(o)
	o.sym = make([]*expr.Expr, o.Size)
	for i := range o.sym {
		o.sym[i] = s.B.Byte(a, uint64(i))
	}
}

// byteExpr returns byte i of o as an expression.
func (s *Space) byteExpr(o *Object, i uint64) *expr.Expr {
	if o.sym != nil && o.sym[i] != nil {
		return o.sym[i]
	}
	return s.B.U64(uint64(o.bytes[i]), 8)
}

// LoadExpr reads n bytes at a concrete address. When any of them is
// symbolic it returns their little-endian concatenation (8n bits) as an
// expression; otherwise e is nil and w holds the value.
func (s *Space) LoadExpr(addr, n uint64) (w arith.Word, e *expr.Expr, f *Fault) {
	o, off, f := s.resolve(addr, n)
	if f != nil {
		return w, nil, f
	}
	if o.sym == nil || allNil(o.sym[off:off+n]) {
		return getWord(o.bytes[off : off+n]), nil, nil
	}
	return w, s.concat(o, off, n), nil
}

func (s *Space) concat(o *Object, off, n uint64) *expr.Expr {
	var e *expr.Expr
	for i := uint64(0); i < n; i++ {
		b := s.byteExpr(o, off+i)
		if e == nil {
			e = b
		} else {
			e = s.B.Concat(b, e)
		}
	}
	return e
}

func allNil(es []*expr.Expr) bool {
	for _, e := range es {
		if e != nil {
			return false
		}
	}
	return true
}

func getWord(b []byte) arith.Word {
	var w arith.Word
	for i := range b {
		if i < 8 {
			w.Lo |= uint64(b[i]) << (8 * i)
		} else {
			w.Hi |= uint64(b[i]) << (8 * (i - 8))
		}
	}
	return w
}

// StoreExpr writes the low n bytes of a bit-vector expression (at least 8n
// bits wide) at a concrete address.
func (s *Space) StoreExpr(addr, n uint64, e *expr.Expr) *Fault {
	o, off, f := s.resolve(addr, n)
	if f != nil {
		return f
	}
	if o.ReadOnly {
		return &Fault{Kind: WriteReadOnly, Addr: addr, Size: n, Obj: o}
	}
	o = s.writable(o)
	for i := uint64(0); i < n; i++ {
		s.setByte(o, off+i, s.B.Extract(e, int(8*i), 8))
	}
	return nil
}

func (s *Space) setByte(o *Object, i uint64, b *expr.Expr) {
	if b.Op == expr.OpConst {
		o.bytes[i] = byte(b.Val.Lo)
		if o.sym != nil {
			o.sym[i] = nil
		}
		return
	}
	if o.sym == nil {
		o.sym = make([]*expr.Expr, o.Size)
	}
	o.sym[i] = b
}

// ReadAt reads n bytes of object o at a symbolic offset (bv64) that the
// caller has proven in bounds.
func (s *Space) ReadAt(o *Object, off *expr.Expr, n uint64) *expr.Expr {
	arr := s.B.NewArray(fmt.Sprintf("%s#%d", o.Name, o.ID), o.Size, append([]byte(nil), o.bytes...))
	var upd *expr.Update
	for i, e := range o.sym {
		if e != nil {
			upd = &expr.Update{Index: s.B.U64(uint64(i), 64), Value: e, Next: upd}
		}
	}
	var e *expr.Expr
	for i := uint64(0); i < n; i++ {
		b := s.B.Read(arr, upd, s.B.Bin(expr.OpAdd, off, s.B.U64(i, 64)))
		if e == nil {
			e = b
		} else {
			e = s.B.Concat(b, e)
		}
	}
	return e
}

// WriteAt writes the low n bytes of e at a symbolic offset (bv64) that the
// caller has proven in bounds: every byte the write may reach becomes an
// if-then-else on the offset.
func (s *Space) WriteAt(o *Object, off *expr.Expr, n uint64, e *expr.Expr) *Fault {
	if o.ReadOnly {
		return &Fault{Kind: WriteReadOnly, Addr: o.Address(), Size: n, Obj: o}
	}
	if o.Size > MaxSymbolicWrite {
		return &Fault{Kind: TooLarge, Addr: o.Address(), Size: n, Obj: o}
	}
	o = s.writable(o)
	parts := make([]*expr.Expr, n)
	for k := range parts {
		parts[k] = s.B.Extract(e, 8*k, 8)
	}
	for i := uint64(0); i < o.Size; i++ {
		cur := s.byteExpr(o, i)
		for k := uint64(0); k < n && k <= i; k++ {
			hit := s.B.Eq(off, s.B.U64(i-k, 64))
			cur = s.B.Ite(hit, parts[k], cur)
		}
		s.setByte(o, i, cur)
	}
	return nil
}

// SymbolicBytes returns the byte expressions of [addr, addr+n) when any
// is symbolic (nil entries are concrete), for models that copy memory.
func (s *Space) SymbolicBytes(addr, n uint64) ([]*expr.Expr, *Fault) {
	o, off, f := s.resolve(addr, n)
	if f != nil {
		return nil, f
	}
	if o.sym == nil || allNil(o.sym[off:off+n]) {
		return nil, nil
	}
	return o.sym[off : off+n : off+n], nil
}

// SetSymbolicBytes writes byte expressions (nil entries keep the concrete
// bytes already written) at a concrete address.
func (s *Space) SetSymbolicBytes(addr uint64, bs []*expr.Expr) *Fault {
	n := uint64(len(bs))
	o, off, f := s.resolve(addr, n)
	if f != nil {
		return f
	}
	if o.ReadOnly {
		return &Fault{Kind: WriteReadOnly, Addr: addr, Size: n, Obj: o}
	}
	o = s.writable(o)
	for i, b := range bs {
		if b != nil {
			s.setByte(o, off+uint64(i), b)
		}
	}
	return nil
}

// SymbolicRanges lists the symbolic bytes of [addr, addr+n) with their
// addresses, so the executor can concretise them.
func (s *Space) SymbolicRanges(addr, n uint64) (addrs []uint64, bytes []*expr.Expr, f *Fault) {
	o, off, f := s.resolve(addr, n)
	if f != nil {
		return nil, nil, f
	}
	if o.sym == nil {
		return nil, nil, nil
	}
	for i := off; i < off+n; i++ {
		if o.sym[i] != nil {
			addrs = append(addrs, Address(o.ID, i))
			bytes = append(bytes, o.sym[i])
		}
	}
	return addrs, bytes, nil
}

// ObjectAt returns the live object containing addr (nil if none).
func (s *Space) ObjectAt(addr uint64) *Object {
	o, _, f := s.resolve(addr, 1)
	if f != nil {
		id, _ := Split(addr)
		if ob := s.Object(id); ob != nil && ob.Size == 0 && !ob.Freed {
			return ob
		}
		return nil
	}
	return o
}

// Copy copies n bytes from src to dst (overlap allowed), symbolic bytes
// included: memcpy of symbolic data stays symbolic.
func (s *Space) Copy(dst, src, n uint64) *Fault {
	so, soff, f := s.resolve(src, n)
	if f != nil {
		return f
	}
	bytes := append([]byte(nil), so.bytes[soff:soff+n]...)
	var sym []*expr.Expr
	if so.sym != nil && !allNil(so.sym[soff:soff+n]) {
		sym = append([]*expr.Expr(nil), so.sym[soff:soff+n]...)
	}
	do, doff, f := s.resolve(dst, n)
	if f != nil {
		return f
	}
	if do.ReadOnly {
		return &Fault{Kind: WriteReadOnly, Addr: dst, Size: n, Obj: do}
	}
	do = s.writable(do)
	copy(do.bytes[doff:doff+n], bytes)
	switch {
	case sym != nil:
		if do.sym == nil {
			do.sym = make([]*expr.Expr, do.Size)
		}
		copy(do.sym[doff:doff+n], sym)
	case do.sym != nil:
		clear(do.sym[doff : doff+n])
	}
	return nil
}
