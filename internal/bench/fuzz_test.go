package bench

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzSpec feeds spec.yml text to the loader: it must return a spec or an
// error, never panic; a spec it accepts has a name and variants whose
// expectations and skip reasons can be asked for. The seeds in
// testdata/fuzz/FuzzSpec run with every go test; explore with make fuzz,
// or
//
//	go test -run '^$' -fuzz '^FuzzSpec$' ./internal/bench/
func FuzzSpec(f *testing.F) {
	for _, glob := range []string{"testdata/bad/*.yml", "testdata/specs/*/spec.yml", "testdata/e2e/*/spec.yml",
		"../../benchmarks/*/*/spec.yml"} {
		files, _ := filepath.Glob(glob)
		for i, p := range files {
			if i >= 40 {
				break
			}
			if b, err := os.ReadFile(p); err == nil {
				f.Add(b)
			}
		}
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := parseSpec(data, filepath.Join(dir, "spec.yml"))
		if err != nil {
			return
		}
		if s.Name == "" {
			t.Fatal("accepted a spec without a name")
		}
		for _, v := range s.Variants {
			_ = v.Expectation()
			_ = v.Sources()
			_ = v.Language()
			_ = v.skipReason()
		}
		_ = s.skipReason()
	})
}
