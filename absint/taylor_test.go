package absint

import (
	"math"
	"math/big"
	"math/rand"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
)

// The Taylor models' soundness: each row is a short straight-line
// program over drawn inputs (each over a window); it is run through the
// models (as the subdivision does: the real operation, then tmRound)
// and concretely through arith (the hardware's IEEE operations) at the
// windows' ends, their neighbours, the centre and random points, in all
// four rounding modes; every concrete register value must lie in its
// model at the point: |v − P(t)| ≤ ρ + Σ|b_j|, t the point's
// normalised place.

type tmOp struct {
	op      string // "in", "const", "add", "sub", "mul", "div", "fma", "neg"
	a, b, c int    // operand registers
	x       float64
}

type tmRow struct {
	name string
	k    arith.Kind
	wins []window
	prog []tmOp
	// refuse: the last operation must be refused (overflow, a divisor
	// that may be 0).
	refuse bool
}

// halley is x ← x(x² + 3a)/(3x² + a) from x = 1, k times, then x·x − a.
func halley(k int) []tmOp {
	p := []tmOp{{op: "in", a: 0}, {op: "const", x: 1}, {op: "const", x: 3}}
	x := 1
	for i := 0; i < k; i++ {
		n := len(p)
		p = append(p,
			tmOp{op: "mul", a: 2, b: 0},           // n: 3a
			tmOp{op: "fma", a: x, b: x, c: n},     // n+1: x·x + 3a
			tmOp{op: "mul", a: x, b: n + 1},       // n+2: x·(x² + 3a)
			tmOp{op: "mul", a: 2, b: x},           // n+3: 3x
			tmOp{op: "fma", a: n + 3, b: x, c: 0}, // n+4: 3x·x + a
			tmOp{op: "div", a: n + 2, b: n + 4},   // n+5
		)
		x = n + 5
	}
	n := len(p)
	return append(p, tmOp{op: "neg", a: 0}, tmOp{op: "fma", a: x, b: x, c: n})
}

var tmRows = []tmRow{
	{name: "halley5", k: arith.F64, wins: []window{{0.25, 0.3}}, prog: halley(5)},
	{name: "halley5-narrow", k: arith.F64, wins: []window{{3.96875, 4}}, prog: halley(5)},
	{name: "halley3-float", k: arith.F32, wins: []window{{1, 1.0625}}, prog: halley(3)},
	{name: "halley3-x87", k: arith.F80, wins: []window{{0.5, 0.5078125}}, prog: halley(3)},
	{name: "newton-recip", k: arith.F64, wins: []window{{1, 1.125}}, prog: []tmOp{
		{op: "in", a: 0}, {op: "const", x: 0.7}, {op: "const", x: 2},
		{op: "mul", a: 0, b: 1}, {op: "sub", a: 2, b: 3}, {op: "mul", a: 1, b: 4},
		{op: "mul", a: 0, b: 5}, {op: "sub", a: 2, b: 6}, {op: "mul", a: 5, b: 7},
	}},
	{name: "newton-sqrt", k: arith.F64, wins: []window{{1, 100}}, prog: []tmOp{
		{op: "in", a: 0}, {op: "const", x: 10}, {op: "const", x: 0.5},
		{op: "div", a: 0, b: 1}, {op: "add", a: 1, b: 3}, {op: "mul", a: 2, b: 4},
		{op: "div", a: 0, b: 5}, {op: "add", a: 5, b: 6}, {op: "mul", a: 2, b: 7},
	}},
	{name: "two-inputs", k: arith.F64, wins: []window{{-1, 2}, {0.5, 0.75}}, prog: []tmOp{
		{op: "in", a: 0}, {op: "in", a: 1}, {op: "mul", a: 0, b: 1}, {op: "fma", a: 2, b: 0, c: 1},
		{op: "div", a: 3, b: 1}, {op: "sub", a: 4, b: 2}, {op: "mul", a: 5, b: 5},
	}},
	{name: "cancellation", k: arith.F32, wins: []window{{0.999, 1.001}}, prog: []tmOp{
		{op: "in", a: 0}, {op: "const", x: 1}, {op: "sub", a: 0, b: 1}, {op: "mul", a: 2, b: 2},
		{op: "mul", a: 3, b: 3}, {op: "add", a: 4, b: 1},
	}},
	{name: "subnormal", k: arith.F64, wins: []window{{1e-310, 3e-310}}, prog: []tmOp{
		{op: "in", a: 0}, {op: "const", x: 0.3}, {op: "mul", a: 0, b: 1}, {op: "add", a: 2, b: 0},
		{op: "mul", a: 3, b: 3},
	}},
	{name: "subnormal-float", k: arith.F32, wins: []window{{1e-40, 1e-39}}, prog: []tmOp{
		{op: "in", a: 0}, {op: "const", x: 0.1}, {op: "mul", a: 0, b: 1}, {op: "sub", a: 0, b: 2},
	}},
	{name: "wide-negative", k: arith.F64, wins: []window{{-1000, -1}}, prog: []tmOp{
		{op: "in", a: 0}, {op: "const", x: 1}, {op: "div", a: 1, b: 0}, {op: "mul", a: 2, b: 0},
		{op: "fma", a: 2, b: 2, c: 0},
	}},
	{name: "overflow", k: arith.F64, wins: []window{{1e200, 1e201}}, prog: []tmOp{
		{op: "in", a: 0}, {op: "mul", a: 0, b: 0},
	}, refuse: true},
	{name: "overflow-float", k: arith.F32, wins: []window{{1e30, 3e30}}, prog: []tmOp{
		{op: "in", a: 0}, {op: "const", x: 1e9}, {op: "mul", a: 0, b: 1},
	}, refuse: true},
	{name: "divisor-zero", k: arith.F64, wins: []window{{-1, 1}}, prog: []tmOp{
		{op: "in", a: 0}, {op: "const", x: 1}, {op: "div", a: 1, b: 0},
	}, refuse: true},
}

var allModes = []arith.RoundingMode{arith.NearestEven, arith.Upward, arith.Downward, arith.TowardZero}

// wordBig is a finite word's exact value.
func wordBig(k arith.Kind, w arith.Word) *big.Float {
	if k != arith.F80 {
		return new(big.Float).SetPrec(400).SetFloat64(wordF64(k, w, false))
	}
	e := int(w.Hi & 0x7fff)
	if e == 0 {
		e = 1
	}
	v := new(big.Float).SetPrec(400).SetUint64(w.Lo)
	v.SetMantExp(v, e-16383-63)
	if w.Hi&0x8000 != 0 {
		v.Neg(v)
	}
	return v
}

// evalAt is P(t) at high precision.
func evalAt(m *tmodel, t []*big.Float) *big.Float {
	s := new(big.Float).SetPrec(400)
	for _, term := range m.terms {
		p := new(big.Float).SetPrec(400).Set(term.c)
		for i, e := range term.e {
			for j := 0; j < int(e); j++ {
				p.Mul(p, t[i])
			}
		}
		s.Add(s, p)
	}
	return s
}

func runModels(row tmRow, nearest bool, d int) ([]*tmodel, bool) {
	next := int32(drawSyms)
	c := &tmCtx{deg: d, fresh: func() int32 { next++; return next }}
	regs := make([]*tmodel, len(row.prog))
	for i, o := range row.prog {
		var r *tmodel
		ok := true
		switch o.op {
		case "in":
			w := row.wins[o.a]
			r = tmInput(w.lo, w.hi, o.a, d)
		case "const":
			r = tmConstant(wordF64(row.k, conv64(row.k, o.x), false), d)
		case "neg":
			r = tmLin(regs[o.a], tmConstant(0, d), -1, 0)
		case "fma":
			r, ok = tmFMA(c, regs[o.a], regs[o.b], regs[o.c], row.k, nearest)
		default:
			x, y := regs[o.a], regs[o.b]
			switch o.op {
			case "add":
				r = tmLin(x, y, 1, 1)
			case "sub":
				r = tmLin(x, y, 1, -1)
			case "mul":
				r = tmMul(c, x, y)
			case "div":
				r, ok = tmDiv(c, x, y)
			}
			if ok {
				r, ok = tmRound(c, r, row.k, nearest)
			}
		}
		if !ok {
			return regs[:i], false
		}
		regs[i] = r
	}
	return regs, true
}

func runConcrete(row tmRow, rm arith.RoundingMode, in []arith.Word) []arith.Word {
	k := row.k
	regs := make([]arith.Word, len(row.prog))
	for i, o := range row.prog {
		switch o.op {
		case "in":
			regs[i] = in[o.a]
		case "const":
			regs[i] = conv64(k, o.x)
		case "neg":
			regs[i] = arith.FNeg(k, regs[o.a])
		case "add":
			regs[i] = arith.FAdd(k, rm, regs[o.a], regs[o.b])
		case "sub":
			regs[i] = arith.FSub(k, rm, regs[o.a], regs[o.b])
		case "mul":
			regs[i] = arith.FMul(k, rm, regs[o.a], regs[o.b])
		case "div":
			regs[i] = arith.FDiv(k, rm, regs[o.a], regs[o.b])
		case "fma":
			regs[i] = arith.FMA(k, rm, regs[o.a], regs[o.b], regs[o.c])
			if i%2 == 0 { // and unfused: both are enclosed
				regs[i] = arith.FAdd(k, rm, arith.FMul(k, rm, regs[o.a], regs[o.b]), regs[o.c])
			}
		}
	}
	return regs
}

// samplePoints are words of kind k in w: its ends, their inner
// neighbours, the centre and random points.
func samplePoints(r *rand.Rand, k arith.Kind, w window) []arith.Word {
	lo, hi := f64Word(k, w.lo, true), f64Word(k, w.hi, false)
	pts := []arith.Word{lo, hi, arith.FAdd(k, arith.Upward, lo, minSub(k)), arith.FSub(k, arith.Downward, hi, minSub(k)),
		f64Word(k, w.lo/2+w.hi/2, false)}
	for i := 0; i < 12; i++ {
		pts = append(pts, f64Word(k, w.lo+(w.hi-w.lo)*r.Float64(), r.Intn(2) == 0))
	}
	var in []arith.Word
	for _, p := range pts {
		if wordF64(k, p, false) >= w.lo && wordF64(k, p, true) <= w.hi {
			in = append(in, p)
		}
	}
	return in
}

func TestTaylorModelsEncloseIEEE(t *testing.T) {
	r := rand.New(rand.NewSource(23))
	for _, row := range tmRows {
		for _, rm := range allModes {
			for _, d := range []int{4, 7} {
				nearest := rm == arith.NearestEven
				models, ok := runModels(row, nearest, d)
				if row.refuse {
					if ok {
						t.Errorf("%s/%v/d%d: the last operation was not refused", row.name, rm, d)
					}
				} else if !ok {
					t.Errorf("%s/%v/d%d: refused at operation %d", row.name, rm, d, len(models))
					continue
				}
				// Points: a grid of each input's sample points.
				pts := [][]arith.Word{nil}
				for _, w := range row.wins {
					var next [][]arith.Word
					for _, p := range pts {
						for _, x := range samplePoints(r, row.k, w) {
							next = append(next, append(append([]arith.Word(nil), p...), x))
						}
					}
					pts = next
				}
				for _, in := range pts {
					tv := make([]*big.Float, tmVars)
					for i := range tv {
						tv[i] = new(big.Float).SetPrec(400)
					}
					for i, w := range row.wins {
						c := new(big.Float).SetPrec(400).SetFloat64(w.lo)
						c.Add(c, new(big.Float).SetFloat64(w.hi)).Quo(c, big.NewFloat(2))
						rad := new(big.Float).SetPrec(400).SetFloat64(w.hi)
						rad.Sub(rad, c)
						tv[i].Sub(wordBig(row.k, in[i]), c).Quo(tv[i], rad)
					}
					conc := runConcrete(row, rm, in)
					for i, m := range models {
						v := conc[i]
						if arith.IsNaN(row.k, v) || arith.IsInf(row.k, v) {
							t.Errorf("%s/%v/d%d: reg %d is %x at %v, the model holds only finite values", row.name, rm, d, i, v, in)
							continue
						}
						diff := new(big.Float).Sub(wordBig(row.k, v), evalAt(m, tv))
						diff.Abs(diff)
						tol := new(big.Float).SetFloat64(upAdd(m.rho, m.noiseL1()))
						tol.Add(tol, new(big.Float).SetFloat64(math.Ldexp(m.l1(), -150)))
						if diff.Cmp(tol) > 0 {
							t.Errorf("%s/%v/d%d: reg %d (%s) = %v at %v: |v − P(t)| = %.3g > ρ + Σ|b| = %.3g",
								row.name, rm, d, i, row.prog[i].op, wordBig(row.k, v), in, diff, tol)
						}
						lo, hi, _ := m.bounds()
						x := wordBig(row.k, v)
						if x.Cmp(big.NewFloat(lo)) < 0 || x.Cmp(big.NewFloat(hi)) > 0 {
							t.Errorf("%s/%v/d%d: reg %d = %v outside the range [%g, %g]", row.name, rm, d, i, x, lo, hi)
						}
					}
				}
			}
		}
	}
}

// TestTaylorHalleyResidual: the models keep what affine forms lose —
// over a box of relative width 1/128 the residual x·x − a of 5 Halley
// steps is bounded well inside 10⁻¹² a (to nearest), and the bound
// shrinks with the box to the rounding errors' floor.
func TestTaylorHalleyResidual(t *testing.T) {
	for _, tc := range []struct {
		w   window
		max float64
	}{
		{window{0.25, 0.25 + 1.0/512}, 2.5e-13},
		{window{3.96875, 4}, 4e-12},
		{window{1, 1 + 1.0/128}, 1e-12},
	} {
		models, ok := runModels(tmRow{k: arith.F64, wins: []window{tc.w}, prog: halley(5)}, true, 7)
		if !ok {
			t.Fatalf("%v: refused", tc.w)
		}
		lo, hi, _ := models[len(models)-1].bounds()
		if !(hi < tc.max && -lo < tc.max) {
			t.Errorf("%v: residual in [%g, %g], want within ±%g", tc.w, lo, hi, tc.max)
		}
	}
}
