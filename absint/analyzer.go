package absint

import (
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
)

// Config bounds and shapes one analysis.
type Config struct {
	// MaxSteps bounds the instructions transferred (every pass of every
	// inlined callee counts); past it the analysis gives up (unproved).
	MaxSteps int64
	// Delay is the number of plain joins at a loop head before widening
	// (the first iterations are kept apart from the widened invariant).
	Delay int
	// Narrow is the number of descending iterations after the fixpoint.
	Narrow int
	// MaxDepth bounds call inlining.
	MaxDepth int
	// Mode is the rounding mode at entry.
	Mode arith.RoundingMode
	// Argc is main's argc when main takes arguments; ArgcUnknown makes it
	// any int (KLEE's --sym-args).
	Argc        int
	ArgcUnknown bool
	// Deadline, when set, is an outer cap (floatsym run's --max-time):
	// past it the analysis gives up, unproved. The budget is MaxSteps.
	Deadline time.Time
	// Observe makes calls of absint_observe_f/d/l(value, line) record the
	// abstract value of their argument (Result.Observed): the soundness
	// test's hook (testdata/observe.h). Off, they are unsupported calls.
	Observe bool
	// Partitioning (partition.go): MaxParts bounds the parts of one state
	// (0: no partitioning), PartSteps the steps of partitioned transfers
	// (past it every state is joined into one); Partition says when.
	MaxParts  int
	PartSteps int64
	Partition PartMode
	partition bool // this run partitions (set by Analyze)
	// CheckFP and CheckFPConv make --check-fp's exception sites proof
	// obligations (fpsites.go).
	CheckFP     arith.Flags
	CheckFPConv bool
	// SubdivSteps bounds the instructions the subdivision replays
	// (subdiv.go) after the fixpoint; 0 turns it off.
	SubdivSteps int64
	// MaxHeap is the executor's heap limit (--max-memory; 0: none):
	// under one, malloc may return NULL (heap.go).
	MaxHeap uint64
}

// DefaultConfig is what floatsym run uses.
func DefaultConfig() Config {
	return Config{MaxSteps: 2_000_000, Delay: 8, Narrow: 2, MaxDepth: 24, Argc: 1, MaxParts: 32, PartSteps: 1_000_000, SubdivSteps: 600_000}
}

// Unsupported says why the analysis could not go on: the construct, with
// the function and file:line it is in.
type Unsupported struct {
	Func, Where, What string
}

func (u *Unsupported) Error() string {
	return fmt.Sprintf("not proved: %s in %s at %s", u.What, u.Func, u.Where)
}

// errBudget ends an analysis out of steps, errDeadline one past the
// run's deadline.
var (
	errBudget   = errors.New("not proved: the analysis step budget ran out")
	errDeadline = errors.New("not proved: the run's time limit was reached during the analysis")
)

// Site is one error site and whether the analysis could reach it.
type Site struct {
	Location string `json:"location"`
	Kind     string `json:"kind"`
	Status   string `json:"status"` // "unreachable" or "not proved"
	Reason   string `json:"reason,omitempty"`
}

// LoopInvariant is the abstract state at a loop head, printed.
type LoopInvariant struct {
	Location  string `json:"location"`
	Invariant string `json:"invariant"`
}

// Result is what an analysis established.
type Result struct {
	Proved bool            // every error site is unreachable
	Domain string          // the domain that proved it
	Sites  []Site          // sorted by location
	Loops  []LoopInvariant // sorted by location
	Steps  int64
	// Observed is, with Config.Observe, the join of the abstract values
	// at each observe call, by source line.
	Observed map[int]FVal
	// Parts is the most parts one state had (partitioning), 0 or 1: none.
	Parts int
	// SubObserved is, with Config.Observe, the join over the sub-boxes
	// of a completed subdivision of the values at each observe call.
	SubObserved map[int]FVal
}

// Analyzer runs one analysis over a module.
type Analyzer struct {
	m     *ir.Module
	cfg   Config
	objs  []object
	gobj  []int32
	aobj  map[*ir.Inst]int32
	hobj  map[heapKey]int32 // heap objects by site and context (heap.go)
	calls []*ir.Inst        // the inlined call sites being analysed
	// frames are the callers' registers at those calls; older maps a
	// heap site's recent object to the summary of its older ones.
	frames [][]Val
	older  map[int32]int32
	th     *thresholds
	steps  int64
	// record is set during the final pass of the outermost fixpoint:
	// error sites and loop invariants are collected then only.
	record bool
	sites  map[[2]string]*Site
	loops  map[string]map[string]bool
	stack  []*ir.Function
	fcache map[*ir.Function]*cfgInfo
	seen   map[*ir.Function]bool
	obs    map[int]FVal
	// filters counts the loop heads given a proved filter invariant.
	filters int
	// eqRefined counts the refinements made through cell equations.
	eqRefined int
	// bounds are the proved bounds of the float registers of the
	// function being analysed (filter forms over their ellipsoids).
	bounds map[int32]FVal
	// part is the partitioning of a partitioned run (nil: none).
	part *partCtx
	// The subdivision (subdiv.go): main's loop heads from the final
	// pass, the steps replayed, the loops it proved sites of, and the
	// observed values of its replays.
	heads      []headState
	subSteps   int64
	subdivided int
	subTaylor  int // subdivisions whose proof used Taylor models
	subObs     map[int]FVal
}

// Analyze runs the analysis of m from main. An internal failure (a bug of
// the analysis) is returned as an error, never a proof.
func Analyze(m *ir.Module, cfg Config) (res *Result, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, fmt.Errorf("not proved: internal error of the analysis: %v", r)
		}
	}()
	return analyzeParts(m, cfg) // partrun.go: plain, then partitioned
}

func analyze(m *ir.Module, cfg Config) (*Result, error) {
	a := &Analyzer{m: m, cfg: cfg, aobj: map[*ir.Inst]int32{}, hobj: map[heapKey]int32{}, older: map[int32]int32{}, sites: map[[2]string]*Site{}, obs: map[int]FVal{},
		loops: map[string]map[string]bool{}, fcache: map[*ir.Function]*cfgInfo{}, seen: map[*ir.Function]bool{}}
	main := m.FuncByName["main"]
	if main == nil || main.IsDeclaration() {
		return nil, fmt.Errorf("not proved: no main function")
	}
	for _, g := range m.Globals {
		a.gobj = append(a.gobj, int32(len(a.objs)))
		a.objs = append(a.objs, object{name: "@" + g.Name, size: g.Size, global: g, where: m.Where(g.Loc)})
	}
	a.th = a.collectThresholds()
	if cfg.partition && cfg.MaxParts > 0 {
		a.part = newPartCtx(cfg)
	}
	args := make([]Val, len(main.Params))
	for i, t := range main.Params {
		switch {
		case i == 0 && t.Kind == ir.IntType && !cfg.ArgcUnknown:
			args[i] = intVal(IRange(t.Bits, int64(cfg.Argc), int64(cfg.Argc)))
		default:
			v, err := topOf(t)
			if err != nil {
				return nil, a.unsupported(main, main.Loc, "main's parameter of %v", err)
			}
			args[i] = v
		}
	}
	entry := &state{mem: memory{}, modes: ModeOf(cfg.Mode)}
	a.record = true
	if _, _, err := a.analyseFunc(main, args, entry); err != nil {
		return nil, err
	}
	a.staticSites(main)
	a.subdivide(main)
	res := &Result{Steps: a.steps + a.subSteps, Domain: "intervals", Proved: true, Observed: a.obs, SubObserved: a.subObs}
	if a.eqRefined > 0 {
		res.Domain += "+cell-equations"
	}
	if a.filters > 0 {
		res.Domain += "+filter-ellipsoid"
	}
	res.Domain += a.gridDomain() // fpsites_uf.go
	if a.part != nil && a.part.peak > 1 {
		res.Domain += "+partitions"
		res.Parts = a.part.peak
	}
	if a.subdivided > 0 {
		if a.subTaylor > 0 {
			res.Domain += "+subdivision(affine+taylor)"
		} else {
			res.Domain += "+subdivision(affine)"
		}
	}
	for _, s := range a.sites {
		res.Sites = append(res.Sites, *s)
		if s.Status != "unreachable" {
			res.Proved = false
		}
	}
	sort.Slice(res.Sites, func(i, j int) bool {
		if res.Sites[i].Location != res.Sites[j].Location {
			return res.Sites[i].Location < res.Sites[j].Location
		}
		return res.Sites[i].Kind < res.Sites[j].Kind
	})
	for loc, invs := range a.loops {
		var l []string
		for s := range invs {
			l = append(l, s)
		}
		sort.Strings(l)
		res.Loops = append(res.Loops, LoopInvariant{Location: loc, Invariant: strings.Join(l, " | ")})
	}
	sort.Slice(res.Loops, func(i, j int) bool { return res.Loops[i].Location < res.Loops[j].Location })
	return res, nil
}

func (a *Analyzer) unsupported(f *ir.Function, l ir.Loc, format string, args ...any) error {
	return &Unsupported{Func: f.Name, Where: a.m.Where(l), What: fmt.Sprintf(format, args...)}
}

// site records that the error site (kind at l) may be reached when
// reached is set, and that it exists otherwise.
func (a *Analyzer) site(l ir.Loc, kind string, reached bool, reason string) {
	if !a.record {
		return
	}
	key := [2]string{a.m.Where(l), kind}
	s := a.sites[key]
	if s == nil {
		s = &Site{Location: key[0], Kind: kind, Status: "unreachable"}
		a.sites[key] = s
	}
	if reached && s.Status == "unreachable" {
		s.Status, s.Reason = "not proved", reason
	}
}

// collectThresholds gathers the widening thresholds.
func (a *Analyzer) collectThresholds() *thresholds {
	th := &thresholds{floats: map[arith.Kind][]arith.Word{}}
	var fs []float64
	ints := map[int64]bool{0: true, 1: true, -1: true}
	for _, c := range a.m.Consts {
		if c.T == nil || c.Base.Kind != ir.RefNone {
			continue
		}
		switch c.T.Kind {
		case ir.FloatType:
			var x float64
			switch c.T.FK {
			case arith.F32:
				x = float64(math.Float32frombits(uint32(c.W.Lo)))
			case arith.F64:
				x = math.Float64frombits(c.W.Lo)
			default:
				x = arith.F80ToFloat64(c.W)
			}
			if !math.IsNaN(x) && !math.IsInf(x, 0) {
				fs = append(fs, x, -x)
			}
		case ir.IntType:
			if c.T.Bits <= 64 {
				x := arith.Int64(c.W, c.T.Bits)
				for _, d := range []int64{-1, 0, 1} {
					ints[x+d], ints[-x+d] = true, true
				}
			}
		}
	}
	for e := -30; e <= 38; e++ {
		fs = append(fs, math.Pow(10, float64(e)), -math.Pow(10, float64(e)))
	}
	for e := -60; e <= 127; e += 1 {
		fs = append(fs, math.Ldexp(1, e), -math.Ldexp(1, e))
	}
	for e := 0; e < 63; e++ {
		ints[1<<e], ints[-(1<<e)], ints[1<<e-1] = true, true, true
	}
	for x := range ints {
		th.ints = append(th.ints, x)
	}
	sort.Slice(th.ints, func(i, j int) bool { return th.ints[i] < th.ints[j] })
	for _, k := range []arith.Kind{arith.F32, arith.F64, arith.F80} {
		var ws []arith.Word
		for _, x := range fs {
			w := arith.FromFloat64(x)
			switch k {
			case arith.F32:
				w = arith.FPTrunc(arith.F64, arith.F32, arith.NearestEven, w)
			case arith.F80:
				w = arith.FPExt(arith.F64, arith.F80, w)
			}
			if !arith.IsInf(k, w) {
				ws = append(ws, w)
			}
		}
		sort.Slice(ws, func(i, j int) bool { return flt(k, ws[i], ws[j]) })
		th.floats[k] = ws
	}
	return th
}

// staticSites lists the error calls of every function main may call
// (directly) that the analysis never reached: unreachable, since the
// analysis over-approximates every execution.
func (a *Analyzer) staticSites(main *ir.Function) {
	seen := map[*ir.Function]bool{}
	work := []*ir.Function{main}
	for len(work) > 0 {
		f := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[f] || f.IsDeclaration() {
			continue
		}
		seen[f] = true
		for b := range f.Blocks {
			for i := range f.Blocks[b].Insts {
				in := &f.Blocks[b].Insts[i]
				if kind := a.errorCallKind(in); kind != "" {
					a.site(in.Loc, kind, false, "")
				}
				if in.Op == ir.OpCall && in.Callee >= 0 {
					work = append(work, a.m.Funcs[in.Callee])
				}
			}
		}
	}
}
