package absint

import (
	"fmt"
	"time"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

// origin is the memory cell a register was loaded from, while no store
// or call since may have changed it: refining the register refines the
// cell.
type origin struct {
	obj int32
	off int64
	t   *ir.Type
}

// bctx is the block-local knowledge used by refinement.
type bctx struct {
	f    *ir.Function
	defs map[int32]*ir.Inst
	orig map[int32]origin
	// For a block transferred per incoming edge: the predecessor's
	// context and the edge's phi moves (a phi register refines through
	// its source there); stored lists the objects this block wrote
	// (clobbered: a call, which may write any), whose cells the
	// predecessor's loads no longer describe.
	parent    *edgeCtx
	stored    map[int32]bool
	clobbered bool
}

// edgeCtx is the predecessor side of a partitioned block's edge.
type edgeCtx struct {
	ctx   *bctx
	moves []ir.Move
}

// constVal is the abstract value of a constant.
func (a *Analyzer) constVal(c ir.Const) (Val, error) {
	t := c.T
	if t == nil {
		return Val{}, fmt.Errorf("an untyped constant")
	}
	switch t.Kind {
	case ir.IntType:
		if c.Base.Kind != ir.RefNone {
			return intVal(ITop(t.Bits)), nil
		}
		if t.Bits > 64 {
			return Val{}, fmt.Errorf("integers wider than 64 bits")
		}
		return intVal(IConst(t.Bits, c.W)), nil
	case ir.FloatType:
		return fltVal(FConst(t.FK, c.W)), nil
	case ir.PtrType:
		switch c.Base.Kind {
		case ir.RefGlobal:
			off := int64(c.W.Lo)
			return ptrVal(PVal{HasObj: true, Obj: a.gobj[c.Base.Index], Off: IRange(64, off, off)}), nil
		case ir.RefFunc, ir.RefExpr:
			return ptrVal(PVal{Unknown: true}), nil
		}
		if c.W.Lo == 0 {
			return ptrVal(PVal{Null: true}), nil
		}
		return ptrVal(PVal{Unknown: true}), nil
	}
	return Val{}, fmt.Errorf("constants of type %s", t)
}

// get reads an operand.
func (a *Analyzer) get(s *state, o ir.Operand) (Val, error) {
	if o.IsReg() {
		return s.regs[o], nil
	}
	return a.constVal(a.m.Consts[o.ConstIndex()])
}

// block transfers block b of f from state in.
func (a *Analyzer) block(f *ir.Function, b int, in *state, parent *edgeCtx) (*flow, error) {
	if a.part != nil {
		return a.blockPart(f, b, in, parent) // partition.go
	}
	s := in.clone()
	cx := &bctx{f: f, defs: map[int32]*ir.Inst{}, orig: map[int32]origin{}, parent: parent, stored: map[int32]bool{}}
	return a.blockFrom(f, b, 0, s, cx, false)
}

// blockFrom transfers block b from instruction start on, in s and cx;
// resume says that start is where a split (partsplit.go) resumes, not a
// split site again.
func (a *Analyzer) blockFrom(f *ir.Function, b, start int, s *state, cx *bctx, resume bool) (*flow, error) {
	insts := f.Blocks[b].Insts
	for i := start; i < len(insts); i++ {
		in := &insts[i]
		if a.part != nil && !(resume && i == start) {
			if fl, ok, err := a.splitAt(f, b, i, s, cx); ok || err != nil {
				return fl, err
			}
		}
		a.steps++
		if a.steps > a.cfg.MaxSteps {
			return nil, errBudget
		}
		if a.steps&4095 == 0 && !a.cfg.Deadline.IsZero() && time.Now().After(a.cfg.Deadline) {
			return nil, errDeadline
		}
		if in.Op >= ir.OpRet {
			fl, err := a.terminator(cx, s, in)
			if fl != nil {
				fl.ctx = cx
			}
			return fl, err
		}
		ok, err := a.inst(cx, s, in)
		if err != nil {
			if _, isU := err.(*Unsupported); isU || err == errBudget || err == errDeadline {
				return nil, err
			}
			return nil, a.unsupported(f, in.Loc, "%v (%s)", err, in.Text)
		}
		if !ok {
			return &flow{succ: make([]*state, len(insts[len(insts)-1].Succs)), ctx: cx}, nil
		}
		if in.Dst >= 0 {
			cx.defs[in.Dst] = in
			if b, ok := a.bounds[in.Dst]; ok && s.regs[in.Dst].Kind == VFloat && s.regs[in.Dst].F.K == b.K {
				s.regs[in.Dst] = fltVal(s.regs[in.Dst].F.Meet(b))
			}
		}
	}
	return nil, a.unsupported(f, f.Loc, "a block without terminator")
}

// set writes a register.
func set(s *state, in *ir.Inst, v Val) {
	if in.Dst >= 0 {
		s.regs[in.Dst] = v
	}
}

var iops = map[ir.Op]IBinOp{ir.OpAdd: IAdd, ir.OpSub: ISub, ir.OpMul: IMul, ir.OpAnd: IAnd, ir.OpOr: IOr,
	ir.OpXor: IXor, ir.OpShl: IShl, ir.OpLShr: ILShr, ir.OpAShr: IAShr, ir.OpSDiv: ISDiv, ir.OpSRem: ISRem,
	ir.OpUDiv: IUDiv, ir.OpURem: IURem}

var fops = map[ir.Op]FBinOp{ir.OpFAdd: FAdd, ir.OpFSub: FSub, ir.OpFMul: FMul, ir.OpFDiv: FDiv, ir.OpFRem: FRem}

// inst transfers one non-terminator; ok false means the state ends here
// (bottom).
func (a *Analyzer) inst(cx *bctx, s *state, in *ir.Inst) (bool, error) {
	if a.fpChecked() {
		if err := a.fpSites(s, in); err != nil { // --check-fp's sites (fpsites.go)
			return false, err
		}
	}
	switch in.Op {
	case ir.OpAdd, ir.OpSub, ir.OpMul, ir.OpAnd, ir.OpOr, ir.OpXor, ir.OpShl, ir.OpLShr, ir.OpAShr,
		ir.OpSDiv, ir.OpSRem, ir.OpUDiv, ir.OpURem:
		x, err := a.get(s, in.A)
		if err != nil {
			return false, err
		}
		y, err := a.get(s, in.B)
		if err != nil {
			return false, err
		}
		if x.Kind != VInt || y.Kind != VInt {
			if x.IsBottom() || y.IsBottom() {
				return false, nil
			}
			return false, fmt.Errorf("integer arithmetic on non-integers")
		}
		if !a.intChecks(cx, s, in, x.I, y.I) {
			return false, nil
		}
		set(s, in, intVal(IBin(iops[in.Op], x.I, y.I)))
	case ir.OpFAdd, ir.OpFSub, ir.OpFMul, ir.OpFDiv, ir.OpFRem:
		x, err := a.get(s, in.A)
		if err != nil {
			return false, err
		}
		y, err := a.get(s, in.B)
		if err != nil {
			return false, err
		}
		if x.Kind != VFloat || y.Kind != VFloat {
			return !(x.IsBottom() || y.IsBottom()), fmt.Errorf("float arithmetic on non-floats")
		}
		set(s, in, fltVal(Bin(fops[in.Op], s.modes, x.F, y.F)))
	case ir.OpFNeg:
		x, err := a.get(s, in.A)
		if err != nil {
			return false, err
		}
		set(s, in, fltVal(Neg(x.F)))
	case ir.OpICmp:
		x, err := a.get(s, in.A)
		if err != nil {
			return false, err
		}
		y, err := a.get(s, in.B)
		if err != nil {
			return false, err
		}
		if x.Kind == VPtr || y.Kind == VPtr {
			set(s, in, intVal(ptrCmp(arith.IPred(in.Pred), x, y))) // heap.go
			break
		}
		set(s, in, intVal(ICmp(arith.IPred(in.Pred), x.I, y.I)))
	case ir.OpFCmp:
		x, err := a.get(s, in.A)
		if err != nil {
			return false, err
		}
		y, err := a.get(s, in.B)
		if err != nil {
			return false, err
		}
		set(s, in, intVal(FCmp(arith.Pred(in.Pred), x.F, y.F)))
	case ir.OpTrunc, ir.OpZExt, ir.OpSExt:
		x, err := a.get(s, in.A)
		if err != nil {
			return false, err
		}
		set(s, in, intVal(intConv(in.Op, x.I, int(in.T.Bits))))
	case ir.OpFPExt:
		x, err := a.get(s, in.A)
		if err != nil {
			return false, err
		}
		set(s, in, fltVal(Ext(x.F, in.T.FK)))
	case ir.OpFPTrunc:
		x, err := a.get(s, in.A)
		if err != nil {
			return false, err
		}
		set(s, in, fltVal(Trunc(s.modes, x.F, in.T.FK)))
	case ir.OpFPToSI, ir.OpFPToUI:
		x, err := a.get(s, in.A)
		if err != nil {
			return false, err
		}
		if in.T.Bits > 64 {
			return false, fmt.Errorf("conversions to integers wider than 64 bits")
		}
		set(s, in, intVal(ToInt(x.F, in.T.Bits, in.Op == ir.OpFPToUI)))
	case ir.OpSIToFP, ir.OpUIToFP:
		x, err := a.get(s, in.A)
		if err != nil {
			return false, err
		}
		if x.Kind != VInt {
			return false, fmt.Errorf("conversion of a non-integer")
		}
		set(s, in, fltVal(FromInt(s.modes, x.I, in.T.FK, in.Op == ir.OpUIToFP)))
	case ir.OpPtrToInt:
		set(s, in, intVal(ITop(in.T.Bits)))
	case ir.OpIntToPtr:
		set(s, in, ptrVal(PVal{Unknown: true}))
	case ir.OpBitCast:
		x, err := a.get(s, in.A)
		if err != nil {
			return false, err
		}
		if in.T.Kind == ir.PtrType && x.Kind == VPtr {
			set(s, in, x)
			break
		}
		v, err := topOf(in.T)
		if err != nil {
			return false, err
		}
		set(s, in, v)
	case ir.OpSelect:
		c, err := a.get(s, in.A)
		if err != nil {
			return false, err
		}
		x, err := a.get(s, in.B)
		if err != nil {
			return false, err
		}
		y, err := a.get(s, in.C)
		if err != nil {
			return false, err
		}
		switch {
		case c.I.Empty:
			return false, nil
		case c.I.Lo == 1:
			set(s, in, x)
		case c.I.Hi == 0:
			set(s, in, y)
		default:
			set(s, in, x.Join(y))
		}
	case ir.OpFreeze:
		x, err := a.get(s, in.A)
		if err != nil {
			return false, err
		}
		set(s, in, x)
	case ir.OpFence:
	case ir.OpAlloca:
		return a.alloca(cx, s, in)
	case ir.OpGEP:
		return a.gep(s, in)
	case ir.OpLoad:
		return a.loadInst(cx, s, in)
	case ir.OpStore:
		return a.storeInst(cx, s, in)
	case ir.OpCall:
		ok, err := a.call(cx, s, in)
		// The callee may have written any cell (the call's own
		// refinement, for assume, came before).
		cx.orig = map[int32]origin{}
		cx.clobbered = true
		s.eqs = nil
		return ok, err
	default:
		return false, fmt.Errorf("the instruction %s", in.Op)
	}
	return true, nil
}

// intChecks records the division and shift error sites of in; false when
// no value of the divisor lets the path go on.
func (a *Analyzer) intChecks(cx *bctx, s *state, in *ir.Inst, x, y IVal) bool {
	switch in.Op {
	case ir.OpSDiv, ir.OpUDiv, ir.OpSRem, ir.OpURem:
		zero := !y.Empty && y.Lo <= 0 && 0 <= y.Hi
		a.site(in.Loc, "div", zero, "the divisor may be zero: "+y.String())
		if in.Op == ir.OpSDiv || in.Op == ir.OpSRem {
			min, _ := irange(x.Bits)
			ovf := x.Lo == min && y.Lo <= -1 && -1 <= y.Hi
			a.site(in.Loc, "div", ovf, "INT_MIN / -1 may occur")
		}
		if y.Lo == 0 && y.Hi == 0 {
			return false
		}
	case ir.OpShl, ir.OpLShr, ir.OpAShr:
		over := y.Lo < 0 || y.Hi >= int64(x.Bits)
		a.site(in.Loc, "overshift", over, "the shift amount may be out of range: "+y.String())
		if y.Lo >= int64(x.Bits) || y.Hi < 0 {
			return false
		}
	}
	return true
}

// intConv is trunc, zext or sext.
func intConv(op ir.Op, x IVal, to int) IVal {
	if x.Empty {
		return IBottom(to)
	}
	switch op {
	case ir.OpZExt:
		if x.Bits == 1 || x.Lo >= 0 {
			return IRange(to, x.Lo, x.Hi)
		}
		if to > x.Bits {
			// Negative values read as large unsigned ones.
			return IRange(to, 0, int64(uint64(1)<<x.Bits-1))
		}
	case ir.OpSExt:
		if x.Bits == 1 {
			return IRange(to, -x.Hi, -x.Lo)
		}
		return IRange(to, x.Lo, x.Hi)
	case ir.OpTrunc:
		if to == 1 {
			if x.Lo == x.Hi {
				v := x.Lo & 1
				return IRange(1, v, v)
			}
			return ITop(1)
		}
		return IRange(to, x.Lo, x.Hi)
	}
	return ITop(to)
}
