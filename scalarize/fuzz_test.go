package scalarize

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
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

// TestTooManyLanes: vector types beyond MaxLanes (alone, in an array, in
// a signature) are an error naming the function and instruction, at once.
func TestTooManyLanes(t *testing.T) {
	for _, c := range []struct{ name, src, want string }{
		{"alloca", "define i32 @main() {\nentry:\n  %a = alloca <100000000 x float>\n  ret i32 0\n}\n", "@main: `%a = alloca <100000000 x float>"},
		{"array", "define i32 @main() {\nentry:\n  %a = alloca [100000 x <4 x float>]\n  ret i32 0\n}\n", "more than 4096 lanes"},
		{"signature", "declare <8192 x i1> @f()\ndefine i32 @main() {\nentry:\n  ret i32 0\n}\n", "@f: vector type <8192 x i1>"},
	} {
		_, err := ir.LoadTextWith(ir.LoadOptions{Rewrite: Module}, "lanes.ll", c.src)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	if _, err := ir.LoadTextWith(ir.LoadOptions{Rewrite: Module}, "ok.ll",
		"define i32 @main() {\nentry:\n  %a = alloca <64 x float>\n  ret i32 0\n}\n"); err != nil {
		t.Errorf("<64 x float>: %v", err)
	}
}
