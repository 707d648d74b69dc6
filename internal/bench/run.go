package bench

import (
	"github.com/floatsym/floatsym/solver/stagestats"

	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/sirupsen/logrus"
)

// Defaults of Config.
const (
	DefaultTimeLimit = 60 * time.Second
	// DefaultKillGrace is added to 1.5 × the time limit before a run is
	// killed: floatsym stops itself at the limit, then writes its tests.
	DefaultKillGrace = 30 * time.Second
	// maxCapture bounds what is kept of a run's stdout and stderr.
	maxCapture = 8 << 20
)

// Config controls Run.
type Config struct {
	// Floatsym is the floatsym binary.
	Floatsym string
	// TimeLimit is passed as --max-time (DefaultTimeLimit when zero). A run
	// still going at 1.5 × TimeLimit + KillGrace is killed (a timeout).
	TimeLimit time.Duration
	// KillGrace: DefaultKillGrace when zero.
	KillGrace time.Duration
	// MemoryMB is passed as --max-memory when non-zero.
	MemoryMB uint64
	// Jobs is the number of variants run at once (runtime.NumCPU() when
	// zero).
	Jobs int
	// Filter selects variants by "spec/variant" (all when nil).
	Filter *regexp.Regexp
	// WorkDir holds one directory per variant (a temporary directory,
	// removed afterwards unless Keep, when empty).
	WorkDir string
	// Keep keeps the per-variant directories (floatsym's output, the
	// replay binary, stdout/stderr of the run).
	Keep bool
	// CFlags, when non-empty, replace the compiler flags of both floatsym
	// (--cflags) and the native replay build (the language standard is
	// added to both).
	CFlags []string
	// ExtraArgs are more `floatsym run` flags (e.g. --search).
	ExtraArgs []string
	// Env is added to floatsym's environment (a plan's tasks get the
	// planning process's FLOATSYM_* variables).
	Env []string
	// ReplayTimeout bounds each native replay (replay.DefaultTimeout when
	// zero).
	ReplayTimeout time.Duration
	// Progress receives a line per finished variant and a periodic
	// status line (nothing when nil).
	Progress io.Writer
	// ProgressEvery is the period of the status line (15s when zero).
	ProgressEvery time.Duration
	// Log receives details (the standard logger when nil).
	Log *logrus.Entry

	// replayDir is shared by the variants' native builds: the replay
	// runtime is compiled once, and identical builds are reused.
	replayDir string
}

// Result is the outcome of one variant, with the run's statistics.
type Result struct {
	ID         string      `json:"id"`
	Spec       string      `json:"spec"`
	Variant    string      `json:"variant"`
	Categories []string    `json:"categories,omitempty"`
	Expected   Expectation `json:"expected"`
	Outcome    Outcome     `json:"outcome"`
	Status     RunStatus   `json:"status"`
	Reason     string      `json:"reason,omitempty"`
	ExitCode   int         `json:"exit_code"`
	TimedOut   bool        `json:"timed_out"`
	Crashed    bool        `json:"crashed"`
	Complete   bool        `json:"complete"`
	BugsFound  int         `json:"bugs_found"`
	BugsExpect int         `json:"bugs_expected"`
	TruePos    int         `json:"true_positives"`
	// FalsePos counts the reports not confirmed natively (floatsym's own
	// false positives); Unlisted the confirmed ones the spec does not
	// list (UnlistedBugs distinct failures); StrictFalsePos both, as the
	// study counts, with StrictOutcome the outcome under that rule.
	FalsePos       int     `json:"false_positives"`
	Unlisted       int     `json:"unlisted_reports"`
	UnlistedBugs   int     `json:"unlisted_bugs"`
	StrictFalsePos int     `json:"strict_false_positives"`
	StrictOutcome  Outcome `json:"strict_outcome,omitempty"`
	// InfraErrors counts reports the runner could not judge (native
	// replay build or run failed).
	InfraErrors int `json:"infra_errors"`
	// Malformed: the spec file could not be loaded (Reason says why).
	Malformed   bool `json:"malformed_spec,omitempty"`
	ToolReports int  `json:"tool_reports"`
	// ToolKinds counts floatsym's own error kinds (solver, exec, ...).
	ToolKinds      map[string]int `json:"tool_kinds,omitempty"`
	MissedBugs     []string       `json:"missed_bugs,omitempty"`
	Paths          int            `json:"paths"`
	PathsCompleted int            `json:"paths_completed"`
	Tests          int            `json:"tests"`
	Instructions   uint64         `json:"instructions"`
	Queries        uint64         `json:"queries"`
	SolverSeconds  float64        `json:"solver_seconds"`
	WallSeconds    float64        `json:"wall_seconds"`
	Elapsed        float64        `json:"elapsed_seconds"`
	// SolverStages are the run's solver statistics per stage.
	SolverStages []StageStats    `json:"solver_stages,omitempty"`
	Reports      []ReportVerdict `json:"reports,omitempty"`
	OutputDir    string          `json:"output_dir,omitempty"`
	Command      []string        `json:"command,omitempty"`
	// Crosscheck is the run's --crosscheck counters (nil: off).
	Crosscheck *stagestats.Crosscheck `json:"crosscheck,omitempty"`
	// Proved: floatsym's prover showed every error site unreachable
	// (summary.json's proof), with ProofDomain; the outcome reads
	// "verified (proved)".
	Proved      bool   `json:"proved,omitempty"`
	ProofDomain string `json:"proof_domain,omitempty"`
}

// StageStats is one solver stage's counters as summary.json has them
// (the leaf package stagestats: bench does not link the solver itself).
type StageStats = stagestats.Stage

// SolverShare is the fraction of floatsym's wall time spent in the solver
// (0 when unknown).
func (r *Result) SolverShare() float64 {
	if r.WallSeconds <= 0 {
		return 0
	}
	return r.SolverSeconds / r.WallSeconds
}

// Summary is the part of floatsym's summary.json that bench reads.
type Summary struct {
	Version        string        `json:"version"`
	PathsExplored  int           `json:"paths_explored"`
	PathsCompleted int           `json:"paths_completed"`
	Complete       bool          `json:"complete"`
	Instructions   uint64        `json:"instructions"`
	TestsWritten   int           `json:"tests_written"`
	Queries        uint64        `json:"queries"`
	SolverTime     float64       `json:"solver_time_seconds"`
	WallTime       float64       `json:"wall_time_seconds"`
	SolverStages   []StageStats  `json:"solver_stages"`
	Errors         []SummaryErr  `json:"errors"`
	Paths          []SummaryPath `json:"paths"`
	// Crosscheck: --crosscheck's counters (nil: off).
	Crosscheck *stagestats.Crosscheck `json:"crosscheck"`
	Proof      *SummaryProof          `json:"proof"`
}

// SummaryProof is the part of summary.json's proof that bench reads.
type SummaryProof struct {
	Verdict string `json:"verdict"`
	Domain  string `json:"domain"`
}

// SummaryErr is one entry of summary.json's errors.
type SummaryErr struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Test    string `json:"test"`
	// Paths counts the paths that reached the error (0 in summaries
	// written before it was recorded).
	Paths int `json:"paths"`
}

// SummaryPath is one entry of summary.json's paths.
type SummaryPath struct {
	Test        string `json:"test"`
	Termination struct {
		Kind    string `json:"kind"`
		Message string `json:"message"`
	} `json:"termination"`
}

// ReadSummary parses a summary.json.
func ReadSummary(path string) (*Summary, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading summary: %w", err)
	}
	var s Summary
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("parsing %s: %w", path, err)
	}
	return &s, nil
}

// TimeLimitReached reports whether floatsym stopped a path at its time
// limit.
func (s *Summary) TimeLimitReached() bool {
	for _, p := range s.Paths {
		if (p.Termination.Kind == "limit" || p.Termination.Kind == "early") &&
			strings.Contains(p.Termination.Message, "time limit") {
			return true
		}
	}
	return false
}

func (c *Config) setDefaults() error {
	if c.Floatsym == "" {
		return errors.New("bench: no floatsym binary given")
	}
	abs, err := exec.LookPath(c.Floatsym)
	if err != nil {
		return fmt.Errorf("bench: floatsym binary: %w", err)
	}
	if c.Floatsym, err = filepath.Abs(abs); err != nil {
		return fmt.Errorf("bench: floatsym binary: %w", err)
	}
	if c.TimeLimit <= 0 {
		c.TimeLimit = DefaultTimeLimit
	}
	if c.KillGrace <= 0 {
		c.KillGrace = DefaultKillGrace
	}
	if c.Jobs <= 0 {
		c.Jobs = runtime.NumCPU()
	}
	if c.ProgressEvery <= 0 {
		c.ProgressEvery = 15 * time.Second
	}
	if c.Log == nil {
		c.Log = logrus.NewEntry(logrus.StandardLogger())
	}
	return nil
}

// HardLimit is when a run is killed: 1.5 × TimeLimit + KillGrace.
func (c *Config) HardLimit() time.Duration {
	return c.TimeLimit*3/2 + c.KillGrace
}

// Select returns the variants the filter keeps, in order.
func Select(variants []*Variant, filter *regexp.Regexp) []*Variant {
	if filter == nil {
		return variants
	}
	var out []*Variant
	for _, v := range variants {
		if filter.MatchString(v.ID()) {
			out = append(out, v)
		}
	}
	return out
}

// Run runs floatsym on every selected variant (Jobs at a time), replays
// every reported error natively and judges each variant. Results are in
// the variants' order; skipped variants have OutcomeSkipped. The error is
// non-nil when the benchmark itself could not be carried out (no floatsym
// binary, no work directory) or ctx was cancelled; the results gathered so
// far are returned with it.
func Run(ctx context.Context, cfg Config, variants []*Variant) ([]Result, error) {
	if err := cfg.setDefaults(); err != nil {
		return nil, err
	}
	selected := Select(variants, cfg.Filter)
	workDir := cfg.WorkDir
	removeWork := false
	if workDir == "" {
		d, err := os.MkdirTemp("", "floatsym-bench-")
		if err != nil {
			return nil, fmt.Errorf("bench: work dir: %w", err)
		}
		workDir, removeWork = d, !cfg.Keep
	} else if err := os.MkdirAll(workDir, 0o755); err != nil {
		return nil, fmt.Errorf("bench: work dir: %w", err)
	}
	if abs, err := filepath.Abs(workDir); err == nil {
		workDir = abs
	}
	if removeWork {
		defer os.RemoveAll(workDir)
	}
	cfg.replayDir = filepath.Join(workDir, "replay-builds")
	if !cfg.Keep {
		defer os.RemoveAll(cfg.replayDir)
	}
	cfg.Log.WithFields(logrus.Fields{"variants": len(selected), "jobs": cfg.Jobs, "time_limit": cfg.TimeLimit,
		"work_dir": workDir}).Info("starting benchmark")

	results := make([]Result, len(selected))
	done := make([]bool, len(selected))
	prog := newProgress(cfg.Progress, len(selected))
	stopTicker := prog.tick(cfg.ProgressEvery)
	defer stopTicker()

	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < cfg.Jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				v := selected[i]
				prog.begin(v.ID())
				dir := filepath.Join(workDir, fmt.Sprintf("%03d-%s-%s", i, v.Spec.Name, v.Name))
				r := runVariant(ctx, &cfg, v, dir)
				if ctx.Err() != nil {
					prog.finish(v.ID(), nil)
					continue
				}
				results[i] = r
				done[i] = true
				prog.finish(v.ID(), &results[i])
			}
		}()
	}
feed:
	for i := range selected {
		select {
		case jobs <- i:
		case <-ctx.Done():
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		var partial []Result
		for i, ok := range done {
			if ok {
				partial = append(partial, results[i])
			}
		}
		return partial, fmt.Errorf("bench: interrupted: %w", err)
	}
	return results, nil
}

func baseResult(v *Variant) Result {
	return Result{ID: v.ID(), Spec: v.Spec.Name, Variant: v.Name, Categories: v.Categories,
		Expected: v.Expectation(), BugsExpect: v.ExpectedBugs(), ExitCode: -1}
}

// runVariant runs, replays and judges one variant in dir.
func runVariant(ctx context.Context, cfg *Config, v *Variant, dir string) Result {
	log := cfg.Log.WithField("variant", v.ID())
	r := baseResult(v)
	if v.Skip != "" {
		// A malformed spec's reason names its file.
		r.Outcome, r.Status, r.Reason, r.Malformed = OutcomeSkipped, StatusNotRun, v.Skip, v.Invalid
		return r
	}
	ev, sum, err := execute(ctx, cfg, v, dir, &r, log)
	if err != nil {
		// The run could not be started at all: count it as a crash of the
		// harness rather than lose it.
		ev = Evidence{Status: StatusCrashed, CrashReason: err.Error()}
	}
	if sum != nil {
		r.Complete = sum.Complete
		r.Paths, r.PathsCompleted, r.Tests = sum.PathsExplored, sum.PathsCompleted, sum.TestsWritten
		r.Instructions, r.Queries = sum.Instructions, sum.Queries
		r.SolverSeconds, r.WallSeconds = sum.SolverTime, sum.WallTime
		r.SolverStages = sum.SolverStages
		r.Crosscheck = sum.Crosscheck
		if sum.Proof != nil && sum.Proof.Verdict == "proved" {
			r.Proved, r.ProofDomain = true, sum.Proof.Domain
		}
	}
	replayReports(ctx, cfg, v, dir, ev.Reports, log)
	j := Judge(v, ev)
	r.Outcome, r.Status, r.Reason = j.Outcome, ev.Status, j.Reason
	r.TimedOut, r.Crashed = j.TimedOut, j.Crashed
	r.BugsFound, r.BugsExpect = j.BugsFound, j.BugsExpected
	r.TruePos, r.FalsePos, r.ToolReports = j.TruePositives, j.FalsePositives, j.ToolReports
	r.Unlisted, r.UnlistedBugs, r.StrictFalsePos, r.StrictOutcome = j.Unlisted, j.UnlistedBugs, j.StrictFalsePositives, j.StrictOutcome
	r.InfraErrors = j.InfraErrors
	if len(j.ToolKinds) > 0 {
		r.ToolKinds = j.ToolKinds
	}
	r.MissedBugs, r.Reports = j.MissedBugs, j.Reports
	if cfg.Keep {
		r.OutputDir = filepath.Join(dir, "out")
	} else if err := os.RemoveAll(dir); err != nil {
		log.WithError(err).Warn("could not remove the variant's work directory")
	}
	log.WithFields(logrus.Fields{"outcome": r.Outcome, "bugs": fmt.Sprintf("%d/%d", r.BugsFound, r.BugsExpect),
		"fp": r.FalsePos, "elapsed": r.Elapsed}).Info("variant judged")
	return r
}

// RunArgs is the floatsym command line for a variant (without the binary).
func RunArgs(cfg *Config, v *Variant, outDir string) []string {
	args := []string{"run", "--output-dir", outDir, "--max-time", cfg.TimeLimit.String()}
	if cfg.MemoryMB > 0 {
		args = append(args, "--max-memory", fmt.Sprint(cfg.MemoryMB))
	}
	if v.Std() != "" {
		args = append(args, "--std", v.Std())
	}
	if f := runCFlags(cfg, v); f != "" {
		args = append(args, "--cflags", f)
	}
	for _, d := range v.DefineFlags() {
		args = append(args, "-D", d)
	}
	for _, e := range v.EnvList() {
		args = append(args, "--env", e)
	}
	if c := v.CheckFP(); c != "" {
		args = append(args, "--check-fp", c)
	}
	if v.Property != "" {
		args = append(args, "--property", v.Property)
	}
	args = append(args, cfg.ExtraArgs...)
	args = append(args, v.provided.RunArgs...)
	args = append(args, v.Sources()...)
	if len(v.Args) > 0 {
		args = append(append(args, "--"), v.Args...)
	}
	return args
}

// panicRE finds a Go panic or fatal runtime error in floatsym's stderr;
// goroutineRE confirms it is Go's (the program's own stderr passes through
// floatsym too).
var (
	panicRE     = regexp.MustCompile(`(?m)^(panic: .*|fatal error: .*)$`)
	goroutineRE = regexp.MustCompile(`(?m)^goroutine \d+ \[`)
)

// goPanic returns the panic line of a Go panic trace in stderr, or "".
func goPanic(stderr string) string {
	if !goroutineRE.MatchString(stderr) {
		return ""
	}
	return panicRE.FindString(stderr)
}

// execute runs floatsym for the variant and gathers the evidence.
func execute(ctx context.Context, cfg *Config, v *Variant, dir string, r *Result, log *logrus.Entry) (Evidence, *Summary, error) {
	if err := os.RemoveAll(dir); err != nil {
		return Evidence{}, nil, fmt.Errorf("cleaning %s: %w", dir, err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Evidence{}, nil, fmt.Errorf("creating %s: %w", dir, err)
	}
	outDir := filepath.Join(dir, "out")
	args := RunArgs(cfg, v, outDir)
	r.Command = append([]string{cfg.Floatsym}, args...)

	stdoutF, err := os.Create(filepath.Join(dir, "stdout.txt"))
	if err != nil {
		return Evidence{}, nil, fmt.Errorf("run output: %w", err)
	}
	defer stdoutF.Close()
	stderrF, err := os.Create(filepath.Join(dir, "stderr.txt"))
	if err != nil {
		return Evidence{}, nil, fmt.Errorf("run output: %w", err)
	}
	defer stderrF.Close()
	tail := &tailBuffer{max: 64 << 10}

	hardCtx, cancel := context.WithTimeout(ctx, cfg.HardLimit())
	defer cancel()
	cmd := exec.CommandContext(hardCtx, cfg.Floatsym, args...)
	cmd.Dir = dir
	cmd.Stdin = nil
	if len(cfg.Env) > 0 {
		cmd.Env = append(os.Environ(), cfg.Env...)
	}
	cmd.Stdout = &capWriter{w: stdoutF, left: maxCapture}
	cmd.Stderr = io.MultiWriter(&capWriter{w: stderrF, left: maxCapture}, tail)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		// floatsym runs clang: kill the whole group.
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	cmd.WaitDelay = 10 * time.Second
	log.WithField("cmd", strings.Join(r.Command, " ")).Debug("running floatsym")
	start := time.Now()
	runErr := cmd.Run()
	r.Elapsed = time.Since(start).Seconds()
	if ctx.Err() != nil {
		return Evidence{}, nil, fmt.Errorf("floatsym run: %w", ctx.Err())
	}
	if cmd.ProcessState != nil {
		r.ExitCode = cmd.ProcessState.ExitCode()
	}

	ev := Evidence{}
	sum, sumErr := ReadSummary(filepath.Join(outDir, "summary.json"))
	var startErr *exec.Error
	switch {
	case hardCtx.Err() != nil:
		ev.Status = StatusKilled
	case errors.As(runErr, &startErr):
		return Evidence{}, nil, fmt.Errorf("starting floatsym: %w", runErr)
	case runErr != nil:
		ev.Status, ev.CrashReason = StatusCrashed, fmt.Sprintf("floatsym %v: %s", runErr, lastLine(tail.String()))
	case goPanic(tail.String()) != "":
		ev.Status, ev.CrashReason = StatusCrashed, "floatsym "+goPanic(tail.String())
	case sumErr != nil:
		ev.Status, ev.CrashReason = StatusCrashed, "no usable summary.json: "+sumErr.Error()
	default:
		ev.Status = StatusFinished
	}
	if ev.Status == StatusCrashed {
		if m := goPanic(tail.String()); m != "" {
			ev.CrashReason = "floatsym " + m
		}
	}
	if sumErr != nil {
		sum = nil
	}
	if sum != nil {
		ev.Complete = ev.Status == StatusFinished && sum.Complete
		// An incomplete run that used its whole budget stopped at the
		// limit even when no path says so (its last states may have ended
		// in solver timeouts at the deadline).
		ev.TimeLimitReached = sum.TimeLimitReached() ||
			!sum.Complete && sum.WallTime >= cfg.TimeLimit.Seconds()
	}
	ev.Reports, err = collectReports(outDir, sum)
	if err != nil {
		log.WithError(err).Warn("could not collect all reports")
	}
	return ev, sum, nil
}

// capWriter writes at most left bytes to w and drops the rest.
type capWriter struct {
	w    io.Writer
	left int
}

func (c *capWriter) Write(p []byte) (int, error) {
	n := len(p)
	if c.left <= 0 {
		return n, nil
	}
	if len(p) > c.left {
		p = p[:c.left]
	}
	c.left -= len(p)
	if _, err := c.w.Write(p); err != nil {
		c.left = 0 // keep the process running; the capture is best effort
	}
	return n, nil
}

// tailBuffer keeps the last max bytes written.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2*t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.buf
	if len(b) > t.max {
		b = b[len(b)-t.max:]
	}
	return string(b)
}

func lastLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}

func firstLines(s string, n int) string {
	lines := strings.SplitN(strings.TrimSpace(s), "\n", n+1)
	if len(lines) > n {
		lines = append(lines[:n], "…")
	}
	return strings.Join(lines, " | ")
}

// progress prints the progress of a benchmark run.
type progress struct {
	mu      sync.Mutex
	w       io.Writer
	total   int
	done    int
	start   time.Time
	running map[string]time.Time
}

func newProgress(w io.Writer, total int) *progress {
	return &progress{w: w, total: total, start: time.Now(), running: map[string]time.Time{}}
}

func (p *progress) begin(id string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.running[id] = time.Now()
}

func (p *progress) finish(id string, r *Result) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.running, id)
	if r == nil {
		return
	}
	p.done++
	if p.w == nil {
		return
	}
	width := len(fmt.Sprint(p.total))
	extra := ""
	if r.Reason != "" && r.Outcome != OutcomeTP && r.Outcome != OutcomeVerified {
		extra = "  (" + truncate(r.Reason, 80) + ")"
	}
	fmt.Fprintf(p.w, "[%*d/%d %s] %-40s %-8s %s%s\n", width, p.done, p.total, fmtDuration(time.Since(p.start)),
		r.ID, r.Outcome, fmtSeconds(r.Elapsed), extra)
}

func (p *progress) tick(every time.Duration) (stop func()) {
	if p.w == nil {
		return func() {}
	}
	done := make(chan struct{})
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				p.status()
			}
		}
	}()
	var once sync.Once
	return func() { once.Do(func() { close(done) }) }
}

func (p *progress) status() {
	p.mu.Lock()
	defer p.mu.Unlock()
	ids := make([]string, 0, len(p.running))
	for id := range p.running {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	var parts []string
	for _, id := range ids {
		parts = append(parts, fmt.Sprintf("%s (%s)", id, fmtDuration(time.Since(p.running[id]))))
	}
	fmt.Fprintf(p.w, "[%d/%d %s] running: %s\n", p.done, p.total, fmtDuration(time.Since(p.start)), strings.Join(parts, ", "))
}

func truncate(s string, n int) string {
	s = strings.ReplaceAll(s, "\n", " ")
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func fmtDuration(d time.Duration) string {
	d = d.Round(time.Second)
	h, m, s := int(d.Hours()), int(d.Minutes())%60, int(d.Seconds())%60
	if h > 0 {
		return fmt.Sprintf("%dh%02dm%02ds", h, m, s)
	}
	return fmt.Sprintf("%dm%02ds", m, s)
}

func fmtSeconds(s float64) string {
	switch {
	case s <= 0:
		return "-"
	case s < 10:
		return fmt.Sprintf("%.2fs", s)
	case s < 600:
		return fmt.Sprintf("%.1fs", s)
	}
	return fmtDuration(time.Duration(s * float64(time.Second)))
}
