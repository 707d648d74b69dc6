// Package outmerge merges the output directories of one split
// exploration (floatsym run --split, its --prefix parts) into one
// KLEE-style output directory: tests renumbered, errors deduplicated by
// kind and location, summary.json summed, complete only when every part
// is complete and every part of the split is present.
//
// It may import executor and the packages below it; cmd/floatsym uses it
// (internal/layering).
package outmerge

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"time"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/atomicfile"
)

// part is one input directory.
type part struct {
	dir string
	sum *executor.Summary
	// order sorts parts: the split run first, then parts by index, then
	// other runs in the order given.
	order [3]int
}

var testFileRe = regexp.MustCompile(`^test(\d{6})(\..+)$`)

// errKey identifies an error as a single run's deduplication does.
type errKey struct {
	kind, detail, file string
	line               int
}

// Options are the merge's settings.
type Options struct {
	// Out is the output directory; it must not exist.
	Out string
	// CommandLine is recorded in the merged summary.
	CommandLine []string
	// Version is floatsym's version.
	Version string
	// InPlace: Out exists already and holds no test (--parallel's
	// directory, whose parts are below it).
	InPlace bool
}

// Merge merges dirs into opt.Out and returns the merged summary.
func Merge(opt Options, dirs []string) (*executor.Summary, error) {
	if len(dirs) == 0 {
		return nil, fmt.Errorf("merge: no input directories")
	}
	parts := make([]*part, len(dirs))
	for i, d := range dirs {
		b, err := os.ReadFile(filepath.Join(d, "summary.json"))
		if err != nil {
			return nil, fmt.Errorf("merge: %s is not a finished floatsym output directory: %w", d, err)
		}
		var s executor.Summary
		if err := json.Unmarshal(b, &s); err != nil {
			return nil, fmt.Errorf("merge: %s/summary.json: %w", d, err)
		}
		p := &part{dir: d, sum: &s, order: [3]int{2, 0, i}}
		if sp := s.Split; sp != nil {
			switch sp.Role {
			case "split":
				p.order = [3]int{0, 0, i}
			case "part":
				p.order = [3]int{1, sp.Index, i}
			}
		}
		parts[i] = p
	}
	sort.SliceStable(parts, func(i, j int) bool {
		a, b := parts[i].order, parts[j].order
		for k := range a {
			if a[k] != b[k] {
				return a[k] < b[k]
			}
		}
		return false
	})
	complete, missing, err := checkParts(parts)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(filepath.Dir(opt.Out), 0o755); err != nil {
		return nil, err
	}
	if !opt.InPlace {
		if err := os.Mkdir(opt.Out, 0o755); err != nil {
			return nil, fmt.Errorf("merge: output directory: %w", err)
		}
	}
	m := &merger{opt: opt, seen: map[errKey]int{}}
	m.sum = &executor.Summary{Version: opt.Version, CommandLine: opt.CommandLine, OutputDir: opt.Out,
		Errors: []executor.ErrorRecord{}, Paths: []executor.PathRecord{},
		StatesWithoutTest: executor.StatesWithoutTest{Locations: []executor.StateLocation{}}}
	rec := &executor.SplitRecord{Role: "merged"}
	for _, p := range parts {
		if err := m.add(p); err != nil {
			return nil, err
		}
		idx := 0
		role := "run"
		if sp := p.sum.Split; sp != nil {
			role, idx = sp.Role, sp.Index
			if rec.ID == "" {
				rec.ID = sp.ID
			}
		}
		rec.WallTimeSum += p.sum.WallTime
		rec.WallTimeMax = max(rec.WallTimeMax, p.sum.WallTime)
		rec.SolverTimeMax = max(rec.SolverTimeMax, p.sum.SolverTime)
		rec.Parts = append(rec.Parts, executor.PartRecord{Dir: p.dir, Role: role, Index: idx, Paths: p.sum.PathsExplored,
			Instructions: p.sum.Instructions, WallTime: p.sum.WallTime, Complete: partComplete(p.sum)})
	}
	rec.Prefixes = len(rec.Parts)
	s := m.sum
	s.Split = rec
	s.Complete = complete
	s.EndedBy = executor.EndedCompleted
	for _, p := range parts {
		if e := p.sum.EndedBy; e != executor.EndedCompleted && e != executor.EndedSplit && e != "" {
			s.EndedBy = e
			break
		}
	}
	if len(s.StatesWithoutTest.Locations) > 0 {
		sort.SliceStable(s.StatesWithoutTest.Locations, func(i, j int) bool {
			return s.StatesWithoutTest.Locations[i].States > s.StatesWithoutTest.Locations[j].States
		})
	}
	if err := m.writeFiles(parts, missing); err != nil {
		return nil, err
	}
	return s, nil
}

// partComplete is a part's own completeness (a split run's is that of
// the paths it ran before the split).
func partComplete(s *executor.Summary) bool {
	if s.Split != nil && s.Split.Role == "split" && s.Split.CompleteBeforeSplit != nil {
		return *s.Split.CompleteBeforeSplit
	}
	return s.Complete
}

// checkParts checks that the parts belong together and says whether the
// merge is complete; missing lists absent parts of the split.
func checkParts(parts []*part) (complete bool, missing []int, err error) {
	complete = true
	var split *executor.SplitRecord
	ids := map[string]bool{}
	seen := map[int]string{}
	for _, p := range parts {
		if !partComplete(p.sum) {
			complete = false
		}
		sp := p.sum.Split
		if sp == nil {
			continue
		}
		switch sp.Role {
		case "split":
			if split != nil {
				return false, nil, fmt.Errorf("merge: two split runs given (%s and another): merge one split's directories at a time", p.dir)
			}
			split = sp
			if sp.Prefixes > 0 {
				ids[sp.ID] = true
			}
		case "part":
			ids[sp.ID] = true
			if d, dup := seen[sp.Index]; dup {
				return false, nil, fmt.Errorf("merge: %s and %s both ran prefix %d of split %s", d, p.dir, sp.Index, sp.ID)
			}
			seen[sp.Index] = p.dir
		case "merged":
			return false, nil, fmt.Errorf("merge: %s is already a merged directory: merge the original parts", p.dir)
		}
	}
	if len(ids) > 1 {
		var l []string
		for id := range ids {
			l = append(l, id)
		}
		sort.Strings(l)
		return false, nil, fmt.Errorf("merge: the directories belong to different splits (%s)", strings.Join(l, ", "))
	}
	if len(seen) > 0 && split == nil {
		complete = false // the paths that ended before the split are absent
	}
	if split != nil {
		for i := 0; i < split.Prefixes; i++ {
			if _, ok := seen[i]; !ok {
				missing = append(missing, i)
			}
		}
		if len(missing) > 0 {
			complete = false
		}
	}
	return complete, missing, nil
}

// merger accumulates the merged directory.
type merger struct {
	opt   Options
	sum   *executor.Summary
	tests int
	seen  map[errKey]int // error key -> index in sum.Errors
	start time.Time
}

// add copies one part's tests (renumbered, error duplicates dropped) and
// adds its summary.
func (m *merger) add(p *part) error {
	s, ps := m.sum, p.sum
	// Tests of errors already reported by an earlier part are dropped.
	drop := map[string]bool{}
	rename := map[string]string{}
	first := len(s.Errors)
	for _, e := range ps.Errors {
		k := errKey{e.Kind, e.Detail, e.File, e.Line}
		if i, ok := m.seen[k]; ok {
			s.Errors[i].Paths += e.Paths
			if e.Test != "" {
				drop[strings.TrimSuffix(e.Test, ".ktest")] = true
			}
			continue
		}
		m.seen[k] = len(s.Errors)
		s.Errors = append(s.Errors, e)
	}
	entries, err := os.ReadDir(p.dir)
	if err != nil {
		return err
	}
	byTest := map[string][]string{}
	var order []string
	for _, de := range entries {
		g := testFileRe.FindStringSubmatch(de.Name())
		if g == nil || strings.HasPrefix(de.Name(), ".floatsym-tmp") {
			continue
		}
		base := "test" + g[1]
		if _, ok := byTest[base]; !ok {
			order = append(order, base)
		}
		byTest[base] = append(byTest[base], g[2])
	}
	sort.Strings(order)
	for _, base := range order {
		if drop[base] {
			continue
		}
		m.tests++
		nb := fmt.Sprintf("test%06d", m.tests)
		rename[base+".ktest"] = nb + ".ktest"
		for _, suf := range byTest[base] {
			b, err := os.ReadFile(filepath.Join(p.dir, base+suf))
			if err != nil {
				return err
			}
			if err := atomicfile.WriteFile(filepath.Join(m.opt.Out, nb+suf), b, 0o644); err != nil {
				return err
			}
		}
	}
	// The errors this part added name its tests.
	for i := first; i < len(s.Errors); i++ {
		s.Errors[i].Test = rename[s.Errors[i].Test]
	}
	for _, pr := range ps.Paths {
		pr.ID = len(s.Paths) + 1
		pr.Test = rename[pr.Test]
		s.Paths = append(s.Paths, pr)
	}
	if m.start.IsZero() || ps.Start.Before(m.start) {
		m.start = ps.Start
		s.Start = ps.Start
	}
	if ps.End.After(s.End) {
		s.End = ps.End
	}
	if len(s.Input) == 0 {
		s.Input = ps.Input
	}
	if s.Property == "" {
		s.Property = ps.Property
	}
	s.PathsExplored += ps.PathsExplored
	s.PathsCompleted += ps.PathsCompleted
	s.Instructions += ps.Instructions
	s.SymbolicObjects += ps.SymbolicObjects
	s.Queries += ps.Queries
	s.SolverTime += ps.SolverTime
	s.TestsWritten = m.tests
	in, pin := &s.Incomplete, ps.Incomplete
	in.PathsCutShort += pin.PathsCutShort
	in.Concretisations += pin.Concretisations
	in.SolverUnknowns += pin.SolverUnknowns
	in.Unsupported += pin.Unsupported
	in.ForksSuppressed += pin.ForksSuppressed
	s.StatesWithoutTest.Count += ps.StatesWithoutTest.Count
	for _, l := range ps.StatesWithoutTest.Locations {
		found := false
		for i := range s.StatesWithoutTest.Locations {
			if q := &s.StatesWithoutTest.Locations[i]; q.File == l.File && q.Line == l.Line {
				q.States += l.States
				found = true
			}
		}
		if !found {
			s.StatesWithoutTest.Locations = append(s.StatesWithoutTest.Locations, l)
		}
	}
	if ps.LibmCandidates != nil {
		if s.LibmCandidates == nil {
			s.LibmCandidates = &executor.LibmCandidates{}
		}
		s.LibmCandidates.Confirmed += ps.LibmCandidates.Confirmed
		s.LibmCandidates.Dropped += ps.LibmCandidates.Dropped
		s.LibmCandidates.ExitsMismatched += ps.LibmCandidates.ExitsMismatched
	}
	if s.SolverStages, err = sumByName(s.SolverStages, ps.SolverStages); err != nil {
		return err
	}
	if s.NativeRules, err = sumByName(s.NativeRules, ps.NativeRules); err != nil {
		return err
	}
	return nil
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
	return out, roundTrip(am, &out)
}

func roundTrip(from, to any) error {
	b, err := json.Marshal(from)
	if err != nil {
		return err
	}
	return json.Unmarshal(b, to)
}

// writeFiles writes summary.json, info, messages.txt, warnings.txt and
// assembly.ll of the merged directory.
func (m *merger) writeFiles(parts []*part, missing []int) error {
	s := m.sum
	s.WallTime = s.End.Sub(s.Start).Seconds()
	if s.WallTime < 0 {
		s.WallTime = 0
	}
	out := &executor.OutputDir{Path: m.opt.Out}
	if err := out.WriteSummary(s); err != nil {
		return err
	}
	var info, msgs, warns strings.Builder
	fmt.Fprintf(&info, "%s\nfloatsym %s (merge of %d output directories)\n", strings.Join(m.opt.CommandLine, " "), m.opt.Version, len(parts))
	fmt.Fprintf(&info, "paths explored: %d\npaths completed: %d\ntests generated: %d\ninstructions: %d\nerrors: %d\ncomplete: %v\nqueries: %d\nsolver time: %.3fs (max of a part %.3fs)\nwall time of the parts: sum %.3fs, max %.3fs\nended by: %s\n",
		s.PathsExplored, s.PathsCompleted, s.TestsWritten, s.Instructions, len(s.Errors), s.Complete, s.Queries,
		s.SolverTime, s.Split.SolverTimeMax, s.Split.WallTimeSum, s.Split.WallTimeMax, s.EndedBy)
	if len(missing) > 0 {
		fmt.Fprintf(&info, "missing parts of split %s: %v (the merge is not complete)\n", s.Split.ID, missing)
	}
	info.WriteString("parts:\n")
	for _, p := range s.Split.Parts {
		fmt.Fprintf(&info, "  %s\t%s %d\tpaths %d\tinstructions %d\twall %.3fs\tcomplete %v\n", p.Dir, p.Role, p.Index, p.Paths, p.Instructions, p.WallTime, p.Complete)
	}
	for _, p := range parts {
		for _, f := range []struct {
			name string
			into *strings.Builder
		}{{"messages.txt", &msgs}, {"warnings.txt", &warns}} {
			b, err := os.ReadFile(filepath.Join(p.dir, f.name))
			if err != nil && !os.IsNotExist(err) {
				return err
			}
			if len(b) > 0 {
				fmt.Fprintf(f.into, "== %s ==\n%s", p.dir, b)
			}
		}
	}
	if b, err := os.ReadFile(filepath.Join(parts[0].dir, "assembly.ll")); err == nil {
		if err := atomicfile.WriteFile(out.File("assembly.ll"), b, 0o644); err != nil {
			return err
		}
	}
	for name, b := range map[string]string{"info": info.String(), "messages.txt": msgs.String(), "warnings.txt": warns.String()} {
		if err := atomicfile.WriteFile(out.File(name), []byte(b), 0o644); err != nil {
			return err
		}
	}
	return nil
}
