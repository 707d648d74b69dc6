package absint

import (
	"math"
	"math/big"
)

// Exact rational linear algebra for the filter invariants (filter.go):
// the quadratic form is found in float64, every inequality the proof
// rests on is then checked over the rationals.

type rmat [][]*big.Rat

func newRmat(n, m int) rmat {
	r := make(rmat, n)
	for i := range r {
		r[i] = make([]*big.Rat, m)
		for j := range r[i] {
			r[i][j] = new(big.Rat)
		}
	}
	return r
}

func ratOf(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }

func (a rmat) float() [][]float64 {
	r := make([][]float64, len(a))
	for i := range a {
		r[i] = make([]float64, len(a[i]))
		for j := range a[i] {
			r[i][j], _ = a[i][j].Float64()
		}
	}
	return r
}

// mulT returns aᵀ·p·a.
func quadT(a, p rmat) rmat {
	n := len(a)
	pa := newRmat(n, n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			for k := 0; k < n; k++ {
				pa[i][j].Add(pa[i][j], new(big.Rat).Mul(p[i][k], a[k][j]))
			}
		}
	}
	r := newRmat(n, n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			for k := 0; k < n; k++ {
				r[i][j].Add(r[i][j], new(big.Rat).Mul(a[k][i], pa[k][j]))
			}
		}
	}
	return r
}

// det is the determinant (fraction-exact Gaussian elimination).
func det(a rmat) *big.Rat {
	n := len(a)
	m := newRmat(n, n)
	for i := range a {
		for j := range a[i] {
			m[i][j].Set(a[i][j])
		}
	}
	d := big.NewRat(1, 1)
	for c := 0; c < n; c++ {
		p := -1
		for r := c; r < n; r++ {
			if m[r][c].Sign() != 0 {
				p = r
				break
			}
		}
		if p < 0 {
			return new(big.Rat)
		}
		if p != c {
			m[p], m[c] = m[c], m[p]
			d.Neg(d)
		}
		d.Mul(d, m[c][c])
		for r := c + 1; r < n; r++ {
			f := new(big.Rat).Quo(m[r][c], m[c][c])
			for k := c; k < n; k++ {
				m[r][k].Sub(m[r][k], new(big.Rat).Mul(f, m[c][k]))
			}
		}
	}
	return d
}

// posDef reports, exactly, that the symmetric a is positive definite
// (Sylvester: every leading principal minor is positive).
func posDef(a rmat) bool {
	for k := 1; k <= len(a); k++ {
		sub := make(rmat, k)
		for i := 0; i < k; i++ {
			sub[i] = a[i][:k]
		}
		if det(sub).Sign() <= 0 {
			return false
		}
	}
	return true
}

// inverse returns a⁻¹ exactly (nil if singular).
func inverse(a rmat) rmat {
	n := len(a)
	m := newRmat(n, 2*n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			m[i][j].Set(a[i][j])
		}
		m[i][n+i].SetInt64(1)
	}
	for c := 0; c < n; c++ {
		p := -1
		for r := c; r < n; r++ {
			if m[r][c].Sign() != 0 {
				p = r
				break
			}
		}
		if p < 0 {
			return nil
		}
		m[p], m[c] = m[c], m[p]
		inv := new(big.Rat).Inv(m[c][c])
		for k := 0; k < 2*n; k++ {
			m[c][k].Mul(m[c][k], inv)
		}
		for r := 0; r < n; r++ {
			if r == c || m[r][c].Sign() == 0 {
				continue
			}
			f := new(big.Rat).Set(m[r][c])
			for k := 0; k < 2*n; k++ {
				m[r][k].Sub(m[r][k], new(big.Rat).Mul(f, m[c][k]))
			}
		}
	}
	r := newRmat(n, n)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			r[i][j].Set(m[i][n+j])
		}
	}
	return r
}

// lyapunov solves aᵀ·p·a − p = −I in float64 (the n² linear equations by
// Gaussian elimination); ok false when singular or not positive.
func lyapunov(a [][]float64) ([][]float64, bool) {
	n := len(a)
	N := n * n
	m := make([][]float64, N)
	for i := range m {
		m[i] = make([]float64, N+1)
	}
	// Unknown p[k][l] at index k*n+l; equation (i, j):
	// Σ_k Σ_l a[k][i]·p[k][l]·a[l][j] − p[i][j] = −δij.
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			row := m[i*n+j]
			for k := 0; k < n; k++ {
				for l := 0; l < n; l++ {
					row[k*n+l] += a[k][i] * a[l][j]
				}
			}
			row[i*n+j]--
			if i == j {
				row[N] = -1
			}
		}
	}
	for c := 0; c < N; c++ {
		p := c
		for r := c + 1; r < N; r++ {
			if math.Abs(m[r][c]) > math.Abs(m[p][c]) {
				p = r
			}
		}
		if math.Abs(m[p][c]) < 1e-300 {
			return nil, false
		}
		m[p], m[c] = m[c], m[p]
		for r := 0; r < N; r++ {
			if r == c {
				continue
			}
			f := m[r][c] / m[c][c]
			for k := c; k <= N; k++ {
				m[r][k] -= f * m[c][k]
			}
		}
	}
	p := make([][]float64, n)
	for i := range p {
		p[i] = make([]float64, n)
		for j := range p[i] {
			p[i][j] = m[i*n+j][N] / m[i*n+j][i*n+j]
		}
	}
	// Symmetrise.
	for i := 0; i < n; i++ {
		for j := 0; j < i; j++ {
			v := (p[i][j] + p[j][i]) / 2
			p[i][j], p[j][i] = v, v
		}
	}
	for i := 0; i < n; i++ {
		if !(p[i][i] > 0) || math.IsInf(p[i][i], 0) {
			return nil, false
		}
	}
	return p, true
}

// sqrtUp is a rational upper bound of √x (x ≥ 0).
func sqrtUp(x *big.Rat) *big.Rat {
	f, _ := x.Float64()
	s := math.Nextafter(math.Sqrt(f), math.Inf(1))
	for i := 0; i < 64; i++ {
		r := ratOf(s)
		if new(big.Rat).Mul(r, r).Cmp(x) >= 0 {
			return r
		}
		s = s*(1+1e-15) + 1e-300
	}
	return nil
}

// powerIter estimates the largest eigenvalue of pinv·q (both n×n) by
// power iteration in float64.
func powerIter(pinv, q rmat) (float64, bool) {
	if pinv == nil {
		return 0, false
	}
	a, b := pinv.float(), q.float()
	n := len(a)
	m := make([][]float64, n)
	for i := range m {
		m[i] = make([]float64, n)
		for j := range m[i] {
			for k := 0; k < n; k++ {
				m[i][j] += a[i][k] * b[k][j]
			}
		}
	}
	v := make([]float64, n)
	for i := range v {
		v[i] = 1 + float64(i)*0.1
	}
	mu := 0.0
	for it := 0; it < 2000; it++ {
		w := make([]float64, n)
		norm := 0.0
		for i := range w {
			for j := range v {
				w[i] += m[i][j] * v[j]
			}
			norm = math.Max(norm, math.Abs(w[i]))
		}
		if norm == 0 || math.IsNaN(norm) || math.IsInf(norm, 0) {
			return 0, false
		}
		for i := range w {
			w[i] /= norm
		}
		mu, v = norm, w
	}
	return mu, true
}
