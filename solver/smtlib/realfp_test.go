package smtlib

import (
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"strconv"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
)

// TestRealToFP: real literals round as strconv does (round to nearest
// even, float and double, subnormals and overflow included) and as
// big.Float does in the directed modes (normal range).
func TestRealToFP(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	lits := []string{"0.1", "1e-320", "4.9e-324", "2.4e-324", "1.7976931348623157e308", "1.7976931348623159e308",
		"1e39", "3.4028235e38", "1.4e-45", "0.7e-45", "2.5", "3.5", "16777217", "9007199254740993"}
	for i := 0; i < 2000; i++ {
		lits = append(lits, fmt.Sprintf("%de%d", r.Int63n(1e17), r.Intn(700)-350))
	}
	for _, s := range lits {
		q, ok := new(big.Rat).SetString(s)
		if !ok {
			t.Fatal(s)
		}
		f64, _ := strconv.ParseFloat(s, 64)
		if got := realToFP(q, arith.F64, arith.NearestEven, false).Uint64(); got != math.Float64bits(f64) {
			t.Errorf("%s as double: %#x, want %#x", s, got, math.Float64bits(f64))
		}
		f32, _ := strconv.ParseFloat(s, 32)
		if got := realToFP(q, arith.F32, arith.NearestEven, false).Uint64(); got != uint64(math.Float32bits(float32(f32))) {
			t.Errorf("%s as float: %#x, want %#x", s, got, math.Float32bits(float32(f32)))
		}
		modes := map[arith.RoundingMode]big.RoundingMode{arith.Upward: big.ToPositiveInf, arith.Downward: big.ToNegativeInf, arith.TowardZero: big.ToZero}
		for rm, bm := range modes {
			bf := new(big.Float).SetPrec(53).SetMode(bm).SetRat(q)
			v, _ := bf.Float64()
			if a := math.Abs(v); a < 0x1p-1022 || a > math.MaxFloat64 {
				continue
			}
			if got := realToFP(q, arith.F64, rm, false).Uint64(); got != math.Float64bits(v) {
				t.Errorf("%s as double in mode %d: %#x, want %#x", s, rm, got, math.Float64bits(v))
			}
		}
	}
	// Ties away from zero: 2^53+1 is halfway between two doubles.
	tie, _ := new(big.Rat).SetString("9007199254740993")
	if got := realToFP(tie, arith.F64, 0, true).Uint64(); got != math.Float64bits(9007199254740994) {
		t.Errorf("2^53+1 RNA: %#x", got)
	}
	if got := realToFP(tie.Neg(tie), arith.F64, 0, true).Uint64(); got != math.Float64bits(-9007199254740994) {
		t.Errorf("-(2^53+1) RNA: %#x", got)
	}
}
