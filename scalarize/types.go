package scalarize

import (
	"fmt"

	"github.com/llir/llvm/ir/types"
)

// Values whose type holds a vector (a vector, or a struct or array with a
// vector inside, as clang's x86_64 ABI coercions build them: { <2 x float>,
// float } for struct { float x, y, z; }) are held as their leaves: every
// scalar component in memory order, vectors contributing one leaf per
// lane. In registers they travel as flat literal structs of those leaves.

// leafTypes lists the scalar leaves of a type.
func leafTypes(t types.Type) []types.Type {
	switch t := t.(type) {
	case *types.VectorType:
		out := make([]types.Type, t.Len)
		for k := range out {
			out[k] = t.ElemType
		}
		return out
	case *types.ArrayType:
		el := leafTypes(t.ElemType)
		var out []types.Type
		for k := uint64(0); k < t.Len; k++ {
			out = append(out, el...)
		}
		return out
	case *types.StructType:
		var out []types.Type
		for _, f := range t.Fields {
			out = append(out, leafTypes(f)...)
		}
		return out
	}
	return []types.Type{t}
}

// leafPaths lists the extractvalue index path of every leaf of an
// aggregate without vectors.
func leafPaths(t types.Type) [][]uint64 {
	var out [][]uint64
	var walk func(t types.Type, path []uint64)
	walk = func(t types.Type, path []uint64) {
		switch t := t.(type) {
		case *types.ArrayType:
			for k := uint64(0); k < t.Len; k++ {
				walk(t.ElemType, append(append([]uint64(nil), path...), k))
			}
			return
		case *types.StructType:
			for k, f := range t.Fields {
				walk(f, append(append([]uint64(nil), path...), uint64(k)))
			}
			return
		}
		out = append(out, path)
	}
	walk(t, nil)
	return out
}

// leafRange returns the leaves [lo, hi) an extractvalue/insertvalue path
// designates, and the type there.
func leafRange(t types.Type, path []uint64) (lo, hi int, sub types.Type, err error) {
	for _, ix := range path {
		switch ct := t.(type) {
		case *types.StructType:
			if int(ix) >= len(ct.Fields) {
				return 0, 0, nil, fmt.Errorf("index %d out of range for %s", ix, t)
			}
			for _, f := range ct.Fields[:ix] {
				lo += len(leafTypes(f))
			}
			t = ct.Fields[ix]
		case *types.ArrayType:
			lo += int(ix) * len(leafTypes(ct.ElemType))
			t = ct.ElemType
		default:
			return 0, 0, nil, fmt.Errorf("index into non-aggregate %s", t)
		}
	}
	return lo, lo + len(leafTypes(t)), t, nil
}

// flatStruct is the register form of a type with vectors: a literal
// struct of its leaves.
func flatStruct(t types.Type) *types.StructType {
	return types.NewStruct(leafTypes(t)...)
}

func isAggregate(t types.Type) bool {
	switch t.(type) {
	case *types.StructType, *types.ArrayType:
		return true
	}
	return false
}

func alignUp(x, a uint64) uint64 { return (x + a - 1) / a * a }

// layout gives LLVM 14's x86_64 store size, alloc size and alignment.
func layout(t types.Type) (store, size, align uint64, err error) {
	switch t := t.(type) {
	case *types.IntType:
		store = (t.BitSize + 7) / 8
		switch {
		case t.BitSize <= 8:
			align = 1
		case t.BitSize <= 16:
			align = 2
		case t.BitSize <= 32:
			align = 4
		default:
			align = 8
		}
		return store, alignUp(store, align), align, nil
	case *types.FloatType:
		switch t.Kind {
		case types.FloatKindFloat:
			return 4, 4, 4, nil
		case types.FloatKindDouble:
			return 8, 8, 8, nil
		case types.FloatKindX86_FP80:
			return 10, 16, 16, nil
		}
	case *types.PointerType:
		return 8, 8, 8, nil
	case *types.VectorType:
		if packed(t.ElemType) {
			return 0, 0, 0, fmt.Errorf("bit-packed vector %s inside an aggregate is not supported", t)
		}
		es, _, _, err := layout(t.ElemType)
		if err != nil {
			return 0, 0, 0, err
		}
		store = es * t.Len
		align = 1
		for align < store && align < 64 {
			align *= 2
		}
		return store, alignUp(store, align), align, nil
	case *types.ArrayType:
		_, es, ea, err := layout(t.ElemType)
		if err != nil {
			return 0, 0, 0, err
		}
		return es * t.Len, es * t.Len, ea, nil
	case *types.StructType:
		off, align := uint64(0), uint64(1)
		for _, f := range t.Fields {
			_, fs, fa, err := layout(f)
			if err != nil {
				return 0, 0, 0, err
			}
			if !t.Packed {
				off = alignUp(off, fa)
				if fa > align {
					align = fa
				}
			}
			off += fs
		}
		size = alignUp(off, align)
		return size, size, align, nil
	}
	return 0, 0, 0, fmt.Errorf("type %s is not supported", t)
}

// leafOffsets gives the byte offset of every leaf of a type in memory.
func leafOffsets(t types.Type) ([]uint64, error) {
	switch t := t.(type) {
	case *types.VectorType:
		es, _, _, err := layout(t.ElemType)
		if err != nil {
			return nil, err
		}
		out := make([]uint64, t.Len)
		for k := range out {
			out[k] = uint64(k) * es
		}
		return out, nil
	case *types.ArrayType:
		_, es, _, err := layout(t.ElemType)
		if err != nil {
			return nil, err
		}
		el, err := leafOffsets(t.ElemType)
		if err != nil {
			return nil, err
		}
		var out []uint64
		for k := uint64(0); k < t.Len; k++ {
			for _, o := range el {
				out = append(out, k*es+o)
			}
		}
		return out, nil
	case *types.StructType:
		var out []uint64
		off := uint64(0)
		for _, f := range t.Fields {
			_, fs, fa, err := layout(f)
			if err != nil {
				return nil, err
			}
			if !t.Packed {
				off = alignUp(off, fa)
			}
			el, err := leafOffsets(f)
			if err != nil {
				return nil, err
			}
			for _, o := range el {
				out = append(out, off+o)
			}
			off += fs
		}
		return out, nil
	}
	return []uint64{0}, nil
}
