// Package executor runs lowered LLVM IR: concretely, bit-exact with the
// native program, with one state per path. It owns the built-in models of
// the C library, libm, fenv and the KLEE API, error detection, and the
// record of how each path terminated.
package executor

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"github.com/floatsym/floatsym/arith"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/ktest"
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
	// MaxTime bounds the exploration (0: no limit).
	MaxTime time.Duration
	// MaxMemory bounds floatsym's memory in bytes: past it states are
	// terminated early, never the process (0: no limit).
	MaxMemory uint64
	// Search names the searcher (dfs, bfs, random-state, random-path) and
	// Seed seeds the random ones.
	Search string
	Seed   int64
	// SolverTimeout bounds each solver query (0: the time left).
	SolverTimeout time.Duration
	// Output receives tests as paths finish (nil: tests are only returned).
	Output *OutputDir
	// Progress receives a status line now and then (nil: none).
	Progress io.Writer
	// RuntimeDir holds floatsym's own C library sources: an error inside
	// them is reported at the program's call into the library.
	RuntimeDir string
	Log        *logrus.Entry
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
}

// Stats are counters kept by the executor itself.
type Stats struct {
	Queries uint64
}

// Executor runs one module.
type Executor struct {
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
	symbolics       int
	instructions    uint64
	complete        bool
	start           time.Time
	lastProgress    time.Time
	framePool       []*StackFrame
	deadline        time.Time
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
	e.solver = solver.New(solver.Config{Timeout: cfg.SolverTimeout, Builder: e.B, Log: cfg.Log})
	search, err := NewSearcher(cfg.Search, cfg.Seed)
	if err != nil {
		return nil, err
	}
	e.search = search
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
		}
	}
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
	w := c.W
	if c.Base.Kind != ir.RefNone {
		w = arith.Add(arith.Word{Lo: e.refAddr(c.Base)}, w, 64)
	}
	return Value{W: w}
}

// Run explores the program from its entry function until every path has
// ended or a limit is reached.
func (e *Executor) Run(ctx context.Context) (*Result, error) {
	e.start = time.Now()
	entry, ok := e.m.FuncByName[e.cfg.Entry]
	if !ok || entry.IsDeclaration() {
		return nil, fmt.Errorf("entry function %s is not defined", e.cfg.Entry)
	}
	var deadline time.Time
	if e.cfg.MaxTime > 0 {
		deadline = e.start.Add(e.cfg.MaxTime)
	}
	e.deadline = deadline
	s := e.init
	e.nextState++
	s.ID = e.nextState
	args, err := e.mainArgs(s, entry)
	if err != nil {
		return nil, err
	}
	e.pushFrame(s, entry, nil, args)
	e.res = &Result{}
	e.complete = true
	e.addState(s)
	for e.search.Len() > 0 {
		if why := e.haltReason(ctx, deadline); why != "" {
			e.haltAll(why)
			break
		}
		if !deadline.IsZero() && e.cfg.SolverTimeout == 0 {
			// Dynamic timeout: a query may use the exploration time left.
			e.solver.SetTimeout(max(time.Until(deadline), time.Millisecond))
		}
		e.runState(ctx, e.search.Select())
		e.progress(false)
	}
	e.progress(true)
	e.res.Wall = time.Since(e.start)
	e.res.Instructions = e.instructions
	e.res.SymbolicObjects = e.symbolics
	e.res.Solver = e.solver.Stats()
	e.res.Complete = e.complete
	return e.res, nil
}

func (e *Executor) haltReason(ctx context.Context, deadline time.Time) string {
	switch {
	case ctx.Err() != nil:
		return "interrupted"
	case !deadline.IsZero() && time.Now().After(deadline):
		return "time limit reached"
	case e.cfg.MaxInstructions > 0 && e.instructions >= e.cfg.MaxInstructions:
		return "instruction limit reached"
	}
	return ""
}

// haltAll ends every remaining state early; they still get tests, as with
// KLEE's --dump-states-on-halt. Test generation has its own budget, a
// tenth of the exploration time (at least 5s), shared out among the states
// still to finish (the KLEE-float study's dynamic timeout).
func (e *Executor) haltAll(why string) {
	budget := max(e.cfg.MaxTime/10, 5*time.Second)
	end := time.Now().Add(budget)
	for e.search.Len() > 0 {
		if e.cfg.SolverTimeout == 0 {
			e.solver.SetTimeout(max(time.Until(end)/time.Duration(e.search.Len()), 50*time.Millisecond))
		}
		s := e.search.Select()
		var in *ir.Inst
		if len(s.Stack) > 0 {
			fr := s.top()
			in = &fr.Fn.Blocks[fr.Block].Insts[fr.PC]
		}
		e.finish(s, e.terminate(s, in, TermLimit, "%s", why))
	}
}

// checkEvery is how many instructions run between checks of the limits:
// often enough to stop promptly, rare enough to cost nothing.
const checkEvery = 1 << 14

// quantum is how long a state runs before the searcher picks again (DFS
// keeps going until the state forks or ends).
const quantum = 1 << 16

// runState runs a state until it ends, forks, or uses its quantum.
func (e *Executor) runState(ctx context.Context, s *State) {
	budget := checkEvery
	dfs := false
	if l, ok := e.search.(*listSearcher); ok && e.cfg.Search == "" || e.cfg.Search == "dfs" {
		dfs = l != nil
	}
	for n := 0; ; n++ {
		fr := s.Stack[len(s.Stack)-1]
		in := &fr.Fn.Blocks[fr.Block].Insts[fr.PC]
		fr.PC++
		s.Insts++
		e.instructions++
		if t := e.step(s, fr, in); t != nil {
			e.finish(s, t)
			return
		}
		if s.forked {
			s.forked = false
			return
		}
		if budget--; budget == 0 {
			budget = checkEvery
			if ctx.Err() != nil || (e.cfg.MaxInstructions > 0 && e.instructions >= e.cfg.MaxInstructions) ||
				(e.cfg.MaxTime > 0 && time.Since(e.start) > e.cfg.MaxTime) {
				return
			}
			if e.cfg.MaxMemory > 0 && e.overMemory() {
				e.shedStates(s)
			}
			e.progress(false)
			if !dfs && n >= quantum {
				return
			}
		}
	}
}

// addState registers a new state with the searcher.
func (e *Executor) addState(s *State) { e.search.Add(s) }

// finish ends a path: it leaves the searcher, gets a test (a model of its
// symbolic inputs) unless it ended silently, and is recorded.
func (e *Executor) finish(s *State, t *Termination) {
	e.search.Remove(s)
	for len(s.Stack) > 0 {
		e.popFrame(s)
	}
	if t.Kind == TermLimit || t.Kind == TermSolver || t.Kind == TermExec || t.Kind == TermModel {
		e.complete = false
	}
	pr := PathResult{ID: s.ID, Term: *t, Instructions: s.Insts}
	if t.Kind != TermSilent {
		objs, err := e.makeTest(s)
		if err != nil {
			// No valid inputs for this path: never write a wrong test.
			kind := TermSolver
			if t.Kind == TermLimit || (!e.deadline.IsZero() && time.Now().After(e.deadline)) {
				kind = TermLimit
			}
			pr.Term = Termination{Kind: kind, Message: fmt.Sprintf("no test: %v (path ended with: %s)", err, t), File: t.File, Line: t.Line, Stack: t.Stack}
			e.complete = false
		}
		pr.Objects = objs
		if e.cfg.Output != nil && err == nil {
			kt := &ktest.Test{Args: e.cfg.Args, Objects: objs}
			name, werr := e.cfg.Output.WriteTest(kt, &pr.Term, 0)
			if werr != nil {
				e.log.WithError(werr).Error("writing test")
			}
			pr.Test = name
		}
	}
	if pr.Term.Kind.IsError() {
		e.log.WithFields(logrus.Fields{"kind": pr.Term.Kind.String(), "file": pr.Term.File, "line": pr.Term.Line, "test": pr.Test}).
			Warn(pr.Term.Message)
	}
	e.res.Paths = append(e.res.Paths, pr)
}

// makeTest solves the path condition for concrete inputs.
func (e *Executor) makeTest(s *State) ([]ktest.Object, error) {
	objs := make([]ktest.Object, len(s.Symbolics))
	if len(s.Symbolics) == 0 {
		return objs, nil
	}
	e.stats.Queries++
	m, err := e.solver.GetModel(s.Constraints, s.arrays())
	if err != nil {
		return nil, err
	}
	for i, so := range s.Symbolics {
		b := make([]byte, so.Array.Size)
		for j := range b {
			b[j] = m.Byte(so.Array, uint64(j))
		}
		objs[i] = ktest.Object{Name: so.Name, Bytes: b}
	}
	return objs, nil
}

// arrays lists the path's symbolic inputs.
func (s *State) arrays() []*expr.Array {
	as := make([]*expr.Array, len(s.Symbolics))
	for i, so := range s.Symbolics {
		as[i] = so.Array
	}
	return as
}

func (e *Executor) overMemory() bool {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc > e.cfg.MaxMemory
}

// shedStates ends half of the waiting states (not the running one) when
// floatsym is over its memory limit, as KLEE does.
func (e *Executor) shedStates(cur *State) {
	n := e.search.Len() / 2
	for i := 0; i < n; i++ {
		s := e.search.Select()
		if s == cur {
			continue
		}
		fr := s.top()
		e.finish(s, e.terminate(s, &fr.Fn.Blocks[fr.Block].Insts[fr.PC], TermLimit, "memory limit reached"))
	}
	e.warnOnce("memory", "memory limit of %d MiB reached: terminating states early", e.cfg.MaxMemory>>20)
	runtime.GC()
}

// progress writes a status line every few seconds (and a last one).
func (e *Executor) progress(final bool) {
	if e.cfg.Progress == nil {
		return
	}
	now := time.Now()
	if !final && now.Sub(e.lastProgress) < 2*time.Second {
		return
	}
	if !final && e.lastProgress.IsZero() {
		// Short runs print nothing until they have run for a while.
		if now.Sub(e.start) < 2*time.Second {
			return
		}
	}
	if final && e.lastProgress.IsZero() {
		return
	}
	e.lastProgress = now
	st := e.solver.Stats()
	fmt.Fprintf(e.cfg.Progress, "floatsym: %s: paths %d done, %d active; tests %d; instructions %d; queries %d (solver %s)\n",
		now.Sub(e.start).Round(100*time.Millisecond), len(e.res.Paths), e.search.Len(), e.testsWritten(),
		e.instructions, st.Queries, st.Time.Round(10*time.Millisecond))
}

func (e *Executor) testsWritten() int {
	if e.cfg.Output == nil {
		return 0
	}
	return e.cfg.Output.Tests()
}

// mainArgs builds argc/argv/envp in the state's memory.
func (e *Executor) mainArgs(s *State, entry *ir.Function) ([]Value, error) {
	argv := e.cfg.Args
	if len(argv) == 0 {
		argv = []string{"prog"}
	}
	ptrs, err := s.Mem.Alloc(memory.Special, uint64(8*(len(argv)+1)), "argv")
	if err != nil {
		return nil, err
	}
	for i, a := range argv {
		o, err := s.Mem.Alloc(memory.Special, uint64(len(a)+1), fmt.Sprintf("argv[%d]", i))
		if err != nil {
			return nil, err
		}
		b, _ := s.Mem.Write(o.Address(), o.Size)
		copy(b, a)
		s.Mem.Store(ptrs.Address()+uint64(8*i), 8, arith.Word{Lo: o.Address()})
	}
	envp, err := s.Mem.Alloc(memory.Special, 8, "envp")
	if err != nil {
		return nil, err
	}
	vals := []Value{{W: arith.Word{Lo: uint64(len(argv))}}, {W: arith.Word{Lo: ptrs.Address()}}, {W: arith.Word{Lo: envp.Address()}}}
	if len(entry.Params) > 3 {
		return nil, fmt.Errorf("entry function %s takes %d parameters; at most 3 (argc, argv, envp) are supported", entry.Name, len(entry.Params))
	}
	return vals[:len(entry.Params)], nil
}

// where describes an instruction's position as file and line.
func (e *Executor) where(in *ir.Inst) (string, int) {
	return e.m.FileOf(in.Loc), int(in.Loc.Line)
}

// terminate builds a termination at the current instruction with a stack.
func (e *Executor) terminate(s *State, in *ir.Inst, kind TermKind, format string, args ...interface{}) *Termination {
	t := &Termination{Kind: kind, Message: fmt.Sprintf(format, args...)}
	if kind == TermSolver && !e.deadline.IsZero() && time.Now().After(e.deadline) {
		// A query cut off by the run's time limit is the limit, not a
		// solver failure.
		t.Kind = TermLimit
		t.Message = "time limit reached during a solver query"
	}
	if in != nil {
		t.File, t.Line = e.where(in)
	}
	t.Stack = e.stack(s, in)
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
		f := Frame{Func: fr.Fn.Name}
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
