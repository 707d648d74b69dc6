package native

import (
	"math"
	"math/big"
	"math/rand"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
)

// maxLSBScan is maxLSB by the linear scan from the top exponent it
// replaced: the reference.
func maxLSBScan(k arith.Kind, zl, zh arith.Word) (zeta, lsb *big.Float, ok bool) {
	lo, hi := toBig(k, zl), toBig(k, zh)
	e := hi.MantExp(nil)
	for t := e; t > e-20000; t-- {
		p := new(big.Float).SetPrec(256).SetMantExp(big.NewFloat(1), t)
		q := new(big.Float).SetPrec(256).Quo(lo, p)
		c, _ := q.Int(nil)
		cf := new(big.Float).SetPrec(256).SetInt(c)
		if cf.Cmp(q) < 0 {
			c.Add(c, big.NewInt(1))
			cf.SetInt(c)
		}
		cand := new(big.Float).SetPrec(256).Mul(cf, p)
		if cand.Cmp(hi) <= 0 {
			if _, rep := fromBig(k, cand); rep {
				return cand, p, true
			}
		}
	}
	return nil, nil, false
}

// TestMaxLSBBisection: maxLSB's bisection gives what the linear scan gave
// on random positive float and double ranges, wide and narrow, near zero
// (subnormals) and near the largest finite values.
func TestMaxLSBBisection(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for i := 0; i < 3000; i++ {
		k := arith.F32
		var lo, hi arith.Word
		if i%2 == 0 {
			a := rng.Uint32() & 0x7f7fffff
			b := a + uint32(rng.Intn(1<<(rng.Intn(24)+1)))
			if b > 0x7f7fffff || math.Float32frombits(a) <= 0 {
				continue
			}
			lo, hi = arith.FromFloat32(math.Float32frombits(a)), arith.FromFloat32(math.Float32frombits(b))
		} else {
			k = arith.F64
			a := rng.Uint64() & 0x7fefffffffffffff
			b := a + uint64(rng.Int63n(1<<(rng.Intn(53)+1)))
			if b > 0x7fefffffffffffff || math.Float64frombits(a) <= 0 {
				continue
			}
			lo, hi = arith.FromFloat64(math.Float64frombits(a)), arith.FromFloat64(math.Float64frombits(b))
		}
		z1, l1, ok1 := maxLSB(k, lo, hi)
		z2, l2, ok2 := maxLSBScan(k, lo, hi)
		if ok1 != ok2 || (ok1 && (z1.Cmp(z2) != 0 || l1.Cmp(l2) != 0)) {
			t.Fatalf("%v [%v, %v]: bisection %v %v %v, scan %v %v %v", k, lo, hi, z1, l1, ok1, z2, l2, ok2)
		}
	}
}
