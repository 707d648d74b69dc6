package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/sirupsen/logrus"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/floatsym/floatsym/internal/bench"
)

// planFlags select the bench's plan modes: a suite cut into tasks that a
// scheduler runs (internal/bench/plan.go).
type planFlags struct {
	plan    string
	runTask string
	merge   string
	slurm   bool
	cpus    int
	sbatch  []string
	image   string
	poll    time.Duration
}

func (p planFlags) active() bool {
	return p.plan != "" || p.runTask != "" || p.merge != "" || p.slurm
}

const planHelp = `

Scale (a suite as independent tasks, one per variant):
  bench --plan DIR [flags] PATH...   write DIR/tasks.json (each task's floatsym
                                     run command, environment, spec), the Slurm
                                     job array DIR/array.sbatch, the Kubernetes
                                     Indexed Job DIR/job.yaml, DIR/README.txt
  bench --run-task DIR I             run task I (a scheduler calls this), write
                                     DIR/results/I.json
  bench --merge DIR [--json ...]     the usual report from the tasks' results;
                                     tasks without one are named, and
                                     DIR/resubmit.sbatch runs them alone
  bench --slurm [--plan DIR] PATH... plan, sbatch, follow (squeue, sacct), merge;
  bench --slurm --plan DIR           submit the plan's tasks that have no result`

func addPlanFlags(cmd *cobra.Command, f *benchFlags) {
	cmd.Long += planHelp
	fl := cmd.Flags()
	addPlanFlagSet(fl, &f.plan)
}

func addPlanFlagSet(fl *pflag.FlagSet, p *planFlags) {
	fl.StringVar(&p.plan, "plan", "", "write the suite as tasks into this directory (tasks.json, array.sbatch, job.yaml) instead of running it")
	fl.StringVar(&p.runTask, "run-task", "", "run one task of the plan in this directory (the task index is the argument)")
	fl.StringVar(&p.merge, "merge", "", "report the results of the plan in this directory as a bench run would")
	fl.BoolVar(&p.slurm, "slurm", false, "run the plan as a Slurm job array, follow it, merge (without --plan: a temporary directory, which on a cluster must be on a shared file system: give --plan)")
	fl.IntVar(&p.cpus, "cpus-per-task", 1, "CPUs each task asks of the scheduler")
	fl.StringArrayVar(&p.sbatch, "sbatch", nil, "another #SBATCH option for array.sbatch (e.g. --partition=short; repeatable)")
	fl.StringVar(&p.image, "image", bench.DefaultImage, "container image of the Kubernetes Job (job.yaml)")
	fl.DurationVar(&p.poll, "slurm-poll", 5*time.Second, "how often --slurm asks squeue")
}

// benchArgs checks the positional arguments for the mode the flags select.
func benchArgs(f *benchFlags) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		p := f.plan
		modes := 0
		for _, on := range []bool{p.runTask != "", p.merge != "", p.plan != "" || p.slurm} {
			if on {
				modes++
			}
		}
		switch {
		case modes > 1:
			return errors.New("--run-task, --merge and --plan/--slurm are separate modes: give one")
		case p.runTask != "":
			if len(args) != 1 {
				return fmt.Errorf("--run-task %s takes one argument, the task index", p.runTask)
			}
			return nil
		case p.merge != "":
			if len(args) != 0 {
				return fmt.Errorf("--merge %s takes no PATH (the plan names its suite)", p.merge)
			}
			return nil
		case p.slurm && p.plan != "" && len(args) == 0:
			return nil // an existing plan
		}
		return cobra.MinimumNArgs(1)(cmd, args)
	}
}

// runBenchPlan runs the mode the plan flags select.
func runBenchPlan(ctx context.Context, stdout, stderr io.Writer, f benchFlags, args []string) error {
	if ctx == nil {
		ctx = context.Background()
	}
	// SIGTERM: Slurm's signal at a task's time limit or preemption.
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
	defer stop()
	log := logrus.NewEntry(logrus.StandardLogger())
	p := f.plan
	switch {
	case p.runTask != "":
		i, err := strconv.Atoi(args[0])
		if err != nil {
			return fmt.Errorf("--run-task %s: task index %q is not a number", p.runTask, args[0])
		}
		tr, err := bench.RunTask(ctx, p.runTask, i, bench.TaskOptions{Floatsym: f.floatsymBin, Log: log})
		if err != nil {
			return err
		}
		r := tr.Result
		fmt.Fprintf(stdout, "task %d: %s %s (%.1fs)%s\n", i, r.ID, r.Outcome, r.Elapsed, reasonSuffix(r))
		return nil
	case p.merge != "":
		return mergePlan(stdout, f, p.merge, nil)
	}
	dir := p.plan
	if f.list && len(args) > 0 {
		variants, err := selectVariants(f, args)
		if err != nil {
			return err
		}
		return listVariants(stdout, variants)
	}
	if len(args) > 0 {
		if dir == "" { // --slurm alone: the plan must be on a path the nodes see
			var err error
			if dir, err = os.MkdirTemp("", "floatsym-plan-"); err != nil {
				return fmt.Errorf("plan dir: %w", err)
			}
			fmt.Fprintf(stderr, "floatsym bench: the plan is in %s\n", dir)
		}
		if err := writePlan(stdout, f, dir, args, log); err != nil {
			return err
		}
		if !p.slurm {
			return nil
		}
	}
	return slurmPlan(ctx, stdout, stderr, f, dir, log)
}

func reasonSuffix(r bench.Result) string {
	if r.Reason == "" || r.Outcome == bench.OutcomeTP || r.Outcome == bench.OutcomeVerified {
		return ""
	}
	return " (" + r.Reason + ")"
}

// writePlan writes the plan for the selected variants of paths.
func writePlan(stdout io.Writer, f benchFlags, dir string, paths []string, log *logrus.Entry) error {
	variants, err := selectVariants(f, paths)
	if err != nil {
		return err
	}
	if len(variants) == 0 {
		return fmt.Errorf("no variant found under %s", strings.Join(paths, " "))
	}
	if f.workDir != "" {
		return errors.New("--work-dir: a plan keeps each task's output in DIR/work (with --keep)")
	}
	cfg, err := benchConfig(f, log)
	if err != nil {
		return err
	}
	pl, err := bench.WritePlan(dir, cfg, variants, bench.PlanOptions{
		Paths: paths, FloatsymVersion: binaryVersion(cfg.Floatsym), CPUs: f.plan.cpus, Sbatch: f.plan.sbatch, Image: f.plan.image,
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "floatsym bench: %d task(s) (%d variant(s) skipped) in %s; each asks %d min, %d MiB, %d CPU(s)\n",
		len(pl.Tasks), len(pl.Skipped), pl.Dir, pl.Resources.TimeMinutes, pl.Resources.MemoryMB, pl.Resources.CPUs)
	fmt.Fprintf(stdout, "  Slurm: sbatch %s/%s   then: %s bench --merge %s\n", pl.Dir, bench.ArrayScript, os.Args[0], pl.Dir)
	fmt.Fprintf(stdout, "  other engines: %s/%s\n", pl.Dir, bench.PlanReadme)
	return nil
}

// slurmPlan submits the plan's tasks that have no result yet, follows the
// job and merges.
func slurmPlan(ctx context.Context, stdout, stderr io.Writer, f benchFlags, dir string, log *logrus.Entry) error {
	m, err := bench.Merge(dir, bench.MergeOptions{})
	if err != nil {
		return err
	}
	if len(m.Missing) == 0 {
		fmt.Fprintf(stderr, "floatsym bench: every task of %s has its result: merging\n", dir)
		return mergePlan(stdout, f, dir, nil)
	}
	var indices string
	if len(m.Missing) < len(m.Plan.Tasks) {
		var idx []string
		for _, t := range m.Missing {
			idx = append(idx, strconv.Itoa(t.Index))
		}
		indices = strings.Join(idx, ",")
	}
	s := &bench.Slurm{Poll: f.plan.poll, Log: log}
	if !f.quiet {
		s.Progress = stderr
	}
	job, err := s.Submit(ctx, m.Plan, indices)
	if err != nil {
		return err
	}
	fmt.Fprintf(stderr, "floatsym bench: submitted slurm job %s (%d task(s)); logs in %s/logs\n", job, len(m.Missing), m.Plan.Dir)
	states, err := s.Follow(ctx, m.Plan, job)
	if err != nil {
		return err
	}
	return mergePlan(stdout, f, dir, states)
}

// mergePlan reports a plan's results through the local run's reporting
// (reportBench); tasks without a result are named, with the command that
// runs them alone, and fail the merge.
func mergePlan(stdout io.Writer, f benchFlags, dir string, states map[int]string) error {
	compareDoc, regressionDoc, err := loadComparisons(f)
	if err != nil {
		return err
	}
	m, err := bench.Merge(dir, bench.MergeOptions{States: states})
	if err != nil {
		return err
	}
	f.crosscheck = slices.Contains(m.Plan.ExtraArgs, "--crosscheck")
	var missErr error
	if len(m.Missing) > 0 {
		var b strings.Builder
		fmt.Fprintf(&b, "%d of %d task(s) have no result:\n", len(m.Missing), len(m.Plan.Tasks))
		for _, t := range m.Missing {
			fmt.Fprintf(&b, "  task %d %s: %s\n", t.Index, t.ID, t.Reason)
		}
		fmt.Fprintf(&b, "Resubmit them alone: %s   (or: sbatch %s; or: %s bench --slurm --plan %s)\n",
			m.Resubmit, m.ResubmitScript, os.Args[0], m.Plan.Dir)
		fmt.Fprint(stdout, b.String())
		fmt.Fprintln(stdout)
		missErr = fmt.Errorf("%d task(s) of %s have no result (named above)", len(m.Missing), m.Plan.Dir)
	}
	return reportBench(stdout, f, m.Doc, compareDoc, regressionDoc, missErr)
}
