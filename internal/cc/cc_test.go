package cc_test

import (
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/internal/testtool"
	"github.com/sirupsen/logrus"
)

func quietLog() *logrus.Entry {
	l := logrus.New()
	l.SetOutput(io.Discard)
	return logrus.NewEntry(l)
}

func requireTools(t *testing.T) {
	t.Helper()
	testtool.Require(t, cc.Clang, cc.Link)
}

// TestCompileArgs checks the clang-14 command lines: defaults unless the
// user gives flags, the fixed flags after the user's (so they win), then
// -std, -D, -I, and the output and source last.
func TestCompileArgs(t *testing.T) {
	fixed := strings.Join(cc.FixedCFlags, " ")
	for _, c := range []struct {
		name    string
		o       cc.Options
		include string
		want    string
	}{
		{"defaults", cc.Options{}, "",
			"clang-14 -S -emit-llvm -O0 -g -Xclang -disable-O0-optnone " + fixed + " -o out.ll a.c"},
		{"user flags replace the defaults", cc.Options{CFlags: []string{"-O2", "-g"}}, "",
			"clang-14 -S -emit-llvm -O2 -g " + fixed + " -o out.ll a.c"},
		{"empty user flags mean none", cc.Options{CFlags: []string{}}, "",
			"clang-14 -S -emit-llvm " + fixed + " -o out.ll a.c"},
		{"std, defines and include", cc.Options{Std: "c99", Defines: []string{"N=3", "DEBUG"}}, "/inc",
			"clang-14 -S -emit-llvm -O0 -g -Xclang -disable-O0-optnone " + fixed + " -std=c99 -DN=3 -DDEBUG -I /inc -o out.ll a.c"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := strings.Join(cc.CompileArgs("a.c", "out.ll", &c.o, c.include), " ")
			if got != c.want {
				t.Errorf("got  %s\nwant %s", got, c.want)
			}
		})
	}
	// Code must be position-dependent (see FixedCFlags); the vectorizers
	// stay on: package scalarize runs what clang builds.
	for _, f := range []string{"-fno-pic", "-fno-pie"} {
		if !slices.Contains(cc.FixedCFlags, f) {
			t.Errorf("FixedCFlags lacks %s", f)
		}
	}
	for _, f := range []string{"-fno-vectorize", "-fno-slp-vectorize"} {
		if slices.Contains(cc.FixedCFlags, f) {
			t.Errorf("FixedCFlags has %s: floatsym must run the vectorized code clang builds", f)
		}
	}
}

// TestCompileProgramErrors checks that each failure gives one clear line
// naming the file (and for clang's diagnostics the line), never clang's
// whole output.
func TestCompileProgramErrors(t *testing.T) {
	requireTools(t)
	for _, c := range []struct {
		name    string
		sources []string
		want    []string // substrings of the message
		is      error
	}{
		{"no input", nil, []string{"no input files"}, nil},
		{"missing file", []string{"testdata/nosuch.c"}, []string{"testdata/nosuch.c"}, fs.ErrNotExist},
		{"unsupported input", []string{"cc_test.go"}, []string{"cc_test.go: unsupported input"}, nil},
		{"syntax error", []string{"testdata/syntax_error.c"},
			[]string{"compiling testdata/syntax_error.c", "syntax_error.c:2:11: error: expected ';'"}, nil},
		{"duplicate symbol", []string{"testdata/dup_a.c", "testdata/dup_b.c"},
			[]string{"linking", "error:", "twice"}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := cc.CompileProgram(context.Background(), cc.Options{
				Sources: c.sources, OutDir: t.TempDir(), NoLibc: true, Log: quietLog()})
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			if strings.Contains(msg, "\n") {
				t.Errorf("message has several lines:\n%s", msg)
			}
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("message %q lacks %q", msg, w)
				}
			}
			if c.is != nil && !errors.Is(err, c.is) {
				t.Errorf("%v does not wrap %v", err, c.is)
			}
		})
	}
}

func TestCompileProgramMissingTool(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	_, err := cc.CompileProgram(context.Background(), cc.Options{
		Sources: []string{"testdata/ok.c"}, OutDir: t.TempDir(), NoLibc: true, Log: quietLog()})
	if err == nil || !strings.Contains(err.Error(), "clang-14 not found: install it") {
		t.Errorf("error %v, want one naming clang-14 and how to install it", err)
	}
}

// TestCompileProgram compiles and links: the commands run are recorded,
// floatsym's headers are found, defines reach the source, .ll inputs are
// linked as they are, and the C library is linked only on request.
func TestCompileProgram(t *testing.T) {
	requireTools(t)
	for _, c := range []struct {
		name     string
		o        cc.Options
		compiles int  // clang runs recorded
		libc     bool // --only-needed <libc> on the link line
		contains string
	}{
		{"c with libc", cc.Options{Sources: []string{"testdata/ok.c"}}, 1, true, "@printf"},
		{"c without libc", cc.Options{Sources: []string{"testdata/ok.c"}, NoLibc: true}, 1, false, "@klee_make_symbolic"},
		{"define", cc.Options{Sources: []string{"testdata/ok.c"}, NoLibc: true, Defines: []string{"ANSWER=42"}}, 1, false, "42"},
		{"ll input", cc.Options{Sources: []string{"testdata/plain.ll"}, NoLibc: true}, 0, false, "define i32 @main()"},
		// g is defined in the second file and used only by the third: the
		// program is linked whole before the C library's --only-needed.
		{"three files", cc.Options{Sources: []string{"testdata/multi_main.c", "testdata/multi_def.c", "testdata/multi_use.c"}}, 3, true, "@g = dso_local global i32 7"},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.o.OutDir, c.o.Log = t.TempDir(), quietLog()
			res, err := cc.CompileProgram(context.Background(), c.o)
			if err != nil {
				t.Fatal(err)
			}
			if filepath.Base(res.Module) != "assembly.ll" || filepath.Dir(res.Module) != c.o.OutDir {
				t.Errorf("module %s, want assembly.ll in the output directory", res.Module)
			}
			ll, err := os.ReadFile(res.Module)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(ll), c.contains) {
				t.Errorf("module lacks %q", c.contains)
			}
			var compiles int
			var link []string
			for _, cmd := range res.Commands {
				switch cmd[0] {
				case cc.Clang:
					compiles++
				case cc.Link:
					link = cmd
				}
			}
			if compiles != c.compiles {
				t.Errorf("%d clang runs, want %d: %v", compiles, c.compiles, res.Commands)
			}
			if link == nil {
				t.Fatalf("no link command: %v", res.Commands)
			}
			if got := slices.Contains(link, "--only-needed"); got != c.libc {
				t.Errorf("libc linked %v, want %v: %v", got, c.libc, link)
			}
		})
	}
}

// TestLibcModule: floatsym's C library is cached as bitcode (what every
// link reads) with its listing beside it, the two are the same module,
// and a second call finds the cache.
func TestLibcModule(t *testing.T) {
	requireTools(t)
	paths, err := cc.RuntimePaths()
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Dir(paths.IncludeDir)
	module, err := cc.LibcFiles(context.Background(), root, []string{"string.c"}, quietLog())
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Ext(module) != ".bc" {
		t.Errorf("libc module %s, want bitcode", module)
	}
	listing, err := os.ReadFile(cc.LibcListing(module))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(listing), "define ") {
		t.Fatalf("listing %s defines nothing", cc.LibcListing(module))
	}
	// The bitcode, written back as text, is the listing.
	back := filepath.Join(t.TempDir(), "back.ll")
	if out, err := exec.Command(cc.Link, "-S", "-o", back, module).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v: %s", cc.Link, err, out)
	}
	got, err := os.ReadFile(back)
	if err != nil {
		t.Fatal(err)
	}
	body := func(s string) string { // the lines after the ModuleID and source name
		_, rest, _ := strings.Cut(s, "\ntarget ")
		return rest
	}
	if body(string(got)) != body(string(listing)) {
		t.Errorf("the bitcode %s and its listing differ", module)
	}
	again, err := cc.LibcFiles(context.Background(), root, []string{"string.c"}, quietLog())
	if err != nil || again != module {
		t.Errorf("second call: %s, %v; want the cached %s", again, err, module)
	}
}
