package bench

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// TestSpecProperty: a spec's "property" (floatsym's extension) reaches
// floatsym run as --property, resolved against the spec's directory; a
// variant's own replaces it.
func TestSpecProperty(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "p.c"), []byte("int main(void){return 0;}\n"), 0o644)
	spec := `name: p
schema_version: 0
language: c99
architectures: [x86_64]
sources: [p.c]
property: unreach-call.prp
variants:
  a:
    verification_tasks:
      no_reach_error_function: {correct: true}
  b:
    property: /abs/valid-memsafety.prp
    verification_tasks:
      no_reach_error_function: {correct: true}
`
	if err := os.WriteFile(filepath.Join(dir, "spec.yml"), []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	specs, err := LoadSpecs(dir)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{TimeLimit: time.Minute}
	want := map[string]string{"a": filepath.Join(dir, "unreach-call.prp"), "b": "/abs/valid-memsafety.prp"}
	for _, v := range specs[0].Variants {
		args := RunArgs(&cfg, v, "/o")
		i := slices.Index(args, "--property")
		if i < 0 || args[i+1] != want[v.Name] {
			t.Errorf("variant %s: args %q, want --property %s", v.Name, args, want[v.Name])
		}
	}
}
