package bench

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/sirupsen/logrus"
)

// Slurm submits a plan's job array and follows it with Slurm's own
// commands (sbatch, squeue, sacct when accounting is configured, scancel
// on an interrupt). The tasks' results are read from the plan directory,
// not from Slurm: a cluster without accounting works the same.
type Slurm struct {
	// Commands (found on PATH when empty).
	Sbatch, Squeue, Sacct, Scancel string
	// Poll is the period of squeue (5 s when zero).
	Poll time.Duration
	// Progress receives a line whenever the count of results changes.
	Progress io.Writer
	Log      *logrus.Entry
}

func (s *Slurm) defaults() {
	for _, c := range []struct {
		p    *string
		name string
	}{{&s.Sbatch, "sbatch"}, {&s.Squeue, "squeue"}, {&s.Sacct, "sacct"}, {&s.Scancel, "scancel"}} {
		if *c.p == "" {
			*c.p = c.name
		}
	}
	if s.Poll <= 0 {
		s.Poll = 5 * time.Second
	}
	if s.Log == nil {
		s.Log = logrus.NewEntry(logrus.StandardLogger())
	}
}

// Submit submits the plan's array.sbatch (indices, e.g. "3,7": only those
// tasks; "": all) and returns the job id.
func (s *Slurm) Submit(ctx context.Context, p *Plan, indices string) (string, error) {
	s.defaults()
	if len(p.Tasks) == 0 {
		return "", fmt.Errorf("the plan in %s has no task to submit", p.Dir)
	}
	if _, err := exec.LookPath(s.Sbatch); err != nil {
		return "", fmt.Errorf("submitting to Slurm: %w (is Slurm installed? scripts/slurm-local.sh start sets up one node)", err)
	}
	args := []string{"--parsable"}
	if indices != "" {
		args = append(args, "--array="+indices)
	}
	args = append(args, filepath.Join(p.Dir, ArrayScript))
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, s.Sbatch, args...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("sbatch %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	// --parsable prints "jobid" or "jobid;cluster".
	id, _, _ := strings.Cut(strings.TrimSpace(string(out)), ";")
	if id == "" {
		return "", fmt.Errorf("sbatch %s printed no job id", strings.Join(args, " "))
	}
	s.Log.WithFields(logrus.Fields{"job": id, "tasks": len(p.Tasks), "plan": p.Dir}).Info("submitted job array")
	return id, nil
}

// Follow waits until the job has left the queue, reporting the results as
// they arrive, and returns the final state of each task when sacct knows
// it (nil without accounting). On ctx's end it cancels the job (scancel)
// and returns ctx's error.
func (s *Slurm) Follow(ctx context.Context, p *Plan, jobID string) (map[int]string, error) {
	s.defaults()
	lastDone := -1
	for {
		done := countResults(p)
		if done != lastDone && s.Progress != nil {
			fmt.Fprintf(s.Progress, "[slurm job %s] %d/%d results\n", jobID, done, len(p.Tasks))
		}
		lastDone = done
		queued, err := s.queued(ctx, jobID)
		if ctx.Err() != nil {
			return nil, s.cancel(ctx, jobID)
		}
		if err != nil {
			return nil, err
		}
		if queued == 0 {
			break
		}
		select {
		case <-ctx.Done():
			return nil, s.cancel(ctx, jobID)
		case <-time.After(s.Poll):
		}
	}
	if done := countResults(p); done != lastDone && s.Progress != nil {
		fmt.Fprintf(s.Progress, "[slurm job %s] %d/%d results\n", jobID, done, len(p.Tasks))
	}
	return s.states(ctx, jobID), nil
}

// cancel cancels the job we submitted (the interrupt's error).
func (s *Slurm) cancel(ctx context.Context, jobID string) error {
	cancel := exec.Command(s.Scancel, jobID)
	if out, err := cancel.CombinedOutput(); err != nil {
		s.Log.WithError(err).WithField("output", strings.TrimSpace(string(out))).Warn("scancel failed")
	} else {
		s.Log.WithField("job", jobID).Warn("job cancelled")
	}
	return fmt.Errorf("following slurm job %s: %w", jobID, ctx.Err())
}

// queued is how many of the job's tasks squeue still lists (a job Slurm
// has forgotten counts as none).
func (s *Slurm) queued(ctx context.Context, jobID string) (int, error) {
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, s.Squeue, "-h", "-j", jobID, "-o", "%i %T")
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if strings.Contains(stderr.String(), "Invalid job id") {
			return 0, nil
		}
		return 0, fmt.Errorf("squeue -j %s: %w: %s", jobID, err, strings.TrimSpace(stderr.String()))
	}
	n := 0
	for _, l := range strings.Split(string(out), "\n") {
		if strings.TrimSpace(l) != "" {
			n++
		}
	}
	return n, nil
}

// states asks sacct for each array task's final state; nil when sacct is
// missing or accounting is not configured.
func (s *Slurm) states(ctx context.Context, jobID string) map[int]string {
	if _, err := exec.LookPath(s.Sacct); err != nil {
		return nil
	}
	out, err := exec.CommandContext(ctx, s.Sacct, "-n", "-P", "-X", "-j", jobID, "-o", "JobID,State,ExitCode").Output()
	if err != nil {
		s.Log.WithError(err).Debug("sacct gave nothing (no accounting storage): the results are read from the plan")
		return nil
	}
	return parseSacct(string(out), jobID)
}

// parseSacct reads `sacct -n -P -X -o JobID,State,ExitCode` lines
// ("123_4|COMPLETED|0:0").
func parseSacct(out, jobID string) map[int]string {
	states := map[int]string{}
	for _, l := range strings.Split(out, "\n") {
		f := strings.Split(strings.TrimSpace(l), "|")
		if len(f) < 3 {
			continue
		}
		job, task, ok := strings.Cut(f[0], "_")
		if !ok || job != jobID {
			continue
		}
		i, err := strconv.Atoi(task)
		if err != nil {
			continue // a pending range "[3-7]"
		}
		states[i] = f[1] + " (exit " + f[2] + ")"
	}
	return states
}

// countResults counts the plan's tasks with a result file.
func countResults(p *Plan) int {
	n := 0
	for _, t := range p.Tasks {
		if _, err := os.Stat(filepath.Join(p.Dir, t.Result)); err == nil {
			n++
		}
	}
	return n
}
