package ir

import (
	"fmt"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/llir/llvm/ir/types"
)

// TypeKind classifies lowered types.
type TypeKind uint8

// Type kinds.
const (
	VoidType TypeKind = iota
	IntType
	FloatType
	PtrType
	StructType
	ArrayType
	VectorType
	FuncType
	LabelType
	MetadataType
	TokenType
)

// Type is an LLVM type lowered to the x86_64 data layout. Aggregates are
// also flattened into their scalar leaves, which is how the executor holds
// struct and array values in registers.
type Type struct {
	Kind  TypeKind
	Bits  int        // integer width; pointer 64; float 32/64/80
	FK    arith.Kind // float kind for FloatType
	Size  uint64     // allocation size (sizeof)
	Store uint64     // bytes a load/store touches (10 for x86_fp80)
	Align uint64
	Elem  *Type   // array, vector and pointer element
	Len   uint64  // array/vector length
	Field []*Type // struct fields
	Off   []uint64
	// Leaves are the scalar components of an aggregate in memory order;
	// LeafStart[i] is the first leaf of struct field / array element i.
	Leaves    []Leaf
	LeafStart []int
	Name      string
}

// Leaf is one scalar component of an aggregate at a byte offset.
type Leaf struct {
	Off uint64
	T   *Type
}

// IsAggregate reports whether values of the type are held as leaf lists.
func (t *Type) IsAggregate() bool { return t.Kind == StructType || t.Kind == ArrayType }

func (t *Type) String() string {
	switch t.Kind {
	case VoidType:
		return "void"
	case IntType:
		return fmt.Sprintf("i%d", t.Bits)
	case FloatType:
		switch t.FK {
		case arith.F32:
			return "float"
		case arith.F64:
			return "double"
		}
		return "x86_fp80"
	case PtrType:
		return "ptr"
	case ArrayType:
		return fmt.Sprintf("[%d x %s]", t.Len, t.Elem)
	case VectorType:
		return fmt.Sprintf("<%d x %s>", t.Len, t.Elem)
	case StructType:
		if t.Name != "" {
			return "%" + t.Name
		}
		return "struct"
	}
	return "type"
}

// typeLowerer caches lowered types for one module.
type typeLowerer struct {
	cache map[types.Type]*Type
}

var (
	voidT  = &Type{Kind: VoidType}
	labelT = &Type{Kind: LabelType}
	metaT  = &Type{Kind: MetadataType}
)

func alignTo(x, a uint64) uint64 {
	if a <= 1 {
		return x
	}
	return (x + a - 1) / a * a
}

// intAlign follows LLVM 14's rule for the x86_64 layout string
// ("i64:64", natural i8/i16/i32): the smallest specified integer type at
// least as wide, or the widest one (i64) when none is.
func intAlign(bits int) uint64 {
	switch {
	case bits <= 8:
		return 1
	case bits <= 16:
		return 2
	case bits <= 32:
		return 4
	default:
		return 8
	}
}

func (tl *typeLowerer) lower(t types.Type) (*Type, error) {
	if r, ok := tl.cache[t]; ok {
		return r, nil
	}
	r, err := tl.lowerUncached(t)
	if err != nil {
		return nil, err
	}
	tl.cache[t] = r
	return r, nil
}

func (tl *typeLowerer) lowerUncached(t types.Type) (*Type, error) {
	switch t := t.(type) {
	case *types.VoidType:
		return voidT, nil
	case *types.LabelType:
		return labelT, nil
	case *types.MetadataType:
		return metaT, nil
	case *types.TokenType:
		return &Type{Kind: TokenType}, nil
	case *types.IntType:
		bits := int(t.BitSize)
		if bits > 128 {
			return nil, fmt.Errorf("integer type i%d is wider than the supported 128 bits", bits)
		}
		st := uint64(bits+7) / 8
		al := intAlign(bits)
		return &Type{Kind: IntType, Bits: bits, Store: st, Align: al, Size: alignTo(st, al)}, nil
	case *types.FloatType:
		switch t.Kind {
		case types.FloatKindFloat:
			return &Type{Kind: FloatType, Bits: 32, FK: arith.F32, Store: 4, Size: 4, Align: 4}, nil
		case types.FloatKindDouble:
			return &Type{Kind: FloatType, Bits: 64, FK: arith.F64, Store: 8, Size: 8, Align: 8}, nil
		case types.FloatKindX86_FP80:
			return &Type{Kind: FloatType, Bits: 80, FK: arith.F80, Store: 10, Size: 16, Align: 16}, nil
		}
		return nil, fmt.Errorf("floating-point type %s is not supported (float, double and x86_fp80 are)", t)
	case *types.PointerType:
		r := &Type{Kind: PtrType, Bits: 64, Store: 8, Size: 8, Align: 8}
		// Pointee types can be recursive; they are lowered lazily by users
		// that need them (GEP, alloca), never here.
		return r, nil
	case *types.ArrayType:
		el, err := tl.lower(t.ElemType)
		if err != nil {
			return nil, err
		}
		if err := checkArraySize(t, el); err != nil {
			return nil, err
		}
		r := &Type{Kind: ArrayType, Elem: el, Len: t.Len, Align: el.Align, Size: el.Size * t.Len}
		r.Store = r.Size
		tl.flatten(r)
		return r, nil
	case *types.VectorType:
		el, err := tl.lower(t.ElemType)
		if err != nil {
			return nil, err
		}
		sz := el.Store * t.Len
		if el.Kind == IntType && el.Bits%8 != 0 {
			sz = (uint64(el.Bits)*t.Len + 7) / 8
		}
		al := uint64(1)
		for al < sz && al < 64 {
			al *= 2
		}
		return &Type{Kind: VectorType, Elem: el, Len: t.Len, Store: sz, Align: al, Size: alignTo(sz, al)}, nil
	case *types.StructType:
		if t.Opaque {
			return &Type{Kind: StructType, Name: t.TypeName, Align: 1}, nil
		}
		r := &Type{Kind: StructType, Name: t.TypeName, Align: 1}
		// Register before lowering fields: a struct may contain pointers to
		// itself (pointers don't recurse, but be safe).
		tl.cache[t] = r
		off := uint64(0)
		for _, ft := range t.Fields {
			f, err := tl.lower(ft)
			if err != nil {
				return nil, err
			}
			if !t.Packed {
				off = alignTo(off, f.Align)
				if f.Align > r.Align {
					r.Align = f.Align
				}
			}
			r.Field = append(r.Field, f)
			r.Off = append(r.Off, off)
			off += f.Size
		}
		r.Size = alignTo(off, r.Align)
		r.Store = r.Size
		tl.flatten(r)
		return r, nil
	case *types.FuncType:
		return &Type{Kind: FuncType}, nil
	}
	return nil, fmt.Errorf("type %s is not supported", t)
}

// flatten computes the scalar leaves of an aggregate type.
func (tl *typeLowerer) flatten(r *Type) {
	r.Leaves = r.Leaves[:0]
	r.LeafStart = r.LeafStart[:0]
	add := func(off uint64, t *Type) {
		r.LeafStart = append(r.LeafStart, len(r.Leaves))
		if t.IsAggregate() {
			for _, l := range t.Leaves {
				r.Leaves = append(r.Leaves, Leaf{Off: off + l.Off, T: l.T})
			}
			return
		}
		r.Leaves = append(r.Leaves, Leaf{Off: off, T: t})
	}
	switch r.Kind {
	case StructType:
		for i, f := range r.Field {
			add(r.Off[i], f)
		}
	case ArrayType:
		for i := uint64(0); i < r.Len; i++ {
			add(i*r.Elem.Size, r.Elem)
		}
	}
	r.LeafStart = append(r.LeafStart, len(r.Leaves))
}

// LeafRange returns the leaves [start, end) that an extractvalue /
// insertvalue index path designates, and the type at that path.
func (t *Type) LeafRange(path []uint64) (start, end int, sub *Type, err error) {
	cur := t
	for _, ix := range path {
		if !cur.IsAggregate() || int(ix) >= len(cur.LeafStart)-1 {
			return 0, 0, nil, fmt.Errorf("aggregate index %d out of range for %s", ix, cur)
		}
		start += cur.LeafStart[ix]
		if cur.Kind == StructType {
			cur = cur.Field[ix]
		} else {
			cur = cur.Elem
		}
	}
	n := 1
	if cur.IsAggregate() {
		n = len(cur.Leaves)
	}
	return start, start + n, cur, nil
}
