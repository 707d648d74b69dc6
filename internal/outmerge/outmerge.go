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
	m := &merger{opt: opt, sm: executor.NewSummaryMerger()}
	m.sm.SetHeader(opt.Version, opt.CommandLine, opt.Out)
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
			Instructions: p.sum.Instructions, WallTime: p.sum.WallTime, Complete: executor.OwnComplete(p.sum)})
	}
	rec.Prefixes = len(rec.Parts)
	s := m.sm.Summary()
	s.Split = rec
	s.Complete = s.Complete && complete
	if err := m.writeFiles(s, parts, missing); err != nil {
		return nil, err
	}
	return s, nil
}

// checkParts checks that the parts belong together and says whether the
// merge is complete; missing lists absent parts of the split.
func checkParts(parts []*part) (complete bool, missing []int, err error) {
	complete = true
	var split *executor.SplitRecord
	ids := map[string]bool{}
	seen := map[int]string{}
	for _, p := range parts {
		if !executor.OwnComplete(p.sum) {
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
	sm    *executor.SummaryMerger
	tests int
}

// add copies one part's tests (renumbered, error duplicates dropped) and
// adds its summary and coverage data (executor.SummaryMerger).
func (m *merger) add(p *part) error {
	// Tests of errors already reported by an earlier part are dropped.
	drop := map[string]bool{}
	for t := range m.sm.DuplicateTests(p.sum) {
		drop[strings.TrimSuffix(t, ".ktest")] = true
	}
	rename := map[string]string{}
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
	cov, err := executor.ReadCoverageData(&executor.OutputDir{Path: p.dir})
	if err != nil {
		return fmt.Errorf("merge: %w", err)
	}
	if err := m.sm.Add(p.sum, rename, cov); err != nil {
		return fmt.Errorf("merge: %s: %w", p.dir, err)
	}
	return nil
}

// writeFiles writes summary.json, info, messages.txt, warnings.txt and
// assembly.ll of the merged directory.
func (m *merger) writeFiles(s *executor.Summary, parts []*part, missing []int) error {
	out := &executor.OutputDir{Path: m.opt.Out}
	if err := out.WriteSummary(s); err != nil {
		return err
	}
	if cov := m.sm.Coverage(); cov != nil {
		if err := cov.WriteFiles(out); err != nil {
			return err
		}
	}
	stats, err := mergeStats(out.Path, parts, s, m.sm.Coverage())
	if err != nil {
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
	if !stats {
		warns.WriteString("floatsym merge: no merged run.stats: a part has none (--output-stats=false)\n")
	}
	if m.sm.Coverage() == nil {
		for _, p := range parts {
			if p.sum.Coverage != nil {
				warns.WriteString("floatsym merge: no merged coverage: a part has coverage but no coverage.json (written by an older floatsym)\n")
				break
			}
		}
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
