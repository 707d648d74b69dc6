package native

// Soundness of the projections: no solution is ever pruned. Each case
// builds an expression over input variables, gives the variables sampled
// domains and the result a target domain, propagates, and then checks
// every input tuple (exhaustively for float over the sampled domains,
// randomly for double and x86_fp80) whose concrete result (package arith,
// through expr.Evaluator) lies in the target: the propagation must not
// have failed, and every node's concrete value must lie in its final
// domain. All four rounding modes. FLOATSYM_NATIVE_SOUND=N multiplies the
// number of sampled domains.

import (
	"math/rand"
	"os"
	"strconv"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

var modes = []arith.RoundingMode{arith.NearestEven, arith.Downward, arith.Upward, arith.TowardZero}

// soundCase is one expression shape.
type soundCase struct {
	name  string
	args  []expr.Sort
	build func(b *expr.Builder, rm arith.RoundingMode, x []*expr.Expr) *expr.Expr
}

func fp(k arith.Kind) expr.Sort { return expr.FPSort(k) }

func binCases(k arith.Kind) []soundCase {
	var out []soundCase
	for _, op := range []expr.Op{expr.OpFAdd, expr.OpFSub, expr.OpFMul, expr.OpFDiv, expr.OpFRem, expr.OpFRemainder, expr.OpFMin, expr.OpFMax} {
		op := op
		out = append(out, soundCase{op.String(), []expr.Sort{fp(k), fp(k)}, func(b *expr.Builder, rm arith.RoundingMode, x []*expr.Expr) *expr.Expr {
			return b.FBin(op, rm, x[0], x[1])
		}})
	}
	for p := arith.False; p <= arith.True; p++ {
		p := p
		out = append(out, soundCase{"fcmp " + p.String(), []expr.Sort{fp(k), fp(k)}, func(b *expr.Builder, _ arith.RoundingMode, x []*expr.Expr) *expr.Expr {
			return b.FCmp(p, x[0], x[1])
		}})
	}
	out = append(out, soundCase{"eq", []expr.Sort{fp(k), fp(k)}, func(b *expr.Builder, _ arith.RoundingMode, x []*expr.Expr) *expr.Expr {
		return b.Eq(x[0], x[1])
	}})
	return out
}

func unaryCases(k arith.Kind) []soundCase {
	var out []soundCase
	un := func(name string, s expr.Sort, f func(b *expr.Builder, rm arith.RoundingMode, x *expr.Expr) *expr.Expr) {
		out = append(out, soundCase{name, []expr.Sort{s}, func(b *expr.Builder, rm arith.RoundingMode, x []*expr.Expr) *expr.Expr {
			return f(b, rm, x[0])
		}})
	}
	un("sqrt", fp(k), func(b *expr.Builder, rm arith.RoundingMode, x *expr.Expr) *expr.Expr { return b.FSqrt(rm, x) })
	un("neg", fp(k), func(b *expr.Builder, _ arith.RoundingMode, x *expr.Expr) *expr.Expr { return b.FNeg(x) })
	un("abs", fp(k), func(b *expr.Builder, _ arith.RoundingMode, x *expr.Expr) *expr.Expr { return b.FAbs(x) })
	for how := arith.Floor; how <= arith.RoundEven; how++ {
		how := how
		un("round "+how.String(), fp(k), func(b *expr.Builder, rm arith.RoundingMode, x *expr.Expr) *expr.Expr { return b.FRound(how, rm, x) })
	}
	for _, op := range []expr.Op{expr.OpFIsNaN, expr.OpFIsInf, expr.OpFIsZero, expr.OpFIsSub, expr.OpFIsNorm, expr.OpFIsNeg} {
		op := op
		un(op.String(), fp(k), func(b *expr.Builder, _ arith.RoundingMode, x *expr.Expr) *expr.Expr { return b.FClass(op, x) })
	}
	un("tobits", fp(k), func(b *expr.Builder, _ arith.RoundingMode, x *expr.Expr) *expr.Expr { return b.ToBits(x) })
	for _, to := range []arith.Kind{arith.F32, arith.F64, arith.F80} {
		if to == k {
			continue
		}
		to := to
		un("conv "+to.String(), fp(k), func(b *expr.Builder, rm arith.RoundingMode, x *expr.Expr) *expr.Expr { return b.FPConv(rm, x, to) })
	}
	for _, w := range []int{16, 32, 64} {
		w := w
		for _, signed := range []bool{true, false} {
			signed := signed
			un("fptoint"+strconv.Itoa(w)+strconv.FormatBool(signed), fp(k), func(b *expr.Builder, _ arith.RoundingMode, x *expr.Expr) *expr.Expr {
				return b.FPToInt(signed, x, w)
			})
			un("inttofp"+strconv.Itoa(w)+strconv.FormatBool(signed), expr.BVSort(w), func(b *expr.Builder, rm arith.RoundingMode, x *expr.Expr) *expr.Expr {
				return b.IntToFP(signed, rm, x, k)
			})
		}
	}
	return out
}

func fmaCase(k arith.Kind) soundCase {
	return soundCase{"fma", []expr.Sort{fp(k), fp(k), fp(k)}, func(b *expr.Builder, rm arith.RoundingMode, x []*expr.Expr) *expr.Expr {
		return b.FMA(rm, x[0], x[1], x[2])
	}}
}

// soundEnv holds one instance.
type soundEnv struct {
	t    *testing.T
	rng  *rand.Rand
	b    *expr.Builder
	vars []*expr.Expr
	arrs []*expr.Array
	doms []Dom
	tup  []arith.Word
}

func (s *soundEnv) newVar(sort expr.Sort) {
	n := int(sort.W+7) / 8
	a := s.b.NewArray("v"+strconv.Itoa(len(s.vars)), uint64(n), nil)
	v := s.b.Byte(a, 0)
	for i := 1; i < n; i++ {
		v = s.b.Concat(s.b.Byte(a, uint64(i)), v)
	}
	if sort.Kind == expr.FP {
		v = s.b.FromBits(v, sort.FK)
	}
	s.vars = append(s.vars, v)
	s.arrs = append(s.arrs, a)
}

// interesting keys of kind k to centre domains on.
func centres(k arith.Kind) []arith.Word {
	var out []arith.Word
	for _, x := range []float64{0, 1, -1, 2, -3, 0.5, 1e12, 1e-12, 3.5, -7.25, 1e300, 65536, 1e30} {
		if key, ok := keyOf(k, fconst(k, x)); ok {
			out = append(out, key)
		}
	}
	return append(out, keyNegZero, keyPosZero, keyPosMinSub, keyNegMinSub, keyPosMinNormal(k), keyMaxFinite(k),
		keyMinFinite(k), keyPosInf(k), keyNegInf(k))
}

// sampleDom draws a domain of about span values.
func (s *soundEnv) sampleDom(sort expr.Sort, span uint64) Dom {
	if sort.Kind == expr.FP {
		k := sort.FK
		cs := centres(k)
		c := cs[s.rng.Intn(len(cs))]
		if s.rng.Intn(4) == 0 {
			w := arith.Word{Lo: s.rng.Uint64() | 1<<63, Hi: s.rng.Uint64() & 0xffff}
			if k == arith.F32 {
				w.Lo &= 0xffffffff
			}
			if key, ok := keyOf(k, w); ok {
				c = key
			}
		}
		lo := kSub(c, uint64(s.rng.Int63n(int64(span)+1)))
		hi := kAdd(lo, uint64(s.rng.Int63n(int64(span)+1)))
		lo, hi = kMin(kMax(lo, keyNegInf(k)), keyPosInf(k)), kMax(kMin(hi, keyPosInf(k)), keyNegInf(k))
		if kLess(hi, lo) {
			hi = lo
		}
		return Dom{Lo: lo, Hi: hi, Num: true, NaN: s.rng.Intn(4) == 0}
	}
	w := int(sort.W)
	cs := []uint64{0, 1, 5, 1 << (w - 1), 1<<(w-1) - 3, s.rng.Uint64()}
	c := arith.Truncate(arith.Word{Lo: cs[s.rng.Intn(len(cs))]}, w)
	m := bvMax(w)
	hi := arith.Add(c, arith.Word{Lo: uint64(s.rng.Int63n(int64(span) + 1))}, w)
	if kLess(hi, c) {
		hi = m
	}
	return Dom{Lo: c, Hi: hi, Num: true}
}

// values of a domain: all of it when small, else the ends and random picks.
func (s *soundEnv) values(sort expr.Sort, d Dom, max int) []arith.Word {
	var out []arith.Word
	val := func(key arith.Word) arith.Word {
		if sort.Kind == expr.FP {
			return valueOf(sort.FK, key)
		}
		return key
	}
	if d.Num {
		if span := arith.Sub(d.Hi, d.Lo, 128); span.Hi == 0 && span.Lo < uint64(max) {
			for i := uint64(0); i <= span.Lo; i++ {
				out = append(out, val(kAdd(d.Lo, i)))
			}
		} else {
			out = append(out, val(d.Lo), val(d.Hi))
			for i := 0; i < max; i++ {
				r := arith.Word{Lo: s.rng.Uint64(), Hi: s.rng.Uint64() % (span.Hi + 1)}
				if kLess(span, r) {
					r = arith.Word{Lo: r.Lo % (span.Lo + 1)}
				}
				out = append(out, val(arith.Add(d.Lo, r, 128)))
			}
		}
	}
	if d.NaN && sort.Kind == expr.FP {
		out = append(out, expr.CanonicalBits(sort.FK, arith.Word{Lo: ^uint64(0), Hi: 0xffff}))
		switch sort.FK { // signalling NaNs; for x87 also an unnormal
		case arith.F32:
			out = append(out, arith.Word{Lo: 0x7f800001})
		case arith.F64:
			out = append(out, arith.Word{Lo: 0x7ff0000000000001})
		default:
			out = append(out, arith.Word{Lo: 0x8000000000000001, Hi: 0x7fff}, arith.Word{Lo: 0x4000000000000000, Hi: 0x3fff})
		}
	}
	return out
}

func (s *soundEnv) model(vals []arith.Word) Model {
	m := Model{}
	for i, a := range s.arrs {
		bs := make([]byte, a.Size)
		for j := range bs {
			if j < 8 {
				bs[j] = byte(vals[i].Lo >> (8 * j))
			} else {
				bs[j] = byte(vals[i].Hi >> (8 * (j - 8)))
			}
		}
		m[a] = bs
	}
	return m
}

// run checks one instance of case c with mode rm.
func (s *soundEnv) run(c soundCase, rm arith.RoundingMode, span uint64, maxVals int) {
	s.b = expr.NewBuilder()
	s.vars, s.arrs, s.doms = nil, nil, nil
	for _, a := range c.args {
		s.newVar(a)
		s.doms = append(s.doms, s.sampleDom(a, span))
	}
	r := c.build(s.b, rm, s.vars)
	if r.IsConst() {
		return
	}
	// All tuples, then a target around the result of one of them.
	lists := make([][]arith.Word, len(c.args))
	for i, a := range c.args {
		lists[i] = s.values(a, s.doms[i], maxVals)
	}
	var tuples [][]arith.Word
	var rec func(i int, cur []arith.Word)
	rec = func(i int, cur []arith.Word) {
		if i == len(lists) {
			tuples = append(tuples, append([]arith.Word(nil), cur...))
			return
		}
		for _, v := range lists[i] {
			rec(i+1, append(cur, v))
		}
	}
	rec(0, nil)
	if len(tuples) == 0 {
		return
	}
	pick := tuples[s.rng.Intn(len(tuples))]
	rv := expr.NewEvaluator(s.model(pick)).Eval(r)
	var target Dom
	switch {
	case r.Sort.Kind == expr.Bool:
		want := rv.Lo == 1
		if s.rng.Intn(3) == 0 {
			want = !want
		}
		target = boolDom(!want, want)
	case r.Sort.Kind == expr.FP:
		target = constDom(r.Sort, rv)
		if target.Num {
			w := uint64(s.rng.Int63n(int64(span)*2 + 1))
			target = hull(target, fpRange(kSub(target.Lo, w), kAdd(target.Hi, uint64(s.rng.Int63n(int64(span)*2+1)))))
			target = intersect(target, fullDom(r.Sort))
		}
		target.NaN = target.NaN || s.rng.Intn(3) == 0
	default:
		target = Dom{Lo: rv, Hi: arith.Add(rv, arith.Word{Lo: uint64(s.rng.Intn(100))}, int(r.Sort.W)), Num: true}
		if kLess(target.Hi, target.Lo) {
			target.Hi = bvMax(int(r.Sort.W))
		}
	}
	n := newNetwork([]*expr.Expr{r})
	for i, v := range s.vars {
		n.dom[n.index[v]] = s.doms[i]
	}
	n.dom[n.roots[0]] = intersect(n.dom[n.roots[0]], target)
	n.queueAll()
	ok := n.propagate(func() bool { return false })
	for _, tup := range tuples {
		ev := expr.NewEvaluator(s.model(tup))
		if !target.has(r.Sort, ev.Eval(r)) {
			continue
		}
		if !ok {
			s.t.Fatalf("%s %s: refuted, but %v gives %s ∈ target %s (domains %v)", c.name, rm, fmtTuple(c, tup),
				arith.Format(kindOr(r.Sort), ev.Eval(r)), target.format(r.Sort), s.fmtDoms(c))
		}
		for i, e := range n.nodes {
			v := ev.Eval(e)
			if !n.dom[i].has(e.Sort, v) {
				s.t.Fatalf("%s %s: %v gives node %s = %#x, outside its domain %s (inputs %v, target %s)",
					c.name, rm, fmtTuple(c, tup), e, v, n.dom[i].format(e.Sort), s.fmtDoms(c), target.format(r.Sort))
			}
		}
	}
}

func kindOr(s expr.Sort) arith.Kind {
	if s.Kind == expr.FP {
		return s.FK
	}
	return arith.F64
}

func fmtTuple(c soundCase, tup []arith.Word) []string {
	var out []string
	for i, v := range tup {
		if c.args[i].Kind == expr.FP {
			out = append(out, arith.Format(c.args[i].FK, v))
		} else {
			out = append(out, strconv.FormatUint(v.Lo, 16))
		}
	}
	return out
}

func (s *soundEnv) fmtDoms(c soundCase) []string {
	var out []string
	for i, d := range s.doms {
		out = append(out, d.format(c.args[i]))
	}
	return out
}

func soundScale() int {
	if v, err := strconv.Atoi(os.Getenv("FLOATSYM_NATIVE_SOUND")); err == nil && v > 0 {
		return v
	}
	return 1
}

// TestProjectionsFloatExhaustive: float, every operand pair of the sampled
// domains.
func TestProjectionsFloatExhaustive(t *testing.T) {
	s := &soundEnv{t: t, rng: rand.New(rand.NewSource(1))}
	k := arith.F32
	for rep := 0; rep < 3*soundScale(); rep++ {
		for _, rm := range modes {
			for _, c := range binCases(k) {
				s.run(c, rm, 60, 130)
			}
			for _, c := range unaryCases(k) {
				s.run(c, rm, 1500, 3000)
			}
			s.run(fmaCase(k), rm, 12, 26)
		}
	}
}

// TestProjectionsRandom: double and x86_fp80, random operands of wide
// sampled domains.
func TestProjectionsRandom(t *testing.T) {
	s := &soundEnv{t: t, rng: rand.New(rand.NewSource(2))}
	for _, k := range []arith.Kind{arith.F64, arith.F80} {
		for rep := 0; rep < soundScale(); rep++ {
			for _, rm := range modes {
				for _, c := range binCases(k) {
					s.run(c, rm, 1<<40, 40)
				}
				for _, c := range unaryCases(k) {
					s.run(c, rm, 1<<40, 300)
				}
				s.run(fmaCase(k), rm, 1<<30, 12)
			}
		}
	}
}
