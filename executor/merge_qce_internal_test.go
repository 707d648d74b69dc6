package executor

import (
	"math"
	"testing"

	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/memory"
	"github.com/floatsym/floatsym/solver/expr"
)

// inst is a non-terminator instruction dst = op(a, b) (-1: no operand).
func inst(op ir.Op, dst int32, a, b int) ir.Inst {
	in := ir.Inst{Op: op, Dst: dst, A: ir.NoOperand, B: ir.NoOperand, C: ir.NoOperand}
	if a >= 0 {
		in.A = ir.Operand(a)
	}
	if b >= 0 {
		in.B = ir.Operand(b)
	}
	return in
}

// withCode builds cfg(succs), puts code[b] before block b's terminator and
// sets each conditional branch's condition register from conds.
func withCode(succs [][]int32, nregs int, code map[int][]ir.Inst, conds map[int]int) *ir.Function {
	fn := cfg(succs)
	fn.NumRegs = nregs
	for b, c := range conds {
		fn.Blocks[b].Insts[len(fn.Blocks[b].Insts)-1].A = ir.Operand(c)
	}
	for b, is := range code {
		fn.Blocks[b].Insts = append(append([]ir.Inst(nil), is...), fn.Blocks[b].Insts...)
	}
	return fn
}

// TestQCE checks the query count estimation's counts and hot variables
// on small control-flow graphs: a diamond before a branch, a loop counted
// κ times with weight β per side, a variable read through an alloca's
// memory, and a register redefined in each loop iteration (counted up to
// the back edge).
func TestQCE(t *testing.T) {
	geo := func(n int) float64 { return (1 - math.Pow(qceBeta, float64(n))) / (1 - qceBeta) }
	for _, tc := range []struct {
		name   string
		fn     *ir.Function
		totals map[int32]float64 // block: Qt
		hot    map[[2]int32]bool // (block, variable): hot
	}{
		{
			// 0: r1 = r2 + r3; if r0 -> 1 | 2; 1, 2 -> 3; 3: if r1 -> 4 | 5.
			name: "diamond then branch",
			fn: withCode([][]int32{{1, 2}, {3}, {3}, {4, 5}, {}, {}}, 5,
				map[int][]ir.Inst{0: {inst(ir.OpAdd, 1, 2, 3)}}, map[int]int{0: 0, 3: 1}),
			totals: map[int32]float64{3: 1, 1: 1, 0: 1 + qceBeta*2},
			hot:    map[[2]int32]bool{{3, 2}: true, {3, 1}: true, {3, 4}: false, {3, 0}: false, {0, 0}: true},
		},
		{
			// 0 -> 1; 1: if r0 -> 2 | 3; 2 -> 1 (the body); 3 ret.
			name:   "loop counted kappa times",
			fn:     withCode([][]int32{{1}, {2, 3}, {1}, {}}, 1, nil, map[int]int{1: 0}),
			totals: map[int32]float64{1: geo(qceKappa + 1), 3: 0},
			hot:    map[[2]int32]bool{{1, 0}: true, {3, 0}: false},
		},
		{
			// 0: r1 = alloca; store r2 -> r1; if r0 -> 1 | 2; 1, 2 -> 3;
			// 3: r3 = load r1; if r3 -> 4 | 5. The alloca's memory (var
			// nregs+0 = 4) and r2, stored there, are hot at 3; r0 is not.
			name: "memory of an alloca",
			fn: withCode([][]int32{{1, 2}, {3}, {3}, {4, 5}, {}, {}}, 4,
				map[int][]ir.Inst{0: {inst(ir.OpAlloca, 1, -1, -1), inst(ir.OpStore, -1, 2, 1)},
					3: {inst(ir.OpLoad, 3, 1, -1)}}, map[int]int{0: 0, 3: 3}),
			totals: map[int32]float64{3: 1},
			hot:    map[[2]int32]bool{{3, 4}: true, {3, 2}: true, {3, 0}: false},
		},
		{
			// 0 -> 1; 1: if r0 -> 2 | 4; 2: r1 = r0 + r0; if r1 -> 3 | 3;
			// 3 -> 1; 4 ret. r1 is defined anew in each iteration: at
			// block 3 (after its branch) no query reads it any more.
			name: "register redefined per iteration",
			fn: withCode([][]int32{{1}, {2, 4}, {3, 3}, {1}, {}}, 2,
				map[int][]ir.Inst{2: {inst(ir.OpAdd, 1, 0, 0)}}, map[int]int{1: 0, 2: 1}),
			hot: map[[2]int32]bool{{3, 1}: false, {2, 1}: true, {3, 0}: true},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			q := newQCE(tc.fn)
			for b, want := range tc.totals {
				if got := q.total[b]; math.Abs(got-want) > 1e-9 {
					t.Errorf("Qt(%d) = %g, want %g", b, got, want)
				}
			}
			for k, want := range tc.hot {
				if got := q.hot(k[0], k[1]); got != want {
					t.Errorf("hot(block %d, var %d) = %v, want %v (Qadd %g, Qt %g)", k[0], k[1], got, want, q.qadd(k[1])[k[0]], q.total[k[0]])
				}
			}
		})
	}
}

// TestQCEMemVar maps a frame's alloca objects to the pass's variables:
// the k-th alloca of the entry block is nregs+k, any other object is
// unattributed (-1: hot).
func TestQCEMemVar(t *testing.T) {
	fn := withCode([][]int32{{}}, 3, map[int][]ir.Inst{0: {inst(ir.OpAlloca, 0, -1, -1), inst(ir.OpAlloca, 1, -1, -1)}}, nil)
	q := newQCE(fn)
	fr := &StackFrame{Fn: fn, Allocas: []memory.ObjectID{7, 9}}
	for _, tc := range []struct {
		id   memory.ObjectID
		want int32
	}{{7, 3}, {9, 4}, {8, -1}} {
		if got := q.memVarOf(fr, tc.id); got != tc.want {
			t.Errorf("object %d: variable %d, want %d", tc.id, got, tc.want)
		}
	}
	// A frame whose allocas do not match the entry block's (an alloca
	// in a loop ran twice) attributes nothing.
	fr.Allocas = append(fr.Allocas, 11)
	if got := q.memVarOf(fr, 7); got != -1 {
		t.Errorf("mismatched frame: object 7 gives variable %d, want -1", got)
	}
}

// TestQCEScales checks the refusal of a hot symbolic variable that later
// flows into an fmul or fdiv (hypot's m = max(|x|, |y|), then |x|/m),
// and that one only compared or subtracted (stats5's range = mx − mn)
// still merges.
func TestQCEScales(t *testing.T) {
	b := expr.NewBuilder()
	x := b.Byte(b.NewArray("x", 1, nil), 0)
	y := b.Byte(b.NewArray("y", 1, nil), 0)
	for _, tc := range []struct {
		name   string
		op     ir.Op // r2 = op(r1, r1) at the join, then if r2
		refuse bool
	}{
		{"fdiv", ir.OpFDiv, true},
		{"fmul", ir.OpFMul, true},
		{"fsub", ir.OpFSub, false},
		{"fcmp", ir.OpFCmp, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// 0: if r0 -> 1 | 2; 1, 2 -> 3; 3: r2 = op(r1, r1); if r2 -> 4 | 5.
			fn := withCode([][]int32{{1, 2}, {3}, {3}, {4, 5}, {}, {}}, 3,
				map[int][]ir.Inst{3: {inst(tc.op, 2, 1, 1)}}, map[int]int{0: 0, 3: 2})
			q := newQCE(fn)
			why := q.qceRefuses(3, 1, x, y)
			if (why != "") != tc.refuse {
				t.Errorf("refused %q, want a refusal: %v", why, tc.refuse)
			}
		})
	}
}
