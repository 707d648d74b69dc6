package bench

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fakeSlurm writes sbatch, squeue, sacct and scancel as shell scripts in
// dir: sbatch records its arguments and prints "42;cluster"; squeue lists
// the job for `polls` calls (then Slurm forgets it: "Invalid job id");
// sacct prints sacctOut; scancel records that it ran.
func fakeSlurm(t *testing.T, dir string, polls int, sacctOut string) *Slurm {
	t.Helper()
	scripts := map[string]string{
		"sbatch": `echo "$@" > ` + dir + `/sbatch.args; echo "42;cluster"`,
		"squeue": `n=$(cat ` + dir + `/polls 2>/dev/null || echo 0); echo $((n+1)) > ` + dir + `/polls
if [ "$n" -lt ` + strconv.Itoa(polls) + ` ]; then echo "42_[1-3] PENDING"; echo "42_0 RUNNING"; exit 0; fi
echo "slurm_load_jobs error: Invalid job id specified" >&2; exit 1`,
		"sacct":   `printf '%s' '` + sacctOut + `'`,
		"scancel": `echo "$@" > ` + dir + `/scancel.args`,
	}
	s := &Slurm{Poll: 10 * time.Millisecond, Log: quietLog()}
	for name, body := range scripts {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		switch name {
		case "sbatch":
			s.Sbatch = p
		case "squeue":
			s.Squeue = p
		case "sacct":
			s.Sacct = p
		case "scancel":
			s.Scancel = p
		}
	}
	return s
}

func testPlan(t *testing.T, tasks int) *Plan {
	dir := t.TempDir()
	p := &Plan{Dir: dir, Floatsym: "/bin/floatsym", Resources: Resources{TimeMinutes: 3, MemoryMB: 100, CPUs: 1, JobName: "j"}}
	for i := 0; i < tasks; i++ {
		p.Tasks = append(p.Tasks, PlanTask{Index: i, Result: filepath.Join("results", strconv.Itoa(i)+".json")})
	}
	if err := os.MkdirAll(filepath.Join(dir, "results"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSlurmSubmitFollow: the job id from sbatch --parsable, a
// resubmission's --array, squeue polled until Slurm forgets the job,
// sacct's states per task, the progress lines.
func TestSlurmSubmitFollow(t *testing.T) {
	bin := t.TempDir()
	s := fakeSlurm(t, bin, 3, "42_0|COMPLETED|0:0\n42_1|PREEMPTED|0:0\n42_2|TIMEOUT|0:1\n")
	var progress bytes.Buffer
	s.Progress = &progress
	p := testPlan(t, 4)
	ctx := context.Background()
	id, err := s.Submit(ctx, p, "1,2")
	if err != nil || id != "42" {
		t.Fatalf("submit: %q, %v", id, err)
	}
	args, _ := os.ReadFile(filepath.Join(bin, "sbatch.args"))
	if want := "--parsable --array=1,2 " + filepath.Join(p.Dir, ArrayScript); strings.TrimSpace(string(args)) != want {
		t.Errorf("sbatch %q, want %q", args, want)
	}
	if err := os.WriteFile(filepath.Join(p.Dir, "results", "0.json"), []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	states, err := s.Follow(ctx, p, id)
	if err != nil {
		t.Fatal(err)
	}
	polls, _ := os.ReadFile(filepath.Join(bin, "polls"))
	if strings.TrimSpace(string(polls)) != "4" {
		t.Errorf("squeue ran %s times, want 4 (3 with the job listed, 1 without)", polls)
	}
	if len(states) != 3 || states[1] != "PREEMPTED (exit 0:0)" || states[2] != "TIMEOUT (exit 0:1)" {
		t.Errorf("states %v", states)
	}
	if !strings.Contains(progress.String(), "[slurm job 42] 1/4 results") {
		t.Errorf("progress %q", progress.String())
	}
	if _, err := s.Submit(ctx, &Plan{Dir: p.Dir}, ""); err == nil || !strings.Contains(err.Error(), "no task") {
		t.Errorf("empty plan: %v", err)
	}
}

// TestSlurmFollowCancel: an interrupt cancels the job with scancel.
func TestSlurmFollowCancel(t *testing.T) {
	bin := t.TempDir()
	s := fakeSlurm(t, bin, 9, "")
	p := testPlan(t, 1)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for {
			if _, err := os.Stat(filepath.Join(bin, "polls")); err == nil {
				cancel()
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	if _, err := s.Follow(ctx, p, "42"); err == nil || !strings.Contains(err.Error(), "canceled") {
		t.Errorf("follow after the interrupt: %v", err)
	}
	args, err := os.ReadFile(filepath.Join(bin, "scancel.args"))
	if err != nil || strings.TrimSpace(string(args)) != "42" {
		t.Errorf("scancel: %q, %v", args, err)
	}
}
