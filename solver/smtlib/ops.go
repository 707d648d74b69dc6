package smtlib

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

var bvBins = map[string]expr.Op{
	"bvadd": expr.OpAdd, "bvsub": expr.OpSub, "bvmul": expr.OpMul, "bvudiv": expr.OpUDiv,
	"bvurem": expr.OpURem, "bvsdiv": expr.OpSDiv, "bvsrem": expr.OpSRem, "bvshl": expr.OpShl,
	"bvlshr": expr.OpLShr, "bvashr": expr.OpAShr, "bvand": expr.OpAnd, "bvor": expr.OpOr, "bvxor": expr.OpXor,
}

var bvCmps = map[string]arith.IPred{
	"bvult": arith.IULT, "bvule": arith.IULE, "bvugt": arith.IUGT, "bvuge": arith.IUGE,
	"bvslt": arith.ISLT, "bvsle": arith.ISLE, "bvsgt": arith.ISGT, "bvsge": arith.ISGE,
}

var fpBins = map[string]expr.Op{"fp.add": expr.OpFAdd, "fp.sub": expr.OpFSub, "fp.mul": expr.OpFMul, "fp.div": expr.OpFDiv}

var fpClasses = map[string]expr.Op{
	"fp.isNormal": expr.OpFIsNorm, "fp.isSubnormal": expr.OpFIsSub, "fp.isZero": expr.OpFIsZero,
	"fp.isInfinite": expr.OpFIsInf, "fp.isNaN": expr.OpFIsNaN,
}

// apply applies a function of the core, bit-vector, FP or array theory.
func (sc *Script) apply(n *node, name string, a []*value) (*value, error) {
	b := sc.b
	arity := func(lo, hi int) error {
		if len(a) < lo || hi >= 0 && len(a) > hi {
			return errAt(n, "%s: %d arguments", name, len(a))
		}
		return nil
	}
	same := func(k sortKind, what string) error {
		for i, v := range a {
			if err := want(n.list[i+1], v, k, what); err != nil {
				return err
			}
			if !v.s.equal(a[0].s) {
				return errAt(n.list[i+1], "%s: argument of sort %s, want %s", name, v.s, a[0].s)
			}
		}
		return nil
	}
	boolv := func(e *expr.Expr) (*value, error) { return &value{s: boolSort, e: e}, nil }
	switch name {
	case "not":
		if err := arity(1, 1); err != nil {
			return nil, err
		}
		if err := same(sBool, "Bool"); err != nil {
			return nil, err
		}
		return boolv(b.Not(a[0].e))
	case "and", "or", "xor", "=>":
		if err := arity(2, -1); err != nil {
			return nil, err
		}
		if err := same(sBool, "Bool"); err != nil {
			return nil, err
		}
		if name == "=>" { // right associative
			r := a[len(a)-1].e
			for i := len(a) - 2; i >= 0; i-- {
				r = b.Or(b.Not(a[i].e), r)
			}
			return boolv(r)
		}
		r := a[0].e
		for _, v := range a[1:] {
			switch name {
			case "and":
				r = b.And(r, v.e)
			case "or":
				r = b.Or(r, v.e)
			default:
				r = b.Xor(r, v.e)
			}
		}
		return boolv(r)
	case "=", "distinct":
		if err := arity(2, -1); err != nil {
			return nil, err
		}
		var r *expr.Expr = b.BoolConst(true)
		for i := range a {
			for j := i + 1; j < len(a); j++ {
				if name == "=" && j != i+1 {
					break // chainable
				}
				e, err := sc.eq(n, a[i], a[j])
				if err != nil {
					return nil, err
				}
				if name == "distinct" {
					e = b.Not(e)
				}
				r = b.And(r, e)
			}
		}
		return boolv(r)
	case "ite":
		if err := arity(3, 3); err != nil {
			return nil, err
		}
		if err := want(n.list[1], a[0], sBool, "Bool"); err != nil {
			return nil, err
		}
		if !a[1].s.equal(a[2].s) || a[1].e == nil {
			return nil, errAt(n, "ite of %s and %s unsupported", a[1].s, a[2].s)
		}
		return &value{s: a[1].s, e: b.Ite(a[0].e, a[1].e, a[2].e)}, nil
	case "select":
		return sc.selectArr(n, a)
	case "store":
		return sc.storeArr(n, a)
	}
	if op, ok := bvBins[name]; ok {
		if err := arity(2, -1); err != nil {
			return nil, err
		}
		if err := same(sBV, "bit-vector"); err != nil {
			return nil, err
		}
		if len(a) > 2 && op != expr.OpAdd && op != expr.OpMul && op != expr.OpAnd && op != expr.OpOr && op != expr.OpXor {
			return nil, errAt(n, "%s takes two arguments", name)
		}
		r := a[0].e
		for _, v := range a[1:] {
			r = b.Bin(op, r, v.e)
		}
		return &value{s: a[0].s, e: r}, nil
	}
	if p, ok := bvCmps[name]; ok {
		if err := arity(2, 2); err != nil {
			return nil, err
		}
		if err := same(sBV, "bit-vector"); err != nil {
			return nil, err
		}
		return boolv(b.ICmp(p, a[0].e, a[1].e))
	}
	switch name {
	case "bvnot", "bvneg":
		if err := arity(1, 1); err != nil {
			return nil, err
		}
		if err := same(sBV, "bit-vector"); err != nil {
			return nil, err
		}
		if name == "bvnot" {
			return &value{s: a[0].s, e: b.Not(a[0].e)}, nil
		}
		return &value{s: a[0].s, e: b.Bin(expr.OpSub, b.U64(0, a[0].s.w), a[0].e)}, nil
	case "bvnand", "bvnor", "bvxnor", "bvcomp", "bvsmod":
		if err := arity(2, 2); err != nil {
			return nil, err
		}
		if err := same(sBV, "bit-vector"); err != nil {
			return nil, err
		}
		x, y := a[0].e, a[1].e
		switch name {
		case "bvnand":
			return &value{s: a[0].s, e: b.Not(b.Bin(expr.OpAnd, x, y))}, nil
		case "bvnor":
			return &value{s: a[0].s, e: b.Not(b.Bin(expr.OpOr, x, y))}, nil
		case "bvxnor":
			return &value{s: a[0].s, e: b.Not(b.Bin(expr.OpXor, x, y))}, nil
		case "bvcomp":
			return &value{s: bvSort(1), e: b.Ite(b.Eq(x, y), b.U64(1, 1), b.U64(0, 1))}, nil
		}
		return &value{s: a[0].s, e: sc.smod(x, y, a[0].s.w)}, nil
	case "concat":
		if err := arity(2, -1); err != nil {
			return nil, err
		}
		r, w := a[0].e, 0
		for i, v := range a {
			if err := want(n.list[i+1], v, sBV, "bit-vector"); err != nil {
				return nil, err
			}
			w += v.s.w
			if i > 0 {
				r = b.Concat(r, v.e)
			}
		}
		if w > 128 {
			return nil, errAt(n, "concat past 128 bits unsupported")
		}
		return &value{s: bvSort(w), e: r}, nil
	}
	return sc.applyFP(n, name, a, arity, same, boolv)
}

// smod is bvsmod: the remainder with the divisor's sign (x when y = 0).
func (sc *Script) smod(x, y *expr.Expr, w int) *expr.Expr {
	b := sc.b
	zero := b.U64(0, w)
	neg := func(v *expr.Expr) *expr.Expr { return b.ICmp(arith.ISLT, v, zero) }
	abs := func(v *expr.Expr) *expr.Expr { return b.Ite(neg(v), b.Bin(expr.OpSub, zero, v), v) }
	u := b.Bin(expr.OpURem, abs(x), abs(y))
	negU := b.Bin(expr.OpSub, zero, u)
	r := b.Ite(neg(x),
		b.Ite(neg(y), negU, b.Bin(expr.OpAdd, negU, y)),
		b.Ite(neg(y), b.Bin(expr.OpAdd, u, y), u))
	return b.Ite(b.Eq(u, zero), u, r)
}

// applyFP is the FP theory's functions.
func (sc *Script) applyFP(n *node, name string, a []*value, arity func(int, int) error,
	same func(sortKind, string) error, boolv func(*expr.Expr) (*value, error)) (*value, error) {
	b := sc.b
	withRM := func(k int) error { // an RM, then k FP values of one sort
		if err := arity(k+1, k+1); err != nil {
			return err
		}
		if err := want(n.list[1], a[0], sRM, "rounding mode"); err != nil {
			return err
		}
		for i, v := range a[1:] {
			if err := want(n.list[i+2], v, sFP, "floating-point value"); err != nil {
				return err
			}
			if !v.s.equal(a[1].s) {
				return errAt(n.list[i+2], "%s: argument of sort %s, want %s", name, v.s, a[1].s)
			}
		}
		return sc.needIEEE(a[0], n, name)
	}
	if op, ok := fpBins[name]; ok {
		if err := withRM(2); err != nil {
			return nil, err
		}
		return &value{s: a[1].s, e: b.FBin(op, a[0].rm, a[1].e, a[2].e)}, nil
	}
	if op, ok := fpClasses[name]; ok {
		if err := arity(1, 1); err != nil {
			return nil, err
		}
		if err := same(sFP, "floating-point value"); err != nil {
			return nil, err
		}
		return boolv(b.FClass(op, a[0].e))
	}
	switch name {
	case "fp.fma":
		if err := withRM(3); err != nil {
			return nil, err
		}
		return &value{s: a[1].s, e: b.FMA(a[0].rm, a[1].e, a[2].e, a[3].e)}, nil
	case "fp.sqrt":
		if err := withRM(1); err != nil {
			return nil, err
		}
		return &value{s: a[1].s, e: b.FSqrt(a[0].rm, a[1].e)}, nil
	case "fp.roundToIntegral":
		if err := arity(2, 2); err != nil {
			return nil, err
		}
		if err := want(n.list[1], a[0], sRM, "rounding mode"); err != nil {
			return nil, err
		}
		if err := want(n.list[2], a[1], sFP, "floating-point value"); err != nil {
			return nil, err
		}
		return &value{s: a[1].s, e: b.FRound(integralOf(a[0]), a[0].rm, a[1].e)}, nil
	case "fp.abs", "fp.neg":
		if err := arity(1, 1); err != nil {
			return nil, err
		}
		if err := same(sFP, "floating-point value"); err != nil {
			return nil, err
		}
		if name == "fp.abs" {
			return &value{s: a[0].s, e: b.FAbs(a[0].e)}, nil
		}
		return &value{s: a[0].s, e: b.FNeg(a[0].e)}, nil
	case "fp.rem", "fp.min", "fp.max":
		if err := arity(2, 2); err != nil {
			return nil, err
		}
		if err := same(sFP, "floating-point value"); err != nil {
			return nil, err
		}
		op := map[string]expr.Op{"fp.rem": expr.OpFRemainder, "fp.min": expr.OpFMin, "fp.max": expr.OpFMax}[name]
		return &value{s: a[0].s, e: b.FBin(op, arith.NearestEven, a[0].e, a[1].e)}, nil
	case "fp.isNegative", "fp.isPositive":
		if err := arity(1, 1); err != nil {
			return nil, err
		}
		if err := same(sFP, "floating-point value"); err != nil {
			return nil, err
		}
		s := b.FClass(expr.OpFIsNeg, a[0].e)
		if name == "fp.isPositive" {
			s = b.Not(s)
		}
		return boolv(b.And(s, b.Not(b.FClass(expr.OpFIsNaN, a[0].e))))
	case "fp.eq", "fp.lt", "fp.leq", "fp.gt", "fp.geq":
		if err := arity(2, -1); err != nil {
			return nil, err
		}
		if err := same(sFP, "floating-point value"); err != nil {
			return nil, err
		}
		p := map[string]arith.Pred{"fp.eq": arith.OEQ, "fp.lt": arith.OLT, "fp.leq": arith.OLE, "fp.gt": arith.OGT, "fp.geq": arith.OGE}[name]
		r := b.BoolConst(true)
		for i := 0; i+1 < len(a); i++ {
			r = b.And(r, b.FCmp(p, a[i].e, a[i+1].e))
		}
		return boolv(r)
	case "fp":
		if err := arity(3, 3); err != nil {
			return nil, err
		}
		if err := same(sBV, "bit-vector"); err != nil && (a[0].s.kind != sBV || a[1].s.kind != sBV || a[2].s.kind != sBV) {
			return nil, err
		}
		if a[0].s.w != 1 {
			return nil, errAt(n.list[1], "fp: the sign is one bit")
		}
		k, ok := fpKind(a[1].s.w, a[2].s.w+1)
		if !ok {
			return nil, errAt(n, "floating-point format (%d %d) unsupported: floatsym computes in (8 24), (11 53) and (15 64)", a[1].s.w, a[2].s.w+1)
		}
		return &value{s: fpSort(k), e: sc.fromSMTBits(b.Concat(b.Concat(a[0].e, a[1].e), a[2].e), k)}, nil
	}
	return nil, errAt(n, "unsupported function %s", name)
}
