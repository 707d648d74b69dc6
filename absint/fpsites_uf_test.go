package absint

import (
	"math/rand"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

// randGrid draws an abstract value with a grid and members on it: a grid
// exponent g (the smallest subnormal's, around the smallest normal's,
// small integers' or random), multiples m·2^g with m near 0, near 2^p
// (2^p ± 1: the exactness boundary) or random, and sometimes NaN/INF.
// The abstract value is the hull of the members with the grid g.
func randGrid(r *rand.Rand, k arith.Kind) (FVal, []arith.Word) {
	f := fmtOf(k)
	var g int
	switch r.Intn(6) {
	case 0:
		g = f.minSubExp() + r.Intn(4)
	case 1:
		g = f.emin - f.p - 2 + r.Intn(f.p+6) // subnormal grids up to just above 2^emin
	case 2:
		g = r.Intn(8) - 3
	case 3:
		g = f.emin + r.Intn(6) - 2
	case 4:
		g = r.Intn(41) - 20
	default:
		g = f.minSubExp() + r.Intn(f.capExp()-f.minSubExp()-f.p)
	}
	scale := pow2W(k, g)
	mult := func(m int64) (arith.Word, bool) {
		w := arith.SIToFP(64, k, arith.NearestEven, arith.FromInt64(m, 64))
		if arith.OpFlags(arith.FlagMul, k, arith.NearestEven, 0, w, scale, arith.Word{})&arith.FlagInexact != 0 ||
			arith.IsZero(k, scale) || arith.IsInf(k, scale) {
			return arith.Word{}, false
		}
		if arith.IntToFPFlags(64, k, arith.NearestEven, arith.FromInt64(m, 64), true)&arith.FlagInexact != 0 {
			return arith.Word{}, false // m itself not representable
		}
		return arith.FMul(k, arith.NearestEven, w, scale), true
	}
	p := min(f.p, 62)
	draw := func() int64 {
		switch r.Intn(5) {
		case 0:
			return int64(r.Intn(9) - 4)
		case 1:
			return int64(1)<<(p-1) + int64(r.Intn(5)-2)
		case 2:
			return int64(1)<<p + int64(r.Intn(5)-2)
		case 3:
			return -(int64(1) << (p - 1)) + int64(r.Intn(5)-2)
		}
		return r.Int63n(int64(1)<<p) - int64(1)<<(p-1)
	}
	v := FBottom(k)
	var pts []arith.Word
	for i := 0; i < 2+r.Intn(3); i++ {
		if w, ok := mult(draw()); ok && !arith.IsInf(k, w) {
			v = v.Join(FConst(k, w))
			pts = append(pts, w)
		}
	}
	if v.Empty {
		return randAbs(r, k)
	}
	v = withGrid(v, g)
	if v.GridExp() != g {
		// Clamped (g beyond the kind's range): the members' own grid.
		v.Grid = gridOfWord(k, pts[0])
		for _, w := range pts[1:] {
			v.Grid = min(v.Grid, gridOfWord(k, w))
		}
	}
	if fle(k, v.Lo, zero(k)) && fle(k, zero(k), v.Hi) {
		pts = append(pts, zero(k), negZero(k))
	}
	if r.Intn(8) == 0 {
		v.NaN, v.PInf = true, true
		pts = append(pts, nan(k), posInf(k))
	}
	for _, w := range pts {
		if !v.Contains(w) {
			panic("randGrid: a member outside its value")
		}
	}
	return v, pts
}

// randOperand mixes randAbs's values (the grid their members give) and
// randGrid's.
func randOperand(r *rand.Rand, k arith.Kind) (FVal, []arith.Word) {
	if r.Intn(3) == 0 {
		return randAbs(r, k)
	}
	return randGrid(r, k)
}

// TestUnderflowInexactEnclose is the soundness test of the underflow and
// inexact sites against internal/arith's hardware flags (the executor's):
// for random abstract operands with grids (members on the grid, at
// 2^p ± 1, subnormals, the smallest normal ± 1 ulp, ±0, NaN, ±INF) in
// every kind and rounding mode (and the unknown mode), every underflow or
// inexact flag a member operation raises is one the site says it may
// raise, and every result lies in the transfer's value, grid included.
// It also counts the sites proved, so a domain that proves nothing fails.
func TestUnderflowInexactEnclose(t *testing.T) {
	r := rand.New(rand.NewSource(23))
	ints := []*ir.Type{{Kind: ir.IntType, Bits: 8}, {Kind: ir.IntType, Bits: 32}, {Kind: ir.IntType, Bits: 64}}
	n, provedIX, provedUF := 0, 0, 0
	fail := func(format string, args ...any) { t.Helper(); t.Fatalf(format, args...) }
	for _, k := range kinds {
		for it := 0; it < 400; it++ {
			a, as := randOperand(r, k)
			b, bs := randOperand(r, k)
			c, cs := randOperand(r, k)
			for m := arith.RoundingMode(0); m < 4; m++ {
				for _, all := range []bool{false, true} {
					ms := modesFor(m, all)
					for _, o := range flagBins {
						got := binUF(o.op, ms, a, b)
						res := Bin(o.op, ms, a, b)
						for _, x := range as {
							for _, y := range bs {
								want := arith.OpFlags(o.fl, k, m, 0, x, y, arith.Word{}) & ufIX
								if want&^got != 0 {
									fail("%s %s op %d (%s, %s) raises %s; the site says only %s (operands %s, %s)", k, ms, o.op,
										arith.Format(k, x), arith.Format(k, y), want, got, a, b)
								}
								if cr := concrete(o.op, k, m, x, y); !res.Contains(cr) {
									fail("%s %s op %d (%s, %s) = %s not in %s (operands %s, %s)", k, ms, o.op,
										arith.Format(k, x), arith.Format(k, y), arith.Format(k, cr), res, a, b)
								}
								n++
							}
						}
						provedIX += int(^got&arith.FlagInexact) >> 5
						provedUF += int(^got&arith.FlagUnderflow) >> 4
					}
					gotFMA := fmaUF(ms, a, b, c)
					fmaRes := Bin(FAdd, AllModes, Bin(FMul, AllModes, a, b), c)
					for _, x := range as {
						for _, y := range bs {
							for _, z := range cs {
								p := arith.FMul(k, m, x, y)
								if want := fmaSiteFlags(k, m, x, y, z) & ufIX; want&^gotFMA != 0 {
									fail("%s %s fma(%s, %s, %s) raises %s; the site says only %s (operands %s, %s, %s)", k, ms,
										arith.Format(k, x), arith.Format(k, y), arith.Format(k, z), want, gotFMA, a, b, c)
								}
								for _, cr := range []arith.Word{arith.FMA(k, m, x, y, z), arith.FAdd(k, m, p, z)} {
									if !fmaRes.Contains(cr) {
										fail("%s %s fma(%s, %s, %s) = %s not in %s", k, m, arith.Format(k, x), arith.Format(k, y),
											arith.Format(k, z), arith.Format(k, cr), fmaRes)
									}
								}
							}
						}
					}
					for _, x := range as {
						if want := arith.OpFlags(arith.FlagSqrt, k, m, 0, x, arith.Word{}, arith.Word{}) & ufIX; want&^sqrtUF(ms, a) != 0 {
							fail("%s %s sqrt(%s) raises %s; the site says only %s", k, ms, arith.Format(k, x), want, sqrtUF(ms, a))
						}
						for _, to := range kinds {
							if to == k {
								continue
							}
							op := ir.OpFPExt
							if to < k {
								op = ir.OpFPTrunc
							}
							tt := &ir.Type{Kind: ir.FloatType, FK: to}
							got := convUF(op, ms, a, tt)
							if want := arith.FPConvFlags(k, to, m, x) & ufIX; want&^got != 0 {
								fail("%s %s %s to %s of %s raises %s; the site says only %s (operand %s)", k, ms, op, to,
									arith.Format(k, x), want, got, a)
							}
							var cv FVal
							var cr arith.Word
							if op == ir.OpFPTrunc {
								cv, cr = Trunc(ms, a, to), arith.FPTrunc(k, to, m, x)
							} else {
								cv, cr = Ext(a, to), arith.FPExt(k, to, x)
							}
							if !cv.Contains(cr) {
								fail("%s %s %s to %s of %s = %s not in %s", k, m, op, to, arith.Format(k, x), arith.Format(to, cr), cv)
							}
							if op == ir.OpFPTrunc && got&arith.FlagUnderflow == 0 {
								provedUF++
							}
						}
						for _, it := range ints {
							for _, signed := range []bool{true, false} {
								op := ir.OpFPToSI
								if !signed {
									op = ir.OpFPToUI
								}
								want := arith.FPToIntFlags(k, x, it.Bits, signed)
								if k == arith.F80 && !signed && it.Bits == 64 && m != arith.NearestEven &&
									!arith.FCmp(k, arith.OLT, x, pow2W(k, 63)) && arith.FCmp(k, arith.OLT, x, posInf(k)) {
									// The executor's x87 sequence subtracts 2^63 in the current mode.
									want |= arith.OpFlags(arith.FlagSub, k, m, 0, x, pow2W(k, 63), arith.Word{})
								}
								if got := convUF(op, ms, a, it); (want&ufIX)&^got != 0 {
									fail("%s %s %s to i%d of %s raises %s; the site says only %s (operand %s)", k, ms, op, it.Bits,
										arith.Format(k, x), want, got, a)
								}
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d binary operations checked; %d binary sites proved exact, %d without underflow", n, provedIX, provedUF)
	if provedIX < 1000 || provedUF < 1000 {
		t.Errorf("the grid proved too little: %d exact, %d without underflow", provedIX, provedUF)
	}
}

// TestIntToFPInexactEnclose checks sitofp/uitofp's inexact site and the
// grid of the result against arith, on integer intervals around 2^p.
func TestIntToFPInexactEnclose(t *testing.T) {
	r := rand.New(rand.NewSource(24))
	proved := 0
	for _, k := range kinds {
		p := min(fmtOf(k).p, 63)
		for _, bitsN := range []int{8, 16, 32, 64} {
			for it := 0; it < 300; it++ {
				lim := int64(1)<<min(p, bitsN-1) - 1
				pick := func() int64 {
					switch r.Intn(4) {
					case 0:
						return int64(r.Intn(9) - 4)
					case 1:
						if p < bitsN-1 {
							return int64(1)<<p + int64(r.Intn(5)-2)
						}
						return lim - int64(r.Intn(3))
					case 2:
						if p < bitsN-1 {
							return -(int64(1) << p) + int64(r.Intn(5)-2)
						}
						return -lim + int64(r.Intn(3))
					}
					return r.Int63n(lim) - r.Int63n(lim)
				}
				lo, hi := pick(), pick()
				if lo > hi {
					lo, hi = hi, lo
				}
				iv := IRange(bitsN, lo, hi)
				members := []int64{lo, hi, lo + int64((uint64(hi)-uint64(lo))/2)}
				for m := arith.RoundingMode(0); m < 4; m++ {
					for _, all := range []bool{false, true} {
						ms := modesFor(m, all)
						for _, unsigned := range []bool{false, true} {
							got := intToFPUF(ms, iv, k, unsigned)
							res := FromInt(ms, iv, k, unsigned)
							if got&arith.FlagInexact == 0 {
								proved++
							}
							for _, x := range members {
								if unsigned && iv.Lo < 0 {
									continue
								}
								w := arith.FromInt64(x, bitsN)
								want := arith.IntToFPFlags(bitsN, k, m, w, !unsigned) & ufIX
								if want&^got != 0 {
									t.Fatalf("%s %s i%d %d (unsigned %v) raises %s; the site says only %s (%s)", k, ms, bitsN, x, unsigned,
										want, got, iv)
								}
								var cr arith.Word
								if unsigned {
									cr = arith.UIToFP(bitsN, k, m, w)
								} else {
									cr = arith.SIToFP(bitsN, k, m, w)
								}
								if !res.Contains(cr) {
									t.Fatalf("%s %s i%d %d = %s not in %s", k, m, bitsN, x, arith.Format(k, cr), res)
								}
							}
						}
					}
				}
			}
		}
	}
	if proved == 0 {
		t.Errorf("no integer conversion proved exact")
	}
}

// TestUnderflowInexactCases are the decisions on chosen operands: the
// proofs the grid and the thresholds must make, and the flags they must
// not rule out (each with its concrete witness checked against arith).
func TestUnderflowInexactCases(t *testing.T) {
	f32 := func(x float64) arith.Word { return conv64(arith.F32, x) }
	f64 := func(x float64) arith.Word { return conv64(arith.F64, x) }
	ints := func(k arith.Kind, lo, hi float64) FVal { return withGrid(FRange(k, conv64(k, lo), conv64(k, hi)), 0) }
	rn, rz := ModeOf(arith.NearestEven), ModeOf(arith.TowardZero)
	cases := []struct {
		name string
		got  arith.Flags
		want arith.Flags // exactly the flags the site may raise
	}{
		{"integers [0,1000]+[0,100] exact", binUF(FAdd, AllModes, ints(arith.F32, 0, 1000), ints(arith.F32, 0, 100)), 0},
		{"integers up to 2^24 - 1 + 1 exact", binUF(FAdd, AllModes, ints(arith.F32, 0, 16777215), ints(arith.F32, 0, 1)), 0},
		{"integers up to 2^24 + 1: inexact", binUF(FAdd, AllModes, ints(arith.F32, 0, 16777216), ints(arith.F32, 0, 1)), arith.FlagInexact},
		{"4096·4096 exact", binUF(FMul, AllModes, ints(arith.F32, 0, 4096), ints(arith.F32, 0, 4096)), 0},
		{"4097·4097 inexact", binUF(FMul, AllModes, ints(arith.F32, 0, 4097), ints(arith.F32, 0, 4097)), arith.FlagInexact},
		{"x/8 normal exact", binUF(FDiv, AllModes, FRange(arith.F32, f32(0x1p-120), f32(1)), FConst(arith.F32, f32(8))), 0},
		{"x/8 near 2^-126 underflows", binUF(FDiv, AllModes, FRange(arith.F32, f32(0x1p-125), f32(1)), FConst(arith.F32, f32(8))), ufIX},
		{"0.9·[1e-3,1] no underflow", binUF(FMul, AllModes, FConst(arith.F32, f32(0.9)), FRange(arith.F32, f32(1e-3), f32(1))), arith.FlagInexact},
		{"0.9·[0,1] may underflow", binUF(FMul, AllModes, FConst(arith.F32, f32(0.9)), FRange(arith.F32, f32(0), f32(1))), ufIX},
		{"sum never underflows", binUF(FAdd, AllModes, FRange(arith.F32, f32(-1), f32(1)), FRange(arith.F32, f32(-1), f32(1))), arith.FlagInexact},
		{"fptrunc near 2^-126 in RN", convUF(ir.OpFPTrunc, rn, FRange(arith.F64, f64(0x1p-126-0x1p-151), f64(0x1p-126)),
			&ir.Type{Kind: ir.FloatType, FK: arith.F32}), arith.FlagInexact},
		{"fptrunc near 2^-126 in RZ", convUF(ir.OpFPTrunc, rz, FRange(arith.F64, f64(0x1p-126-0x1p-151), f64(0x1p-126)),
			&ir.Type{Kind: ir.FloatType, FK: arith.F32}), ufIX},
		{"fptosi of integers", convUF(ir.OpFPToSI, AllModes, ints(arith.F64, -1e6, 1e6), &ir.Type{Kind: ir.IntType, Bits: 32}), 0},
		{"sitofp [0, 2^24]", intToFPUF(AllModes, IRange(32, 0, 1<<24), arith.F32, false), 0},
		{"sitofp [0, 2^24+1]", intToFPUF(AllModes, IRange(32, 0, 1<<24+1), arith.F32, false), arith.FlagInexact},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: the site may raise %s, want %s", c.name, c.got, c.want)
		}
	}
	// The witnesses of the flags the cases keep.
	w := []struct {
		name string
		fl   arith.Flags
		want arith.Flags
	}{
		{"2^24 + 1", arith.OpFlags(arith.FlagAdd, arith.F32, arith.NearestEven, 0, f32(16777216), f32(1), arith.Word{}), arith.FlagInexact},
		{"4097·4097", arith.OpFlags(arith.FlagMul, arith.F32, arith.NearestEven, 0, f32(4097), f32(4097), arith.Word{}), arith.FlagInexact},
		{"fptrunc RN", arith.FPConvFlags(arith.F64, arith.F32, arith.NearestEven, f64(0x1p-126-0x1p-151)), arith.FlagInexact},
		{"fptrunc RZ", arith.FPConvFlags(arith.F64, arith.F32, arith.TowardZero, f64(0x1p-126-0x1p-151)), ufIX},
		{"(1+2^-23)·2^-125 / 8", arith.OpFlags(arith.FlagDiv, arith.F32, arith.NearestEven, 0, f32(0x1.000002p-125), f32(8), arith.Word{}), ufIX},
	}
	for _, c := range w {
		if c.fl != c.want {
			t.Errorf("witness %s raises %s, want %s", c.name, c.fl, c.want)
		}
	}
}

// TestUnderflowMidpoint checks the tininess thresholds where they are
// tight: fptrunc of values a few eighths of an ulp around the narrower
// kind's smallest normal, and products and quotients whose exact value
// lies there (operands 1 − i·2^-p-ish times ±2^emin·(1 + j·2^(1−p))), as
// intervals (not single values: the hardware rule would decide those), in
// every mode and the unknown one, signs mirrored. Every underflow a
// member raises must be allowed, and the round-to-nearest margin below
// 2^emin must be used (some interval reaching below 2^emin proved).
func TestUnderflowMidpoint(t *testing.T) {
	margin := 0
	check := func(what string, got, want arith.Flags) {
		t.Helper()
		if want&^got != 0 {
			t.Fatalf("%s raises %s; the site says only %s", what, want, got)
		}
	}
	for _, from := range kinds {
		for _, to := range kinds {
			if to >= from {
				continue
			}
			ft := fmtOf(to)
			minN := pow2W(from, ft.emin)
			step := pow2W(from, ft.emin-ft.p-3)
			var pts []arith.Word
			for i := -20; i <= 6; i++ {
				d := arith.FMul(from, arith.NearestEven, arith.SIToFP(64, from, arith.NearestEven, arith.FromInt64(int64(i), 64)), step)
				pts = append(pts, arith.FAdd(from, arith.NearestEven, minN, d))
			}
			tt := &ir.Type{Kind: ir.FloatType, FK: to}
			for _, neg := range []bool{false, true} {
				for i := range pts {
					for j := i + 1; j < len(pts); j++ {
						lo, hi := pts[i], pts[j]
						if neg {
							lo, hi = arith.FNeg(from, pts[j]), arith.FNeg(from, pts[i])
						}
						v := FRange(from, lo, hi)
						for m := arith.RoundingMode(0); m < 4; m++ {
							for _, all := range []bool{false, true} {
								ms := modesFor(m, all)
								got := convUF(ir.OpFPTrunc, ms, v, tt)
								for _, x := range pts[i : j+1] {
									if neg {
										x = arith.FNeg(from, x)
									}
									check(from.String()+" to "+to.String()+" "+ms.String()+" "+arith.Format(from, x)+" in "+v.String(),
										got, arith.FPConvFlags(from, to, m, x)&ufIX)
								}
								if got&arith.FlagUnderflow == 0 && flt(from, arith.FAbs(from, pts[i]), minN) {
									margin++
								}
							}
						}
					}
				}
			}
		}
	}
	// Products and quotients: x in [1 − a·2^-p, 1 − b·2^-p] (double's and
	// x87's p too), y = ±2^emin·(1 + j·2^(1−p)).
	for _, k := range kinds {
		f := fmtOf(k)
		one := pow2W(k, 0)
		u := pow2W(k, -f.p)
		minN := pow2W(k, f.emin)
		var xs []arith.Word
		for a := 0; a <= 4; a++ {
			d := arith.FMul(k, arith.NearestEven, arith.SIToFP(64, k, arith.NearestEven, arith.FromInt64(int64(a), 64)), u)
			xs = append(xs, arith.FSub(k, arith.NearestEven, one, d), arith.FAdd(k, arith.NearestEven, one, d))
		}
		for j := 0; j <= 3; j++ {
			y := arith.FAdd(k, arith.NearestEven, minN, arith.FMul(k, arith.NearestEven,
				arith.SIToFP(64, k, arith.NearestEven, arith.FromInt64(int64(j), 64)), pow2W(k, f.emin-f.p+1)))
			for _, ny := range []bool{false, true} {
				if ny {
					y = arith.FNeg(k, y)
				}
				yv := FConst(k, y)
				for i := range xs {
					for i2 := range xs {
						if !flt(k, xs[i], xs[i2]) {
							continue
						}
						xv := FRange(k, xs[i], xs[i2])
						for m := arith.RoundingMode(0); m < 4; m++ {
							for _, all := range []bool{false, true} {
								ms := modesFor(m, all)
								gm, gd := binUF(FMul, ms, xv, yv), binUF(FDiv, ms, yv, xv)
								for _, x := range xs {
									if !xv.Contains(x) {
										continue
									}
									check("mul "+k.String()+" "+ms.String()+" "+arith.Format(k, x)+"·"+arith.Format(k, y), gm,
										arith.OpFlags(arith.FlagMul, k, m, 0, x, y, arith.Word{})&ufIX)
									check("div "+k.String()+" "+ms.String()+" "+arith.Format(k, y)+"/"+arith.Format(k, x), gd,
										arith.OpFlags(arith.FlagDiv, k, m, 0, y, x, arith.Word{})&ufIX)
								}
								if gm&arith.FlagUnderflow == 0 && flt(k, xs[i], one) {
									margin++
								}
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d intervals reaching below 2^emin proved free of underflow", margin)
	if margin == 0 {
		t.Errorf("the round-to-nearest margin below 2^emin is never used")
	}
}
