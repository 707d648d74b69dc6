package absint

import (
	"math"
	"math/big"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

// filterInv is a proved box for a loop head's state cells.
type filterInv struct {
	cells []cellRef
	bound []FVal
	// regs bounds float registers of the body by their forms over the
	// ellipsoid: |c| + √(k·vᵀP⁻¹v) + Σ|input coefficients| + remainder.
	regs map[int32]FVal
}

// naturalLoop is the blocks of the loops closing at head h.
func naturalLoop(f *ir.Function, c *cfgInfo, h int) map[int]bool {
	in := map[int]bool{h: true}
	var work []int
	for _, p := range c.preds[h] {
		if dominatesBack(c, h, p) {
			work = append(work, p)
		}
	}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if in[x] {
			continue
		}
		in[x] = true
		work = append(work, c.preds[x]...)
	}
	return in
}

// dominatesBack approximates "p→h is a back edge": h comes no later than
// p in reverse post-order.
func dominatesBack(c *cfgInfo, h, p int) bool {
	ih, ip := -1, -1
	for i, b := range c.rpo {
		if b == h {
			ih = i
		}
		if b == p {
			ip = i
		}
	}
	return ih >= 0 && ip >= ih
}

// tryFilter looks for a proved ellipsoid invariant at loop head h, from
// the interval fixpoint (in, out) and the function's entry state.
func (a *Analyzer) tryFilter(f *ir.Function, c *cfgInfo, h int, in []*state, out []*flow, entry *state) *filterInv {
	loop := naturalLoop(f, c, h)
	def := map[int32]int{}
	for b, blk := range f.Blocks {
		for _, ins := range blk.Insts {
			if ins.Dst >= 0 {
				def[ins.Dst] = b
			}
			for _, e := range ins.Succs {
				for _, mv := range e.Moves {
					def[mv.Dst] = b
				}
			}
		}
	}
	for b := range loop {
		if b != h && c.head[b] {
			return nil // an inner loop: the body is replayed once, straight
		}
	}
	r := &filterRun{a: a, f: f, c: c, h: h, loop: loop, out: out, def: def}
	// The state cells: float scalars stored in the loop at one offset.
	for b := range loop {
		if out[b] == nil {
			continue
		}
		for i := range f.Blocks[b].Insts {
			ins := &f.Blocks[b].Insts[i]
			if ins.Op != ir.OpStore || ins.T.Kind != ir.FloatType {
				continue
			}
			p := r.regValOp(ins.B)
			if p.Kind != VPtr || p.P.Unknown || !p.P.HasObj {
				return nil
			}
			off, ok := p.P.Off.Single()
			if !ok || in[h].mem.isSmashed(p.P.Obj) {
				return nil
			}
			known := false
			for _, cl := range r.cells {
				known = known || (cl.obj == p.P.Obj && cl.off == off)
			}
			if !known {
				r.cells = append(r.cells, cellRef{obj: p.P.Obj, off: off, k: ins.T.FK, t: ins.T})
			}
		}
	}
	n := len(r.cells)
	if n == 0 || n > 6 {
		return nil
	}
	// Entry values: from the edges into h from outside the loop.
	var init *state
	if h == 0 {
		init = entry
	}
	for _, p := range c.preds[h] {
		if loop[p] || out[p] == nil {
			continue
		}
		for i, e := range f.Blocks[p].Insts[len(f.Blocks[p].Insts)-1].Succs {
			if int(e.Block) == h && out[p].succ[i] != nil {
				var err error
				if init, err = a.join(init, out[p].succ[i], false); err != nil {
					return nil
				}
			}
		}
	}
	if init == nil {
		return nil
	}
	m0 := make([]*big.Rat, n)
	for i, cl := range r.cells {
		v, err := a.load(init.mem, cl.obj, IRange(64, cl.off, cl.off), cl.t)
		if err != nil || v.Kind != VFloat || v.F.NaN || v.F.PInf || v.F.NInf {
			continue // only a problem for a cell of the state (below)
		}
		m0[i] = new(big.Rat)
		if !v.F.Empty {
			lo, hi := new(big.Rat).Abs(ratOfWord(cl.k, v.F.Lo)), new(big.Rat).Abs(ratOfWord(cl.k, v.F.Hi))
			if lo.Cmp(hi) > 0 {
				hi = lo
			}
			m0[i] = hi
		}
	}
	// The linear part does not depend on the box: replay with a unit box.
	r.box = make([]*big.Rat, n)
	for i := range r.box {
		r.box[i] = big.NewRat(1, 1)
	}
	forms := r.replay()
	if forms == nil {
		return nil
	}
	// The state: cells whose value at the back edge has a form. The
	// others (overwritten by inputs each iteration) must not be read
	// before being written: no form may use their head value.
	for _, fm := range forms {
		for j := 0; j < n && fm != nil; j++ {
			if _, ok := fm.co[j]; ok && forms[j] == nil {
				return nil
			}
		}
	}
	// Cells whose head value no state cell's next value uses are outputs
	// (temporaries written before read): left to the interval domain.
	st := make([]bool, n)
	for i, fm := range forms {
		st[i] = fm != nil
	}
	for changed := true; changed; {
		changed = false
		for j := range st {
			if !st[j] {
				continue
			}
			used := false
			for i, fm := range forms {
				if st[i] && fm.co[j] != nil {
					used = true
				}
			}
			if !used {
				st[j], changed = false, true
			}
		}
	}
	var live []int
	for i := range st {
		if st[i] {
			live = append(live, i)
		}
	}
	nl := len(live)
	if nl == 0 {
		return nil
	}
	for _, li := range live {
		if m0[li] == nil {
			return nil // an entry value that may be NaN or infinite
		}
	}
	A := newRmat(nl, nl)
	for i, li := range live {
		for j, lj := range live {
			if v, ok := forms[li].co[lj]; ok {
				A[i][j].Set(v)
			}
		}
	}
	// The quadratic form: P solving (A/ρ)ᵀP(A/ρ) − P = −I for a few ρ
	// (ρ near the spectral radius makes ‖A‖_P small but P ill-shaped);
	// each is checked on its own, the smallest box wins.
	attempt := func(pf [][]float64, unroll bool) *filterInv {
		P := newRmat(nl, nl)
		tr := new(big.Rat)
		for i := range pf {
			for j := range pf[i] {
				P[i][j] = ratOf(pf[i][j])
			}
			tr.Add(tr, P[i][i])
		}
		if !posDef(P) {
			return nil
		}
		// λ² bounds ‖A‖_P²: the largest μ with AᵀPA − μP singular, found
		// by power iteration on P⁻¹AᵀPA in float64, a little above it, and
		// checked exactly below (λ²P − AᵀPA ≻ 0).
		Q := quadT(A, P)
		mu, ok := powerIter(inverse(P), Q)
		if !ok || mu >= 1 {
			return nil
		}
		lam2 := ratOf(math.Min(mu*(1+1e-6)+1e-12, (1+mu)/2))
		M := quadT(A, P)
		for i := range M {
			for j := range M[i] {
				M[i][j].Sub(new(big.Rat).Mul(lam2, P[i][j]), M[i][j])
			}
		}
		if !posDef(M) {
			return nil
		}
		lam := sqrtUp(lam2)
		if lam == nil || lam.Cmp(big.NewRat(1, 1)) >= 0 {
			return nil
		}
		Pinv := inverse(P)
		if Pinv == nil {
			return nil
		}
		oneMinus := new(big.Rat).Sub(big.NewRat(1, 1), lam)
		den := new(big.Rat).Mul(oneMinus, oneMinus)
		// needed(k) = ‖w‖_P² / (1 − λ)², w over the box of E_k (kept in
		// lastWs for the unrolled bound).
		var lastWs []*big.Rat
		// boxOf bounds each cell over E_k (cells outside the state: 1, unused).
		boxOf := func(k *big.Rat) []*big.Rat {
			b := make([]*big.Rat, n)
			for i := range b {
				b[i] = big.NewRat(1, 1)
			}
			for i, li := range live {
				b[li] = sqrtUp(new(big.Rat).Mul(k, Pinv[i][i]))
				if b[li] == nil {
					return nil
				}
			}
			return b
		}
		needed := func(k *big.Rat) *big.Rat {
			r.box, r.fail = boxOf(k), false
			if r.box == nil {
				return nil
			}
			fs := r.replay()
			if fs == nil {
				return nil
			}
			ws := make([]*big.Rat, nl)
			for i, li := range live {
				fm := fs[li]
				if fm == nil {
					return nil
				}
				w := new(big.Rat).Abs(fm.c)
				for j, v := range fm.co {
					if j >= n {
						w.Add(w, new(big.Rat).Abs(v))
						continue
					}
					jj := -1
					for x, lj := range live {
						if lj == j {
							jj = x
						}
					}
					if jj < 0 || v.Cmp(A[i][jj]) != 0 {
						return nil // the linear part changed: not a filter
					}
				}
				w.Add(w, fm.err)
				ws[i] = w
			}
			lastWs = ws
			// ‖w‖_P² ≤ Σ|P_ij|·W_i·W_j over the box of w.
			sum := new(big.Rat)
			for i := range ws {
				for j := range ws {
					t := new(big.Rat).Mul(new(big.Rat).Abs(P[i][j]), ws[i])
					sum.Add(sum, t.Mul(t, ws[j]))
				}
			}
			return new(big.Rat).Quo(sum, den)
		}
		// The entry values must lie in the ellipsoid: sᵀPs ≤ Σ|P_ij|·m_i·m_j.
		kInit := new(big.Rat)
		for i, li := range live {
			for j, lj := range live {
				t := new(big.Rat).Mul(new(big.Rat).Abs(P[i][j]), m0[li])
				kInit.Add(kInit, t.Mul(t, m0[lj]))
			}
		}
		k := needed(big.NewRat(1, 1))
		if k == nil {
			return nil
		}
		if kInit.Cmp(k) > 0 {
			k = kInit
		}
		for it := 0; it < 12; it++ {
			k = new(big.Rat).Mul(k, big.NewRat(21, 20))
			nk := needed(k)
			if nk == nil {
				return nil
			}
			if nk.Cmp(k) <= 0 {
				box := boxOf(k)
				if box == nil {
					return nil
				}
				inv := &filterInv{}
				var u *unroller
				if unroll {
					u = &unroller{A: A, ws: lastWs, k: k, pinv: Pinv}
					for _, li := range live {
						u.m0 = append(u.m0, m0[li])
					}
				}
				for i, li := range live {
					if u == nil {
						break
					}
					e := make([]*big.Rat, nl)
					for j := range e {
						e[j] = new(big.Rat)
					}
					e[i].SetInt64(1)
					if b := u.bound(e); b != nil && b.Cmp(box[li]) < 0 {
						box[li] = b
					}
				}
				for _, li := range live {
					cl := r.cells[li]
					inv.cells = append(inv.cells, cl)
					bf, _ := box[li].Float64()
					if new(big.Rat).SetFloat64(bf).Cmp(box[li]) < 0 {
						bf = math.Nextafter(bf, math.Inf(1))
					}
					hi := arith.FromFloat64(bf)
					switch cl.k {
					case arith.F32:
						hi = arith.FPTrunc(arith.F64, arith.F32, arith.Upward, hi)
					case arith.F80:
						hi = arith.FPExt(arith.F64, arith.F80, hi)
					}
					if arith.IsInf(cl.k, hi) {
						return nil
					}
					inv.bound = append(inv.bound, FRange(cl.k, arith.FNeg(cl.k, hi), hi))
				}
				inv.regs = r.regBounds(k, live, Pinv, u)
				return inv
			}
			k = nk
		}
		return nil
	}
	var best *filterInv
	var bestPf [][]float64
	bestSize := math.Inf(1)
	af := A.float()
	for _, rho := range []float64{1, 0.99, 0.97, 0.95, 0.93, 0.9, 0.87, 0.85, 0.8, 0.7, 0.5} {
		sc := make([][]float64, nl)
		for i := range af {
			sc[i] = make([]float64, nl)
			for j := range af[i] {
				sc[i][j] = af[i][j] / rho
			}
		}
		pf, ok := lyapunov(sc)
		if !ok {
			continue
		}
		inv := attempt(pf, false)
		if inv == nil {
			continue
		}
		size := 0.0
		for _, b := range inv.bound {
			size += FValHiFloat(b)
		}
		if size < bestSize {
			best, bestPf, bestSize = inv, pf, size
		}
	}
	// The unrolled bound (filterunroll.go), for the best ellipsoid only.
	if best != nil {
		if inv := attempt(bestPf, true); inv != nil {
			best = inv
		}
	}
	return best
}

// FValHiFloat is v's upper bound as a float64 (for comparing boxes).
func FValHiFloat(v FVal) float64 {
	switch v.K {
	case arith.F32:
		return float64(math.Float32frombits(uint32(v.Hi.Lo)))
	case arith.F64:
		return math.Float64frombits(v.Hi.Lo)
	}
	return arith.F80ToFloat64(v.Hi)
}

func (r *filterRun) regValOp(o ir.Operand) Val {
	if o.IsReg() {
		return r.regVal(int32(o))
	}
	v, err := r.a.constVal(r.a.m.Consts[o.ConstIndex()])
	if err != nil {
		return Val{}
	}
	return v
}

// applyFilter meets a state with a proved filter box.
func (a *Analyzer) applyFilter(s *state, inv *filterInv) *state {
	if s == nil || inv == nil {
		return s
	}
	s = s.clone()
	for i, cl := range inv.cells {
		if s.mem.isSmashed(cl.obj) {
			continue
		}
		v, err := a.load(s.mem, cl.obj, IRange(64, cl.off, cl.off), cl.t)
		if err != nil || v.Kind != VFloat {
			continue
		}
		om := s.mem.mut(cl.obj)
		om.cells[cl.off] = cell{cl.t, fltVal(v.F.Meet(inv.bound[i]))}
	}
	return s
}

// regBounds bounds the registers whose forms the last replay (over the
// box of E_k) computed, by the support function of E_k.
func (r *filterRun) regBounds(k *big.Rat, live []int, pinv rmat, u *unroller) map[int32]FVal {
	n := len(r.cells)
	pos := map[int]int{}
	for i, li := range live {
		pos[li] = i
	}
	out := map[int32]FVal{}
	for reg, fm := range r.forms {
		t := r.f.RegType[reg]
		if t == nil || t.Kind != ir.FloatType {
			continue
		}
		v := make([]*big.Rat, len(live))
		for i := range v {
			v[i] = new(big.Rat)
		}
		b := new(big.Rat).Abs(fm.c)
		b.Add(b, fm.err)
		ok := true
		for j, c := range fm.co {
			if j >= n {
				b.Add(b, new(big.Rat).Abs(c))
			} else if p, isLive := pos[j]; isLive {
				v[p].Set(c)
			} else {
				ok = false
			}
		}
		if !ok {
			continue
		}
		q := new(big.Rat)
		for i := range v {
			for j := range v {
				q.Add(q, new(big.Rat).Mul(v[i], new(big.Rat).Mul(pinv[i][j], v[j])))
			}
		}
		sq := sqrtUp(new(big.Rat).Mul(k, q))
		if u != nil {
			if ub := u.bound(v); ub != nil && (sq == nil || ub.Cmp(sq) < 0) {
				sq = ub
			}
		}
		if sq == nil {
			continue
		}
		b.Add(b, sq)
		bf, _ := b.Float64()
		if new(big.Rat).SetFloat64(bf).Cmp(b) < 0 {
			bf = math.Nextafter(bf, math.Inf(1))
		}
		hi := arith.FromFloat64(bf)
		switch t.FK {
		case arith.F32:
			hi = arith.FPTrunc(arith.F64, arith.F32, arith.Upward, hi)
		case arith.F80:
			hi = arith.FPExt(arith.F64, arith.F80, hi)
		}
		if arith.IsInf(t.FK, hi) {
			continue
		}
		out[reg] = FRange(t.FK, arith.FNeg(t.FK, hi), hi)
	}
	return out
}
