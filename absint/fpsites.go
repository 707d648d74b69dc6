package absint

import (
	"strings"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

// --check-fp's exception sites as proof obligations. With Config.CheckFP
// (IEEE flags) or CheckFPConv set, every instruction that may raise a
// checked flag is an error site, as it is for the executor (fpexc.go):
// fadd/fsub/fmul/fdiv/frem, fcmp, fpext/fptrunc/fptosi/fptoui,
// sitofp/uitofp and the
// modelled calls sqrt and fma/fmuladd. Each condition is decided from the
// operands' abstract values through the (sound) transfer functions, so a
// site called unreachable raises its flag on no execution:
//
//   - invalid: an operand may be NaN (a signaling NaN raises it; the
//     analysis does not tell quiet from signaling), or the operation on
//     the non-NaN parts of its operands may give NaN (∞ − ∞, 0·∞, 0/0,
//     ∞/∞, x rem 0, ∞ rem y, the square root of a negative); a conversion
//     to an integer of NaN, ±INF or a value that may not fit;
//   - divbyzero: fdiv of a dividend that may be finite and nonzero by a
//     divisor that may be zero;
//   - overflow: the operation on the finite parts of its operands may give
//     ±INF or ±the largest finite value (directed modes stop an overflow
//     there), for fma also the unfused product;
//   - fpconv (CheckFPConv): fptosi/fptoui of NaN or of a value that may
//     not fit, as for invalid;
//   - underflow and inexact (fpsites_uf.go): the operation may be
//     inexact, decided with the exactness grid (fpgrid.go); for
//     underflow, also its exact result may be nonzero and tiny. sitofp
//     and uitofp are sites too (they raise inexact).

// fpChecked reports whether any exception site is checked.
func (a *Analyzer) fpChecked() bool { return a.cfg.CheckFP != 0 || a.cfg.CheckFPConv }

// finitePart is v's finite values only.
func finitePart(v FVal) FVal {
	v.NaN, v.PInf, v.NInf = false, false, false
	return v
}

// nonNaN is v without NaN.
func nonNaN(v FVal) FVal {
	v.NaN = false
	return v
}

// overflows reports whether r, a result computed from finite operands,
// may be an overflow's: ±INF, or ±the largest finite value.
func overflows(r FVal) bool {
	if r.PInf || r.NInf {
		return true
	}
	if r.Empty {
		return false
	}
	mx := maxFinite(r.K)
	return !flt(r.K, r.Hi, mx) || !flt(r.K, arith.FNeg(r.K, mx), r.Lo)
}

// maybeNonzeroFinite reports whether v holds a finite nonzero value.
func maybeNonzeroFinite(v FVal) bool {
	return !v.Empty && !(arith.IsZero(v.K, v.Lo) && arith.IsZero(v.K, v.Hi))
}

// maybeZero reports whether v holds a zero.
func maybeZero(v FVal) bool {
	return !v.Empty && fle(v.K, v.Lo, zero(v.K)) && fle(v.K, zero(v.K), v.Hi)
}

// binFlags is the flags an arithmetic operation on x and y may raise.
func binFlags(op FBinOp, ms Modes, x, y FVal) arith.Flags {
	var f arith.Flags
	if x.NaN || y.NaN || Bin(op, ms, nonNaN(x), nonNaN(y)).NaN {
		f |= arith.FlagInvalid
	}
	if op == FDiv && maybeZero(y) && maybeNonzeroFinite(x) {
		f |= arith.FlagDivByZero
	}
	if fx, fy := finitePart(x), finitePart(y); !fx.Empty && !fy.Empty && overflows(Bin(op, ms, fx, fy)) {
		f |= arith.FlagOverflow
	}
	return f
}

// fmaFlags is the flags of fma/fmuladd (fused or not) on x, y, z.
func fmaFlags(x, y, z FVal) arith.Flags {
	var f arith.Flags
	p := Bin(FMul, AllModes, nonNaN(x), nonNaN(y))
	if x.NaN || y.NaN || z.NaN || p.NaN || Bin(FAdd, AllModes, p, nonNaN(z)).NaN {
		f |= arith.FlagInvalid
	}
	fx, fy, fz := finitePart(x), finitePart(y), finitePart(z)
	if !fx.Empty && !fy.Empty {
		fp := Bin(FMul, AllModes, fx, fy)
		if overflows(fp) || (!fz.Empty && overflows(Bin(FAdd, AllModes, finitePart(fp), fz))) {
			f |= arith.FlagOverflow
		}
	}
	return f
}

// sqrtFlags is the flags sqrt of x may raise: invalid for NaN, −INF or
// a negative number (−0 is not).
func sqrtFlags(x FVal) arith.Flags {
	if x.NaN || x.NInf || (!x.Empty && flt(x.K, x.Lo, zero(x.K))) {
		return arith.FlagInvalid
	}
	return 0
}

// convFlags is the flags a conversion of x (fpext, fptrunc, fptosi,
// fptoui) to type to may raise, and whether fpconv's condition may hold.
func convFlags(op ir.Op, ms Modes, x FVal, to *ir.Type) (arith.Flags, bool) {
	var f arith.Flags
	switch op {
	case ir.OpFPExt:
		if x.NaN {
			f = arith.FlagInvalid
		}
	case ir.OpFPTrunc:
		if x.NaN {
			f = arith.FlagInvalid
		}
		if fx := finitePart(x); !fx.Empty && overflows(Trunc(ms, fx, to.FK)) {
			f |= arith.FlagOverflow
		}
	default:
		if toIntBad(x, to.Bits, op == ir.OpFPToUI) {
			return arith.FlagInvalid, true
		}
	}
	return f, false
}

// toIntBad reports whether fptosi/fptoui of x may be of NaN, ±INF or a
// value that does not fit (invalid; undefined in C).
func toIntBad(x FVal, bits int, unsigned bool) bool {
	if x.NaN || x.PInf || x.NInf {
		return true
	}
	if x.Empty {
		return false
	}
	r := ToInt(x, bits, unsigned)
	return r.IsTop()
}

// fpSites records the exception sites of instruction in (before it runs).
func (a *Analyzer) fpSites(s *state, in *ir.Inst) error {
	var f arith.Flags
	conv, isSite := false, fpSiteOp(in)
	on := "" // the operands, for the reason
	fv := func(o ir.Operand) (FVal, bool, error) {
		v, err := a.get(s, o)
		if err != nil || v.Kind != VFloat {
			return FVal{}, false, err
		}
		return v.F, true, nil
	}
	switch in.Op {
	case ir.OpFAdd, ir.OpFSub, ir.OpFMul, ir.OpFDiv, ir.OpFRem:
		x, ok1, err := fv(in.A)
		if err != nil {
			return err
		}
		y, ok2, err := fv(in.B)
		if err != nil || !ok1 || !ok2 {
			return err
		}
		f = binFlags(fops[in.Op], s.modes, x, y) | binUF(fops[in.Op], s.modes, x, y)
		on = " (operands " + x.String() + ", " + y.String() + ")"
	case ir.OpFCmp:
		x, ok1, err := fv(in.A)
		if err != nil {
			return err
		}
		y, ok2, err := fv(in.B)
		if err != nil || !ok1 || !ok2 {
			return err
		}
		if x.NaN || y.NaN {
			f = arith.FlagInvalid
		}
	case ir.OpFPExt, ir.OpFPTrunc, ir.OpFPToSI, ir.OpFPToUI:
		x, ok, err := fv(in.A)
		if err != nil || !ok {
			return err
		}
		f, conv = convFlags(in.Op, s.modes, x, in.T)
		on = " (operand " + x.String() + ")"
		f |= convUF(in.Op, s.modes, x, in.T)
	case ir.OpSIToFP, ir.OpUIToFP:
		v, err := a.get(s, in.A)
		if err != nil {
			return err
		}
		f = arith.AllFlags
		if v.Kind == VInt && in.T.Kind == ir.FloatType {
			f = intToFPUF(s.modes, v.I, in.T.FK, in.Op == ir.OpUIToFP)
			on = " (operand " + v.I.String() + ")"
		}
	case ir.OpCall:
		name := a.calleeName(in)
		if strings.HasPrefix(name, "llvm.") {
			if i := strings.LastIndex(name, "."); i > 4 && isTypeSuffix(name[i+1:]) {
				name = name[:i]
			}
		}
		var args []FVal
		for _, o := range in.Args {
			x, ok, err := fv(o)
			if err != nil {
				return err
			}
			if ok {
				args = append(args, x)
			}
		}
		switch {
		case (name == "llvm.sqrt" || name == "sqrt" || name == "sqrtf" || name == "sqrtl") && len(args) == 1:
			f, isSite = sqrtFlags(args[0])|sqrtUF(s.modes, args[0]), true
		case (name == "llvm.fma" || name == "llvm.fmuladd" || name == "fma" || name == "fmaf" || name == "fmal") && len(args) == 3:
			f, isSite = fmaFlags(args[0], args[1], args[2])|fmaUF(s.modes, args[0], args[1], args[2]), true
		}
	}
	for _, g := range arith.FlagList {
		if a.cfg.CheckFP&g != 0 && isSite {
			a.site(in.Loc, "fp-"+g.String(), f&g != 0, fpOpName(in)+" may raise "+g.String()+on)
		}
	}
	if a.cfg.CheckFPConv && (in.Op == ir.OpFPToSI || in.Op == ir.OpFPToUI) {
		a.site(in.Loc, "fpconv", conv, "the conversion's operand may be NaN or out of range")
	}
	return nil
}

// fpOpName names an instruction for a site's reason: the callee of a call.
func fpOpName(in *ir.Inst) string {
	if in.Op == ir.OpCall {
		return "the call"
	}
	return strings.ToLower(in.Op.String())
}

// fpSiteOp reports whether in is an operation the executor checks flags of.
func fpSiteOp(in *ir.Inst) bool {
	switch in.Op {
	case ir.OpFAdd, ir.OpFSub, ir.OpFMul, ir.OpFDiv, ir.OpFRem, ir.OpFCmp, ir.OpFPExt, ir.OpFPTrunc, ir.OpFPToSI, ir.OpFPToUI,
		ir.OpSIToFP, ir.OpUIToFP:
		return true
	}
	return false
}
