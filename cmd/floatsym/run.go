package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/atomicfile"
	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/internal/libcmode"
	"github.com/floatsym/floatsym/internal/version"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/scalarize"
	"github.com/floatsym/floatsym/solver"
	"github.com/sirupsen/logrus"
	"github.com/spf13/cobra"
)

type runFlags struct {
	outputDir       string
	cflags          string
	defines         []string
	std             string
	entry           string
	maxTime         time.Duration
	maxInstructions uint64
	maxMemoryMB     uint64
	noLibc          bool
	libc            string
	emitAllErrors   bool
	search          []string
	seed            int64
	solverTimeout   time.Duration
	emitScalarized  string
	env             []string
	cleanEnv        bool
	stdin           string
	libs            []string
	checkFP         string
	presolver       string
	merge           string
	maxTestTime     time.Duration
	solver          string
	writeSMT2       bool
	stats           bool
	libm            string
	cross           crosscheckFlags
	prove           string
	progress        progressFlag
	klee            kleeFlags
	rstats          runStatsFlags // runstats.go
	sp              splitFlags    // split.go
}

func runCommand() *cobra.Command {
	var f runFlags
	cmd := &cobra.Command{
		Use:   "run [flags] PROGRAM.c|PROGRAM.ll... [-- ARGS...]",
		Short: "Compile (if C) and execute a program, writing tests and a summary",
		Long: `run compiles C sources with clang-14 (or takes .ll/.bc files), links them with
floatsym's C library and executes them. Program output passes through; the
results go to an output directory (klee-out-N beside the first input, with a
klee-last link, unless --output-dir is given): one testNNNNNN.ktest per
finished path, a .err file per error, info, messages.txt (every log line),
warnings.txt (the warnings and errors among them), assembly.ll and
summary.json (schema: docs/summary.schema.json). The last line on stderr says
why the run ended (completed, time limit, memory limit, instruction limit,
interrupted) and whether it is complete.
floatsym exits 0 when the run finished, whatever the program did.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			inputs, progArgs := args, []string(nil)
			if n := cmd.ArgsLenAtDash(); n >= 0 {
				inputs, progArgs = args[:n], args[n:]
			}
			if len(inputs) == 0 {
				return fmt.Errorf("no input files")
			}
			resolveMerge(&f, cmd.Flags().Changed("merge")) // mergeflag.go
			return runProgram(cmd.Context(), f, inputs, progArgs, os.Args)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.outputDir, "output-dir", "", "output directory (default: klee-out-N beside the input)")
	fl.StringVar(&f.emitScalarized, "emit-scalarized", "", "write the scalarized LLVM IR (vector operations rewritten into scalar ones) to this file")
	fl.StringVar(&f.cflags, "cflags", strings.Join(cc.DefaultCFlags, " "), "clang-14 flags for C inputs")
	fl.StringArrayVarP(&f.defines, "define", "D", nil, "preprocessor definition NAME[=VALUE] (repeatable)")
	fl.StringVar(&f.std, "std", "", "C language standard, e.g. c99")
	fl.StringVar(&f.entry, "entry", "main", "function to execute")
	fl.Var(timeSpanFlag{&f.maxTime}, "max-time", "limit of the whole run, from the process start: it ends by this + 1s (KLEE time span: 60s, 1min, 1h30min, 5 = seconds; 0 = no limit)")
	fl.Uint64Var(&f.maxInstructions, "max-instructions", 0, "stop after this many instructions in all (0 = no limit)")
	fl.Uint64Var(&f.maxMemoryMB, "max-memory", 0, "memory limit in MiB: past it states are terminated early (0 = no limit)")
	fl.StringArrayVar(&f.search, "search", defaultSearch, "search strategy (repeat to interleave several, as KLEE; the default is KLEE's, random-path and nurs:covnew in turn): "+executor.SearchHelp())
	fl.Int64Var(&f.seed, "seed", 1, "seed of the random searchers")
	fl.Var(timeSpanFlag{&f.solverTimeout}, "solver-timeout", "timeout per solver query (0 = the time left)")
	fl.StringVar(&f.merge, "merge", mergeDefaultMode, "state merging at the joins of loop-free branches: auto (query count estimation: values later queries read merge only when inputs or rearranged inputs), on (any values) or off (the default: measured against auto in benchmarks/results/merge-ab.md); off under --split, --prefix and --parallel unless given")
	fl.StringVar(&f.presolver, "presolver", "on", "native floating-point solver stage before the SMT solver: on or off")
	fl.Var(timeSpanFlag{&f.maxTestTime}, "max-test-time", "time for writing the tests of the paths alive when the exploration halts (0 = a tenth of --max-time, at least 1s); under --max-time, half of it comes before the limit and none after it + 0.5s")
	fl.StringVar(&f.solver, "solver", solver.BackendPortfolio, "SMT backend: "+strings.Join(solver.Backends, ", ")+" (z3-inprocess: Z3 in floatsym's process, not isolated; for debugging)")
	fl.BoolVar(&f.writeSMT2, "write-smt2", false, "write every query reaching an SMT backend as queryNNNNNN.smt2 in the output directory")
	fl.BoolVar(&f.stats, "stats", false, "print the solver's statistics per stage at the end")
	fl.BoolVar(&f.noLibc, "no-libc", false, "do not link floatsym's C library")
	fl.BoolVar(&f.emitAllErrors, "emit-all-errors", false, "write a test (and .err) for every path that ends in an error, not one per error location and kind")
	fl.StringArrayVar(&f.libs, "lib", nil, "library to build as bitcode and link: gsl, gmp, or a source directory or tarball (repeatable)")
	fl.StringArrayVar(&f.env, "env", nil, "environment variable NAME=VALUE for the program (repeatable; added to the inherited environment)")
	fl.BoolVar(&f.cleanEnv, "clean-env", false, "do not inherit floatsym's environment: the program sees only --env variables")
	fl.StringVar(&f.stdin, "stdin", "", "file the program reads as stdin (default: floatsym's own stdin)")
	fl.StringVar(&f.checkFP, "check-fp", "none", "floating-point exceptions to report, comma-separated: "+
		strings.Join(executor.CheckFPNames, ", ")+", all or none")
	fl.StringVar(&f.libm, "libm", executor.LibmConcretize, "transcendental libm calls (sin, exp, pow, ...) with a symbolic argument: "+
		"concretize (fix the argument to one value; the run is then incomplete) or uninterpreted (a fresh result "+
		"constrained by facts true of glibc; each resulting report is confirmed by native replay)")
	addCrosscheckFlags(cmd, &f.cross)
	fl.StringVar(&f.prove, "prove", "auto", "prove error sites unreachable by abstract interpretation before exploring: "+
		"auto (when a loop draws symbolic input), on or off; a proved run ends there, complete")
	addConsoleFlags(fl, &f)
	addKLEEFlags(fl, &f)
	addRunStatsFlags(fl, &f.rstats)
	addSplitFlags(fl, &f.sp)
	return cmd
}

// logFileHook copies log entries into the output directory's
// messages.txt and, for warnings, warnings.txt.
type logFileHook struct{ messages, warnings *os.File }

func (h *logFileHook) Levels() []logrus.Level { return logrus.AllLevels }
func (h *logFileHook) Fire(e *logrus.Entry) error {
	line, err := e.String()
	if err != nil {
		return err
	}
	h.messages.WriteString(line)
	if e.Level <= logrus.WarnLevel {
		h.warnings.WriteString(line)
	}
	return nil
}

func runProgram(ctx context.Context, f runFlags, inputs, progArgs, cmdline []string) (err error) {
	if ctx == nil {
		ctx = context.Background()
	}
	start := processStart() // --max-time counts the whole process
	ctx, stop := onInterrupt(ctx, os.Stderr, os.Exit)
	defer stop()
	if err := applyKLEEFlags(&f); err != nil {
		return err
	}
	if f.sp.parallel != 0 {
		return runParallel(ctx, f, inputs, cmdline) // parallel.go
	}
	checkFP, checkConv, err := executor.ParseCheckFP(f.checkFP)
	if err != nil {
		return err
	}
	if err := solver.CheckBackend(f.solver); err != nil {
		return err
	}
	if err := executor.CheckLibm(f.libm); err != nil {
		return err
	}
	uninterp := f.libm == executor.LibmUninterpreted
	if uninterp {
		for _, in := range inputs {
			if ext := filepath.Ext(in); ext == ".ll" || ext == ".bc" {
				return fmt.Errorf("--libm=uninterpreted confirms reports by native replay, which needs C sources; %s is not one", in)
			}
		}
	}
	for _, in := range inputs {
		if _, err := os.Stat(in); err != nil {
			return fmt.Errorf("input: %w", err)
		}
	}
	guard := guardOutput(f.outputDir, inputs[0])
	out, err := executor.CreateOutputDir(f.outputDir, inputs[0])
	if err != nil {
		return err
	}
	guard.out = out
	defer func() {
		if err != nil {
			guard.undo()
		}
	}()
	logger := logrus.StandardLogger()
	msgs, err := os.Create(out.File("messages.txt"))
	if err != nil {
		return err
	}
	defer msgs.Close()
	warns, err := os.Create(out.File("warnings.txt"))
	if err != nil {
		return err
	}
	defer warns.Close()
	logger.AddHook(&logFileHook{messages: msgs, warnings: warns})
	log := logrus.NewEntry(logger)
	log.WithField("dir", out.Path).Info("output directory")

	tmp, err := os.MkdirTemp("", "floatsym-build-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	copts := cc.Options{Sources: inputs, CFlags: strings.Fields(f.cflags), Defines: f.defines, Std: f.std,
		OutDir: tmp, NoLibc: f.noLibc, Log: log}
	libsBegan := time.Now()
	libs, err := resolveLibs(ctx, f.libs, log)
	if err != nil {
		return err
	}
	for _, l := range libs {
		copts.IncludeDirs = append(copts.IncludeDirs, l.IncludeDirs...)
		copts.Libraries = append(copts.Libraries, l.Module)
	}
	if err := libcmode.Apply(ctx, f.libc, &copts, log); err != nil {
		return err
	}
	if err := fillLibcCache(ctx, &copts, f.sp.compiled, log); err != nil { // buildlimit.go
		return err
	}
	// Libraries and floatsym's C library are built (or waited for) outside
	// the limit: --max-time counts from the process's start moved later by
	// that time (buildlimit.go).
	limitStart := outsideLimit(start, libsBegan)
	buildCtx, stopBuild := buildContext(ctx, f.maxTime, limitStart)
	built, err := compileOrReuse(buildCtx, f.sp.compiled, copts) // compiled.go
	stopBuild()
	if cutByLimit(ctx, buildCtx, err) {
		return finishUnexplored(out, inputs, cmdline, start, "compiling")
	}
	if err != nil {
		return err
	}
	if err := copyFile(built.Module, out.File("assembly.ll")); err != nil {
		return err
	}
	var emit io.Writer
	var ef *atomicfile.File
	if f.emitScalarized != "" {
		if ef, err = atomicfile.Create(f.emitScalarized, 0o644); err != nil {
			return fmt.Errorf("--emit-scalarized: %w", err)
		}
		defer ef.Abort()
		emit = ef
	}
	m, cut, err := loadWithin(ctx, f.maxTime, limitStart, emit != nil, func() (*ir.Module, error) {
		return scalarize.LoadFiles(emit, out.File("assembly.ll"))
	}) // buildlimit.go
	if cut {
		return finishUnexplored(out, inputs, cmdline, start, "loading the program")
	}
	if err != nil {
		return err
	}
	if ef != nil {
		if err := ef.Commit(); err != nil {
			return fmt.Errorf("--emit-scalarized: %w", err)
		}
	}
	name := strings.TrimSuffix(filepath.Base(inputs[0]), filepath.Ext(inputs[0]))
	progress, progressEvery, progressLive := progressConfig(f.progress)
	env, err := programEnv(f.env, f.cleanEnv)
	if err != nil {
		return err
	}
	stdin, closeStdin, err := programStdin(f.stdin)
	if err != nil {
		return err
	}
	defer closeStdin()
	tuneGCFromEnv(f.maxMemoryMB << 20)
	cfg := executor.Config{
		Env: env, Stdin: stdin,
		Stdout: os.Stdout, Stderr: os.Stderr,
		Args:            append([]string{name}, progArgs...),
		Entry:           f.entry,
		MaxInstructions: f.maxInstructions,
		MaxTime:         f.maxTime,
		Started:         limitStart,
		MaxMemory:       f.maxMemoryMB << 20,
		Search:          searchSpec(f.search),
		Seed:            f.seed,
		SolverTimeout:   f.solverTimeout,
		MaxTestTime:     f.maxTestTime,
		SolverBackend:   f.solver,
		Output:          out,
		EmitAllErrors:   f.emitAllErrors,
		Progress:        progress,
		ProgressEvery:   progressEvery,
		ProgressLive:    progressLive,
		RuntimeDir:      built.RuntimeDir,
		Log:             log,
		CheckFP:         checkFP,
		CheckFPConv:     checkConv,
		Libm:            f.libm,
		KLEE:            f.klee.opts,
		Property:        f.klee.property,
		CoverageAll:     f.klee.coverageAll, CoverageExclude: libDirs(libs, f.libs), // coverflags.go
	}
	switch f.merge {
	case "auto":
		cfg.Merge, cfg.MergeCheap = true, true
	case "on":
		cfg.Merge = true
	case "off":
	default:
		return fmt.Errorf("--merge=%q: want auto, on or off", f.merge)
	}
	switch f.presolver {
	case "on":
	case "off":
		cfg.NoPresolver = true
	default:
		return fmt.Errorf("--presolver=%q: want on or off", f.presolver)
	}
	if f.writeSMT2 {
		cfg.SMT2Dir = out.Path
	}
	runCtx, crossCfg, stopRun, crossFirst := f.cross.setup(ctx, out.Path)
	defer stopRun()
	cfg.Crosscheck = crossCfg
	proof, err := runProver(f.prove, m, f, limitStart, progArgs, checkFP != 0 || checkConv, log)
	if err != nil {
		return err
	}
	if proof != nil && proof.Verdict == "proved" {
		return finishProved(proof, out, inputs, cmdline, start)
	}
	rstats, err := startRunStats(f.rstats, out, &cfg) // runstats.go
	if err != nil {
		return err
	}
	defer rstats.abort()
	spRun, err := configureSplit(&f, &cfg, out) // split.go
	if err != nil {
		return err
	}
	ex, err := executor.New(m, cfg)
	if err != nil {
		return err
	}
	guard.explored = true
	res, err := ex.Run(runCtx)
	if err != nil {
		return err
	}
	if err := rstats.commit(); err != nil {
		log.WithError(err).Warn("run.stats not written")
	}
	os.Stdout.Sync()
	var libmCounts *executor.LibmCandidates
	var libmStates map[int]libmPathState
	removed := 0
	if uninterp {
		if libmCounts, libmStates, removed, err = confirmLibm(ctx, f, inputs, out, res, log); err != nil {
			return err
		}
		if libmCounts.Dropped > 0 || libmCounts.ExitsMismatched > 0 {
			// A dropped candidate may stand for a real bug other inputs
			// reach; a mismatched test does not witness its path.
			res.Complete = false
		}
	}
	sum := &executor.Summary{
		Version: version.Version, CommandLine: cmdline, Input: inputs, OutputDir: out.Path,
		Start: start, Instructions: res.Instructions, PathsExplored: len(res.Paths),
		SymbolicObjects: res.SymbolicObjects, TestsWritten: out.Tests() - removed, Complete: res.Complete,
		Queries: res.Solver.Queries, SolverTime: res.Solver.Time.Seconds(), SolverStages: res.Solver.Stages,
		LibmCandidates: libmCounts, EndedBy: res.EndedBy, StatesWithoutTest: executor.WithoutTest(res.Paths),
		NativeRules: res.Solver.NativeRules, Merge: res.Merge, Incomplete: res.Incomplete, Property: f.klee.property,
	}
	sum.Coverage = res.Coverage
	var crossErr error
	sum.Crosscheck, crossErr = f.cross.finish(res.Solver, crossFirst, f.stats, os.Stderr)
	if proof != nil {
		sum.Proof = proof
	}
	for i, p := range res.Paths {
		ls := libmStates[i]
		sum.Paths = append(sum.Paths, executor.PathRecord{ID: p.ID, Test: p.Test, Instructions: p.Instructions,
			Termination: executor.TermJSON(&p.Term), Libm: ls.note})
		if !p.Term.Kind.IsEarly() {
			sum.PathsCompleted++
		}
		if p.Term.Kind.IsError() && !ls.dropped {
			addError(sum, &p, f.emitAllErrors)
		}
	}
	if sum.Split, err = spRun.finish(res, sum, out, cmdline, log); err != nil {
		return err
	}
	sum.End = time.Now()
	sum.WallTime = sum.End.Sub(start).Seconds()
	if err := out.WriteSummary(sum); err != nil {
		return err
	}
	info := fmt.Sprintf("%s\nfloatsym %s\nStarted: %s\nFinished: %s\nElapsed: %s\n"+
		"paths explored: %d\npaths completed: %d\ntests generated: %d\ninstructions: %d\nerrors: %d\ncomplete: %v\n"+
		"queries: %d\nsolver time: %.3fs\nended by: %s\nstates without test: %d\n",
		strings.Join(cmdline, " "), version.Version, start.Format(time.RFC3339), sum.End.Format(time.RFC3339),
		sum.End.Sub(start).Round(time.Millisecond), sum.PathsExplored, sum.PathsCompleted, sum.TestsWritten,
		sum.Instructions, len(sum.Errors), sum.Complete, sum.Queries, sum.SolverTime,
		sum.EndedBy, sum.StatesWithoutTest.Count)
	for _, st := range sum.SolverStages {
		info += fmt.Sprintf("solver stage %s: %d queries, %d sat, %d unsat, %d unknown, %.3fs, %d interrupts, %d memory-outs\n",
			st.Name, st.Queries, st.Sat, st.Unsat, st.Unknown, st.Time.Seconds(), st.Interrupts, st.MemoryOuts)
	}
	if f.stats {
		solver.WriteStatsTable(os.Stderr, res.Solver.Stages)
		solver.WriteRulesTable(os.Stderr, res.Solver.NativeRules)
	}
	libmLine := ""
	if libmCounts != nil {
		libmLine = fmt.Sprintf(", libm candidates %d confirmed %d dropped", libmCounts.Confirmed, libmCounts.Dropped)
		info += fmt.Sprintf("libm candidates: %d confirmed, %d dropped, %d normal ends mismatched\n",
			libmCounts.Confirmed, libmCounts.Dropped, libmCounts.ExitsMismatched)
	}
	info += kleeDoneLines(sum)
	final := finalLine(sum, libmCounts, libmLine)
	msgs.WriteString(kleeDoneLines(sum) + final + "\n")
	fmt.Fprintln(os.Stderr, final)
	if err := atomicfile.WriteFile(out.File("info"), []byte(info), 0o644); err != nil {
		return err
	}
	return crossErr
}

// addError records a path's error in the summary: its own record with
// --emit-all-errors; else one record per kind and location that counts
// the paths reaching it and names the test written for the first.
func addError(sum *executor.Summary, p *executor.PathResult, all bool) {
	kind := p.Term.Kind.String()
	if !all {
		for i := range sum.Errors {
			r := &sum.Errors[i]
			if r.Kind == kind && r.Detail == p.Term.Detail && r.File == p.Term.File && r.Line == p.Term.Line && (p.Duplicate || r.Test == "") {
				r.Paths++
				if r.Test == "" && p.Test != "" {
					r.Test, r.Message = p.Test, p.Term.Message
				}
				return
			}
		}
	}
	rec := executor.ErrorRecord{Kind: kind, Detail: p.Term.Detail, Message: p.Term.Message,
		File: p.Term.File, Line: p.Term.Line, Test: p.Test, Paths: 1}
	if sum.Property != "" {
		v := executor.IsViolation(sum.Property, &p.Term)
		rec.Violation = &v
	}
	sum.Errors = append(sum.Errors, rec)
}

func copyFile(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(dst, b, 0o644)
}

// programEnv is the program's environment: floatsym's own (unless clean)
// followed by the --env definitions.
func programEnv(defs []string, clean bool) ([]string, error) {
	var env []string
	if !clean {
		env = os.Environ()
	}
	for _, d := range defs {
		if i := strings.IndexByte(d, '='); i <= 0 {
			return nil, fmt.Errorf("--env %q: want NAME=VALUE", d)
		}
		env = append(env, d)
	}
	return env, nil
}

// programStdin opens the program's stdin: the named file, or floatsym's
// own stdin ("-" or no name).
func programStdin(name string) (io.Reader, func(), error) {
	if name == "" || name == "-" {
		return os.Stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, fmt.Errorf("--stdin: %w", err)
	}
	return f, func() { f.Close() }, nil
}
