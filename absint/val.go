package absint

import (
	"fmt"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

// VKind says which domain a Val holds.
type VKind uint8

// Value kinds. VNone is the bottom: a register not yet defined on any
// path reaching the point.
const (
	VNone VKind = iota
	VInt
	VFloat
	VPtr
)

// PVal abstracts a pointer: into object Obj (when HasObj) at an offset in
// Off, and/or null. Unknown is any address at all (function pointers,
// integers cast to pointers): using it is unsupported.
type PVal struct {
	HasObj  bool
	Obj     int32
	Off     IVal
	Null    bool
	Unknown bool
}

// Val is the abstract value of one register or memory cell.
type Val struct {
	Kind VKind
	I    IVal
	F    FVal
	P    PVal
}

func intVal(i IVal) Val    { return Val{Kind: VInt, I: i} }
func fltVal(f FVal) Val    { return Val{Kind: VFloat, F: f} }
func ptrVal(p PVal) Val    { return Val{Kind: VPtr, P: p} }
func objPtr(obj int32) Val { return ptrVal(PVal{HasObj: true, Obj: obj, Off: IRange(64, 0, 0)}) }

// topOf is every value of the scalar type t.
func topOf(t *ir.Type) (Val, error) {
	switch t.Kind {
	case ir.IntType:
		if t.Bits > 64 {
			return Val{}, fmt.Errorf("integers wider than 64 bits (%s)", t)
		}
		return intVal(ITop(t.Bits)), nil
	case ir.FloatType:
		return fltVal(FTop(t.FK)), nil
	case ir.PtrType:
		return ptrVal(PVal{Unknown: true}), nil
	}
	return Val{}, fmt.Errorf("values of type %s", t)
}

// IsBottom reports whether v holds no value.
func (v Val) IsBottom() bool {
	switch v.Kind {
	case VInt:
		return v.I.Empty
	case VFloat:
		return v.F.IsBottom()
	case VPtr:
		return !v.P.HasObj && !v.P.Null && !v.P.Unknown
	}
	return true
}

// Join is the least upper bound (values of one register share a kind).
func (v Val) Join(o Val) Val {
	switch {
	case v.Kind == VNone:
		return o
	case o.Kind == VNone:
		return v
	}
	switch v.Kind {
	case VInt:
		v.I = v.I.Join(o.I)
	case VFloat:
		v.F = v.F.Join(o.F)
	case VPtr:
		v.P = v.P.join(o.P)
	}
	return v
}

// Widen extrapolates v by o.
func (v Val) Widen(o Val, th *thresholds) Val {
	switch {
	case v.Kind == VNone:
		return o
	case o.Kind == VNone:
		return v
	}
	switch v.Kind {
	case VInt:
		v.I = v.I.Widen(o.I, th.ints)
	case VFloat:
		v.F = v.F.Widen(o.F, th.floats[v.F.K])
	case VPtr:
		p := v.P.join(o.P)
		if p.HasObj && !v.P.Off.Empty && !o.P.Off.Empty {
			p.Off = v.P.Off.Widen(o.P.Off, th.ints)
		}
		v.P = p
	}
	return v
}

// Leq reports v ⊑ o.
func (v Val) Leq(o Val) bool {
	if v.Kind == VNone {
		return true
	}
	if o.Kind == VNone {
		return v.IsBottom()
	}
	switch v.Kind {
	case VInt:
		return v.I.Leq(o.I)
	case VFloat:
		return v.F.Leq(o.F)
	}
	p, q := v.P, o.P
	if q.Unknown {
		return true
	}
	if p.Unknown || (p.Null && !q.Null) || (p.HasObj && (!q.HasObj || p.Obj != q.Obj)) {
		return false
	}
	return !p.HasObj || p.Off.Leq(q.Off)
}

func (p PVal) join(o PVal) PVal {
	r := PVal{Null: p.Null || o.Null, Unknown: p.Unknown || o.Unknown}
	switch {
	case p.HasObj && o.HasObj && p.Obj != o.Obj:
		r.Unknown = true
	case p.HasObj && o.HasObj:
		r.HasObj, r.Obj, r.Off = true, p.Obj, p.Off.Join(o.Off)
	case p.HasObj:
		r.HasObj, r.Obj, r.Off = true, p.Obj, p.Off
	case o.HasObj:
		r.HasObj, r.Obj, r.Off = true, o.Obj, o.Off
	}
	return r
}

// String prints the value.
func (v Val) String() string {
	switch v.Kind {
	case VInt:
		return v.I.String()
	case VFloat:
		return v.F.String()
	case VPtr:
		if v.P.Unknown {
			return "ptr ⊤"
		}
		s := ""
		if v.P.HasObj {
			s = fmt.Sprintf("&obj%d+%s", v.P.Obj, v.P.Off)
		}
		if v.P.Null {
			if s != "" {
				s += " ∪ "
			}
			s += "null"
		}
		return s
	}
	return "⊥"
}

// Contains reports whether the concrete bits w (of a scalar of type t) are
// in v: the soundness tests' check.
func (v Val) Contains(t *ir.Type, w arith.Word) bool {
	switch v.Kind {
	case VInt:
		return v.I.Contains(w)
	case VFloat:
		return v.F.Contains(w)
	case VPtr:
		return true
	}
	return false
}

// thresholds are the widening thresholds: the program's constants and
// ladders of powers of two and ten, per float kind and for integers.
type thresholds struct {
	floats map[arith.Kind][]arith.Word
	ints   []int64
}
