package absint

import (
	"math"
	"math/big"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

// Linear filters: a relational invariant for loops whose float state
// evolves by s' = A·s + w, with w bounded (inputs, constants, rounding
// errors) — Feret's digital filters, of any order up to six cells.
//
// The loop body is replayed once over affine forms with exact rational
// coefficients: a symbol per state cell (its value at the loop head), a
// symbol per other float register the forms use (an input: its interval
// from the interval fixpoint, as centre ± radius·ε, ε ∈ [−1, 1]), and an
// unshared remainder bounding every rounding error: |fl(r) − r| ≤
// 2^(1−p)·|r| + η in every mode when nothing overflows (checked), with
// |r| bounded over a candidate box of the state. The quadratic form P of
// the discrete Lyapunov equation AᵀPA − P = −I (float64) gives the
// ellipsoid E_k = {s : sᵀPs ≤ k}; then, over the rationals: P ≻ 0,
// λ²P − AᵀPA ≻ 0 (so ‖As‖_P ≤ λ‖s‖_P), and k ≥ tr(P)·Σ W_i² / (1 − λ)²
// where W_i bounds |w_i| over the box of E_k (‖w‖_P ≤ √tr(P)·‖w‖₂), so
// E_k is inductive; the loop's entry values must lie in E_k too. The box
// of E_k (|s_i| ≤ √(k·(P⁻¹)_ii)) is then met into the loop head's state:
// the interval domain carries the relational bound (a reduced product).

// cellRef is a state cell.
type cellRef struct {
	obj int32
	off int64
	k   arith.Kind
	t   *ir.Type
}

// aform is c + Σ co[j]·sym_j ± err over rationals.
type aform struct {
	c   *big.Rat
	co  map[int]*big.Rat
	err *big.Rat
}

func constForm(x *big.Rat) *aform {
	return &aform{c: new(big.Rat).Set(x), co: map[int]*big.Rat{}, err: new(big.Rat)}
}

func (f *aform) isConst() bool { return len(f.co) == 0 && f.err.Sign() == 0 }

// lin is α·x + β·y (exact).
func lin(x, y *aform, al, be *big.Rat) *aform {
	r := &aform{c: new(big.Rat), co: map[int]*big.Rat{}, err: new(big.Rat)}
	add := func(f *aform, k *big.Rat) {
		if f == nil {
			return
		}
		r.c.Add(r.c, new(big.Rat).Mul(k, f.c))
		for j, a := range f.co {
			v, ok := r.co[j]
			if !ok {
				v = new(big.Rat)
				r.co[j] = v
			}
			v.Add(v, new(big.Rat).Mul(k, a))
		}
		r.err.Add(r.err, new(big.Rat).Mul(new(big.Rat).Abs(k), f.err))
	}
	add(x, al)
	add(y, be)
	for j, v := range r.co {
		if v.Sign() == 0 {
			delete(r.co, j)
		}
	}
	return r
}

func (f *aform) equal(g *aform) bool {
	if f.c.Cmp(g.c) != 0 || len(f.co) != len(g.co) {
		return false
	}
	for j, a := range f.co {
		if b, ok := g.co[j]; !ok || a.Cmp(b) != 0 {
			return false
		}
	}
	return true
}

// ratOfWord is the exact value of a finite float.
func ratOfWord(k arith.Kind, w arith.Word) *big.Rat {
	if k != arith.F80 {
		var x float64
		if k == arith.F32 {
			x = float64(math.Float32frombits(uint32(w.Lo)))
		} else {
			x = math.Float64frombits(w.Lo)
		}
		return ratOf(x)
	}
	e := int(w.Hi & 0x7fff)
	if e == 0 {
		e = 1
	}
	m := new(big.Float).SetPrec(80).SetUint64(w.Lo)
	m.SetMantExp(m, e-16383-63)
	if w.Hi&0x8000 != 0 {
		m.Neg(m)
	}
	r, _ := m.Rat(nil)
	return r
}

// kindErr is 2^(1−p) and η of kind k.
func kindErr(k arith.Kind) (*big.Rat, *big.Rat) {
	p := k.Precision()
	rel := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(p-1)))
	var eta int
	switch k {
	case arith.F32:
		eta = 149
	case arith.F64:
		eta = 1074
	default:
		eta = 16445
	}
	return rel, new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(eta)))
}

// filterRun is one replay of a loop body.
type filterRun struct {
	a     *Analyzer
	f     *ir.Function
	c     *cfgInfo
	h     int
	loop  map[int]bool
	out   []*flow
	cells []cellRef
	box   []*big.Rat // |state_j| ≤ box[j]
	def   map[int32]int
	fail  bool
	// forms are the forms of the float registers the body computes from
	// the state (the last replay's).
	forms map[int32]*aform
}

// symBound is the bound of a symbol: the box for state cells, 1 else.
func (r *filterRun) symBound(j int) *big.Rat {
	if j < len(r.cells) {
		return r.box[j]
	}
	return big.NewRat(1, 1)
}

// mag bounds |f|.
func (r *filterRun) mag(f *aform) *big.Rat {
	m := new(big.Rat).Abs(f.c)
	for j, a := range f.co {
		m.Add(m, new(big.Rat).Mul(new(big.Rat).Abs(a), r.symBound(j)))
	}
	return m.Add(m, f.err)
}

// round adds the rounding error of one operation of kind k to f, failing
// when its result could overflow.
func (r *filterRun) round(f *aform, k arith.Kind) *aform {
	rel, eta := kindErr(k)
	m := r.mag(f)
	e := new(big.Rat).Mul(rel, m)
	e.Add(e, eta)
	f.err.Add(f.err, e)
	lim := ratOfWord(k, maxFinite(k))
	lim.Quo(lim, big.NewRat(4, 1))
	if new(big.Rat).Add(m, e).Cmp(lim) > 0 {
		r.fail = true
	}
	return f
}

// regVal is the interval value of register x at the end of its defining
// block, on the edges the fixpoint found feasible.
func (r *filterRun) regVal(x int32) Val {
	b, ok := r.def[x]
	v := Val{}
	if !ok || r.out[b] == nil {
		return v
	}
	for _, s := range r.out[b].succ {
		if s != nil {
			v = v.Join(s.regs[x])
		}
	}
	return v
}

// input makes the form of a value known by its interval only.
func (r *filterRun) input(x int32, v Val) *aform {
	if v.Kind != VFloat || v.F.Empty || v.F.NaN || v.F.PInf || v.F.NInf {
		r.fail = true
		return constForm(new(big.Rat))
	}
	lo, hi := ratOfWord(v.F.K, v.F.Lo), ratOfWord(v.F.K, v.F.Hi)
	mid := new(big.Rat).Add(lo, hi)
	mid.Quo(mid, big.NewRat(2, 1))
	rad := new(big.Rat).Sub(hi, mid)
	f := constForm(mid)
	if rad.Sign() != 0 {
		f.co[len(r.cells)+int(x)] = rad
	}
	return f
}

// env is the forms along one path point.
type env struct {
	cells []*aform
	regs  map[int32]*aform
}

func (e *env) copy() *env {
	n := &env{cells: append([]*aform(nil), e.cells...), regs: map[int32]*aform{}}
	for k, v := range e.regs {
		n.regs[k] = v
	}
	return n
}

// operand is the form of an operand.
func (r *filterRun) operand(e *env, o ir.Operand) *aform {
	if !o.IsReg() {
		c := r.a.m.Consts[o.ConstIndex()]
		if c.T == nil || c.T.Kind != ir.FloatType {
			r.fail = true
			return constForm(new(big.Rat))
		}
		v := FConst(c.T.FK, c.W)
		if v.Empty {
			r.fail = true
			return constForm(new(big.Rat))
		}
		return constForm(ratOfWord(c.T.FK, c.W))
	}
	if f, ok := e.regs[int32(o)]; ok {
		return f
	}
	f := r.input(int32(o), r.regVal(int32(o)))
	e.regs[int32(o)] = f
	return f
}

// operandSoft is the form of an operand, or nil (opaque) for a value
// without a finite interval: a cell holding it is not part of the state.
func (r *filterRun) operandSoft(e *env, o ir.Operand) *aform {
	if o.IsReg() {
		if f, ok := e.regs[int32(o)]; ok {
			return f
		}
		v := r.regVal(int32(o))
		if v.Kind != VFloat || v.F.Empty || v.F.NaN || v.F.PInf || v.F.NInf {
			return nil
		}
	}
	return r.operand(e, o)
}

// cellOf resolves a pointer operand to a state cell index, -1 for none;
// fail when it may point into a state cell's object otherwise.
func (r *filterRun) cellOf(o ir.Operand, size uint64) int {
	var v Val
	if o.IsReg() {
		v = r.regVal(int32(o))
	} else {
		var err error
		if v, err = r.a.constVal(r.a.m.Consts[o.ConstIndex()]); err != nil {
			r.fail = true
			return -1
		}
	}
	if v.Kind != VPtr || v.P.Unknown {
		r.fail = true
		return -1
	}
	if !v.P.HasObj {
		return -1
	}
	off, single := v.P.Off.Single()
	for i, c := range r.cells {
		if c.obj != v.P.Obj {
			continue
		}
		if single && off == c.off && size == c.t.Store {
			return i
		}
		if !single || (off < c.off+int64(c.t.Store) && c.off < off+int64(size)) {
			r.fail = true
		}
	}
	return -1
}

// step replays one instruction.
func (r *filterRun) step(e *env, in *ir.Inst) {
	r.stepForm(e, in)
	if in.Dst >= 0 {
		if f, ok := e.regs[in.Dst]; ok {
			r.forms[in.Dst] = f
		}
	}
}

func (r *filterRun) stepForm(e *env, in *ir.Inst) {
	fk := in.FK
	switch in.Op {
	case ir.OpLoad:
		if in.T.Kind != ir.FloatType {
			return
		}
		if i := r.cellOf(in.A, in.T.Store); i >= 0 && e.cells[i] != nil {
			e.regs[in.Dst] = e.cells[i]
		}
	case ir.OpStore:
		i := r.cellOf(in.B, in.T.Store)
		if i >= 0 {
			if in.T.Kind != ir.FloatType || in.T.FK != r.cells[i].k {
				r.fail = true
				return
			}
			e.cells[i] = r.operandSoft(e, in.A)
		}
	case ir.OpFAdd, ir.OpFSub:
		x, y := r.operand(e, in.A), r.operand(e, in.B)
		be := big.NewRat(1, 1)
		if in.Op == ir.OpFSub {
			be = big.NewRat(-1, 1)
		}
		e.regs[in.Dst] = r.round(lin(x, y, big.NewRat(1, 1), be), fk)
	case ir.OpFMul:
		x, y := r.operand(e, in.A), r.operand(e, in.B)
		if p := r.product(x, y); p != nil {
			e.regs[in.Dst] = r.round(p, fk)
		}
	case ir.OpFNeg:
		e.regs[in.Dst] = lin(r.operand(e, in.A), nil, big.NewRat(-1, 1), nil)
	case ir.OpFPExt:
		e.regs[in.Dst] = r.operand(e, in.A)
	case ir.OpFPTrunc:
		x := r.operand(e, in.A)
		e.regs[in.Dst] = r.round(lin(x, nil, big.NewRat(1, 1), nil), in.T.FK)
	case ir.OpCall:
		name := r.a.calleeName(in)
		switch {
		case in.Callee >= 0 && len(name) > 13 && name[:13] == "llvm.fmuladd." || name == "llvm.fma.f32" || name == "llvm.fma.f64":
			x, y, z := r.operand(e, in.Args[0]), r.operand(e, in.Args[1]), r.operand(e, in.Args[2])
			p := r.product(x, y)
			if p == nil {
				return
			}
			// Fused or not: bound the product's rounding too.
			p = r.round(p, in.T.FK)
			e.regs[in.Dst] = r.round(lin(p, z, big.NewRat(1, 1), big.NewRat(1, 1)), in.T.FK)
		case len(name) > 18 && name[:18] == "__VERIFIER_nondet_", name == "__VERIFIER_assume", name == "klee_assume":
		case r.a.errorCallKind(in) != "":
			// An error site (__VERIFIER_assert, abort, ...): writes no
			// memory; the execution that goes on past it is unchanged.
		default:
			if f := r.a.m.FuncByName[name]; f == nil || !f.IsDeclaration() || !pureMath[name] {
				r.fail = true
			}
		}
	}
}

// pureMath are externals that write no memory.
var pureMath = map[string]bool{"fabs": true, "fabsf": true, "sqrt": true, "sqrtf": true,
	"llvm.fabs.f32": true, "llvm.fabs.f64": true, "llvm.sqrt.f32": true, "llvm.sqrt.f64": true}

// product is x·y when one side is a constant, else nil (the result is
// then an input, by its interval).
func (r *filterRun) product(x, y *aform) *aform {
	switch {
	case x.isConst():
		return lin(y, nil, x.c, nil)
	case y.isConst():
		return lin(x, nil, y.c, nil)
	}
	return nil
}

// replay runs the body once from the head; it returns the cells' forms
// at the back edges.
func (r *filterRun) replay() []*aform {
	n := len(r.cells)
	start := &env{cells: make([]*aform, n), regs: map[int32]*aform{}}
	for i := range r.cells {
		f := constForm(new(big.Rat))
		f.co[i] = big.NewRat(1, 1)
		start.cells[i] = f
	}
	at := map[int]*env{r.h: start}
	r.forms = map[int32]*aform{}
	var back *env
	for _, b := range r.c.rpo {
		if !r.loop[b] || r.fail {
			continue
		}
		e := at[b]
		if e == nil || r.out[b] == nil || !r.continues(b) {
			continue // no execution goes on through b (an error path)
		}
		insts := r.f.Blocks[b].Insts
		for i := range insts[:len(insts)-1] {
			r.step(e, &insts[i])
			if r.fail {
				return nil
			}
		}
		for i, ed := range insts[len(insts)-1].Succs {
			t := int(ed.Block)
			if r.out[b].succ[i] == nil || !r.loop[t] {
				continue
			}
			ne := e.copy()
			for _, mv := range ed.Moves {
				if rt := r.f.RegType[mv.Dst]; rt != nil && rt.Kind == ir.FloatType {
					ne.regs[mv.Dst] = r.operand(e, mv.Src)
				}
			}
			if t == r.h {
				back = r.merge(back, ne)
			} else {
				at[t] = r.merge(at[t], ne)
			}
			if r.fail {
				return nil
			}
		}
	}
	if back == nil || r.fail {
		return nil
	}
	return back.cells
}

// merge joins two path environments: the cells' forms must agree (up to
// their remainders); registers that differ are dropped (then inputs).
func (r *filterRun) merge(x, y *env) *env {
	if x == nil {
		return y
	}
	for i := range x.cells {
		if x.cells[i] == nil || y.cells[i] == nil {
			x.cells[i] = nil
			continue
		}
		if !x.cells[i].equal(y.cells[i]) {
			r.fail = true
			return x
		}
		if y.cells[i].err.Cmp(x.cells[i].err) > 0 {
			x.cells[i] = y.cells[i]
		}
	}
	for k, v := range x.regs {
		if w, ok := y.regs[k]; !ok || !v.equal(w) || v.err.Cmp(w.err) != 0 {
			delete(x.regs, k)
		}
	}
	return x
}

// continues reports whether some execution goes on from block b to a
// successor in the loop.
func (r *filterRun) continues(b int) bool {
	for i, s := range r.out[b].succ {
		if s != nil && r.loop[int(r.f.Blocks[b].Insts[len(r.f.Blocks[b].Insts)-1].Succs[i].Block)] {
			return true
		}
	}
	return false
}
