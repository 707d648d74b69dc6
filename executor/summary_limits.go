package executor

import (
	"fmt"
	"sort"
	"strings"
)

// StatesWithoutTest counts the paths cut off by a limit or an interrupt
// that got no test (no model known, no solver time left), and where they
// were: summary.json's states_without_test and the final line.
type StatesWithoutTest struct {
	Count     int             `json:"count"`
	Locations []StateLocation `json:"locations"`
	// CutShort counts every path cut off by a limit or an interrupt (the
	// states alive at the end); of their tests, FromKnownModels came
	// from models already known (no solver call) and FromSolver from the
	// solver; CutShort = FromKnownModels + FromSolver + Count.
	CutShort        int `json:"cut_short"`
	FromKnownModels int `json:"tests_from_known_models"`
	FromSolver      int `json:"tests_from_solver"`
}

// StateLocation is where some states without test were stopped.
type StateLocation struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	States int    `json:"states"`
}

// WithoutTest gathers the paths without test by location, most first.
func WithoutTest(paths []PathResult) StatesWithoutTest {
	r := StatesWithoutTest{Locations: []StateLocation{}}
	at := map[[2]string]int{}
	for _, p := range paths {
		if p.Term.Kind.IsEarly() || p.WithoutTest {
			r.CutShort++
			switch {
			case p.WithoutTest:
			case p.TestFromKnown:
				r.FromKnownModels++
			case p.Test != "" || len(p.Objects) > 0:
				r.FromSolver++
			}
		}
		if !p.WithoutTest {
			continue
		}
		r.Count++
		file, line := stoppedAt(&p.Term)
		k := [2]string{file, fmt.Sprint(line)}
		i, ok := at[k]
		if !ok {
			i = len(r.Locations)
			at[k] = i
			r.Locations = append(r.Locations, StateLocation{File: file, Line: line})
		}
		r.Locations[i].States++
	}
	sort.SliceStable(r.Locations, func(i, j int) bool { return r.Locations[i].States > r.Locations[j].States })
	return r
}

// stoppedAt is where a path was stopped: its instruction's location, or,
// inside code without debug information (floatsym's C library), the
// innermost frame of the stack that has one.
func stoppedAt(t *Termination) (string, int) {
	if t.File != "" {
		return t.File, t.Line
	}
	for _, f := range t.Stack {
		if f.File != "" {
			return f.File, f.Line
		}
	}
	return t.File, t.Line
}

// String is the final line's part: "", or ", N states without test (at
// file:line ×k, ...)" with the three commonest locations.
func (w StatesWithoutTest) String() string {
	if w.Count == 0 {
		return ""
	}
	var locs []string
	for i, l := range w.Locations {
		if i == 3 {
			locs = append(locs, "...")
			break
		}
		locs = append(locs, fmt.Sprintf("%s:%d ×%d", l.File, l.Line, l.States))
	}
	return fmt.Sprintf(", %d states without test (at %s)", w.Count, strings.Join(locs, ", "))
}
