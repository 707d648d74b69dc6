package executor

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/hostc"
	"github.com/floatsym/floatsym/solver/expr"
)

// The facts an uninterpreted libm result is constrained by
// (--libm=uninterpreted). Each must hold for the host glibc's actual
// results, in every rounding mode, for float, double and long double —
// not merely for the real function: glibc is not correctly rounded, so
// e.g. monotonicity between calls is NOT encoded (a faithfully rounded
// function may step backwards by an ulp). TestLibmFacts evaluates every
// fact built here against glibc over special, NaN-payload and random
// arguments in all four modes.
//
// Per call:
//   - range: a non-NaN result lies in [lo, hi] (lo rounded down, hi up
//     to the kind), e.g. sin ∈ [-1, 1], exp ≥ 0, atan ∈ ±RU(π/2);
//   - sign: x > t ⇒ r ≥ 0 and x < t ⇒ r ≤ 0 (or NaN): a result with at
//     most a few ulps of relative error cannot cross zero; strictly (> 0,
//     < 0) for log, log2 and log10 with t = 1;
//   - special points, with every argument but one symbolic one concrete:
//     arg == p ⇒ r == glibc(p) at ±0, ±0.5, ±1, ±2, ±min subnormal,
//     ±min normal, ±max, ±INF, evaluated by calling glibc in the path's
//     mode when the call is made; a NaN argument ⇒ the result glibc gives
//     for the quiet and signalling NaNs of both signs, when they agree
//     (all NaN, or all the same value);
//   - both arguments symbolic: the family's own facts (pow(x, ±0) = 1,
//     pow(1, y) = 1, hypot(±INF, y) = +INF, atan2 of a NaN is NaN).
//
// Between two calls of the same function, kind and rounding mode on a
// path: equal non-NaN arguments ⇒ equal results (functional
// consistency: glibc is deterministic), and for odd/even families
// x1 == -x2 ⇒ r1 == -r2 / r1 == r2 (or both NaN).

// libmFamily are the facts of one function family (double version's name).
type libmFamily struct {
	lo, hi string // range of non-NaN results (decimal; "" for none)
	// slack widens the range by one ulp on each side: glibc's atan2
	// in a directed mode returns the double next beyond RD(-π).
	slack  bool
	parity int    // -1 odd, +1 even, 0 neither
	sign   bool   // x > signAt ⇒ r ≥ 0, x < signAt ⇒ r ≤ 0
	signAt string // "" for 0
	// strict: x > signAt ⇒ r > 0 and x < signAt ⇒ r < 0 (or NaN): for
	// the logarithms, whose value is never within an ulp of zero.
	strict  bool
	nanProp bool // with every argument symbolic: a NaN argument gives NaN
	// both are facts of two-argument families for any arguments.
	both func(b *expr.Builder, k arith.Kind, a []*expr.Expr, rb *expr.Expr) []*expr.Expr
}

const (
	libmPiHalf = "1.57079632679489661923132169163975144209858469968755291"
	libmPi     = "3.14159265358979323846264338327950288419716939937510582"
)

var libmFamilies = map[string]libmFamily{
	"sin":    {lo: "-1", hi: "1", parity: -1},
	"cos":    {lo: "-1", hi: "1", parity: 1},
	"tan":    {parity: -1},
	"asin":   {lo: "-" + libmPiHalf, hi: libmPiHalf, slack: true, parity: -1, sign: true},
	"acos":   {lo: "0", hi: libmPi, slack: true},
	"atan":   {lo: "-" + libmPiHalf, hi: libmPiHalf, slack: true, parity: -1, sign: true},
	"sinh":   {parity: -1, sign: true},
	"cosh":   {lo: "1", hi: "inf", parity: 1},
	"tanh":   {lo: "-1", hi: "1", parity: -1, sign: true},
	"asinh":  {parity: -1, sign: true},
	"acosh":  {lo: "0", hi: "inf"},
	"atanh":  {parity: -1, sign: true},
	"exp":    {lo: "0", hi: "inf"},
	"exp2":   {lo: "0", hi: "inf"},
	"exp10":  {lo: "0", hi: "inf"},
	"expm1":  {lo: "-1", hi: "inf", sign: true},
	"log":    {sign: true, signAt: "1", strict: true},
	"log2":   {sign: true, signAt: "1", strict: true},
	"log10":  {sign: true, signAt: "1", strict: true},
	"log1p":  {sign: true},
	"cbrt":   {parity: -1, sign: true},
	"erf":    {lo: "-1", hi: "1", parity: -1, sign: true},
	"erfc":   {lo: "0", hi: "2"},
	"lgamma": {},
	"tgamma": {},
	"j0":     {lo: "-1", hi: "1", parity: 1},
	"j1":     {lo: "-1", hi: "1", parity: -1},
	"y0":     {},
	"y1":     {},
	"atan2":  {lo: "-" + libmPi, hi: libmPi, slack: true, nanProp: true},
	"pow":    {both: libmPowFacts},
	"hypot":  {lo: "0", hi: "inf", both: libmHypotFacts},
}

// libmConst is the constant of kind k nearest to the decimal s in mode rm.
func libmConst(b *expr.Builder, k arith.Kind, rm arith.RoundingMode, s string) *expr.Expr {
	w, _, _ := hostc.Strto(k, rm, s)
	return b.FConst(k, w)
}

func libmBits(b *expr.Builder, k arith.Kind, w arith.Word) *expr.Expr {
	return b.Const(w, k.Bits())
}

// libmPoints are the special arguments whose glibc results become facts.
func libmPoints(k arith.Kind) []arith.Word {
	var pos []arith.Word
	switch k {
	case arith.F32:
		for _, u := range []uint32{0, 0x3f000000, 0x3f800000, 0x40000000, 1, 0x00800000, 0x7f7fffff, 0x7f800000} {
			pos = append(pos, arith.Word{Lo: uint64(u)})
		}
	case arith.F64:
		for _, u := range []uint64{0, 0x3fe0000000000000, 0x3ff0000000000000, 0x4000000000000000, 1,
			0x0010000000000000, 0x7fefffffffffffff, 0x7ff0000000000000} {
			pos = append(pos, arith.Word{Lo: u})
		}
	default:
		for _, v := range []float64{0, 0.5, 1, 2} {
			pos = append(pos, arith.F80FromFloat64(v))
		}
		pos = append(pos, arith.Word{Lo: 1}, arith.Word{Lo: 1 << 63, Hi: 1},
			arith.Word{Lo: ^uint64(0), Hi: 0x7ffe}, arith.Word{Lo: 1 << 63, Hi: 0x7fff})
	}
	all := pos
	for _, p := range pos {
		all = append(all, arith.FNeg(k, p))
	}
	return all
}

// libmNaNs are a quiet and a signalling NaN of both signs.
func libmNaNs(k arith.Kind) []arith.Word {
	var q, sn arith.Word
	switch k {
	case arith.F32:
		q, sn = arith.Word{Lo: 0x7fc00000}, arith.Word{Lo: 0x7fa00000}
	case arith.F64:
		q, sn = arith.Word{Lo: 0x7ff8000000000000}, arith.Word{Lo: 0x7ff4000000000000}
	default:
		q, sn = arith.Word{Lo: 0xc000000000000000, Hi: 0x7fff}, arith.Word{Lo: 0xa000000000000000, Hi: 0x7fff}
	}
	return []arith.Word{q, arith.FNeg(k, q), sn, arith.FNeg(k, sn)}
}

// libmCallFacts are the facts of one call's result r (bits rb); fn is the
// host function for the special points.
func libmCallFacts(b *expr.Builder, fn hostc.Func, c libmCall, rb *expr.Expr) []*expr.Expr {
	fam := libmFamilies[c.fam]
	k, r := c.k, c.r
	isNaN := func(x *expr.Expr) *expr.Expr { return b.FClass(expr.OpFIsNaN, x) }
	implies := func(p, q *expr.Expr) *expr.Expr { return b.Or(b.Not(p), q) }
	var facts []*expr.Expr
	if k == arith.F80 {
		// glibc returns canonical x87 encodings only: the explicit
		// integer bit is set exactly when the exponent is not zero.
		expZero := b.Eq(b.Extract(rb, 64, 15), b.U64(0, 15))
		intBit := b.Eq(b.Extract(rb, 63, 1), b.U64(1, 1))
		facts = append(facts, b.Eq(expZero, b.Not(intBit)))
	}
	if fam.lo != "" {
		lo := libmConst(b, k, arith.Downward, fam.lo)
		hi := libmConst(b, k, arith.Upward, fam.hi)
		if fam.slack {
			lo, hi = libmNext(b, k, lo, false), libmNext(b, k, hi, true)
		}
		facts = append(facts, b.Or(isNaN(r), b.And(b.FCmp(arith.OGE, r, lo), b.FCmp(arith.OLE, r, hi))))
	}
	if fam.sign {
		x := c.args[0]
		at := fam.signAt
		if at == "" {
			at = "0"
		}
		t := libmConst(b, k, arith.NearestEven, at)
		zero := b.FConst(k, arith.Word{})
		ge, le := arith.UGE, arith.ULE
		if fam.strict {
			ge, le = arith.UGT, arith.ULT
		}
		facts = append(facts, implies(b.FCmp(arith.OGT, x, t), b.FCmp(ge, r, zero)),
			implies(b.FCmp(arith.OLT, x, t), b.FCmp(le, r, zero)))
	}
	if fam.both != nil {
		facts = append(facts, fam.both(b, k, c.args, rb)...)
	}
	sym := -1
	for i, a := range c.args {
		if a.Op != expr.OpConst {
			if sym >= 0 {
				sym = -2 // more than one symbolic argument
				break
			}
			sym = i
		}
	}
	switch {
	case sym >= 0:
		var w [2]arith.Word
		for i, a := range c.args {
			w[i] = a.Val
		}
		glibc := func(p arith.Word) arith.Word {
			w[sym] = p
			return hostc.Call(fn, k, c.rm, w[0], w[1], arith.Word{}, 0).W
		}
		x := c.args[sym]
		xb := b.ToBits(x)
		for _, p := range libmPoints(k) {
			facts = append(facts, implies(b.Eq(xb, libmBits(b, k, p)), b.Eq(rb, libmBits(b, k, glibc(p)))))
		}
		var first arith.Word
		allNaN, allSame := true, true
		for i, p := range libmNaNs(k) {
			g := glibc(p)
			allNaN = allNaN && arith.IsNaN(k, g)
			if i == 0 {
				first = g
			}
			allSame = allSame && g == first
		}
		switch {
		case allNaN:
			facts = append(facts, implies(isNaN(x), isNaN(r)))
		case allSame:
			facts = append(facts, implies(isNaN(x), b.Eq(rb, libmBits(b, k, first))))
		}
	case sym == -2 && fam.nanProp:
		anyNaN := b.False
		for _, a := range c.args {
			anyNaN = b.Or(anyNaN, isNaN(a))
		}
		facts = append(facts, implies(anyNaN, isNaN(r)))
	}
	return facts
}

// libmPairFacts relate the results of two calls p (earlier) and c.
func libmPairFacts(b *expr.Builder, p, c libmCall) []*expr.Expr {
	if p.fam != c.fam || p.k != c.k || p.rm != c.rm {
		return nil
	}
	isNaN := func(x *expr.Expr) *expr.Expr { return b.FClass(expr.OpFIsNaN, x) }
	// NaN arguments are left out: the bits of a computed NaN in the
	// expression language need not be the native ones.
	same := b.True
	for i := range c.args {
		same = b.And(same, b.And(b.Not(isNaN(c.args[i])), b.Eq(b.ToBits(c.args[i]), b.ToBits(p.args[i]))))
	}
	facts := []*expr.Expr{b.Or(b.Not(same), b.Eq(c.rb, p.rb))}
	fam := libmFamilies[c.fam]
	// Parity only under round-to-nearest: in a directed mode f(-x)
	// rounds the other way (sin(-0.5f) rounded down is not -sin(0.5f)
	// rounded down), and even toward zero glibc's tanh(-MIN_SUBNORMAL)
	// is -0 while tanh(MIN_SUBNORMAL) is MIN_SUBNORMAL.
	if fam.parity != 0 && len(c.args) == 1 && c.rm == arith.NearestEven {
		neg := b.And(b.Not(isNaN(c.args[0])), b.Eq(b.ToBits(c.args[0]), b.ToBits(b.FNeg(p.args[0]))))
		want := p.rb
		if fam.parity < 0 {
			want = b.ToBits(b.FNeg(p.r))
		}
		facts = append(facts, b.Or(b.Not(neg), b.Or(b.And(isNaN(c.r), isNaN(p.r)), b.Eq(c.rb, want))))
	}
	return facts
}

// libmPowFacts: pow(x, ±0) = 1 and pow(1, y) = 1 for every non-NaN x and
// y (C99 F.9.4.4 says for a NaN too, but glibc returns NaN for a
// signalling one, which the expression language cannot tell apart).
func libmPowFacts(b *expr.Builder, k arith.Kind, a []*expr.Expr, rb *expr.Expr) []*expr.Expr {
	one := libmBits(b, k, libmOne(k))
	notNaN := func(x *expr.Expr) *expr.Expr { return b.Not(b.FClass(expr.OpFIsNaN, x)) }
	return []*expr.Expr{
		b.Or(b.Not(b.And(b.FClass(expr.OpFIsZero, a[1]), notNaN(a[0]))), b.Eq(rb, one)),
		b.Or(b.Not(b.And(b.Eq(b.ToBits(a[0]), one), notNaN(a[1]))), b.Eq(rb, one)),
	}
}

// libmHypotFacts: hypot(±INF, y) = hypot(x, ±INF) = +INF for a non-NaN
// other argument (C99 F.9.4.3 says for a NaN too; glibc returns NaN for a
// signalling one).
func libmHypotFacts(b *expr.Builder, k arith.Kind, a []*expr.Expr, rb *expr.Expr) []*expr.Expr {
	inf := libmPoints(k)[7] // +INF
	notNaN := func(x *expr.Expr) *expr.Expr { return b.Not(b.FClass(expr.OpFIsNaN, x)) }
	anyInf := b.And(b.Or(b.FClass(expr.OpFIsInf, a[0]), b.FClass(expr.OpFIsInf, a[1])), b.And(notNaN(a[0]), notNaN(a[1])))
	return []*expr.Expr{b.Or(b.Not(anyInf), b.Eq(rb, libmBits(b, k, inf)))}
}

// libmNext is the constant next to c towards +INF (up) or -INF.
func libmNext(b *expr.Builder, k arith.Kind, c *expr.Expr, up bool) *expr.Expr {
	next, _ := hostc.Lookup("nextafter")
	to := arith.FNeg(k, libmPoints(k)[7])
	if up {
		to = libmPoints(k)[7]
	}
	return b.FConst(k, hostc.Call2(next.Fn, k, arith.NearestEven, c.Val, to).W)
}
