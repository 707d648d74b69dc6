package executor

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
)

// CoverageData is a run's coverage counters in a form that outlives the
// module: coverage.info, run.istats and summary.json's coverage object
// are all written from it (coverage_out.go), it is written as
// coverage.json, and floatsym merge adds the parts' together (Add) and
// writes the merged files with the same writers, so a merged split run's
// coverage is that of the unsplit run (a part does not count the
// instructions of its prefix, which the split run counted:
// Config.Prefix, run.go).
//
// Only the counted files' lines and branches are listed (countedFile);
// InstsRun is a bitmap over every instruction of the module (run.istats'
// "instructions run N of M").
type CoverageData struct {
	Format     string         `json:"format"`
	Version    int            `json:"version"`
	All        bool           `json:"all_files"`
	InstsTotal int            `json:"instructions_total"`
	InstsRun   []byte         `json:"instructions_run_bitmap"`
	Files      []CoverageFile `json:"files"`
}

// CoverageFile is one counted source file's counters.
type CoverageFile struct {
	File string `json:"file"`
	// Lines are the executable lines, ascending; Funcs the functions
	// whose opening line is in the file and Branches its branches
	// (conditional brs and switches), both in module order.
	Lines    []CoverageLine   `json:"lines"`
	Funcs    []CoverageFunc   `json:"functions"`
	Branches []CoverageBranch `json:"branches"`
}

// CoverageLine is one executable line: the execution count of each
// instruction carrying it, in module order.
type CoverageLine struct {
	Line   int      `json:"line"`
	Counts []uint64 `json:"counts"`
}

// CoverageFunc is a function's opening line and entries.
type CoverageFunc struct {
	Name    string `json:"name"`
	Line    int    `json:"line"`
	Entries uint64 `json:"entries"`
}

// CoverageBranch is a branch: its source line (0: none), whether it is a
// conditional br (KLEE's branch) or a switch, how often its instruction
// ran and how often each edge was taken (br: true, false; switch: the
// default, then the cases).
type CoverageBranch struct {
	Line  int      `json:"line"`
	Cond  bool     `json:"cond"`
	Ran   uint64   `json:"ran"`
	Edges []uint64 `json:"edges"`
}

const (
	coverageFormat  = "floatsym-coverage"
	coverageVersion = 1
	// CoverageDataFile is the output directory's file of CoverageData.
	CoverageDataFile = "coverage.json"
)

// coverageData collects the executor's counters.
func (e *Executor) coverageData() *CoverageData {
	c := e.cov
	d := &CoverageData{Format: coverageFormat, Version: coverageVersion, All: e.cfg.CoverageAll,
		InstsTotal: len(c.counts), InstsRun: make([]byte, (len(c.counts)+7)/8)}
	for g, n := range c.counts {
		if n > 0 {
			d.InstsRun[g/8] |= 1 << (g % 8)
		}
	}
	byFile := map[int32]*CoverageFile{}
	file := func(f int32) *CoverageFile {
		if cf, ok := byFile[f]; ok {
			return cf
		}
		cf := &CoverageFile{File: e.m.Files[f], Lines: []CoverageLine{}, Funcs: []CoverageFunc{}, Branches: []CoverageBranch{}}
		byFile[f] = cf
		return cf
	}
	lines := make([]CoverageLine, len(c.lines))
	for i, l := range c.lines {
		lines[i].Line = int(l.line)
		lines[i].Counts = []uint64{}
	}
	for g, l := range c.lineOf {
		if l >= 0 {
			lines[l].Counts = append(lines[l].Counts, c.counts[g])
		}
	}
	for i, l := range c.lines {
		cf := file(l.file)
		cf.Lines = append(cf.Lines, lines[i])
	}
	for fi, f := range e.m.Funcs {
		if l := c.funcLine[fi]; l >= 0 && len(f.Blocks) > 0 {
			cf := file(c.lines[l].file)
			cf.Funcs = append(cf.Funcs, CoverageFunc{Name: f.Name, Line: int(c.lines[l].line), Entries: c.counts[c.base[fi][0]]})
		}
	}
	for _, b := range c.branchs {
		cf := file(b.file)
		line := int(b.srcLn)
		if b.line < 0 {
			line = 0
		}
		cf.Branches = append(cf.Branches, CoverageBranch{Line: line, Cond: b.cond, Ran: c.counts[b.inst],
			Edges: append([]uint64(nil), c.edges[b.edge0:b.edge0+b.nsucc]...)})
	}
	for _, cf := range byFile {
		sort.SliceStable(cf.Lines, func(i, j int) bool { return cf.Lines[i].Line < cf.Lines[j].Line })
		d.Files = append(d.Files, *cf)
	}
	sort.Slice(d.Files, func(i, j int) bool { return d.Files[i].File < d.Files[j].File })
	if d.Files == nil {
		d.Files = []CoverageFile{}
	}
	return d
}

// Add adds another run's counters of the same program (a part of the
// same split, or any run of the same module and coverage options).
func (d *CoverageData) Add(o *CoverageData) error {
	if err := d.sameShape(o); err != nil {
		return fmt.Errorf("coverage of different programs: %w", err)
	}
	for i := range d.InstsRun {
		d.InstsRun[i] |= o.InstsRun[i]
	}
	for fi := range d.Files {
		f, g := &d.Files[fi], &o.Files[fi]
		for li := range f.Lines {
			for k := range f.Lines[li].Counts {
				f.Lines[li].Counts[k] += g.Lines[li].Counts[k]
			}
		}
		for k := range f.Funcs {
			f.Funcs[k].Entries += g.Funcs[k].Entries
		}
		for k := range f.Branches {
			b := &f.Branches[k]
			b.Ran += g.Branches[k].Ran
			for x := range b.Edges {
				b.Edges[x] += g.Branches[k].Edges[x]
			}
		}
	}
	return nil
}

// sameShape checks that o lists the same files, lines, functions and
// branches as d.
func (d *CoverageData) sameShape(o *CoverageData) error {
	if d.All != o.All {
		return fmt.Errorf("one run counted every file (--coverage-all), the other did not")
	}
	if d.InstsTotal != o.InstsTotal || len(d.InstsRun) != len(o.InstsRun) {
		return fmt.Errorf("%d instructions against %d", d.InstsTotal, o.InstsTotal)
	}
	if len(d.Files) != len(o.Files) {
		return fmt.Errorf("%d counted files against %d", len(d.Files), len(o.Files))
	}
	for fi := range d.Files {
		f, g := &d.Files[fi], &o.Files[fi]
		if f.File != g.File || len(f.Lines) != len(g.Lines) || len(f.Funcs) != len(g.Funcs) || len(f.Branches) != len(g.Branches) {
			return fmt.Errorf("file %s differs from %s in its lines, functions or branches", f.File, g.File)
		}
		for i := range f.Lines {
			if f.Lines[i].Line != g.Lines[i].Line || len(f.Lines[i].Counts) != len(g.Lines[i].Counts) {
				return fmt.Errorf("%s:%d differs", f.File, f.Lines[i].Line)
			}
		}
		for i := range f.Funcs {
			if f.Funcs[i].Name != g.Funcs[i].Name || f.Funcs[i].Line != g.Funcs[i].Line {
				return fmt.Errorf("%s: function %s differs", f.File, f.Funcs[i].Name)
			}
		}
		for i := range f.Branches {
			a, b := &f.Branches[i], &g.Branches[i]
			if a.Line != b.Line || a.Cond != b.Cond || len(a.Edges) != len(b.Edges) {
				return fmt.Errorf("%s:%d: branch %d differs", f.File, a.Line, i)
			}
		}
	}
	return nil
}

// ReadCoverageData reads an output directory's coverage.json; it returns
// nil and no error when there is none.
func ReadCoverageData(o *OutputDir) (*CoverageData, error) {
	b, err := os.ReadFile(o.File(CoverageDataFile))
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var d CoverageData
	if err := json.Unmarshal(b, &d); err != nil {
		return nil, fmt.Errorf("%s: %w", o.File(CoverageDataFile), err)
	}
	if d.Format != coverageFormat || d.Version != coverageVersion {
		return nil, fmt.Errorf("%s: format %q version %d, want %q version %d", o.File(CoverageDataFile), d.Format, d.Version, coverageFormat, coverageVersion)
	}
	if len(d.InstsRun) != (d.InstsTotal+7)/8 {
		return nil, fmt.Errorf("%s: a bitmap of %d bytes for %d instructions", o.File(CoverageDataFile), len(d.InstsRun), d.InstsTotal)
	}
	return &d, nil
}
