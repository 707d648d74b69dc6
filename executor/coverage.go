package executor

import (
	"path/filepath"
	"strings"

	"github.com/floatsym/floatsym/ir"
)

// Coverage of the program under test, from the debug locations of the
// lowered IR (docs/architecture.md, "Coverage").
//
// Every instruction has a global number (coverage.base[function][block] +
// pc) and an execution counter; the hot path (cover) adds one to it and
// does the bookkeeping below only the first time. Lines and branches are
// tables built once at load time:
//
//   - A line (file, line) is executable when an instruction carries it as
//     its !dbg location (debug intrinsics are dropped by lowering; allocas
//     and parameter spills carry no location at -O0), or when it is a
//     function's DISubprogram line (gcov counts the opening line of a
//     function as run when the function is entered). It is covered when
//     one of those instructions ran, or the function was entered.
//   - A branch is a conditional br (two edges: true, false) or a switch
//     (one edge per case, the default first, as ir.Inst.Succs). KLEE's
//     full/partial/total counts (CoverageCounts) are over conditional brs
//     only; coverage.info lists switch edges too.
//
// Files of floatsym's C library (Config.RuntimeDir) and of linked
// libraries (Config.CoverageExclude) are not counted unless
// Config.CoverageAll is set; their instructions still get counters (the
// --only-output-states-covering-new test is over counted lines and
// branches only).
type coverage struct {
	base   [][]int
	counts []uint64 // executions per instruction
	n      int      // instructions run at least once (any file)

	lineOf  []int32 // per instruction: index into lines, -1 when not counted
	brOf    []int32 // per instruction: index into branches, -1 when none
	lines   []covLine
	branchs []covBranch
	edges   []uint64 // executions per branch edge
	// funcLine is, per function, the index of its DISubprogram line (-1).
	funcLine []int32

	linesCovered        int
	full, partial, nCBr int
}

type covLine struct {
	file, line int32
	covered    bool
}

type covBranch struct {
	inst  int32 // global instruction number
	line  int32 // index into lines (-1: no location)
	edge0 int32 // first edge in coverage.edges
	nsucc int32
	cond  bool // a conditional br (KLEE's branch); else a switch
	file  int32
	srcLn int32
}

// counted reports whether a file's lines are the program under test's.
func countedFile(m *ir.Module, cfg *Config, file int32) bool {
	if file < 0 || int(file) >= len(m.Files) {
		return false
	}
	if cfg.CoverageAll {
		return true
	}
	p := filepath.Clean(m.Files[file])
	under := func(dir string) bool {
		if dir == "" {
			return false
		}
		dir = filepath.Clean(dir)
		return p == dir || strings.HasPrefix(p, dir+string(filepath.Separator))
	}
	if under(cfg.RuntimeDir) {
		return false
	}
	for _, d := range cfg.CoverageExclude {
		if under(d) {
			return false
		}
	}
	return true
}

func newCoverage(m *ir.Module, cfg *Config) *coverage {
	c := &coverage{base: make([][]int, len(m.Funcs)), funcLine: make([]int32, len(m.Funcs))}
	n := 0
	for i, f := range m.Funcs {
		c.base[i] = make([]int, len(f.Blocks))
		for j := range f.Blocks {
			c.base[i][j] = n
			n += len(f.Blocks[j].Insts)
		}
	}
	c.counts = make([]uint64, n)
	c.lineOf = make([]int32, n)
	c.brOf = make([]int32, n)
	counted := make([]bool, len(m.Files))
	for i := range m.Files {
		counted[i] = countedFile(m, cfg, int32(i))
	}
	type key struct{ file, line int32 }
	index := map[key]int32{}
	lineIndex := func(l ir.Loc) int32 {
		if l.File < 0 || int(l.File) >= len(counted) || !counted[l.File] || l.Line <= 0 {
			return -1
		}
		k := key{l.File, l.Line}
		if i, ok := index[k]; ok {
			return i
		}
		i := int32(len(c.lines))
		c.lines = append(c.lines, covLine{file: l.File, line: l.Line})
		index[k] = i
		return i
	}
	for fi, f := range m.Funcs {
		c.funcLine[fi] = -1
		if len(f.Blocks) > 0 {
			c.funcLine[fi] = lineIndex(f.Loc)
		}
		for bi := range f.Blocks {
			for pc := range f.Blocks[bi].Insts {
				in := &f.Blocks[bi].Insts[pc]
				g := c.base[fi][bi] + pc
				c.lineOf[g] = lineIndex(in.Loc)
				c.brOf[g] = -1
				if (in.Op != ir.OpCondBr && in.Op != ir.OpSwitch) || len(in.Succs) < 2 || in.Loc.File < 0 ||
					int(in.Loc.File) >= len(counted) || !counted[in.Loc.File] {
					continue
				}
				c.brOf[g] = int32(len(c.branchs))
				c.branchs = append(c.branchs, covBranch{inst: int32(g), line: c.lineOf[g], edge0: int32(len(c.edges)),
					nsucc: int32(len(in.Succs)), cond: in.Op == ir.OpCondBr, file: in.Loc.File, srcLn: in.Loc.Line})
				c.edges = append(c.edges, make([]uint64, len(in.Succs))...)
				if in.Op == ir.OpCondBr {
					c.nCBr++
				}
			}
		}
	}
	return c
}

// cover counts the instruction at fr's pc (before it runs) and reports
// whether it ran for the first time (the caller then calls coverFirst).
// It allocates nothing and is small enough to inline.
func (e *Executor) cover(fr *StackFrame) bool {
	c := e.cov
	i := c.base[fr.Fn.Index][fr.Block] + int(fr.PC)
	c.counts[i]++
	return c.counts[i] == 1
}

// coverFirst does the line bookkeeping of an instruction's first run.
func (e *Executor) coverFirst(s *State, fr *StackFrame) {
	c := e.cov
	i := c.base[fr.Fn.Index][fr.Block] + int(fr.PC)
	c.n++
	if l := c.lineOf[i]; l >= 0 && !c.lines[l].covered {
		c.lines[l].covered = true
		c.linesCovered++
		s.noteCoveredNew()
	}
	if fr.Block == 0 && fr.PC == 0 {
		if l := c.funcLine[fr.Fn.Index]; l >= 0 && !c.lines[l].covered {
			c.lines[l].covered = true
			c.linesCovered++
			s.noteCoveredNew()
		}
	}
}

// branchAt is the branch record of the terminator fr is running (its pc
// already advanced past it), or -1.
func (e *Executor) branchAt(fr *StackFrame) int32 {
	return e.cov.brOf[e.cov.base[fr.Fn.Index][fr.Block]+int(fr.PC)-1]
}

// takeEdge counts state s taking edge succ (an index into Succs) of
// branch b; a first time marks s as having covered something new.
// Neither it nor cover counts the first Executor.coverFrom instructions
// of a part's path: its prefix, which the split run counted.
func (e *Executor) takeEdge(s *State, b int32, succ int) {
	if b < 0 || s.Insts <= e.coverFrom {
		return
	}
	c := e.cov
	br := &c.branchs[b]
	k := &c.edges[int(br.edge0)+succ]
	if *k == 0 {
		s.noteCoveredNew()
		if br.cond {
			if c.edges[int(br.edge0)+1-succ] > 0 {
				c.partial--
				c.full++
			} else {
				c.partial++
			}
		}
	}
	*k++
}

// CoverageCounts: the program under test's coverage so far (floatsym's C
// library and linked libraries excluded unless Config.CoverageAll):
// covered and executable source lines, conditional branches taken both
// ways (full) and one way only (partial), and the number of conditional
// branches (KLEE's run.stats meaning). It reads counters the exploration
// keeps up to date, so it costs nothing; call it from the executor's own
// goroutine (the progress checkpoint).
func (e *Executor) CoverageCounts() (coveredLines, totalLines, fullBranches, partialBranches, numBranches int) {
	c := e.cov
	if c == nil {
		return 0, 0, 0, 0, 0
	}
	return c.linesCovered, len(c.lines), c.full, c.partial, c.nCBr
}

// CoverageReport is summary.json's coverage object.
type CoverageReport struct {
	LinesCovered    int            `json:"lines_covered"`
	LinesTotal      int            `json:"lines_total"`
	BranchesFull    int            `json:"branches_full"`
	BranchesPartial int            `json:"branches_partial"`
	BranchesTotal   int            `json:"branches_total"`
	All             bool           `json:"all_files"`
	Files           []FileCoverage `json:"files"`
}

// FileCoverage is one source file's coverage.
type FileCoverage struct {
	File            string `json:"file"`
	LinesCovered    int    `json:"lines_covered"`
	LinesTotal      int    `json:"lines_total"`
	BranchesFull    int    `json:"branches_full"`
	BranchesPartial int    `json:"branches_partial"`
	BranchesTotal   int    `json:"branches_total"`
	// Covered lists the covered line numbers, ascending.
	Covered []int `json:"covered_lines"`
}
