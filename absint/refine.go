package absint

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

// terminator ends a block: the state per successor edge (refined by the
// branch condition) with the edge's phi moves done, or a return.
func (a *Analyzer) terminator(cx *bctx, s *state, in *ir.Inst) (*flow, error) {
	fl := &flow{succ: make([]*state, len(in.Succs))}
	switch in.Op {
	case ir.OpRet:
		fl.ret = s
		if in.A != ir.NoOperand {
			v, err := a.get(s, in.A)
			if err != nil {
				return nil, a.unsupported(cx.f, in.Loc, "%v", err)
			}
			fl.rv = v
		}
		return fl, nil
	case ir.OpUnreachable:
		a.site(in.Loc, "unreachable", true, "unreachable executed")
		return fl, nil
	case ir.OpBr:
		fl.succ[0] = s
	case ir.OpCondBr:
		for i, truth := range []bool{true, false} {
			t := s.clone()
			if a.refine(cx, t, in.A, truth) {
				fl.succ[i] = t
			}
		}
	case ir.OpSwitch:
		c, err := a.get(s, in.A)
		if err != nil {
			return nil, a.unsupported(cx.f, in.Loc, "%v", err)
		}
		fl.succ[0] = s
		for i, cs := range in.Cases {
			v := IConst(c.I.Bits, cs.Val)
			if !c.I.Meet(v).Empty {
				t := s.clone()
				if in.A.IsReg() {
					t.regs[in.A] = intVal(v)
				}
				fl.succ[i+1] = t
			}
		}
	default:
		return nil, a.unsupported(cx.f, in.Loc, "the terminator %s", in.Op)
	}
	for i, e := range in.Succs {
		t := fl.succ[i]
		if t == nil || len(e.Moves) == 0 {
			continue
		}
		vals := make([]Val, len(e.Moves))
		for j, mv := range e.Moves {
			v, err := a.get(t, mv.Src)
			if err != nil {
				return nil, a.unsupported(cx.f, in.Loc, "%v", err)
			}
			vals[j] = v
		}
		if t == s {
			t = s.clone()
			fl.succ[i] = t
		}
		for j, mv := range e.Moves {
			t.regs[mv.Dst] = vals[j]
		}
	}
	return fl, nil
}

// refine narrows s by "operand o is truth" (o an i1, or an integer
// compared with zero); false when that cannot hold.
func (a *Analyzer) refine(cx *bctx, s *state, o ir.Operand, truth bool) bool {
	v, err := a.get(s, o)
	if err != nil || v.Kind != VInt {
		return err == nil
	}
	if v.I.Bits == 1 {
		want := int64(0)
		if truth {
			want = 1
		}
		if v.I.Meet(IRange(1, want, want)).Empty {
			return false
		}
	} else if !truth {
		if v.I.Meet(IRange(v.I.Bits, 0, 0)).Empty {
			return false
		}
	} else if v.I.Lo == 0 && v.I.Hi == 0 {
		return false
	}
	if !o.IsReg() {
		return true
	}
	if v.I.Bits == 1 {
		x := int64(0)
		if truth {
			x = 1
		}
		s.regs[o] = intVal(IRange(1, x, x))
	} else if !truth {
		s.regs[o] = intVal(IRange(v.I.Bits, 0, 0))
	}
	def := cx.defs[int32(o)]
	if def == nil {
		if pc := cx.parentFor(o); pc != nil {
			return a.refine(pc.ctx, s, pc.src, truth)
		}
		return true
	}
	switch def.Op {
	case ir.OpZExt, ir.OpSExt:
		return a.refine(cx, s, def.A, truth)
	case ir.OpXor:
		if c, ok := a.constInt(def.B); ok && c != 0 && def.Bits == 1 {
			return a.refine(cx, s, def.A, !truth)
		}
	case ir.OpAnd:
		// x & y nonzero: both are nonzero (any width).
		if truth {
			return a.refine(cx, s, def.A, true) && a.refine(cx, s, def.B, true)
		}
	case ir.OpOr:
		// x | y zero: both are zero (any width).
		if !truth {
			return a.refine(cx, s, def.A, false) && a.refine(cx, s, def.B, false)
		}
	case ir.OpICmp:
		if v.I.Bits != 1 {
			return true
		}
		p := arith.IPred(def.Pred)
		if !truth {
			p = invI(p)
		}
		return a.refineICmp(cx, s, p, def.A, def.B)
	case ir.OpFCmp:
		if v.I.Bits != 1 {
			return true
		}
		p := arith.Pred(def.Pred)
		if !truth {
			p = p.Inverse()
		}
		return a.refineFCmp(cx, s, p, def.A, def.B)
	}
	return true
}

func (a *Analyzer) constInt(o ir.Operand) (int64, bool) {
	if o.IsReg() {
		return 0, false
	}
	c := a.m.Consts[o.ConstIndex()]
	if c.T == nil || c.T.Kind != ir.IntType || c.Base.Kind != ir.RefNone || c.T.Bits > 64 {
		return 0, false
	}
	return IConst(c.T.Bits, c.W).Lo, true
}

func invI(p arith.IPred) arith.IPred {
	switch p {
	case arith.IEQ:
		return arith.INE
	case arith.INE:
		return arith.IEQ
	case arith.IUGT:
		return arith.IULE
	case arith.IUGE:
		return arith.IULT
	case arith.IULT:
		return arith.IUGE
	case arith.IULE:
		return arith.IUGT
	case arith.ISGT:
		return arith.ISLE
	case arith.ISGE:
		return arith.ISLT
	case arith.ISLT:
		return arith.ISGE
	}
	return arith.ISGT // ISLE
}

// refineICmp narrows both operands by "a p b".
func (a *Analyzer) refineICmp(cx *bctx, s *state, p arith.IPred, oa, ob ir.Operand) bool {
	x, err1 := a.get(s, oa)
	y, err2 := a.get(s, ob)
	if err1 == nil && err2 == nil && (x.Kind == VPtr || y.Kind == VPtr) {
		return a.refinePtrCmp(cx, s, p, oa, ob, x, y) // heap.go
	}
	if err1 != nil || err2 != nil || x.Kind != VInt || y.Kind != VInt {
		return true
	}
	X, Y := x.I, y.I
	if X.Bits == 1 {
		return true
	}
	switch p {
	case arith.IULT, arith.IULE, arith.IUGT, arith.IUGE:
		if X.Lo < 0 || Y.Lo < 0 {
			return true
		}
		p += arith.ISGT - arith.IUGT
	}
	nx, ny := X, Y
	b := X.Bits
	switch p {
	case arith.IEQ:
		nx = X.Meet(Y)
		ny = nx
	case arith.INE:
		if y0, ok := Y.Single(); ok {
			nx = shave(X, y0)
		}
		if x0, ok := X.Single(); ok {
			ny = shave(Y, x0)
		}
	case arith.ISLT:
		nx = X.Meet(IRange(b, irlo(b), Y.Hi-1))
		ny = Y.Meet(IRange(b, X.Lo+1, irhi(b)))
	case arith.ISLE:
		nx = X.Meet(IRange(b, irlo(b), Y.Hi))
		ny = Y.Meet(IRange(b, X.Lo, irhi(b)))
	case arith.ISGT:
		nx = X.Meet(IRange(b, Y.Lo+1, irhi(b)))
		ny = Y.Meet(IRange(b, irlo(b), X.Hi-1))
	case arith.ISGE:
		nx = X.Meet(IRange(b, Y.Lo, irhi(b)))
		ny = Y.Meet(IRange(b, irlo(b), X.Hi))
	}
	if nx.Empty || ny.Empty {
		return false
	}
	a.narrowInt(cx, s, oa, nx)
	a.narrowInt(cx, s, ob, ny)
	return true
}

func irlo(b int) int64 { l, _ := irange(b); return l }
func irhi(b int) int64 { _, h := irange(b); return h }

// shave removes the value c from an end of x.
func shave(x IVal, c int64) IVal {
	switch {
	case x.Lo == c && x.Hi == c:
		return IBottom(x.Bits)
	case x.Lo == c:
		x.Lo++
	case x.Hi == c:
		x.Hi--
	}
	return x
}

// narrowInt writes a refined integer into a register and the cell it was
// loaded from.
func (a *Analyzer) narrowInt(cx *bctx, s *state, o ir.Operand, v IVal) {
	if !o.IsReg() {
		return
	}
	s.regs[o] = intVal(v)
	a.narrowCell(cx, s, o, intVal(v))
	if def := cx.defs[int32(o)]; def != nil && (def.Op == ir.OpSExt || (def.Op == ir.OpZExt && v.Lo >= 0)) && def.A.IsReg() {
		src := s.regs[def.A]
		if src.Kind == VInt && src.I.Bits > 1 {
			n := src.I.Meet(IRange(src.I.Bits, v.Lo, v.Hi))
			if def.Op == ir.OpZExt && src.I.Lo < 0 {
				return
			}
			if !n.Empty {
				s.regs[def.A] = intVal(n)
				a.narrowCell(cx, s, def.A, intVal(n))
			}
		}
	}
}

// narrowCell meets the cell register o was loaded from with v.
func (a *Analyzer) narrowCell(cx *bctx, s *state, o ir.Operand, v Val) {
	org, ok := cx.orig[int32(o)]
	if !ok {
		return
	}
	om := s.mem.mut(org.obj)
	if c, ok := om.cells[org.off]; ok && sameType(c.t, org.t) {
		// Both describe the cell's contents (refined by an earlier
		// load's branch too, as in klee_assume(x >= a & x <= b)).
		switch {
		case v.Kind == VFloat && c.v.Kind == VFloat && v.F.K == c.v.F.K:
			v.F = v.F.Meet(c.v.F)
		case v.Kind == VInt && c.v.Kind == VInt && v.I.Bits == c.v.I.Bits:
			v.I = v.I.Meet(c.v.I)
		}
		om.cells[org.off] = cell{c.t, v}
	} else {
		// The cell still holds its initial contents, which v refines.
		om.cells[org.off] = cell{org.t, v}
	}
	a.backEq(s, eqCell{org.obj, org.off})
}

// refineFCmp narrows both operands by "a p b" (p an fcmp predicate).
func (a *Analyzer) refineFCmp(cx *bctx, s *state, p arith.Pred, oa, ob ir.Operand) bool {
	x, err1 := a.get(s, oa)
	y, err2 := a.get(s, ob)
	if err1 != nil || err2 != nil || x.Kind != VFloat || y.Kind != VFloat {
		return true
	}
	nx := refineF(p, x.F, y.F)
	ny := refineF(p.Swapped(), y.F, x.F)
	if nx.IsBottom() || ny.IsBottom() {
		return false
	}
	a.narrowFloat(cx, s, oa, nx)
	a.narrowFloat(cx, s, ob, ny)
	return true
}

// refineF narrows x by "x p y": x keeps only values for which some y
// makes the predicate true.
func refineF(p arith.Pred, x, y FVal) FVal {
	r := x
	unord := p&8 != 0
	if !unord {
		r.NaN = false
	}
	if y.NaN && unord {
		return r // any x is unordered with a NaN y
	}
	lo, hi, ok := y.ordered()
	if !ok {
		// y only NaN: ordered predicates are false, unordered true.
		if unord {
			return x
		}
		return FBottom(x.K)
	}
	k := x.K
	rel := uint8(p) & 7
	ord := FBottom(k)
	ord.PInf, ord.NInf = r.PInf, r.NInf
	ord.Empty, ord.Lo, ord.Hi, ord.Grid = r.Empty, r.Lo, r.Hi, r.Grid
	// Keep x values v with some y in [lo, hi] and v rel y.
	var keep FVal
	switch rel {
	case 5: // <=: v <= hi
		keep = belowEq(k, hi)
	case 4: // <: v <= pred(hi) (a zero hi excludes both zeros)
		keep = belowEq(k, predF(k, hi))
	case 3: // >=
		keep = aboveEq(k, lo)
	case 2: // >: v >= succ(lo)
		keep = aboveEq(k, succF(k, lo))
	case 1: // ==
		keep = belowEq(k, hi).Meet(aboveEq(k, lo))
	default: // != , any, none
		if rel == 0 {
			keep = FBottom(k)
		} else {
			keep = FTop(k)
		}
	}
	keep.NaN = false
	out := ord.Meet(keep)
	out.NaN = r.NaN && unord
	return out
}

// belowEq is every non-NaN value <= h (h may be infinite).
func belowEq(k arith.Kind, h arith.Word) FVal {
	t := FTop(k)
	t.NaN = false
	switch {
	case arith.IsInf(k, h) && !arith.SignBit(k, h):
		return t
	case arith.IsInf(k, h):
		return FVal{K: k, Empty: true, NInf: true}
	}
	t.PInf = false
	t.Hi = h
	if arith.IsZero(k, h) {
		t.Hi = zero(k)
	}
	return t
}

func aboveEq(k arith.Kind, l arith.Word) FVal {
	t := FTop(k)
	t.NaN = false
	switch {
	case arith.IsInf(k, l) && arith.SignBit(k, l):
		return t
	case arith.IsInf(k, l):
		return FVal{K: k, Empty: true, PInf: true}
	}
	t.NInf = false
	t.Lo = l
	if arith.IsZero(k, l) {
		t.Lo = zero(k)
	}
	return t
}

// narrowFloat writes a refined float into a register, the cell it was
// loaded from, and through an fpext back to the narrower source.
func (a *Analyzer) narrowFloat(cx *bctx, s *state, o ir.Operand, v FVal) {
	if !o.IsReg() {
		return
	}
	s.regs[o] = fltVal(v)
	a.narrowCell(cx, s, o, fltVal(v))
	def := cx.defs[int32(o)]
	if def == nil || def.Op != ir.OpFPExt || !def.A.IsReg() {
		return
	}
	src := s.regs[def.A]
	if src.Kind != VFloat {
		return
	}
	// The narrow values whose extension lies in v: round v's bounds
	// inward into the narrow kind.
	nk := src.F.K
	n := FVal{K: nk, Empty: v.Empty, NaN: v.NaN, PInf: v.PInf, NInf: v.NInf}
	if !v.Empty {
		n.Lo = arith.FPTrunc(v.K, nk, arith.Upward, v.Lo)
		n.Hi = arith.FPTrunc(v.K, nk, arith.Downward, v.Hi)
		if arith.IsInf(nk, n.Lo) || arith.IsInf(nk, n.Hi) || flt(nk, n.Hi, n.Lo) {
			// Beyond the narrow range: keep the source as it was.
			return
		}
	}
	m := src.F.Meet(n)
	s.regs[def.A] = fltVal(m)
	a.narrowCell(cx, s, def.A, fltVal(m))
}

// aliased is a phi register's source in the predecessor's context.
type aliased struct {
	ctx *bctx
	src ir.Operand
}

// parentFor resolves a phi register of a partitioned block to its source
// on the edge, in a copy of the predecessor's context that forgets the
// loads of every object this block may have written since.
func (cx *bctx) parentFor(o ir.Operand) *aliased {
	if cx.parent == nil || cx.parent.ctx == nil {
		return nil
	}
	for _, mv := range cx.parent.moves {
		if mv.Dst != int32(o) {
			continue
		}
		p := cx.parent.ctx
		pc := &bctx{f: p.f, defs: p.defs, orig: map[int32]origin{}, parent: p.parent, stored: p.stored, clobbered: p.clobbered}
		if !cx.clobbered {
			for r, org := range p.orig {
				if !cx.stored[org.obj] {
					pc.orig[r] = org
				}
			}
		}
		if cx.clobbered || len(cx.stored) > 0 {
			// Deeper predecessors' loads are older still.
			pc.parent = nil
		}
		return &aliased{ctx: pc, src: mv.Src}
	}
	return nil
}
