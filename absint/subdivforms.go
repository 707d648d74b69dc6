package absint

import (
	"math"
	"strings"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

// The subdivision replay's forms: per instruction, the affine form of
// its float result (met into its interval), the forms of memory cells
// (stores and loads at constant offsets), and the registers and cells
// holding a drawn input unchanged (given the input's box).

// wordF64 is a finite float w of kind k as a float64, rounded down or up
// (exact for float and double).
func wordF64(k arith.Kind, w arith.Word, up bool) float64 {
	switch k {
	case arith.F32:
		return float64(math.Float32frombits(uint32(w.Lo)))
	case arith.F64:
		return math.Float64frombits(w.Lo)
	}
	rm := arith.Downward
	if up {
		rm = arith.Upward
	}
	return math.Float64frombits(arith.FPTrunc(arith.F80, arith.F64, rm, w).Lo)
}

// f64Word is x as a float of kind k, rounded down or up.
func f64Word(k arith.Kind, x float64, up bool) arith.Word {
	w := arith.FromFloat64(x)
	switch k {
	case arith.F32:
		rm := arith.Downward
		if up {
			rm = arith.Upward
		}
		return arith.FPTrunc(arith.F64, arith.F32, rm, w)
	case arith.F80:
		return arith.FPExt(arith.F64, arith.F80, w)
	}
	return w
}

// fvalF64 is v's range as float64s; ok when v is only finite values.
func fvalF64(v FVal) (lo, hi float64, ok bool) {
	if v.Empty || v.NaN || v.PInf || v.NInf {
		return 0, 0, false
	}
	lo, hi = wordF64(v.K, v.Lo, false), wordF64(v.K, v.Hi, true)
	return lo, hi, !math.IsInf(lo, 0) && !math.IsInf(hi, 0)
}

// meetForm is v met with the range of form f (a form encloses finite
// values only); empty when they are disjoint.
func meetForm(v FVal, f *aff) FVal {
	lo, hi, ok := f.bounds()
	if !ok {
		return v
	}
	return meetRange(v, lo, hi)
}

func meetRange(v FVal, lo, hi float64) FVal {
	l, h := f64Word(v.K, lo, false), f64Word(v.K, hi, true)
	if arith.IsInf(v.K, l) || arith.IsInf(v.K, h) {
		return v
	}
	return v.Meet(FRange(v.K, l, h))
}

func (sd *subdiv) fresh() int32 {
	sd.next++
	return sd.next
}

// operandRange is o's interval in the path's state as float64 bounds;
// false when it is not a float or not finite.
func (sd *subdiv) operandRange(p *subPath, o ir.Operand) (lo, hi float64, ok bool) {
	v, err := sd.a.get(p.s, o)
	if err != nil || v.Kind != VFloat {
		return 0, 0, false
	}
	return fvalF64(v.F)
}

// operand is o's form: its register's, a constant's, or a fresh symbol
// over its interval (kept for the register); nil when not finite.
func (sd *subdiv) operand(p *subPath, o ir.Operand) *aff {
	if o.IsReg() {
		if f := p.regF[int32(o)]; f != nil {
			return f
		}
	}
	lo, hi, ok := sd.operandRange(p, o)
	if !ok {
		return nil
	}
	if lo == hi {
		return afConst(lo)
	}
	f := afRange(lo, hi, sd.fresh())
	if o.IsReg() {
		p.regF[int32(o)] = f
	}
	return f
}

// keepsMemory lists the externals the replay knows write no memory.
func keepsMemory(name string) bool {
	for _, pre := range []string{"__VERIFIER_nondet_", "__VERIFIER_assume", "__VERIFIER_assert", "llvm.fmuladd",
		"llvm.fma", "llvm.fabs", "llvm.sqrt", "absint_observe_", "fabs", "sqrt", "klee_assume"} {
		if strings.HasPrefix(name, pre) {
			return true
		}
	}
	return false
}

// cellOf is the cell a pointer operand designates, when it is one.
func (sd *subdiv) cellOf(p *subPath, o ir.Operand) (cellKey, bool) {
	v, err := sd.a.get(p.s, o)
	if err != nil || v.Kind != VPtr || v.P.Unknown || v.P.Null || !v.P.HasObj {
		return cellKey{}, false
	}
	off, ok := v.P.Off.Single()
	if !ok || p.s.mem.isSmashed(v.P.Obj) {
		return cellKey{obj: v.P.Obj, off: -1}, false
	}
	return cellKey{v.P.Obj, off}, true
}

// forget drops the forms and aliases of object obj's cells overlapping
// [off, off+size) (every cell of obj when off < 0).
func (p *subPath) forget(obj int32, off int64, size uint64) {
	for k, c := range p.cellF {
		if k.obj == obj && (off < 0 || (k.off < off+int64(size) && off < k.off+int64(c.size))) {
			delete(p.cellF, k)
		}
	}
	for k, c := range p.cAlias {
		if k.obj == obj && (off < 0 || (k.off < off+int64(size) && off < k.off+int64(c.t.Store))) {
			delete(p.cAlias, k)
		}
	}
}

// forms updates p's forms after instruction in ran (its interval done);
// false when the form and the interval of the result are disjoint (no
// execution takes the path).
func (sd *subdiv) forms(p *subPath, in *ir.Inst) bool {
	s := p.s
	t := sd.tform(p, in)
	if in.Dst >= 0 {
		delete(p.regF, in.Dst)
		delete(p.regT, in.Dst)
		delete(p.rAlias, in.Dst)
	}
	nearest := s.modes == ModeOf(arith.NearestEven)
	var f *aff
	switch in.Op {
	case ir.OpStore:
		key, ok := sd.cellOf(p, in.B)
		if !ok {
			if key.off == -1 {
				p.forget(key.obj, -1, 0)
			}
			return true
		}
		p.forget(key.obj, key.off, in.T.Store)
		if in.T.Kind == ir.FloatType {
			if g := sd.operand(p, in.A); g != nil {
				p.cellF[key] = cellForm{g, in.T.Store, in.T.FK, sd.toperand(p, in.A)}
			}
			if in.A.IsReg() {
				if d, ok := p.rAlias[int32(in.A)]; ok {
					p.cAlias[key] = aliasCell{d, in.T}
				}
			}
		}
		return true
	case ir.OpLoad:
		if in.T.Kind != ir.FloatType {
			return true
		}
		if key, ok := sd.cellOf(p, in.A); ok {
			if c, ok := p.cellF[key]; ok && c.k == in.T.FK && c.size == in.T.Store {
				f = c.f
			}
			if c, ok := p.cAlias[key]; ok && sameType(c.t, in.T) {
				p.rAlias[in.Dst] = c.d
			}
		}
	case ir.OpCall:
		name := sd.a.calleeName(in)
		if strings.HasPrefix(name, "__VERIFIER_nondet_") && in.Dst >= 0 && in.T.Kind == ir.FloatType {
			d, ok := sd.drawOf[in]
			if !ok {
				d = len(sd.draws)
				sd.drawOf[in] = d
				sd.draws = append(sd.draws, &drawInfo{in: in, k: in.T.FK})
			}
			if _, again := p.split[d]; !again {
				p.split[d] = false
				p.rAlias[in.Dst] = d
			}
			return true
		}
		if !keepsMemory(name) || (in.Callee >= 0 && !sd.a.m.Funcs[in.Callee].IsDeclaration()) {
			p.cellF, p.cAlias = map[cellKey]cellForm{}, map[cellKey]aliasCell{}
		}
		if in.Dst < 0 || in.T.Kind != ir.FloatType || len(in.Args) != 3 {
			return true
		}
		base := name
		if i := strings.LastIndex(name, "."); strings.HasPrefix(name, "llvm.") && i > 4 {
			base = name[:i]
		}
		if base == "llvm.fmuladd" || base == "llvm.fma" || name == "fma" || name == "fmaf" {
			x, y, z := sd.operand(p, in.Args[0]), sd.operand(p, in.Args[1]), sd.operand(p, in.Args[2])
			if x != nil && y != nil && z != nil {
				f, _ = afFMA(x, y, z, in.T.FK, nearest, sd.fresh())
			}
		}
	case ir.OpFAdd, ir.OpFSub, ir.OpFMul, ir.OpFDiv:
		x, y := sd.operand(p, in.A), sd.operand(p, in.B)
		if x == nil || y == nil {
			break
		}
		k := s.regs[in.Dst].F.K
		switch in.Op {
		case ir.OpFAdd:
			f, _ = afRound(afCombine(x, y, 1, 1), 0, k, nearest, false, sd.fresh())
		case ir.OpFSub:
			f, _ = afRound(afCombine(x, y, 1, -1), 0, k, nearest, false, sd.fresh())
		case ir.OpFMul:
			g, rem := afMul(x, y, in.A == in.B && in.A.IsReg())
			f, _ = afRound(g, rem, k, nearest, false, sd.fresh())
		case ir.OpFDiv:
			if g, rem, ok := afDiv(x, y); ok {
				f, _ = afRound(g, rem, k, nearest, false, sd.fresh())
			}
		}
	case ir.OpFNeg:
		if x := sd.operand(p, in.A); x != nil {
			f = afCombine(x, afConst(0), -1, 0)
		}
	case ir.OpFPExt:
		f = sd.operand(p, in.A)
	case ir.OpFPTrunc:
		if x := sd.operand(p, in.A); x != nil {
			f, _ = afRound(x, 0, in.T.FK, nearest, false, sd.fresh())
		}
	case ir.OpFCmp:
		p.cmps = nil
		if x := sd.operand(p, in.A); x != nil {
			p.cmps = append(p.cmps, x)
		}
		if y := sd.operand(p, in.B); y != nil {
			p.cmps = append(p.cmps, y)
		}
	}
	if (f == nil && t == nil) || in.Dst < 0 || s.regs[in.Dst].Kind != VFloat {
		return true
	}
	v := s.regs[in.Dst].F
	if f != nil {
		p.regF[in.Dst] = f
		v = meetForm(v, f)
	}
	if t != nil {
		p.regT[in.Dst] = t
		v = meetTM(v, t)
	}
	s.regs[in.Dst] = fltVal(v)
	return !v.IsBottom()
}

// trySplit gives every input drawn on p whose range is now bounded its
// box: the window of bx met into every register and cell holding it,
// and the form centre + radius·ε_input. False when the window and the
// range are disjoint (no execution in this box takes the path).
func (sd *subdiv) trySplit(p *subPath, bx []window) bool {
	s := p.s
	for d, done := range p.split {
		if done {
			continue
		}
		v := FVal{}
		first := true
		meet := func(x FVal) {
			if first {
				v, first = x, false
			} else {
				v = v.Meet(x)
			}
		}
		for r, e := range p.rAlias {
			if e == d && s.regs[r].Kind == VFloat {
				meet(s.regs[r].F)
			}
		}
		for key, c := range p.cAlias {
			if c.d == d {
				cv, err := sd.a.load(s.mem, key.obj, IRange(64, key.off, key.off), c.t)
				if err != nil || cv.Kind != VFloat {
					return false
				}
				meet(cv.F)
			}
		}
		if first {
			continue
		}
		lo, hi, ok := fvalF64(v)
		if !ok {
			continue
		}
		di := sd.draws[d]
		if !di.seen {
			di.lo, di.hi, di.seen = lo, hi, true
		} else {
			di.lo, di.hi = math.Min(di.lo, lo), math.Max(di.hi, hi)
		}
		if d < len(bx) {
			lo, hi = math.Max(lo, bx[d].lo), math.Min(hi, bx[d].hi)
		}
		if lo > hi {
			return false
		}
		form, tform := afRange(lo, hi, int32(d)), sd.tinput(lo, hi, d)
		for r, e := range p.rAlias {
			if e == d && s.regs[r].Kind == VFloat {
				nv := meetRange(s.regs[r].F, lo, hi)
				if nv.IsBottom() {
					return false
				}
				s.regs[r] = fltVal(nv)
				p.regF[r] = form
				if tform != nil {
					p.regT[r] = tform
				}
			}
		}
		for key, c := range p.cAlias {
			if c.d != d {
				continue
			}
			cv, err := sd.a.load(s.mem, key.obj, IRange(64, key.off, key.off), c.t)
			if err != nil {
				return false
			}
			nv := meetRange(cv.F, lo, hi)
			if nv.IsBottom() {
				return false
			}
			if err := sd.a.store(s.mem, key.obj, IRange(64, key.off, key.off), c.t, fltVal(nv)); err != nil {
				return false
			}
			p.cellF[key] = cellForm{form, c.t.Store, c.t.FK, tform}
		}
		p.split[d] = true
	}
	return true
}
