package absint

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

// Cell equations: a small relational domain of definitions kept beside
// the intervals (Astrée's symbolic constants, restricted to one
// rounded operation). An equation d = fl(x op y) (op + or −) says that
// the float cell d holds the rounded sum or difference of the values the
// cells x and y hold now: it is made by a store of such a result to a
// cell other than x and y, and dropped as soon as any of the three
// objects may be written (a store to the object, any call). A join keeps
// the equations both sides have.
//
// When a branch refines d, the equation refines x and y backwards: for
// finite x and y, fl is monotone and fixes representable values in every
// rounding mode, so d ≥ l implies x op y > pred(l) over the reals (else
// fl(x op y) ≤ pred(l) < l) and d ≤ h implies x op y < succ(h). That
// carries a rate limiter's test on delta = x − y back to y.

// eqCell names one cell: an object and a constant offset.
type eqCell struct {
	obj int32
	off int64
}

// eqn is the definition of a cell: fl(x op y) in kind k.
type eqn struct {
	op   FBinOp
	x, y eqCell
	k    arith.Kind
}

// eqs maps a cell to its definition; shared copy-on-write like memory.
type eqs map[eqCell]eqn

// joinEqs keeps the equations both sides hold.
func joinEqs(x, y eqs) eqs {
	if len(x) == 0 || len(y) == 0 {
		return nil
	}
	var r eqs
	for c, e := range x {
		if f, ok := y[c]; ok && f == e {
			if r == nil {
				r = eqs{}
			}
			r[c] = e
		}
	}
	return r
}

// leqEqs reports x ⊑ y: every equation of y holds in x.
func leqEqs(x, y eqs) bool {
	for c, e := range y {
		if f, ok := x[c]; !ok || f != e {
			return false
		}
	}
	return true
}

// killEqs drops every equation that mentions object id.
func (s *state) killEqs(id int32) {
	if len(s.eqs) == 0 {
		return
	}
	var r eqs
	for c, e := range s.eqs {
		if c.obj == id || e.x.obj == id || e.y.obj == id {
			continue
		}
		if r == nil {
			r = eqs{}
		}
		r[c] = e
	}
	s.eqs = r
}

// defineEq records, after the store of register v to the cell dst, the
// equation dst = fl(x op y) when v is the rounded sum or difference of
// two registers loaded (in this block, not stored since) from cells of
// other objects than dst's.
func (a *Analyzer) defineEq(cx *bctx, s *state, dst eqCell, t *ir.Type, v ir.Operand) {
	if !v.IsReg() || t == nil || t.Kind != ir.FloatType {
		return
	}
	def := cx.defs[int32(v)]
	if def == nil || (def.Op != ir.OpFAdd && def.Op != ir.OpFSub) || !def.A.IsReg() || !def.B.IsReg() {
		return
	}
	ox, okx := cx.orig[int32(def.A)]
	oy, oky := cx.orig[int32(def.B)]
	if !okx || !oky || ox.obj == dst.obj || oy.obj == dst.obj || !sameType(ox.t, t) || !sameType(oy.t, t) {
		return
	}
	r := s.regs[v]
	if r.Kind != VFloat {
		return
	}
	e := eqn{op: FAdd, x: eqCell{ox.obj, ox.off}, y: eqCell{oy.obj, oy.off}, k: r.F.K}
	if def.Op == ir.OpFSub {
		e.op = FSub
	}
	n := make(eqs, len(s.eqs)+1)
	for c, f := range s.eqs {
		n[c] = f
	}
	n[dst] = e
	s.eqs = n
}

// cellFloat is the float value of a cell holding kind k, if known.
func cellFloat(s *state, c eqCell, k arith.Kind) (FVal, bool) {
	om := s.mem[c.obj]
	if om == nil || om.smashed {
		return FVal{}, false
	}
	cl, ok := om.cells[c.off]
	if !ok || cl.v.Kind != VFloat || cl.v.F.K != k {
		return FVal{}, false
	}
	return cl.v.F, true
}

// finite reports a value with only finite numbers (no NaN, no INF).
func finite(v FVal) bool { return !v.Empty && !v.NaN && !v.PInf && !v.NInf }

func succF(k arith.Kind, w arith.Word) arith.Word {
	return arith.FAdd(k, arith.Upward, w, minSub(k))
}

func predF(k arith.Kind, w arith.Word) arith.Word {
	return arith.FSub(k, arith.Downward, w, minSub(k))
}

// backEq refines, from the (just refined) value of cell d, the operand
// cells of its equation.
func (a *Analyzer) backEq(s *state, d eqCell) {
	e, ok := s.eqs[d]
	if !ok {
		return
	}
	dv, ok1 := cellFloat(s, d, e.k)
	xv, ok2 := cellFloat(s, e.x, e.k)
	yv, ok3 := cellFloat(s, e.y, e.k)
	if !ok1 || !ok2 || !ok3 || dv.NaN || dv.Empty || !finite(xv) || !finite(yv) {
		return
	}
	k := e.k
	// Over the reals: lo < x op y < hi (each bound may be absent).
	var lo, hi arith.Word
	hasLo, hasHi := !dv.NInf, !dv.PInf
	if hasLo {
		lo = predF(k, dv.Lo)
		hasLo = !arith.IsInf(k, lo)
	}
	if hasHi {
		hi = succF(k, dv.Hi)
		hasHi = !arith.IsInf(k, hi)
	}
	up, down := arith.Upward, arith.Downward
	nx, ny := xv, yv
	switch e.op {
	case FSub: // lo < x − y < hi: x in (lo + y, hi + y), y in (x − hi, x − lo)
		if hasLo {
			nx = nx.Meet(aboveEq(k, arith.FAdd(k, down, lo, yv.Lo)))
			ny = ny.Meet(belowEq(k, arith.FSub(k, up, xv.Hi, lo)))
		}
		if hasHi {
			nx = nx.Meet(belowEq(k, arith.FAdd(k, up, hi, yv.Hi)))
			ny = ny.Meet(aboveEq(k, arith.FSub(k, down, xv.Lo, hi)))
		}
	case FAdd: // lo < x + y < hi: x in (lo − y, hi − y), y likewise
		if hasLo {
			nx = nx.Meet(aboveEq(k, arith.FSub(k, down, lo, yv.Hi)))
			ny = ny.Meet(aboveEq(k, arith.FSub(k, down, lo, xv.Hi)))
		}
		if hasHi {
			nx = nx.Meet(belowEq(k, arith.FSub(k, up, hi, yv.Lo)))
			ny = ny.Meet(belowEq(k, arith.FSub(k, up, hi, xv.Lo)))
		}
	default:
		return
	}
	if nx.IsBottom() || ny.IsBottom() {
		// Infeasible: left to the branch's own test (not refining is
		// always sound).
		return
	}
	if nx != xv || ny != yv {
		a.eqRefined++
	}
	setCell(s, e.x, nx)
	setCell(s, e.y, ny)
}

// setCell writes a refined float into a cell (known to hold one).
func setCell(s *state, c eqCell, v FVal) {
	om := s.mem.mut(c.obj)
	cl := om.cells[c.off]
	om.cells[c.off] = cell{cl.t, fltVal(v)}
}
