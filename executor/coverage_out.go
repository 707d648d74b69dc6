package executor

import (
	"fmt"
	"sort"
	"strings"

	"github.com/floatsym/floatsym/internal/atomicfile"
)

// The coverage files of the output directory: coverage.info (lcov's
// tracefile format, read by genhtml and IDEs) and run.istats (one line
// per executable source line; format below and in docs/architecture.md).

// finishCoverage puts the coverage in the result and writes the coverage
// files when there is an output directory. A file that cannot be written
// is logged: the run's other output is still written.
func (e *Executor) finishCoverage() {
	e.res.Coverage = e.coverageReport()
	if e.cfg.Output == nil {
		return
	}
	files := e.fileLines()
	order := e.sortedFiles(files)
	if err := atomicfile.WriteFile(e.cfg.Output.File("coverage.info"), []byte(e.lcov(files, order)), 0o644); err != nil {
		e.log.WithError(err).Error("writing coverage.info")
	}
	if err := atomicfile.WriteFile(e.cfg.Output.File("run.istats"), []byte(e.istats(files, order)), 0o644); err != nil {
		e.log.WithError(err).Error("writing run.istats")
	}
}

// lcov writes the tracefile: per source file its functions (FN, FNDA),
// branch edges (BRDA line,block,edge,taken|-: a conditional br's edges
// are 0 true and 1 false, a switch's 0 default then its cases in order;
// "-" when the branch never ran), lines (DA line,count) and the totals.
func (e *Executor) lcov(files map[int32][]lineData, order []int32) string {
	c := e.cov
	var b strings.Builder
	type fn struct {
		name  string
		line  int32
		count uint64
	}
	funcs := map[int32][]fn{}
	for fi, f := range e.m.Funcs {
		if l := c.funcLine[fi]; l >= 0 && len(f.Blocks) > 0 {
			funcs[c.lines[l].file] = append(funcs[c.lines[l].file], fn{f.Name, c.lines[l].line, c.counts[c.base[fi][0]]})
		}
	}
	brs := map[int32][]covBranch{}
	for _, br := range c.branchs {
		if br.srcLn > 0 {
			brs[br.file] = append(brs[br.file], br)
		}
	}
	for _, f := range order {
		b.WriteString("TN:\nSF:" + e.m.Files[f] + "\n")
		fs := funcs[f]
		sort.Slice(fs, func(i, j int) bool {
			return fs[i].line < fs[j].line || fs[i].line == fs[j].line && fs[i].name < fs[j].name
		})
		hit := 0
		for _, x := range fs {
			fmt.Fprintf(&b, "FN:%d,%s\n", x.line, x.name)
		}
		for _, x := range fs {
			fmt.Fprintf(&b, "FNDA:%d,%s\n", x.count, x.name)
			if x.count > 0 {
				hit++
			}
		}
		fmt.Fprintf(&b, "FNF:%d\nFNH:%d\n", len(fs), hit)
		bs := brs[f]
		sort.SliceStable(bs, func(i, j int) bool { return bs[i].srcLn < bs[j].srcLn })
		found, taken := 0, 0
		for blk, br := range bs {
			ran := c.counts[br.inst] > 0
			for k := int32(0); k < br.nsucc; k++ {
				found++
				n := c.edges[br.edge0+k]
				if !ran {
					fmt.Fprintf(&b, "BRDA:%d,%d,%d,-\n", br.srcLn, blk, k)
					continue
				}
				if n > 0 {
					taken++
				}
				fmt.Fprintf(&b, "BRDA:%d,%d,%d,%d\n", br.srcLn, blk, k, n)
			}
		}
		fmt.Fprintf(&b, "BRF:%d\nBRH:%d\n", found, taken)
		lh := 0
		for _, d := range files[f] {
			fmt.Fprintf(&b, "DA:%d,%d\n", d.line, d.count)
			if d.count > 0 {
				lh++
			}
		}
		fmt.Fprintf(&b, "LF:%d\nLH:%d\nend_of_record\n", len(files[f]), lh)
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
func (e *Executor) istats(files map[int32][]lineData, order []int32) string {
	var b strings.Builder
	b.WriteString(istatsHeader)
	lc, lt, bf, bp, bt := e.CoverageCounts()
	fmt.Fprintf(&b, "# totals: lines %d/%d, branches full %d partial %d of %d, instructions run %d of %d\n",
		lc, lt, bf, bp, bt, e.cov.n, len(e.cov.counts))
	for _, f := range order {
		for _, d := range files[f] {
			fmt.Fprintf(&b, "%s\t%d\t%d\t%d\t%d\t%d\t%d\n", e.m.Files[f], d.line, d.count, d.insts, d.run, d.edges, d.taken)
		}
	}
	return b.String()
}
