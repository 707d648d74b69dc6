package scalarize

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/floatsym/floatsym/ir"
)

// FuzzScalarize feeds LLVM IR text through parsing, this pass and
// lowering, as floatsym run does: a panic in the pass (an
// ir.InternalError) fails; a module the pass accepts must print as IR that
// loads again (the --emit-scalarized output). The seeds in
// testdata/fuzz/FuzzScalarize run with every go test; explore with make
// fuzz, or
//
//	go test -run '^$' -fuzz '^FuzzScalarize$' ./scalarize/
func FuzzScalarize(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.ll")
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		var out bytes.Buffer
		_, err := ir.LoadTextWith(ir.LoadOptions{Rewrite: Module, Emit: &out}, "fuzz.ll", text)
		var ie *ir.InternalError
		if errors.As(err, &ie) {
			t.Fatalf("%v\ninput:\n%s", err, text)
		}
		if err != nil {
			return
		}
		if _, err := ir.LoadText("scalarized.ll", out.String()); err != nil {
			t.Fatalf("the scalarized module does not load: %v\ninput:\n%s\nscalarized:\n%s", err, text, out.String())
		}
	})
}
