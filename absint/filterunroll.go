package absint

import "math/big"

// The filter domain's unrolled bound: a zonotope of the last t inputs
// over the ellipsoid's tail (Feret's and Fluctuat's unfolding of a linear
// filter). With s' = A·s + w, w in the box W (every per-iteration term:
// constants, inputs, rounding remainders, valid while s stays in the
// invariant ellipsoid E_k), the state after n iterations is
//
//	s_n = A^n·s_0 + Σ_{j<n} A^j·w_{n−1−j}.
//
// For n ≥ t it lies in A^t·E_k ⊕ Σ_{j<t} A^j·W (s_{n−t} is in E_k), and
// for n < t in A^n·s_0 ⊕ Σ_{j<n} A^j·W. So, for a direction v,
//
//	sup vᵀs ≤ max( h_E(A^tᵀv) + Σ_{j<t} h_W(A^jᵀv),
//	               max_{n<t} Σ_i |(vᵀA^n)_i|·m0_i + Σ_{j<n} h_W(A^jᵀv) )
//
// with h_E(u) = √(k·uᵀP⁻¹u), h_W(u) = Σ_i |u_i|·W_i, m0 the entry box.
// Every t gives a bound (t = 0 is the ellipsoid's own): the least of a
// few is taken. Exact rationals throughout (A's entries are the
// program's float constants, dyadic), √ rounded up.
type unroller struct {
	A    rmat
	ws   []*big.Rat // the box W of the per-iteration terms
	m0   []*big.Rat // the entry values' box
	k    *big.Rat
	pinv rmat
	memo map[string]*big.Rat // bounds by direction (registers share them)
}

// unrollCheckpoints are the t at which a bound is taken; the largest is
// the number of terms unrolled (a filter contracting by 0.92 per step
// leaves 0.92^256 ≈ 5e-10 of the ellipsoid).
var unrollCheckpoints = []int{0, 8, 16, 32, 64, 128, 256}

// unrollBits is the precision of the rows vᵀA^t: each is rounded to a
// multiple of 2^-unrollBits after every step (exact powers of a matrix of
// float constants grow by ~53 bits a step), the rounding carried as an
// error box e with |row − rounded row| ≤ e componentwise. The box grows
// with |A| (spectral radius 1.86 for a second-order filter whose own is
// 0.84: 2^229 over 256 steps), hence the margin.
const unrollBits = 384

// bound is an upper bound of |vᵀs| over the loop head's states, or nil.
func (u *unroller) bound(v []*big.Rat) *big.Rat {
	key := ""
	for _, x := range v {
		key += x.RatString() + ","
	}
	if b, ok := u.memo[key]; ok {
		return b
	}
	b := u.compute(v)
	if u.memo == nil {
		u.memo = map[string]*big.Rat{}
	}
	u.memo[key] = b
	return b
}

func (u *unroller) compute(v []*big.Rat) *big.Rat {
	n := len(v)
	r := make([]*big.Rat, n)
	e := make([]*big.Rat, n)
	for i := range v {
		r[i] = new(big.Rat).Set(v[i])
		e[i] = new(big.Rat)
	}
	// sqrt(k·P⁻¹_ii): h_E of the unit vectors, for the error box.
	unit := make([]*big.Rat, n)
	for i := range unit {
		unit[i] = sqrtUp(new(big.Rat).Mul(u.k, u.pinv[i][i]))
		if unit[i] == nil {
			return nil
		}
	}
	ulp := new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), unrollBits))
	sumW := new(big.Rat)
	s0max := new(big.Rat)
	var best *big.Rat
	last := unrollCheckpoints[len(unrollCheckpoints)-1]
	next := 0
	for t := 0; t <= last; t++ {
		if t == unrollCheckpoints[next] {
			next++
			q := new(big.Rat)
			for i := range r {
				if r[i].Sign() == 0 {
					continue
				}
				for j := range r {
					q.Add(q, new(big.Rat).Mul(r[i], new(big.Rat).Mul(u.pinv[i][j], r[j])))
				}
			}
			if q.Sign() < 0 {
				return best // P⁻¹ not positive: no ellipsoid bound
			}
			// h_E(row) ≤ h_E(rounded row) + Σ e_i·h_E(unit_i) (a norm).
			hE := sqrtUp(new(big.Rat).Mul(u.k, q))
			if hE != nil {
				cand := hE.Add(hE, sumW)
				for i := range e {
					cand.Add(cand, new(big.Rat).Mul(e[i], unit[i]))
				}
				if s0max.Cmp(cand) > 0 {
					cand = new(big.Rat).Set(s0max)
				}
				if best == nil || cand.Cmp(best) < 0 {
					best = cand
				}
			}
		}
		// n = t's entry term, then the t-th input term (|row| ≤ |r| + e).
		s0 := new(big.Rat).Set(sumW)
		hw := new(big.Rat)
		for i := range r {
			a := new(big.Rat).Abs(r[i])
			a.Add(a, e[i])
			s0.Add(s0, new(big.Rat).Mul(a, u.m0[i]))
			hw.Add(hw, a.Mul(a, u.ws[i]))
		}
		if s0.Cmp(s0max) > 0 {
			s0max = s0
		}
		sumW.Add(sumW, hw)
		// r ← round(rᵀA), e ← eᵀ|A| + the rounding.
		nr := make([]*big.Rat, n)
		ne := make([]*big.Rat, n)
		for j := 0; j < n; j++ {
			nr[j], ne[j] = new(big.Rat), new(big.Rat)
			for i := 0; i < n; i++ {
				if u.A[i][j].Sign() == 0 {
					continue
				}
				if r[i].Sign() != 0 {
					nr[j].Add(nr[j], new(big.Rat).Mul(r[i], u.A[i][j]))
				}
				if e[i].Sign() != 0 {
					ne[j].Add(ne[j], new(big.Rat).Mul(e[i], new(big.Rat).Abs(u.A[i][j])))
				}
			}
			nr[j] = roundDyadic(nr[j], false)
			ne[j] = roundDyadic(ne[j], true)
			ne[j].Add(ne[j], ulp)
		}
		r, e = nr, ne
	}
	return best
}

// roundDyadic rounds x to a multiple of 2^-unrollBits: toward −∞, or
// toward +∞ when up (the error of the former is below 2^-unrollBits).
func roundDyadic(x *big.Rat, up bool) *big.Rat {
	num := new(big.Int).Lsh(x.Num(), unrollBits)
	q, m := new(big.Int).DivMod(num, x.Denom(), new(big.Int))
	if up && m.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return new(big.Rat).SetFrac(q, new(big.Int).Lsh(big.NewInt(1), unrollBits))
}
