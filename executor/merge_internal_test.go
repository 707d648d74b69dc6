package executor

import (
	"testing"

	"github.com/floatsym/floatsym/ir"
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
