package absint

import (
	"math"
	"strings"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

// The subdivision replay's Taylor models (taylor.go): a box whose
// affine replay stopped shrinking the compared spread (the curvature of
// the computed function, which first-order forms keep only as a
// remainder quadratic in the box's width) is replayed again, with its
// pieces, carrying beside each affine form a Taylor model in the drawn
// inputs of degree tmDegree(inputs). The model's range is met into the
// value's interval as the affine form's is; the affine forms still
// choose the input to cut.

// tmStepCost is the number of coefficient operations one step of the
// subdivision's budget stands for.
const tmStepCost = 16

// charge counts a Taylor operation's coefficient work against the
// budget (checked at the next instruction).
func (sd *subdiv) charge(work int) {
	sd.steps += int64(work/tmStepCost + 1)
}

// tctx is the models' context: the degree, and fresh symbols shared
// with the affine forms' (every symbol is new to the replay).
func (sd *subdiv) tctx() *tmCtx { return &tmCtx{deg: sd.deg, fresh: sd.fresh} }

// tinput is input d's model over its window, nil outside Taylor mode.
func (sd *subdiv) tinput(lo, hi float64, d int) *tmodel {
	if !sd.tay {
		return nil
	}
	return tmInput(lo, hi, d, sd.deg)
}

// toperand is o's model: its register's, or its interval's (a constant
// when it is a point); nil when not finite or outside Taylor mode.
func (sd *subdiv) toperand(p *subPath, o ir.Operand) *tmodel {
	if !sd.tay {
		return nil
	}
	if o.IsReg() {
		if t := p.regT[int32(o)]; t != nil {
			return t
		}
	}
	lo, hi, ok := sd.operandRange(p, o)
	if !ok {
		return nil
	}
	if lo == hi {
		return tmConstant(lo, sd.deg)
	}
	return tmInterval(lo, hi, sd.deg)
}

// tform is the model of in's float result (nil when none); an fcmp
// records its operands' models for the spread.
func (sd *subdiv) tform(p *subPath, in *ir.Inst) *tmodel {
	if !sd.tay {
		return nil
	}
	nearest := p.s.modes == ModeOf(arith.NearestEven)
	switch in.Op {
	case ir.OpLoad:
		if in.T.Kind != ir.FloatType {
			return nil
		}
		if key, ok := sd.cellOf(p, in.A); ok {
			if c, ok := p.cellF[key]; ok && c.k == in.T.FK && c.size == in.T.Store {
				return c.t
			}
		}
	case ir.OpCall:
		name := sd.a.calleeName(in)
		if in.Dst < 0 || in.T.Kind != ir.FloatType || len(in.Args) != 3 {
			return nil
		}
		base := name
		if i := strings.LastIndex(name, "."); strings.HasPrefix(name, "llvm.") && i > 4 {
			base = name[:i]
		}
		if base == "llvm.fmuladd" || base == "llvm.fma" || name == "fma" || name == "fmaf" {
			x, y, z := sd.toperand(p, in.Args[0]), sd.toperand(p, in.Args[1]), sd.toperand(p, in.Args[2])
			if x != nil && y != nil && z != nil {
				sd.charge(len(x.terms)*len(y.terms) + len(z.terms))
				t, _ := tmFMA(sd.tctx(), x, y, z, in.T.FK, nearest)
				return t
			}
		}
	case ir.OpFAdd, ir.OpFSub, ir.OpFMul, ir.OpFDiv:
		x, y := sd.toperand(p, in.A), sd.toperand(p, in.B)
		if x == nil || y == nil {
			return nil
		}
		k := p.s.regs[in.Dst].F.K
		var t *tmodel
		ok := true
		switch in.Op {
		case ir.OpFAdd:
			sd.charge(len(x.terms) + len(y.terms))
			t = tmLin(x, y, 1, 1)
		case ir.OpFSub:
			sd.charge(len(x.terms) + len(y.terms))
			t = tmLin(x, y, 1, -1)
		case ir.OpFMul:
			sd.charge(len(x.terms) * len(y.terms))
			t = tmMul(sd.tctx(), x, y)
		case ir.OpFDiv:
			n := len(y.terms) + 1
			sd.charge(sd.deg*n*n + len(x.terms)*n)
			t, ok = tmDiv(sd.tctx(), x, y)
		}
		if !ok {
			return nil
		}
		t, _ = tmRound(sd.tctx(), t, k, nearest)
		return t
	case ir.OpFNeg:
		if x := sd.toperand(p, in.A); x != nil {
			return tmLin(x, tmConstant(0, sd.deg), -1, 0)
		}
	case ir.OpFPExt:
		return sd.toperand(p, in.A)
	case ir.OpFPTrunc:
		if x := sd.toperand(p, in.A); x != nil {
			t, _ := tmRound(sd.tctx(), x, in.T.FK, nearest)
			return t
		}
	case ir.OpFCmp:
		p.tcmps = nil
		for _, o := range []ir.Operand{in.A, in.B} {
			if x := sd.toperand(p, o); x != nil {
				p.tcmps = append(p.tcmps, x)
			}
		}
	}
	return nil
}

// meetTM is v met with model t's range.
func meetTM(v FVal, t *tmodel) FVal {
	lo, hi, ok := t.bounds()
	if !ok {
		return v
	}
	return meetRange(v, lo, hi)
}

// tspread is the spread of path p's last comparison under Taylor
// models: the sum of its operands' range radii (+Inf without models).
func (p *subPath) tspread() float64 {
	if len(p.tcmps) == 0 {
		return math.Inf(1)
	}
	w := 0.0
	for _, t := range p.tcmps {
		w = upAdd(w, t.rad())
	}
	return w
}
