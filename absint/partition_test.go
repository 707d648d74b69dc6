package absint

import (
	"math"
	"math/rand"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
)

// TestIntPreimage checks the split of a float by its integer part (the
// refinement each fptosi/fptoui part makes) against internal/arith: for
// random and boundary x of every kind — values computed in each of the
// four rounding modes, near integers, ±0, subnormals, the extremes below
// 2^62 — x lies in the preimage of its truncation, and the preimage is
// tight (its neighbours outside truncate elsewhere).
func TestIntPreimage(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for _, k := range []arith.Kind{arith.F32, arith.F64, arith.F80} {
		var xs []arith.Word
		add := func(f float64) {
			w := arith.FromFloat64(f)
			switch k {
			case arith.F32:
				w = arith.FPTrunc(arith.F64, arith.F32, arith.NearestEven, w)
			case arith.F80:
				w = arith.FPExt(arith.F64, arith.F80, w)
			}
			xs = append(xs, w)
		}
		for _, f := range []float64{0, math.Copysign(0, -1), 1, -1, 0.5, -0.5, 4.9e-324, -4.9e-324, 1e-40,
			math.Nextafter(1, 0), math.Nextafter(-1, 0), math.Nextafter(7, 0), 7, 1 << 24, 1<<24 + 1, 1 << 53,
			1 << 61, -(1 << 61), 3.9999999, 0.99999994, -0.99999994, 1e18, -1e18} {
			add(f)
		}
		for m := arith.RoundingMode(0); m < 4; m++ {
			for i := 0; i < 500; i++ {
				// n ± a small fraction, computed in mode m: lands on both
				// sides of integers and on them.
				n := arith.FromInt64(rng.Int63n(1<<20)-1<<19, 64)
				num := arith.SIToFP(64, k, m, n)
				eps := arith.FromFloat64(rng.Float64() * math.Ldexp(1, -rng.Intn(30)))
				switch k {
				case arith.F32:
					eps = arith.FPTrunc(arith.F64, arith.F32, m, eps)
				case arith.F80:
					eps = arith.FPExt(arith.F64, arith.F80, eps)
				}
				xs = append(xs, arith.FAdd(k, m, num, eps), arith.FSub(k, m, num, eps))
			}
		}
		for _, x := range xs {
			if arith.IsNaN(k, x) || arith.IsInf(k, x) {
				continue
			}
			tr := arith.FRoundToIntegral(k, arith.Trunc, arith.TowardZero, x)
			v := arith.Int64(arith.FPToSI(k, tr, 64), 64)
			if v >= 1<<62 || v <= -(1<<62) {
				continue
			}
			pre, ok := intPreimage(k, v)
			if !ok || !pre.Contains(x) {
				t.Fatalf("%v: x = %s truncates to %d, not in its preimage %s", k, arith.Format(k, x), v, pre)
			}
			for _, w := range []arith.Word{predF(k, pre.Lo), succF(k, pre.Hi)} {
				tw := arith.FRoundToIntegral(k, arith.Trunc, arith.TowardZero, w)
				if arith.Int64(arith.FPToSI(k, tw, 64), 64) == v {
					t.Fatalf("%v: preimage %s of %d is not tight: %s truncates to it too", k, pre, v, arith.Format(k, w))
				}
			}
		}
	}
}

// partCases are the testdata programs whose proofs need partitioning,
// and false ones aimed at it.
var partCases = []struct {
	src    string
	proved bool // with the default configuration
}{
	{"part_accum.c", true},
	{"part_interp.c", true},
	{"part_table.c", true},
	{"false_part_late.c", false},
	{"false_part_round.c", false},
	{"false_part_budget.c", false},
}

// TestPartitionVerdicts checks that partitioning is what proves the
// part_* programs (not proved without it, nor under a budget too small),
// and that no budget proves a false one.
func TestPartitionVerdicts(t *testing.T) {
	cfgs := []struct {
		name  string
		edit  func(*Config)
		proof bool // whether proofs are expected under it
	}{
		{"default", func(*Config) {}, true},
		{"always", func(c *Config) { c.Partition = PartAlways }, true},
		{"never", func(c *Config) { c.Partition = PartNever }, false},
		{"two parts", func(c *Config) { c.MaxParts = 2 }, false},
		{"100 steps", func(c *Config) { c.PartSteps = 100 }, false},
	}
	for _, pc := range partCases {
		pc := pc
		t.Run(pc.src, func(t *testing.T) {
			m := load(t, filepath.Join("testdata", pc.src))
			for _, c := range cfgs {
				cfg := DefaultConfig()
				c.edit(&cfg)
				res, err := Analyze(m, cfg)
				if err != nil {
					t.Fatalf("%s: %v", c.name, err)
				}
				want := pc.proved && c.proof
				if res.Proved != want {
					t.Errorf("%s: proved %v, want %v (domain %s, parts %d, steps %d)", c.name, res.Proved, want, res.Domain, res.Parts, res.Steps)
				}
				if res.Proved && res.Parts < 2 {
					t.Errorf("%s: proved without parts (domain %s)", c.name, res.Domain)
				}
			}
		})
	}
}

// TestPartitionEncloses is the soundness test of partitioning on whole
// programs: with partitioning from the start (and under budgets so small
// that states are merged), every value native runs print at an OBSERVE
// (loop heads, after the splits) lies in the analysis' value there, in
// all four rounding modes, over random and boundary inputs (NaN, ±0,
// ±INF, subnormals, the extremes; testdata/native/harness.c).
func TestPartitionEncloses(t *testing.T) {
	if _, err := exec.LookPath("clang-14"); err != nil {
		t.Skip("clang-14 not installed")
	}
	budgets := []struct {
		name string
		edit func(*Config)
	}{
		{"32 parts", func(*Config) {}},
		{"2 parts", func(c *Config) { c.MaxParts = 2 }},
		{"300 steps", func(c *Config) { c.PartSteps = 300 }},
	}
	for _, pc := range partCases {
		src := filepath.Join("testdata", pc.src)
		t.Run(pc.src, func(t *testing.T) {
			m := loadObserved(t, src)
			exe := nativeObserved(t, src)
			total := 0
			for _, b := range budgets {
				for mode := arith.RoundingMode(0); mode < 4; mode++ {
					cfg := DefaultConfig()
					cfg.Observe, cfg.Mode, cfg.Partition = true, mode, PartAlways
					b.edit(&cfg)
					res, err := Analyze(m, cfg)
					if err != nil {
						t.Fatalf("%s, mode %s: %v", b.name, mode, err)
					}
					if b.name == "32 parts" && res.Parts < 2 {
						t.Errorf("mode %s: no state was partitioned (domain %s)", mode, res.Domain)
					}
					for seed := 0; seed < 8; seed++ {
						total += checkRun(t, exe, mode, seed, res.Observed)
					}
				}
			}
			t.Logf("%d native values enclosed", total)
			if total == 0 {
				t.Errorf("no native value observed: the test checked nothing")
			}
		})
	}
}

// TestPartsLattice checks the disjunctive states' order and join: the
// meaning of a partitioned state is the union of its parts, so a plain
// state between two parts is not below it (its summary would say so),
// joins are per token, and a join past the budget is the join of all.
func TestPartsLattice(t *testing.T) {
	cfg := DefaultConfig()
	cfg.MaxParts = 3
	a := &Analyzer{cfg: cfg, part: newPartCtx(cfg), th: &thresholds{floats: map[arith.Kind][]arith.Word{}}}
	a.part.add(&psite{kind: pkHead, reg: 0, global: -1})
	st := func(c int64, lo, hi float64) *state {
		return &state{regs: []Val{intVal(IRange(32, c, c)), fltVal(FRange(arith.F64, arith.FromFloat64(lo), arith.FromFloat64(hi)))}, mem: memory{}}
	}
	parts := func(ss ...*state) *state {
		var ps []part
		for _, s := range ss {
			ps = append(ps, part{tok: []comp{{0, s.regs[0].I.Lo}}, s: s})
		}
		r, err := a.mkParts(ps)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	x := parts(st(0, 0, 0), st(1, 1, 1))
	if len(x.parts) != 2 || !x.regs[1].F.Contains(arith.FromFloat64(0.5)) {
		t.Fatalf("two parts with their join as summary: %d parts, summary %s", len(x.parts), x.regs[1])
	}
	mid := &state{regs: []Val{intVal(IRange(32, 0, 1)), fltVal(FConst(arith.F64, arith.FromFloat64(0.5)))}, mem: memory{}}
	if le, _ := a.leq(mid, x); le {
		t.Errorf("a state between the parts is below the disjunction")
	}
	if le, _ := a.leq(parts(st(0, 0, 0)), x); !le {
		t.Errorf("one of the parts is not below the disjunction")
	}
	if le, _ := a.leq(x, a.flat(x)); !le {
		t.Errorf("the disjunction is not below its summary")
	}
	j, err := a.join(x, parts(st(1, 2, 2)), false)
	if err != nil {
		t.Fatal(err)
	}
	if len(j.parts) != 2 || j.parts[1].s.regs[1].String() != fltVal(FRange(arith.F64, arith.FromFloat64(1), arith.FromFloat64(2))).String() {
		t.Errorf("join per token: %d parts, part 1 %v", len(j.parts), j.parts)
	}
	big, err := a.join(x, parts(st(2, 2, 2), st(3, 3, 3)), false)
	if err != nil {
		t.Fatal(err)
	}
	if big.parts != nil || !big.regs[1].F.Contains(arith.FromFloat64(3)) || !big.regs[1].F.Contains(arith.FromFloat64(0)) {
		t.Errorf("four parts past a budget of 3: want one joined state, got %d parts, %s", len(big.parts), big.regs[1])
	}
}
