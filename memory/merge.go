package memory

import (
	"fmt"

	"github.com/floatsym/floatsym/solver/expr"
)

// State merging (the executor's --merge): two spaces forked from one at a
// branch are joined into one whose differing bytes are if-then-else
// expressions over the condition of the first path. Only spaces with the
// same objects (same IDs, sizes, kinds, liveness; the same quarantine) can
// merge: a path that allocated or freed inside the merged region keeps its
// own state.

// MergeDiff counts the bytes in which o differs from s (an object shared
// copy-on-write costs nothing to compare), or returns an error saying why
// the two spaces cannot merge. ok, if not nil, must accept every pair of
// differing bytes (nil for a concrete byte).
func (s *Space) MergeDiff(o *Space, ok func(a, b *expr.Expr) bool) (int, error) {
	if ok == nil {
		return s.MergeDiffBy(o, nil)
	}
	return s.MergeDiffBy(o, func(_ ObjectID, a, b *expr.Expr) bool { return ok(a, b) })
}

// MergeDiffBy is MergeDiff with the object of each differing byte passed
// to ok (the executor's query count estimation judges objects apart).
func (s *Space) MergeDiffBy(o *Space, ok func(id ObjectID, a, b *expr.Expr) bool) (int, error) {
	if len(s.objs) != len(o.objs) || s.HeapBytes != o.HeapBytes || len(s.quarantine) != len(o.quarantine) {
		return 0, fmt.Errorf("different objects (%d and %d slots)", len(s.objs), len(o.objs))
	}
	for i, id := range s.quarantine {
		if o.quarantine[i] != id {
			return 0, fmt.Errorf("different dead stack objects")
		}
	}
	n := 0
	for id, a := range s.objs {
		b := o.objs[id]
		if a == b {
			continue
		}
		if a == nil || b == nil || a.Kind != b.Kind || a.Size != b.Size || a.Freed != b.Freed || a.ReadOnly != b.ReadOnly {
			return 0, fmt.Errorf("object %d differs in kind, size or liveness", id)
		}
		if a.Freed {
			continue
		}
		for i := uint64(0); i < a.Size; i++ {
			if sameByte(a, b, i) {
				continue
			}
			if ok != nil && !ok(ObjectID(id), symByte(a, i), symByte(b, i)) {
				return 0, fmt.Errorf("byte %d of object %d differs in a value not to merge", i, id)
			}
			n++
		}
	}
	return n, nil
}

// sameByte reports whether byte i is the same in a and b (expressions are
// hash-consed, so equal pointers are equal expressions).
func sameByte(a, b *Object, i uint64) bool {
	var ea, eb *expr.Expr
	if a.sym != nil {
		ea = a.sym[i]
	}
	if b.sym != nil {
		eb = b.sym[i]
	}
	if ea == nil && eb == nil {
		return a.bytes[i] == b.bytes[i]
	}
	return ea == eb
}

func symByte(o *Object, i uint64) *expr.Expr {
	if o.sym == nil {
		return nil
	}
	return o.sym[i]
}

// Merge makes every byte of s that differs from o the expression
// ite(cond, s's byte, o's byte). The spaces must have passed MergeDiff.
func (s *Space) Merge(o *Space, cond *expr.Expr) {
	for id, a := range s.objs {
		b := o.objs[id]
		if a == b || a == nil || a.Freed {
			continue
		}
		var w *Object
		for i := uint64(0); i < a.Size; i++ {
			if sameByte(a, b, i) {
				continue
			}
			if w == nil {
				w = s.writable(a)
			}
			s.setByte(w, i, s.B.Ite(cond, s.byteExpr(w, i), o.byteExpr(b, i)))
		}
	}
}
