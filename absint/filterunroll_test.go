package absint

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// TestUnrolledBound checks the unrolled filter bound on linear
// recurrences s' = A·s + w (w in a box) against their exact supremum
// over the reals (the l1 norm of the impulse response, summed far past
// the unrolled terms) and against random concrete runs: the bound must
// enclose both and stay close to the supremum.
func TestUnrolledBound(t *testing.T) {
	cases := []struct {
		name  string
		a     [][]float64
		w     []float64 // the box of the per-step term
		m0    []float64 // the entry box
		slack float64   // allowed excess over the supremum
	}{
		{"first-order 0.5", [][]float64{{0.5}}, []float64{1}, []float64{0}, 1e-6},
		{"first-order -0.9 entry 3", [][]float64{{-0.9}}, []float64{1}, []float64{3}, 1e-3},
		{"second-order filter", [][]float64{{1.5, -0.7}, {1, 0}}, []float64{1, 0}, []float64{0, 0}, 1e-3},
		{"damped rotation", [][]float64{{0.6, -0.7}, {0.7, 0.6}}, []float64{1, 0}, []float64{0, 0}, 1e-3},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			n := len(tc.a)
			pf, ok := lyapunov(tc.a)
			if !ok {
				t.Fatal("no Lyapunov solution")
			}
			P := newRmat(n, n)
			A := newRmat(n, n)
			for i := range pf {
				for j := range pf[i] {
					P[i][j] = ratOf(pf[i][j])
					A[i][j] = ratOf(tc.a[i][j])
				}
			}
			pinv := inverse(P)
			mu, ok := powerIter(pinv, quadT(A, P))
			if !ok || mu >= 1 {
				t.Fatalf("not contracting in P: %v", mu)
			}
			lam := math.Sqrt(mu) * (1 + 1e-6)
			// k = ‖w‖_P²/(1−λ)², with the entry box inside (a generous k
			// is sound: E_k is then still invariant).
			wq, mq := 0.0, 0.0
			for i := range pf {
				for j := range pf[i] {
					wq += math.Abs(pf[i][j]) * tc.w[i] * tc.w[j]
					mq += math.Abs(pf[i][j]) * tc.m0[i] * tc.m0[j]
				}
			}
			k := math.Max(wq/((1-lam)*(1-lam)), mq) * 1.01
			u := &unroller{A: A, k: ratOf(k), pinv: pinv}
			for i := 0; i < n; i++ {
				u.ws = append(u.ws, ratOf(tc.w[i]))
				u.m0 = append(u.m0, ratOf(tc.m0[i]))
			}
			for i := 0; i < n; i++ {
				e := make([]*big.Rat, n)
				for j := range e {
					e[j] = new(big.Rat)
				}
				e[i].SetInt64(1)
				b := u.bound(e)
				if b == nil {
					t.Fatalf("cell %d: no bound", i)
				}
				bf, _ := b.Float64()
				// The supremum: entry term plus Σ_j |(A^j w-box)_i|.
				sup := supremum(tc.a, tc.w, tc.m0, i)
				if bf < sup-1e-9 {
					t.Errorf("cell %d: bound %v below the supremum %v", i, bf, sup)
				}
				if bf > sup+tc.slack {
					t.Errorf("cell %d: bound %v far above the supremum %v", i, bf, sup)
				}
				// Random and extreme runs stay inside.
				rng := rand.New(rand.NewSource(int64(i)))
				for run := 0; run < 200; run++ {
					s := make([]float64, n)
					for j := range s {
						s[j] = tc.m0[j] * float64(rng.Intn(3)-1)
					}
					for step := 0; step < 300; step++ {
						ns := make([]float64, n)
						for r := range ns {
							for c := range s {
								ns[r] += tc.a[r][c] * s[c]
							}
							ns[r] += tc.w[r] * float64(rng.Intn(3)-1)
						}
						s = ns
						if math.Abs(s[i]) > bf {
							t.Fatalf("cell %d: run %d step %d: |%v| above the bound %v", i, run, step, s[i], bf)
						}
					}
				}
				t.Logf("cell %d: bound %.9g, supremum %.9g", i, bf, sup)
			}
		})
	}
}

// supremum is sup |s_i| over all runs from the entry box with per-step
// terms in the box w (over the reals): max over n of the entry's
// contribution plus Σ_{j<n} Σ_c |(A^j)_ic|·w_c, summed 5000 steps.
func supremum(a [][]float64, w, m0 []float64, i int) float64 {
	n := len(a)
	row := make([]float64, n)
	row[i] = 1
	sum, best := 0.0, 0.0
	for step := 0; step < 5000; step++ {
		entry := 0.0
		for c := range row {
			entry += math.Abs(row[c]) * m0[c]
		}
		best = math.Max(best, entry+sum)
		for c := range row {
			sum += math.Abs(row[c]) * w[c]
		}
		nr := make([]float64, n)
		for c := 0; c < n; c++ {
			for r := 0; r < n; r++ {
				nr[c] += row[r] * a[r][c]
			}
		}
		row = nr
	}
	return best
}
