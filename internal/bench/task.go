package bench

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/floatsym/floatsym/internal/atomicfile"
)

// TaskResult is DIR/results/i.json: the judged variant and where and when
// its task ran.
type TaskResult struct {
	Index    int       `json:"index"`
	ID       string    `json:"id"`
	Host     string    `json:"host,omitempty"`
	Started  time.Time `json:"started"`
	Finished time.Time `json:"finished"`
	// SlurmJob is the job and array task (SLURM_ARRAY_JOB_ID_
	// SLURM_ARRAY_TASK_ID) when Slurm ran it.
	SlurmJob string `json:"slurm_job,omitempty"`
	Result   Result `json:"result"`
}

// TaskOptions control RunTask.
type TaskOptions struct {
	// Floatsym replaces the plan's binary (a container's own path); the
	// command line is otherwise the plan's.
	Floatsym string
	Log      *logrus.Entry
}

// RunTask runs task index of the plan in dir: it loads the variant's spec
// again, checks that the floatsym command line is still the planned one,
// runs, replays and judges the variant as a local bench run does, and
// writes DIR/results/<index>.json atomically. Nothing is written when ctx
// is cancelled (a preempted or timed-out task stays missing, and --merge
// names it).
func RunTask(ctx context.Context, dir string, index int, opts TaskOptions) (*TaskResult, error) {
	p, err := LoadPlan(dir)
	if err != nil {
		return nil, err
	}
	if index < 0 || index >= len(p.Tasks) {
		return nil, fmt.Errorf("task %d: the plan in %s has tasks 0..%d", index, p.Dir, len(p.Tasks)-1)
	}
	t := p.Tasks[index]
	v, err := t.loadVariant()
	if err != nil {
		return nil, err
	}
	cfg := p.Config()
	if opts.Floatsym != "" {
		cfg.Floatsym = opts.Floatsym
	}
	cfg.Log = opts.Log
	if err := cfg.setDefaults(); err != nil {
		return nil, err
	}
	taskDir := filepath.Join(p.Dir, t.WorkDir)
	if got := RunArgs(&cfg, v, filepath.Join(taskDir, "out")); !slices.Equal(got, t.Argv[1:]) {
		return nil, fmt.Errorf("task %d (%s): the spec %s changed since the plan was written (floatsym run %s, planned %s): write the plan again",
			index, t.ID, t.SpecFile, strings.Join(got, " "), strings.Join(t.Argv[1:], " "))
	}
	cfg.replayDir = filepath.Join(taskDir, "replay-builds")
	tr := &TaskResult{Index: index, ID: t.ID, Started: time.Now().UTC()}
	tr.Host, _ = os.Hostname()
	if j := os.Getenv("SLURM_ARRAY_JOB_ID"); j != "" {
		tr.SlurmJob = j + "_" + os.Getenv("SLURM_ARRAY_TASK_ID")
	}
	cfg.Log.WithFields(logrus.Fields{"task": index, "variant": t.ID, "host": tr.Host}).Info("running task")
	tr.Result = runVariant(ctx, &cfg, v, taskDir)
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("task %d (%s) interrupted, no result written: %w", index, t.ID, err)
	}
	tr.Finished = time.Now().UTC()
	b, err := json.MarshalIndent(tr, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("task %d: encoding the result: %w", index, err)
	}
	if err := atomicfile.WriteFile(filepath.Join(p.Dir, t.Result), append(b, '\n'), 0o644); err != nil {
		return nil, fmt.Errorf("task %d: %w", index, err)
	}
	return tr, nil
}

// loadVariant loads the task's variant from its spec file.
func (t *PlanTask) loadVariant() (*Variant, error) {
	s, err := LoadSpec(t.SpecFile)
	if err != nil {
		return nil, fmt.Errorf("task %d (%s): %w", t.Index, t.ID, err)
	}
	for _, v := range s.Variants {
		if v.Name == t.Variant {
			if v.ID() != t.ID {
				return nil, fmt.Errorf("task %d: %s's variant %s is now %s (planned %s): write the plan again",
					t.Index, t.SpecFile, t.Variant, v.ID(), t.ID)
			}
			if v.Skip != "" {
				return nil, fmt.Errorf("task %d (%s): not runnable any more: %s", t.Index, t.ID, v.Skip)
			}
			return v, nil
		}
	}
	return nil, fmt.Errorf("task %d: %s has no variant %s any more: write the plan again", t.Index, t.SpecFile, t.Variant)
}
