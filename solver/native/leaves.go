package native

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// A leaf is an input variable the search gives values to: the bytes of
// symbolic arrays, grouped as the query reads them — a float (FromBits of
// a concatenation of bytes), an integer (a maximal concatenation of
// bytes) or a single byte.
type leaf struct {
	node  int
	bytes []byteRef // least significant first
	fp    bool
	k     arith.Kind
}

type byteRef struct {
	arr *expr.Array
	idx uint64
}

// byteVec lists the bytes of a concatenation of array bytes, least
// significant first (ok false if e is anything else).
func byteVec(e *expr.Expr) ([]byteRef, bool) {
	switch e.Op {
	case expr.OpByte:
		return []byteRef{{e.Arr, uint64(e.Aux)}}, true
	case expr.OpConcat:
		lo, ok1 := byteVec(e.Kid[1])
		hi, ok2 := byteVec(e.Kid[0])
		if !ok1 || !ok2 {
			return nil, false
		}
		return append(lo, hi...), true
	}
	return nil, false
}

// findLeaves lists the network's input variables: floats first.
func (n *network) findLeaves() []leaf {
	var out []leaf
	covered := map[int]bool{}
	var cover func(i int)
	cover = func(i int) {
		covered[i] = true
		for _, k := range n.kids[i] {
			cover(k)
		}
	}
	for i, e := range n.nodes {
		if e.Op != expr.OpFromBits {
			continue
		}
		if bs, ok := byteVec(e.Kid[0]); ok {
			out = append(out, leaf{node: i, bytes: bs, fp: true, k: e.Sort.FK})
			cover(n.kids[i][0])
		}
	}
	isConcatKid := func(i int) bool {
		for _, p := range n.parents[i] {
			if n.nodes[p].Op == expr.OpConcat {
				if _, ok := byteVec(n.nodes[p]); ok {
					return true
				}
			}
		}
		return false
	}
	for i, e := range n.nodes {
		if covered[i] || e.Op != expr.OpConcat || isConcatKid(i) {
			continue
		}
		if bs, ok := byteVec(e); ok {
			out = append(out, leaf{node: i, bytes: bs})
			cover(i)
		}
	}
	for i, e := range n.nodes {
		if e.Op == expr.OpByte && !covered[i] {
			out = append(out, leaf{node: i, bytes: []byteRef{{e.Arr, uint64(e.Aux)}}})
		}
	}
	return out
}

// bitsOf is the bit pattern leaf l holds when its node has key/value v.
func (l *leaf) bitsOf(v arith.Word) arith.Word {
	if l.fp {
		return valueOf(l.k, v)
	}
	return v
}

// assign writes the bits of l into m.
func (l *leaf) assign(m Model, bits arith.Word) {
	for j, b := range l.bytes {
		var x uint64
		if j < 8 {
			x = bits.Lo >> (8 * j)
		} else {
			x = bits.Hi >> (8 * (j - 8))
		}
		bs := m[b.arr]
		if bs == nil || uint64(len(bs)) < b.arr.Size {
			nb := make([]byte, b.arr.Size)
			copy(nb, bs)
			m[b.arr] = nb
			bs = nb
		}
		if b.idx < uint64(len(bs)) {
			bs[b.idx] = byte(x)
		}
	}
}

// Model gives values to array bytes (expr.Assignment); missing bytes are 0.
type Model map[*expr.Array][]byte

// Byte returns byte i of a.
func (m Model) Byte(a *expr.Array, i uint64) byte {
	if bs := m[a]; i < uint64(len(bs)) {
		return bs[i]
	}
	return 0
}

func (m Model) clone() Model {
	c := make(Model, len(m))
	for a, bs := range m {
		c[a] = append([]byte(nil), bs...)
	}
	return c
}
