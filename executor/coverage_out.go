package executor

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"sort"
	"strings"

	"github.com/floatsym/floatsym/internal/atomicfile"
)

// The coverage files of the output directory: coverage.info (lcov's
// tracefile format, read by genhtml and IDEs), run.istats (one line
// per executable source line; format below and in docs/architecture.md)
// and coverage.json (the counters, CoverageData, which floatsym merge
// adds up). All are written from a CoverageData, by the run and by the
// merge alike.

// finishCoverage puts the coverage in the result and writes the coverage
// files when there is an output directory. A file that cannot be written
// is logged: the run's other output is still written.
func (e *Executor) finishCoverage() {
	d := e.coverageData()
	e.res.Coverage = d.Report()
	if e.cfg.Output == nil {
		return
	}
	if err := d.WriteFiles(e.cfg.Output); err != nil {
		e.log.WithError(err).Error("writing the coverage files")
	}
}

// WriteFiles writes coverage.info, run.istats and coverage.json into o.
func (d *CoverageData) WriteFiles(o *OutputDir) error {
	raw, err := json.Marshal(d)
	if err != nil {
		return err
	}
	for _, f := range []struct{ name, text string }{
		{"coverage.info", d.lcov()}, {"run.istats", d.istats()}, {CoverageDataFile, string(raw) + "\n"},
	} {
		if err := atomicfile.WriteFile(o.File(f.name), []byte(f.text), 0o644); err != nil {
			return fmt.Errorf("writing %s: %w", f.name, err)
		}
	}
	return nil
}

// lineCounts is, per line of f, the most executions of one of its
// instructions or entries of a function opening on it.
func (f *CoverageFile) lineCounts() []uint64 {
	entries := map[int]uint64{}
	for _, fn := range f.Funcs {
		entries[fn.Line] = max(entries[fn.Line], fn.Entries)
	}
	out := make([]uint64, len(f.Lines))
	for i, l := range f.Lines {
		n := entries[l.Line]
		for _, c := range l.Counts {
			n = max(n, c)
		}
		out[i] = n
	}
	return out
}

// Counts are the totals of CoverageCounts: covered and executable lines,
// conditional branches taken both ways and one way, conditional branches.
func (d *CoverageData) Counts() (coveredLines, totalLines, fullBranches, partialBranches, numBranches int) {
	for fi := range d.Files {
		f := &d.Files[fi]
		for _, n := range f.lineCounts() {
			totalLines++
			if n > 0 {
				coveredLines++
			}
		}
		for _, b := range f.Branches {
			if !b.Cond {
				continue
			}
			numBranches++
			switch t, fl := b.Edges[0] > 0, b.Edges[1] > 0; {
			case t && fl:
				fullBranches++
			case t || fl:
				partialBranches++
			}
		}
	}
	return
}

// Report builds summary.json's coverage object.
func (d *CoverageData) Report() *CoverageReport {
	r := &CoverageReport{All: d.All, Files: []FileCoverage{}}
	r.LinesCovered, r.LinesTotal, r.BranchesFull, r.BranchesPartial, r.BranchesTotal = d.Counts()
	for fi := range d.Files {
		f := &d.Files[fi]
		if len(f.Lines) == 0 {
			continue
		}
		fc := FileCoverage{File: f.File, Covered: []int{}}
		for i, n := range f.lineCounts() {
			fc.LinesTotal++
			if n > 0 {
				fc.LinesCovered++
				fc.Covered = append(fc.Covered, f.Lines[i].Line)
			}
		}
		for _, b := range f.Branches {
			if !b.Cond {
				continue
			}
			fc.BranchesTotal++
			switch t, fl := b.Edges[0] > 0, b.Edges[1] > 0; {
			case t && fl:
				fc.BranchesFull++
			case t || fl:
				fc.BranchesPartial++
			}
		}
		r.Files = append(r.Files, fc)
	}
	return r
}

// lcov writes the tracefile: per source file its functions (FN, FNDA),
// branch edges (BRDA line,block,edge,taken|-: a conditional br's edges
// are 0 true and 1 false, a switch's 0 default then its cases in order;
// "-" when the branch never ran), lines (DA line,count) and the totals.
func (d *CoverageData) lcov() string {
	var b strings.Builder
	for fi := range d.Files {
		f := &d.Files[fi]
		if len(f.Lines) == 0 {
			continue
		}
		b.WriteString("TN:\nSF:" + f.File + "\n")
		fs := append([]CoverageFunc(nil), f.Funcs...)
		sort.SliceStable(fs, func(i, j int) bool {
			return fs[i].Line < fs[j].Line || fs[i].Line == fs[j].Line && fs[i].Name < fs[j].Name
		})
		hit := 0
		for _, x := range fs {
			fmt.Fprintf(&b, "FN:%d,%s\n", x.Line, x.Name)
		}
		for _, x := range fs {
			fmt.Fprintf(&b, "FNDA:%d,%s\n", x.Entries, x.Name)
			if x.Entries > 0 {
				hit++
			}
		}
		fmt.Fprintf(&b, "FNF:%d\nFNH:%d\n", len(fs), hit)
		var bs []CoverageBranch
		for _, br := range f.Branches {
			if br.Line > 0 {
				bs = append(bs, br)
			}
		}
		sort.SliceStable(bs, func(i, j int) bool { return bs[i].Line < bs[j].Line })
		found, taken := 0, 0
		for blk, br := range bs {
			for k, n := range br.Edges {
				found++
				if br.Ran == 0 {
					fmt.Fprintf(&b, "BRDA:%d,%d,%d,-\n", br.Line, blk, k)
					continue
				}
				if n > 0 {
					taken++
				}
				fmt.Fprintf(&b, "BRDA:%d,%d,%d,%d\n", br.Line, blk, k, n)
			}
		}
		fmt.Fprintf(&b, "BRF:%d\nBRH:%d\n", found, taken)
		lh := 0
		for i, n := range f.lineCounts() {
			fmt.Fprintf(&b, "DA:%d,%d\n", f.Lines[i].Line, n)
			if n > 0 {
				lh++
			}
		}
		fmt.Fprintf(&b, "LF:%d\nLH:%d\nend_of_record\n", len(f.Lines), lh)
	}
	return b.String()
}

// istatsHeader documents run.istats in the file itself.
const istatsHeader = `# floatsym run.istats: per executable source line of the program under test
# columns (tab-separated): file line count instructions instructions_run edges edges_taken
#   count: the most executions of one of the line's instructions (or entries of the function, for its opening line)
#   instructions: IR instructions carrying the line; edges: branch edges (br true/false, switch cases) of branches on it
`

// istats writes run.istats: a header, a totals line, then one row per
// executable line, files in name order, lines ascending.
func (d *CoverageData) istats() string {
	var b strings.Builder
	b.WriteString(istatsHeader)
	lc, lt, bf, bp, bt := d.Counts()
	run := d.InstructionsRun()
	fmt.Fprintf(&b, "# totals: lines %d/%d, branches full %d partial %d of %d, instructions run %d of %d\n",
		lc, lt, bf, bp, bt, run, d.InstsTotal)
	for fi := range d.Files {
		f := &d.Files[fi]
		type edges struct{ n, taken int }
		at := map[int]edges{}
		for _, br := range f.Branches {
			if br.Line <= 0 {
				continue
			}
			e := at[br.Line]
			for _, n := range br.Edges {
				e.n++
				if n > 0 {
					e.taken++
				}
			}
			at[br.Line] = e
		}
		for i, n := range f.lineCounts() {
			l := &f.Lines[i]
			ran := 0
			for _, c := range l.Counts {
				if c > 0 {
					ran++
				}
			}
			fmt.Fprintf(&b, "%s\t%d\t%d\t%d\t%d\t%d\t%d\n", f.File, l.Line, n, len(l.Counts), ran, at[l.Line].n, at[l.Line].taken)
		}
	}
	return b.String()
}

// InstructionsRun is the number of the module's instructions run.
func (d *CoverageData) InstructionsRun() int {
	n := 0
	for _, x := range d.InstsRun {
		n += bits.OnesCount8(x)
	}
	return n
}
