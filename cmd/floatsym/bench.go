package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"regexp"
	"runtime"
	"strings"
	"time"

	"github.com/floatsym/floatsym/internal/bench"
	"github.com/floatsym/floatsym/internal/version"
	"github.com/sirupsen/logrus"
	"github.com/spf13/cobra"
)

func init() {
	extraCommands = append(extraCommands, benchCommand)
}

type benchFlags struct {
	timeLimit        time.Duration
	maxMemoryMB      uint64
	jobs             int
	filter           string
	jsonOut          string
	csvOut           string
	markdownOut      string
	svgOut           string
	pngOut           string
	compare          string
	runName          string
	failOnRegression string
	list             bool
	keep             bool
	workDir          string
	floatsymBin      string
	cflags           string
	replayTimeout    time.Duration
	quiet            bool
	expectAll        bool
	solver           string
	crosscheck       bool
	libc             string
	plan             planFlags // --plan, --run-task, --merge, --slurm (bench_plan.go)
}

func benchCommand() *cobra.Command {
	var f benchFlags
	cmd := &cobra.Command{
		Use:   "bench [flags] PATH...",
		Short: "Run a benchmark suite (spec.yml files) and judge the results",
		Long: `bench finds the spec.yml files under each PATH (the fp-bench format of the
KLEE-float study, schema version 0), runs 'floatsym run' on every variant as a
subprocess (--jobs at a time, --max-time = --time-limit, killed at 1.5 × the
limit + 30s), replays every reported error natively, and judges each variant:

Each bug report is one of three kinds: confirmed and expected (TP: it
replays natively to the recorded kind and location, a listed location of a
task the spec marks incorrect); confirmed natively but not where the spec
says (UNL: a real failure of the program the spec does not list, shown with
its native stack; a false positive only under the KLEE-float study's strict
rule, which the totals also give); not confirmed (FP: no test, does not
replay, or replays differently: floatsym's own false positive). Variants:

  TP          an expected bug was confirmed, and no FP
  FP          some report is not confirmed
  unlisted    no expected bug, but confirmed bugs the spec does not list
  infra-error a report could not be judged: the native replay could not be
              built or run (an error of the runner, not of floatsym)
  verified    a correct variant explored completely with no report
  timeout     the time limit was reached; crash: floatsym failed (non-zero
              exit, Go panic, no summary.json); unknown: no verdict
  skipped     not runnable (unsupported dependency, C++, ...) or a malformed
              spec (the reason names the file); the other specs still run

It prints a table per variant and totals beside the published KLEE-float
figures (Table III). It exits non-zero when there is a false positive, a
crash or an infrastructure error (or, with --fail-on-regression, a
regression against an older --json).`,
		Args: benchArgs(&f),
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.plan.active() {
				return runBenchPlan(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr(), f, args)
			}
			return runBench(cmd.Context(), cmd.OutOrStdout(), cmd.ErrOrStderr(), f, args)
		},
	}
	fl := cmd.Flags()
	fl.DurationVar(&f.timeLimit, "time-limit", bench.DefaultTimeLimit, "exploration time limit per variant (floatsym --max-time)")
	fl.Uint64Var(&f.maxMemoryMB, "max-memory", 0, "memory limit per variant in MiB (floatsym --max-memory; 0 = none)")
	fl.IntVar(&f.jobs, "jobs", 0, "variants run at once (default: the number of CPUs)")
	fl.StringVar(&f.filter, "filter", "", "regular expression on spec/variant selecting the variants")
	fl.StringVar(&f.jsonOut, "json", "", "write the results as JSON to this file")
	fl.StringVar(&f.csvOut, "csv", "", "write one CSV row per variant to this file")
	fl.StringVar(&f.markdownOut, "markdown", "", "write the table and totals as Markdown to this file")
	fl.StringVar(&f.svgOut, "svg", "", "plot the time per variant, coloured by outcome, as SVG to this file")
	fl.StringVar(&f.pngOut, "png", "", "the same plot as PNG")
	fl.StringVar(&f.compare, "compare", "", "compare with an earlier --json report and print the changes; with --svg/--png also draw the cactus and scatter plots of the two runs (NAME.cactus.EXT, NAME.scatter.EXT)")
	fl.StringVar(&f.runName, "name", "this run", "this run's name in the --compare pictures (the earlier report is named by its file)")
	fl.StringVar(&f.failOnRegression, "fail-on-regression", "", "compare with an earlier --json report and fail on any regression")
	fl.BoolVar(&f.list, "list", false, "only list the variants (and why some are skipped)")
	fl.BoolVar(&f.keep, "keep", false, "keep each variant's output directory (floatsym's tests, the replay binary)")
	fl.StringVar(&f.workDir, "work-dir", "", "directory for the variants' output (default: a temporary directory)")
	fl.StringVar(&f.floatsymBin, "floatsym", "", "floatsym binary to benchmark (default: this executable)")
	fl.StringVar(&f.cflags, "cflags", "", "compiler flags for floatsym and the replay build (default: each one's own)")
	fl.DurationVar(&f.replayTimeout, "replay-timeout", 30*time.Second, "time limit of each native replay")
	fl.BoolVar(&f.quiet, "quiet", false, "no progress lines")
	fl.StringVar(&f.solver, "solver", "", "floatsym --solver for every variant (default: floatsym's)")
	fl.StringVar(&f.libc, "libc", "", "floatsym run --libc for every variant (default: floatsym's own)")
	fl.BoolVar(&f.crosscheck, "crosscheck", false, "floatsym run --crosscheck for every variant; totals printed, a disagreement fails the bench")
	fl.BoolVar(&f.expectAll, "expect-all", false, "fail unless every bug variant is TP and every correct one verified (for CI gates on a subset)")
	addPlanFlags(cmd, &f)
	return cmd
}

func runBench(ctx context.Context, stdout, stderr io.Writer, f benchFlags, paths []string) error {
	if ctx == nil {
		ctx = context.Background()
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt)
	defer stop()
	log := logrus.NewEntry(logrus.StandardLogger())

	variants, err := selectVariants(f, paths)
	if err != nil {
		return err
	}
	if len(variants) == 0 {
		return fmt.Errorf("no variant found under %s", strings.Join(paths, " "))
	}
	if f.list {
		return listVariants(stdout, variants)
	}

	// Read the old reports first: a bad path should not cost a whole run.
	compareDoc, regressionDoc, err := loadComparisons(f)
	if err != nil {
		return err
	}

	cfg, err := benchConfig(f, log)
	if err != nil {
		return err
	}
	bin := cfg.Floatsym
	if !f.quiet {
		cfg.Progress = stderr
	}
	if f.keep && f.workDir == "" {
		dir, err := os.MkdirTemp("", "floatsym-bench-")
		if err != nil {
			return fmt.Errorf("work dir: %w", err)
		}
		cfg.WorkDir = dir
		fmt.Fprintf(stderr, "floatsym bench: keeping the output in %s\n", dir)
	}
	start := time.Now()
	results, runErr := bench.Run(ctx, cfg, variants)
	if runErr != nil && len(results) == 0 {
		return runErr
	}
	totals := bench.ComputeTotals(results)
	totals.WallSeconds = time.Since(start).Seconds()
	timeLimit := f.timeLimit
	if timeLimit <= 0 {
		timeLimit = bench.DefaultTimeLimit
	}
	doc := &bench.Document{
		Tool: "floatsym", Version: binaryVersion(bin), Started: start.UTC().Truncate(time.Second),
		TimeLimitSeconds: timeLimit.Seconds(), MemoryMB: f.maxMemoryMB, Jobs: cfg.Jobs, Paths: paths,
		Results: results, Totals: totals,
	}

	return reportBench(stdout, f, doc, compareDoc, regressionDoc, runErr)
}

// selectVariants loads the specs under paths and applies --filter.
func selectVariants(f benchFlags, paths []string) ([]*bench.Variant, error) {
	var filter *regexp.Regexp
	if f.filter != "" {
		re, err := regexp.Compile(f.filter)
		if err != nil {
			return nil, fmt.Errorf("--filter: %w", err)
		}
		filter = re
	}
	specs, err := bench.LoadSpecs(paths...)
	if err != nil {
		return nil, err
	}
	return bench.Select(bench.Variants(specs), filter), nil
}

// benchConfig is the bench configuration the flags give (a local run and
// a plan's tasks alike).
func benchConfig(f benchFlags, log *logrus.Entry) (bench.Config, error) {
	var err error
	bin := f.floatsymBin
	if bin == "" {
		if bin, err = os.Executable(); err != nil {
			return bench.Config{}, fmt.Errorf("finding the floatsym executable (use --floatsym): %w", err)
		}
	}
	jobs := f.jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	cfg := bench.Config{
		Floatsym: bin, TimeLimit: f.timeLimit, MemoryMB: f.maxMemoryMB, Jobs: jobs,
		WorkDir: f.workDir, Keep: f.keep, ReplayTimeout: f.replayTimeout, Log: log,
	}
	if f.cflags != "" {
		cfg.CFlags = strings.Fields(f.cflags)
	}
	if f.solver != "" {
		cfg.ExtraArgs = append(cfg.ExtraArgs, "--solver", f.solver)
	}
	if f.libc != "" {
		cfg.ExtraArgs = append(cfg.ExtraArgs, "--libc", f.libc)
	}
	if f.crosscheck {
		cfg.ExtraArgs = append(cfg.ExtraArgs, "--crosscheck")
	}
	return cfg, nil
}

// listVariants prints the variants, what the spec expects and why some
// are skipped.
func listVariants(w io.Writer, variants []*bench.Variant) error {
	skipped := 0
	for _, v := range variants {
		exp := string(v.Expectation())
		if n := v.ExpectedBugs(); n > 0 {
			exp = fmt.Sprintf("%s (%d)", exp, n)
		}
		line := fmt.Sprintf("%-45s %-12s", v.ID(), exp)
		if v.Skip != "" { // a malformed spec's reason names its file
			line += "  SKIP: " + v.Skip
			skipped++
		} else {
			var parts []string
			if v.Std() != "" {
				parts = append(parts, "-std="+v.Std())
			}
			for _, d := range v.DefineFlags() {
				parts = append(parts, "-D"+d)
			}
			if len(v.Dependencies) > 0 {
				var deps []string
				for _, d := range v.Dependencies {
					if ver := v.DependencyVersions[d]; ver != "" {
						d += "@" + ver
					}
					deps = append(deps, d)
				}
				parts = append(parts, "deps: "+strings.Join(deps, ","))
			}
			if len(v.Args) > 0 {
				parts = append(parts, "args: "+strings.Join(v.Args, " "))
			}
			if len(v.Env) > 0 {
				parts = append(parts, "env: "+strings.Join(v.EnvList(), " "))
			}
			line += "  " + strings.Join(parts, " ")
		}
		if _, err := fmt.Fprintln(w, strings.TrimRight(line, " ")); err != nil {
			return fmt.Errorf("listing variants: %w", err)
		}
	}
	_, err := fmt.Fprintf(w, "%d variants, %d to run, %d skipped\n", len(variants), len(variants)-skipped, skipped)
	return err
}

// binaryVersion asks the benchmarked binary for its version.
func binaryVersion(bin string) string {
	if self, err := os.Executable(); err == nil && self == bin {
		return version.Version
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, bin, "version").Output()
	if err != nil {
		return ""
	}
	return strings.TrimPrefix(strings.TrimSpace(string(out)), "floatsym ")
}
