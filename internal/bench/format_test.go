package bench

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// specDir makes a spec directory with empty sources a.c and lib/b.c.
func specDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "lib"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"a.c", "lib/b.c"} {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("int main(void) { return 0; }\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const specHead = "name: f\nschema_version: 0\nsources: [a.c]\n"

// TestSpecFormatRules is one case per rule of the format
// (the KLEE-float study's fp-bench format, schema 0): what must load, and what must
// be rejected (with what in the reason).
func TestSpecFormatRules(t *testing.T) {
	cases := []struct {
		name string
		spec string
		// err: the spec is malformed, with this in the reason.
		err string
		// check runs on the variants of a spec that loads.
		check func(t *testing.T, vs map[string]*Variant)
	}{
		{name: "top-level verification_tasks apply to every variant",
			spec: specHead + "verification_tasks:\n  no_assert_fail:\n    correct: false\n    counter_examples: [{locations: [{file: a.c, line: 3}]}]\n" +
				"variants:\n  x: {defines: {X: null}}\n  y: {description: 'why y'}\n",
			check: func(t *testing.T, vs map[string]*Variant) {
				for _, n := range []string{"x", "y"} {
					if !vs[n].Task(TaskAssert).IsBug() || vs[n].ExpectedBugs() != 1 {
						t.Errorf("%s: tasks %+v", n, vs[n].Tasks)
					}
				}
				if vs["y"].Description != "why y" {
					t.Errorf("variant description %q", vs["y"].Description)
				}
			}},
		{name: "a variant may not redefine top-level tasks",
			spec: specHead + "verification_tasks: {no_assert_fail: {correct: true}}\nvariants:\n  x: {verification_tasks: {}}\n",
			err:  "variant x: verification_tasks both at the top level and in the variant"},
		{name: "without top-level tasks every variant has its own",
			spec: specHead + "variants:\n  x: {verification_tasks: {}}\n  y: {defines: {Y: '1'}}\n",
			err:  "variant y: no verification_tasks"},
		{name: "a task not listed is correct: true",
			spec: specHead + "variants:\n  x: {verification_tasks: {no_assert_fail: {correct: false}}}\n",
			check: func(t *testing.T, vs map[string]*Variant) {
				for _, task := range TaskNames[1:] {
					if !vs["x"].Task(task).IsCorrect() {
						t.Errorf("implicit %s is not correct", task)
					}
				}
			}},
		{name: "runtime_environment: arguments appended, variables merged, @spec_dir@ substituted",
			spec: specHead + "runtime_environment:\n  command_line_arguments: ['@spec_dir@data.txt', '-v']\n" +
				"  environment_variables: {HOME_DIR: '@spec_dir@', MODE: fast}\n" +
				"variants:\n  x:\n    runtime_environment:\n      command_line_arguments: ['--n', '3']\n" +
				"      environment_variables: {EXTRA: 'a@spec_dir@b'}\n    verification_tasks: {}\n" +
				"  y: {verification_tasks: {}}\n",
			check: func(t *testing.T, vs map[string]*Variant) {
				dir := vs["x"].Spec.Dir + "/"
				if got, want := vs["x"].Args, []string{dir + "data.txt", "-v", "--n", "3"}; !reflect.DeepEqual(got, want) {
					t.Errorf("x args %q, want %q", got, want)
				}
				if got, want := vs["x"].EnvList(), []string{"HOME_DIR=" + dir, "MODE=fast", "EXTRA=a" + dir + "b"}; !reflect.DeepEqual(got, want) {
					t.Errorf("x env %q, want %q", got, want)
				}
				if got, want := vs["y"].Args, []string{dir + "data.txt", "-v"}; !reflect.DeepEqual(got, want) {
					t.Errorf("y args %q, want %q", got, want)
				}
				if len(vs["y"].Env) != 2 {
					t.Errorf("y env %q", vs["y"].EnvList())
				}
			}},
		{name: "runtime_environment: a variable may not be defined twice",
			spec: specHead + "runtime_environment: {command_line_arguments: [], environment_variables: {A: '1'}}\n" +
				"variants:\n  x:\n    runtime_environment: {command_line_arguments: [], environment_variables: {A: '2'}}\n    verification_tasks: {}\n",
			err: "environment variable A is already set"},
		{name: "runtime_environment: arguments are strings",
			spec: specHead + "runtime_environment: {command_line_arguments: [[1]], environment_variables: {}}\n",
			err:  "command line argument (line 4) must be a string"},
		{name: "runtime_environment: no other keys",
			spec: specHead + "runtime_environment: {args: [x]}\n",
			err:  `runtime_environment (line 4): unknown key "args"`},
		{name: "misc is free-form and ignored; column and exhaustive_counter_examples are allowed",
			spec: specHead + "misc: {anything: [1, {b: 2}]}\nvariants:\n  x:\n    misc: {note: hi}\n    verification_tasks:\n" +
				"      no_assert_fail:\n        correct: false\n        exhaustive_counter_examples: true\n" +
				"        counter_examples: [{description: d, locations: [{file: a.c, line: 7, column: 12}]}]\n",
			check: func(t *testing.T, vs map[string]*Variant) {
				task := vs["x"].Task(TaskAssert)
				if !task.ExhaustiveCounterExamples || task.CounterExamples[0].Locations[0] != (Location{File: "a.c", Line: 7, Column: 12}) {
					t.Errorf("task %+v", task)
				}
			}},
		{name: "an unknown top-level key is malformed",
			spec: specHead + "verification_task: {}\n", err: `unknown key "verification_task"`},
		{name: "an unknown variant key is malformed",
			spec: specHead + "variants:\n  x: {define: {A: '1'}, verification_tasks: {}}\n", err: `variant x: the variant (line 5): unknown key "define"`},
		{name: "define names are [A-Z][A-Z0-9_]*",
			spec: specHead + "defines: {lower: '1'}\n", err: `bad macro name "lower"`},
		{name: "define values are strings or null",
			spec: specHead + "defines: {A: '1', B: null}\n",
			check: func(t *testing.T, vs map[string]*Variant) {
				if got := vs[DefaultVariant].DefineFlags(); !reflect.DeepEqual(got, []string{"A=1", "B"}) {
					t.Errorf("defines %q", got)
				}
			}},
		{name: "sources may sit in subdirectories",
			spec: "name: f\nschema_version: 0\nsources: [a.c, lib/b.c]\n",
			check: func(t *testing.T, vs map[string]*Variant) {
				v := vs[DefaultVariant]
				if v.Skip != "" || !strings.HasSuffix(v.Sources()[1], filepath.Join("lib", "b.c")) {
					t.Errorf("skip %q sources %q", v.Skip, v.Sources())
				}
			}},
		{name: "sources never leave the spec's directory",
			spec: "name: f\nschema_version: 0\nsources: [lib/../../x.c]\n", err: "leaves the spec's directory"},
		{name: "sources are relative",
			spec: "name: f\nschema_version: 0\nsources: [/etc/x.c]\n", err: "is absolute"},
		{name: "dependency versions are read, and a variant's replaces the top level's",
			spec: specHead + "dependencies: {cmath: {version: '2.31'}, klee_runtime: {}}\n" +
				"variants:\n  x:\n    dependencies: {cmath: {version: '2.35'}, svcomp_klee_runtime: null}\n    verification_tasks: {}\n",
			check: func(t *testing.T, vs map[string]*Variant) {
				v := vs["x"]
				if !reflect.DeepEqual(v.Dependencies, []string{"cmath", "klee_runtime", "svcomp_klee_runtime"}) ||
					!reflect.DeepEqual(v.DependencyVersions, map[string]string{"cmath": "2.35"}) || v.Skip != "" {
					t.Errorf("deps %v versions %v skip %q", v.Dependencies, v.DependencyVersions, v.Skip)
				}
			}},
		{name: "a dependency's version is a string",
			spec: specHead + "dependencies: {gsl: {version: [2]}}\n", err: "dependency gsl: version (line 4) must be a string"},
		{name: "a dependency has only a version",
			spec: specHead + "dependencies: {gsl: {release: '2'}}\n", err: `dependency gsl (line 4): unknown key "release"`},
		{name: "an unprovided dependency skips the variant, not the spec",
			spec: specHead + "variants:\n  x: {verification_tasks: {}}\n  y: {dependencies: {fftw3: {version: '2.1'}}, verification_tasks: {}}\n",
			check: func(t *testing.T, vs map[string]*Variant) {
				if vs["x"].Skip != "" || vs["y"].Skip != "unsupported dependency fftw3" {
					t.Errorf("skips %q %q", vs["x"].Skip, vs["y"].Skip)
				}
			}},
	}
	for _, lang := range []struct{ lang, std, skip string }{
		{"c89", "c89", ""}, {"c99", "c99", ""}, {"c11", "c11", ""},
		{"gnu89", "gnu89", ""}, {"gnu99", "gnu99", ""}, {"gnu11", "gnu11", ""},
		{"", "", ""}, {"c++11", "", "C only"}, {"c17", "", `unsupported language "c17"`},
	} {
		lang := lang
		cases = append(cases, struct {
			name  string
			spec  string
			err   string
			check func(t *testing.T, vs map[string]*Variant)
		}{name: "language " + lang.lang, spec: specHead + "language: '" + lang.lang + "'\n",
			check: func(t *testing.T, vs map[string]*Variant) {
				v := vs[DefaultVariant]
				if v.Std() != lang.std || lang.skip == "" && v.Skip != "" || !strings.Contains(v.Skip, lang.skip) {
					t.Errorf("std %q skip %q; want %q %q", v.Std(), v.Skip, lang.std, lang.skip)
				}
			}})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			dir := specDir(t)
			path := filepath.Join(dir, "spec.yml")
			if err := os.WriteFile(path, []byte(tc.spec), 0o644); err != nil {
				t.Fatal(err)
			}
			s, err := LoadSpec(path)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) || !strings.Contains(err.Error(), path) {
					t.Fatalf("error %v, want one with %q and the file", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			vs := map[string]*Variant{}
			for _, v := range s.Variants {
				vs[v.Name] = v
			}
			tc.check(t, vs)
		})
	}
}

// A registered provider makes a dependency supported: what it provides
// goes into both builds, and a version it cannot provide skips the
// variant with its reason.
func TestDependencyProvider(t *testing.T) {
	RegisterDependency("testlib", ProviderFunc(func(version string) (Provided, error) {
		if version != "" && version != "1.0" {
			return Provided{}, errors.New("only 1.0 is available")
		}
		return Provided{RunArgs: []string{"/lib/testlib.ll"}, ReplayCFlags: []string{"-I/inc"}, ReplayLDFlags: []string{"-ltestlib"}}, nil
	}))
	defer func() {
		providersMu.Lock()
		delete(providers, "testlib")
		providersMu.Unlock()
	}()
	dir := specDir(t)
	spec := specHead + "variants:\n  ok: {dependencies: {testlib: {version: '1.0'}}, verification_tasks: {}}\n" +
		"  old: {dependencies: {testlib: {version: '0.9'}}, verification_tasks: {}}\n"
	path := filepath.Join(dir, "spec.yml")
	if err := os.WriteFile(path, []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := LoadSpec(path)
	if err != nil {
		t.Fatal(err)
	}
	ok, old := s.Variants[0], s.Variants[1]
	if ok.Skip != "" || old.Skip != "dependency not available: testlib version 0.9: only 1.0 is available" {
		t.Fatalf("skips %q %q", ok.Skip, old.Skip)
	}
	args := RunArgs(&Config{}, ok, "/out")
	if args[len(args)-2] != "/lib/testlib.ll" || args[len(args)-1] != ok.Sources()[0] {
		t.Errorf("floatsym args %q", args)
	}
	opts := ReplayOptions(&Config{}, ok)
	if !reflect.DeepEqual(opts.LDFlags, []string{"-ltestlib"}) || opts.CFlags[len(opts.CFlags)-1] != "-I/inc" {
		t.Errorf("replay options %+v", opts)
	}
	found := false
	for _, d := range SupportedDependencies() {
		found = found || d == "testlib"
	}
	if !found {
		t.Error("testlib not listed as supported")
	}
}

// RunArgs and ReplayOptions carry the runtime environment to both runs.
func TestRuntimeEnvironmentArgs(t *testing.T) {
	dir := specDir(t)
	spec := specHead + "language: gnu11\nruntime_environment:\n  command_line_arguments: ['@spec_dir@in.txt']\n" +
		"  environment_variables: {K: v}\n"
	path := filepath.Join(dir, "spec.yml")
	if err := os.WriteFile(path, []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := LoadSpec(path)
	if err != nil {
		t.Fatal(err)
	}
	v := s.Variants[0]
	args := RunArgs(&Config{}, v, "/out")
	joined := strings.Join(args, " ")
	if !strings.Contains(joined, "--std gnu11") || !strings.Contains(joined, "--env K=v") ||
		!strings.HasSuffix(joined, v.Sources()[0]+" -- "+dir+"/in.txt") {
		t.Errorf("floatsym args %q", args)
	}
	opts := ReplayOptions(&Config{}, v)
	if !reflect.DeepEqual(opts.Args, []string{dir + "/in.txt"}) || !reflect.DeepEqual(opts.Env, []string{"K=v"}) ||
		opts.CFlags[len(opts.CFlags)-1] != "-std=gnu11" {
		t.Errorf("replay options %+v", opts)
	}
}
