package bench

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

// LoadSpecs finds spec.yml files under paths (a path may also name a spec
// file directly, whatever its name) and parses them. Specs are sorted by
// path. One malformed spec does not stop the others: it is returned with
// Invalid set and a single InvalidVariant whose Skip names the file and
// what is wrong (so is the second spec using a benchmark name). The error
// is for paths that cannot be read at all.
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
		if err == nil {
			if prev, dup := byName[s.Name]; dup {
				err = fmt.Errorf("spec %s: benchmark name %q is already used by %s", f, s.Name, prev)
			}
		}
		if err != nil {
			specs = append(specs, invalidSpec(f, err))
			continue
		}
		byName[s.Name] = f
		specs = append(specs, s)
	}
	return specs, nil
}

// invalidSpec stands for a spec file that could not be loaded.
func invalidSpec(path string, err error) *Spec {
	dir := filepath.Dir(path)
	name := filepath.Base(dir)
	if filepath.Base(path) != SpecFile {
		name = strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	}
	s := &Spec{Name: name, Path: path, Dir: dir, Invalid: err.Error()}
	s.Variants = []*Variant{{Spec: s, Name: InvalidVariant, Invalid: true,
		Skip: "malformed spec: " + err.Error()}}
	return s
}

// Variants flattens the specs' variants.
func Variants(specs []*Spec) []*Variant {
	var out []*Variant
	for _, s := range specs {
		out = append(out, s.Variants...)
	}
	return out
}

// The keys the format allows, per mapping.
var (
	specKeys = []string{"name", "schema_version", "language", "architectures", "categories", "description",
		"sources", "defines", "dependencies", "variants", "verification_tasks", "runtime_environment", "misc", "property"}
	variantKeys = []string{"description", "defines", "dependencies", "categories", "verification_tasks",
		"runtime_environment", "misc", "property"}
	runtimeEnvKeys = []string{"command_line_arguments", "environment_variables"}
	dependencyKeys = []string{"version"}
)

// rawSpec is spec.yml as decoded; mappings stay nodes to keep their order
// and to tell null from absent.
type rawSpec struct {
	Name               string    `yaml:"name"`
	SchemaVersion      *int      `yaml:"schema_version"`
	Language           string    `yaml:"language"`
	Architectures      yaml.Node `yaml:"architectures"`
	Categories         []string  `yaml:"categories"`
	Description        string    `yaml:"description"`
	Sources            []string  `yaml:"sources"`
	Defines            yaml.Node `yaml:"defines"`
	Dependencies       yaml.Node `yaml:"dependencies"`
	Variants           yaml.Node `yaml:"variants"`
	VerificationTasks  yaml.Node `yaml:"verification_tasks"`
	RuntimeEnvironment yaml.Node `yaml:"runtime_environment"`
	Misc               yaml.Node `yaml:"misc"`
	Property           string    `yaml:"property"`
}

type rawVariant struct {
	Description        string    `yaml:"description"`
	Defines            yaml.Node `yaml:"defines"`
	Dependencies       yaml.Node `yaml:"dependencies"`
	Categories         []string  `yaml:"categories"`
	VerificationTasks  yaml.Node `yaml:"verification_tasks"`
	RuntimeEnvironment yaml.Node `yaml:"runtime_environment"`
	Misc               yaml.Node `yaml:"misc"`
	Property           string    `yaml:"property"`
}

type rawTask struct {
	Description               string           `yaml:"description"`
	Correct                   yaml.Node        `yaml:"correct"`
	ExhaustiveCounterExamples bool             `yaml:"exhaustive_counter_examples"`
	CounterExamples           []CounterExample `yaml:"counter_examples"`
}

// LoadSpec parses one spec file; a malformed one is an error naming the
// file and what is wrong.
func LoadSpec(path string) (*Spec, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("spec %s: %w", path, err)
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		return nil, fmt.Errorf("spec %s: %w", path, err)
	}
	s, err := parseSpec(data, abs)
	if err != nil {
		return nil, fmt.Errorf("spec %s: %w", path, err)
	}
	return s, nil
}

func parseSpec(data []byte, path string) (*Spec, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("parsing YAML: %w", err)
	}
	if len(doc.Content) == 0 {
		return nil, errors.New("empty file")
	}
	if err := checkKeys(doc.Content[0], "the spec", specKeys); err != nil {
		return nil, err
	}
	var raw rawSpec
	if err := doc.Content[0].Decode(&raw); err != nil {
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
	for _, src := range s.Sources {
		if err := checkSourcePath(src); err != nil {
			return nil, err
		}
	}
	arch, err := parseArchitectures(&raw.Architectures)
	if err != nil {
		return nil, err
	}
	s.Architectures = arch
	if s.Defines, err = parseDefines(&raw.Defines); err != nil {
		return nil, err
	}
	deps, err := parseDependencies(&raw.Dependencies)
	if err != nil {
		return nil, err
	}
	if s.Args, s.Env, err = parseRuntimeEnv(&raw.RuntimeEnvironment, s.Dir); err != nil {
		return nil, err
	}
	if s.IncludeDirs, err = parseIncludeDirs(&raw.Misc, s.Dir); err != nil {
		return nil, err
	}
	s.Property = specPath(s.Dir, raw.Property)
	specSkip := s.skipReason()

	topTasks := !isNull(&raw.VerificationTasks)
	var tasks []*Task
	if topTasks {
		if tasks, err = parseTasks(&raw.VerificationTasks); err != nil {
			return nil, err
		}
	}
	hasVariants := !isNull(&raw.Variants)
	if !hasVariants {
		v := &Variant{Spec: s, Name: DefaultVariant, Description: s.Description, Defines: s.Defines,
			Categories: s.Categories, Tasks: tasks, Args: s.Args, Env: s.Env}
		v.Dependencies, v.DependencyVersions = deps.merge(nil)
		v.Skip = firstNonEmpty(specSkip, v.skipReason())
		s.Variants = []*Variant{v}
		s.Dependencies = v.Dependencies
		return s, nil
	}
	s.Dependencies, _ = deps.merge(nil)
	pairs, err := mappingPairs(&raw.Variants, "variants")
	if err != nil {
		return nil, err
	}
	if len(pairs) == 0 {
		return nil, errors.New("variants is empty")
	}
	for _, p := range pairs {
		v, err := parseVariant(s, p, deps, topTasks, tasks)
		if err != nil {
			return nil, fmt.Errorf("variant %s: %w", p.key, err)
		}
		v.Skip = firstNonEmpty(specSkip, v.skipReason())
		s.Variants = append(s.Variants, v)
	}
	return s, nil
}

// parseVariant reads one variant. Top-level verification tasks apply to
// every variant, and then no variant may have its own; without them,
// every variant must have its own (an empty mapping: every task holds).
func parseVariant(s *Spec, p pair, deps dependencyList, topTasks bool, tasks []*Task) (*Variant, error) {
	if !nameRE.MatchString(p.key) {
		return nil, fmt.Errorf("bad variant name %q", p.key)
	}
	var rv rawVariant
	if !isNull(p.val) {
		if err := checkKeys(p.val, "the variant", variantKeys); err != nil {
			return nil, err
		}
		if err := p.val.Decode(&rv); err != nil {
			return nil, err
		}
	}
	v := &Variant{Spec: s, Name: p.key, Description: strings.TrimSpace(rv.Description)}
	defs, err := parseDefines(&rv.Defines)
	if err != nil {
		return nil, err
	}
	v.Defines = mergeDefines(s.Defines, defs)
	vdeps, err := parseDependencies(&rv.Dependencies)
	if err != nil {
		return nil, err
	}
	v.Dependencies, v.DependencyVersions = deps.merge(&vdeps)
	v.Categories = mergeStrings(s.Categories, rv.Categories)
	v.Property = s.Property
	if rv.Property != "" {
		v.Property = specPath(s.Dir, rv.Property)
	}
	args, env, err := parseRuntimeEnv(&rv.RuntimeEnvironment, s.Dir)
	if err != nil {
		return nil, err
	}
	v.Args = append(append([]string{}, s.Args...), args...)
	v.Env = append([]EnvVar{}, s.Env...)
	for _, e := range env {
		for _, have := range s.Env {
			if have.Name == e.Name {
				return nil, fmt.Errorf("runtime_environment: environment variable %s is already set at the top level", e.Name)
			}
		}
		v.Env = append(v.Env, e)
	}
	own := !isNull(&rv.VerificationTasks)
	switch {
	case topTasks && own:
		return nil, errors.New("verification_tasks both at the top level and in the variant")
	case topTasks:
		v.Tasks = tasks
	case rv.VerificationTasks.Kind == 0:
		return nil, errors.New("no verification_tasks (neither in the variant nor at the top level)")
	default: // an explicit null lists no task: every task holds
		if v.Tasks, err = parseTasks(&rv.VerificationTasks); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// checkSourcePath rejects what the format forbids: absolute paths and
// paths leaving the spec's directory.
func checkSourcePath(src string) error {
	if src == "" {
		return errors.New("an empty source path")
	}
	if filepath.IsAbs(src) {
		return fmt.Errorf("source %s is absolute (sources are relative to the spec)", src)
	}
	for _, part := range strings.Split(filepath.ToSlash(src), "/") {
		if part == ".." {
			return fmt.Errorf("source %s leaves the spec's directory (..)", src)
		}
	}
	return nil
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
	if _, ok := cStandards[s.Language]; !ok && s.Language != "" {
		return fmt.Sprintf("unsupported language %q (floatsym knows %s)", s.Language, strings.Join(knownStandards(), ", "))
	}
	for _, src := range s.Sources {
		switch filepath.Ext(src) {
		case ".c":
		case ".cpp", ".cc", ".cxx", ".C", ".c++":
			return fmt.Sprintf("source %s is C++: floatsym runs C only", src)
		default:
			return fmt.Sprintf("source %s is not a C file", src)
		}
		if _, err := os.Stat(filepath.Join(s.Dir, src)); err != nil {
			return fmt.Sprintf("source %s is missing", src)
		}
	}
	return ""
}

func knownStandards() []string {
	out := make([]string, 0, len(cStandards))
	for k := range cStandards {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// skipReason is why the variant cannot be run or judged; it also resolves
// the dependencies.
func (v *Variant) skipReason() string {
	for _, t := range v.Tasks {
		if !knownTask(t.Name) {
			return "unknown verification task " + t.Name
		}
	}
	provided, why := resolveDependencies(v.Dependencies, v.DependencyVersions)
	if why != "" {
		return why
	}
	v.provided = provided
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

// checkKeys fails on a key of a mapping that the format does not have.
func checkKeys(n *yaml.Node, what string, allowed []string) error {
	if n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	if n.Kind != yaml.MappingNode {
		if isNull(n) {
			return nil
		}
		return fmt.Errorf("%s (line %d) must be a mapping", what, n.Line)
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i].Value
		ok := false
		for _, a := range allowed {
			ok = ok || a == k
		}
		if !ok {
			return fmt.Errorf("%s (line %d): unknown key %q", what, n.Content[i].Line, k)
		}
	}
	return nil
}

// dependencyList is a dependencies mapping: names in order, with the
// version each asks for ("" for none).
type dependencyList struct {
	names    []string
	versions map[string]string
}

// merge adds a variant's dependencies to the top-level ones; a variant's
// version of a dependency replaces the top level's.
func (d dependencyList) merge(more *dependencyList) ([]string, map[string]string) {
	names := append([]string(nil), d.names...)
	versions := map[string]string{}
	for k, v := range d.versions {
		versions[k] = v
	}
	if more != nil {
		names = mergeStrings(names, more.names)
		for k, v := range more.versions {
			versions[k] = v
		}
	}
	if len(versions) == 0 {
		versions = nil
	}
	return names, versions
}

// parseDependencies reads {NAME: {} | null | {version: "X"}}.
func parseDependencies(n *yaml.Node) (dependencyList, error) {
	var d dependencyList
	pairs, err := mappingPairs(n, "dependencies")
	if err != nil {
		return d, err
	}
	for _, p := range pairs {
		d.names = append(d.names, p.key)
		if isNull(p.val) {
			continue
		}
		what := "dependency " + p.key
		if err := checkKeys(p.val, what, dependencyKeys); err != nil {
			return d, err
		}
		val, _ := mappingPairs(p.val, what)
		for _, kv := range val {
			if kv.val.Kind != yaml.ScalarNode || isNull(kv.val) {
				return d, fmt.Errorf("%s: version (line %d) must be a string", what, kv.val.Line)
			}
			if d.versions == nil {
				d.versions = map[string]string{}
			}
			d.versions[p.key] = kv.val.Value
		}
	}
	return d, nil
}

// parseRuntimeEnv reads a runtime_environment: command_line_arguments (a
// list of strings) and environment_variables ({NAME: string}), with every
// @spec_dir@ replaced by the spec's directory and a trailing slash.
func parseRuntimeEnv(n *yaml.Node, specDir string) ([]string, []EnvVar, error) {
	if isNull(n) {
		return nil, nil, nil
	}
	if err := checkKeys(n, "runtime_environment", runtimeEnvKeys); err != nil {
		return nil, nil, err
	}
	pairs, _ := mappingPairs(n, "runtime_environment")
	subst := strings.NewReplacer("@spec_dir@", strings.TrimSuffix(specDir, "/")+"/")
	var args []string
	var env []EnvVar
	for _, p := range pairs {
		switch p.key {
		case "command_line_arguments":
			if isNull(p.val) {
				continue
			}
			if p.val.Kind != yaml.SequenceNode {
				return nil, nil, fmt.Errorf("runtime_environment: command_line_arguments (line %d) must be a list of strings", p.val.Line)
			}
			for _, a := range p.val.Content {
				if a.Kind != yaml.ScalarNode || isNull(a) {
					return nil, nil, fmt.Errorf("runtime_environment: command line argument (line %d) must be a string", a.Line)
				}
				args = append(args, subst.Replace(a.Value))
			}
		case "environment_variables":
			vars, err := mappingPairs(p.val, "runtime_environment: environment_variables")
			if err != nil {
				return nil, nil, err
			}
			for _, kv := range vars {
				if !envNameRE.MatchString(kv.key) {
					return nil, nil, fmt.Errorf("runtime_environment: bad environment variable name %q", kv.key)
				}
				if kv.val.Kind != yaml.ScalarNode || isNull(kv.val) {
					return nil, nil, fmt.Errorf("runtime_environment: environment variable %s (line %d) must be a string", kv.key, kv.val.Line)
				}
				env = append(env, EnvVar{Name: kv.key, Value: subst.Replace(kv.val.Value)})
			}
		}
	}
	return args, env, nil
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

// specPath resolves a path a spec names relative to its directory.
func specPath(dir, p string) string {
	if p == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}
