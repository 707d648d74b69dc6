package ir

import (
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/llir/llvm/asm"
	llir "github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/types"
)

// LoadOptions adjust loading.
type LoadOptions struct {
	// Rewrite transforms the parsed module before it is lowered (the
	// scalarize pass); name is the file for messages.
	Rewrite func(name string, m *llir.Module) error
	// Emit, when set, receives the module as LLVM text after Rewrite.
	Emit io.Writer
}

// LoadFiles parses one or more .ll (or .bc) files and lowers them. Several
// files are first linked into one module with llvm-link-14.
func LoadFiles(paths ...string) (*Module, error) {
	return LoadFilesWith(LoadOptions{}, paths...)
}

// LoadFilesWith is LoadFiles with options.
func LoadFilesWith(opts LoadOptions, paths ...string) (*Module, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("no input files")
	}
	for _, p := range paths {
		if _, err := os.Stat(p); err != nil {
			return nil, fmt.Errorf("input: %w", err)
		}
	}
	src := paths[0]
	if len(paths) > 1 || strings.HasSuffix(src, ".bc") {
		dir, err := os.MkdirTemp("", "floatsym-link-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		out := filepath.Join(dir, "linked.ll")
		args := append([]string{"-S", "-o", out}, paths...)
		if b, err := exec.Command("llvm-link-14", args...).CombinedOutput(); err != nil {
			return nil, fmt.Errorf("llvm-link-14 %s: %v: %s", strings.Join(paths, " "), err, strings.TrimSpace(string(b)))
		}
		src = out
	}
	text, err := os.ReadFile(src)
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", src, err)
	}
	m, err := LoadTextWith(opts, paths[0], string(text))
	if err != nil {
		return nil, err
	}
	return m, nil
}

// LoadText parses and lowers LLVM IR text; name is used in messages.
func LoadText(name, text string) (m *Module, err error) {
	return LoadTextWith(LoadOptions{}, name, text)
}

// LoadTextWith is LoadText with options.
func LoadTextWith(opts LoadOptions, name, text string) (m *Module, err error) {
	fixed, sentinels, literals := protectFloatLiterals(text)
	stage := "parsing"
	defer func() {
		// llir can panic on some malformed inputs; turn that into an error
		// naming the file rather than a crash of the whole tool. A panic
		// after parsing is floatsym's own bug: an InternalError.
		if r := recover(); r != nil {
			m, err = nil, recovered(name, stage, r)
		}
	}()
	mod, err := asm.ParseString(name, fixed)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	stage = "lowering"
	if err := copyByval(mod, &typeLowerer{cache: map[types.Type]*Type{}}); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if opts.Rewrite != nil {
		stage = "rewriting"
		if err := opts.Rewrite(name, mod); err != nil {
			return nil, err
		}
	}
	if opts.Emit != nil {
		stage = "printing"
		if err := emit(opts.Emit, mod, literals); err != nil {
			return nil, err
		}
	}
	stage = "lowering"
	return lowerModule(name, mod, sentinels)
}

// emit prints a module as LLVM text, with unnamed values renumbered (a
// rewrite leaves gaps) and the float literals protectFloatLiterals
// replaced restored.
func emit(w io.Writer, mod *llir.Module, literals map[string]string) error {
	for _, f := range mod.Funcs {
		if f.Blocks == nil {
			continue
		}
		type ided interface {
			IsUnnamed() bool
			SetID(int64)
		}
		reset := func(v interface{}) {
			if n, ok := v.(ided); ok && n.IsUnnamed() {
				n.SetID(0)
			}
		}
		for _, p := range f.Params {
			reset(p)
		}
		for _, b := range f.Blocks {
			reset(b)
			for _, inst := range b.Insts {
				reset(inst)
			}
			reset(b.Term)
		}
		if err := f.AssignIDs(); err != nil {
			return fmt.Errorf("emit @%s: %w", f.Name(), err)
		}
	}
	text := mod.String()
	if len(literals) > 0 {
		pairs := make([]string, 0, 2*len(literals))
		for standIn, orig := range literals {
			pairs = append(pairs, standIn, orig)
		}
		text = strings.NewReplacer(pairs...).Replace(text)
	}
	_, err := io.WriteString(w, text)
	return err
}

// floatSentinels maps stand-in constants back to the exact bit patterns of
// the literals they replaced, per float kind.
type floatSentinels map[arith.Kind]map[arith.Word]arith.Word

var (
	// llir does not parse an alignment among a call's return attributes
	// (`call noalias align 64 i8* @aligned_alloc(...)`); it carries no
	// semantics floatsym needs, so it is dropped before parsing.
	callRetAlignRe = regexp.MustCompile(`(\b(?:call|invoke)(?: [a-z_]+(?:\(\d+\))?)*?) align \d+`)
	hex64Re        = regexp.MustCompile(`0x[0-9A-F]{16}\b`)
	hex80Re        = regexp.MustCompile(`0xK[0-9A-F]{20}\b`)
)

// protectFloatLiterals replaces NaN literals (whose payloads llir drops)
// and every x86_fp80 literal (pseudo-denormals, unnormals, NaNs) with
// ordinary finite stand-ins that llir decodes exactly, and returns how to map
// the stand-ins back. A float constant is printed by LLVM as the double
// with the same value, so its NaN payload is the double's shifted right 29.
func protectFloatLiterals(text string) (string, floatSentinels, map[string]string) {
	literals := map[string]string{}
	text = callRetAlignRe.ReplaceAllString(text, "$1")
	s := floatSentinels{arith.F32: {}, arith.F64: {}, arith.F80: {}}
	next := uint64(1)
	fresh := func(probe func(uint64) string) uint64 {
		for {
			i := next
			next++
			if !strings.Contains(text, probe(i)) {
				return i
			}
		}
	}
	text = hex64Re.ReplaceAllStringFunc(text, func(lit string) string {
		bits, err := strconv.ParseUint(lit[2:], 16, 64)
		if err != nil || !math.IsNaN(math.Float64frombits(bits)) {
			return lit
		}
		// (1 + i/2^20) * 2^100 is exact in both float and double.
		i := fresh(func(i uint64) string { return fmt.Sprintf("0x%016X", uint64(0x463)<<52|i<<32) })
		d := uint64(0x463)<<52 | i<<32
		f := uint64(227)<<23 | i<<3
		s[arith.F64][arith.Word{Lo: d}] = arith.Word{Lo: bits}
		f32 := (bits>>63)<<31 | 0x7F800000 | (bits&(1<<52-1))>>29
		s[arith.F32][arith.Word{Lo: f}] = arith.Word{Lo: f32}
		literals[fmt.Sprintf("0x%016X", d)] = lit
		return fmt.Sprintf("0x%016X", d)
	})
	text = hex80Re.ReplaceAllStringFunc(text, func(lit string) string {
		se, err1 := strconv.ParseUint(lit[3:7], 16, 16)
		mant, err2 := strconv.ParseUint(lit[7:], 16, 64)
		if err1 != nil || err2 != nil {
			return lit
		}
		// Stand-in: 2^100 * (1 + i/2^40), exactly representable.
		i := fresh(func(i uint64) string { return fmt.Sprintf("0xK4063%016X", uint64(1)<<63|i<<23) })
		sm := uint64(1)<<63 | i<<23
		s[arith.F80][arith.Word{Lo: sm, Hi: 0x4063}] = arith.Word{Lo: mant, Hi: se}
		literals[fmt.Sprintf("0xK4063%016X", sm)] = lit
		return fmt.Sprintf("0xK4063%016X", sm)
	})
	return text, s, literals
}
