package scalarize_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/testtool"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/scalarize"
)

// TestNative checks each instruction form on its own, with LLVM itself as
// the oracle: every testdata/*.ll program is scalarized, the result must
// hold no vector and lower with package ir (which rejects vectors), and
// the scalarized IR, compiled natively by clang-14, must print exactly
// what the original program prints.
func TestNative(t *testing.T) {
	testtool.Require(t, testtool.Clang)
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

// TestUnsupported checks that forms the pass does not handle are errors
// naming the instruction and its source position, never a panic.
func TestUnsupported(t *testing.T) {
	const dbg = `
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!5}
!0 = distinct !DICompileUnit(language: DW_LANG_C99, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "prog.c", directory: "/src")
!2 = distinct !DISubprogram(name: "f", scope: !1, file: !1, line: 3, type: !3, scopeLine: 3, spFlags: DISPFlagDefinition, unit: !0)
!3 = !DISubroutineType(types: !4)
!4 = !{null}
!5 = !{i32 2, !"Debug Info Version", i32 3}
!6 = !DILocation(line: 7, column: 3, scope: !2)
`
	for _, c := range []struct {
		name, body, want string
	}{
		{"x86 intrinsic", `
declare <8 x float> @llvm.x86.avx.hadd.ps.256(<8 x float>, <8 x float>)
define <8 x float> @f(<8 x float> %a) !dbg !2 {
  %r = call <8 x float> @llvm.x86.avx.hadd.ps.256(<8 x float> %a, <8 x float> %a), !dbg !6
  ret <8 x float> %r
}`, "prog.c:7: @f: `%r = call <8 x float> @llvm.x86.avx.hadd.ps.256(<8 x float> %a, <8 x float> %a)`: x86 vector intrinsic"},
		{"indirect call", `
define void @f(void (<2 x float>)* %g) !dbg !2 {
  call void %g(<2 x float> zeroinitializer), !dbg !6
  ret void
}`, "prog.c:7: @f: `call void %g(<2 x float> zeroinitializer)`: indirect call with vector arguments"},
		{"vector variadic argument", `
declare void @v(i32, ...)
define void @f() !dbg !2 {
  call void (i32, ...) @v(i32 1, <2 x float> zeroinitializer), !dbg !6
  ret void
}`, "prog.c:7: @f: `call void (i32, ...) @v(i32 1, <2 x float> zeroinitializer)`: vector variadic arguments"},
		{"constant expression", `
@g = global i32 0
define <2 x i64> @f() !dbg !2 {
  %r = add <2 x i64> <i64 1, i64 2>, bitcast (<4 x i32> <i32 1, i32 2, i32 3, i32 4> to <2 x i64>), !dbg !6
  ret <2 x i64> %r
}`, "prog.c:7: @f: `%r = add <2 x i64> <i64 1, i64 2>, bitcast (<4 x i32> <i32 1, i32 2, i32 3, i32 4> to <2 x i64>)`: vector operand"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := scalarize.LoadText(nil, "t.ll", c.body+dbg)
			if err == nil {
				t.Fatalf("no error, want %q", c.want)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q, want it to contain %q", err, c.want)
			}
		})
	}
}
