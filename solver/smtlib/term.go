package smtlib

import (
	"math/big"
	"strings"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// value is a translated term: an expression (Bool, BV, FP), a rounding
// mode, or an array.
type value struct {
	s   *sort
	e   *expr.Expr
	rm  arith.RoundingMode
	rna bool // roundNearestTiesToAway (no IEEE direction of x86)
	arr *arrayVal
}

// arrayVal is an array term: stores (oldest first) over a declared
// array or a constant one.
type arrayVal struct {
	decl   *arrayDecl // nil: constant
	def    *expr.Expr // the constant array's element
	stores []arrayStore
}

type arrayStore struct{ idx, val *expr.Expr }

// arrayDecl is a declared array constant. Its reads are Ackermann's
// reduction: a fresh element per distinct index term, and for each
// pair of reads "equal indices ⇒ equal elements" (script.side).
type arrayDecl struct {
	name  string
	s     *sort
	reads []arrayStore
}

// roundingModes maps the rounding-mode constants (short and long names).
var roundingModes = map[string]arith.RoundingMode{
	"RNE": arith.NearestEven, "roundNearestTiesToEven": arith.NearestEven,
	"RTP": arith.Upward, "roundTowardPositive": arith.Upward,
	"RTN": arith.Downward, "roundTowardNegative": arith.Downward,
	"RTZ": arith.TowardZero, "roundTowardZero": arith.TowardZero,
}

func isRNA(s string) bool { return s == "RNA" || s == "roundNearestTiesToAway" }

// fromSMTBits is the FP value of kind k whose SMT-LIB bit pattern
// (sign, exponent, significand without the integer bit) is x. x87's
// explicit integer bit is set for every nonzero exponent, so the value
// is a canonical x87 number.
func (sc *Script) fromSMTBits(x *expr.Expr, k arith.Kind) *expr.Expr {
	b := sc.b
	if k != arith.F80 {
		return b.FromBits(x, k)
	}
	se := b.Extract(x, 63, 16)
	exp := b.Extract(x, 63, 15)
	one := b.Ite(b.Eq(exp, b.U64(0, 15)), b.U64(0, 1), b.U64(1, 1))
	return b.FromBits(b.Concat(b.Concat(se, one), b.Extract(x, 0, 63)), k)
}

// smtBitsOf is the SMT-LIB bit pattern of an FP value of kind k.
func smtBitsOf(w arith.Word, k arith.Kind) *big.Int {
	switch k {
	case arith.F32:
		return new(big.Int).SetUint64(w.Lo & 0xffffffff)
	case arith.F64:
		return new(big.Int).SetUint64(w.Lo)
	}
	v := new(big.Int).SetUint64(w.Hi & 0xffff)
	v.Lsh(v, 63)
	return v.Or(v, new(big.Int).SetUint64(w.Lo&(1<<63-1)))
}

// fpConst is the FP constant of kind k with SMT-LIB bits v.
func (sc *Script) fpConst(v *big.Int, k arith.Kind) *expr.Expr {
	return sc.fromSMTBits(sc.b.Const(arith.FromBig(v, smtBits(k)), smtBits(k)), k)
}

// special is (_ +zero|-zero|+oo|-oo|NaN eb sb).
func (sc *Script) special(name string, k arith.Kind) *expr.Expr {
	eb, sb := fpFormat(k)
	v := new(big.Int)
	expOnes := new(big.Int).Lsh(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(eb)), big.NewInt(1)), uint(sb-1))
	switch name {
	case "-zero":
		v.Lsh(big.NewInt(1), uint(eb+sb-1))
	case "+oo":
		v.Set(expOnes)
	case "-oo":
		v.Or(expOnes, new(big.Int).Lsh(big.NewInt(1), uint(eb+sb-1)))
	case "NaN":
		v.Or(expOnes, new(big.Int).Lsh(big.NewInt(1), uint(sb-2)))
	}
	return sc.fpConst(v, k)
}

// bvLit is a #x/#b literal.
func (sc *Script) bvLit(n *node) (*value, error) {
	base, per := 16, 4
	if n.kind == nBin {
		base, per = 2, 1
	}
	v, ok := new(big.Int).SetString(n.text, base)
	w := len(n.text) * per
	if !ok || w > 128 {
		return nil, errAt(n, "bad or too wide bit-vector literal %s (at most 128 bits)", n)
	}
	return &value{s: bvSort(w), e: sc.b.Const(arith.FromBig(v, w), w)}, nil
}

// realToFP rounds the rational r to kind k in mode rm (rna: ties away),
// giving its SMT-LIB bits: exact rational arithmetic, with subnormals
// and overflow as IEEE 754 says.
func realToFP(r *big.Rat, k arith.Kind, rm arith.RoundingMode, rna bool) *big.Int {
	eb, sb := fpFormat(k)
	bias := 1<<(eb-1) - 1
	emin := 1 - bias
	neg := r.Sign() < 0
	a := new(big.Rat).Abs(r)
	signBit := new(big.Int)
	if neg {
		signBit.Lsh(big.NewInt(1), uint(eb+sb-1))
	}
	if a.Sign() == 0 {
		return signBit
	}
	// e = floor(log2 a)
	e := a.Num().BitLen() - a.Denom().BitLen()
	if cmpPow2(a, e) < 0 {
		e--
	}
	qe := max(e, emin) - (sb - 1) // quantum exponent
	// n = a / 2^qe, rounded to an integer
	t := new(big.Rat).Set(a)
	if qe >= 0 {
		t.Quo(t, new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(qe))))
	} else {
		t.Mul(t, new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(-qe))))
	}
	q, rem := new(big.Int).QuoRem(t.Num(), t.Denom(), new(big.Int))
	if rem.Sign() != 0 {
		twice := new(big.Int).Lsh(rem, 1)
		c := twice.Cmp(t.Denom()) // vs half
		up := false
		switch {
		case rna:
			up = c >= 0
		case rm == arith.NearestEven:
			up = c > 0 || c == 0 && q.Bit(0) == 1
		case rm == arith.TowardZero:
		case rm == arith.Upward:
			up = !neg
		case rm == arith.Downward:
			up = neg
		}
		if up {
			q.Add(q, big.NewInt(1))
		}
	}
	if q.BitLen() > sb { // rounded up to the next binade
		q.Rsh(q, 1)
		qe++
	}
	out := new(big.Int).Set(signBit)
	if q.BitLen() < sb { // subnormal (or zero)
		return out.Or(out, q)
	}
	biased := qe + sb - 1 + bias
	if biased >= 1<<eb-1 { // overflow
		toInf := rna || rm == arith.NearestEven || rm == arith.Upward && !neg || rm == arith.Downward && neg
		if toInf {
			return out.Or(out, new(big.Int).Lsh(big.NewInt(int64(1<<eb-1)), uint(sb-1)))
		}
		maxf := new(big.Int).Lsh(big.NewInt(int64(1<<eb-2)), uint(sb-1))
		return out.Or(out, maxf.Or(maxf, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(sb-1)), big.NewInt(1))))
	}
	frac := new(big.Int).Sub(q, new(big.Int).Lsh(big.NewInt(1), uint(sb-1)))
	out.Or(out, new(big.Int).Lsh(big.NewInt(int64(biased)), uint(sb-1)))
	return out.Or(out, frac)
}

// cmpPow2 compares a with 2^e.
func cmpPow2(a *big.Rat, e int) int {
	p := new(big.Rat)
	if e >= 0 {
		p.SetInt(new(big.Int).Lsh(big.NewInt(1), uint(e)))
	} else {
		p.SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(-e)))
	}
	return a.Cmp(p)
}

// realLit reads a real constant: a numeral, a decimal, (- r), (/ r r).
func realLit(n *node) (*big.Rat, error) {
	switch n.kind {
	case nNumeral, nDecimal:
		r, ok := new(big.Rat).SetString(n.text)
		if !ok {
			return nil, errAt(n, "bad real %s", n.text)
		}
		return r, nil
	case nList:
		if len(n.list) == 2 && n.list[0].isSym("-") {
			r, err := realLit(n.list[1])
			if err != nil {
				return nil, err
			}
			return r.Neg(r), nil
		}
		if len(n.list) == 3 && n.list[0].isSym("/") {
			x, err := realLit(n.list[1])
			if err != nil {
				return nil, err
			}
			y, err := realLit(n.list[2])
			if err != nil {
				return nil, err
			}
			if y.Sign() == 0 {
				return nil, errAt(n, "division by zero in a real constant")
			}
			return x.Quo(x, y), nil
		}
	}
	return nil, errAt(n, "real constant expected (numeral, decimal, (- r) or (/ r r)), got %s", n)
}

// isRealLit reports whether n looks like a real constant.
func isRealLit(n *node) bool {
	if n.kind == nNumeral || n.kind == nDecimal {
		return true
	}
	return n.kind == nList && len(n.list) > 0 && (n.list[0].isSym("-") || n.list[0].isSym("/")) &&
		!strings.HasPrefix(n.list[0].text, "bv")
}
