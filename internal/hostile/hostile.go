// Package hostile generates broken and hostile inputs for floatsym: mutated
// LLVM IR (.ll) and bitcode (.bc), truncated and corrupted .ktest files,
// invalid spec.yml suites, and C programs that attack the executor's
// limits (unsupported intrinsics and constructs, huge allocations,
// infinite loops, deep recursion, fork bombs of symbolic branches,
// programs printing without end, memory bombs). Each Input says how to run
// floatsym on it and what a good ending is; the suite's test
// (hostile_test.go, make test-hostile) runs every one under an outer
// timeout and checks that it ends with a clear message and its exit code,
// without a Go panic, a hang, or unbounded memory.
//
// Generation is deterministic (a seeded generator): input i is the same
// on every machine, so a failure names an input that can be regenerated.
package hostile

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// Expect is what ending an input may have.
type Expect int

const (
	// Finished: exit 0 and a summary.json (a limit ends states, never the
	// run).
	Finished Expect = iota
	// Rejected: exit 1 and one "floatsym: error:" line.
	Rejected
	// Either: finished or rejected (a mutation may leave the input valid).
	Either
)

func (e Expect) String() string {
	return [...]string{"finished", "rejected", "finished or rejected"}[e]
}

// Input is one generated input.
type Input struct {
	// ID numbers the input (stable for a given seed corpus).
	ID int
	// Category names the family (mutated-ll, program-forkbomb...).
	Category string
	// Files are written into the input's directory (relative names).
	Files map[string][]byte
	// Args are floatsym's arguments; "{dir}" stands for the input's
	// directory and "{out}" for a fresh output directory in it.
	Args   []string
	Expect Expect
	// MaxMemoryMB is the --max-memory the run has (0: none), for the
	// memory bound.
	MaxMemoryMB int
}

// Limits every program run has: small, so a thousand runs fit in a test.
const (
	MaxTime     = "2s"
	MaxTestTime = "1s"
	MaxMemoryMB = 256
)

func runArgs(file string, extra ...string) []string {
	args := []string{"run", "--output-dir", "{out}", "--max-time", MaxTime, "--max-test-time", MaxTestTime,
		"--max-memory", fmt.Sprint(MaxMemoryMB)}
	return append(append(args, extra...), "{dir}/"+file)
}

// Seeds are the valid inputs mutations start from, read from the
// repository (root is the module root).
type Seeds struct {
	LL    map[string][]byte // .ll programs
	Specs map[string][]byte // spec.yml files
}

// LoadSeeds reads the seed programs and specs under root.
func LoadSeeds(root string) (*Seeds, error) {
	s := &Seeds{LL: map[string][]byte{}, Specs: map[string][]byte{}}
	for _, g := range []string{"scalarize/testdata/*.ll", "cmd/floatsym/testdata/*.ll"} {
		files, err := filepath.Glob(filepath.Join(root, g))
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			s.LL[filepath.Base(f)] = b
		}
	}
	for name, text := range seedLL {
		s.LL[name] = []byte(text)
	}
	files, err := filepath.Glob(filepath.Join(root, "benchmarks", "*", "*", "spec.yml"))
	if err != nil {
		return nil, err
	}
	sort.Strings(files)
	for i, f := range files {
		if i%7 != 0 { // a spread of the suite is enough
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		s.Specs[filepath.Base(filepath.Dir(f))] = b
	}
	if len(s.LL) == 0 || len(s.Specs) == 0 {
		return nil, fmt.Errorf("no seeds under %s", root)
	}
	return s, nil
}

// seedLL are small hand-written modules beside the repository's: the
// KLEE API, a loop, a call of an undeclared intrinsic.
var seedLL = map[string]string{
	"sym.ll": `declare void @klee_make_symbolic(i8*, i64, i8*)
@.name = private constant [2 x i8] c"x\00"
define i32 @main() {
entry:
  %x = alloca double, align 8
  %p = bitcast double* %x to i8*
  call void @klee_make_symbolic(i8* %p, i64 8, i8* getelementptr ([2 x i8], [2 x i8]* @.name, i64 0, i64 0))
  %v = load double, double* %x, align 8
  %c = fcmp olt double %v, 1.000000e+00
  br i1 %c, label %a, label %b
a:
  %s = fmul double %v, %v
  %d = fcmp ogt double %s, 4.0
  %r = zext i1 %d to i32
  ret i32 %r
b:
  ret i32 2
}
`,
	"loop.ll": `define i32 @main() {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %n, %loop ]
  %n = add i32 %i, 1
  %c = icmp slt i32 %n, 1000
  br i1 %c, label %loop, label %done
done:
  ret i32 %n
}
`,
}

// opaquePtr matches LLVM 15's opaque pointer type, which LLVM 14 does not
// read (a seed like cmd/floatsym/testdata/opaque.ll).
var opaquePtr = regexp.MustCompile(`(^|[\s(,])ptr[\s,)]`)

// BitcodeSeeds names the .ll seeds llvm-as-14 assembles, those the
// mutated .bc inputs start from: not the malformed ones, not those in
// opaque-pointer syntax.
func BitcodeSeeds(s *Seeds) []string {
	var names []string
	for _, name := range sortedKeys(s.LL) {
		if !strings.Contains(name, "malformed") && !opaquePtr.Match(s.LL[name]) {
			names = append(names, name)
		}
	}
	return names
}

// Generate returns the suite: n inputs at least (every category in
// proportion), made from the seeds with a generator seeded by seed.
func Generate(s *Seeds, n int, seed uint64) []*Input {
	r := rand.New(rand.NewPCG(seed, 0x686f7374696c65))
	var out []*Input
	add := func(in *Input) {
		in.ID = len(out)
		out = append(out, in)
	}
	llNames := sortedKeys(s.LL)
	specNames := sortedKeys(s.Specs)
	progs := programs()
	// Shares of n: programs are the costly runs, mutations the many.
	nProg := max(len(progs), n/4)
	nLL, nBC, nKtest := n*35/100, n/10, n*15/100
	nSpec := max(0, n-nProg-nLL-nBC-nKtest)
	for i := 0; i < nLL; i++ {
		name := llNames[i%len(llNames)]
		add(&Input{Category: "mutated-ll", Files: map[string][]byte{"m.ll": mutateText(r, s.LL[name])},
			Args: runArgs("m.ll"), Expect: Either, MaxMemoryMB: MaxMemoryMB})
	}
	bcSeeds := BitcodeSeeds(s)
	for i := 0; i < nBC; i++ {
		// The bitcode is assembled by the runner (llvm-as-14) from this
		// seed, then mutated with these bytes: see Input.Files["mutate"].
		name := bcSeeds[i%len(bcSeeds)]
		add(&Input{Category: "mutated-bc", Files: map[string][]byte{"m.ll.seed": s.LL[name], "mutate": mutationPlan(r)},
			Args: runArgs("m.bc"), Expect: Either, MaxMemoryMB: MaxMemoryMB})
	}
	for i := 0; i < nKtest; i++ {
		add(&Input{Category: "ktest", Files: map[string][]byte{"t.ktest": hostileKtest(r, i)},
			Args: []string{"ktest", "{dir}/t.ktest"}, Expect: Either})
	}
	for i := 0; i < nSpec; i++ {
		name := specNames[i%len(specNames)]
		add(&Input{Category: "spec", Files: map[string][]byte{"suite/" + name + "/spec.yml": mutateSpec(r, s.Specs[name]),
			"suite/" + name + "/" + name + ".c": []byte("#include <klee/klee.h>\nint main(void) { int x; klee_make_symbolic(&x, sizeof x, \"x\"); return x > 3; }\n")},
			Args:   []string{"bench", "--time-limit", MaxTime, "--quiet", "--jobs", "1", "--floatsym", "{floatsym}", "--work-dir", "{out}", "{dir}/suite"},
			Expect: Either})
	}
	for i := 0; i < nProg; i++ {
		p := progs[i%len(progs)]
		variant := i / len(progs)
		src := p.source(variant)
		add(&Input{Category: "program-" + p.category, Files: map[string][]byte{"p" + p.ext(): []byte(src)},
			Args: runArgs("p"+p.ext(), p.flags...), Expect: p.expect, MaxMemoryMB: MaxMemoryMB})
	}
	return out
}

func sortedKeys(m map[string][]byte) []string {
	var k []string
	for n := range m {
		k = append(k, n)
	}
	sort.Strings(k)
	return k
}

// tokens are replacements a text mutation swaps in: types, opcodes,
// numbers at the edges, syntax.
var tokens = []string{"i32", "i64", "i1", "i8*", "double", "float", "x86_fp80", "<4 x float>", "void", "label",
	"add", "fadd", "sdiv", "udiv", "fdiv", "frem", "shl", "call", "ret", "br", "phi", "alloca", "load", "store",
	"getelementptr", "bitcast", "inttoptr", "ptrtoint", "undef", "poison", "zeroinitializer", "null",
	"0", "-1", "4294967296", "9223372036854775807", "18446744073709551616", "1e308", "0x7FF8000000000001",
	"0xK7FFF8000000000000000", "%", "@", "!", "{", "}", "(", ")", ",", "=", "\"", ";", "\n", "\x00", "\xff",
	"declare i32 @llvm.x86.sse2.pmovmskb.128(<16 x i8>)", "call void @llvm.trap()", "unreachable",
	"!dbg !99999", "align 4294967296", "[4294967295 x i8]", "[1099511627776 x double]"}

// mutateText applies one to four random edits to text: flipped bytes,
// dropped, duplicated or swapped lines, a token replaced, a cut.
func mutateText(r *rand.Rand, text []byte) []byte {
	b := append([]byte(nil), text...)
	for k := 1 + r.IntN(4); k > 0 && len(b) > 0; k-- {
		switch r.IntN(7) {
		case 0: // flip bytes
			for j := 1 + r.IntN(3); j > 0; j-- {
				b[r.IntN(len(b))] ^= byte(1 + r.IntN(255))
			}
		case 1, 2: // drop, duplicate or swap lines
			lines := bytes.Split(b, []byte("\n"))
			i, j := r.IntN(len(lines)), r.IntN(len(lines))
			switch r.IntN(3) {
			case 0:
				lines = append(lines[:i], lines[i+1:]...)
			case 1:
				lines = append(lines[:i+1], lines[i:]...)
			default:
				lines[i], lines[j] = lines[j], lines[i]
			}
			b = bytes.Join(lines, []byte("\n"))
		case 3, 4: // replace a token
			fields := bytes.Fields(b)
			if len(fields) == 0 {
				continue
			}
			old := fields[r.IntN(len(fields))]
			b = bytes.Replace(b, old, []byte(tokens[r.IntN(len(tokens))]), 1+r.IntN(2))
		case 5: // insert a token
			i := r.IntN(len(b) + 1)
			b = append(b[:i], append([]byte(" "+tokens[r.IntN(len(tokens))]+" "), b[i:]...)...)
		default: // cut
			b = b[:r.IntN(len(b)+1)]
		}
	}
	return b
}

// mutationPlan is the byte edits for a .bc the runner assembles: pairs
// of (offset fraction, xor value), or a cut when the first byte is odd.
func mutationPlan(r *rand.Rand) []byte {
	p := []byte{byte(r.IntN(256))}
	for j := 1 + r.IntN(6); j > 0; j-- {
		p = append(p, byte(r.IntN(256)), byte(1+r.IntN(255)))
	}
	return p
}

// ApplyPlan mutates bitcode by a mutationPlan: an odd first byte cuts it
// at that fraction; then each pair xors the byte at its fraction.
func ApplyPlan(bc, plan []byte) []byte {
	b := append([]byte(nil), bc...)
	if len(plan) == 0 || len(b) == 0 {
		return b
	}
	if plan[0]%2 == 1 {
		b = b[:len(b)*int(plan[0])/256]
	}
	for i := 1; i+1 < len(plan) && len(b) > 0; i += 2 {
		b[len(b)*int(plan[i])/256] ^= plan[i+1]
	}
	return b
}

// mutateSpec edits a spec.yml: text mutations, or YAML-level ones
// (wrong types, huge or negative numbers, unknown keys, anchors).
func mutateSpec(r *rand.Rand, spec []byte) []byte {
	yamlTokens := []string{"- ", ": ", "{", "[", "]", "null", "~", "-1", "99999999999999999999", "&a", "*a", "!!binary",
		"verification_tasks:", "variants:", "sources: [../../../../etc/passwd]", "sources: [/dev/zero]",
		"schema_version: 1", "language: c++", "dependencies: {gsl: {version: 9}}", "runtime_env: {args: [--sym-arg, 99999]}",
		"correct: maybe", "defines: {A: [1,2]}", "\t", "counter_examples: 3", "'", "\"\\x"}
	if r.IntN(2) == 0 {
		return mutateText(r, spec)
	}
	lines := strings.Split(string(spec), "\n")
	for k := 1 + r.IntN(3); k > 0; k-- {
		i := r.IntN(len(lines))
		t := yamlTokens[r.IntN(len(yamlTokens))]
		switch r.IntN(3) {
		case 0:
			lines[i] += t
		case 1:
			lines = append(lines[:i], append([]string{t}, lines[i:]...)...)
		default:
			lines[i] = strings.Repeat(" ", r.IntN(6)) + t
		}
	}
	return []byte(strings.Join(lines, "\n"))
}
