package executor

import (
	"testing"

	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/solver/expr"
)

// cfg builds a function whose block i ends with a terminator to succs[i]
// (two successors: a conditional branch; none: a return).
func cfg(succs [][]int32) *ir.Function {
	fn := &ir.Function{Name: "f"}
	for _, ss := range succs {
		in := ir.Inst{Op: ir.OpRet, Dst: -1, A: ir.NoOperand, B: ir.NoOperand, C: ir.NoOperand}
		switch len(ss) {
		case 1:
			in.Op = ir.OpBr
		case 2:
			in.Op = ir.OpCondBr
		}
		for _, s := range ss {
			in.Succs = append(in.Succs, ir.Edge{Block: s})
		}
		fn.Blocks = append(fn.Blocks, ir.Block{Insts: []ir.Inst{in}})
	}
	return fn
}

// TestMergeJoins checks the merge points: the immediate post-dominator of
// each conditional branch whose region up to it has no cycle, and none for
// a loop's exit test, a branch whose sides never meet, or a branch into
// an infinite loop.
func TestMergeJoins(t *testing.T) {
	for _, tc := range []struct {
		name  string
		succs [][]int32
		want  []int32 // per block: its join, -1 for none
	}{
		// 0: if (c) 1 else 2; 3: join; return.
		{"diamond", [][]int32{{1, 2}, {3}, {3}, {}}, []int32{3, -1, -1, -1}},
		// 0: if (c) 1; 1 falls to 2 (if-then without else).
		{"if-then", [][]int32{{1, 2}, {2}, {}}, []int32{2, -1, -1}},
		// Nested: 0 -> 1|4; 1 -> 2|3; 2,3 -> 4; 4 ret. Both join at 4.
		{"nested", [][]int32{{1, 4}, {2, 3}, {4}, {4}, {}}, []int32{4, 4, -1, -1, -1}},
		// A loop: 0 -> 1; 1: if (i < n) 2 else 3; 2 -> 1 (the body);
		// 3 ret. The exit test's region (2 -> 1) is a cycle: no join.
		{"loop exit", [][]int32{{1}, {2, 3}, {1}, {}}, []int32{-1, -1, -1, -1}},
		// A diamond inside a loop body: 1: head (exit to 5); 2: if -> 3|4;
		// 3, 4 -> 1 (the latch is the head itself). Join of 2 is 1: its
		// region {3, 4} is acyclic.
		{"diamond in loop", [][]int32{{1}, {2, 5}, {3, 4}, {1}, {1}, {}}, []int32{-1, -1, 1, -1, -1, -1}},
		// The two sides both return: the post-dominator is the virtual exit.
		{"two returns", [][]int32{{1, 2}, {}, {}}, []int32{-1, -1, -1}},
		// One side loops forever: no exit is reachable from it.
		{"infinite side", [][]int32{{1, 2}, {1}, {}}, []int32{-1, -1, -1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := &Executor{}
			got := e.joins(cfg(tc.succs)).join
			for b, w := range tc.want {
				if got[b] != w {
					t.Errorf("block %d: join %d, want %d (all: %v)", b, got[b], w, got)
				}
			}
		})
	}
}

// byteAssign gives every byte of every array the value of its map entry.
type byteAssign map[*expr.Array]byte

func (m byteAssign) Byte(a *expr.Array, i uint64) byte { return m[a] }

// TestMergeIte checks the merged value of a Boolean register against
// ite(ca, x, y) on every assignment of the two conditions, and that a
// constant side gives a conjunction or disjunction, not an if-then-else.
func TestMergeIte(t *testing.T) {
	b := expr.NewBuilder()
	e := &Executor{B: b}
	pa, pc := b.NewArray("a", 1, nil), b.NewArray("c", 1, nil)
	ca := b.Eq(b.Byte(pa, 0), b.U64(1, 8))
	c := b.Eq(b.Byte(pc, 0), b.U64(1, 8))
	for _, tc := range []struct {
		name   string
		x, y   *expr.Expr
		wantOp expr.Op
	}{
		{"c, false (&&)", c, b.False, expr.OpAnd},
		{"c, true", c, b.True, expr.OpOr},
		{"false, c", b.False, c, expr.OpAnd},
		{"true, c (||)", b.True, c, expr.OpOr},
		{"c, not c", c, b.Not(c), expr.OpIte},
		{"bytes", b.Byte(pc, 0), b.U64(7, 8), expr.OpIte},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := e.mergeIte(ca, tc.x, tc.y)
			if got.Op != tc.wantOp {
				t.Errorf("op %v, want %v", got.Op, tc.wantOp)
			}
			want := b.Ite(ca, tc.x, tc.y)
			for _, va := range []byte{0, 1} {
				for _, vc := range []byte{0, 1} {
					ev := expr.NewEvaluator(byteAssign{pa: va, pc: vc})
					if g, w := ev.Eval(got), ev.Eval(want); g != w {
						t.Errorf("a=%d c=%d: %v, ite gives %v", va, vc, g, w)
					}
				}
			}
		})
	}
}
