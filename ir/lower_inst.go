package ir

import (
	"fmt"
	"strings"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/llir/llvm/ir"
	"github.com/llir/llvm/ir/constant"
	"github.com/llir/llvm/ir/enum"
	"github.com/llir/llvm/ir/metadata"
	"github.com/llir/llvm/ir/types"
	"github.com/llir/llvm/ir/value"
)

func ipred(p enum.IPred) arith.IPred {
	switch p {
	case enum.IPredEQ:
		return arith.IEQ
	case enum.IPredNE:
		return arith.INE
	case enum.IPredUGT:
		return arith.IUGT
	case enum.IPredUGE:
		return arith.IUGE
	case enum.IPredULT:
		return arith.IULT
	case enum.IPredULE:
		return arith.IULE
	case enum.IPredSGT:
		return arith.ISGT
	case enum.IPredSGE:
		return arith.ISGE
	case enum.IPredSLT:
		return arith.ISLT
	}
	return arith.ISLE
}

// fpredByName maps LLVM's fcmp predicate names to LLVM's numbering.
var fpredByName = map[string]uint8{
	"false": 0, "oeq": 1, "ogt": 2, "oge": 3, "olt": 4, "ole": 5, "one": 6, "ord": 7,
	"uno": 8, "ueq": 9, "ugt": 10, "uge": 11, "ult": 12, "ule": 13, "une": 14, "true": 15,
}

// hasNSW reports whether an instruction's overflow flags include nsw.
func hasNSW(flags []enum.OverflowFlag) bool {
	for _, f := range flags {
		if f == enum.OverflowFlagNSW {
			return true
		}
	}
	return false
}

type binaryInst interface {
	value.Value
	MDAttachments() []*metadata.Attachment
}

// lowerInst lowers one non-phi instruction; keep is false for instructions
// that have no run-time effect (debug intrinsics, lifetime markers).
func (fl *funcLowerer) lowerInst(inst ir.Instruction) (in Inst, keep bool, err error) {
	in = Inst{Dst: -1, A: NoOperand, B: NoOperand, C: NoOperand, Callee: -1}
	if m, ok := inst.(interface {
		MDAttachments() []*metadata.Attachment
	}); ok {
		in.Loc = fl.loc(m.MDAttachments())
	}
	if v, ok := inst.(value.Value); ok {
		if r, ok := fl.regs[v]; ok {
			in.Dst = r
			in.T = fl.f.RegType[r]
		}
	}
	fail := func(err error) (Inst, bool, error) { return in, false, fl.errorf(inst, "%w", err) }
	ops := func(vs ...value.Value) error {
		dst := []*Operand{&in.A, &in.B, &in.C}
		for i, v := range vs {
			o, err := fl.operand(v)
			if err != nil {
				return err
			}
			*dst[i] = o
		}
		return nil
	}
	bin := func(op Op, x, y value.Value) (Inst, bool, error) {
		in.Op = op
		if err := ops(x, y); err != nil {
			return fail(err)
		}
		t, err := fl.typeOf(x)
		if err != nil {
			return fail(err)
		}
		if t.Kind == VectorType {
			return fail(fmt.Errorf("vector operations are not supported by ir alone (package scalarize rewrites them first)"))
		}
		in.Bits = int32(t.Bits)
		in.FK = t.FK
		return in, true, nil
	}
	conv := func(op Op, from value.Value) (Inst, bool, error) {
		in.Op = op
		if err := ops(from); err != nil {
			return fail(err)
		}
		ft, err := fl.typeOf(from)
		if err != nil {
			return fail(err)
		}
		if ft.Kind == VectorType || in.T.Kind == VectorType {
			return fail(fmt.Errorf("vector conversions are not supported by ir alone (package scalarize rewrites them first)"))
		}
		in.From = ft
		in.Bits = int32(in.T.Bits)
		in.FK = in.T.FK
		return in, true, nil
	}
	switch i := inst.(type) {
	case *ir.InstAdd:
		in.NSW = hasNSW(i.OverflowFlags)
		return bin(OpAdd, i.X, i.Y)
	case *ir.InstSub:
		in.NSW = hasNSW(i.OverflowFlags)
		return bin(OpSub, i.X, i.Y)
	case *ir.InstMul:
		in.NSW = hasNSW(i.OverflowFlags)
		return bin(OpMul, i.X, i.Y)
	case *ir.InstUDiv:
		return bin(OpUDiv, i.X, i.Y)
	case *ir.InstSDiv:
		return bin(OpSDiv, i.X, i.Y)
	case *ir.InstURem:
		return bin(OpURem, i.X, i.Y)
	case *ir.InstSRem:
		return bin(OpSRem, i.X, i.Y)
	case *ir.InstShl:
		in.NSW = hasNSW(i.OverflowFlags)
		return bin(OpShl, i.X, i.Y)
	case *ir.InstLShr:
		return bin(OpLShr, i.X, i.Y)
	case *ir.InstAShr:
		return bin(OpAShr, i.X, i.Y)
	case *ir.InstAnd:
		return bin(OpAnd, i.X, i.Y)
	case *ir.InstOr:
		return bin(OpOr, i.X, i.Y)
	case *ir.InstXor:
		return bin(OpXor, i.X, i.Y)
	case *ir.InstFAdd:
		return bin(OpFAdd, i.X, i.Y)
	case *ir.InstFSub:
		return bin(OpFSub, i.X, i.Y)
	case *ir.InstFMul:
		return bin(OpFMul, i.X, i.Y)
	case *ir.InstFDiv:
		return bin(OpFDiv, i.X, i.Y)
	case *ir.InstFRem:
		return bin(OpFRem, i.X, i.Y)
	case *ir.InstFNeg:
		in.Op = OpFNeg
		if err := ops(i.X); err != nil {
			return fail(err)
		}
		in.FK = in.T.FK
		if in.T.Kind != FloatType {
			return fail(fmt.Errorf("vector operations are not supported by ir alone (package scalarize rewrites them first)"))
		}
		return in, true, nil
	case *ir.InstICmp:
		in.Pred = uint8(ipred(i.Pred))
		return bin(OpICmp, i.X, i.Y)
	case *ir.InstFCmp:
		in.Pred = fpredByName[i.Pred.String()]
		return bin(OpFCmp, i.X, i.Y)
	case *ir.InstTrunc:
		return conv(OpTrunc, i.From)
	case *ir.InstZExt:
		return conv(OpZExt, i.From)
	case *ir.InstSExt:
		return conv(OpSExt, i.From)
	case *ir.InstFPTrunc:
		return conv(OpFPTrunc, i.From)
	case *ir.InstFPExt:
		return conv(OpFPExt, i.From)
	case *ir.InstFPToUI:
		return conv(OpFPToUI, i.From)
	case *ir.InstFPToSI:
		return conv(OpFPToSI, i.From)
	case *ir.InstUIToFP:
		return conv(OpUIToFP, i.From)
	case *ir.InstSIToFP:
		return conv(OpSIToFP, i.From)
	case *ir.InstPtrToInt:
		return conv(OpPtrToInt, i.From)
	case *ir.InstIntToPtr:
		return conv(OpIntToPtr, i.From)
	case *ir.InstBitCast:
		return conv(OpBitCast, i.From)
	case *ir.InstAddrSpaceCast:
		return conv(OpBitCast, i.From)
	case *ir.InstFreeze:
		in.Op = OpFreeze
		if err := ops(i.X); err != nil {
			return fail(err)
		}
		return in, true, nil
	case *ir.InstSelect:
		in.Op = OpSelect
		if err := ops(i.Cond, i.ValueTrue, i.ValueFalse); err != nil {
			return fail(err)
		}
		if ct, _ := fl.typeOf(i.Cond); ct != nil && ct.Kind == VectorType {
			return fail(fmt.Errorf("vector select is not supported by ir alone (package scalarize rewrites them first)"))
		}
		return in, true, nil
	case *ir.InstAlloca:
		in.Op = OpAlloca
		t, err := fl.types.lower(i.ElemType)
		if err != nil {
			return fail(err)
		}
		in.From = t
		in.Offset = int64(i.Align)
		if i.NElems != nil {
			if err := ops(i.NElems); err != nil {
				return fail(err)
			}
			nt, err := fl.typeOf(i.NElems)
			if err != nil {
				return fail(err)
			}
			in.Bits = int32(nt.Bits)
		}
		return in, true, nil
	case *ir.InstLoad:
		in.Op = OpLoad
		if err := ops(i.Src); err != nil {
			return fail(err)
		}
		if in.T.Kind == VectorType {
			return fail(fmt.Errorf("vector loads are not supported by ir alone (package scalarize rewrites them first)"))
		}
		return in, true, nil
	case *ir.InstStore:
		in.Op = OpStore
		if err := ops(i.Src, i.Dst); err != nil {
			return fail(err)
		}
		t, err := fl.typeOf(i.Src)
		if err != nil {
			return fail(err)
		}
		if t.Kind == VectorType {
			return fail(fmt.Errorf("vector stores are not supported by ir alone (package scalarize rewrites them first)"))
		}
		in.T = t
		return in, true, nil
	case *ir.InstGetElementPtr:
		return fl.lowerGEP(in, i, fail)
	case *ir.InstExtractValue:
		in.Op = OpExtractValue
		if err := ops(i.X); err != nil {
			return fail(err)
		}
		at, err := fl.typeOf(i.X)
		if err != nil {
			return fail(err)
		}
		lo, hi, _, err := at.LeafRange(i.Indices)
		if err != nil {
			return fail(err)
		}
		in.LeafLo, in.LeafHi = int32(lo), int32(hi)
		return in, true, nil
	case *ir.InstInsertValue:
		in.Op = OpInsertValue
		if err := ops(i.X, i.Elem); err != nil {
			return fail(err)
		}
		lo, hi, _, err := in.T.LeafRange(i.Indices)
		if err != nil {
			return fail(err)
		}
		in.LeafLo, in.LeafHi = int32(lo), int32(hi)
		return in, true, nil
	case *ir.InstVAArg:
		in.Op = OpVAArg
		if err := ops(i.ArgList); err != nil {
			return fail(err)
		}
		return in, true, nil
	case *ir.InstFence:
		in.Op = OpFence
		return in, false, nil
	case *ir.InstAtomicRMW:
		in.Op = OpAtomicRMW
		in.Pred = uint8(i.Op)
		if err := ops(i.Dst, i.X); err != nil {
			return fail(err)
		}
		t, err := fl.typeOf(i.X)
		if err != nil {
			return fail(err)
		}
		in.Bits, in.FK = int32(t.Bits), t.FK
		return in, true, nil
	case *ir.InstCmpXchg:
		in.Op = OpCmpXchg
		if err := ops(i.Ptr, i.Cmp, i.New); err != nil {
			return fail(err)
		}
		t, err := fl.typeOf(i.Cmp)
		if err != nil {
			return fail(err)
		}
		in.From = t
		in.Bits = int32(t.Bits)
		return in, true, nil
	case *ir.InstCall:
		return fl.lowerCall(in, i, fail)
	case *ir.InstExtractElement, *ir.InstInsertElement, *ir.InstShuffleVector:
		return fail(fmt.Errorf("vector instructions are not supported by ir alone (package scalarize rewrites them first)"))
	}
	return fail(fmt.Errorf("instruction is not supported"))
}

// AtomicRMW operation codes (llir's enum.AtomicOp values).
const (
	AtomicXchg = uint8(enum.AtomicOpXChg)
	AtomicAdd  = uint8(enum.AtomicOpAdd)
	AtomicSub  = uint8(enum.AtomicOpSub)
	AtomicAnd  = uint8(enum.AtomicOpAnd)
	AtomicNand = uint8(enum.AtomicOpNAnd)
	AtomicOr   = uint8(enum.AtomicOpOr)
	AtomicXor  = uint8(enum.AtomicOpXor)
	AtomicMax  = uint8(enum.AtomicOpMax)
	AtomicMin  = uint8(enum.AtomicOpMin)
	AtomicUMax = uint8(enum.AtomicOpUMax)
	AtomicUMin = uint8(enum.AtomicOpUMin)
	AtomicFAdd = uint8(enum.AtomicOpFAdd)
	AtomicFSub = uint8(enum.AtomicOpFSub)
)

func (fl *funcLowerer) lowerGEP(in Inst, i *ir.InstGetElementPtr, fail func(error) (Inst, bool, error)) (Inst, bool, error) {
	in.Op = OpGEP
	if in.T.Kind == VectorType {
		return fail(fmt.Errorf("vector getelementptr is not supported by ir alone (package scalarize rewrites them first)"))
	}
	base, err := fl.operand(i.Src)
	if err != nil {
		return fail(err)
	}
	in.A = base
	cur := i.ElemType
	for k, ixv := range i.Indices {
		var scale int64
		if k == 0 {
			t, err := fl.types.lower(cur)
			if err != nil {
				return fail(err)
			}
			scale = int64(t.Size)
		} else {
			switch ct := cur.(type) {
			case *types.StructType:
				c, ok := ixv.(*constant.Int)
				if !ok {
					return fail(fmt.Errorf("struct index must be constant"))
				}
				st, err := fl.types.lower(ct)
				if err != nil {
					return fail(err)
				}
				fi := c.X.Int64()
				in.Offset += int64(st.Off[fi])
				cur = ct.Fields[fi]
				continue
			case *types.ArrayType:
				cur = ct.ElemType
			case *types.VectorType:
				cur = ct.ElemType
			default:
				return fail(fmt.Errorf("getelementptr index into non-aggregate %s", cur))
			}
			t, err := fl.types.lower(cur)
			if err != nil {
				return fail(err)
			}
			scale = int64(t.Size)
		}
		op, err := fl.operand(ixv)
		if err != nil {
			return fail(err)
		}
		it, err := fl.typeOf(ixv)
		if err != nil {
			return fail(err)
		}
		if !op.IsReg() {
			c := fl.m.Consts[op.ConstIndex()]
			if c.Base.Kind != RefNone {
				return fail(fmt.Errorf("getelementptr index is an address"))
			}
			in.Offset += arith.Int64(c.W, it.Bits) * scale
			continue
		}
		in.Index = append(in.Index, GEPIndex{Op: op, Scale: scale, Bits: it.Bits})
	}
	return in, true, nil
}

// intrinsicsDropped have no effect on execution.
var intrinsicsDropped = []string{"llvm.dbg.", "llvm.lifetime.", "llvm.assume", "llvm.experimental.noalias.scope.decl",
	"llvm.invariant.", "llvm.var.annotation", "llvm.donothing", "llvm.sideeffect", "llvm.prefetch"}

// IntrinsicDropped reports whether calls of the intrinsic name are
// dropped when lowering (they have no effect on execution).
func IntrinsicDropped(name string) bool {
	for _, p := range intrinsicsDropped {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

func (fl *funcLowerer) lowerCall(in Inst, i *ir.InstCall, fail func(error) (Inst, bool, error)) (Inst, bool, error) {
	in.Op = OpCall
	callee := i.Callee
	if f, ok := callee.(*ir.Func); ok {
		name := f.Name()
		for _, p := range intrinsicsDropped {
			if strings.HasPrefix(name, p) {
				return in, false, nil
			}
		}
		if strings.HasPrefix(name, "llvm.experimental.constrained.") {
			return fl.lowerConstrained(in, i, name, fail)
		}
		in.Callee = int32(fl.funcIndex[f])
	} else if _, ok := callee.(*ir.InlineAsm); ok {
		return fail(fmt.Errorf("inline assembly is not supported"))
	} else {
		op, err := fl.operand(callee)
		if err != nil {
			return fail(err)
		}
		// A call through a constant cast of a function is a direct call.
		if !op.IsReg() {
			c := fl.m.Consts[op.ConstIndex()]
			if c.Base.Kind == RefFunc && c.W == (arith.Word{}) {
				in.Callee = c.Base.Index
			} else {
				in.A = op
			}
		} else {
			in.A = op
		}
	}
	for _, a := range i.Args {
		if av, ok := a.(*ir.Arg); ok {
			a = av.Value
		}
		if _, ok := a.Type().(*types.MetadataType); ok {
			in.Args = append(in.Args, NoOperand)
			in.ArgT = append(in.ArgT, metaT)
			continue
		}
		op, err := fl.operand(a)
		if err != nil {
			return fail(err)
		}
		in.Args = append(in.Args, op)
		t, err := fl.typeOf(a)
		if err != nil {
			return fail(err)
		}
		in.ArgT = append(in.ArgT, t)
		if t.Kind == VectorType {
			return fail(fmt.Errorf("vector call arguments are not supported by ir alone (package scalarize rewrites them first)"))
		}
	}
	if in.T != nil && in.T.Kind == VectorType {
		return fail(fmt.Errorf("vector results are not supported by ir alone (package scalarize rewrites them first)"))
	}
	return in, true, nil
}

// lowerConstrained turns llvm.experimental.constrained.* intrinsics (what
// clang emits under #pragma STDC FENV_ACCESS ON) into the plain
// instructions: the native code runs the same SSE/x87 instructions in the
// current rounding mode, which is what floatsym's plain instructions do.
func (fl *funcLowerer) lowerConstrained(in Inst, i *ir.InstCall, name string, fail func(error) (Inst, bool, error)) (Inst, bool, error) {
	op := strings.TrimPrefix(name, "llvm.experimental.constrained.")
	if k := strings.IndexByte(op, '.'); k >= 0 {
		op = op[:k]
	}
	var vals []value.Value
	var mds []string
	for _, a := range i.Args {
		if av, ok := a.(*ir.Arg); ok {
			a = av.Value
		}
		if mv, ok := a.(*metadata.Value); ok {
			if s, ok := mv.Value.(*metadata.String); ok {
				mds = append(mds, s.Value)
			}
			continue
		}
		vals = append(vals, a)
	}
	binops := map[string]Op{"fadd": OpFAdd, "fsub": OpFSub, "fmul": OpFMul, "fdiv": OpFDiv, "frem": OpFRem}
	convs := map[string]Op{"fptosi": OpFPToSI, "fptoui": OpFPToUI, "sitofp": OpSIToFP, "uitofp": OpUIToFP,
		"fpext": OpFPExt, "fptrunc": OpFPTrunc}
	if o, ok := binops[op]; ok && len(vals) == 2 {
		in.Op = o
		a, err := fl.operand(vals[0])
		if err != nil {
			return fail(err)
		}
		b, err := fl.operand(vals[1])
		if err != nil {
			return fail(err)
		}
		in.A, in.B, in.FK = a, b, in.T.FK
		return in, true, nil
	}
	if o, ok := convs[op]; ok && len(vals) == 1 {
		in.Op = o
		a, err := fl.operand(vals[0])
		if err != nil {
			return fail(err)
		}
		ft, err := fl.typeOf(vals[0])
		if err != nil {
			return fail(err)
		}
		in.A, in.From, in.Bits, in.FK = a, ft, int32(in.T.Bits), in.T.FK
		return in, true, nil
	}
	if (op == "fcmp" || op == "fcmps") && len(vals) == 2 && len(mds) >= 1 {
		p, ok := fpredByName[mds[0]]
		if !ok {
			return fail(fmt.Errorf("unknown fcmp predicate %q", mds[0]))
		}
		in.Op, in.Pred = OpFCmp, p
		a, err := fl.operand(vals[0])
		if err != nil {
			return fail(err)
		}
		b, err := fl.operand(vals[1])
		if err != nil {
			return fail(err)
		}
		t, err := fl.typeOf(vals[0])
		if err != nil {
			return fail(err)
		}
		in.A, in.B, in.FK = a, b, t.FK
		return in, true, nil
	}
	// Everything else (sqrt, fma, rint, math functions) becomes a call of
	// the unconstrained intrinsic with the value arguments only.
	plain := "llvm." + strings.TrimPrefix(name, "llvm.experimental.constrained.")
	f, ok := fl.m.FuncByName[plain]
	if !ok {
		f = &Function{Index: len(fl.m.Funcs), Name: plain, Ret: in.T, Loc: Loc{File: -1}}
		for _, v := range vals {
			t, err := fl.typeOf(v)
			if err != nil {
				return fail(err)
			}
			f.Params = append(f.Params, t)
		}
		fl.m.Funcs = append(fl.m.Funcs, f)
		fl.m.FuncByName[plain] = f
	}
	in.Op = OpCall
	in.Callee = int32(f.Index)
	for _, v := range vals {
		o, err := fl.operand(v)
		if err != nil {
			return fail(err)
		}
		t, err := fl.typeOf(v)
		if err != nil {
			return fail(err)
		}
		in.Args = append(in.Args, o)
		in.ArgT = append(in.ArgT, t)
	}
	return in, true, nil
}
