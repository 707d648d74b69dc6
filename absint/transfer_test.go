package absint

import (
	"math"
	"math/rand"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
)

var kinds = []arith.Kind{arith.F32, arith.F64, arith.F80}

// boundary are IEEE's special and extreme values of k.
func boundary(k arith.Kind) []arith.Word {
	z := zero(k)
	one := conv64(k, 1)
	maxSub := arith.FSub(k, arith.NearestEven, smallestNormal(k), minSub(k))
	ws := []arith.Word{z, negZero(k), one, arith.FNeg(k, one), minSub(k), arith.FNeg(k, minSub(k)), maxSub,
		arith.FNeg(k, maxSub), smallestNormal(k), arith.FNeg(k, smallestNormal(k)), maxFinite(k),
		arith.FNeg(k, maxFinite(k)), posInf(k), arith.FNeg(k, posInf(k)), nan(k), conv64(k, 0.1), conv64(k, 3)}
	return ws
}

func nan(k arith.Kind) arith.Word { return arith.FSub(k, arith.NearestEven, posInf(k), posInf(k)) }

func smallestNormal(k arith.Kind) arith.Word {
	switch k {
	case arith.F32:
		return arith.W64(0x00800000)
	case arith.F64:
		return arith.W64(0x0010000000000000)
	}
	return arith.Word{Lo: 1 << 63, Hi: 1}
}

func conv64(k arith.Kind, x float64) arith.Word {
	w := arith.FromFloat64(x)
	switch k {
	case arith.F32:
		return arith.FPTrunc(arith.F64, arith.F32, arith.NearestEven, w)
	case arith.F80:
		return arith.FPExt(arith.F64, arith.F80, w)
	}
	return w
}

// randFloat draws a value of k: a boundary value, a value of moderate
// magnitude, or random bits (a valid encoding for x87).
func randFloat(r *rand.Rand, k arith.Kind) arith.Word {
	switch r.Intn(4) {
	case 0:
		b := boundary(k)
		return b[r.Intn(len(b))]
	case 1:
		return conv64(k, (r.Float64()*2-1)*math.Pow(2, float64(r.Intn(20)-10)))
	case 2:
		if k == arith.F80 {
			w := conv64(k, r.NormFloat64()*math.Pow(2, float64(r.Intn(200)-100)))
			if !arith.IsZero(k, w) && !arith.IsInf(k, w) && !arith.IsNaN(k, w) {
				w.Lo ^= r.Uint64() & 0x7ff // perturb the low significand bits
			}
			return w
		}
		return conv64(k, r.NormFloat64())
	}
	if k == arith.F32 {
		return arith.W64(uint64(r.Uint32()))
	}
	if k == arith.F64 {
		return arith.W64(r.Uint64())
	}
	return conv64(k, math.Float64frombits(r.Uint64()))
}

// randAbs draws an abstract value and concrete members of it: the join of
// a few random values, so its bounds and flags are hit exactly, plus
// both zeros when the interval holds 0.
func randAbs(r *rand.Rand, k arith.Kind) (FVal, []arith.Word) {
	v := FBottom(k)
	var pts []arith.Word
	for i := 0; i < 1+r.Intn(3); i++ {
		w := randFloat(r, k)
		v = v.JoinPoint(w)
		pts = append(pts, w)
	}
	if !v.Empty && fle(k, v.Lo, zero(k)) && fle(k, zero(k), v.Hi) {
		pts = append(pts, zero(k), negZero(k))
	}
	return v, pts
}

func modesFor(m arith.RoundingMode, all bool) Modes {
	if all {
		return AllModes
	}
	return ModeOf(m)
}

// TestTransferEncloses checks every float transfer function against
// internal/arith: for random abstract operands (random and boundary
// values, in every kind), every concrete result of member operands, in
// every rounding mode, lies in the abstract result — computed for that
// mode and for the unknown mode.
func TestTransferEncloses(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	ops := []struct {
		name string
		op   FBinOp
	}{{"fadd", FAdd}, {"fsub", FSub}, {"fmul", FMul}, {"fdiv", FDiv}, {"frem", FRem}}
	for _, k := range kinds {
		for it := 0; it < 1500; it++ {
			a, as := randAbs(r, k)
			b, bs := randAbs(r, k)
			for m := arith.RoundingMode(0); m < 4; m++ {
				for _, all := range []bool{false, true} {
					ms := modesFor(m, all)
					for _, o := range ops {
						res := Bin(o.op, ms, a, b)
						for _, x := range as {
							for _, y := range bs {
								c := concrete(o.op, k, m, x, y)
								if !res.Contains(c) {
									t.Fatalf("%s %s %s: %s(%s, %s) = %s not in %s (operands %s, %s)", k, m, ms, o.name,
										arith.Format(k, x), arith.Format(k, y), arith.Format(k, c), res, a, b)
								}
							}
						}
					}
					sq := Sqrt(ms, a)
					for _, x := range as {
						if c := arith.FSqrt(k, m, x); !sq.Contains(c) {
							t.Fatalf("%s %s: sqrt(%s) = %s not in %s", k, m, arith.Format(k, x), arith.Format(k, c), sq)
						}
					}
					for _, to := range kinds {
						if to >= k {
							continue
						}
						tr := Trunc(ms, a, to)
						for _, x := range as {
							if c := arith.FPTrunc(k, to, m, x); !tr.Contains(c) {
								t.Fatalf("fptrunc %s→%s %s: %s = %s not in %s", k, to, m, arith.Format(k, x), arith.Format(to, c), tr)
							}
						}
					}
				}
			}
			neg, abs := Neg(a), Abs(a)
			for _, x := range as {
				if c := arith.FNeg(k, x); !neg.Contains(c) {
					t.Fatalf("%s: fneg(%s) not in %s", k, arith.Format(k, x), neg)
				}
				if c := arith.FAbs(k, x); !abs.Contains(c) {
					t.Fatalf("%s: fabs(%s) not in %s", k, arith.Format(k, x), abs)
				}
				for _, to := range kinds {
					if to > k {
						if c := arith.FPExt(k, to, x); !Ext(a, to).Contains(c) {
							t.Fatalf("fpext %s→%s: %s not in %s", k, to, arith.Format(k, x), Ext(a, to))
						}
					}
				}
				for _, bits := range []int{8, 32, 64} {
					for _, uns := range []bool{false, true} {
						iv := ToInt(a, bits, uns)
						var c arith.Word
						if uns {
							c = arith.FPToUI(k, x, bits)
						} else {
							c = arith.FPToSI(k, x, bits)
						}
						if !iv.Contains(c) {
							t.Fatalf("fpto(u=%v)i%d %s: %s → %#x not in %s", uns, bits, k, arith.Format(k, x), c.Lo, iv)
						}
					}
				}
			}
			// fcmp: the concrete truth value is in the abstract one, and
			// refinement keeps every x that satisfies the predicate with
			// some y.
			for p := arith.Pred(0); p < 16; p++ {
				abs := FCmp(p, a, b)
				nx := refineF(p, a, b)
				for _, x := range as {
					for _, y := range bs {
						c := arith.FCmp(k, p, x, y)
						if !abs.Contains(arith.Bool(c)) {
							t.Fatalf("fcmp %s %s %s: %v not in %s", p, arith.Format(k, x), arith.Format(k, y), c, abs)
						}
						if c && !nx.Contains(x) {
							t.Fatalf("refine by %s: x = %s (y = %s) satisfies it but is cut from %s (was %s, y in %s)",
								p, arith.Format(k, x), arith.Format(k, y), nx, a, b)
						}
					}
				}
			}
		}
	}
}

// TestIntToFloatEncloses checks sitofp/uitofp in every mode.
func TestIntToFloatEncloses(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for _, bits := range []int{8, 32, 64} {
		for it := 0; it < 2000; it++ {
			x, y := randInt(r, bits), randInt(r, bits)
			v := IRange(bits, min(x, y), max(x, y))
			for _, k := range kinds {
				for m := arith.RoundingMode(0); m < 4; m++ {
					for _, uns := range []bool{false, true} {
						f := FromInt(ModeOf(m), v, k, uns)
						for _, c := range []int64{x, y} {
							w := arith.FromInt64(c, bits)
							var got arith.Word
							if uns {
								got = arith.UIToFP(bits, k, m, w)
							} else {
								got = arith.SIToFP(bits, k, m, w)
							}
							if !f.Contains(got) {
								t.Fatalf("i%d→%s %s unsigned=%v: %d → %s not in %s", bits, k, m, uns, c, arith.Format(k, got), f)
							}
						}
					}
				}
			}
		}
	}
}

func randInt(r *rand.Rand, bits int) int64 {
	lo, hi := irange(bits)
	switch r.Intn(4) {
	case 0:
		return []int64{lo, hi, 0, 1, -1, lo + 1, hi - 1}[r.Intn(7)]
	case 1:
		return int64(r.Intn(200) - 100)
	}
	v := int64(r.Uint64())
	if bits < 64 {
		v = arith.Int64(arith.W64(uint64(v)), bits)
	}
	return v
}

// TestIntTransferEncloses checks the integer operations and comparisons
// against internal/arith, wraparound included.
func TestIntTransferEncloses(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	type iop struct {
		op IBinOp
		f  func(a, b arith.Word, w int) arith.Word
	}
	ops := []iop{{IAdd, arith.Add}, {ISub, arith.Sub}, {IMul, arith.Mul},
		{IAnd, func(a, b arith.Word, w int) arith.Word { return arith.And(a, b) }},
		{IOr, func(a, b arith.Word, w int) arith.Word { return arith.Or(a, b) }},
		{IXor, func(a, b arith.Word, w int) arith.Word { return arith.Xor(a, b) }},
		{IShl, arith.Shl}, {ILShr, arith.LShr}, {IAShr, arith.AShr},
		{ISDiv, arith.SDiv}, {ISRem, arith.SRem}, {IUDiv, arith.UDiv}, {IURem, arith.URem}}
	preds := []arith.IPred{arith.IEQ, arith.INE, arith.IUGT, arith.IUGE, arith.IULT, arith.IULE,
		arith.ISGT, arith.ISGE, arith.ISLT, arith.ISLE}
	for _, bits := range []int{1, 8, 32, 64} {
		for it := 0; it < 3000; it++ {
			x1, x2, y1, y2 := randInt(r, bits), randInt(r, bits), randInt(r, bits), randInt(r, bits)
			if bits == 1 {
				x1, x2, y1, y2 = x1&1, x2&1, y1&1, y2&1
			}
			a, b := IRange(bits, min(x1, x2), max(x1, x2)), IRange(bits, min(y1, y2), max(y1, y2))
			for _, o := range ops {
				res := IBin(o.op, a, b)
				for _, x := range []int64{x1, x2} {
					for _, y := range []int64{y1, y2} {
						wx, wy := arith.FromInt64(x, bits), arith.FromInt64(y, bits)
						if bits == 1 {
							wx, wy = arith.W64(uint64(x)), arith.W64(uint64(y))
						}
						switch o.op {
						case ISDiv, ISRem, IUDiv, IURem:
							if wy.Lo == 0 || (bits == 1 && (o.op == ISDiv || o.op == ISRem)) {
								continue
							}
							if (o.op == ISDiv || o.op == ISRem) && bits > 1 && x == irlo(bits) && y == -1 {
								continue // the error site
							}
						case IShl, ILShr, IAShr:
							if wy.Lo >= uint64(bits) {
								continue // the error site
							}
						}
						c := arith.Truncate(o.f(wx, wy, bits), bits)
						if !res.Contains(c) {
							t.Fatalf("i%d op %d: %d, %d → %#x not in %s (operands %s, %s)", bits, o.op, x, y, c.Lo, res, a, b)
						}
					}
				}
			}
			for _, p := range preds {
				res := ICmp(p, a, b)
				for _, x := range []int64{x1, x2} {
					for _, y := range []int64{y1, y2} {
						wx, wy := arith.FromInt64(x, bits), arith.FromInt64(y, bits)
						if bits == 1 {
							wx, wy = arith.W64(uint64(x)), arith.W64(uint64(y))
						}
						if c := arith.ICmp(p, wx, wy, bits); !res.Contains(arith.Bool(c)) {
							t.Fatalf("icmp %d i%d %d %d: %v not in %s", p, bits, x, y, c, res)
						}
					}
				}
			}
		}
	}
}
