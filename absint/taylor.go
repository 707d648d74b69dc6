package absint

import (
	"math"
	"math/big"
	"sort"

	"github.com/floatsym/floatsym/internal/arith"
)

// Taylor models (Berz & Makino) for the subdivision replay
// (subdivtaylor.go): a value computed from the drawn inputs of a box is
//
//	v(t) ∈ P(t) + Σ b_j·ε_j + [−ρ, ρ],   t ∈ [−1, 1]^n, ε_j ∈ [−1, 1],
//
// where t_i is input i's normalised position in its window (input i =
// c_i + r_i·t_i exactly), P a polynomial of total degree ≤ d with
// big.Float coefficients, ε_j a noise symbol of one operation — what
// it left out of P: the terms truncated above degree d, the products of
// noise terms, the remainder of a reciprocal's series, the rounding
// error of the IEEE operation the program ran — shared by every value
// computed from that result (as affine forms share theirs, so a Halley
// step, whose derivative is 0 at the root, cancels the errors its
// operands bring in instead of adding them up), and ρ a float64 bound
// on the rounding of the coefficient arithmetic itself. Where affine
// forms (affine.go) drop the curvature of a value into a remainder that
// shrinks only with the box's width squared, a degree-d model keeps it
// to order d: x·x − a for x ≈ √a cancels to the rounding errors.
//
// Soundness: for every t in the box and every choice of the concrete
// operands the operand models enclose (at some ε), the real result lies
// in the result model at the same ε and some value of its fresh symbol
// (a bounded quantity δ is δ_max·ε_new for a new ε_new ∈ [−1, 1]);
// tmRound then adds |fl(v) − v| (afUlp of the range's
// largest magnitude: the binade's spacing, half of it to nearest, the
// subnormal spacing below 2^emin) and refuses a range that may
// overflow. Coefficients are rounded to nearest at tmPrec bits, so an
// operation errs by at most |result|·2^−tmPrec; each operation adds
// tmEps (2^−(tmPrec−2)) times the ℓ1 norm of what it computed to ρ,
// because |t^e| ≤ 1 on the box. Range bounds sum with directed rounding
// (big.Float's ToNegativeInf/ToPositiveInf) and convert to float64
// outward.

const (
	tmPrec = 160
	tmVars = 4 // inputs a model can carry; later ones are intervals
)

var tmEps = math.Ldexp(1, -(tmPrec - 2))

// tmExp is a monomial's exponents, one per input.
type tmExp [tmVars]uint8

func (e tmExp) deg() int {
	s := 0
	for _, x := range e {
		s += int(x)
	}
	return s
}

func (e tmExp) even() bool {
	for _, x := range e {
		if x%2 != 0 {
			return false
		}
	}
	return true
}

func (e tmExp) less(f tmExp) bool {
	for i := range e {
		if e[i] != f[i] {
			return e[i] < f[i]
		}
	}
	return false
}

type tmTerm struct {
	e tmExp
	c *big.Float
}

// tmNoise is a noise symbol's coefficient: a float64 (noise terms are
// rounding-error sized; the float64 arithmetic's own error, relative
// afRel per operation, goes to ρ).
type tmNoise struct {
	s int32
	c float64
}

// tmCtx is a replay's degree and fresh-symbol source.
type tmCtx struct {
	deg   int
	fresh func() int32
}

// tmodel is P + [−rho, rho]; terms are sorted by exponent, none zero.
// A model is immutable once built.
type tmodel struct {
	terms []tmTerm
	noise []tmNoise // sorted by symbol
	rho   float64
	deg   int
}

func newBig() *big.Float { return new(big.Float).SetPrec(tmPrec) }

// bigUp and bigDown are x as a float64 rounded up and down.
func bigUp(x *big.Float) float64 {
	f, acc := x.Float64()
	if acc == big.Below {
		f = math.Nextafter(f, math.Inf(1))
	}
	return f
}

func bigDown(x *big.Float) float64 {
	f, acc := x.Float64()
	if acc == big.Above {
		f = math.Nextafter(f, math.Inf(-1))
	}
	return f
}

// absUp is |x| rounded up to a float64.
func absUp(x *big.Float) float64 {
	if x.Sign() >= 0 {
		return bigUp(x)
	}
	return -bigDown(x)
}

// upMul and upAdd are a·b and a+b (non-negative) rounded up.
func upMul(a, b float64) float64 { return afUp(a * b) }
func upAdd(a, b float64) float64 { return afUp(a + b) }

// tmConstant is the exact constant x.
func tmConstant(x float64, d int) *tmodel {
	m := &tmodel{deg: d}
	if x != 0 {
		m.terms = []tmTerm{{c: newBig().SetFloat64(x)}}
	}
	return m
}

// tmInterval is a value known only to lie in [lo, hi]: its centre
// plus a remainder (shared with nothing).
func tmInterval(lo, hi float64, d int) *tmodel {
	c := newBig().SetFloat64(lo)
	c.Add(c, newBig().SetFloat64(hi))
	c.Quo(c, newBig().SetInt64(2))
	// c may be rounded (lo and hi far apart): the radius covers both
	// ends, rounded up.
	r1 := newBig().SetMode(big.ToPositiveInf).Sub(newBig().SetFloat64(hi), c)
	r2 := newBig().SetMode(big.ToPositiveInf).Sub(c, newBig().SetFloat64(lo))
	m := &tmodel{deg: d, rho: math.Max(bigUp(r1), bigUp(r2))}
	if c.Sign() != 0 {
		m.terms = []tmTerm{{c: c}}
	}
	return m
}

// tmInput is input v over its window [lo, hi]: c + r·t_v, exact (an
// interval when c or r is not exact at tmPrec bits, or v ≥ tmVars).
func tmInput(lo, hi float64, v, d int) *tmodel {
	m := tmInterval(lo, hi, d)
	r := newBig().Sub(newBig().SetFloat64(hi), newBig().SetFloat64(lo))
	exact := r.Acc() == big.Exact
	r.Quo(r, newBig().SetInt64(2))
	if r.Sign() == 0 || v >= tmVars || !exact || m.rho != 0 && !m.exactCentre(lo, hi) {
		return m
	}
	m.rho = 0
	var e tmExp
	e[v] = 1
	m.terms = append(m.terms, tmTerm{e: e, c: r})
	return m
}

// exactCentre reports that P's constant is exactly (lo + hi)/2.
func (m *tmodel) exactCentre(lo, hi float64) bool {
	c := newBig().SetFloat64(lo)
	c.Add(c, newBig().SetFloat64(hi))
	return c.Acc() == big.Exact
}

// polyL1 bounds Σ|c| over P's terms (≥ max |P| on the box); nonConst
// leaves out the constant. Rounded up.
func (m *tmodel) polyL1(nonConst bool) float64 {
	s := 0.0
	for _, t := range m.terms {
		if !nonConst || t.e != (tmExp{}) {
			s = upAdd(s, absUp(t.c))
		}
	}
	return s
}

// noiseL1 is Σ|b_j|, rounded up.
func (m *tmodel) noiseL1() float64 {
	s := 0.0
	for _, n := range m.noise {
		s = upAdd(s, math.Abs(n.c))
	}
	return s
}

// l1 bounds |P + Σ b_j·ε_j| on the box.
func (m *tmodel) l1() float64 { return upAdd(m.polyL1(false), m.noiseL1()) }

// constant is P's constant coefficient (a fresh copy).
func (m *tmodel) constant() *big.Float {
	if len(m.terms) > 0 && m.terms[0].e == (tmExp{}) {
		return newBig().Set(m.terms[0].c)
	}
	return newBig()
}

// bounds is the model's range on the box, outward; ok is false when it
// is not finite.
func (m *tmodel) bounds() (lo, hi float64, ok bool) {
	l := newBig().SetMode(big.ToNegativeInf)
	h := newBig().SetMode(big.ToPositiveInf)
	a := newBig()
	for _, t := range m.terms {
		switch {
		case t.e == (tmExp{}):
			l.Add(l, t.c)
			h.Add(h, t.c)
		case t.e.even() && t.c.Sign() > 0:
			h.Add(h, t.c)
		case t.e.even():
			l.Add(l, t.c)
		default:
			a.Abs(t.c)
			l.Sub(l, a)
			h.Add(h, a)
		}
	}
	lo, hi = bigDown(l), bigUp(h)
	r := upAdd(m.rho, m.noiseL1()) // NaN when a float64 term overflowed
	if r > 0 {
		lo = math.Nextafter(lo-r, math.Inf(-1))
		hi = math.Nextafter(hi+r, math.Inf(1))
	}
	ok = !math.IsInf(lo, 0) && !math.IsInf(hi, 0) && !math.IsNaN(lo) && !math.IsNaN(hi) && !math.IsNaN(r)
	return lo, hi, ok
}

// rad is half the width of the range (+Inf when not finite).
func (m *tmodel) rad() float64 {
	lo, hi, ok := m.bounds()
	if !ok {
		return math.Inf(1)
	}
	return afUp((hi - lo) / 2)
}

// build collects coefficients by exponent into a model (zero ones
// dropped).
func build(acc map[tmExp]*big.Float, noise []tmNoise, rho float64, d int) *tmodel {
	m := &tmodel{deg: d, rho: rho, noise: noise, terms: make([]tmTerm, 0, len(acc))}
	for e, c := range acc {
		if c.Sign() != 0 {
			m.terms = append(m.terms, tmTerm{e, c})
		}
	}
	sort.Slice(m.terms, func(i, j int) bool { return m.terms[i].e.less(m.terms[j].e) })
	return m
}

// combineNoise is α·x + β·y over noise lists (β may be nil: x alone),
// in float64; it returns a bound on the error of that arithmetic (α
// and β rounded to float64, each product and sum rounded: at most
// afRel relative to the magnitudes involved, and afTiny for underflow).
func combineNoise(x []tmNoise, al *big.Float, y []tmNoise, be *big.Float) ([]tmNoise, float64) {
	out := make([]tmNoise, 0, len(x)+len(y))
	var a, b float64
	if al != nil {
		a, _ = al.Float64()
	}
	if be != nil {
		b, _ = be.Float64()
	}
	mag, n := 0.0, 0
	i, j := 0, 0
	for i < len(x) || j < len(y) {
		var s int32
		var c float64
		switch {
		case j == len(y) || (i < len(x) && x[i].s < y[j].s):
			s, c = x[i].s, x[i].c*a
			mag = upAdd(mag, math.Abs(c))
			i++
		case i == len(x) || y[j].s < x[i].s:
			s, c = y[j].s, y[j].c*b
			mag = upAdd(mag, math.Abs(c))
			j++
		default:
			p, q := x[i].c*a, y[j].c*b
			s, c = x[i].s, p+q
			mag = upAdd(mag, upAdd(math.Abs(p), math.Abs(q)))
			i++
			j++
		}
		n++
		if c != 0 {
			out = append(out, tmNoise{s, c})
		}
	}
	return out, upAdd(upMul(4*afRel, mag), float64(n)*afTiny)
}

// withNoise is m plus δ·ε_s for a fresh symbol s (δ ≥ 0: a bound on
// what the operation left out).
func withNoise(m *tmodel, s int32, delta float64) *tmodel {
	if delta == 0 {
		return m
	}
	n := make([]tmNoise, 0, len(m.noise)+1)
	n = append(n, m.noise...)
	n = append(n, tmNoise{s, delta})
	sort.Slice(n, func(i, j int) bool { return n[i].s < n[j].s })
	return &tmodel{terms: m.terms, noise: n, rho: m.rho, deg: m.deg}
}

// tmLin is α·x + β·y for exact float64 α, β (real arithmetic).
func tmLin(x, y *tmodel, al, be float64) *tmodel {
	acc := map[tmExp]*big.Float{}
	ba, bb := newBig().SetFloat64(al), newBig().SetFloat64(be)
	mag := 0.0
	add := func(m *tmodel, k *big.Float) {
		for _, t := range m.terms {
			p := newBig().Mul(t.c, k)
			if c, ok := acc[t.e]; ok {
				c.Add(c, p)
			} else {
				acc[t.e] = p
			}
			mag = upAdd(mag, absUp(p))
		}
	}
	add(x, ba)
	add(y, bb)
	noise, nerr := combineNoise(x.noise, ba, y.noise, bb)
	rho := upAdd(upMul(math.Abs(al), x.rho), upMul(math.Abs(be), y.rho))
	rho = upAdd(upAdd(rho, upMul(2*tmEps, mag)), nerr)
	return build(acc, noise, rho, x.deg)
}

// tmScale is k·x for a coefficient k.
func tmScale(x *tmodel, k *big.Float) *tmodel {
	acc := map[tmExp]*big.Float{}
	mag := 0.0
	for _, t := range x.terms {
		p := newBig().Mul(t.c, k)
		acc[t.e] = p
		mag = upAdd(mag, absUp(p))
	}
	noise, nerr := combineNoise(x.noise, k, nil, nil)
	rho := upAdd(upAdd(upMul(absUp(k), x.rho), upMul(tmEps, mag)), nerr)
	return build(acc, noise, rho, x.deg)
}

// tmAddBig is x + k.
func tmAddBig(x *tmodel, k *big.Float) *tmodel {
	acc := map[tmExp]*big.Float{}
	for _, t := range x.terms {
		acc[t.e] = newBig().Set(t.c)
	}
	if c, ok := acc[tmExp{}]; ok {
		c.Add(c, k)
	} else {
		acc[tmExp{}] = newBig().Set(k)
	}
	rho := upAdd(x.rho, upMul(tmEps, upAdd(absUp(acc[tmExp{}]), absUp(k))))
	return build(acc, x.noise, rho, x.deg)
}

// tmMul is x·y: P_x·P_y up to degree d; each noise term times the
// other's constant; on a fresh symbol, the terms above degree d, the
// rest of the noise terms' products (|b|·|P − P(0)|, |b_x|·|b_y|); the
// remainders by |x|·ρ_y + |y|·ρ_x + ρ_x·ρ_y.
func tmMul(c *tmCtx, x, y *tmodel) *tmodel {
	d := c.deg
	acc := map[tmExp]*big.Float{}
	trunc, mag := 0.0, 0.0
	p := newBig()
	for _, s := range x.terms {
		for _, t := range y.terms {
			var e tmExp
			for i := range e {
				e[i] = s.e[i] + t.e[i]
			}
			p.Mul(s.c, t.c)
			a := absUp(p)
			mag = upAdd(mag, a)
			if e.deg() > d {
				trunc = upAdd(trunc, a)
				continue
			}
			if c, ok := acc[e]; ok {
				c.Add(c, p)
			} else {
				acc[e] = newBig().Set(p)
			}
		}
	}
	noise, nerr := combineNoise(x.noise, y.constant(), y.noise, x.constant())
	left := upAdd(trunc, upMul(x.noiseL1(), y.polyL1(true)))
	left = upAdd(left, upMul(y.noiseL1(), x.polyL1(true)))
	left = upAdd(left, upMul(x.noiseL1(), y.noiseL1()))
	rho := upAdd(upMul(x.l1(), y.rho), upMul(y.l1(), x.rho))
	rho = upAdd(rho, upMul(x.rho, y.rho))
	rho = upAdd(upAdd(rho, upMul(2*tmEps, mag)), nerr)
	return withNoise(build(acc, noise, rho, d), c.fresh(), left)
}

// tmRecip is 1/y for y's range away from 0: with q ≈ 1/c (c: P_y's
// constant) and w = q·y − 1, 1/y = q/(1 + w) = q·(Σ_{j≤d} (−w)^j + R),
// R = (−w)^(d+1)/(1 + w) exactly (the geometric series), so
// |R| ≤ max|w|^(d+1) / min|1 + w| over w's range (on a fresh symbol).
// ok is false when y may be 0 or 1 + w may reach 0.
func tmRecip(c *tmCtx, y *tmodel) (*tmodel, bool) {
	lo, hi, ok := y.bounds()
	if !ok || (lo <= 0 && hi >= 0) {
		return nil, false
	}
	c0 := y.constant()
	if c0.Sign() == 0 {
		c0.SetFloat64(lo/2 + hi/2)
	}
	q := newBig().Quo(newBig().SetInt64(1), c0)
	w := tmAddBig(tmScale(y, q), newBig().SetInt64(-1))
	wl, wh, ok := w.bounds()
	if !ok || !(wl > -1) {
		return nil, false
	}
	wm := math.Max(math.Abs(wl), math.Abs(wh))
	m := 1.0 // min |1 + w|
	if wl < 0 {
		m = afDown(1 + wl)
	}
	if !(m > 0) {
		return nil, false
	}
	d := c.deg
	// Horner: g = 1 − w·(1 − w·(… (1 − w))).
	one := newBig().SetInt64(1)
	g := tmConstant(1, d)
	for k := 0; k < d; k++ {
		g = tmAddBig(tmScale(tmMul(c, w, g), newBig().SetInt64(-1)), one)
	}
	rem := afUp(math.Pow(wm, float64(d+1)) * (1 + 0x1p-40))
	rem = afUp(rem / m)
	if math.IsNaN(rem) || math.IsInf(rem, 0) {
		return nil, false
	}
	return tmScale(withNoise(g, c.fresh(), rem), q), true
}

// tmDiv is x/y.
func tmDiv(c *tmCtx, x, y *tmodel) (*tmodel, bool) {
	r, ok := tmRecip(c, y)
	if !ok {
		return nil, false
	}
	return tmMul(c, x, r), true
}

// tmRound is fl_k(v) for the real result model m: its rounding error,
// |fl(v) − v| ≤ afUlp(max|v|), on a fresh symbol. ok is false when the
// result may overflow or the model is not finite.
func tmRound(c *tmCtx, m *tmodel, k arith.Kind, nearest bool) (*tmodel, bool) {
	lo, hi, ok := m.bounds()
	if !ok {
		return nil, false
	}
	top := math.Max(math.Abs(lo), math.Abs(hi))
	if !(top < afTop(k)) {
		return nil, false
	}
	return withNoise(m, c.fresh(), afUlp(top, k, nearest)), true
}

// tmFMA is fl(fl(x·y) + z) or fl(x·y + z): llvm.fmuladd, fused or not,
// both enclosed.
func tmFMA(c *tmCtx, x, y, z *tmodel, k arith.Kind, nearest bool) (*tmodel, bool) {
	p, ok := tmRound(c, tmMul(c, x, y), k, nearest)
	if !ok {
		return nil, false
	}
	return tmRound(c, tmLin(p, z, 1, 1), k, nearest)
}

// tmDegree is the degree for n inputs: the largest in [4, 7] whose
// monomial count C(n+d, d) stays within a product's budget of 40 terms.
func tmDegree(n int) int {
	best := 4
	for d := 4; d <= 7; d++ {
		c := 1
		for i := 1; i <= n; i++ {
			c = c * (d + i) / i
		}
		if c <= 40 {
			best = d
		}
	}
	return best
}
