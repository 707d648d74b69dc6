package native

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Reads of constant tables at a symbolic index: a byte of an array with
// initial contents and no symbolic-offset writes (a static const table
// indexed by a computed integer, interp_table's T[(int)x]). The network
// sees the index as the read's kid and projects both ways: the byte is the
// hull of the table's bytes at the indices left (zero past the end, as
// expr.Evaluator reads), and the index keeps the range between the first
// and last index whose byte lies in the byte's domain. Other reads (of
// symbolic arrays, or through writes) stay opaque.

// constReadMaxSpan bounds the indices a projection scans: a wider index
// domain gives the byte no bound (every byte value).
const constReadMaxSpan = 1 << 12

// constRead reports whether e reads a constant table.
func constRead(e *expr.Expr) bool {
	return e.Op == expr.OpRead && e.Arr != nil && e.Arr.Init != nil && e.Upd == nil
}

// tableByte is the byte of a at index v (0 past its end).
func tableByte(a *expr.Array, v uint64) uint64 {
	if v >= a.Size || v >= uint64(len(a.Init)) {
		return 0
	}
	return uint64(a.Init[v])
}

// reviseConstRead revises the constant-table read i and its index.
func (n *network) reviseConstRead(i int) {
	e := n.nodes[i]
	ix := n.kid(i, 0)
	d := n.dom[ix]
	if !d.Num || d.Lo.Hi != 0 || d.Hi.Hi != 0 || d.Hi.Lo-d.Lo.Lo >= constReadMaxSpan {
		return
	}
	b := n.dom[i]
	lo, hi := uint64(255), uint64(0)
	first, last, found := uint64(0), uint64(0), false
	for v := d.Lo.Lo; ; v++ {
		x := tableByte(e.Arr, v)
		lo, hi = min(lo, x), max(hi, x)
		if b.Num && b.Lo.Hi == 0 && b.Hi.Hi == 0 && x >= b.Lo.Lo && x <= b.Hi.Lo {
			if !found {
				first, found = v, true
			}
			last = v
		}
		if v == d.Hi.Lo {
			break
		}
	}
	n.set(i, Dom{Lo: arith.Word{Lo: lo}, Hi: arith.Word{Lo: hi}, Num: true}, false)
	if !found {
		n.set(ix, Dom{}, true)
		return
	}
	n.set(ix, Dom{Lo: arith.Word{Lo: first}, Hi: arith.Word{Lo: last}, Num: true}, true)
}
