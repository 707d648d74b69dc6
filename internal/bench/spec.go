// Package bench runs floatsym on benchmark suites described in the fp-bench
// spec.yml format (schema version 0, as used by the KLEE-float study and by
// floatsym's own benchmarks/), validates every reported bug by replaying its
// test natively, and reports the results the way the study's Table III does.
//
// The flow is LoadSpecs → Run → (Format*, WriteJSON, Plot, Compare). Judging
// a variant is a pure function, Judge, of the variant's spec, how the run
// ended and the native replay outcomes of its reports, so that the rule that
// matters most — no false positive may be counted as a found bug — can be
// tested without running anything.
//
// It may import internal/cc, internal/replay and the leaves below them; only
// cmd/floatsym imports it.
package bench

import (
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// SpecFile is the file name LoadSpecs looks for in directories.
const SpecFile = "spec.yml"

// Verification task names of the spec format.
const (
	TaskAssert     = "no_assert_fail"
	TaskReachError = "no_reach_error_function"
	TaskDeref      = "no_invalid_deref"
	TaskFree       = "no_invalid_free"
	TaskDiv        = "no_integer_division_by_zero"
	TaskOvershift  = "no_overshift"

	// floatsym's floating-point exception tasks: checked (run with
	// --check-fp) only for variants that list them.
	TaskFPInvalid   = "no_fp_invalid"
	TaskFPDivZero   = "no_fp_division_by_zero"
	TaskFPOverflow  = "no_fp_overflow"
	TaskFPUnderflow = "no_fp_underflow"
	TaskFPConv      = "no_float_cast_overflow"
)

// TaskNames are the verification tasks of the format, in a fixed order. A
// task a variant does not list is one the benchmark is correct for.
var TaskNames = []string{TaskAssert, TaskReachError, TaskDeref, TaskFree, TaskDiv, TaskOvershift,
	TaskFPInvalid, TaskFPDivZero, TaskFPOverflow, TaskFPUnderflow, TaskFPConv}

// fpTaskCheck maps the exception tasks to --check-fp names.
var fpTaskCheck = map[string]string{
	TaskFPInvalid: "invalid", TaskFPDivZero: "divbyzero", TaskFPOverflow: "overflow",
	TaskFPUnderflow: "underflow", TaskFPConv: "fpconv",
}

// CheckFP is the --check-fp list for the exception tasks the variant
// lists ("" when none).
func (v *Variant) CheckFP() string {
	var out []string
	for _, t := range v.Tasks {
		if c, ok := fpTaskCheck[t.Name]; ok {
			out = append(out, c)
		}
	}
	sort.Strings(out)
	return strings.Join(out, ",")
}

func knownTask(name string) bool {
	for _, t := range TaskNames {
		if t == name {
			return true
		}
	}
	return false
}

var (
	nameRE = regexp.MustCompile(`^[a-zA-Z0-9_.-]+$`)
	// macroRE is the format's rule for define names.
	macroRE = regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`)
	// envNameRE is what an environment variable's name may be.
	envNameRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
)

// Spec is one spec.yml.
type Spec struct {
	// Name is the benchmark's name (the directory's name when the spec
	// has none).
	Name string
	// Property is an SV-COMP property file (floatsym's extension of the
	// format: "property: unreach-call.prp", relative to the spec), given
	// to floatsym run as --property; "" when the spec names none.
	Property string
	// Path is the spec file; Dir its directory (absolute).
	Path string
	Dir  string
	// SchemaVersion is always 0.
	SchemaVersion int
	// Language is the language standard, e.g. "c99" or "gnu11".
	Language string
	// Architectures is the list of architectures, or ["any"].
	Architectures []string
	Categories    []string
	Description   string
	// Sources are relative to Dir.
	Sources []string
	// IncludeDirs (absolute) are on both builds' include path: the
	// spec's misc.include_dirs, floatsym's extension (includes.go).
	IncludeDirs []string
	// Defines and Dependencies are the top-level ones, which every
	// variant inherits.
	Defines      []Define
	Dependencies []string
	// Args and Env are the top-level runtime_environment (see Variant).
	Args []string
	Env  []EnvVar
	// Variants are in file order; a spec without variants has one, named
	// DefaultVariant. A spec that could not be loaded has one, named
	// InvalidVariant, that says why.
	Variants []*Variant
	// Invalid says why the spec file is malformed or unusable ("" when it
	// loaded): that spec is skipped, the others run.
	Invalid string
}

// InvalidVariant names the one variant of a spec that could not be loaded.
const InvalidVariant = "invalid"

// EnvVar is one environment variable of a runtime_environment.
type EnvVar struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// DefaultVariant names the one variant of a spec that has no variants.
const DefaultVariant = "default"

// Define is one preprocessor definition; a nil Value means "-DNAME".
type Define struct {
	Name  string
	Value *string
}

// Flag is the definition as NAME or NAME=VALUE (without -D).
func (d Define) Flag() string {
	if d.Value == nil {
		return d.Name
	}
	return d.Name + "=" + *d.Value
}

// Variant is one configuration of a benchmark: what is run and judged.
type Variant struct {
	Spec        *Spec
	Name        string
	Description string
	// Defines, Dependencies and Categories include the spec's top-level
	// ones (a variant's define replaces a top-level one of the same name).
	Defines      []Define
	Dependencies []string
	Categories   []string
	// DependencyVersions holds the versions the spec asks for, by
	// dependency name (absent: any version).
	DependencyVersions map[string]string
	// Args are the program's command-line arguments (after argv[0]) and
	// Env the environment variables it runs with, under floatsym and in
	// the native replay: the top-level runtime_environment's followed by
	// the variant's, with @spec_dir@ replaced by the spec's directory.
	Args []string
	Env  []EnvVar
	// Tasks are the verification tasks the spec lists for the variant,
	// in file order (a task not listed is correct).
	Tasks []*Task
	// Property is the SV-COMP property file floatsym runs the variant
	// under (the variant's "property", else the spec's; "" for none).
	Property string
	// Skip says why the variant cannot be run ("" when it can).
	Skip string
	// Invalid is set on the InvalidVariant of a malformed spec.
	Invalid bool
	// provided is what the variant's dependencies add to the builds.
	provided Provided
}

// Task is one verification task of a variant.
type Task struct {
	Name        string
	Description string
	// Correct is true, false, or nil for unknown.
	Correct *bool
	// ExhaustiveCounterExamples is the spec's claim that the counter
	// examples list every bug of the task.
	ExhaustiveCounterExamples bool
	CounterExamples           []CounterExample
}

// IsBug reports whether the task is marked `correct: false`.
func (t *Task) IsBug() bool { return t != nil && t.Correct != nil && !*t.Correct }

// IsCorrect reports whether the task is marked `correct: true`.
func (t *Task) IsCorrect() bool { return t != nil && t.Correct != nil && *t.Correct }

// HasLocations reports whether any counter example of the task lists a
// location (when none does, a bug of the task may be found anywhere).
func (t *Task) HasLocations() bool {
	for _, ce := range t.CounterExamples {
		if len(ce.Locations) > 0 {
			return true
		}
	}
	return false
}

// ExpectedBugs is how many bugs the task stands for: zero unless it is
// `correct: false`; then one per location (see Bugs), or one when no
// counter example lists a location.
func (t *Task) ExpectedBugs() int {
	if !t.IsBug() {
		return 0
	}
	if !t.HasLocations() {
		return 1
	}
	return len(t.Bugs())
}

// Bug is one expected bug: the locations where it may be reported.
type Bug struct {
	Locations []Location
	// CounterExamples are the indices of the counter examples that
	// describe it.
	CounterExamples []int
}

// Bugs groups the task's counter examples by location, as the study
// counts bugs: one per location. The locations of one counter example are
// alternatives (one bug), and counter examples sharing a location (several
// inputs reaching the same failure) describe the same bug. Counter
// examples without a location are left out.
func (t *Task) Bugs() []Bug {
	type key struct {
		file string
		line int
	}
	parent := map[int]int{}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	owner := map[key]int{}
	for i, ce := range t.CounterExamples {
		if len(ce.Locations) == 0 {
			continue
		}
		parent[i] = i
		for _, l := range ce.Locations {
			k := key{filepath.Clean(l.File), l.Line}
			if j, ok := owner[k]; ok {
				parent[find(i)] = find(j)
			} else {
				owner[k] = i
			}
		}
	}
	index := map[int]int{}
	var bugs []Bug
	for i, ce := range t.CounterExamples {
		if len(ce.Locations) == 0 {
			continue
		}
		r := find(i)
		b, ok := index[r]
		if !ok {
			b = len(bugs)
			index[r] = b
			bugs = append(bugs, Bug{})
		}
		bugs[b].CounterExamples = append(bugs[b].CounterExamples, i)
		for _, l := range ce.Locations {
			dup := false
			for _, have := range bugs[b].Locations {
				dup = dup || have.Line == l.Line && filepath.Clean(have.File) == filepath.Clean(l.File)
			}
			if !dup {
				bugs[b].Locations = append(bugs[b].Locations, l)
			}
		}
	}
	return bugs
}

// CounterExample is one known bug.
type CounterExample struct {
	Description string     `yaml:"description" json:"description,omitempty"`
	Locations   []Location `yaml:"locations" json:"locations,omitempty"`
}

// Location is a source position; File is relative to the spec's directory.
type Location struct {
	File string `yaml:"file" json:"file"`
	Line int    `yaml:"line" json:"line"`
	// Column is optional and not used for matching (native reports
	// give lines).
	Column int `yaml:"column" json:"column,omitempty"`
}

func (l Location) String() string { return fmt.Sprintf("%s:%d", l.File, l.Line) }

// ID is "spec/variant", the name Filter matches and reports use.
func (v *Variant) ID() string { return v.Spec.Name + "/" + v.Name }

// Sources are the variant's source files as absolute paths.
func (v *Variant) Sources() []string {
	out := make([]string, len(v.Spec.Sources))
	for i, s := range v.Spec.Sources {
		out[i] = filepath.Join(v.Spec.Dir, s)
	}
	return out
}

// Language is the language standard (e.g. "c99"), "" when unspecified.
func (v *Variant) Language() string { return v.Spec.Language }

// Std is the clang -std= value for the variant's language ("" when the
// spec gives none: clang's default).
func (v *Variant) Std() string { return cStandards[v.Spec.Language] }

// cStandards maps the format's C languages to clang's -std= values.
var cStandards = map[string]string{
	"c89": "c89", "c99": "c99", "c11": "c11",
	"gnu89": "gnu89", "gnu99": "gnu99", "gnu11": "gnu11",
}

// EnvList is Env as NAME=VALUE strings, in order.
func (v *Variant) EnvList() []string {
	out := make([]string, len(v.Env))
	for i, e := range v.Env {
		out[i] = e.Name + "=" + e.Value
	}
	return out
}

// DefineFlags are the definitions as NAME or NAME=VALUE, in order.
func (v *Variant) DefineFlags() []string {
	out := make([]string, len(v.Defines))
	for i, d := range v.Defines {
		out[i] = d.Flag()
	}
	return out
}

// HasDependency reports whether the variant depends on name.
func (v *Variant) HasDependency(name string) bool {
	for _, d := range v.Dependencies {
		if d == name {
			return true
		}
	}
	return false
}

// Task returns the variant's task called name: the listed one, or an
// implicit `correct: true` task when the spec does not list it.
func (v *Variant) Task(name string) *Task {
	for _, t := range v.Tasks {
		if t.Name == name {
			return t
		}
	}
	yes := true
	return &Task{Name: name, Correct: &yes}
}

// Expectation is what the spec says about a variant as a whole.
type Expectation string

// Expectations.
const (
	ExpectBug     Expectation = "bug"     // some task is `correct: false`
	ExpectCorrect Expectation = "correct" // every task is correct
	ExpectUnknown Expectation = "unknown" // no task is false, some is null
)

// Expectation is ExpectBug when some task is `correct: false`, else
// ExpectUnknown when some is `correct: null`, else ExpectCorrect.
func (v *Variant) Expectation() Expectation {
	if v.Invalid {
		return ExpectUnknown
	}
	unknown := false
	for _, t := range v.Tasks {
		if t.IsBug() {
			return ExpectBug
		}
		if t.Correct == nil {
			unknown = true
		}
	}
	if unknown {
		return ExpectUnknown
	}
	return ExpectCorrect
}

// ExpectedBugs is the number of bugs the spec lists for the variant.
func (v *Variant) ExpectedBugs() int {
	n := 0
	for _, t := range v.Tasks {
		n += t.ExpectedBugs()
	}
	return n
}
