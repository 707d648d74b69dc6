package z3

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/testtool"
	"github.com/floatsym/floatsym/solver/expr"
)

// FuzzScript builds a query from the fuzz bytes (every sort and operator
// family: bit-vectors, the three FP kinds in four rounding modes,
// conversions, array reads over updates), writes it as an SMT-LIB2 script
// (Checker.Script, the text --write-smt2 keeps and cvc5 receives), and
// has the z3 and cvc5 binaries parse it: each must accept every
// declaration and assertion without an error. The check-sat is left out,
// so only parsing and sort checking are tested, not solving. Without the
// binaries only the writer runs (a skip of the round trip, a failure
// under CI). The seeds in testdata/fuzz/FuzzScript run with every go
// test; explore with make fuzz, or
//
//	go test -run '^$' -fuzz '^FuzzScript$' ./solver/z3/
func FuzzScript(f *testing.F) {
	for _, s := range []string{"\x00", "\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f",
		"\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8\xf7\xf6\xf5\xf4\xf3\xf2\xf1\xf0", "\x02\x02\x02\x02\x02\x07\x07\x07\x07"} {
		f.Add([]byte(s))
	}
	solvers := scriptParsers(f)
	chk := NewChecker()
	f.Cleanup(chk.Close)
	var mu sync.Mutex // a Checker is not for concurrent use
	f.Fuzz(func(t *testing.T, data []byte) {
		b := expr.NewBuilder()
		g := &sgen{data: data, b: b, in: b.NewArray("in", sgenInput, nil)}
		q := g.expr(expr.BoolSort, 4)
		mu.Lock()
		s, err := chk.Script([]*expr.Expr{q}, nil, []*expr.Array{g.in})
		mu.Unlock()
		if err != nil {
			t.Fatalf("writing %v: %v", q, err)
		}
		if len(s.Terms) != sgenInput {
			t.Fatalf("%d model terms for %d input bytes", len(s.Terms), sgenInput)
		}
		text := strings.Replace(s.Text(), "(check-sat)\n", "", 1)
		path := filepath.Join(t.TempDir(), "q.smt2")
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, solver := range solvers {
			out, err := exec.Command(solver[0], append(solver[1:], path)...).CombinedOutput()
			if err != nil || strings.Contains(string(out), "error") {
				t.Fatalf("%s rejects the script of %v: %v\n%s\nscript:\n%s", solver[0], q, err, out, text)
			}
		}
	})
}

// scriptParsers returns the command lines of the binaries that parse the
// scripts: z3 and cvc5 (with the options floatsym runs it with), those
// installed; a missing one is a skip, under CI a failure.
func scriptParsers(f *testing.F) [][]string {
	var solvers [][]string
	if len(testtool.Missing(testtool.Z3, testtool.CVC5)) > 0 && testtool.InCI() {
		testtool.Require(f, testtool.Z3, testtool.CVC5)
	}
	if len(testtool.Missing(testtool.Z3)) == 0 {
		solvers = append(solvers, []string{testtool.Z3, "-smt2"})
	}
	if len(testtool.Missing(testtool.CVC5)) == 0 {
		solvers = append(solvers, []string{testtool.CVC5, "--lang=smt2", "--fp-exp"})
	}
	if len(solvers) < 2 {
		f.Logf("z3 or cvc5 missing: the round trip runs on %v only", solvers)
	}
	return solvers
}

const sgenInput = 16 // input bytes of a generated query

// sgen turns fuzz bytes into a well-sorted expression; past the end of the
// bytes it reads zeros, which pick leaves, so every input gives a finite
// expression.
type sgen struct {
	data []byte
	pos  int
	b    *expr.Builder
	in   *expr.Array
}

func (g *sgen) byte() byte {
	if g.pos >= len(g.data) {
		return 0
	}
	g.pos++
	return g.data[g.pos-1]
}

func (g *sgen) pick(n int) int { return int(g.byte()) % n }

var (
	sgenWidths = []int{8, 16, 32, 64}
	sgenKinds  = []arith.Kind{arith.F32, arith.F64, arith.F80}
	sgenRMs    = []arith.RoundingMode{arith.NearestEven, arith.Downward, arith.Upward, arith.TowardZero}
)

func (g *sgen) rm() arith.RoundingMode { return sgenRMs[g.pick(4)] }

func (g *sgen) word() arith.Word {
	var w arith.Word
	for i := range 8 {
		w.Lo |= uint64(g.byte()) << (8 * i)
	}
	w.Hi = uint64(g.byte()) | uint64(g.byte())<<8
	return w
}

// bytes is w bits of input (w a multiple of 8) from a fuzz-chosen offset.
func (g *sgen) bytes(w int) *expr.Expr {
	n := w / 8
	i := uint64(g.pick(sgenInput - n + 1))
	e := g.b.Byte(g.in, i)
	for j := uint64(1); j < uint64(n); j++ {
		e = g.b.Concat(g.b.Byte(g.in, i+j), e)
	}
	return e
}

func (g *sgen) leaf(s expr.Sort) *expr.Expr {
	switch s.Kind {
	case expr.Bool:
		if g.pick(4) == 0 {
			return g.b.BoolConst(g.pick(2) == 1)
		}
		return g.b.ICmp(arith.IPred(int(arith.IEQ)+g.pick(10)), g.bytes(8), g.b.U64(uint64(g.byte()), 8))
	case expr.BV:
		if g.pick(4) == 0 {
			return g.b.Const(g.word(), int(s.W))
		}
		return g.bytes(int(s.W))
	}
	k := s.FK
	if g.pick(4) == 0 {
		w := g.word()
		if k == arith.F32 {
			w = arith.Word{Lo: w.Lo & 0xffffffff}
		} else if k == arith.F64 {
			w.Hi = 0
		}
		return g.b.FConst(k, w)
	}
	return g.b.FromBits(g.bytes(k.Bits()), k)
}

func (g *sgen) expr(s expr.Sort, depth int) *expr.Expr {
	if depth == 0 || g.pick(5) == 0 {
		return g.leaf(s)
	}
	sub := func(s expr.Sort) *expr.Expr { return g.expr(s, depth-1) }
	b := g.b
	switch s.Kind {
	case expr.Bool:
		switch g.pick(7) {
		case 0:
			w := expr.BVSort(sgenWidths[g.pick(4)])
			return b.ICmp(arith.IPred(int(arith.IEQ)+g.pick(10)), sub(w), sub(w))
		case 1:
			k := expr.FPSort(sgenKinds[g.pick(3)])
			return b.FCmp(arith.Pred(g.pick(16)), sub(k), sub(k))
		case 2:
			return b.FClass(expr.OpFIsNaN+expr.Op(g.pick(6)), sub(expr.FPSort(sgenKinds[g.pick(3)])))
		case 3:
			return b.Not(sub(s))
		case 4:
			return b.Ite(sub(s), sub(s), sub(s))
		case 5:
			k := expr.FPSort(sgenKinds[g.pick(3)])
			return b.Eq(sub(k), sub(k))
		}
		return b.Bin([]expr.Op{expr.OpAnd, expr.OpOr, expr.OpXor}[g.pick(3)], sub(s), sub(s))
	case expr.BV:
		w := int(s.W)
		switch g.pick(8) {
		case 0, 1:
			ops := []expr.Op{expr.OpAdd, expr.OpSub, expr.OpMul, expr.OpUDiv, expr.OpSDiv, expr.OpURem,
				expr.OpSRem, expr.OpShl, expr.OpLShr, expr.OpAShr, expr.OpAnd, expr.OpOr, expr.OpXor}
			return b.Bin(ops[g.pick(len(ops))], sub(s), sub(s))
		case 2:
			return b.Ite(sub(expr.BoolSort), sub(s), sub(s))
		case 3:
			return b.Extract(sub(expr.BVSort(64)), g.pick(64-w+1), w)
		case 4:
			if w > 8 {
				return b.ZExt(sub(expr.BVSort(8)), w)
			}
		case 5:
			return b.FPToInt(g.pick(2) == 0, sub(expr.FPSort(sgenKinds[g.pick(3)])), w)
		case 6:
			for _, k := range sgenKinds {
				if k.Bits() == w {
					return b.ToBits(sub(expr.FPSort(k)))
				}
			}
		case 7:
			if w == 8 {
				arr := g.in
				if g.pick(2) == 0 {
					arr = b.NewArray("init", 6, []byte{g.byte(), g.byte(), g.byte(), g.byte(), g.byte(), g.byte()})
				}
				idx := b.ZExt(b.Extract(sub(expr.BVSort(8)), 0, 5), 64)
				return b.Read(arr, nil, idx)
			}
		}
		return g.leaf(s)
	}
	k := s.FK
	switch g.pick(8) {
	case 0, 1:
		ops := []expr.Op{expr.OpFAdd, expr.OpFSub, expr.OpFMul, expr.OpFDiv, expr.OpFRem, expr.OpFRemainder,
			expr.OpFMin, expr.OpFMax}
		return b.FBin(ops[g.pick(len(ops))], g.rm(), sub(s), sub(s))
	case 2:
		return b.FSqrt(g.rm(), sub(s))
	case 3:
		return b.FNeg(b.FAbs(sub(s)))
	case 4:
		return b.FMA(g.rm(), sub(s), sub(s), sub(s))
	case 5:
		return b.FRound(arith.Integral(g.pick(int(arith.RoundEven)+1)), g.rm(), sub(s))
	case 6:
		return b.FPConv(g.rm(), sub(expr.FPSort(sgenKinds[g.pick(3)])), k)
	}
	return b.IntToFP(g.pick(2) == 0, g.rm(), sub(expr.BVSort(sgenWidths[g.pick(4)])), k)
}
