package muslbc

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/floatsym/floatsym/internal/libbc"
)

// A musl-like build of three objects: Module deletes the definitions of
// modelled names, of every ModelDirs object, and the aliases of what it
// deleted; it keeps the rest, and the result is valid bitcode.
func TestModuleDeletes(t *testing.T) {
	for _, tool := range []string{libbc.Clang, libbc.Link, Extract, "llvm-dis-14", libbc.Nm} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s not installed", tool)
		}
	}
	dir := t.TempDir()
	objs := map[string]string{
		"string/strlen.o": `unsigned long strlen(const char *s) { unsigned long n = 0; while (s[n]) n++; return n; }
int __helper(int x) { return x + 1; }
extern __typeof(__helper) helper_alias __attribute__((weak, alias("__helper")));`,
		"malloc/malloc.o": `void *malloc(unsigned long n) { (void)n; return 0; }
extern __typeof(malloc) __libc_malloc __attribute__((weak, alias("malloc")));`,
		"stdio/puts.o": `int puts(const char *s) { return (int)__builtin_strlen(s); }
int __stdio_internal = 3;`,
	}
	var bcs []string
	for rel, code := range objs {
		c := filepath.Join(dir, "c", filepath.Base(rel)+".c")
		o := filepath.Join(dir, "src", "obj", "src", rel)
		os.MkdirAll(filepath.Dir(c), 0o755)
		os.MkdirAll(filepath.Dir(o), 0o755)
		if err := os.WriteFile(c, []byte(code), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(libbc.Clang, "-flto", "-O1", "-c", "-o", o, c).CombinedOutput(); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		bcs = append(bcs, o)
	}
	mod := filepath.Join(dir, "lib.bc")
	if out, err := exec.Command(libbc.Link, append([]string{"-o", mod}, bcs...)...).CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	lib := &libbc.Library{Name: "musl", Module: mod, Dir: dir}
	got, err := Module(context.Background(), lib, []string{"malloc", "not_in_musl"})
	if err != nil {
		t.Fatal(err)
	}
	text, err := exec.Command("llvm-dis-14", "-o", "-", got.Module).Output()
	if err != nil {
		t.Fatal(err)
	}
	defined := func(name string) bool {
		re := regexp.MustCompile(`(?m)^(define [^@]*@` + name + `\(|@` + name + ` = (?:[a-z_]+ )*(?:global|alias|constant))`)
		return re.Match(text)
	}
	cases := []struct {
		name string
		want bool
		why  string
	}{
		{"strlen", true, "musl's own (string.h)"},
		{"__helper", true, "musl's own"},
		{"helper_alias", true, "alias of a kept definition"},
		{"malloc", false, "floatsym models it"},
		{"__libc_malloc", false, "alias of a deleted definition"},
		{"puts", false, "stdio is a ModelDirs directory"},
		{"__stdio_internal", false, "stdio is a ModelDirs directory"},
	}
	for _, c := range cases {
		if defined(c.name) != c.want {
			t.Errorf("%s defined = %v, want %v (%s)\n%s", c.name, !c.want, c.want, c.why, text)
		}
	}
	if got.Defined != 7 {
		t.Errorf("Defined = %d, want 7 (strlen, __helper, helper_alias, malloc, __libc_malloc, puts, __stdio_internal)", got.Defined)
	}
	if len(got.Deleted) != 4 {
		t.Errorf("Deleted = %v, want 4 names", got.Deleted)
	}
	// Cached: the same request names the same file.
	again, err := Module(context.Background(), lib, []string{"malloc", "not_in_musl"})
	if err != nil || again.Module != got.Module {
		t.Errorf("second Module = %v, %v; want the cached %s", again, err, got.Module)
	}
}
