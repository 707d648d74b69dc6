package bench

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func variantByID(t *testing.T, specs []*Spec, id string) *Variant {
	t.Helper()
	for _, v := range Variants(specs) {
		if v.ID() == id {
			return v
		}
	}
	t.Fatalf("no variant %s", id)
	return nil
}

func TestLoadSpecs(t *testing.T) {
	specs, err := LoadSpecs("testdata/specs")
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, v := range Variants(specs) {
		ids = append(ids, v.ID())
	}
	want := []string{"cxx_prog/default", "single/default", "gsl_stats/plain", "gsl_stats/with_gsl",
		"interval/klee_bug", "interval/klee_no_bug", "interval/unknown", "interval/all_correct"}
	if !reflect.DeepEqual(ids, want) {
		t.Fatalf("variants = %v, want %v", ids, want)
	}

	// Variants: top-level defines, dependencies and categories are added to.
	bug := variantByID(t, specs, "interval/klee_bug")
	if got, want := bug.DefineFlags(), []string{"N=7", "DEBUG", "BUG=1", "KLEE"}; !reflect.DeepEqual(got, want) {
		t.Errorf("klee_bug defines = %v, want %v", got, want)
	}
	if got, want := bug.Dependencies, []string{"cmath", "klee_runtime"}; !reflect.DeepEqual(got, want) {
		t.Errorf("klee_bug dependencies = %v, want %v", got, want)
	}
	if got, want := bug.Categories, []string{"synthetic", "issta_2017"}; !reflect.DeepEqual(got, want) {
		t.Errorf("klee_bug categories = %v, want %v", got, want)
	}
	if bug.Skip != "" || bug.Language() != "c99" {
		t.Errorf("klee_bug: skip %q, language %q", bug.Skip, bug.Language())
	}
	if bug.Expectation() != ExpectBug || bug.ExpectedBugs() != 2 {
		t.Errorf("klee_bug: expectation %s with %d bugs, want bug with 2", bug.Expectation(), bug.ExpectedBugs())
	}
	task := bug.Task(TaskAssert)
	if !task.IsBug() || !task.ExhaustiveCounterExamples || len(task.CounterExamples) != 2 ||
		len(task.CounterExamples[1].Locations) != 2 || task.CounterExamples[1].Locations[1] != (Location{File: "interval.c", Line: 106}) {
		t.Errorf("klee_bug no_assert_fail = %+v", task)
	}
	// An unlisted task is correct.
	if !bug.Task(TaskDiv).IsCorrect() {
		t.Error("unlisted task should be correct")
	}
	src := bug.Sources()
	if len(src) != 1 || !filepath.IsAbs(src[0]) || filepath.Base(src[0]) != "interval.c" {
		t.Errorf("sources = %v", src)
	}
	if _, err := os.Stat(src[0]); err != nil {
		t.Error(err)
	}

	// A variant define replaces a top-level one in place.
	nobug := variantByID(t, specs, "interval/klee_no_bug")
	if got, want := nobug.DefineFlags(), []string{"N=8", "DEBUG", "BUG=0"}; !reflect.DeepEqual(got, want) {
		t.Errorf("klee_no_bug defines = %v, want %v", got, want)
	}
	if nobug.Expectation() != ExpectCorrect || nobug.ExpectedBugs() != 0 {
		t.Errorf("klee_no_bug expectation %s", nobug.Expectation())
	}
	if e := variantByID(t, specs, "interval/unknown").Expectation(); e != ExpectUnknown {
		t.Errorf("unknown expectation = %s", e)
	}
	if e := variantByID(t, specs, "interval/all_correct").Expectation(); e != ExpectCorrect {
		t.Errorf("all_correct expectation = %s", e)
	}

	// Top level only: one variant named default; null and number defines.
	single := variantByID(t, specs, "single/default")
	if got, want := single.DefineFlags(), []string{"FLAG", "WIDTH=32"}; !reflect.DeepEqual(got, want) {
		t.Errorf("single defines = %v, want %v", got, want)
	}
	if single.Skip != "" || single.Language() != "gnu99" || !single.HasDependency("svcomp_klee_runtime") {
		t.Errorf("single: skip %q language %q deps %v", single.Skip, single.Language(), single.Dependencies)
	}
	if single.ExpectedBugs() != 2 || single.Task(TaskDiv).HasLocations() || !single.Task(TaskReachError).HasLocations() {
		t.Errorf("single: %d bugs", single.ExpectedBugs())
	}
	if got := single.Spec.Architectures; !reflect.DeepEqual(got, []string{"any"}) {
		t.Errorf("architectures = %v", got)
	}
	if len(single.Sources()) != 2 || !strings.HasSuffix(single.Sources()[1], filepath.Join("lib", "helper.c")) {
		t.Errorf("single sources = %v", single.Sources())
	}

	// Unsupported dependencies skip the variant, with the reason.
	if v := variantByID(t, specs, "gsl_stats/plain"); v.Skip != "" {
		t.Errorf("plain skipped: %s", v.Skip)
	}
	if v := variantByID(t, specs, "gsl_stats/with_gsl"); v.Skip != "unsupported dependency fftw3, lapack" {
		t.Errorf("with_gsl skip = %q", v.Skip)
	}
	if v := variantByID(t, specs, "cxx_prog/default"); !strings.Contains(v.Skip, "C only") {
		t.Errorf("cxx skip = %q", v.Skip)
	}
}

func TestLoadSpecsFileAndErrors(t *testing.T) {
	specs, err := LoadSpecs("testdata/specs/toplevel/spec.yml", "testdata/specs/toplevel")
	if err != nil {
		t.Fatal(err)
	}
	if len(specs) != 1 {
		t.Fatalf("the same spec twice gave %d specs", len(specs))
	}
	if _, err := LoadSpecs("testdata/nonexistent"); err == nil {
		t.Error("missing path: no error")
	}
	if _, err := LoadSpecs(); err == nil {
		t.Error("no path: no error")
	}
	// A malformed spec is skipped with its reason (file, what); it does
	// not stop the others.
	for _, tc := range []struct{ file, want string }{
		{"schema.yml", "schema_version 1"},
		{"correct.yml", "must be true, false or null"},
		{"both.yml", "verification_tasks both at the top level and in the variant"},
		{"defines.yml", "must be a string or null"},
		{"yaml.yml", "parsing YAML"},
	} {
		path := filepath.Join("testdata/bad", tc.file)
		if _, err := LoadSpec(path); err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), tc.file) {
			t.Errorf("%s: error %v, want one mentioning %q and the file", tc.file, err, tc.want)
		}
		specs, err := LoadSpecs(path, "testdata/specs/toplevel")
		if err != nil {
			t.Fatalf("%s: %v", tc.file, err)
		}
		if len(specs) != 2 {
			t.Fatalf("%s: %d specs, want the broken one and the good one", tc.file, len(specs))
		}
		var bad, good *Spec
		for _, s := range specs {
			if s.Invalid != "" {
				bad = s
			} else {
				good = s
			}
		}
		if bad == nil || good == nil || good.Name != "single" {
			t.Fatalf("%s: specs %+v", tc.file, specs)
		}
		v := bad.Variants[0]
		if len(bad.Variants) != 1 || v.Name != InvalidVariant || !v.Invalid || !strings.Contains(v.Skip, tc.want) ||
			!strings.Contains(v.Skip, tc.file) || v.Expectation() != ExpectUnknown {
			t.Errorf("%s: invalid variant %+v", tc.file, v)
		}
	}
	s, err := LoadSpec("testdata/bad/unknown_task.yml")
	if err != nil {
		t.Fatal(err)
	}
	if got := s.Variants[0].Skip; got != "unknown verification task no_memory_leak" {
		t.Errorf("unknown task skip = %q", got)
	}
}

func TestLoadSpecsDuplicateName(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"a", "b"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
		spec := "name: same\nschema_version: 0\nsources: [x.c]\n"
		if err := os.WriteFile(filepath.Join(dir, d, "spec.yml"), []byte(spec), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	specs, err := LoadSpecs(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(specs) != 2 || specs[0].Invalid != "" || !strings.Contains(specs[1].Invalid, `"same"`) ||
		!strings.Contains(specs[1].Invalid, filepath.Join("b", "spec.yml")) {
		t.Errorf("duplicate names: %+v", specs)
	}
}

func TestSelect(t *testing.T) {
	specs, err := LoadSpecs("testdata/specs")
	if err != nil {
		t.Fatal(err)
	}
	vs := Select(Variants(specs), mustRE(t, `^interval/klee_`))
	if len(vs) != 2 || vs[0].Name != "klee_bug" || vs[1].Name != "klee_no_bug" {
		t.Errorf("filtered = %d variants", len(vs))
	}
}
