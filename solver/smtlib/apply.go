package smtlib

import (
	"math/big"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// term translates a term in the current scopes.
func (sc *Script) term(n *node) (*value, error) {
	switch n.kind {
	case nHex, nBin:
		return sc.bvLit(n)
	case nSymbol:
		return sc.symbol(n)
	case nList:
	default:
		return nil, errAt(n, "unsupported term %s (no Int or Real theory)", n)
	}
	if len(n.list) == 0 {
		return nil, errAt(n, "empty term")
	}
	h := n.list[0]
	if h.kind == nList {
		return sc.indexed(n)
	}
	if h.kind != nSymbol {
		return nil, errAt(h, "function symbol expected, got %s", h)
	}
	switch h.text {
	case "_":
		return sc.indexedConst(n)
	case "let":
		return sc.let(n)
	case "!":
		return sc.annotated(n)
	case "forall", "exists":
		return nil, errAt(h, "quantifiers unsupported")
	}
	if f := sc.lookupFun(h.text); f != nil {
		return sc.applyFun(n, f)
	}
	args := make([]*value, len(n.list)-1)
	for i, k := range n.list[1:] {
		if h.text == "fp.to_real" {
			return nil, errAt(h, "fp.to_real unsupported: floatsym has no real arithmetic")
		}
		v, err := sc.term(k)
		if err != nil {
			return nil, err
		}
		args[i] = v
	}
	return sc.apply(n, h.text, args)
}

func (sc *Script) symbol(n *node) (*value, error) {
	switch n.text {
	case "true", "false":
		return &value{s: boolSort, e: sc.b.BoolConst(n.text == "true")}, nil
	}
	if rm, ok := roundingModes[n.text]; ok {
		return &value{s: &sort{kind: sRM}, rm: rm}, nil
	}
	if isRNA(n.text) {
		return &value{s: &sort{kind: sRM}, rna: true}, nil
	}
	for i := len(sc.lets) - 1; i >= 0; i-- {
		if v, ok := sc.lets[i][n.text]; ok {
			return v, nil
		}
	}
	if f := sc.lookupFun(n.text); f != nil {
		if len(f.params) > 0 {
			return nil, errAt(n, "%s takes %d arguments", n.text, len(f.params))
		}
		return sc.applyFun(&node{kind: nList, list: []*node{n}, line: n.line, col: n.col}, f)
	}
	return nil, errAt(n, "unknown constant %s", n.text)
}

// let binds in parallel, then translates the body.
func (sc *Script) let(n *node) (*value, error) {
	if len(n.list) != 3 || n.list[1].kind != nList {
		return nil, errAt(n, "bad let")
	}
	scope := map[string]*value{}
	for _, bnd := range n.list[1].list {
		if bnd.kind != nList || len(bnd.list) != 2 || bnd.list[0].kind != nSymbol {
			return nil, errAt(bnd, "bad let binding")
		}
		v, err := sc.term(bnd.list[1])
		if err != nil {
			return nil, err
		}
		scope[bnd.list[0].text] = v
	}
	sc.lets = append(sc.lets, scope)
	defer func() { sc.lets = sc.lets[:len(sc.lets)-1] }()
	return sc.term(n.list[2])
}

// annotated is (! t :named n ...): other attributes are ignored.
func (sc *Script) annotated(n *node) (*value, error) {
	if len(n.list) < 2 {
		return nil, errAt(n, "bad annotation")
	}
	v, err := sc.term(n.list[1])
	if err != nil {
		return nil, err
	}
	attrs := n.list[2:]
	for i := 0; i < len(attrs); i++ {
		if attrs[i].kind == nKeyword && attrs[i].text == ":named" {
			if i+1 >= len(attrs) || attrs[i+1].kind != nSymbol {
				return nil, errAt(attrs[i], ":named needs a symbol")
			}
			if err := sc.define(attrs[i+1], &funDef{name: attrs[i+1].text, val: v, s: v.s}); err != nil {
				return nil, err
			}
			i++
		}
	}
	return v, nil
}

// indexedConst is (_ bvN w), (_ +zero eb sb) and the other FP constants.
func (sc *Script) indexedConst(n *node) (*value, error) {
	l := n.list
	if len(l) == 3 && l[1].kind == nSymbol && len(l[1].text) > 2 && l[1].text[:2] == "bv" {
		v, ok := new(big.Int).SetString(l[1].text[2:], 10)
		w, err := numeral(l[2])
		if !ok || err != nil || w < 1 || w > 128 {
			return nil, errAt(n, "bad bit-vector constant %s (width 1 to 128)", n)
		}
		v.Mod(v, new(big.Int).Lsh(big.NewInt(1), uint(w)))
		return &value{s: bvSort(w), e: sc.b.Const(arith.FromBig(v, w), w)}, nil
	}
	if len(l) == 4 && l[1].kind == nSymbol {
		switch l[1].text {
		case "+zero", "-zero", "+oo", "-oo", "NaN":
			s, err := parseSort(&node{kind: nList, list: []*node{l[0], {kind: nSymbol, text: "FloatingPoint"}, l[2], l[3]}, line: n.line, col: n.col})
			if err != nil {
				return nil, err
			}
			return &value{s: s, e: sc.special(l[1].text, s.fk)}, nil
		}
	}
	return nil, errAt(n, "unsupported indexed constant %s", n)
}

// indexed applies an indexed function ((_ f i...) args) or
// ((as const S) v).
func (sc *Script) indexed(n *node) (*value, error) {
	h := n.list[0].list
	if len(h) == 3 && h[0].isSym("as") && h[1].isSym("const") {
		s, err := parseSort(h[2])
		if err != nil {
			return nil, err
		}
		if s.kind != sArray || len(n.list) != 2 {
			return nil, errAt(n, "bad constant array %s", n)
		}
		v, err := sc.term(n.list[1])
		if err != nil {
			return nil, err
		}
		if !v.s.equal(s.elm) {
			return nil, errAt(n.list[1], "constant array element of sort %s, want %s", v.s, s.elm)
		}
		return &value{s: s, arr: &arrayVal{def: v.e}}, nil
	}
	if len(h) < 2 || !h[0].isSym("_") || h[1].kind != nSymbol {
		return nil, errAt(n.list[0], "unsupported function %s", n.list[0])
	}
	name := h[1].text
	var idx []int
	for _, k := range h[2:] {
		v, err := numeral(k)
		if err != nil {
			return nil, err
		}
		idx = append(idx, v)
	}
	if name == "to_fp" || name == "to_fp_unsigned" {
		return sc.toFP(n, name, idx)
	}
	args := make([]*value, len(n.list)-1)
	for i, k := range n.list[1:] {
		v, err := sc.term(k)
		if err != nil {
			return nil, err
		}
		args[i] = v
	}
	return sc.applyIndexed(n, name, idx, args)
}

// toFP is ((_ to_fp eb sb) ...) and ((_ to_fp_unsigned eb sb) RM bv).
func (sc *Script) toFP(n *node, name string, idx []int) (*value, error) {
	if len(idx) != 2 {
		return nil, errAt(n, "%s needs eb and sb", name)
	}
	k, ok := fpKind(idx[0], idx[1])
	if !ok {
		return nil, errAt(n, "floating-point format (%d %d) unsupported: floatsym computes in (8 24), (11 53) and (15 64)", idx[0], idx[1])
	}
	out := fpSort(k)
	args := n.list[1:]
	if name == "to_fp" && len(args) == 1 {
		x, err := sc.term(args[0])
		if err != nil {
			return nil, err
		}
		if x.s.kind != sBV || x.s.w != smtBits(k) {
			return nil, errAt(args[0], "to_fp of one argument takes a (_ BitVec %d), got %s", smtBits(k), x.s)
		}
		return &value{s: out, e: sc.fromSMTBits(x.e, k)}, nil
	}
	if len(args) != 2 {
		return nil, errAt(n, "%s takes a rounding mode and a value", name)
	}
	rm, err := sc.term(args[0])
	if err != nil {
		return nil, err
	}
	if rm.s.kind != sRM {
		return nil, errAt(args[0], "rounding mode expected, got %s", rm.s)
	}
	if name == "to_fp" && isRealLit(args[1]) {
		r, err := realLit(args[1])
		if err != nil {
			return nil, err
		}
		return &value{s: out, e: sc.fpConst(realToFP(r, k, rm.rm, rm.rna), k)}, nil
	}
	x, err := sc.term(args[1])
	if err != nil {
		return nil, err
	}
	switch {
	case x.s.kind == sFP && name == "to_fp":
		if x.s.fk == k {
			return &value{s: out, e: x.e}, nil
		}
		if err := sc.needIEEE(rm, n, "to_fp"); err != nil {
			return nil, err
		}
		return &value{s: out, e: sc.b.FPConv(rm.rm, x.e, k)}, nil
	case x.s.kind == sBV:
		if err := sc.needIEEE(rm, n, name); err != nil {
			return nil, err
		}
		if x.s.w > 64 {
			return nil, errAt(args[1], "%s of a %d-bit integer unsupported (at most 64)", name, x.s.w)
		}
		return &value{s: out, e: sc.b.IntToFP(name == "to_fp", rm.rm, x.e, k)}, nil
	}
	return nil, errAt(args[1], "%s of a %s unsupported", name, x.s)
}

// needIEEE rejects roundNearestTiesToAway where arith has no such
// direction.
func (sc *Script) needIEEE(rm *value, n *node, op string) error {
	if rm.rna {
		return errAt(n, "rounding mode RNA unsupported in %s: floatsym computes in the four IEEE directions of x86", op)
	}
	return nil
}

// applyIndexed is extract, zero_extend, sign_extend, repeat, rotations
// and fp.to_ubv/sbv.
func (sc *Script) applyIndexed(n *node, name string, idx []int, a []*value) (*value, error) {
	b := sc.b
	switch name {
	case "fp.to_ubv", "fp.to_sbv":
		if len(idx) != 1 || len(a) != 2 || a[0].s.kind != sRM || a[1].s.kind != sFP || idx[0] < 1 || idx[0] > 64 {
			return nil, errAt(n, "bad %s (a rounding mode and an FP value, width 1 to 64)", name)
		}
		r := b.FRound(integralOf(a[0]), a[0].rm, a[1].e)
		return &value{s: bvSort(idx[0]), e: b.FPToInt(name == "fp.to_sbv", r, idx[0])}, nil
	}
	if len(a) != 1 || a[0].s.kind != sBV || len(idx) == 0 {
		return nil, errAt(n, "bad %s (one bit-vector argument)", name)
	}
	x, w := a[0].e, a[0].s.w
	switch name {
	case "extract":
		if len(idx) != 2 || idx[0] < idx[1] || idx[0] >= w {
			return nil, errAt(n, "bad extract of a %d-bit vector", w)
		}
		return &value{s: bvSort(idx[0] - idx[1] + 1), e: b.Extract(x, idx[1], idx[0]-idx[1]+1)}, nil
	case "zero_extend", "sign_extend":
		if idx[0] == 0 {
			return a[0], nil
		}
		if w+idx[0] > 128 {
			return nil, errAt(n, "%s past 128 bits unsupported", name)
		}
		if name == "zero_extend" {
			return &value{s: bvSort(w + idx[0]), e: b.ZExt(x, w+idx[0])}, nil
		}
		return &value{s: bvSort(w + idx[0]), e: b.SExt(x, w+idx[0])}, nil
	case "repeat":
		if idx[0] < 1 || w*idx[0] > 128 {
			return nil, errAt(n, "bad repeat (past 128 bits unsupported)")
		}
		r := x
		for i := 1; i < idx[0]; i++ {
			r = b.Concat(r, x)
		}
		return &value{s: bvSort(w * idx[0]), e: r}, nil
	case "rotate_left", "rotate_right":
		k := idx[0] % w
		if name == "rotate_right" {
			k = (w - k) % w
		}
		if k == 0 {
			return a[0], nil
		}
		return &value{s: a[0].s, e: b.Concat(b.Extract(x, 0, w-k), b.Extract(x, w-k, k))}, nil
	}
	return nil, errAt(n, "unsupported function (_ %s ...)", name)
}

// integralOf is the round-to-integral of a rounding mode.
func integralOf(rm *value) arith.Integral {
	if rm.rna {
		return arith.Round
	}
	switch rm.rm {
	case arith.Upward:
		return arith.Ceil
	case arith.Downward:
		return arith.Floor
	case arith.TowardZero:
		return arith.Trunc
	}
	return arith.Rint
}

// boolOf, fpOf: shorthand for sort checks.
func want(n *node, v *value, k sortKind, what string) error {
	if v.s.kind != k {
		return errAt(n, "%s expected, got %s", what, v.s)
	}
	return nil
}

// eq is SMT-LIB's = on two values of one sort (FP: the same value,
// every NaN equal to every NaN, +0 distinct from -0).
func (sc *Script) eq(n *node, x, y *value) (*expr.Expr, error) {
	if !x.s.equal(y.s) {
		return nil, errAt(n, "= of %s and %s", x.s, y.s)
	}
	b := sc.b
	switch x.s.kind {
	case sBool, sBV:
		return b.Eq(x.e, y.e), nil
	case sFP:
		nan := b.And(b.FClass(expr.OpFIsNaN, x.e), b.FClass(expr.OpFIsNaN, y.e))
		return b.Or(nan, b.And(b.Not(b.FClass(expr.OpFIsNaN, x.e)), b.Eq(x.e, y.e))), nil
	case sRM:
		return b.BoolConst(x.rm == y.rm && x.rna == y.rna), nil
	}
	return nil, errAt(n, "= on arrays unsupported")
}
