package memory_test

import (
	"bytes"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/memory"
	"github.com/floatsym/floatsym/solver/expr"
)

func newSpace() *memory.Space {
	s := memory.NewSpace()
	s.B = expr.NewBuilder()
	return s
}

func alloc(t *testing.T, s *memory.Space, k memory.Kind, size uint64, name string) *memory.Object {
	t.Helper()
	o, err := s.Alloc(k, size, name)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func mustStore(t *testing.T, s *memory.Space, addr, n uint64, v uint64) {
	t.Helper()
	if f := s.Store(addr, n, arith.Word{Lo: v}); f != nil {
		t.Fatalf("store %d bytes at %#x: %v", n, addr, f)
	}
}

func load(t *testing.T, s *memory.Space, addr, n uint64) uint64 {
	t.Helper()
	w, f := s.Load(addr, n)
	if f != nil {
		t.Fatalf("load %d bytes at %#x: %v", n, addr, f)
	}
	return w.Lo
}

// TestCopyOnWrite checks that after a fork each space sees only its own
// writes, through every writing entry point, and that the parent keeps
// working on its own copy after the child wrote (and the other way round).
func TestCopyOnWrite(t *testing.T) {
	for _, c := range []struct {
		name  string
		write func(t *testing.T, s *memory.Space, o *memory.Object)
	}{
		{"Store", func(t *testing.T, s *memory.Space, o *memory.Object) { mustStore(t, s, o.Address()+4, 4, 0xdeadbeef) }},
		{"Write", func(t *testing.T, s *memory.Space, o *memory.Object) {
			b, f := s.Write(o.Address()+4, 4)
			if f != nil {
				t.Fatal(f)
			}
			copy(b, []byte{0xef, 0xbe, 0xad, 0xde})
		}},
		{"StoreExpr", func(t *testing.T, s *memory.Space, o *memory.Object) {
			if f := s.StoreExpr(o.Address()+4, 4, s.B.U64(0xdeadbeef, 32)); f != nil {
				t.Fatal(f)
			}
		}},
		{"Copy", func(t *testing.T, s *memory.Space, o *memory.Object) {
			src := alloc(t, s, memory.Heap, 4, "src")
			mustStore(t, s, src.Address(), 4, 0xdeadbeef)
			if f := s.Copy(o.Address()+4, src.Address(), 4); f != nil {
				t.Fatal(f)
			}
		}},
		{"Free", func(t *testing.T, s *memory.Space, o *memory.Object) {
			if f := s.Free(o.Address()); f != nil {
				t.Fatal(f)
			}
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			parent := newSpace()
			o := alloc(t, parent, memory.Heap, 16, "buf")
			mustStore(t, parent, o.Address(), 8, 0x0102030405060708)
			child := parent.Fork()

			c.write(t, child, child.Object(o.ID))
			if got := load(t, parent, o.Address(), 8); got != 0x0102030405060708 {
				t.Errorf("parent sees the child's write: %#x", got)
			}
			if parent.Object(o.ID) == child.Object(o.ID) {
				t.Errorf("child wrote into the shared object instead of its copy")
			}
			if c.name == "Free" {
				if !child.Object(o.ID).Freed || parent.Object(o.ID).Freed {
					t.Errorf("free: child freed %v, parent freed %v", child.Object(o.ID).Freed, parent.Object(o.ID).Freed)
				}
				if parent.HeapBytes != 16 || child.HeapBytes != 0 {
					t.Errorf("heap bytes: parent %d, child %d", parent.HeapBytes, child.HeapBytes)
				}
				return
			}
			if got := load(t, child, o.Address()+4, 4); got != 0xdeadbeef {
				t.Errorf("child reads back %#x", got)
			}
			// The parent writes after the child: neither sees the other.
			mustStore(t, parent, o.Address(), 1, 0xaa)
			if got := load(t, child, o.Address(), 1); got != 0x08 {
				t.Errorf("child sees the parent's later write: %#x", got)
			}
			if got := load(t, parent, o.Address()+4, 4); got != 0x01020304 {
				t.Errorf("parent's bytes 4..8 = %#x, want its own 0x01020304", got)
			}
		})
	}
}

// TestCopyOnWriteSymbolic checks that symbolic bytes are copied on write
// too: making an object symbolic in one fork leaves the other concrete.
func TestCopyOnWriteSymbolic(t *testing.T) {
	parent := newSpace()
	o := alloc(t, parent, memory.Global, 4, "x")
	mustStore(t, parent, o.Address(), 4, 7)
	child := parent.Fork()
	child.MakeSymbolic(child.Object(o.ID), child.B.NewArray("x", 4, nil))
	if parent.Object(o.ID).IsSymbolic() {
		t.Fatal("parent's object became symbolic")
	}
	if got := load(t, parent, o.Address(), 4); got != 7 {
		t.Errorf("parent reads %d", got)
	}
	if _, e, f := child.LoadExpr(o.Address(), 4); f != nil || e == nil {
		t.Errorf("child LoadExpr: expr %v, fault %v; want a symbolic value", e, f)
	}
	if _, f := child.Load(o.Address(), 4); f == nil || f.Kind != memory.SymbolicData {
		t.Errorf("concrete Load of symbolic bytes: fault %v, want SymbolicData", f)
	}
}

// assign evaluates memory expressions under concrete input bytes.
type assign map[*expr.Array][]byte

func (a assign) Byte(arr *expr.Array, i uint64) byte { return a[arr][i] }

// TestSymbolicOffset reads and writes at symbolic offsets and checks the
// resulting expressions, for every value of the offset, against a plain
// byte slice that models the same accesses.
func TestSymbolicOffset(t *testing.T) {
	const size = 8
	init := []byte{10, 11, 12, 13, 14, 15, 16, 17}
	for _, c := range []struct {
		name string
		n    uint64 // access size
		// symByte makes byte 2 symbolic (input value 0x99) before the access.
		symByte bool
		write   bool
	}{
		{name: "read 1 byte", n: 1},
		{name: "read 4 bytes", n: 4},
		{name: "read past a symbolic byte", n: 2, symByte: true},
		{name: "write 1 byte", n: 1, write: true},
		{name: "write 2 bytes", n: 2, write: true},
		{name: "write over a symbolic byte", n: 4, symByte: true, write: true},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := newSpace()
			o := alloc(t, s, memory.Stack, size, "a")
			b, _ := s.Write(o.Address(), size)
			copy(b, init)
			in := s.B.NewArray("in", 2, nil) // in[0]: the offset, in[1]: a symbolic byte value
			model := append([]byte(nil), init...)
			if c.symByte {
				if f := s.StoreExpr(o.Address()+2, 1, s.B.Byte(in, 1)); f != nil {
					t.Fatal(f)
				}
			}
			off := s.B.ZExt(s.B.Byte(in, 0), 64)
			val := s.B.U64(0xa1b2c3d4, 32)
			var got *expr.Expr
			if c.write {
				if f := s.WriteAt(o, off, c.n, val); f != nil {
					t.Fatal(f)
				}
			} else {
				got = s.ReadAt(o, off, c.n)
				if got.Width() != int(8*c.n) {
					t.Fatalf("ReadAt width %d", got.Width())
				}
			}
			for k := uint64(0); k+c.n <= size; k++ {
				a := assign{in: {byte(k), 0x99}}
				ev := expr.NewEvaluator(a)
				m := append([]byte(nil), model...)
				if c.symByte {
					m[2] = 0x99
				}
				if c.write {
					for i := uint64(0); i < c.n; i++ {
						m[k+i] = byte(uint32(0xa1b2c3d4) >> (8 * i))
					}
					// Every byte of the object, read back concretely.
					for i := uint64(0); i < size; i++ {
						w, e, f := s.LoadExpr(o.Address()+i, 1)
						if f != nil {
							t.Fatal(f)
						}
						if e != nil {
							w = ev.Eval(e)
						}
						if gv := w.Lo; byte(gv) != m[i] {
							t.Errorf("offset %d: byte %d = %#x, want %#x", k, i, gv, m[i])
						}
					}
					continue
				}
				var want uint64
				for i := c.n; i > 0; i-- {
					want = want<<8 | uint64(m[k+i-1])
				}
				if gv := ev.Eval(got).Lo; gv != want {
					t.Errorf("offset %d: read %#x, want %#x", k, gv, want)
				}
			}
		})
	}
}

func TestSymbolicOffsetLimits(t *testing.T) {
	s := newSpace()
	big := alloc(t, s, memory.Heap, memory.MaxSymbolicWrite+1, "big")
	ro := alloc(t, s, memory.Global, 4, "ro")
	ro.ReadOnly = true
	off := s.B.ZExt(s.B.Byte(s.B.NewArray("i", 1, nil), 0), 64)
	for _, c := range []struct {
		name string
		o    *memory.Object
		want memory.FaultKind
	}{
		{"too large", big, memory.TooLarge},
		{"read-only", ro, memory.WriteReadOnly},
	} {
		f := s.WriteAt(c.o, off, 1, s.B.U64(1, 8))
		if f == nil || f.Kind != c.want {
			t.Errorf("%s: fault %v, want kind %d", c.name, f, c.want)
		}
	}
}

func TestFaults(t *testing.T) {
	s := newSpace()
	heap := alloc(t, s, memory.Heap, 8, "h")
	ro := alloc(t, s, memory.Global, 8, "str")
	ro.ReadOnly = true
	fn := alloc(t, s, memory.Function, 0, "main")
	stack := alloc(t, s, memory.Stack, 4, "local")
	freed := alloc(t, s, memory.Heap, 4, "gone")
	if f := s.Free(freed.Address()); f != nil {
		t.Fatal(f)
	}
	s.Kill(stack.ID)
	for _, c := range []struct {
		name string
		op   func() *memory.Fault
		want memory.FaultKind
		obj  *memory.Object
	}{
		{"null load", func() *memory.Fault { _, f := s.Load(0, 4); return f }, memory.NullDeref, nil},
		{"small address", func() *memory.Fault { _, f := s.Load(16, 1); return f }, memory.NullDeref, nil},
		{"no such object", func() *memory.Fault { _, f := s.Load(memory.Address(99, 0), 1); return f }, memory.OutOfBounds, nil},
		{"one past the end", func() *memory.Fault { _, f := s.Load(heap.Address()+8, 1); return f }, memory.OutOfBounds, heap},
		{"straddling the end", func() *memory.Fault { _, f := s.Load(heap.Address()+6, 4); return f }, memory.OutOfBounds, heap},
		{"store past the end", func() *memory.Fault { return s.Store(heap.Address()+5, 4, arith.Word{}) }, memory.OutOfBounds, heap},
		{"just below an object", func() *memory.Fault { _, f := s.Load(ro.Address()-1, 1); return f }, memory.OutOfBounds, ro},
		{"write read-only", func() *memory.Fault { return s.Store(ro.Address(), 1, arith.Word{}) }, memory.WriteReadOnly, ro},
		{"read function", func() *memory.Fault { _, f := s.Load(fn.Address(), 0); return f }, memory.NotData, fn},
		{"use after free", func() *memory.Fault { _, f := s.Load(freed.Address(), 1); return f }, memory.UseAfterFree, freed},
		{"dead stack object", func() *memory.Fault { _, f := s.Load(stack.Address(), 4); return f }, memory.UseAfterFree, s.Object(stack.ID)},
		{"double free", func() *memory.Fault { return s.Free(freed.Address()) }, memory.DoubleFree, freed},
		{"free inside an object", func() *memory.Fault { return s.Free(heap.Address() + 1) }, memory.InvalidFree, heap},
		{"free a global", func() *memory.Fault { return s.Free(ro.Address()) }, memory.InvalidFree, ro},
		{"free a stack object", func() *memory.Fault { return s.Free(s.Object(stack.ID).Address()) }, memory.InvalidFree, s.Object(stack.ID)},
		{"unterminated string", func() *memory.Fault { _, f := s.CString(heap.Address(), 100); return f }, memory.OutOfBounds, heap},
	} {
		if c.name == "unterminated string" {
			mustStore(t, s, heap.Address(), 8, 0x4141414141414141)
		}
		f := c.op()
		switch {
		case f == nil:
			t.Errorf("%s: no fault", c.name)
		case f.Kind != c.want:
			t.Errorf("%s: %v (kind %d), want kind %d", c.name, f, f.Kind, c.want)
		case f.Obj != c.obj:
			t.Errorf("%s: fault names object %v, want %v", c.name, f.Obj, c.obj)
		case f.Error() == "":
			t.Errorf("%s: empty message", c.name)
		}
	}
	if f := s.Free(0); f != nil {
		t.Errorf("free(NULL): %v", f)
	}
	if _, err := s.Alloc(memory.Heap, memory.MaxObjectSize+1, "huge"); err == nil {
		t.Error("allocation above the object limit succeeded")
	}
}

// TestStackReuse checks the quarantine: a dead stack object's ID is not
// reused until many others died, the reused object is zeroed, and reuse
// in a fork does not disturb the other state's object.
func TestStackReuse(t *testing.T) {
	s := newSpace()
	first := alloc(t, s, memory.Stack, 8, "first")
	mustStore(t, s, first.Address(), 8, 0x1122334455667788)
	s.Kill(first.ID)
	ids := map[memory.ObjectID]bool{first.ID: true}
	var reused *memory.Object
	for i := 0; i < 5000 && reused == nil; i++ {
		o := alloc(t, s, memory.Stack, 8, "frame")
		if ids[o.ID] {
			reused = o
			if i < 1000 {
				t.Errorf("ID %d reused after only %d deaths", o.ID, i+1)
			}
			break
		}
		ids[o.ID] = true
		s.Kill(o.ID)
	}
	if reused == nil {
		t.Fatal("no stack ID was ever reused")
	}
	if reused.ID != first.ID {
		t.Errorf("reused ID %d, want the oldest dead one %d", reused.ID, first.ID)
	}
	if b, f := s.Read(reused.Address(), 8); f != nil || !bytes.Equal(b, make([]byte, 8)) {
		t.Errorf("reused object holds % x (fault %v), want zeros", b, f)
	}

	// Reuse in a fork: the parent's dead object stays dead and unchanged.
	parent := newSpace()
	var dead []*memory.Object
	for range 1025 { // one more than the quarantine holds
		o := alloc(t, parent, memory.Stack, 4, "f")
		dead = append(dead, o)
		parent.Kill(o.ID)
	}
	child := parent.Fork()
	o := alloc(t, child, memory.Stack, 4, "new")
	if o.ID != dead[0].ID {
		t.Fatalf("child reused ID %d, want %d", o.ID, dead[0].ID)
	}
	mustStore(t, child, o.Address(), 4, 1)
	if p := parent.Object(o.ID); !p.Freed || p == child.Object(o.ID) {
		t.Errorf("parent's object after the child's reuse: freed %v, shared %v", p.Freed, p == child.Object(o.ID))
	}
}

func TestCopySymbolic(t *testing.T) {
	s := newSpace()
	src := alloc(t, s, memory.Heap, 4, "src")
	dst := alloc(t, s, memory.Heap, 8, "dst")
	arr := s.B.NewArray("in", 4, nil)
	s.MakeSymbolic(src, arr)
	mustStore(t, s, dst.Address(), 8, 0x0807060504030201)
	if f := s.Copy(dst.Address()+2, src.Address(), 4); f != nil {
		t.Fatal(f)
	}
	addrs, bs, f := s.SymbolicRanges(dst.Address(), 8)
	if f != nil || len(addrs) != 4 || addrs[0] != dst.Address()+2 {
		t.Fatalf("symbolic ranges %v (fault %v), want bytes 2..5", addrs, f)
	}
	ev := expr.NewEvaluator(assign{arr: {0xa, 0xb, 0xc, 0xd}})
	for i, e := range bs {
		if got := ev.Eval(e).Lo; got != uint64(0xa+i) {
			t.Errorf("copied byte %d = %#x", i, got)
		}
	}
	// A concrete copy over symbolic bytes makes them concrete again.
	other := alloc(t, s, memory.Heap, 8, "other")
	if f := s.Copy(dst.Address(), other.Address(), 8); f != nil {
		t.Fatal(f)
	}
	if got := load(t, s, dst.Address(), 8); got != 0 {
		t.Errorf("after a concrete copy: %#x", got)
	}
}
