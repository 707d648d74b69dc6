package scalarize

import (
	"fmt"

	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

// laneBits is the width of a lane in a bitcast: x86_fp80 lanes are not
// supported (no vector of them appears in clang's x86_64 output).
func laneBits(t types.Type) (uint64, error) {
	switch t := t.(type) {
	case *types.IntType:
		return t.BitSize, nil
	case *types.FloatType:
		switch t.Kind {
		case types.FloatKindFloat:
			return 32, nil
		case types.FloatKindDouble:
			return 64, nil
		}
	case *types.PointerType:
		return 64, nil
	}
	return 0, fmt.Errorf("lanes of type %s are not supported", t)
}

// asInt reinterprets a lane as an integer of its width.
func (c *fn) asInt(v value.Value) value.Value {
	switch t := v.Type().(type) {
	case *types.FloatType:
		bits, _ := laneBits(t)
		return c.emit(ir.NewBitCast(v, types.NewInt(bits)))
	case *types.PointerType:
		return c.emit(ir.NewPtrToInt(v, types.I64))
	}
	return v
}

// fromInt reinterprets an integer as a lane of type t.
func (c *fn) fromInt(v value.Value, t types.Type) value.Value {
	switch t.(type) {
	case *types.FloatType:
		return c.emit(ir.NewBitCast(v, t))
	case *types.PointerType:
		return c.emit(ir.NewIntToPtr(v, t))
	}
	return v
}

func lanesType(t types.Type) (n uint64, elem types.Type) {
	if vt, ok := t.(*types.VectorType); ok {
		return vt.Len, vt.ElemType
	}
	return 1, t
}

// bitcast reinterprets the bits of from (vector or scalar) as lanes of to
// (one lane for a scalar), little-endian: lane 0 holds the lowest bits.
func (c *fn) bitcast(from value.Value, to types.Type) ([]value.Value, error) {
	var src []value.Value
	if isVector(from.Type()) {
		var err error
		if src, err = c.lanesOf(from); err != nil {
			return nil, err
		}
	} else {
		src = []value.Value{c.scalar(from)}
	}
	_, selem := lanesType(from.Type())
	dn, delem := lanesType(to)
	sb, err := laneBits(selem)
	if err != nil {
		return nil, err
	}
	db, err := laneBits(delem)
	if err != nil {
		return nil, err
	}
	if sb*uint64(len(src)) != db*dn {
		return nil, fmt.Errorf("bitcast between types of different sizes")
	}
	out := make([]value.Value, dn)
	if sb == db {
		for k, v := range src {
			switch {
			case types.Equal(v.Type(), delem):
				out[k] = v
			case isPtr(v.Type()) && isPtr(delem):
				out[k] = c.emit(ir.NewBitCast(v, delem))
			default:
				out[k] = c.fromInt(c.asInt(v), delem)
			}
		}
		return out, nil
	}
	if sb > 128 || db > 128 {
		return nil, fmt.Errorf("bitcast through integers wider than 128 bits is not supported")
	}
	dT := types.NewInt(db)
	srcInt := make([]value.Value, len(src))
	for j := range out {
		lo, hi := uint64(j)*db, uint64(j+1)*db
		var acc value.Value
		for i := range src {
			slo, shi := uint64(i)*sb, uint64(i+1)*sb
			if shi <= lo || slo >= hi {
				continue
			}
			if srcInt[i] == nil {
				srcInt[i] = c.asInt(src[i])
			}
			piece := srcInt[i]
			sT := piece.Type().(*types.IntType)
			if slo < lo {
				piece = c.emit(ir.NewLShr(piece, constant.NewInt(sT, int64(lo-slo))))
			}
			switch {
			case sb > db:
				piece = c.emit(ir.NewTrunc(piece, dT))
			case sb < db:
				piece = c.emit(ir.NewZExt(piece, dT))
			}
			if slo > lo {
				piece = c.emit(ir.NewShl(piece, constant.NewInt(dT, int64(slo-lo))))
			}
			if acc == nil {
				acc = piece
			} else {
				acc = c.emit(ir.NewOr(acc, piece))
			}
		}
		out[j] = c.fromInt(acc, delem)
	}
	return out, nil
}

func isPtr(t types.Type) bool { _, ok := t.(*types.PointerType); return ok }

// packed reports whether lanes of the element type are bit-packed in
// memory (<N x i1>, any integer whose width is not whole bytes).
func packed(elem types.Type) bool {
	it, ok := elem.(*types.IntType)
	return ok && it.BitSize%8 != 0
}

// laneAddr returns the address of lane k of a vector at ptr.
func (c *fn) laneBase(ptr value.Value, elem types.Type) value.Value {
	return c.emit(ir.NewBitCast(c.scalar(ptr), types.NewPointer(elem)))
}

func laneAlign(align ir.Align, off uint64) ir.Align {
	a := uint64(align)
	if a == 0 {
		return 0
	}
	for off%a != 0 {
		a /= 2
	}
	return ir.Align(a)
}

func storeSize(t types.Type) uint64 {
	b, _ := laneBits(t)
	return (b + 7) / 8
}

func (c *fn) load(i *ir.InstLoad) error {
	vt, ok := i.ElemType.(*types.VectorType)
	if !ok {
		ptrs, lts, err := c.leafPtrs(i.Src, i.ElemType)
		if err != nil {
			return err
		}
		ls := make([]value.Value, len(ptrs))
		for k := range ptrs {
			ld := ir.NewLoad(lts[k], ptrs[k])
			ld.Volatile = i.Volatile
			ls[k] = c.emit(ld)
		}
		c.result(i, ls)
		return nil
	}
	if packed(vt.ElemType) {
		eb, _ := laneBits(vt.ElemType)
		bytes := (eb*vt.Len + 7) / 8
		wT := types.NewInt(bytes * 8)
		p := c.emit(ir.NewBitCast(c.scalar(i.Src), types.NewPointer(wT)))
		ld := ir.NewLoad(wT, p)
		ld.Align, ld.Volatile = i.Align, i.Volatile
		w := c.emit(ld)
		if bytes*8 != eb*vt.Len {
			w = c.emit(ir.NewTrunc(w, types.NewInt(eb*vt.Len)))
		}
		ls, err := c.bitcastInt(w, vt)
		if err != nil {
			return err
		}
		c.set(i, ls)
		return nil
	}
	if _, err := laneBits(vt.ElemType); err != nil {
		return err
	}
	base := c.laneBase(i.Src, vt.ElemType)
	sz := storeSize(vt.ElemType)
	ls := make([]value.Value, vt.Len)
	for k := range ls {
		p := base
		if k > 0 {
			p = c.emit(ir.NewGetElementPtr(vt.ElemType, base, i64(int64(k))))
		}
		ld := ir.NewLoad(vt.ElemType, p)
		ld.Align, ld.Volatile = laneAlign(i.Align, uint64(k)*sz), i.Volatile
		ls[k] = c.emit(ld)
	}
	c.set(i, ls)
	return nil
}

// bitcastInt splits an integer holding a packed vector into its lanes.
func (c *fn) bitcastInt(w value.Value, vt *types.VectorType) ([]value.Value, error) {
	tmp := &ir.InstBitCast{From: w, To: vt}
	_ = tmp
	return c.bitcast(w, vt)
}

func (c *fn) store(i *ir.InstStore) error {
	xs, err := c.lanesOf(i.Src)
	if err != nil {
		return err
	}
	vt, ok := i.Src.Type().(*types.VectorType)
	if !ok {
		ptrs, _, err := c.leafPtrs(i.Dst, i.Src.Type())
		if err != nil {
			return err
		}
		for k := range ptrs {
			st := ir.NewStore(xs[k], ptrs[k])
			st.Volatile = i.Volatile
			c.emit(st)
		}
		return nil
	}
	if packed(vt.ElemType) {
		eb, _ := laneBits(vt.ElemType)
		bytes := (eb*vt.Len + 7) / 8
		ws, err := c.bitcast(i.Src, types.NewInt(eb*vt.Len))
		if err != nil {
			return err
		}
		w := ws[0]
		wT := types.NewInt(bytes * 8)
		if bytes*8 != eb*vt.Len {
			w = c.emit(ir.NewZExt(w, wT))
		}
		p := c.emit(ir.NewBitCast(c.scalar(i.Dst), types.NewPointer(wT)))
		st := ir.NewStore(w, p)
		st.Align, st.Volatile = i.Align, i.Volatile
		c.emit(st)
		return nil
	}
	if _, err := laneBits(vt.ElemType); err != nil {
		return err
	}
	base := c.laneBase(i.Dst, vt.ElemType)
	sz := storeSize(vt.ElemType)
	for k := range xs {
		p := base
		if k > 0 {
			p = c.emit(ir.NewGetElementPtr(vt.ElemType, base, i64(int64(k))))
		}
		st := ir.NewStore(xs[k], p)
		st.Align, st.Volatile = laneAlign(i.Align, uint64(k)*sz), i.Volatile
		c.emit(st)
	}
	return nil
}

// gep computes one address per lane; scalar operands are shared by every
// lane (LLVM splats them).
func (c *fn) gep(i *ir.InstGetElementPtr) error {
	vt, ok := i.Typ.(*types.VectorType)
	if !ok {
		// A scalar GEP over a vector type (indexing into <N x T> in
		// memory) needs no rewrite.
		c.out = append(c.out, i)
		return nil
	}
	lane := func(v value.Value, k int) (value.Value, error) {
		if isVector(v.Type()) {
			ls, err := c.lanesOf(v)
			if err != nil {
				return nil, err
			}
			return ls[k], nil
		}
		return c.scalar(v), nil
	}
	ls := make([]value.Value, vt.Len)
	for k := range ls {
		src, err := lane(i.Src, k)
		if err != nil {
			return err
		}
		idx := make([]value.Value, len(i.Indices))
		for j, x := range i.Indices {
			if idx[j], err = lane(x, k); err != nil {
				return err
			}
		}
		g := ir.NewGetElementPtr(i.ElemType, src, idx...)
		g.InBounds = i.InBounds
		ls[k] = c.emit(g)
	}
	c.set(i, ls)
	return nil
}

// leafPtrs returns the address of every leaf of an aggregate with vectors
// stored at ptr, at the offsets of LLVM's layout.
func (c *fn) leafPtrs(ptr value.Value, t types.Type) ([]value.Value, []types.Type, error) {
	offs, err := leafOffsets(t)
	if err != nil {
		return nil, nil, err
	}
	lts := leafTypes(t)
	base := c.emit(ir.NewBitCast(c.scalar(ptr), types.I8Ptr))
	ptrs := make([]value.Value, len(offs))
	for k, off := range offs {
		p := base
		if off > 0 {
			p = c.emit(ir.NewGetElementPtr(types.I8, base, i64(int64(off))))
		}
		ptrs[k] = c.emit(ir.NewBitCast(p, types.NewPointer(lts[k])))
	}
	return ptrs, lts, nil
}

// dummySlot is a zeroed stack slot that disabled lanes of masked memory
// operations read and write instead of their (possibly invalid) address,
// so a masked operation needs no extra control flow.
func (c *fn) dummySlot(t types.Type) value.Value {
	if v, ok := c.dummy[t]; ok {
		return v
	}
	a := ir.NewAlloca(t)
	st := ir.NewStore(zeroOf(t), a)
	c.entry = append(c.entry, a, st)
	c.dummy[t] = a
	return a
}

// maskedLanes loads (store=false) or stores the enabled lanes.
func (c *fn) masked(ptrs []value.Value, mask []value.Value, elem types.Type, vals, pass []value.Value, store bool) []value.Value {
	out := make([]value.Value, len(ptrs))
	for k := range ptrs {
		m := mask[k]
		if ci, ok := m.(*constant.Int); ok {
			if ci.X.Sign() == 0 {
				if !store {
					out[k] = pass[k]
				}
				continue
			}
			if store {
				c.emit(ir.NewStore(vals[k], ptrs[k]))
			} else {
				out[k] = c.emit(ir.NewLoad(elem, ptrs[k]))
			}
			continue
		}
		addr := c.emit(ir.NewSelect(m, ptrs[k], c.dummySlot(elem)))
		if store {
			c.emit(ir.NewStore(vals[k], addr))
			continue
		}
		v := c.emit(ir.NewLoad(elem, addr))
		out[k] = c.emit(ir.NewSelect(m, v, pass[k]))
	}
	return out
}

func (c *fn) lanePtrs(ptr value.Value, vt *types.VectorType) []value.Value {
	base := c.laneBase(ptr, vt.ElemType)
	ps := make([]value.Value, vt.Len)
	for k := range ps {
		if k == 0 {
			ps[k] = base
			continue
		}
		ps[k] = c.emit(ir.NewGetElementPtr(vt.ElemType, base, i64(int64(k))))
	}
	return ps
}

var _ = enum.IPredEQ
