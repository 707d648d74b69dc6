package hostile

import (
	"fmt"
	"strings"
)

// program is a hostile C (or .ll) program template; source(v) fills in
// its parameters for variant v.
type program struct {
	category string
	expect   Expect
	flags    []string
	ll       bool
	tmpl     string
	params   func(v int) []any
}

func (p program) ext() string {
	if p.ll {
		return ".ll"
	}
	return ".c"
}

func (p program) source(v int) string {
	if p.params == nil {
		return p.tmpl
	}
	return fmt.Sprintf(p.tmpl, p.params(v)...)
}

const prelude = "#include <klee/klee.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n"

// pick returns the v-th element of xs, cycling.
func pick[T any](xs []T, v int) T { return xs[v%len(xs)] }

func programs() []program {
	sizes := []string{"1UL << 30", "1UL << 40", "1UL << 62", "(size_t)-1", "(size_t)-16", "0x7fffffffffffffffUL", "3UL << 33"}
	intrinsics := []string{
		"declare <2 x i64> @llvm.x86.aesni.aesenc(<2 x i64>, <2 x i64>)",
		"declare i32 @llvm.x86.sse42.crc32.32.32(i32, i32)",
		"declare i64 @llvm.readcyclecounter()",
		"declare i8* @llvm.frameaddress.p0i8(i32)",
		"declare void @llvm.x86.sse2.mfence()",
		"declare i32 @no_such_function(i32)",
		"declare double @llvm.experimental.constrained.fadd.f64(double, double, metadata, metadata)",
		"declare i32 @llvm.x86.rdrand.32.unused(i32)",
	}
	calls := []string{
		"%r = call <2 x i64> @llvm.x86.aesni.aesenc(<2 x i64> zeroinitializer, <2 x i64> zeroinitializer)",
		"%r = call i32 @llvm.x86.sse42.crc32.32.32(i32 {n}, i32 1)",
		"%r = call i64 @llvm.readcyclecounter()",
		"%r = call i8* @llvm.frameaddress.p0i8(i32 {n})",
		"call void @llvm.x86.sse2.mfence()",
		"%r = call i32 @no_such_function(i32 {n})",
		"%r = call double @llvm.experimental.constrained.fadd.f64(double 1.0, double 2.0, metadata !\"round.dynamic\", metadata !\"fpexcept.strict\")",
		"%r = call i32 @llvm.x86.rdrand.32.unused(i32 {n})",
	}
	return []program{
		{category: "unsupported-intrinsic", expect: Either, ll: true,
			tmpl: "%s\ndefine i32 @main() {\nentry:\n  " + "%s" + "\n  ret i32 0\n}\n",
			params: func(v int) []any {
				c := strings.ReplaceAll(pick(calls, v), "{n}", fmt.Sprint(v))
				return []any{pick(intrinsics, v), c}
			}},
		{category: "unsupported-construct", expect: Either,
			tmpl: prelude + "#include <setjmp.h>\nstatic jmp_buf jb;\nint main(void) {\n  int x; klee_make_symbolic(&x, sizeof x, \"x\");\n" +
				"  if (%s) { __asm__ volatile(\"nop\"); }\n  if (setjmp(jb) == 0 && x > %d) longjmp(jb, 1);\n  return 0;\n}\n",
			params: func(v int) []any { return []any{pick([]string{"x > 5", "x == 3", "1", "x < 0"}, v), v} }},
		{category: "huge-malloc", expect: Finished,
			tmpl:   prelude + "int main(void) {\n  char *p = malloc(%s);\n  if (p) { p[%d] = 1; memset(p, 0, 4096); }\n  char *q = calloc(%s, 8);\n  if (q) q[0] = 2;\n  return p != 0;\n}\n",
			params: func(v int) []any { return []any{pick(sizes, v), v * 4096, pick(sizes, v+3)} }},
		{category: "huge-symbolic-malloc", expect: Finished,
			tmpl:   prelude + "int main(void) {\n  unsigned long n; klee_make_symbolic(&n, sizeof n, \"n\");\n  char *p = malloc(n * %d);\n  if (p) p[0] = 1;\n  double *d = realloc(p, n << %d);\n  return d != 0;\n}\n",
			params: func(v int) []any { return []any{1 + v, v % 60} }},
		{category: "huge-alloca", expect: Finished,
			tmpl:   prelude + "int main(int argc, char **argv) {\n  unsigned long n = %s + (unsigned long)argc;\n  volatile char *p = __builtin_alloca(n);\n  p[0] = 1;\n  char vla[n / %d + 1];\n  vla[0] = 2;\n  return p[0] + vla[0];\n}\n",
			params: func(v int) []any { return []any{pick(sizes, v), 1 + v%7} }},
		{category: "infinite-loop", expect: Finished,
			tmpl: prelude + "int main(void) {\n  volatile unsigned long i = 0; double d = %d.5;\n  int x; klee_make_symbolic(&x, sizeof x, \"x\");\n  while (%s) { i++; d = d * 1.0000001 + 1e-300; }\n  return (int)i;\n}\n",
			params: func(v int) []any {
				return []any{v, pick([]string{"1", "x != 12345678 || 1", "d == d", "i >= 0"}, v)}
			}},
		{category: "deep-recursion", expect: Finished,
			tmpl: prelude + "static long down(long n) {\n  volatile char pad[%d];\n  pad[0] = (char)n;\n  if (n == %s) return pad[0];\n  return down(n + 1) + pad[0];\n}\nint main(void) { return (int)down(0); }\n",
			params: func(v int) []any {
				return []any{8 + 64*(v%8), pick([]string{"-1", "100000000", "10000000", "1000000"}, v)}
			}},
		{category: "fork-bomb", expect: Finished,
			tmpl:   prelude + "int main(void) {\n  unsigned char in[%d]; klee_make_symbolic(in, sizeof in, \"in\");\n  long acc = 0;\n  for (unsigned i = 0; i < sizeof in; i++) {\n    if (in[i] > %d) acc += i; else acc -= 2 * i;\n    if ((in[i] & 3) == 1) acc ^= in[i];\n  }\n  return (int)acc;\n}\n",
			params: func(v int) []any { return []any{16 + 8*(v%8), 17 * (v % 15)} }},
		{category: "fp-fork-bomb", expect: Finished,
			tmpl:   prelude + "int main(void) {\n  double in[%d]; klee_make_symbolic(in, sizeof in, \"in\");\n  double acc = 0;\n  for (unsigned i = 0; i < %d; i++) {\n    if (in[i] * in[i] > acc + %d.25) acc = acc / (in[i] + 1.0); else acc += in[i];\n  }\n  return acc > 1.0;\n}\n",
			params: func(v int) []any { return []any{8 + v%8, 8 + v%8, v} }},
		{category: "print-bomb", expect: Finished,
			tmpl: prelude + "int main(void) {\n  static char line[%d];\n  memset(line, 'x', sizeof line - 1);\n  for (unsigned long i = 0; ; i++) {\n    %s\n  }\n}\n",
			params: func(v int) []any {
				return []any{1 << (10 + v%11), pick([]string{"puts(line);", "printf(\"%s %lu\\n\", line, i);", "fwrite(line, 1, sizeof line, stdout);", "fputs(line, stderr);"}, v)}
			}},
		{category: "memory-bomb", expect: Finished,
			tmpl:   prelude + "int main(void) {\n  for (unsigned long i = 0; ; i++) {\n    char *p = malloc(%d);\n    if (!p) return 1;\n    p[0] = (char)i;\n  }\n}\n",
			params: func(v int) []any { return []any{1 << (12 + v%14)} }},
		// Static arrays beyond 4M elements are refused (ir.MaxLeaves).
		{category: "symbolic-memory-bomb", expect: Either,
			tmpl:   prelude + "int main(void) {\n  static unsigned char big[%d];\n  klee_make_symbolic(big, sizeof big, \"big\");\n  unsigned long s = 0;\n  for (unsigned long i = 0; i < sizeof big; i += %d) s += big[i] * big[(i * 7) %% sizeof big];\n  return s == 12345;\n}\n",
			params: func(v int) []any { return []any{1 << (12 + v%12), 1 + v%64} }},
		{category: "bad-api-use", expect: Finished,
			tmpl:   prelude + "int main(void) {\n  int x;\n  klee_make_symbolic(&x, %d, \"x\");\n  klee_assume(x > 3);\n  klee_make_symbolic((void*)%d, 8, \"bad\");\n  return x;\n}\n",
			params: func(v int) []any { return []any{pick([]int{0, 4, 8, 1 << 20, -1}, v), v * 8} }},
	}
}
