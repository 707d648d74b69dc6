package executor

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/floatsym/floatsym/internal/atomicfile"
	"github.com/floatsym/floatsym/internal/ktest"
	"github.com/floatsym/floatsym/solver"
)

// OutputDir is a run's output directory in KLEE's layout: numbered
// testNNNNNN.ktest files, a testNNNNNN.<kind>.err beside each error test,
// info, messages.txt and floatsym's summary.json.
type OutputDir struct {
	Path  string
	tests int
}

var kleeOutRe = regexp.MustCompile(`^klee-out-(\d+)$`)

// CreateOutputDir makes the output directory: dir when given (it must not
// exist yet, like KLEE's --output-dir), else the next klee-out-N beside
// the input, with klee-last pointing to it.
func CreateOutputDir(dir, input string) (*OutputDir, error) {
	if dir != "" {
		if err := os.MkdirAll(filepath.Dir(dir), 0o755); err != nil {
			return nil, err
		}
		if err := os.Mkdir(dir, 0o755); err != nil {
			return nil, fmt.Errorf("output directory: %w", err)
		}
		abs, _ := filepath.Abs(dir)
		return &OutputDir{Path: abs}, nil
	}
	parent, _ := filepath.Abs(filepath.Dir(input))
	entries, err := os.ReadDir(parent)
	if err != nil {
		return nil, err
	}
	n := 0
	for _, e := range entries {
		if m := kleeOutRe.FindStringSubmatch(e.Name()); m != nil {
			if k, _ := strconv.Atoi(m[1]); k >= n {
				n = k + 1
			}
		}
	}
	var path string
	for ; ; n++ {
		path = filepath.Join(parent, fmt.Sprintf("klee-out-%d", n))
		if err := os.Mkdir(path, 0o755); err == nil {
			break
		} else if !os.IsExist(err) {
			return nil, fmt.Errorf("output directory: %w", err)
		}
	}
	pointKleeLast(parent, filepath.Base(path))
	return &OutputDir{Path: path}, nil
}

// File returns a path inside the directory.
func (o *OutputDir) File(name string) string { return filepath.Join(o.Path, name) }

// WriteTest writes the next test: its .ktest and, for an error, the .err
// file in KLEE's format. It returns the .ktest file name.
func (o *OutputDir) WriteTest(t *ktest.Test, term *Termination, assemblyLine int) (string, error) {
	o.tests++
	base := fmt.Sprintf("test%06d", o.tests)
	if err := t.WriteFile(o.File(base + ".ktest")); err != nil {
		return "", err
	}
	if term.Kind.IsError() {
		var b strings.Builder
		fmt.Fprintf(&b, "Error: %s\n", term.Message)
		fmt.Fprintf(&b, "File: %s\n", term.File)
		fmt.Fprintf(&b, "Line: %d\n", term.Line)
		fmt.Fprintf(&b, "assembly.ll line: %d\n", assemblyLine)
		b.WriteString("Stack: \n")
		for i, f := range term.Stack {
			fmt.Fprintf(&b, "\t#%d%08d in %s (%s) at %s:%d\n", i, f.AsmLine, f.Func, strings.Join(f.Args, ", "), f.File, f.Line)
		}
		suffix := term.Kind.Suffix()
		if term.Suffix != "" {
			suffix = term.Suffix
		}
		if err := atomicfile.WriteFile(o.File(base+"."+suffix+".err"), []byte(b.String()), 0o644); err != nil {
			return "", err
		}
	}
	return base + ".ktest", nil
}

// Tests is the number of tests written.
func (o *OutputDir) Tests() int { return o.tests }

// Summary is summary.json: the machine-readable record of a run.
type Summary struct {
	Version        string    `json:"version"`
	CommandLine    []string  `json:"command_line"`
	Input          []string  `json:"input"`
	OutputDir      string    `json:"output_dir"`
	Start          time.Time `json:"start"`
	End            time.Time `json:"end"`
	WallTime       float64   `json:"wall_time_seconds"`
	PathsExplored  int       `json:"paths_explored"`
	PathsCompleted int       `json:"paths_completed"`
	Complete       bool      `json:"complete"`
	// EndedBy is why the run ended: completed, time_limit, memory_limit,
	// instruction_limit, interrupted, exit_on_error or proved (ending.go).
	EndedBy string `json:"ended_by"`
	// Incomplete counts what kept the run from being complete.
	Incomplete Incompleteness `json:"incomplete"`
	// Property is the SV-COMP property checked (--property), if any.
	Property        string  `json:"property,omitempty"`
	Instructions    uint64  `json:"instructions"`
	SymbolicObjects int     `json:"symbolic_objects"`
	TestsWritten    int     `json:"tests_written"`
	Queries         uint64  `json:"queries"`
	SolverTime      float64 `json:"solver_time_seconds"`
	// SolverStages has each solver stage's counters (independence,
	// caches, SMT backends), in chain order.
	SolverStages []solver.StageStats `json:"solver_stages,omitempty"`
	// NativeRules has the native solver's rules' counters (fired,
	// narrowed, refuted, work), registry order.
	NativeRules []solver.NativeRule `json:"native_rules,omitempty"`
	// LibmCandidates counts, with --libm=uninterpreted, the native
	// replays of the paths that used an uninterpreted libm result.
	LibmCandidates *LibmCandidates `json:"libm_candidates,omitempty"`
	Merge          *MergeStats     `json:"merge,omitempty"`
	// StatesWithoutTest are the paths cut off (limit, interrupt) that got
	// no test, by location (summary_limits.go).
	StatesWithoutTest StatesWithoutTest `json:"states_without_test"`
	Errors            []ErrorRecord     `json:"errors"`
	Paths             []PathRecord      `json:"paths"`
	// Crosscheck counts --crosscheck's re-asked native verdicts.
	Crosscheck *solver.CrosscheckStats `json:"crosscheck,omitempty"`
	// Proof is the prover's record (cmd/floatsym's proofRecord) when it
	// ran (--prove): its verdict, domain, error sites and loop invariants.
	Proof any `json:"proof,omitempty"`
	// Coverage is the program under test's coverage (coverage.go).
	Coverage *CoverageReport `json:"coverage,omitempty"`
	// Split is the run's place in a split exploration (split.go).
	Split *SplitRecord `json:"split,omitempty"`
}

// LibmCandidates are the outcomes of confirming, by native replay, the
// paths that used an uninterpreted libm result (--libm=uninterpreted).
type LibmCandidates struct {
	// Confirmed errors replayed natively to the same kind and file:line
	// and are reported; Dropped ones did not and are not (their test
	// and .err file are removed).
	Confirmed int `json:"confirmed"`
	Dropped   int `json:"dropped"`
	// ExitsMismatched are tests of paths that ended normally whose
	// native run did not end as recorded (the test is kept: it is an
	// input; the run is then not complete).
	ExitsMismatched int `json:"exits_mismatched"`
}

// ErrorRecord is one reported error: one per kind and location (unless
// every path's error is emitted), with the number of paths that reached it.
type ErrorRecord struct {
	Kind string `json:"kind"`
	// Detail is the floating-point exception of an fpexc report.
	Detail  string `json:"detail,omitempty"`
	Message string `json:"message"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Test    string `json:"test"`
	Paths   int    `json:"paths"`
	// Violation says, under a property (Summary.Property), whether the
	// error violates it.
	Violation *bool `json:"violation,omitempty"`
}

// PathRecord is one path's outcome.
type PathRecord struct {
	ID           int        `json:"id"`
	Test         string     `json:"test,omitempty"`
	Instructions uint64     `json:"instructions"`
	Termination  TermRecord `json:"termination"`
	// Libm is, for a path that used an uninterpreted libm result, what
	// its native replay gave: confirmed, dropped (an error that did not
	// replay: not reported), replayed (a normal end that replayed),
	// mismatch (a normal end that did not), or uninterpreted (not
	// replayed: a duplicate or an end that is not replayable).
	Libm string `json:"libm,omitempty"`
}

// TermRecord is a termination as written to summary.json.
type TermRecord struct {
	Kind       string `json:"kind"`
	ExitStatus int    `json:"exit_status"`
	Message    string `json:"message,omitempty"`
	File       string `json:"file,omitempty"`
	Line       int    `json:"line,omitempty"`
}

// TermJSON converts a termination for summary.json.
func TermJSON(t *Termination) TermRecord {
	return TermRecord{Kind: t.Kind.String(), ExitStatus: t.ExitStatus, Message: t.Message, File: t.File, Line: t.Line}
}

// WriteSummary writes summary.json.
func (o *OutputDir) WriteSummary(s *Summary) error {
	if s.Errors == nil {
		s.Errors = []ErrorRecord{}
	}
	if s.Paths == nil {
		s.Paths = []PathRecord{}
	}
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(o.File("summary.json"), append(b, '\n'), 0o644)
}
