package absint

import (
	"fmt"
	"strings"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

// errorCalls are the functions whose call is an error site, with the
// executor's kind of error.
var errorCalls = map[string]string{
	"__assert_fail": "assert", "__assert": "assert", "abort": "abort", "klee_abort": "abort",
	"llvm.trap": "abort", "__VERIFIER_error": "abort", "klee_report_error": "reporterror",
}

// calleeName is the name of a direct call's callee, or "".
func (a *Analyzer) calleeName(in *ir.Inst) string {
	if in.Op != ir.OpCall || in.Callee < 0 {
		return ""
	}
	return a.m.Funcs[in.Callee].Name
}

// errorCallKind is the error kind of a call to an error function, or "".
func (a *Analyzer) errorCallKind(in *ir.Inst) string {
	name := a.calleeName(in)
	if f := a.m.FuncByName[name]; f != nil && !f.IsDeclaration() {
		return ""
	}
	if name == "__VERIFIER_assert" {
		return "assert"
	}
	return errorCalls[name]
}

// call transfers a call: inlined analysis of a defined callee, a model of
// a known external, or unsupported.
func (a *Analyzer) call(cx *bctx, s *state, in *ir.Inst) (bool, error) {
	if in.Callee < 0 {
		return false, a.unsupported(cx.f, in.Loc, "an indirect call")
	}
	f := a.m.Funcs[in.Callee]
	args := make([]Val, len(in.Args))
	for i, o := range in.Args {
		v, err := a.get(s, o)
		if err != nil {
			return false, err
		}
		if v.IsBottom() {
			return false, nil
		}
		args[i] = v
	}
	if !f.IsDeclaration() {
		if len(args) != len(f.Params) {
			return false, a.unsupported(cx.f, in.Loc, "a variadic call of %s", f.Name)
		}
		a.calls, a.frames = append(a.calls, in), append(a.frames, s.regs) // heap.go
		rv, ret, err := a.analyseFunc(f, args, s)
		a.calls, a.frames = a.calls[:len(a.calls)-1], a.frames[:len(a.frames)-1]
		if err != nil || ret == nil {
			return false, err
		}
		s.mem, s.modes = ret.mem, ret.modes
		if in.Dst >= 0 && rv.Kind == VNone {
			return false, nil
		}
		set(s, in, rv)
		return true, nil
	}
	return a.external(cx, s, in, f.Name, args)
}

// external models a declared function.
func (a *Analyzer) external(cx *bctx, s *state, in *ir.Inst, name string, args []Val) (bool, error) {
	if kind, ok := errorCalls[name]; ok {
		a.site(in.Loc, kind, true, name+" is called")
		return false, nil
	}
	if ok, handled, err := a.heapCall(cx, s, in, name, args); handled {
		return ok, err // heap.go
	}
	ret := func(v Val) (bool, error) { set(s, in, v); return true, nil }
	top := func() (bool, error) {
		if in.Dst < 0 {
			return true, nil
		}
		v, err := topOf(in.T)
		if err != nil {
			return false, a.unsupported(cx.f, in.Loc, "%s returning %v", name, err)
		}
		return ret(v)
	}
	base := name
	if strings.HasPrefix(name, "llvm.") {
		if i := strings.LastIndex(name, "."); i > 4 && isTypeSuffix(name[i+1:]) {
			base = name[:i]
		}
		for strings.HasPrefix(base, "llvm.mem") && strings.Count(base, ".") > 1 {
			base = base[:strings.LastIndex(base, ".")]
		}
	}
	switch {
	case a.cfg.Observe && strings.HasPrefix(name, "absint_observe_") && len(args) == 2 && args[0].Kind == VFloat:
		if a.record {
			if line, ok := args[1].I.Single(); ok {
				if old, ok := a.obs[int(line)]; ok {
					a.obs[int(line)] = old.Join(args[0].F)
				} else {
					a.obs[int(line)] = args[0].F
				}
			}
		}
		return true, nil
	case strings.HasPrefix(name, "__VERIFIER_nondet_"), name == "klee_int":
		if strings.HasSuffix(name, "_bool") && in.T.Kind == ir.IntType {
			return ret(intVal(IRange(in.T.Bits, 0, 1)))
		}
		return top()
	case name == "__VERIFIER_assume" || name == "klee_assume":
		if !a.refine(cx, s, in.Args[0], true) {
			return false, nil
		}
		return true, nil
	case name == "__VERIFIER_assert":
		c := args[0]
		canFail := c.Kind != VInt || (c.I.Lo <= 0 && 0 <= c.I.Hi)
		a.site(in.Loc, "assert", canFail, "the asserted value may be 0: "+c.String())
		return a.refine(cx, s, in.Args[0], true), nil
	case name == "exit" || name == "_exit" || name == "_Exit" || name == "klee_silent_exit":
		return false, nil
	case name == "klee_make_symbolic":
		p := args[0].P
		if p.Unknown || !p.HasObj {
			return false, a.unsupported(cx.f, in.Loc, "klee_make_symbolic on an unresolved pointer")
		}
		n, okN := args[1].I.Single()
		bad := !okN || n < 0 || p.Off.Lo < 0 || p.Off.Hi+n > a.guaranteedBytes(s.mem, p.Obj)
		a.site(in.Loc, "ptr", bad, "klee_make_symbolic's object may be too small")
		a.makeSymbolic(s, p, n, okN) // heap.go
		return true, nil
	case name == "klee_range":
		lo, hi := args[0].I, args[1].I
		bad := lo.Empty || hi.Empty || hi.Lo <= lo.Hi
		a.site(in.Loc, "user", bad, "klee_range's bounds may be empty")
		if hi.Hi <= lo.Lo {
			return false, nil
		}
		// Bounds read as int32 by the executor.
		return ret(intVal(IRange(in.T.Bits, max(lo.Lo, irlo(32)), min(hi.Hi-1, irhi(32)))))
	case base == "llvm.fabs" || name == "fabs" || name == "fabsf" || name == "fabsl":
		return ret(fltVal(Abs(args[0].F)))
	case base == "llvm.sqrt" || name == "sqrt" || name == "sqrtf" || name == "sqrtl":
		return ret(fltVal(Sqrt(s.modes, args[0].F)))
	case base == "llvm.fmuladd" || base == "llvm.fma" || name == "fma" || name == "fmaf" || name == "fmal":
		// Fused or not: both are within the product and sum rounded down
		// for the lower bound and up for the upper one.
		p := Bin(FMul, AllModes, args[0].F, args[1].F)
		return ret(fltVal(Bin(FAdd, AllModes, p, args[2].F)))
	case name == "fesetround":
		if v, ok := args[0].I.Single(); ok {
			if rm, ok := arith.RoundingModeFromFenv(int(v)); ok {
				s.modes = ModeOf(rm)
				return ret(intVal(IRange(32, 0, 0)))
			}
			return ret(intVal(IRange(32, 1, 1)))
		}
		s.modes = AllModes
		return ret(intVal(IRange(32, 0, 1)))
	case name == "fegetround":
		r := IBottom(32)
		for m := arith.RoundingMode(0); m < 4; m++ {
			if s.modes&ModeOf(m) != 0 {
				v := int64(m.FenvValue())
				r = r.Join(IRange(32, v, v))
			}
		}
		return ret(intVal(r))
	case base == "llvm.memset" || base == "llvm.memcpy" || base == "llvm.memmove":
		p := args[0].P
		if p.Unknown || !p.HasObj || p.Null {
			return false, a.unsupported(cx.f, in.Loc, "%s on an unresolved pointer", name)
		}
		// In bounds only when the length is known and fits both objects.
		n, okN := args[2].I.Single()
		bad := !okN || n < 0 || p.Off.Lo < 0 || p.Off.Hi+n > a.guaranteedBytes(s.mem, p.Obj)
		if base != "llvm.memset" {
			q := args[1].P
			bad = bad || q.Unknown || q.Null || !q.HasObj || q.Off.Lo < 0 ||
				q.Off.Hi+n > a.guaranteedBytes(s.mem, q.Obj)
		}
		a.site(in.Loc, "ptr", bad, name+" may access out of bounds")
		s.mem.havocObj(p.Obj)
		return true, nil
	case name == "printf" || name == "puts" || name == "putchar":
		// Output only (%n is not modelled).
		return top()
	}
	return false, a.unsupported(cx.f, in.Loc, "a call of the external function %s", name)
}

func isTypeSuffix(s string) bool {
	return s == "f32" || s == "f64" || s == "f80" || strings.HasPrefix(s, "i") || strings.HasPrefix(s, "p0")
}

var _ = fmt.Sprintf
