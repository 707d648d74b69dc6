package scalarize_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/scalarize"
)

// TestNative checks each instruction form on its own, with LLVM itself as
// the oracle: every testdata/*.ll program is scalarized, the result must
// hold no vector and lower with package ir (which rejects vectors), and
// the scalarized IR, compiled natively by clang-14, must print exactly
// what the original program prints.
func TestNative(t *testing.T) {
	if _, err := exec.LookPath("clang-14"); err != nil {
		t.Skip("clang-14 not installed")
	}
	files, _ := filepath.Glob("testdata/*.ll")
	if len(files) == 0 {
		t.Fatal("no test programs")
	}
	for _, src := range files {
		src := src
		t.Run(strings.TrimSuffix(filepath.Base(src), ".ll"), func(t *testing.T) {
			t.Parallel()
			text, err := os.ReadFile(src)
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			m, err := scalarize.LoadText(&out, src, string(text))
			if err != nil {
				t.Fatalf("scalarize: %v", err)
			}
			for _, f := range m.Funcs {
				for r, rt := range f.RegType {
					if rt.Kind == ir.VectorType {
						t.Errorf("@%s: register %d holds a vector (%s)", f.Name, r, rt)
					}
				}
				for _, b := range f.Blocks {
					for _, in := range b.Insts {
						for _, at := range in.ArgT {
							if at.Kind == ir.VectorType {
								t.Errorf("@%s: %s passes a vector", f.Name, in.Text)
							}
						}
					}
				}
			}
			dir := t.TempDir()
			scal := filepath.Join(dir, "scalar.ll")
			if err := os.WriteFile(scal, out.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			want := runNative(t, src, dir, "orig")
			got := runNative(t, scal, dir, "scalar")
			if got != want {
				t.Errorf("scalarized program prints\n%s\nthe original prints\n%s\nscalarized IR:\n%s", got, want, out.String())
			}
		})
	}
}

func runNative(t *testing.T, ll, dir, name string) string {
	t.Helper()
	bin := filepath.Join(dir, name)
	if b, err := exec.Command("clang-14", "-O0", "-Wno-override-module", "-o", bin, ll, "-lm").CombinedOutput(); err != nil {
		t.Fatalf("clang-14 %s: %v\n%s", ll, err, b)
	}
	b, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatalf("run %s: %v", name, err)
	}
	return string(b)
}
