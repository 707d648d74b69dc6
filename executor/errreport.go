package executor

import (
	"bufio"
	"fmt"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/solver"
	"github.com/floatsym/floatsym/solver/expr"
)

// What a .err file says beyond the error itself, as KLEE's do: the line of
// the failing instruction in assembly.ll and a stack whose frames carry
// their assembly.ll line and argument values.

// asmIndex locates instructions in the module's .ll text (assembly.ll)
// by function and debug location, and names parameters from the debug
// info.
type asmIndex struct {
	// line is the first assembly.ll line of an instruction of a function
	// at a source line and column.
	line map[asmKey]int
	// params are each function's parameter names (by DISubprogram name).
	params map[string][]string
}

// asmKey is a function, a source position and the instruction's opcode
// (a call's with its callee, "call @f"); op "" is any instruction there.
type asmKey struct {
	fn        string
	line, col int32
	op        string
}

// asmOpcode reads the opcode of an instruction line ("call @f" for a
// direct call).
func asmOpcode(l string) string {
	l = strings.TrimSpace(l)
	if strings.HasPrefix(l, "%") {
		if _, r, ok := strings.Cut(l, " = "); ok {
			l = r
		}
	}
	for _, p := range []string{"tail ", "musttail ", "notail "} {
		l = strings.TrimPrefix(l, p)
	}
	op, _, _ := strings.Cut(l, " ")
	if op == "call" {
		if m := calleeRE.FindStringSubmatch(l); m != nil {
			return "call @" + strings.Trim(m[1], `"`)
		}
	}
	return op
}

var (
	defineRE  = regexp.MustCompile(`^define .*?@("(?:[^"]+)"|[-a-zA-Z$._0-9]+)\(`)
	dbgRE     = regexp.MustCompile(`!dbg !(\d+)`)
	dilocRE   = regexp.MustCompile(`^!(\d+) = (?:distinct )?!DILocation\(line: (\d+), column: (\d+)`)
	divarRE   = regexp.MustCompile(`^!\d+ = !DILocalVariable\(name: "([^"]*)", arg: (\d+), scope: !(\d+)`)
	disubRE   = regexp.MustCompile(`^!(\d+) = distinct !DISubprogram\(name: "([^"]*)"`)
	inlinedRE = regexp.MustCompile(`inlinedAt:`)
	calleeRE  = regexp.MustCompile(`@("(?:[^"]+)"|[-a-zA-Z$._0-9]+)\(`)
)

// loadAsmIndex reads a .ll file; an unreadable one gives an empty index
// (lines 0, no names).
func loadAsmIndex(path string) *asmIndex {
	ix := &asmIndex{line: map[asmKey]int{}, params: map[string][]string{}}
	f, err := os.Open(path)
	if err != nil {
		return ix
	}
	defer f.Close()
	type use struct {
		fn   string
		md   int
		line int
		op   string
	}
	var uses []use
	locs := map[int][2]int32{}
	subs := map[int]string{}
	type arg struct {
		name  string
		index int
		scope int
	}
	var args []arg
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	fn := ""
	for n := 1; sc.Scan(); n++ {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "define "):
			if m := defineRE.FindStringSubmatch(l); m != nil {
				fn = strings.Trim(m[1], `"`)
			}
		case l == "}":
			fn = ""
		case fn != "":
			if m := dbgRE.FindStringSubmatch(l); m != nil {
				id, _ := strconv.Atoi(m[1])
				uses = append(uses, use{fn, id, n, asmOpcode(l)})
			}
		case strings.HasPrefix(l, "!"):
			if m := dilocRE.FindStringSubmatch(l); m != nil && !inlinedRE.MatchString(l) {
				id, _ := strconv.Atoi(m[1])
				ln, _ := strconv.Atoi(m[2])
				col, _ := strconv.Atoi(m[3])
				locs[id] = [2]int32{int32(ln), int32(col)}
			} else if m := divarRE.FindStringSubmatch(l); m != nil {
				i, _ := strconv.Atoi(m[2])
				sc, _ := strconv.Atoi(m[3])
				args = append(args, arg{m[1], i, sc})
			} else if m := disubRE.FindStringSubmatch(l); m != nil {
				id, _ := strconv.Atoi(m[1])
				subs[id] = m[2]
			}
		}
	}
	for _, u := range uses {
		if lc, ok := locs[u.md]; ok {
			for _, k := range []asmKey{{u.fn, lc[0], lc[1], u.op}, {u.fn, lc[0], lc[1], ""}} {
				if _, seen := ix.line[k]; !seen {
					ix.line[k] = u.line
				}
			}
		}
	}
	for _, a := range args {
		name := subs[a.scope]
		if name == "" || a.index < 1 {
			continue
		}
		ps := ix.params[name]
		for len(ps) < a.index {
			ps = append(ps, "")
		}
		ps[a.index-1] = a.name
		ix.params[name] = ps
	}
	return ix
}

// asmLine is the assembly.ll line of an instruction of fn (0: unknown).
func (e *Executor) asmLine(fn string, in *ir.Inst) int {
	if in == nil || e.m.Source == "" {
		return 0
	}
	if e.asm == nil {
		e.asm = loadAsmIndex(e.m.Source)
	}
	op := in.Op.String()
	if in.Op == ir.OpCall && in.Callee >= 0 && int(in.Callee) < len(e.m.Funcs) {
		op = "call @" + e.m.Funcs[in.Callee].Name
	}
	if n, ok := e.asm.line[asmKey{fn, in.Loc.Line, in.Loc.Col, op}]; ok {
		return n
	}
	return e.asm.line[asmKey{fn, in.Loc.Line, in.Loc.Col, ""}]
}

// frameArgs keeps a frame's argument values for the report (the
// registers are reused once the frame is popped).
func frameArgs(fr *StackFrame) []Value {
	n := min(len(fr.Fn.Params), len(fr.Regs))
	return append([]Value(nil), fr.Regs[:n]...)
}

// describeArgs writes each frame's arguments as name=value, symbolic ones
// evaluated under the test's model m (nil: no model; shown as "?").
func (e *Executor) describeArgs(t *Termination, m solver.Model) {
	for i := range t.Stack {
		f := &t.Stack[i]
		if f.fn == nil {
			continue
		}
		var names []string
		if e.asm != nil {
			names = e.asm.params[f.Func]
		}
		f.Args = f.Args[:0]
		for j, v := range f.argVals {
			name := fmt.Sprintf("arg%d", j+1)
			if j < len(names) && names[j] != "" {
				name = names[j]
			}
			f.Args = append(f.Args, name+"="+formatArg(v, f.fn.Params[j], m))
		}
	}
}

// formatArg writes a value of type t: decimal for integers and floats
// (%g), hex for pointers, "{...}" for aggregates.
func formatArg(v Value, t *ir.Type, m solver.Model) string {
	if v.Agg != nil {
		return "{...}"
	}
	w := v.W
	if v.E != nil {
		if m == nil {
			return "?"
		}
		w = expr.NewEvaluator(m).Eval(v.E)
	}
	switch t.Kind {
	case ir.FloatType:
		switch t.Bits {
		case 32:
			return strconv.FormatFloat(float64(math.Float32frombits(uint32(w.Lo))), 'g', -1, 32)
		case 64:
			return strconv.FormatFloat(math.Float64frombits(w.Lo), 'g', -1, 64)
		default:
			return arith.Format(t.FK, w)
		}
	case ir.IntType:
		if t.Bits == 1 {
			return strconv.FormatUint(w.Lo&1, 10)
		}
		if t.Bits <= 64 {
			sh := 64 - uint(t.Bits)
			return strconv.FormatInt(int64(w.Lo<<sh)>>sh, 10)
		}
	case ir.PtrType:
		return fmt.Sprintf("%#x", w.Lo)
	}
	return fmt.Sprintf("%#x", w.Lo)
}
