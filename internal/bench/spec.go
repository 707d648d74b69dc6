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
package bench

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
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

// SupportedDependencies are the dependencies floatsym provides itself:
// klee/klee.h and svcomp/svcomp.h are on its include path (and the replay
// build's), and its libm models are linked in (the replay build links -lm).
// A variant needing anything else is skipped.
var SupportedDependencies = map[string]bool{
	"klee_runtime":        true,
	"svcomp_klee_runtime": true,
	"cmath":               true,
}

var (
	nameRE  = regexp.MustCompile(`^[a-zA-Z0-9_.-]+$`)
	macroRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
)

// Spec is one spec.yml.
type Spec struct {
	// Name is the benchmark's name (the directory's name when the spec
	// has none).
	Name string
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
	// Defines and Dependencies are the top-level ones, which every
	// variant inherits.
	Defines      []Define
	Dependencies []string
	// Variants are in file order; a spec without variants has one, named
	// DefaultVariant.
	Variants []*Variant
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
	// Tasks are the verification tasks the spec lists for the variant,
	// in file order (a task not listed is correct).
	Tasks []*Task
	// Skip says why the variant cannot be run ("" when it can).
	Skip string
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

// LoadSpecs finds spec.yml files under paths (a path may also name a spec
// file directly, whatever its name) and parses them. Variants that cannot
// be run get a Skip reason; a malformed spec is an error. Specs are sorted
// by path; benchmark names must be unique.
func LoadSpecs(paths ...string) ([]*Spec, error) {
	if len(paths) == 0 {
		return nil, errors.New("load specs: no path given")
	}
	seen := map[string]bool{}
	var files []string
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("load specs: %w", err)
		}
		if !fi.IsDir() {
			abs, err := filepath.Abs(p)
			if err != nil {
				return nil, fmt.Errorf("load specs: %w", err)
			}
			if !seen[abs] {
				seen[abs] = true
				files = append(files, abs)
			}
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() && path != p && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if d.IsDir() || d.Name() != SpecFile {
				return nil
			}
			abs, err := filepath.Abs(path)
			if err != nil {
				return err
			}
			if !seen[abs] {
				seen[abs] = true
				files = append(files, abs)
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("load specs: walking %s: %w", p, err)
		}
	}
	sort.Strings(files)
	var specs []*Spec
	byName := map[string]string{}
	for _, f := range files {
		s, err := LoadSpec(f)
		if err != nil {
			return nil, err
		}
		if prev, dup := byName[s.Name]; dup {
			return nil, fmt.Errorf("load specs: benchmark name %q is used by both %s and %s", s.Name, prev, f)
		}
		byName[s.Name] = f
		specs = append(specs, s)
	}
	return specs, nil
}

// Variants flattens the specs' variants.
func Variants(specs []*Spec) []*Variant {
	var out []*Variant
	for _, s := range specs {
		out = append(out, s.Variants...)
	}
	return out
}

// rawSpec is spec.yml as decoded; mappings stay nodes to keep their order
// and to tell null from absent.
type rawSpec struct {
	Name              string    `yaml:"name"`
	SchemaVersion     *int      `yaml:"schema_version"`
	Language          string    `yaml:"language"`
	Architectures     yaml.Node `yaml:"architectures"`
	Categories        []string  `yaml:"categories"`
	Description       string    `yaml:"description"`
	Sources           []string  `yaml:"sources"`
	Defines           yaml.Node `yaml:"defines"`
	Dependencies      yaml.Node `yaml:"dependencies"`
	Variants          yaml.Node `yaml:"variants"`
	VerificationTasks yaml.Node `yaml:"verification_tasks"`
}

type rawVariant struct {
	Description       string    `yaml:"description"`
	Defines           yaml.Node `yaml:"defines"`
	Dependencies      yaml.Node `yaml:"dependencies"`
	Categories        []string  `yaml:"categories"`
	VerificationTasks yaml.Node `yaml:"verification_tasks"`
}

type rawTask struct {
	Description               string           `yaml:"description"`
	Correct                   yaml.Node        `yaml:"correct"`
	ExhaustiveCounterExamples bool             `yaml:"exhaustive_counter_examples"`
	CounterExamples           []CounterExample `yaml:"counter_examples"`
}

// LoadSpec parses one spec file.
func LoadSpec(path string) (*Spec, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("spec %s: %w", path, err)
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		return nil, fmt.Errorf("reading spec: %w", err)
	}
	s, err := parseSpec(data, abs)
	if err != nil {
		return nil, fmt.Errorf("spec %s: %w", path, err)
	}
	return s, nil
}

func parseSpec(data []byte, path string) (*Spec, error) {
	var raw rawSpec
	if err := yaml.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("parsing YAML: %w", err)
	}
	s := &Spec{
		Name: raw.Name, Path: path, Dir: filepath.Dir(path), Language: raw.Language,
		Categories: raw.Categories, Description: strings.TrimSpace(raw.Description), Sources: raw.Sources,
	}
	if s.Name == "" {
		s.Name = filepath.Base(s.Dir)
	}
	if !nameRE.MatchString(s.Name) {
		return nil, fmt.Errorf("bad benchmark name %q", s.Name)
	}
	if raw.SchemaVersion == nil {
		return nil, errors.New("no schema_version")
	}
	if *raw.SchemaVersion != 0 {
		return nil, fmt.Errorf("unsupported schema_version %d (only 0 is known)", *raw.SchemaVersion)
	}
	if len(s.Sources) == 0 {
		return nil, errors.New("no sources")
	}
	arch, err := parseArchitectures(&raw.Architectures)
	if err != nil {
		return nil, err
	}
	s.Architectures = arch
	if s.Defines, err = parseDefines(&raw.Defines); err != nil {
		return nil, err
	}
	if s.Dependencies, err = mappingKeys(&raw.Dependencies, "dependencies"); err != nil {
		return nil, err
	}
	specSkip := s.skipReason()

	hasVariants := raw.Variants.Kind != 0 && !isNull(&raw.Variants)
	if !hasVariants {
		tasks, err := parseTasks(&raw.VerificationTasks)
		if err != nil {
			return nil, err
		}
		v := &Variant{Spec: s, Name: DefaultVariant, Description: s.Description,
			Defines: s.Defines, Dependencies: s.Dependencies, Categories: s.Categories, Tasks: tasks}
		v.Skip = firstNonEmpty(specSkip, v.skipReason())
		s.Variants = []*Variant{v}
		return s, nil
	}
	if raw.VerificationTasks.Kind != 0 && !isNull(&raw.VerificationTasks) {
		return nil, errors.New("verification_tasks at the top level of a spec with variants")
	}
	pairs, err := mappingPairs(&raw.Variants, "variants")
	if err != nil {
		return nil, err
	}
	if len(pairs) == 0 {
		return nil, errors.New("variants is empty")
	}
	for _, p := range pairs {
		if !nameRE.MatchString(p.key) {
			return nil, fmt.Errorf("bad variant name %q", p.key)
		}
		var rv rawVariant
		if !isNull(p.val) {
			if err := p.val.Decode(&rv); err != nil {
				return nil, fmt.Errorf("variant %s: %w", p.key, err)
			}
		}
		v := &Variant{Spec: s, Name: p.key, Description: strings.TrimSpace(rv.Description)}
		defs, err := parseDefines(&rv.Defines)
		if err != nil {
			return nil, fmt.Errorf("variant %s: %w", p.key, err)
		}
		v.Defines = mergeDefines(s.Defines, defs)
		deps, err := mappingKeys(&rv.Dependencies, "dependencies")
		if err != nil {
			return nil, fmt.Errorf("variant %s: %w", p.key, err)
		}
		v.Dependencies = mergeStrings(s.Dependencies, deps)
		v.Categories = mergeStrings(s.Categories, rv.Categories)
		if v.Tasks, err = parseTasks(&rv.VerificationTasks); err != nil {
			return nil, fmt.Errorf("variant %s: %w", p.key, err)
		}
		v.Skip = firstNonEmpty(specSkip, v.skipReason())
		s.Variants = append(s.Variants, v)
	}
	return s, nil
}

// skipReason is why no variant of the spec can be run.
func (s *Spec) skipReason() string {
	archOK := len(s.Architectures) == 0
	for _, a := range s.Architectures {
		if a == "any" || a == "x86_64" {
			archOK = true
		}
	}
	if !archOK {
		return fmt.Sprintf("architectures %s do not include x86_64", strings.Join(s.Architectures, ", "))
	}
	if strings.HasPrefix(s.Language, "c++") || strings.HasPrefix(s.Language, "gnu++") {
		return fmt.Sprintf("language %s: floatsym runs C only", s.Language)
	}
	for _, src := range s.Sources {
		switch filepath.Ext(src) {
		case ".c":
		case ".cpp", ".cc", ".cxx", ".C", ".c++":
			return fmt.Sprintf("source %s is C++: floatsym runs C only", src)
		default:
			return fmt.Sprintf("source %s is not a C file", src)
		}
		if filepath.IsAbs(src) {
			return fmt.Sprintf("source %s is not relative to the spec", src)
		}
		if _, err := os.Stat(filepath.Join(s.Dir, src)); err != nil {
			return fmt.Sprintf("source %s is missing", src)
		}
	}
	return ""
}

// skipReason is why the variant cannot be run or judged.
func (v *Variant) skipReason() string {
	var unsupported []string
	for _, d := range v.Dependencies {
		if !SupportedDependencies[d] {
			unsupported = append(unsupported, d)
		}
	}
	if len(unsupported) > 0 {
		return "unsupported dependency " + strings.Join(unsupported, ", ")
	}
	for _, t := range v.Tasks {
		if !knownTask(t.Name) {
			return "unknown verification task " + t.Name
		}
	}
	return ""
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

type pair struct {
	key string
	val *yaml.Node
}

func isNull(n *yaml.Node) bool {
	return n.Kind == 0 || n.Kind == yaml.ScalarNode && n.Tag == "!!null"
}

// mappingPairs returns a mapping's entries in order; absent or null is
// an empty mapping.
func mappingPairs(n *yaml.Node, what string) ([]pair, error) {
	if isNull(n) {
		return nil, nil
	}
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n.Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s (line %d) must be a mapping", what, n.Line)
	}
	var out []pair
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if k.Kind != yaml.ScalarNode {
			return nil, fmt.Errorf("%s (line %d): key must be a scalar", what, k.Line)
		}
		if seen[k.Value] {
			return nil, fmt.Errorf("%s (line %d): duplicate key %q", what, k.Line, k.Value)
		}
		seen[k.Value] = true
		out = append(out, pair{k.Value, n.Content[i+1]})
	}
	return out, nil
}

func mappingKeys(n *yaml.Node, what string) ([]string, error) {
	pairs, err := mappingPairs(n, what)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, p := range pairs {
		out = append(out, p.key)
	}
	return out, nil
}

func parseArchitectures(n *yaml.Node) ([]string, error) {
	switch {
	case isNull(n):
		return nil, nil
	case n.Kind == yaml.ScalarNode:
		return []string{n.Value}, nil
	case n.Kind == yaml.SequenceNode:
		var out []string
		if err := n.Decode(&out); err != nil {
			return nil, fmt.Errorf("architectures: %w", err)
		}
		return out, nil
	}
	return nil, fmt.Errorf("architectures (line %d) must be a list or \"any\"", n.Line)
}

// parseDefines reads {NAME: "value" | null}; other scalars (numbers) are
// taken as written.
func parseDefines(n *yaml.Node) ([]Define, error) {
	pairs, err := mappingPairs(n, "defines")
	if err != nil {
		return nil, err
	}
	var out []Define
	for _, p := range pairs {
		if !macroRE.MatchString(p.key) {
			return nil, fmt.Errorf("defines: bad macro name %q", p.key)
		}
		d := Define{Name: p.key}
		switch {
		case isNull(p.val):
		case p.val.Kind == yaml.ScalarNode:
			val := p.val.Value
			d.Value = &val
		default:
			return nil, fmt.Errorf("defines: %s (line %d) must be a string or null", p.key, p.val.Line)
		}
		out = append(out, d)
	}
	return out, nil
}

// mergeDefines adds over to base; a define of the same name is replaced
// where it stood.
func mergeDefines(base, over []Define) []Define {
	out := append([]Define(nil), base...)
	for _, d := range over {
		replaced := false
		for i := range out {
			if out[i].Name == d.Name {
				out[i], replaced = d, true
			}
		}
		if !replaced {
			out = append(out, d)
		}
	}
	return out
}

func mergeStrings(base, more []string) []string {
	out := append([]string(nil), base...)
	for _, m := range more {
		dup := false
		for _, b := range out {
			dup = dup || b == m
		}
		if !dup {
			out = append(out, m)
		}
	}
	return out
}

func parseTasks(n *yaml.Node) ([]*Task, error) {
	pairs, err := mappingPairs(n, "verification_tasks")
	if err != nil {
		return nil, err
	}
	var out []*Task
	for _, p := range pairs {
		var rt rawTask
		if !isNull(p.val) {
			if err := p.val.Decode(&rt); err != nil {
				return nil, fmt.Errorf("task %s: %w", p.key, err)
			}
		}
		t := &Task{Name: p.key, Description: strings.TrimSpace(rt.Description),
			ExhaustiveCounterExamples: rt.ExhaustiveCounterExamples, CounterExamples: rt.CounterExamples}
		switch c := &rt.Correct; {
		case isNull(c):
		case c.Kind == yaml.ScalarNode && c.Tag == "!!bool":
			var b bool
			if err := c.Decode(&b); err != nil {
				return nil, fmt.Errorf("task %s: correct: %w", p.key, err)
			}
			t.Correct = &b
		default:
			return nil, fmt.Errorf("task %s: correct (line %d) must be true, false or null", p.key, c.Line)
		}
		for _, ce := range t.CounterExamples {
			for _, l := range ce.Locations {
				if l.File == "" || l.Line <= 0 {
					return nil, fmt.Errorf("task %s: counter example location %s:%d needs a file and a positive line", p.key, l.File, l.Line)
				}
			}
		}
		out = append(out, t)
	}
	return out, nil
}
