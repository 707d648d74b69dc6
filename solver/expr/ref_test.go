package expr_test

// A reference for the builder's simplifications: an operator tree at the
// level the executor asks for (LLVM predicates, explicit operands, nothing
// folded or canonicalised), evaluated directly with package arith. The
// builder's result for the same tree is evaluated with expr.Evaluator;
// the two must agree on every assignment. The reference deliberately does
// not use the builder or expr's own semantics (apply), so a rule that
// changes a value cannot hide behind a matching bug in the evaluator.

import (
	"fmt"
	"strings"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

type tkind uint8

const (
	tVar      tkind = iota // byte idx of the input array
	tConst                 // val of sort
	tConcat                // kids[0] high, kids[1] low
	tExtract               // bits [lo, lo+w) of kids[0]
	tZExt                  // to w bits
	tSExt                  // to w bits
	tBin                   // op on two BV (or Bool and/or/xor) operands
	tNot                   // bitwise / Boolean not
	tICmp                  // icmp pred
	tEq                    // same-sort identity
	tIte                   // kids[0] ? kids[1] : kids[2]
	tFBin                  // FP binary op with rm
	tFSqrt                 // with rm
	tFNeg                  //
	tFAbs                  //
	tFMA                   // with rm
	tFRound                // how (lo), rm
	tFCmp                  // fcmp pred
	tFClass                // classification op
	tFPConv                // to fk, rm
	tFromBits              // to fk
	tToBits                //
	tFPToInt               // signed, to w bits
	tIntToFP               // signed, rm, to fk
	tRead                  // byte kids[0] (bv64) of init after upds
)

// tree is one reference node. sort is computed by the constructors.
type tree struct {
	k      tkind
	sort   expr.Sort
	op     expr.Op
	rm     arith.RoundingMode
	pred   int // arith.IPred or arith.Pred
	lo     int
	signed bool
	val    arith.Word
	idx    uint64
	kids   []*tree
	init   []byte     // tRead: constant initial contents (nil: the input array)
	upds   [][2]*tree // tRead: (index bv64, value bv8), oldest first
}

func bvs(w int) expr.Sort { return expr.BVSort(w) }

func v8(i uint64) *tree { return &tree{k: tVar, sort: bvs(8), idx: i} }

// vN is the little-endian n-byte variable starting at input byte i.
func vN(i uint64, n int) *tree {
	t := v8(i)
	for j := 1; j < n; j++ {
		t = concat(v8(i+uint64(j)), t)
	}
	return t
}

func cBV(x uint64, w int) *tree {
	return &tree{k: tConst, sort: bvs(w), val: arith.Truncate(arith.Word{Lo: x}, w)}
}
func cW(x arith.Word, w int) *tree { return &tree{k: tConst, sort: bvs(w), val: arith.Truncate(x, w)} }
func cBool(v bool) *tree {
	return &tree{k: tConst, sort: expr.BoolSort, val: arith.Bool(v)}
}
func cF(k arith.Kind, x arith.Word) *tree {
	if k == arith.F80 {
		x.Hi &= 0xffff
	}
	return &tree{k: tConst, sort: expr.FPSort(k), val: x}
}
func concat(hi, lo *tree) *tree {
	return &tree{k: tConcat, sort: bvs(int(hi.sort.W) + int(lo.sort.W)), kids: []*tree{hi, lo}}
}
func extract(x *tree, lo, w int) *tree {
	return &tree{k: tExtract, sort: bvs(w), lo: lo, kids: []*tree{x}}
}
func zext(x *tree, w int) *tree { return &tree{k: tZExt, sort: bvs(w), kids: []*tree{x}} }
func sext(x *tree, w int) *tree { return &tree{k: tSExt, sort: bvs(w), kids: []*tree{x}} }
func bin(op expr.Op, x, y *tree) *tree {
	return &tree{k: tBin, sort: x.sort, op: op, kids: []*tree{x, y}}
}
func not(x *tree) *tree { return &tree{k: tNot, sort: x.sort, kids: []*tree{x}} }
func icmp(p arith.IPred, x, y *tree) *tree {
	return &tree{k: tICmp, sort: expr.BoolSort, pred: int(p), kids: []*tree{x, y}}
}
func eq(x, y *tree) *tree { return &tree{k: tEq, sort: expr.BoolSort, kids: []*tree{x, y}} }
func ite(c, x, y *tree) *tree {
	return &tree{k: tIte, sort: x.sort, kids: []*tree{c, x, y}}
}
func fbin(op expr.Op, rm arith.RoundingMode, x, y *tree) *tree {
	return &tree{k: tFBin, sort: x.sort, op: op, rm: rm, kids: []*tree{x, y}}
}
func fsqrt(rm arith.RoundingMode, x *tree) *tree {
	return &tree{k: tFSqrt, sort: x.sort, rm: rm, kids: []*tree{x}}
}
func fneg(x *tree) *tree { return &tree{k: tFNeg, sort: x.sort, kids: []*tree{x}} }
func fabs(x *tree) *tree { return &tree{k: tFAbs, sort: x.sort, kids: []*tree{x}} }
func fma(rm arith.RoundingMode, x, y, z *tree) *tree {
	return &tree{k: tFMA, sort: x.sort, rm: rm, kids: []*tree{x, y, z}}
}
func fround(how arith.Integral, rm arith.RoundingMode, x *tree) *tree {
	return &tree{k: tFRound, sort: x.sort, lo: int(how), rm: rm, kids: []*tree{x}}
}
func fcmp(p arith.Pred, x, y *tree) *tree {
	return &tree{k: tFCmp, sort: expr.BoolSort, pred: int(p), kids: []*tree{x, y}}
}
func fclass(op expr.Op, x *tree) *tree {
	return &tree{k: tFClass, sort: expr.BoolSort, op: op, kids: []*tree{x}}
}
func fpconv(rm arith.RoundingMode, x *tree, k arith.Kind) *tree {
	return &tree{k: tFPConv, sort: expr.FPSort(k), rm: rm, kids: []*tree{x}}
}
func fromBits(x *tree, k arith.Kind) *tree {
	return &tree{k: tFromBits, sort: expr.FPSort(k), kids: []*tree{x}}
}
func toBits(x *tree) *tree {
	return &tree{k: tToBits, sort: bvs(x.sort.FK.Bits()), kids: []*tree{x}}
}
func fpToInt(signed bool, x *tree, w int) *tree {
	return &tree{k: tFPToInt, sort: bvs(w), signed: signed, kids: []*tree{x}}
}
func intToFP(signed bool, rm arith.RoundingMode, x *tree, k arith.Kind) *tree {
	return &tree{k: tIntToFP, sort: expr.FPSort(k), signed: signed, rm: rm, kids: []*tree{x}}
}
func read(init []byte, upds [][2]*tree, idx *tree) *tree {
	return &tree{k: tRead, sort: bvs(8), init: init, upds: upds, kids: []*tree{idx}}
}

// fvar is an FP variable: the bits of n input bytes at i.
func fvar(k arith.Kind, i uint64) *tree { return fromBits(vN(i, k.Bits()/8), k) }

// build makes t with the builder (which simplifies). in is the input array.
func build(b *expr.Builder, in *expr.Array, t *tree) *expr.Expr {
	k := make([]*expr.Expr, len(t.kids))
	for i, c := range t.kids {
		k[i] = build(b, in, c)
	}
	switch t.k {
	case tVar:
		return b.Byte(in, t.idx)
	case tConst:
		return b.ConstOf(t.sort, t.val)
	case tConcat:
		return b.Concat(k[0], k[1])
	case tExtract:
		return b.Extract(k[0], t.lo, int(t.sort.W))
	case tZExt:
		return b.ZExt(k[0], int(t.sort.W))
	case tSExt:
		return b.SExt(k[0], int(t.sort.W))
	case tBin:
		return b.Bin(t.op, k[0], k[1])
	case tNot:
		return b.Not(k[0])
	case tICmp:
		return b.ICmp(arith.IPred(t.pred), k[0], k[1])
	case tEq:
		return b.Eq(k[0], k[1])
	case tIte:
		return b.Ite(k[0], k[1], k[2])
	case tFBin:
		return b.FBin(t.op, t.rm, k[0], k[1])
	case tFSqrt:
		return b.FSqrt(t.rm, k[0])
	case tFNeg:
		return b.FNeg(k[0])
	case tFAbs:
		return b.FAbs(k[0])
	case tFMA:
		return b.FMA(t.rm, k[0], k[1], k[2])
	case tFRound:
		return b.FRound(arith.Integral(t.lo), t.rm, k[0])
	case tFCmp:
		return b.FCmp(arith.Pred(t.pred), k[0], k[1])
	case tFClass:
		return b.FClass(t.op, k[0])
	case tFPConv:
		return b.FPConv(t.rm, k[0], t.sort.FK)
	case tFromBits:
		return b.FromBits(k[0], t.sort.FK)
	case tToBits:
		return b.ToBits(k[0])
	case tFPToInt:
		return b.FPToInt(t.signed, k[0], int(t.sort.W))
	case tIntToFP:
		return b.IntToFP(t.signed, t.rm, k[0], t.sort.FK)
	case tRead:
		arr := in
		if t.init != nil {
			arr = b.NewArray("init", uint64(len(t.init)), t.init)
		}
		var upd *expr.Update
		for _, u := range t.upds {
			upd = &expr.Update{Index: build(b, in, u[0]), Value: build(b, in, u[1]), Next: upd}
		}
		return b.Read(arr, upd, k[0])
	}
	panic(fmt.Sprintf("build: tree kind %d", t.k))
}

// ref evaluates t on the input bytes directly with arith.
func ref(t *tree, in []byte) arith.Word {
	v := make([]arith.Word, len(t.kids))
	for i, c := range t.kids {
		v[i] = ref(c, in)
	}
	w := int(t.sort.W)
	kw := 0
	var kfk arith.Kind
	if len(t.kids) > 0 {
		kw = int(t.kids[0].sort.W)
		kfk = t.kids[0].sort.FK
	}
	fk := t.sort.FK
	isBool := t.sort.Kind == expr.Bool
	switch t.k {
	case tVar:
		return arith.Word{Lo: uint64(in[t.idx])}
	case tConst:
		return t.val
	case tConcat:
		return arith.Or(arith.Shl(v[0], arith.Word{Lo: uint64(int(t.kids[1].sort.W))}, w), v[1])
	case tExtract:
		return arith.Truncate(arith.LShr(v[0], arith.Word{Lo: uint64(t.lo)}, kw), w)
	case tZExt:
		return v[0]
	case tSExt:
		return arith.SExt(v[0], kw, w)
	case tBin:
		if isBool {
			switch t.op {
			case expr.OpAnd:
				return arith.Bool(v[0].Lo&v[1].Lo&1 == 1)
			case expr.OpOr:
				return arith.Bool((v[0].Lo|v[1].Lo)&1 == 1)
			case expr.OpXor:
				return arith.Bool((v[0].Lo^v[1].Lo)&1 == 1)
			}
		}
		return refBin(t.op, v[0], v[1], w)
	case tNot:
		if isBool {
			return arith.Bool(v[0].Lo&1 == 0)
		}
		return arith.Truncate(arith.Xor(v[0], arith.Mask(w)), w)
	case tICmp:
		return arith.Bool(arith.ICmp(arith.IPred(t.pred), v[0], v[1], kw))
	case tEq:
		return arith.Bool(v[0] == v[1])
	case tIte:
		if v[0].Lo&1 == 1 {
			return v[1]
		}
		return v[2]
	case tFBin:
		switch t.op {
		case expr.OpFAdd:
			return arith.FAdd(fk, t.rm, v[0], v[1])
		case expr.OpFSub:
			return arith.FSub(fk, t.rm, v[0], v[1])
		case expr.OpFMul:
			return arith.FMul(fk, t.rm, v[0], v[1])
		case expr.OpFDiv:
			return arith.FDiv(fk, t.rm, v[0], v[1])
		case expr.OpFRem:
			return arith.FRem(fk, v[0], v[1])
		case expr.OpFRemainder:
			return arith.FRemainder(fk, v[0], v[1])
		case expr.OpFMin:
			return arith.FMinNum(fk, v[0], v[1])
		case expr.OpFMax:
			return arith.FMaxNum(fk, v[0], v[1])
		}
	case tFSqrt:
		return arith.FSqrt(fk, t.rm, v[0])
	case tFNeg:
		return arith.FNeg(fk, v[0])
	case tFAbs:
		return arith.FAbs(fk, v[0])
	case tFMA:
		return arith.FMA(fk, t.rm, v[0], v[1], v[2])
	case tFRound:
		return arith.FRoundToIntegral(fk, arith.Integral(t.lo), t.rm, v[0])
	case tFCmp:
		return arith.Bool(arith.FCmp(kfk, arith.Pred(t.pred), v[0], v[1]))
	case tFClass:
		switch t.op {
		case expr.OpFIsNaN:
			return arith.Bool(arith.IsNaN(kfk, v[0]))
		case expr.OpFIsInf:
			return arith.Bool(arith.IsInf(kfk, v[0]))
		case expr.OpFIsZero:
			return arith.Bool(arith.IsZero(kfk, v[0]))
		case expr.OpFIsSub:
			return arith.Bool(arith.IsSubnormal(kfk, v[0]))
		case expr.OpFIsNorm:
			return arith.Bool(arith.IsNormal(kfk, v[0]))
		case expr.OpFIsNeg:
			return arith.Bool(arith.SignBit(kfk, v[0]))
		}
	case tFPConv:
		switch {
		case fk == kfk:
			return v[0]
		case fk.Bits() > kfk.Bits():
			return arith.FPExt(kfk, fk, v[0])
		}
		return arith.FPTrunc(kfk, fk, t.rm, v[0])
	case tFromBits:
		if fk == arith.F80 {
			return arith.Word{Lo: v[0].Lo, Hi: v[0].Hi & 0xffff}
		}
		return v[0]
	case tToBits:
		if !arith.IsNaN(kfk, v[0]) {
			return v[0]
		}
		switch kfk { // the x86 default NaNs
		case arith.F32:
			return arith.Word{Lo: 0xffc00000}
		case arith.F64:
			return arith.Word{Lo: 0xfff8000000000000}
		}
		return arith.Word{Lo: 0xc000000000000000, Hi: 0xffff}
	case tFPToInt:
		if t.signed {
			return arith.FPToSI(kfk, v[0], w)
		}
		return arith.FPToUI(kfk, v[0], w)
	case tIntToFP:
		if t.signed {
			return arith.SIToFP(kw, fk, t.rm, v[0])
		}
		return arith.UIToFP(kw, fk, t.rm, v[0])
	case tRead:
		for i := len(t.upds) - 1; i >= 0; i-- {
			if ref(t.upds[i][0], in) == v[0] {
				return ref(t.upds[i][1], in)
			}
		}
		contents := t.init
		if contents == nil {
			contents = in
		}
		if v[0].Hi != 0 || v[0].Lo >= uint64(len(contents)) {
			return arith.Word{}
		}
		return arith.Word{Lo: uint64(contents[v[0].Lo])}
	}
	panic(fmt.Sprintf("ref: tree kind %d op %v", t.k, t.op))
}

// refBin is a bit-vector operation with SMT-LIB's zero-divisor results.
func refBin(op expr.Op, a, b arith.Word, w int) arith.Word {
	zero := b == (arith.Word{})
	switch op {
	case expr.OpAdd:
		return arith.Add(a, b, w)
	case expr.OpSub:
		return arith.Sub(a, b, w)
	case expr.OpMul:
		return arith.Mul(a, b, w)
	case expr.OpUDiv:
		if zero {
			return arith.Mask(w)
		}
		return arith.UDiv(a, b, w)
	case expr.OpURem:
		if zero {
			return a
		}
		return arith.URem(a, b, w)
	case expr.OpSDiv:
		if zero {
			if arith.SignBitOf(a, w) {
				return arith.Word{Lo: 1}
			}
			return arith.Mask(w)
		}
		return arith.SDiv(a, b, w)
	case expr.OpSRem:
		if zero {
			return a
		}
		return arith.SRem(a, b, w)
	case expr.OpShl:
		return arith.Shl(a, b, w)
	case expr.OpLShr:
		return arith.LShr(a, b, w)
	case expr.OpAShr:
		return arith.AShr(a, b, w)
	case expr.OpAnd:
		return arith.And(a, b)
	case expr.OpOr:
		return arith.Or(a, b)
	case expr.OpXor:
		return arith.Xor(a, b)
	}
	panic("refBin: " + op.String())
}

func (t *tree) String() string {
	var sb strings.Builder
	t.print(&sb)
	return sb.String()
}

func (t *tree) print(sb *strings.Builder) {
	names := [...]string{"var", "const", "concat", "extract", "zext", "sext", "bin", "not", "icmp", "eq",
		"ite", "fbin", "fsqrt", "fneg", "fabs", "fma", "fround", "fcmp", "fclass", "fpconv", "frombits",
		"tobits", "fptoint", "inttofp", "read"}
	switch t.k {
	case tVar:
		fmt.Fprintf(sb, "in[%d]", t.idx)
		return
	case tConst:
		fmt.Fprintf(sb, "%#x:%#x:%s", t.val.Hi, t.val.Lo, t.sort)
		return
	}
	fmt.Fprintf(sb, "(%s", names[t.k])
	switch t.k {
	case tBin, tFBin, tFClass:
		fmt.Fprintf(sb, ".%s", t.op)
	case tICmp, tFCmp:
		fmt.Fprintf(sb, ".%d", t.pred)
	case tExtract:
		fmt.Fprintf(sb, ".%d", t.lo)
	}
	fmt.Fprintf(sb, ":%s", t.sort)
	for _, c := range t.kids {
		sb.WriteByte(' ')
		c.print(sb)
	}
	sb.WriteByte(')')
}

// assignment gives every byte of the input array a value.
type assignment []byte

func (a assignment) Byte(_ *expr.Array, i uint64) byte { return a[i] }
