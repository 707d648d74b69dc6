package native

import (
	"math"
	"math/rand"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// randRange picks a finite range of kind k: one sign, a random binade
// (often near the subnormals or the largest floats), a random width; a
// quarter straddle zero, a few are points.
func randRange(rng *rand.Rand, k arith.Kind) (lo, hi arith.Word) {
	minE, maxQ, p := quantumBounds(k)
	emax := maxQ + p - 1
	var e int
	switch rng.Intn(4) {
	case 0:
		e = minE + rng.Intn(2*p)
	case 1:
		e = emax - rng.Intn(8)
	default:
		e = rng.Intn(80) - 40
	}
	a := math.Ldexp(1+rng.Float64(), e)
	b := math.Ldexp(a, rng.Intn(12))
	if rng.Intn(8) == 0 {
		b = a
	}
	ka, _ := keyOf(k, convFloat(k, a))
	kb, _ := keyOf(k, convFloat(k, b))
	if kLess(kb, ka) {
		ka, kb = kb, ka
	}
	switch rng.Intn(4) {
	case 0:
		return keyNeg(kb), keyNeg(ka)
	case 1:
		return keyNeg(kb), kb
	}
	return ka, kb
}

// randKeyIn is a float in the keys [lo, hi]: an end, a value of few
// significant bits, or uniform.
func randKeyIn(rng *rand.Rand, k arith.Kind, lo, hi arith.Word) arith.Word {
	switch rng.Intn(6) {
	case 0:
		return lo
	case 1:
		return hi
	case 2, 3:
		l, h := toFloat(k, valueOf(k, lo)), toFloat(k, valueOf(k, hi))
		v := l + (h-l)*rng.Float64()
		fr, x := math.Frexp(v)
		bits := rng.Intn(6)
		v = math.Ldexp(math.Round(math.Ldexp(fr, bits)), x-bits)
		if kv, ok := keyOf(k, convFloat(k, v)); ok && kLE(lo, kv) && kLE(kv, hi) {
			return kv
		}
	}
	return kAdd(lo, uint64(rng.Float64()*kSpan(lo, hi)))
}

// multipleOf reports that the finite value w of kind k is 0 or a
// multiple of 2^q.
func multipleOf(k arith.Kind, w arith.Word, q int) bool {
	v := toFloat(k, w)
	return v == 0 || lowBit(v) >= q
}

// The quanta qexp claims hold: over random domains (subnormal and
// overflowing ones included) and all four modes, every finite value of
// a node is a multiple of 2^qexp at random points of the domains.
func TestExactQuantumSound(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	checked := 0
	for trial := 0; trial < 400; trial++ {
		k := []arith.Kind{arith.F32, arith.F64}[trial%2]
		m := modes4[rng.Intn(4)]
		e := newEnv(t)
		x, ax := e.sym("x", k)
		y, ay := e.sym("y", k)
		iv, ai := e.isym("i", 32)
		xi := e.b.IntToFP(true, m, iv, k)
		c := e.c(k, math.Ldexp(1, rng.Intn(40)-20))
		c3 := e.c(k, 3*math.Ldexp(1, rng.Intn(40)-20))
		bin := func(op expr.Op, a, b *expr.Expr) *expr.Expr { return e.b.FBin(op, m, a, b) }
		s := bin(expr.OpFAdd, xi, x)
		nodes := []*expr.Expr{
			bin(expr.OpFAdd, x, y), bin(expr.OpFSub, x, xi), bin(expr.OpFMul, x, y),
			bin(expr.OpFMul, x, c), bin(expr.OpFDiv, x, c), bin(expr.OpFMul, c3, y),
			s, bin(expr.OpFAdd, s, y), bin(expr.OpFMul, xi, xi), bin(expr.OpFMul, s, c3),
			e.b.Ite(e.b.FCmp(arith.OLT, x, y), x, xi), e.b.FNeg(s),
			e.b.FRound(arith.Integral(0), m, bin(expr.OpFMul, x, c)),
		}
		if k == arith.F64 {
			x32 := e.b.FPConv(m, x, arith.F32)
			nodes = append(nodes, e.b.FPConv(m, e.b.FBin(expr.OpFAdd, m, x32, x32), arith.F64))
		} else {
			nodes = append(nodes, e.b.FPConv(m, e.b.FPConv(m, s, arith.F64), arith.F32))
		}
		n := newNetwork(nodes)
		xl, xh := randRange(rng, k)
		yl, yh := randRange(rng, k)
		ilo := uint64(rng.Intn(1 << 20))
		ihi := ilo + uint64(rng.Intn(1<<uint(rng.Intn(31))))
		if ihi >= 1<<31 {
			ihi = 1<<31 - 1
		}
		n.queueAll()
		n.set(n.index[x], Dom{Lo: xl, Hi: xh, Num: true}, false)
		n.set(n.index[y], Dom{Lo: yl, Hi: yh, Num: true}, false)
		n.set(n.index[iv], Dom{Lo: arith.Word{Lo: ilo}, Hi: arith.Word{Lo: ihi}, Num: true}, false)
		if !n.propagate(func() bool { return false }) {
			t.Fatalf("trial %d: propagation emptied a domain of an unconstrained network", trial)
		}
		qs := make([]int, len(nodes))
		memo := map[int]int{}
		for j, nd := range nodes {
			if nd.Sort.Kind == expr.FP {
				qs[j] = n.qexp(n.index[nd], memo)
			}
		}
		for s := 0; s < 100; s++ {
			model := Model{}
			(&leaf{bytes: bytesOf(ax, k)}).assign(model, valueOf(k, randKeyIn(rng, k, xl, xh)))
			(&leaf{bytes: bytesOf(ay, k)}).assign(model, valueOf(k, randKeyIn(rng, k, yl, yh)))
			iw := ilo + uint64(rng.Int63n(int64(ihi-ilo+1)))
			(&leaf{bytes: []byteRef{{ai, 0}, {ai, 1}, {ai, 2}, {ai, 3}}}).assign(model, arith.Word{Lo: iw})
			ev := expr.NewEvaluator(model)
			for j, nd := range nodes {
				w := ev.Eval(nd)
				kk := nd.Sort.FK
				if _, ok := keyOf(kk, w); !ok || math.IsInf(toFloat(kk, w), 0) {
					continue
				}
				if !multipleOf(kk, w, qs[j]) {
					t.Fatalf("trial %d mode %v node %d (%v): value %s is not a multiple of 2^%d",
						trial, m, j, nd.Op, arith.Format(kk, w), qs[j])
				}
				checked++
			}
		}
	}
	t.Logf("%d values checked", checked)
}

// The scaling law holds where sameValue claims it: c ⊗ (p ⊙ q) and
// (c ⊗ p) ⊙ (c ⊗ q) over random domains (near the subnormals and the
// largest floats too), c a power of two computed as the benchmarks do,
// every mode; the two sides are the same float at random points.
func TestExactScalingSound(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	fired, checked := 0, 0
	for trial := 0; trial < 1500; trial++ {
		k := []arith.Kind{arith.F32, arith.F64}[trial%2]
		m := modes4[rng.Intn(4)]
		mm := modes4[rng.Intn(4)] // the products' mode: they are exact
		e := newEnv(t)
		p, ap := e.sym("p", k)
		q, aq := e.sym("q", k)
		tv, at := e.isym("t", 32)
		pw := e.b.IntToFP(true, m, e.b.Bin(expr.OpShl, e.b.U64(1, 32), tv), k)
		var c *expr.Expr
		switch rng.Intn(3) {
		case 0:
			c = pw
		case 1:
			c = e.b.FBin(expr.OpFDiv, m, e.c(k, 1), pw)
		default:
			c = e.c(k, math.Ldexp(1, rng.Intn(60)-30))
		}
		op := []expr.Op{expr.OpFAdd, expr.OpFSub}[rng.Intn(2)]
		l := e.b.FBin(expr.OpFMul, mm, c, e.b.FBin(op, m, p, q))
		cp, cq := e.b.FBin(expr.OpFMul, mm, c, p), e.b.FBin(expr.OpFMul, mm, q, c)
		r := e.b.FBin(op, m, cp, cq)
		if op == expr.OpFAdd && rng.Intn(2) == 0 {
			r = e.b.FBin(op, m, cq, cp)
		}
		n := newNetwork([]*expr.Expr{l, r})
		pl, ph := randRange(rng, k)
		ql, qh := randRange(rng, k)
		tlo := uint64(rng.Intn(31))
		thi := tlo + uint64(rng.Intn(4))
		n.queueAll()
		n.set(n.index[p], Dom{Lo: pl, Hi: ph, Num: true}, false)
		n.set(n.index[q], Dom{Lo: ql, Hi: qh, Num: true}, false)
		if it, ok := n.index[tv]; ok { // not there when c is a constant
			n.set(it, Dom{Lo: arith.Word{Lo: tlo}, Hi: arith.Word{Lo: thi}, Num: true}, false)
		}
		if !n.propagate(func() bool { return false }) {
			t.Fatalf("trial %d: propagation emptied a domain of an unconstrained network", trial)
		}
		if !n.sameValue(n.index[l], n.index[r], map[int]int{}, 0) {
			continue
		}
		fired++
		for s := 0; s < 60; s++ {
			model := Model{}
			(&leaf{bytes: bytesOf(ap, k)}).assign(model, valueOf(k, randKeyIn(rng, k, pl, ph)))
			(&leaf{bytes: bytesOf(aq, k)}).assign(model, valueOf(k, randKeyIn(rng, k, ql, qh)))
			tw := tlo + uint64(rng.Intn(int(thi-tlo+1)))
			(&leaf{bytes: []byteRef{{at, 0}, {at, 1}, {at, 2}, {at, 3}}}).assign(model, arith.Word{Lo: tw})
			ev := expr.NewEvaluator(model)
			if wl, wr := ev.Eval(l), ev.Eval(r); wl != wr {
				t.Fatalf("trial %d kind %v mode %v/%v %v: sides differ: %s vs %s", trial, k, m, mm, op,
					arith.Format(k, wl), arith.Format(k, wr))
			}
			checked++
		}
	}
	if fired < 100 {
		t.Fatalf("the law fired on %d random networks only", fired)
	}
	t.Logf("fired on %d networks, %d points agree", fired, checked)
}
