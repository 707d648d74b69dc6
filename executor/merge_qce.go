package executor

import (
	"fmt"

	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/memory"
	"github.com/floatsym/floatsym/solver/expr"
)

// Query count estimation (QCE; Kuznetsov, Kinder, Bucur and Candea,
// "Efficient state merging in symbolic execution", PLDI'12, section 3):
// the heuristic of --merge=auto. A static pass over each function's
// lowered IR estimates, for each merge point l and each variable v (a
// register, or the memory of one of the function's allocas), Qadd(l, v):
// how many queries issued after l read v, and Qt(l): how many queries
// are issued after l in all. The queries are the conditional branches
// and switches on a value, the divisors of integer divisions (the
// division-by-zero check), the symbolic indices of addresses (the bounds
// check) and the arguments of calls (a callee's queries read them:
// __VERIFIER_assert's condition). Both counts follow the control flow
// backwards from l: each side of a two-way branch weighs β (the paper's
// branch factor: a fork runs both sides, each with some chance of being
// infeasible) and loops count κ iterations (back edges are followed κ
// times). v is hot at l when Qadd(l, v) > α·Qt(l).
//
// Two states parked at l merge when every hot variable in which they
// differ keeps the queries that read it as they were:
//   - a hot variable concrete in both states (different values) is
//     refused when more than qceConcreteQueries (weighted) later queries
//     read it: merged it becomes symbolic, and every later query over it
//     is one that neither state would have issued (the paper's case:
//     poly_bracket's bisection bounds lo and hi, read by every later
//     step's branch, which each path decided concretely). One or two
//     (a final check: clamp_bug's y, select_bug's sum) cost less than
//     the state merging saves;
//   - a hot variable computed by floating-point arithmetic on either side
//     is refused: the queries over ite(c, a·b, a+b) are the ones the
//     solvers do not decide (lerp/float_correct: verified unmerged in
//     8 s, a timeout merged) — floatsym's refinement, since the paper's
//     cost model counts queries, not their difficulty;
//   - a hot variable that later flows into an fmul or fdiv is refused
//     (floatsym's refinement too): merged, the later queries carry an
//     if-then-else inside a product or quotient, which hides the
//     relations the paths had — hypot_overflow's m = max(|x|, |y|) and
//     u = |x|/m, exactly 1 on one path: verified unmerged in 3 s, native,
//     z3 and cvc5 unknown merged;
//   - a hot variable that is an input, a constant on one side only, or a
//     rearrangement of inputs (cheapExpr) merges: the queries over it
//     are issued anyway, on the same inputs (stats5's clamps, sort5's
//     exchanges).
//
// Variables no later query reads (cold) merge whatever their values:
// joining them costs no query. Memory the pass cannot attribute to one
// of the function's allocas (globals, the heap, callers' frames) counts
// as hot.

// The QCE parameters.
const (
	// qceAlpha is the hotness threshold α: the share of the later
	// queries a variable must feed to be hot. Small: a variable that
	// any later query reads is hot unless it feeds a vanishing share.
	qceAlpha = 1e-12
	// qceBeta is the weight β of each side of a two-way branch (or each
	// target of a switch) in the backwards count.
	qceBeta = 0.8
	// qceKappa is κ, the loop iterations counted: back edges are
	// followed this many times.
	qceKappa = 10
	// qceConcreteQueries is the most weighted later queries a hot
	// variable concrete in both states may feed and still merge
	// (floatsym's addition; see above).
	qceConcreteQueries = 2
	// qceMax caps the counts (2β > 1 makes them grow exponentially
	// with the branches after l; the ratios stay meaningful).
	qceMax = 1e300
)

// qceFunc is the static pass's result for one function.
type qceFunc struct {
	nregs int
	succ  [][]int32
	back  [][]bool // per block, per successor: a back edge
	multi []bool   // the block ends in a conditional branch or switch
	post  []int32  // the blocks reachable from the entry, in DFS postorder
	// fwd is the dependency graph over variables (registers 0..nregs-1,
	// then alloca k's memory as nregs+k): fwd[v] lists the variables
	// computed from v.
	fwd [][]int32
	// sites lists, per block, the variables its queries read.
	sites [][]int32
	// allocas lists the entry block's alloca registers in order (the
	// order a frame's Allocas records their objects); allocaOK is false
	// when some alloca lies outside the entry block, so that the objects
	// of a frame cannot be matched to them.
	allocas  []int32
	allocaOK bool
	// carried marks the registers a back edge's phi moves define: the
	// values that live on into the next iteration of a loop.
	carried []bool
	// defBlock is each register's defining block (-1: a parameter or
	// none); inLoop memoises whether a block lies on a cycle.
	defBlock []int32
	inLoop   map[int32]bool
	total    []float64
	add      map[int32][]float64 // memo: Qadd(·, v)
	// scaling marks the registers an fmul or fdiv defines; scales
	// memoises whether a variable flows into one.
	scaling []bool
	scales  map[int32]bool
}

// qceOf returns fn's pass, computed once.
func (e *Executor) qceOf(fn *ir.Function) *qceFunc {
	if q, ok := e.qce[fn]; ok {
		return q
	}
	if e.qce == nil {
		e.qce = map[*ir.Function]*qceFunc{}
	}
	q := newQCE(fn)
	e.qce[fn] = q
	return q
}

func newQCE(fn *ir.Function) *qceFunc {
	nb := len(fn.Blocks)
	q := &qceFunc{nregs: fn.NumRegs, succ: make([][]int32, nb), back: make([][]bool, nb), multi: make([]bool, nb),
		sites: make([][]int32, nb), allocaOK: true, add: map[int32][]float64{},
		scaling: make([]bool, fn.NumRegs), scales: map[int32]bool{}}
	// Allocas and the pointers derived from them.
	alloca := map[int32]int32{} // register -> alloca index
	for b := range fn.Blocks {
		for i := range fn.Blocks[b].Insts {
			in := &fn.Blocks[b].Insts[i]
			if in.Op == ir.OpAlloca && in.Dst >= 0 {
				if b != 0 {
					q.allocaOK = false
				}
				alloca[in.Dst] = int32(len(q.allocas))
				q.allocas = append(q.allocas, in.Dst)
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for b := range fn.Blocks {
			for i := range fn.Blocks[b].Insts {
				in := &fn.Blocks[b].Insts[i]
				if in.Dst < 0 || (in.Op != ir.OpGEP && in.Op != ir.OpBitCast) || !in.A.IsReg() {
					continue
				}
				if k, ok := alloca[int32(in.A)]; ok {
					if _, had := alloca[in.Dst]; !had {
						alloca[in.Dst] = k
						changed = true
					}
				}
			}
		}
	}
	nv := fn.NumRegs + len(q.allocas)
	q.fwd = make([][]int32, nv)
	q.defBlock = make([]int32, fn.NumRegs)
	for r := range q.defBlock {
		q.defBlock[r] = -1
	}
	q.inLoop = map[int32]bool{}
	for b := range fn.Blocks {
		for i := range fn.Blocks[b].Insts {
			in := &fn.Blocks[b].Insts[i]
			if in.Dst >= 0 && int(in.Dst) < fn.NumRegs {
				q.defBlock[in.Dst] = int32(b)
			}
		}
	}
	edge := func(from ir.Operand, to int32) {
		if from.IsReg() && int(from) < fn.NumRegs && to >= 0 && int(to) < nv {
			q.fwd[from] = append(q.fwd[from], to)
		}
	}
	memVar := func(ptr ir.Operand) int32 {
		if !ptr.IsReg() {
			return -1
		}
		if k, ok := alloca[int32(ptr)]; ok {
			return int32(fn.NumRegs) + k
		}
		return -1
	}
	site := func(b int, o ir.Operand) {
		if o.IsReg() && int(o) < fn.NumRegs {
			q.sites[b] = append(q.sites[b], int32(o))
		}
	}
	for b := range fn.Blocks {
		for i := range fn.Blocks[b].Insts {
			in := &fn.Blocks[b].Insts[i]
			switch in.Op {
			case ir.OpLoad:
				if m := memVar(in.A); m >= 0 {
					q.fwd[m] = append(q.fwd[m], in.Dst)
				}
				edge(in.A, in.Dst)
			case ir.OpStore:
				if m := memVar(in.B); m >= 0 {
					edge(in.A, m)
				}
			case ir.OpCondBr, ir.OpSwitch:
				site(b, in.A)
			case ir.OpFMul, ir.OpFDiv:
				if in.Dst >= 0 && int(in.Dst) < fn.NumRegs {
					q.scaling[in.Dst] = true
				}
			case ir.OpUDiv, ir.OpSDiv, ir.OpURem, ir.OpSRem:
				site(b, in.B)
			case ir.OpCall:
				for _, a := range in.Args {
					site(b, a)
				}
			case ir.OpGEP:
				for _, x := range in.Index {
					site(b, x.Op)
				}
			}
			if in.Dst >= 0 && in.Op != ir.OpLoad && in.Op != ir.OpAlloca {
				edge(in.A, in.Dst)
				edge(in.B, in.Dst)
				edge(in.C, in.Dst)
				for _, a := range in.Args {
					edge(a, in.Dst)
				}
				for _, x := range in.Index {
					edge(x.Op, in.Dst)
				}
			}
			for _, ed := range in.Succs {
				for _, mv := range ed.Moves {
					edge(mv.Src, mv.Dst)
				}
			}
		}
		for _, ed := range succsOf(&fn.Blocks[b]) {
			q.succ[b] = append(q.succ[b], ed.Block)
		}
		q.multi[b] = len(q.succ[b]) > 1
		q.back[b] = make([]bool, len(q.succ[b]))
	}
	q.order()
	q.carried = make([]bool, nv)
	for b := range fn.Blocks {
		ss := succsOf(&fn.Blocks[b])
		for j, ed := range ss {
			if j < len(q.back[b]) && q.back[b][j] {
				for _, mv := range ed.Moves {
					if mv.Dst >= 0 && int(mv.Dst) < nv {
						q.carried[mv.Dst] = true
					}
				}
			}
		}
	}
	local := make([]float64, nb)
	for b := range local {
		local[b] = float64(len(q.sites[b]))
	}
	q.total = q.estimate(local, qceKappa)
	return q
}

// order computes the DFS postorder from the entry and marks back edges.
func (q *qceFunc) order() {
	nb := len(q.succ)
	if nb == 0 {
		return
	}
	const white, grey, black = 0, 1, 2
	color := make([]uint8, nb)
	type item struct{ b, i int }
	stack := []item{{0, 0}}
	color[0] = grey
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.i < len(q.succ[top.b]) {
			j := top.i
			s := int(q.succ[top.b][j])
			top.i++
			switch color[s] {
			case grey:
				q.back[top.b][j] = true
			case white:
				color[s] = grey
				stack = append(stack, item{s, 0})
			}
			continue
		}
		color[top.b] = black
		q.post = append(q.post, int32(top.b))
		stack = stack[:len(stack)-1]
	}
}

// estimate counts, per block, the weighted queries from the block on,
// where local gives each block's own: the acyclic part in postorder,
// the back edges' targets taken from the previous unrolling (iters
// times; 0: back edges count nothing).
func (q *qceFunc) estimate(local []float64, iters int) []float64 {
	nb := len(q.succ)
	prev := make([]float64, nb)
	var cur []float64
	for it := 0; it <= iters; it++ {
		cur = make([]float64, nb)
		for _, b := range q.post {
			v := local[b]
			w := 1.0
			if q.multi[b] {
				w = qceBeta
			}
			for j, s := range q.succ[b] {
				if q.back[b][j] {
					v += w * prev[s]
				} else {
					v += w * cur[s]
				}
			}
			cur[b] = min(v, qceMax)
		}
		prev = cur
	}
	return cur
}

// qadd returns Qadd(·, v) per block (memoised).
func (q *qceFunc) qadd(v int32) []float64 {
	if a, ok := q.add[v]; ok {
		return a
	}
	reach := make([]bool, len(q.fwd))
	reach[v] = true
	work := []int32{v}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		for _, y := range q.fwd[x] {
			if !reach[y] {
				reach[y] = true
				work = append(work, y)
			}
		}
	}
	for x, r := range reach {
		if r && x < q.nregs && q.scaling[x] {
			q.scales[v] = true
			break
		}
	}
	local := make([]float64, len(q.succ))
	for b, ss := range q.sites {
		for _, s := range ss {
			if reach[s] {
				local[b]++
			}
		}
	}
	// A register defined in a loop body is defined anew by the next
	// iteration: its queries are counted up to the loop's back edge,
	// unless its value is carried on (by a phi on a back edge, or through
	// memory, which stores do not kill here) into later iterations.
	iters := 0
	if int(v) >= q.nregs || q.defBlock[v] < 0 || !q.onCycle(q.defBlock[v]) {
		iters = qceKappa // not defined anew by a loop
	}
	for x, r := range reach {
		if r && (x >= q.nregs || q.carried[x]) {
			iters = qceKappa
			break
		}
	}
	a := q.estimate(local, iters)
	q.add[v] = a
	return a
}

// onCycle reports whether block b lies on a cycle (memoised).
func (q *qceFunc) onCycle(b int32) bool {
	if c, ok := q.inLoop[b]; ok {
		return c
	}
	seen := make([]bool, len(q.succ))
	work := append([]int32(nil), q.succ[b]...)
	found := false
	for len(work) > 0 && !found {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == b {
			found = true
			break
		}
		if !seen[x] {
			seen[x] = true
			work = append(work, q.succ[x]...)
		}
	}
	q.inLoop[b] = found
	return found
}

// hot reports whether variable v is hot at block l.
func (q *qceFunc) hot(l int32, v int32) bool {
	if v < 0 || int(v) >= len(q.fwd) {
		return true
	}
	return q.qadd(v)[l] > qceAlpha*q.total[l]
}

// memVarOf is the variable of the memory object id in frame fr (the
// top frame, in q's function): nregs+k for its k-th alloca, -1 (hot) for
// any other object.
func (q *qceFunc) memVarOf(fr *StackFrame, id memory.ObjectID) int32 {
	if !q.allocaOK || len(fr.Allocas) != len(q.allocas) {
		return -1
	}
	for k, a := range fr.Allocas {
		if a == id {
			return int32(q.nregs + k)
		}
	}
	return -1
}

// qceRefuses says why merging a differing value of variable v at l is
// refused ("" to merge): x and y are the two states' values (nil or a
// constant: concrete).
func (q *qceFunc) qceRefuses(l, v int32, x, y *expr.Expr) string {
	if !q.hot(l, v) {
		return ""
	}
	concrete := func(e *expr.Expr) bool { return e == nil || e.Op == expr.OpConst }
	if concrete(x) && concrete(y) {
		if q.qadd(v)[l] > qceConcreteQueries {
			return fmt.Sprintf("a hot variable is concrete in both states (merged, every later query over it is new: %.3g of %.3g at block %d)", q.qadd(v)[l], q.total[l], l)
		}
		return ""
	}
	if !cheapExpr(x, 0) || !cheapExpr(y, 0) {
		return "a hot variable is a computed value"
	}
	if q.scales[v] {
		return "a hot variable later multiplies or divides (merged, the later queries carry an if-then-else inside a product or quotient)"
	}
	return ""
}
