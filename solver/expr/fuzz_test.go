package expr_test

import (
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// FuzzSimplify builds a random expression from the fuzz bytes, once as a
// reference tree evaluated directly with arith and once through the
// builder (which simplifies and folds), and checks that both agree on
// random assignments of the input bytes. The seeds in
// testdata/fuzz/FuzzSimplify run with every `go test`; explore with
//
//	go test -run '^$' -fuzz FuzzSimplify ./solver/expr/
func FuzzSimplify(f *testing.F) {
	for _, s := range []string{
		"\x00",
		"\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f",
		"\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8\xf7\xf6\xf5\xf4\xf3\xf2\xf1\xf0",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(checkSimplify)
}

// TestSimplifyRandom runs the FuzzSimplify check on pseudo-random inputs
// longer than the fuzzer's usual ones (deeper trees), so every `go test`
// explores beyond the seed corpus; deterministic, about a second.
func TestSimplifyRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for range n {
		data := make([]byte, 16+r.IntN(240))
		for i := range data {
			data[i] = byte(r.Uint32())
		}
		checkSimplify(t, data)
		if t.Failed() {
			t.Fatalf("input %q", data)
		}
	}
}

// checkSimplify builds the tree the data describes and compares the
// builder's result with the reference on several assignments.
func checkSimplify(t *testing.T, data []byte) {
	g := &gen{data: data}
	s := g.sort()
	tr := g.tree(s, 5)
	b := expr.NewBuilder()
	in := b.NewArray("in", inputSize, nil)
	e := build(b, in, tr)
	if e.Sort != tr.sort {
		t.Fatalf("%v: built sort %v, want %v", tr, e.Sort, tr.sort)
	}
	h := fnv.New64a()
	h.Write(data)
	for _, a := range assignments(h.Sum64(), 24) {
		got, want := expr.NewEvaluator(a).Eval(e), ref(tr, a)
		if got != want {
			t.Fatalf("input % x\n  tree       %v\n  simplified %v\n  = %#x:%#x, reference %#x:%#x",
				[]byte(a), tr, e, got.Hi, got.Lo, want.Hi, want.Lo)
		}
	}
}

// gen turns fuzz bytes into a well-sorted tree; when the bytes run out it
// reads zeros, which pick leaves, so every input gives a finite tree.
type gen struct {
	data []byte
	pos  int
}

func (g *gen) byte() byte {
	if g.pos >= len(g.data) {
		return 0
	}
	c := g.data[g.pos]
	g.pos++
	return c
}

func (g *gen) pick(n int) int { return int(g.byte()) % n }

func (g *gen) word() arith.Word {
	var w arith.Word
	for i := range 8 {
		w.Lo |= uint64(g.byte()) << (8 * i)
	}
	w.Hi = uint64(g.byte()) | uint64(g.byte())<<8
	return w
}

var (
	bvWidths = []int{1, 8, 16, 32, 64}
	fpKinds  = []arith.Kind{arith.F32, arith.F64, arith.F80}
	rms      = []arith.RoundingMode{arith.NearestEven, arith.Downward, arith.Upward, arith.TowardZero}
)

func (g *gen) sort() expr.Sort {
	switch g.pick(3) {
	case 0:
		return expr.BoolSort
	case 1:
		return expr.BVSort(bvWidths[1+g.pick(len(bvWidths)-1)])
	}
	return expr.FPSort(fpKinds[g.pick(len(fpKinds))])
}

func (g *gen) rm() arith.RoundingMode { return rms[g.pick(len(rms))] }

func fpOne(k arith.Kind) arith.Word {
	switch k {
	case arith.F32:
		return arith.FromFloat32(1)
	case arith.F64:
		return arith.FromFloat64(1)
	}
	return arith.F80FromFloat64(1)
}

// special FP values the random bits rarely hit.
func (g *gen) fpConst(k arith.Kind) *tree {
	switch g.pick(8) {
	case 0:
		return cF(k, arith.Word{}) // +0
	case 1:
		return cF(k, arith.FNeg(k, arith.Word{})) // -0
	case 2:
		return cF(k, fpOne(k))
	case 3:
		return cF(k, arith.FDiv(k, arith.NearestEven, fpOne(k), arith.Word{})) // +inf
	case 4:
		return cF(k, arith.FDiv(k, arith.NearestEven, arith.Word{}, arith.Word{})) // default NaN
	}
	w := g.word()
	if k == arith.F32 {
		w = arith.Word{Lo: w.Lo & 0xffffffff}
	} else if k == arith.F64 {
		w.Hi = 0
	}
	return cF(k, w)
}

// leaf is an input-dependent or constant value of sort s.
func (g *gen) leaf(s expr.Sort) *tree {
	i := uint64(g.pick(inputSize))
	switch s.Kind {
	case expr.Bool:
		if g.pick(4) == 0 {
			return cBool(g.pick(2) == 1)
		}
		return icmp(arith.IPred(int(arith.IEQ)+g.pick(10)), v8(i), cBV(uint64(g.byte()), 8))
	case expr.BV:
		w := int(s.W)
		if g.pick(4) == 0 {
			return cW(g.word(), w)
		}
		n := (w + 7) / 8
		if int(i)+n > inputSize {
			i = uint64(inputSize - n)
		}
		if w%8 != 0 {
			return extract(vN(i, n), g.pick(8*n-w+1), w)
		}
		return vN(i, n)
	}
	k := s.FK
	if g.pick(4) == 0 {
		return g.fpConst(k)
	}
	n := k.Bits() / 8
	if int(i)+n > inputSize {
		i = uint64(inputSize - n)
	}
	return fvar(k, i)
}

// offset picks where a w-bit extract from a ww-bit value starts, often
// at the places the builder's rules distinguish: the ends and around the
// halves (where concatenations and extensions meet).
func (g *gen) offset(ww, w int) int {
	var lo int
	switch g.pick(4) {
	case 0:
		lo = 0
	case 1:
		lo = ww - w
	case 2:
		lo = ww/2 - w + g.pick(3) - 1
	default:
		lo = g.pick(ww - w + 1)
	}
	return max(0, min(lo, ww-w))
}

// containsToBits reports whether t has a ToBits node. FromBits over
// such a tree is not generated: the builder may reduce it to
// FromBits(ToBits(x)) -> x, which is exact only up to NaN sign and
// payload (TestFromBitsOfToBitsNaN).
func containsToBits(t *tree) bool {
	if t.k == tToBits {
		return true
	}
	for _, c := range t.kids {
		if containsToBits(c) {
			return true
		}
	}
	for _, u := range t.upds {
		if containsToBits(u[0]) || containsToBits(u[1]) {
			return true
		}
	}
	return false
}

// tree returns a tree of sort s at most depth levels deep.
func (g *gen) tree(s expr.Sort, depth int) *tree {
	if depth == 0 || g.pick(5) == 0 {
		return g.leaf(s)
	}
	d := depth - 1
	sub := func(s expr.Sort) *tree { return g.tree(s, d) }
	switch s.Kind {
	case expr.Bool:
		switch g.pick(8) {
		case 0:
			w := bvWidths[g.pick(len(bvWidths))]
			return icmp(arith.IPred(int(arith.IEQ)+g.pick(10)), sub(expr.BVSort(w)), sub(expr.BVSort(w)))
		case 1:
			o := g.sort()
			return eq(sub(o), sub(o))
		case 2:
			k := expr.FPSort(fpKinds[g.pick(3)])
			return fcmp(arith.Pred(g.pick(16)), sub(k), sub(k))
		case 3:
			k := expr.FPSort(fpKinds[g.pick(3)])
			return fclass(expr.OpFIsNaN+expr.Op(g.pick(6)), sub(k))
		case 4:
			return not(sub(s))
		case 5:
			return ite(sub(s), sub(s), sub(s))
		}
		return bin([]expr.Op{expr.OpAnd, expr.OpOr, expr.OpXor}[g.pick(3)], sub(s), sub(s))
	case expr.BV:
		w := int(s.W)
		switch g.pick(12) {
		case 0:
			ops := []expr.Op{expr.OpAdd, expr.OpSub, expr.OpMul, expr.OpUDiv, expr.OpSDiv, expr.OpURem,
				expr.OpSRem, expr.OpShl, expr.OpLShr, expr.OpAShr, expr.OpAnd, expr.OpOr, expr.OpXor}
			if w == 1 {
				break
			}
			return bin(ops[g.pick(len(ops))], sub(s), sub(s))
		case 1:
			return not(sub(s))
		case 2:
			return ite(sub(expr.BoolSort), sub(s), sub(s))
		case 3, 11: // extract from a wider value
			ww := 128
			for _, c := range []int{8, 16, 32, 64} {
				if c > w && g.pick(2) == 0 {
					ww = c
					break
				}
			}
			return extract(sub(expr.BVSort(ww)), g.offset(ww, w), w)
		case 4, 5: // extend a narrower value
			if w == 1 {
				break
			}
			var narrower []int
			for _, nw := range bvWidths {
				if nw < w {
					narrower = append(narrower, nw)
				}
			}
			from := narrower[g.pick(len(narrower))]
			if g.pick(2) == 0 {
				return zext(sub(expr.BVSort(from)), w)
			}
			return sext(sub(expr.BVSort(from)), w)
		case 6, 7: // concatenate two halves
			if w < 16 && w != 8 {
				break
			}
			h := w / 2
			return concat(sub(expr.BVSort(w-h)), sub(expr.BVSort(h)))
		case 8:
			if w < 8 {
				break
			}
			k := fpKinds[g.pick(3)]
			return fpToInt(g.pick(2) == 0, sub(expr.FPSort(k)), w)
		case 9: // the bits of an FP value of the same width
			for _, k := range fpKinds {
				if k.Bits() == w {
					return toBits(sub(expr.FPSort(k)))
				}
			}
		case 10:
			if w == 8 {
				idx := zext(extract(sub(expr.BVSort(8)), 0, 5), 64) // 0..31: in and out of bounds
				var upds [][2]*tree
				for range g.pick(3) {
					upds = append(upds, [2]*tree{zext(extract(sub(expr.BVSort(8)), 0, 4), 64), sub(expr.BVSort(8))})
				}
				var init []byte
				if g.pick(2) == 0 {
					init = []byte{g.byte(), g.byte(), g.byte(), g.byte(), g.byte(), g.byte()}
				}
				return read(init, upds, idx)
			}
		}
		return g.leaf(s)
	}
	k := s.FK
	switch g.pick(10) {
	case 0, 1:
		ops := []expr.Op{expr.OpFAdd, expr.OpFSub, expr.OpFMul, expr.OpFDiv, expr.OpFRem, expr.OpFRemainder,
			expr.OpFMin, expr.OpFMax}
		return fbin(ops[g.pick(len(ops))], g.rm(), sub(s), sub(s))
	case 2:
		return fsqrt(g.rm(), sub(s))
	case 3:
		if g.pick(2) == 0 {
			return fneg(sub(s))
		}
		return fabs(sub(s))
	case 4:
		return fma(g.rm(), sub(s), sub(s), sub(s))
	case 5:
		return fround(arith.Integral(g.pick(int(arith.RoundEven)+1)), g.rm(), sub(s))
	case 6:
		return ite(sub(expr.BoolSort), sub(s), sub(s))
	case 7:
		return fpconv(g.rm(), sub(expr.FPSort(fpKinds[g.pick(3)])), k)
	case 8:
		w := bvWidths[1+g.pick(len(bvWidths)-1)]
		return intToFP(g.pick(2) == 0, g.rm(), sub(expr.BVSort(w)), k)
	}
	// The bits of a bit-vector, which must not come from a ToBits.
	bits := sub(expr.BVSort(k.Bits()))
	if containsToBits(bits) {
		return g.leaf(s)
	}
	return fromBits(bits, k)
}
