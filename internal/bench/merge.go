package bench

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/floatsym/floatsym/internal/atomicfile"
)

// StatusMissing: a planned task left no result (not run yet, failed
// before writing it, killed by the scheduler or preempted).
const StatusMissing RunStatus = "missing"

// MissingTask is a task without a usable result.
type MissingTask struct {
	Index int    `json:"index"`
	ID    string `json:"id"`
	// Reason says what is known: no result file, an unreadable one, the
	// scheduler's state (sacct), the last line of its log.
	Reason string `json:"reason"`
}

// Merged is a plan's results put together.
type Merged struct {
	Plan *Plan
	// Doc is the report, in the suite's order, as a local run's: the
	// missing tasks are in it as unknown with StatusMissing.
	Doc     *Document
	Missing []MissingTask
	// Resubmit is the command that runs the missing tasks alone ("" when
	// none is missing); ResubmitScript the script --merge wrote for it.
	Resubmit       string
	ResubmitScript string
}

// MergeOptions control Merge.
type MergeOptions struct {
	// States are the scheduler's final states per task index (sacct),
	// added to the reasons of missing tasks.
	States map[int]string
}

// Merge reads the plan in dir and its tasks' results, and builds the
// report a local run of the same variants gives (times aside). Tasks
// without a result are named in Missing; DIR/resubmit.sbatch then runs
// them alone (and is removed when none is missing).
func Merge(dir string, opts MergeOptions) (*Merged, error) {
	p, err := LoadPlan(dir)
	if err != nil {
		return nil, err
	}
	m := &Merged{Plan: p}
	n := len(p.Tasks) + len(p.Skipped)
	results := make([]Result, n)
	filled := make([]bool, n)
	place := func(pos int, r Result) error {
		if pos < 0 || pos >= n || filled[pos] {
			return fmt.Errorf("%s: position %d is out of range or used twice", filepath.Join(p.Dir, PlanFile), pos)
		}
		results[pos], filled[pos] = r, true
		return nil
	}
	for _, s := range p.Skipped {
		if err := place(s.Position, s.Result); err != nil {
			return nil, err
		}
	}
	var spans []span
	for _, t := range p.Tasks {
		tr, why := readTaskResult(p, t)
		if tr == nil {
			if st := opts.States[t.Index]; st != "" {
				why += "; Slurm state " + st
			}
			if l := lastLogLine(filepath.Join(p.Dir, "logs", fmt.Sprintf("%d.out", t.Index))); l != "" {
				why += "; log: " + l
			}
			m.Missing = append(m.Missing, MissingTask{Index: t.Index, ID: t.ID, Reason: why})
			r := Result{ID: t.ID, Variant: t.Variant, Expected: t.Expected, BugsExpect: t.BugsExpected, ExitCode: -1,
				Outcome: OutcomeUnknown, Status: StatusMissing, Reason: fmt.Sprintf("task %d: %s", t.Index, why)}
			r.Spec, _, _ = strings.Cut(t.ID, "/")
			if err := place(t.Position, r); err != nil {
				return nil, err
			}
			continue
		}
		spans = append(spans, span{tr.Started, tr.Finished})
		if err := place(t.Position, tr.Result); err != nil {
			return nil, err
		}
	}
	for pos, ok := range filled {
		if !ok {
			return nil, fmt.Errorf("%s: no task or skipped variant at position %d", filepath.Join(p.Dir, PlanFile), pos)
		}
	}
	totals := ComputeTotals(results)
	started, wall, jobs := spanStats(spans)
	if started.IsZero() {
		started = p.Created
	}
	totals.WallSeconds = wall.Seconds()
	m.Doc = &Document{
		Tool: "floatsym", Version: p.FloatsymVersion, Started: started.Truncate(time.Second),
		TimeLimitSeconds: p.TimeLimitSeconds, MemoryMB: p.MemoryMB, Jobs: jobs, Paths: p.Paths,
		Results: results, Totals: totals,
	}
	script := filepath.Join(p.Dir, ResubmitFile)
	if len(m.Missing) == 0 {
		if err := os.Remove(script); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("removing %s: %w", script, err)
		}
		return m, nil
	}
	idx := make([]string, len(m.Missing))
	for i, t := range m.Missing {
		idx[i] = strconv.Itoa(t.Index)
	}
	list := strings.Join(idx, ",")
	if err := atomicfile.WriteFile(script, []byte(p.ArrayScript(list)), 0o644); err != nil {
		return nil, err
	}
	m.ResubmitScript = script
	m.Resubmit = fmt.Sprintf("sbatch --array=%s %s", list, filepath.Join(p.Dir, ArrayScript))
	return m, nil
}

// readTaskResult reads a task's result; nil and why when there is none.
func readTaskResult(p *Plan, t PlanTask) (*TaskResult, string) {
	path := filepath.Join(p.Dir, t.Result)
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, "no result (not run yet, failed or preempted)"
	}
	if err != nil {
		return nil, "result unreadable: " + err.Error()
	}
	var tr TaskResult
	if err := json.Unmarshal(b, &tr); err != nil {
		return nil, fmt.Sprintf("result %s unreadable: %v", path, err)
	}
	if tr.Index != t.Index || tr.ID != t.ID || tr.Result.ID != t.ID {
		return nil, fmt.Sprintf("result %s is for task %d (%s), not this one (an older plan's?)", path, tr.Index, tr.ID)
	}
	return &tr, ""
}

// lastLogLine is the last non-empty line of a task's log (Slurm's error
// when it killed the task), shortened.
func lastLogLine(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	return lastLine(string(b))
}

type span struct{ start, end time.Time }

// spanStats: the first start, the time from it to the last end, and the
// most tasks that ran at once.
func spanStats(spans []span) (first time.Time, wall time.Duration, most int) {
	if len(spans) == 0 {
		return time.Time{}, 0, 0
	}
	type ev struct {
		t     time.Time
		delta int
	}
	var evs []ev
	last := spans[0].end
	first = spans[0].start
	for _, s := range spans {
		evs = append(evs, ev{s.start, 1}, ev{s.end, -1})
		if s.start.Before(first) {
			first = s.start
		}
		if s.end.After(last) {
			last = s.end
		}
	}
	sort.Slice(evs, func(i, j int) bool {
		if evs[i].t.Equal(evs[j].t) {
			return evs[i].delta < evs[j].delta // an end before a start at the same instant
		}
		return evs[i].t.Before(evs[j].t)
	})
	cur := 0
	for _, e := range evs {
		cur += e.delta
		most = max(most, cur)
	}
	return first, last.Sub(first), most
}
