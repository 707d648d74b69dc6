// Package executor runs lowered LLVM IR: concretely, bit-exact with the
// native program, with one state per path. It owns the built-in models of
// the C library, libm, fenv and the KLEE API, error detection, and the
// record of how each path terminated.
//
// It may import ir, memory, solver, solver/expr and internal/arith,
// internal/hostc, internal/ktest (and scalarize, when it arrives); never
// internal/replay, internal/bench or cmd (internal/layering enforces this).
package executor

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/ktest"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/memory"
	"github.com/floatsym/floatsym/solver"
	"github.com/floatsym/floatsym/solver/expr"
	"github.com/sirupsen/logrus"
)

// Config holds the options of a run; the CLI fills it from flags.
type Config struct {
	Stdout, Stderr io.Writer
	// Args is the program's argv (Args[0] is the program name).
	Args []string
	// Entry is the function to run (default "main").
	Entry string
	// MaxInstructions stops the run after this many instructions in all
	// (0: no limit).
	MaxInstructions uint64
	// MaxTime bounds the whole run, counted from Started: exploration
	// until then, then the tests of the paths alive, all ended by
	// MaxTime + RunSlack (0: no limit).
	MaxTime time.Duration
	// Started is when the run began (the CLI's start, before compiling;
	// zero: when Run is called).
	Started time.Time
	// MaxMemory bounds floatsym's memory in bytes: past it states are
	// terminated early, never the process (0: no limit).
	MaxMemory uint64
	// Search names the searcher (dfs, bfs, random-state, random-path) and
	// Seed seeds the random ones.
	Search string
	Seed   int64
	// SolverTimeout bounds each solver query (0: the time left).
	SolverTimeout time.Duration
	// NoPresolver leaves the native FP solver stage out (--presolver=off).
	NoPresolver bool
	// Merge merges states at the joins of loop-free branches (--merge,
	// merge.go); MergeCheap (--merge=auto) lets query count estimation
	// decide (merge_qce.go).
	Merge, MergeCheap bool
	// MaxTestTime bounds test generation for the paths still alive when
	// the exploration halts (0: a tenth of MaxTime, at least a second).
	MaxTestTime time.Duration
	// SolverBackend is one of solver.Backends ("": the portfolio);
	// SMT2Dir, if set, receives every SMT query as
	// an SMT-LIB2 file.
	SolverBackend string
	SMT2Dir       string
	// Crosscheck re-asks the native solver stage's UNSATs and rewrites
	// of the SMT backends (--crosscheck).
	Crosscheck solver.CrosscheckConfig
	// Output receives tests as paths finish (nil: tests are only returned).
	Output *OutputDir
	// EmitAllErrors gives every path that ends in an error its test (and
	// .err file). Without it, as KLEE, only the first path reaching an
	// error of a kind at a location gets one; later ones are counted
	// (PathResult.Duplicate).
	EmitAllErrors bool
	// Progress receives a status line every ProgressEvery (nil or 0:
	// none); with ProgressLive the line is rewritten in place (a
	// terminal).
	Progress      io.Writer
	ProgressEvery time.Duration
	ProgressLive  bool
	// Stats receives a StatsSample every StatsEvery and every
	// StatsEveryInstructions instructions (0: not by that measure), and
	// one last at the end of the run (run.stats; statstrack.go).
	Stats                  StatsRecorder
	StatsEvery             time.Duration
	StatsEveryInstructions uint64
	// RuntimeDir holds floatsym's own C library sources: an error inside
	// them is reported at the program's call into the library.
	RuntimeDir string
	Log        *logrus.Entry
	// Env is the program's environment (NAME=VALUE): getenv and main's
	// envp read it.
	Env []string
	// Stdin is the program's standard input, read when a path first
	// reads it (nil: empty). --sym-stdin replaces it.
	Stdin io.Reader
	// CheckFP are the floating-point exceptions reported as fpexc errors
	// (--check-fp); CheckFPConv reports undefined float-to-integer
	// conversions as fpconv errors.
	CheckFP     arith.Flags
	CheckFPConv bool
	// Libm is what a transcendental libm call with a symbolic argument
	// does: LibmConcretize ("" too) or LibmUninterpreted
	// (libm_uninterp.go).
	Libm string
	// KLEE are KLEE's path-shaping options (kleeopts.go).
	KLEE KLEEOptions
	// Property is the SV-COMP property checked (property.go; "": none).
	Property string
	// CoverageExclude are directories whose files are not the program
	// under test (linked libraries; RuntimeDir is always excluded);
	// CoverageAll counts every file (--coverage-all). coverage.go.
	CoverageExclude []string
	CoverageAll     bool
	// Split stops the exploration when this many states are open and
	// returns their prefixes (Result.Prefixes); Prefix makes the run
	// follow one and explore below it (split.go).
	// SplitShallow explores shallowest-first until the split.
	Split        int
	SplitShallow bool
	Prefix       *Prefix
	// CanonicalTests re-derives each test's model from its path
	// condition alone (solver.CanonicalModel), so that the tests do not
	// depend on which solver stage answered first (canonical.go).
	CanonicalTests bool
}

// PathResult describes one finished path.
type PathResult struct {
	ID           int
	Term         Termination
	Instructions uint64
	// Test is the .ktest file written for the path ("" if none) and
	// Objects its contents.
	Test    string
	Objects []ktest.Object
	// Duplicate: an error already reported at the same location with the
	// same kind; the path got no test (see Config.EmitAllErrors).
	Duplicate bool
	// LibmUninterpreted: the path used an uninterpreted libm result
	// (--libm=uninterpreted), so its outcome holds in an over-approximation
	// of glibc and must be confirmed by native replay: an error is only a
	// candidate. Such errors never make later paths at the same location
	// duplicates.
	LibmUninterpreted bool
	// WithoutTest: the path was cut off (a limit, an interrupt) and got
	// no test: no model of it was known and the solver had no time left
	// (summary.json lists these as states_without_test).
	WithoutTest bool
	// TestFromKnown: the path was cut off and its test came from a model
	// already known (halt.go), without a solver call.
	TestFromKnown bool
}

// Result summarises a run.
type Result struct {
	Paths        []PathResult
	Instructions uint64
	Wall         time.Duration
	// SymbolicObjects counts klee_make_symbolic-style objects created.
	SymbolicObjects int
	Solver          solver.Stats
	// Complete is true when every path ran to its end: no limit, solver
	// failure or halt cut any off.
	Complete bool
	// EndedBy is why the run ended: EndedCompleted, or the limit or
	// interrupt that stopped it (EndedTimeLimit, ...).
	EndedBy string
	// Incomplete counts the reasons the run is not complete.
	Incomplete Incompleteness
	// Merge counts state merges (nil without --merge).
	Merge *MergeStats
	// Coverage is the program under test's coverage (coverage.go).
	Coverage *CoverageReport
	// Prefixes are the open states' prefixes of a split run (nil when
	// the exploration ended before Config.Split states were open);
	// Replay counts what a part run followed (split.go).
	Prefixes []Prefix
	Replay   ReplayStats
}

// Stats are counters kept by the executor itself.
type Stats struct {
	Queries uint64
	// Deferred counts the states parked at a branch (search_defer.go).
	Deferred uint64
}

// Executor runs one module.
type Executor struct {
	// tests is the measured cost of writing a test (halt_reserve.go).
	tests  testCost
	m      *ir.Module
	cfg    Config
	log    *logrus.Entry
	B      *expr.Builder
	solver *solver.Solver
	search Searcher
	consts []Value
	// builtins is indexed by function index: the model of a declared
	// function or intrinsic, bound once at load time.
	builtins []*Builtin
	// frameSerial numbers activations (StackFrame.Serial).
	frameSerial uint64
	// globalAddr / funcAddr give the addresses of globals and functions;
	// they are the same in every state.
	globalAddr []uint64
	funcAddr   []uint64
	// funcOfObject maps a function object's ID to its index.
	funcOfObject map[memory.ObjectID]int
	init         *State
	nextState    int
	stdout       io.Writer
	stderr       io.Writer
	warned       map[string]bool
	// externalGlobals are the addresses that modelled external globals
	// (stdout, ...) point to; streams lists stdin, stdout, stderr.
	externalGlobals map[string]uint64
	streams         []uint64
	stats           Stats
	res             *Result
	// emitted are the errors that got a test (see Config.EmitAllErrors).
	emitted      map[errorKey]bool
	symbolics    int
	instructions uint64
	complete     bool
	start        time.Time
	lastProgress time.Time
	printer      *progressPrinter
	stracker     statsTracker // statstrack.go
	// endedBy is why the exploration stopped early ("" while it runs to
	// its end); incomplete counts what made the run incomplete.
	endedBy    string
	incomplete Incompleteness
	shed       int
	// forks counts two-sided branches (--max-forks); cov is the covered
	// instruction set; haltRequest stops the run (--exit-on-error).
	forks uint64
	cov   *coverage
	// coverFrom: a part's path counts coverage only after this many
	// instructions, its prefix's (split.go: startStates).
	coverFrom   uint64
	canonical   canonicalStats // canonical.go
	md2         *md2uTable     // search_nurs.go
	haltRequest string
	// unordered is the --fp-unordered-first searcher (nil: off).
	unordered *unorderedFirst // search_unordered.go
	// deferHard is the --defer-hard-queries searcher (nil: off).
	deferHard *deferHard // search_defer.go
	// silentAborts counts aborts that ended paths silently (Property).
	silentAborts int
	framePool    []*StackFrame
	// argBuf and moveBuf are reused by model calls and parallel phi moves.
	argBuf, moveBuf []Value
	deadline        time.Time
	lim             limitState // halt.go
	// posix holds the --sym- options of the program's arguments.
	posix *posixOptions
	// hostFiles caches host files read by the program; stdinBytes is the
	// run's stdin once read.
	hostFiles  map[string][]byte
	stdinRead  bool
	stdinBytes []byte
	// Merging (merge.go): joins per function, groups with parked states.
	mergeJoins  map[*ir.Function]*funcJoins
	qce         map[*ir.Function]*qceFunc
	mergeParked map[*mergeGroup]bool
	mergeHalted bool
	mstats      MergeStats
	pfx         prefixState // prefix.go
	// fpTrack selects the FP instructions' flag-tracking path: set at load
	// time when the module reads the IEEE flags or exceptions are checked.
	fpTrack bool
	// asm locates instructions in assembly.ll for .err files.
	asm *asmIndex
	// libmFresh numbers the uninterpreted libm results.
	libmFresh int
}

// New prepares a module for execution: places globals and functions in
// memory, resolves constants and binds declared functions to built-in
// models. Unmodelled external globals are an error here; unmodelled
// external functions only when called.
func New(m *ir.Module, cfg Config) (*Executor, error) {
	if cfg.Entry == "" {
		cfg.Entry = "main"
	}
	if cfg.Stdout == nil {
		cfg.Stdout = io.Discard
	}
	if cfg.Stderr == nil {
		cfg.Stderr = io.Discard
	}
	if cfg.Log == nil {
		cfg.Log = logrus.NewEntry(logrus.StandardLogger())
	}
	e := &Executor{m: m, cfg: cfg, log: cfg.Log, stdout: cfg.Stdout, stderr: cfg.Stderr,
		funcOfObject: map[memory.ObjectID]int{}, warned: map[string]bool{}, B: expr.NewBuilder()}
	e.solver = solver.New(solver.Config{Timeout: cfg.SolverTimeout, NoNative: cfg.NoPresolver, Builder: e.B, Log: cfg.Log,
		MemoryMB: int(cfg.MaxMemory >> 20), Backend: cfg.SolverBackend, SMT2Dir: cfg.SMT2Dir,
		Crosscheck: cfg.Crosscheck})
	if err := CheckLibm(cfg.Libm); err != nil {
		return nil, err
	}
	search, err := newSearcher(cfg.Search, cfg.Seed, e)
	if err != nil {
		return nil, err
	}
	e.search = trackLive(withErrorsFirst(withUnorderedFirst(withDeferHard(withBatching(search, e, &cfg.KLEE), e, &cfg.KLEE, cfg.Search), e, &cfg.KLEE, cfg.Search), m, &cfg.KLEE)) // search_errsite.go, search_unordered.go; the memory limit weighs every state (memlimit.go)
	e.cov = newCoverage(m, &e.cfg)
	s := &State{Mem: memory.NewSpace(), RM: arith.NearestEven}
	s.Mem.B = e.B
	e.init = s
	e.funcAddr = make([]uint64, len(m.Funcs))
	for i, f := range m.Funcs {
		o, err := s.Mem.Alloc(memory.Function, 1, f.Name)
		if err != nil {
			return nil, err
		}
		o.Func = i
		e.funcAddr[i] = o.Address()
		e.funcOfObject[o.ID] = i
	}
	e.globalAddr = make([]uint64, len(m.Globals))
	var objs []*memory.Object
	for i, g := range m.Globals {
		o, err := s.Mem.Alloc(memory.Global, g.Size, g.Name)
		if err != nil {
			return nil, fmt.Errorf("global @%s: %w", g.Name, err)
		}
		objs = append(objs, o)
		e.globalAddr[i] = o.Address()
	}
	if err := e.setupRuntime(s); err != nil {
		return nil, err
	}
	for i, g := range m.Globals {
		if g.External && plainExternals[g.Name] {
			continue
		}
		if g.External {
			if e.externalGlobals[g.Name] == 0 {
				return nil, fmt.Errorf("undefined external global @%s: floatsym has no model for it", g.Name)
			}
			b, _ := s.Mem.Write(e.globalAddr[i], 8)
			ir.PutWord(b, arith.Word{Lo: e.externalGlobals[g.Name]})
			continue
		}
		if g.Init != nil {
			b, f := s.Mem.Write(e.globalAddr[i], g.Size)
			if f != nil {
				return nil, f
			}
			copy(b, g.Init)
		}
		for _, r := range g.Relocs {
			b, f := s.Mem.Write(e.globalAddr[i]+r.Off, 8)
			if f != nil {
				return nil, f
			}
			ir.PutWord(b, arith.Word{Lo: e.refAddr(r.Base) + uint64(r.Addend)})
		}
		objs[i].ReadOnly = g.ReadOnly
	}
	e.consts = make([]Value, len(m.Consts))
	for i := range m.Consts {
		e.consts[i] = e.constValue(&m.Consts[i])
	}
	e.builtins = make([]*Builtin, len(m.Funcs))
	for i, f := range m.Funcs {
		if f.IsDeclaration() {
			e.builtins[i] = lookupBuiltin(f.Name)
			e.fpTrack = e.fpTrack || fenvFlagFunctions[f.Name]
		}
	}
	e.fpTrack = e.fpTrack || cfg.CheckFP != 0 || cfg.CheckFPConv
	return e, nil
}

func (e *Executor) refAddr(r ir.Ref) uint64 {
	switch r.Kind {
	case ir.RefGlobal:
		return e.globalAddr[r.Index]
	case ir.RefFunc:
		return e.funcAddr[r.Index]
	}
	return 0
}

func (e *Executor) constValue(c *ir.Const) Value {
	if c.Agg != nil {
		leaves := make([]Value, len(c.Agg))
		for i := range c.Agg {
			leaves[i] = e.constValue(&c.Agg[i])
		}
		return Value{Agg: &Aggregate{Leaves: leaves}}
	}
	return Value{W: e.m.EvalConst(c, e.refAddr)}
}

// where describes an instruction's position as file and line.
func (e *Executor) where(in *ir.Inst) (string, int) {
	return e.m.FileOf(in.Loc), int(in.Loc.Line)
}

// terminate builds a termination at the current instruction with a stack.
func (e *Executor) terminate(s *State, in *ir.Inst, kind TermKind, format string, args ...interface{}) *Termination {
	t := &Termination{Kind: kind, Message: fmt.Sprintf(format, args...)}
	switch {
	case kind != TermSolver:
	case e.lim.interrupted.Load():
		// The query in flight at an interrupt was abandoned: not a
		// solver failure.
		t.Kind = TermInterrupted
		t.Message = "interrupted during a solver query"
	case !e.deadline.IsZero() && time.Now().After(e.deadline):
		// A query cut off by the run's time limit is the limit, not a
		// solver failure.
		t.Kind = TermLimit
		t.Message = "time limit reached during a solver query"
	}
	if in != nil {
		t.File, t.Line = e.where(in)
	}
	t.Stack = e.stack(s, in)
	if len(t.Stack) > 0 {
		t.AsmLine = t.Stack[0].AsmLine
	}
	// A fault inside floatsym's own C library is the caller's bug: report
	// the innermost frame in the program's code, as native replay does.
	if e.cfg.RuntimeDir != "" && strings.HasPrefix(t.File, e.cfg.RuntimeDir) {
		for _, f := range t.Stack {
			if f.File != "" && !strings.HasPrefix(f.File, e.cfg.RuntimeDir) {
				t.File, t.Line = f.File, f.Line
				break
			}
		}
	}
	return t
}

func (e *Executor) stack(s *State, in *ir.Inst) []Frame {
	var fs []Frame
	cur := in
	for i := len(s.Stack) - 1; i >= 0; i-- {
		fr := s.Stack[i]
		f := Frame{Func: fr.Fn.Name, fn: fr.Fn, argVals: frameArgs(fr), AsmLine: e.asmLine(fr.Fn.Name, cur)}
		if cur != nil {
			f.File, f.Line = e.where(cur)
		}
		fs = append(fs, f)
		cur = fr.Call
	}
	return fs
}

// warnOnce logs a warning once per run.
func (e *Executor) warnOnce(key, format string, args ...interface{}) {
	if e.warned[key] {
		return
	}
	e.warned[key] = true
	e.log.Warnf(format, args...)
}
