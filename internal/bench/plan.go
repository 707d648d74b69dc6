package bench

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/floatsym/floatsym/internal/atomicfile"
)

// A plan is a bench run cut into independent tasks, one per runnable
// variant, that any engine can run: a Slurm job array (array.sbatch), a
// Kubernetes Indexed Job (job.yaml), GNU parallel or a shell loop. Task i
// runs `floatsym bench --run-task DIR i`, which runs, replays and judges
// its variant exactly as a local bench run does (runVariant) and writes
// DIR/results/i.json atomically; `floatsym bench --merge DIR` reports the
// results through the same code as a local run (PrintReport, Outputs).
const (
	PlanFile     = "tasks.json"
	ArrayScript  = "array.sbatch"
	JobManifest  = "job.yaml"
	PlanReadme   = "README.txt"
	ResubmitFile = "resubmit.sbatch"
	// PlanVersion is tasks.json's format version.
	PlanVersion = 1
)

// Plan is tasks.json.
type Plan struct {
	Version         int       `json:"version"`
	Created         time.Time `json:"created"`
	Dir             string    `json:"dir"`
	Floatsym        string    `json:"floatsym"`
	FloatsymVersion string    `json:"floatsym_version,omitempty"`
	Paths           []string  `json:"paths"`
	// The Config every task runs under.
	TimeLimitSeconds     float64  `json:"time_limit_seconds"`
	KillGraceSeconds     float64  `json:"kill_grace_seconds"`
	MemoryMB             uint64   `json:"max_memory_mb,omitempty"`
	CFlags               []string `json:"cflags,omitempty"`
	ExtraArgs            []string `json:"extra_args,omitempty"`
	ReplayTimeoutSeconds float64  `json:"replay_timeout_seconds,omitempty"`
	Keep                 bool     `json:"keep,omitempty"`
	// Env is set in every task's floatsym process (the FLOATSYM_*
	// variables of the planning process: what a local run would inherit).
	Env       []string   `json:"env,omitempty"`
	Resources Resources  `json:"resources"`
	Tasks     []PlanTask `json:"tasks"`
	// Skipped are the variants that are not run (unsupported, malformed
	// spec): judged when planning, placed by Position when merging.
	Skipped []PlannedResult `json:"skipped,omitempty"`
}

// PlanTask is one task: one variant.
type PlanTask struct {
	Index int `json:"index"`
	// Position is the variant's place in the suite's order (the order of
	// a local run's results).
	Position int    `json:"position"`
	ID       string `json:"id"`
	SpecFile string `json:"spec_file"`
	Variant  string `json:"variant"`
	// Argv is the exact `floatsym run` command line (the binary first).
	Argv []string `json:"argv"`
	// Env is the variant's runtime environment (given to floatsym as
	// --env, to the native replay as its environment).
	Env          []string    `json:"env,omitempty"`
	Expected     Expectation `json:"expected"`
	BugsExpected int         `json:"bugs_expected"`
	// WorkDir and Result are relative to the plan directory.
	WorkDir string `json:"work_dir"`
	Result  string `json:"result"`
}

// PlannedResult is a variant judged without running it.
type PlannedResult struct {
	Position int    `json:"position"`
	Result   Result `json:"result"`
}

// Resources are what each task asks of the scheduler.
type Resources struct {
	// TimeMinutes: the hard limit of a run plus the replay's margin.
	TimeMinutes int    `json:"time_minutes"`
	MemoryMB    int    `json:"memory_mb"`
	CPUs        int    `json:"cpus_per_task"`
	JobName     string `json:"job_name"`
	// Sbatch are more `#SBATCH` options (--partition=..., --account=...).
	Sbatch []string `json:"sbatch,omitempty"`
	// Image is the container image of the Kubernetes Job.
	Image string `json:"image,omitempty"`
}

// Default resources.
const (
	// DefaultTaskMemoryMB is --mem when --max-memory is not given.
	DefaultTaskMemoryMB = 4096
	// taskMemoryOverheadMB is added to --max-memory: clang, the native
	// replay and the bench process itself.
	taskMemoryOverheadMB = 1024
	DefaultImage         = "floatsym:latest"
)

// PlanOptions are what WritePlan needs beyond the Config.
type PlanOptions struct {
	Paths           []string
	FloatsymVersion string
	CPUs            int
	Sbatch          []string
	Image           string
	// Env: the environment passed on to the tasks (os.Environ() when nil;
	// only its FLOATSYM_* variables are kept).
	Env []string
}

// taskTime is the scheduler's time limit of a task: the run's hard limit,
// then the native replays (each bounded by ReplayTimeout, one build), and
// a minute for loading and writing; whole minutes.
func taskTime(cfg *Config) int {
	rt := cfg.ReplayTimeout
	if rt <= 0 {
		rt = 30 * time.Second
	}
	d := cfg.HardLimit() + 4*rt + time.Minute
	return int((d + time.Minute - 1) / time.Minute)
}

// WritePlan writes DIR/tasks.json, DIR/array.sbatch, DIR/job.yaml and
// DIR/README.txt for the variants (the filter already applied) and
// creates DIR/logs, DIR/results and DIR/work. An existing plan in dir is
// replaced, with its results.
func WritePlan(dir string, cfg Config, variants []*Variant, opts PlanOptions) (*Plan, error) {
	if err := cfg.setDefaults(); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("plan: %w", err)
	}
	for _, sub := range []string{"results", "work"} {
		if err := os.RemoveAll(filepath.Join(abs, sub)); err != nil {
			return nil, fmt.Errorf("plan: clearing the old %s: %w", sub, err)
		}
	}
	os.Remove(filepath.Join(abs, ResubmitFile))
	for _, sub := range []string{"logs", "results", "work"} {
		if err := os.MkdirAll(filepath.Join(abs, sub), 0o755); err != nil {
			return nil, fmt.Errorf("plan: %w", err)
		}
	}
	env := opts.Env
	if env == nil {
		env = os.Environ()
	}
	p := &Plan{
		Version: PlanVersion, Created: time.Now().UTC().Truncate(time.Second), Dir: abs,
		Floatsym: cfg.Floatsym, FloatsymVersion: opts.FloatsymVersion, Paths: opts.Paths,
		TimeLimitSeconds: cfg.TimeLimit.Seconds(), KillGraceSeconds: cfg.KillGrace.Seconds(),
		MemoryMB: cfg.MemoryMB, CFlags: cfg.CFlags, ExtraArgs: cfg.ExtraArgs,
		ReplayTimeoutSeconds: cfg.ReplayTimeout.Seconds(), Keep: cfg.Keep,
	}
	for _, e := range env {
		if strings.HasPrefix(e, "FLOATSYM_") {
			p.Env = append(p.Env, e)
		}
	}
	slices.Sort(p.Env)
	p.Resources = Resources{TimeMinutes: taskTime(&cfg), MemoryMB: DefaultTaskMemoryMB, CPUs: max(opts.CPUs, 1),
		JobName: "floatsym-bench", Sbatch: opts.Sbatch, Image: opts.Image}
	if cfg.MemoryMB > 0 {
		p.Resources.MemoryMB = int(cfg.MemoryMB) + taskMemoryOverheadMB
	}
	if p.Resources.Image == "" {
		p.Resources.Image = DefaultImage
	}
	for pos, v := range variants {
		if v.Skip != "" {
			r := baseResult(v)
			r.Outcome, r.Status, r.Reason, r.Malformed = OutcomeSkipped, StatusNotRun, v.Skip, v.Invalid
			p.Skipped = append(p.Skipped, PlannedResult{Position: pos, Result: r})
			continue
		}
		i := len(p.Tasks)
		work := filepath.Join("work", fmt.Sprint(i))
		p.Tasks = append(p.Tasks, PlanTask{
			Index: i, Position: pos, ID: v.ID(), SpecFile: v.Spec.Path, Variant: v.Name,
			Argv:     append([]string{cfg.Floatsym}, RunArgs(&cfg, v, filepath.Join(abs, work, "out"))...),
			Env:      v.EnvList(),
			Expected: v.Expectation(), BugsExpected: v.ExpectedBugs(),
			WorkDir: work, Result: filepath.Join("results", fmt.Sprintf("%d.json", i)),
		})
	}
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("plan: encoding: %w", err)
	}
	if err := atomicfile.WriteFile(filepath.Join(abs, PlanFile), append(b, '\n'), 0o644); err != nil {
		return nil, fmt.Errorf("plan: %w", err)
	}
	files := map[string]string{
		ArrayScript: p.ArrayScript(""),
		JobManifest: p.JobManifest(),
		PlanReadme:  p.Readme(),
	}
	for name, text := range files {
		if err := atomicfile.WriteFile(filepath.Join(abs, name), []byte(text), 0o644); err != nil {
			return nil, fmt.Errorf("plan: %w", err)
		}
	}
	return p, nil
}

// LoadPlan reads DIR/tasks.json.
func LoadPlan(dir string) (*Plan, error) {
	b, err := os.ReadFile(filepath.Join(dir, PlanFile))
	if err != nil {
		return nil, fmt.Errorf("reading the plan: %w", err)
	}
	var p Plan
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, fmt.Errorf("parsing %s: %w", filepath.Join(dir, PlanFile), err)
	}
	if p.Version != PlanVersion {
		return nil, fmt.Errorf("%s: plan format version %d, this floatsym reads %d: write the plan again",
			filepath.Join(dir, PlanFile), p.Version, PlanVersion)
	}
	if abs, err := filepath.Abs(dir); err == nil && abs != p.Dir {
		// Moved: the tasks' output directories are under the old path.
		return nil, fmt.Errorf("%s was written for %s: write the plan again where it is used", filepath.Join(dir, PlanFile), p.Dir)
	}
	return &p, nil
}

// Config is the bench configuration the plan's tasks run under.
func (p *Plan) Config() Config {
	return Config{
		Floatsym: p.Floatsym, TimeLimit: seconds(p.TimeLimitSeconds), KillGrace: seconds(p.KillGraceSeconds),
		MemoryMB: p.MemoryMB, Jobs: 1, Keep: p.Keep, CFlags: p.CFlags, ExtraArgs: p.ExtraArgs,
		ReplayTimeout: seconds(p.ReplayTimeoutSeconds), Env: p.Env,
	}
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// ShellQuote quotes s for sh.
func ShellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=:,+@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Sbatch are the `#SBATCH` directives of a job-array script, shared by a
// bench plan's array.sbatch and a split run's (cmd/floatsym/split.go).
// A zero TimeMinutes, MemoryMB or CPUs leaves that directive to Slurm's
// defaults; Extra are more directives (--partition=..., --ntasks=1).
type Sbatch struct {
	JobName, Array              string
	TimeMinutes, MemoryMB, CPUs int
	Output                      string
	Extra                       []string
}

// Write writes the directives, one `#SBATCH` line each.
func (d Sbatch) Write(b *strings.Builder) {
	fmt.Fprintf(b, "#SBATCH --job-name=%s\n#SBATCH --array=%s\n", d.JobName, d.Array)
	if d.TimeMinutes > 0 {
		fmt.Fprintf(b, "#SBATCH --time=%d\n", d.TimeMinutes)
	}
	if d.MemoryMB > 0 {
		fmt.Fprintf(b, "#SBATCH --mem=%dM\n", d.MemoryMB)
	}
	if d.CPUs > 0 {
		fmt.Fprintf(b, "#SBATCH --cpus-per-task=%d\n", d.CPUs)
	}
	fmt.Fprintf(b, "#SBATCH --output=%s\n", ShellQuote(d.Output))
	for _, o := range d.Extra {
		fmt.Fprintf(b, "#SBATCH %s\n", o)
	}
}

// ArrayScript is the Slurm job-array script: every task (or, with
// indices, e.g. "3,7", only those) runs its variant.
func (p *Plan) ArrayScript(indices string) string {
	if indices == "" {
		indices = fmt.Sprintf("0-%d", len(p.Tasks)-1)
	}
	r := p.Resources
	var b strings.Builder
	fmt.Fprintf(&b, "#!/bin/bash\n# floatsym bench plan %s: %d task(s), one per variant (tasks.json).\n", p.Dir, len(p.Tasks))
	Sbatch{JobName: r.JobName, Array: indices, TimeMinutes: r.TimeMinutes, MemoryMB: r.MemoryMB, CPUs: r.CPUs,
		Output: filepath.Join(p.Dir, "logs", "%a.out"), Extra: r.Sbatch}.Write(&b)
	fmt.Fprintf(&b, "set -eu\nexec %s bench --run-task %s \"$SLURM_ARRAY_TASK_ID\"\n", ShellQuote(p.Floatsym), ShellQuote(p.Dir))
	return b.String()
}

// JobManifest is a Kubernetes Indexed Job running the same tasks: pod i
// runs task $JOB_COMPLETION_INDEX. The plan directory and the suite must
// be mounted at the same paths as here (a shared volume).
func (p *Plan) JobManifest() string {
	r := p.Resources
	var b strings.Builder
	fmt.Fprintf(&b, `# floatsym bench plan %[1]s as a Kubernetes Indexed Job: pod i runs task
# $JOB_COMPLETION_INDEX (tasks.json). The claim floatsym-plan holds this
# directory, mounted at the same path. The binary (%[6]s) and the suite
# (%[2]s) must be at the plan's paths in the image: write the plan inside
# the image (docker run IMAGE bench --plan DIR /src/benchmarks, the
# project's docker/Dockerfile). Then 'floatsym bench --merge %[1]s'
# where the claim is mounted.
apiVersion: batch/v1
kind: Job
metadata:
  name: %[3]s
spec:
  completionMode: Indexed
  completions: %[4]d
  parallelism: %[4]d
  backoffLimit: %[4]d
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: task
        image: %[5]s
        command: ["/bin/sh", "-c", "exec %[6]s bench --run-task %[1]s \"$JOB_COMPLETION_INDEX\""]
        resources:
          requests: {cpu: "%[7]d", memory: "%[8]dMi"}
          limits: {cpu: "%[7]d", memory: "%[8]dMi"}
        volumeMounts:
        - {name: plan, mountPath: %[1]s}
      volumes:
      - name: plan
        persistentVolumeClaim: {claimName: floatsym-plan}
      activeDeadlineSeconds: %[9]d
`, ShellQuote(p.Dir), strings.Join(p.Paths, " "), r.JobName, len(p.Tasks), r.Image, ShellQuote(p.Floatsym), r.CPUs, r.MemoryMB, r.TimeMinutes*60)
	return b.String()
}

// Readme says how to run the plan with each engine.
func (p *Plan) Readme() string {
	n := len(p.Tasks)
	return fmt.Sprintf(`floatsym bench plan: %[2]d task(s), one per variant (tasks.json holds each
task's floatsym run command, environment and spec). Task i writes
results/i.json; then report as a local bench run would:

  floatsym bench --merge %[1]s [--json F --markdown F --png F ...]

Run the tasks with any of:
  Slurm:        sbatch %[1]s/array.sbatch      (or: floatsym bench --slurm --plan %[1]s)
  Kubernetes:   kubectl apply -f %[1]s/job.yaml
  GNU parallel: seq 0 %[3]d | parallel -j N %[4]s bench --run-task %[1]s {}
  a loop:       for i in $(seq 0 %[3]d); do %[4]s bench --run-task %[1]s $i; done

Missing, failed or preempted tasks are named by --merge, which writes
resubmit.sbatch (sbatch --array=<those>) to run them alone.
`, p.Dir, n, n-1, p.Floatsym)
}
