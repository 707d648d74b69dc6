package ir

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	llir "github.com/llir/llvm/ir"
)

// FuzzLoad feeds LLVM IR text to the loader and lowering: it must return a
// module or an error, never panic and never fail inside floatsym (an
// InternalError; llir's own panics on malformed text are errors naming the
// file). The seeds in testdata/fuzz/FuzzLoad run with every go test;
// explore with make fuzz, or
//
//	go test -run '^$' -fuzz '^FuzzLoad$' ./ir/
func FuzzLoad(f *testing.F) {
	for _, glob := range []string{"../scalarize/testdata/*.ll", "../cmd/floatsym/testdata/*.ll"} {
		files, _ := filepath.Glob(glob)
		for _, p := range files {
			if b, err := os.ReadFile(p); err == nil && len(b) < 64<<10 {
				f.Add(string(b))
			}
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		checkLoad(t, LoadOptions{}, text)
	})
}

// checkLoad loads text and fails the test on an internal error.
func checkLoad(t *testing.T, opts LoadOptions, text string) {
	t.Helper()
	m, err := LoadTextWith(opts, "fuzz.ll", text)
	var ie *InternalError
	if errors.As(err, &ie) {
		t.Fatalf("%v\ninput:\n%s", err, text)
	}
	if err == nil && m == nil {
		t.Fatal("no module and no error")
	}
}

// TestInternalErrorNamesSite: a panic during a rewrite becomes an
// InternalError naming the file, the stage and the panicking function.
func TestInternalErrorNamesSite(t *testing.T) {
	opts := LoadOptions{Rewrite: func(string, *llir.Module) error { panicInRewrite(); return nil }}
	_, err := LoadTextWith(opts, "x.ll", "define i32 @main() {\n  ret i32 0\n}\n")
	var ie *InternalError
	if !errors.As(err, &ie) || ie.Stage != "rewriting" || ie.File != "x.ll" || !strings.Contains(ie.Where, "panicInRewrite") {
		t.Fatalf("err %v (%#v)", err, ie)
	}
}

func panicInRewrite() { panic("boom") }

// TestHugeArrayTypes: array types beyond the object or component limits
// are errors naming the type, returned at once (no allocation of their
// components); one within the limits loads.
func TestHugeArrayTypes(t *testing.T) {
	mod := func(ty string) string {
		return "@g = global " + ty + " zeroinitializer\ndefine i32 @main() {\nentry:\n  ret i32 0\n}\n"
	}
	for _, c := range []struct{ ty, want string }{
		{"[1000000000 x i32]", "more than 4194304 scalar components"},
		{"[1099511627776 x double]", "larger than the 4294967295-byte object limit"},
		{"[4294967296 x [4294967296 x i8]]", "larger than the 4294967295-byte object limit"},
		{"[3000 x [3000 x {i32, float}]]", "more than 4194304 scalar components"},
		{"[100 x [1000 x double]]", ""},
	} {
		_, err := LoadText("huge.ll", mod(c.ty))
		if c.want == "" && err != nil || c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%s: %v, want %q", c.ty, err, c.want)
		}
	}
}
