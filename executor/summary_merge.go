package executor

import (
	"encoding/json"
	"fmt"
	"sort"
)

// Merging the summaries of several runs of one program (the split run
// and the parts of a split exploration, or any runs; floatsym merge,
// internal/outmerge). Every field of Summary is handled in Add or named
// in summaryMergedElsewhere: TestSummaryMergeEveryField fails for a new
// field that is neither.

// SummaryMerger adds summaries up, in the order given.
type SummaryMerger struct {
	sum   Summary
	parts int
	seen  map[reportKey]int // error key -> index in sum.Errors
	cov   *CoverageData
	// covMissing: a part had coverage in its summary but no coverage
	// data (a floatsym from before coverage.json): no merged coverage.
	covMissing bool
}

// reportKey identifies an error as a single run's deduplication does.
type reportKey struct {
	kind, detail, file string
	line               int
}

// summaryMergedElsewhere are the fields Add leaves to its caller, and why.
var summaryMergedElsewhere = map[string]string{
	"Version":     "the merging floatsym's (SetHeader)",
	"CommandLine": "the merge's command line (SetHeader)",
	"OutputDir":   "the merged directory (SetHeader)",
	"WallTime":    "End - Start of the merged run (Summary)",
	"Split":       "the merge's record of its parts (internal/outmerge)",
}

// NewSummaryMerger starts an empty merge.
func NewSummaryMerger() *SummaryMerger {
	return &SummaryMerger{seen: map[reportKey]int{}, sum: Summary{Errors: []ErrorRecord{}, Paths: []PathRecord{},
		StatesWithoutTest: StatesWithoutTest{Locations: []StateLocation{}}}}
}

// SetHeader sets the fields that describe the merge itself.
func (m *SummaryMerger) SetHeader(version string, cmdline []string, outputDir string) {
	m.sum.Version, m.sum.CommandLine, m.sum.OutputDir = version, cmdline, outputDir
}

// DuplicateTests are the tests of p's errors that an earlier part
// reported already (kind, detail and location): the merge drops them.
func (m *SummaryMerger) DuplicateTests(p *Summary) map[string]bool {
	drop := map[string]bool{}
	for _, e := range p.Errors {
		if _, ok := m.seen[reportKey{e.Kind, e.Detail, e.File, e.Line}]; ok && e.Test != "" {
			drop[e.Test] = true
		}
	}
	return drop
}

// OwnComplete is a run's own completeness: a split run's is that of the
// paths it ran before the split (the rest is its parts').
func OwnComplete(s *Summary) bool {
	if s.Split != nil && s.Split.Role == "split" && s.Split.CompleteBeforeSplit != nil {
		return *s.Split.CompleteBeforeSplit
	}
	return s.Complete
}

// Add adds part p, whose tests the merged directory names as rename
// says (a test of p absent from rename was dropped), and its coverage
// data (nil: none).
func (m *SummaryMerger) Add(p *Summary, rename map[string]string, cov *CoverageData) error {
	s := &m.sum
	first := m.parts == 0
	m.parts++
	for _, e := range p.Errors {
		k := reportKey{e.Kind, e.Detail, e.File, e.Line}
		if i, ok := m.seen[k]; ok {
			s.Errors[i].Paths += e.Paths
			continue
		}
		m.seen[k] = len(s.Errors)
		e.Test = rename[e.Test]
		s.Errors = append(s.Errors, e)
	}
	for _, pr := range p.Paths {
		pr.ID = len(s.Paths) + 1
		pr.Test = rename[pr.Test]
		s.Paths = append(s.Paths, pr)
	}
	if first || p.Start.Before(s.Start) {
		s.Start = p.Start
	}
	if p.End.After(s.End) {
		s.End = p.End
	}
	if len(s.Input) == 0 {
		s.Input = p.Input
	}
	if s.Property == "" {
		s.Property = p.Property
	}
	if s.Proof == nil {
		s.Proof = p.Proof // the prover's verdict is on the whole program, whichever part ran it
	}
	s.Complete = (first || s.Complete) && OwnComplete(p)
	if first || s.EndedBy == EndedCompleted {
		if e := p.EndedBy; e != EndedSplit && e != "" {
			s.EndedBy = e
		} else if first {
			s.EndedBy = EndedCompleted
		}
	}
	s.PathsExplored += p.PathsExplored
	s.PathsCompleted += p.PathsCompleted
	s.Instructions += p.Instructions
	s.SymbolicObjects += p.SymbolicObjects
	s.Queries += p.Queries
	s.SolverTime += p.SolverTime
	for _, t := range rename {
		if t != "" {
			s.TestsWritten++
		}
	}
	in, pin := &s.Incomplete, p.Incomplete
	in.PathsCutShort += pin.PathsCutShort
	in.Concretisations += pin.Concretisations
	in.SolverUnknowns += pin.SolverUnknowns
	in.Unsupported += pin.Unsupported
	in.ForksSuppressed += pin.ForksSuppressed
	m.addWithoutTest(p.StatesWithoutTest)
	if p.LibmCandidates != nil {
		if s.LibmCandidates == nil {
			s.LibmCandidates = &LibmCandidates{}
		}
		s.LibmCandidates.Confirmed += p.LibmCandidates.Confirmed
		s.LibmCandidates.Dropped += p.LibmCandidates.Dropped
		s.LibmCandidates.ExitsMismatched += p.LibmCandidates.ExitsMismatched
	}
	if p.Merge != nil {
		if s.Merge == nil {
			s.Merge = &MergeStats{}
		}
		s.Merge.Groups += p.Merge.Groups
		s.Merge.Merged += p.Merge.Merged
		s.Merge.Refused += p.Merge.Refused
		s.Merge.QCERefused += p.Merge.QCERefused
	}
	if p.Crosscheck != nil {
		if s.Crosscheck == nil {
			c := *p.Crosscheck
			s.Crosscheck = &c
		} else {
			s.Crosscheck.Add(*p.Crosscheck)
		}
	}
	var err error
	if s.SolverStages, err = sumByName(s.SolverStages, p.SolverStages); err != nil {
		return err
	}
	if s.NativeRules, err = sumByName(s.NativeRules, p.NativeRules); err != nil {
		return err
	}
	return m.addCoverage(p, cov)
}

func (m *SummaryMerger) addWithoutTest(w StatesWithoutTest) {
	s := &m.sum.StatesWithoutTest
	s.Count += w.Count
	s.CutShort += w.CutShort
	s.FromKnownModels += w.FromKnownModels
	s.FromSolver += w.FromSolver
	for _, l := range w.Locations {
		found := false
		for i := range s.Locations {
			if q := &s.Locations[i]; q.File == l.File && q.Line == l.Line {
				q.States += l.States
				found = true
			}
		}
		if !found {
			s.Locations = append(s.Locations, l)
		}
	}
}

// addCoverage adds a part's coverage data; the merged summary's coverage
// is made from the sum (Summary).
func (m *SummaryMerger) addCoverage(p *Summary, cov *CoverageData) error {
	if cov == nil {
		if p.Coverage != nil {
			m.covMissing = true
		}
		return nil
	}
	if m.cov == nil {
		c := *cov
		c.InstsRun = append([]byte(nil), cov.InstsRun...)
		c.Files = make([]CoverageFile, len(cov.Files))
		for i, f := range cov.Files {
			c.Files[i] = f
			c.Files[i].Lines = make([]CoverageLine, len(f.Lines))
			for k, l := range f.Lines {
				c.Files[i].Lines[k] = CoverageLine{Line: l.Line, Counts: append([]uint64{}, l.Counts...)}
			}
			c.Files[i].Funcs = append([]CoverageFunc{}, f.Funcs...)
			c.Files[i].Branches = make([]CoverageBranch, len(f.Branches))
			for k, b := range f.Branches {
				b.Edges = append([]uint64(nil), b.Edges...)
				c.Files[i].Branches[k] = b
			}
		}
		m.cov = &c
		return nil
	}
	return m.cov.Add(cov)
}

// Coverage is the merged coverage data (nil: no part had any, or one
// had coverage without data).
func (m *SummaryMerger) Coverage() *CoverageData {
	if m.covMissing {
		return nil
	}
	return m.cov
}

// Summary is the merged summary: WallTime from Start and End, the
// coverage from the merged data, the states without a test by count.
func (m *SummaryMerger) Summary() *Summary {
	s := m.sum
	s.WallTime = max(0, s.End.Sub(s.Start).Seconds())
	if c := m.Coverage(); c != nil {
		s.Coverage = c.Report()
	}
	sort.SliceStable(s.StatesWithoutTest.Locations, func(i, j int) bool {
		return s.StatesWithoutTest.Locations[i].States > s.StatesWithoutTest.Locations[j].States
	})
	return &s
}

// sumByName adds b's records to a's: numeric fields of records with the
// same "name" are summed, new names appended (solver stages, native
// rules: their JSON form, so that every counter is summed).
func sumByName[T any](a, b []T) ([]T, error) {
	if len(b) == 0 {
		return a, nil
	}
	var am, bm []map[string]any
	if err := roundTrip(a, &am); err != nil {
		return nil, err
	}
	if err := roundTrip(b, &bm); err != nil {
		return nil, err
	}
	for _, r := range bm {
		var into map[string]any
		for _, q := range am {
			if q["name"] == r["name"] {
				into = q
				break
			}
		}
		if into == nil {
			am = append(am, r)
			continue
		}
		for k, v := range r {
			if x, ok := v.(float64); ok {
				if y, ok := into[k].(float64); ok {
					into[k] = x + y
				}
			}
		}
	}
	var out []T
	if err := roundTrip(am, &out); err != nil {
		return nil, fmt.Errorf("summing %T: %w", out, err)
	}
	return out, nil
}

func roundTrip(from, to any) error {
	b, err := json.Marshal(from)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, to)
}
