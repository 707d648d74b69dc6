package bench

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/floatsym/floatsym/internal/replay"
)

// Outcome is the verdict on one variant.
type Outcome string

// Outcomes, from best to worst as far as the study is concerned. FP wins
// over everything: one false positive makes the variant FP.
const (
	// OutcomeTP: at least one expected bug was reported, replayed
	// natively with the right kind at a listed location, and there was no
	// false positive.
	OutcomeTP Outcome = "TP"
	// OutcomeVerified: a correct variant explored completely with no
	// report at all.
	OutcomeVerified Outcome = "verified"
	// OutcomeFP: some report is not a confirmed expected bug.
	OutcomeFP Outcome = "FP"
	// OutcomeTimeout: no verdict because the time limit was reached
	// (floatsym stopped itself there, or was killed later).
	OutcomeTimeout Outcome = "timeout"
	// OutcomeCrash: floatsym could not run the program (non-zero exit, a
	// Go panic, no summary.json).
	OutcomeCrash Outcome = "crash"
	// OutcomeUnknown: floatsym finished within the time limit without a
	// verdict (incomplete exploration, own errors, a missed bug).
	OutcomeUnknown Outcome = "unknown"
	// OutcomeSkipped: the variant was not run (see Result.Reason).
	OutcomeSkipped Outcome = "skipped"
)

// Outcomes lists every outcome in display order.
var Outcomes = []Outcome{OutcomeTP, OutcomeVerified, OutcomeFP, OutcomeTimeout, OutcomeCrash, OutcomeUnknown, OutcomeSkipped}

// RunStatus is how the floatsym process ended.
type RunStatus string

// Run statuses.
const (
	StatusFinished RunStatus = "finished" // exit 0 and a summary.json
	StatusKilled   RunStatus = "killed"   // hard time limit: killed by bench
	StatusCrashed  RunStatus = "crashed"  // non-zero exit, panic, or no summary
	StatusNotRun   RunStatus = "not-run"  // skipped
)

// Report verdicts.
const (
	VerdictTP   = "TP"   // a confirmed expected bug
	VerdictFP   = "FP"   // anything else floatsym called a bug
	VerdictTool = "tool" // floatsym's own kinds: not a claim about the program
)

// toolKinds are recorded kinds that report floatsym's limits, not bugs of
// the program: they are neither true nor false positives, but a run with
// any of them is not a complete exploration.
var toolKinds = map[string]bool{
	replay.KindExec: true, replay.KindModel: true, replay.KindSolver: true,
	replay.KindExternal: true, replay.KindUser: true, replay.KindEarly: true,
	"limit": true, replay.KindTimeout: true,
}

// IsToolKind reports whether a recorded error kind is one of floatsym's
// own (exec, model, solver, external, user, limit/early).
func IsToolKind(kind string) bool { return toolKinds[kind] }

// Report is one error floatsym reported, with its native replay.
type Report struct {
	// Test is the .ktest file (a base name or a path; "" when floatsym
	// wrote none).
	Test string
	// Recorded is what floatsym recorded (kind from the .err file name,
	// file, line, message).
	Recorded replay.Outcome
	// Native is the outcome of running the test natively; nil when it
	// was not (or could not be) replayed.
	Native *replay.Outcome
	// ReplayError says why Native is nil.
	ReplayError string
}

// Evidence is everything Judge looks at besides the spec.
type Evidence struct {
	Status RunStatus
	// Complete is summary.json's "complete": every path ran to its end.
	Complete bool
	// TimeLimitReached: floatsym stopped some path at its time limit.
	TimeLimitReached bool
	// CrashReason describes a StatusCrashed run.
	CrashReason string
	Reports     []Report
}

// ReportVerdict is the judgement of one report.
type ReportVerdict struct {
	Test    string `json:"test,omitempty"`
	Kind    string `json:"kind"`
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Message string `json:"message,omitempty"`
	Verdict string `json:"verdict"`
	// Task is the verification task a TP counts for.
	Task string `json:"task,omitempty"`
	// Native is the native replay's outcome, as text.
	Native string `json:"native,omitempty"`
	// Reason explains an FP (or what a TP matched).
	Reason string `json:"reason,omitempty"`
}

// Judgement is the verdict on one variant.
type Judgement struct {
	Outcome      Outcome
	Expected     Expectation
	BugsExpected int
	BugsFound    int
	// TruePositives, FalsePositives and ToolReports count reports.
	TruePositives  int
	FalsePositives int
	ToolReports    int
	// ToolKinds counts the tool reports by kind.
	ToolKinds map[string]int
	// TimedOut: the exploration hit the time limit (or was killed);
	// Crashed: floatsym could not run. Both are counted in the totals
	// whatever the outcome.
	TimedOut bool
	Crashed  bool
	Reports  []ReportVerdict
	// Reason explains the outcome when it is not self-evident.
	Reason string
	// MissedBugs lists the expected bugs not found, as "task: locations".
	MissedBugs []string
}

// taskForKind maps a native error kind to the task it violates.
var taskForKind = map[string]string{
	replay.KindAssert:    TaskAssert,
	replay.KindAbort:     TaskReachError,
	replay.KindPtr:       TaskDeref,
	replay.KindReadOnly:  TaskDeref,
	replay.KindFree:      TaskFree,
	replay.KindDiv:       TaskDiv,
	replay.KindOvershift: TaskOvershift,
	replay.KindFPConv:    TaskFPConv,
}

// fpexcTask maps a trapped exception (the native fpexc outcome's message,
// "floating-point EXC trapped: ...") to its task.
func fpexcTask(o replay.Outcome) string {
	rest, ok := strings.CutPrefix(o.Message, "floating-point ")
	if !ok {
		return ""
	}
	exc, _, _ := strings.Cut(rest, " ")
	for t, c := range fpTaskCheck {
		if c == exc {
			return t
		}
	}
	return ""
}

// KindTask returns the verification task that a bug of the given kind
// violates ("" for none): assert ↔ no_assert_fail, abort ↔
// no_reach_error_function, ptr ↔ no_invalid_deref, free ↔
// no_invalid_free, div ↔ no_integer_division_by_zero, overshift ↔
// no_overshift.
func KindTask(kind string) string { return taskForKind[kind] }

// reachErrorFuncs are the functions whose being reached is the
// no_reach_error_function property, however they fail natively.
var reachErrorFuncs = map[string]bool{"reach_error": true, "__VERIFIER_error": true}

func funcName(f string) string {
	if i := strings.IndexAny(f, "( "); i >= 0 {
		f = f[:i]
	}
	return f
}

// candidateTasks are the tasks a native error outcome may count for.
func candidateTasks(o replay.Outcome) []string {
	var out []string
	for _, f := range o.Stack {
		if reachErrorFuncs[funcName(f.Function)] && (o.Kind == replay.KindAbort || o.Kind == replay.KindAssert) {
			out = append(out, TaskReachError)
			break
		}
	}
	if o.Kind == replay.KindFPExc {
		if t := fpexcTask(o); t != "" {
			out = append(out, t)
		}
	}
	if t := KindTask(o.Kind); t != "" && (len(out) == 0 || out[0] != t) {
		out = append(out, t)
	}
	return out
}

// nativeLocations are where a native error counts as having happened: its
// own location, the innermost frame of the program's sources, and the call
// site of reach_error / __VERIFIER_error.
func nativeLocations(o replay.Outcome) []Location {
	var out []Location
	add := func(file string, line int) {
		if line <= 0 {
			return
		}
		for _, l := range out {
			if l.File == file && l.Line == line {
				return
			}
		}
		out = append(out, Location{File: file, Line: line})
	}
	add(o.File, o.Line)
	if f, ok := o.CallSite(); ok {
		add(f.File, f.Line)
	}
	for i, f := range o.Stack {
		if !reachErrorFuncs[funcName(f.Function)] {
			continue
		}
		for _, c := range o.Stack[i+1:] {
			if c.User {
				add(c.File, c.Line)
				break
			}
		}
	}
	return out
}

// sameFile reports whether a file named by a native run is the spec's
// location file (relative to the spec directory).
func sameFile(native, spec string) bool {
	n := filepath.ToSlash(filepath.Clean(native))
	s := filepath.ToSlash(filepath.Clean(spec))
	if n == s || strings.HasSuffix(n, "/"+s) {
		return true
	}
	// A bare name (glibc's assertion message with a relative __FILE__).
	return !strings.Contains(n, "/") && n == filepath.Base(s)
}

// Judge decides a variant's outcome from its spec and the evidence. It is
// a pure function: the native replays are done before.
//
// A report is a true positive only when (1) its test replays natively with
// the recorded kind and location (replay.Compare), (2) the native kind maps
// to a task the spec marks `correct: false`, and (3) the native location is
// one the task's counter examples list (any location when the task lists
// none). Every other report of a program error is a false positive.
// Reports of floatsym's own kinds are counted separately and only make the
// run incomplete.
func Judge(v *Variant, ev Evidence) Judgement {
	j := Judgement{Expected: v.Expectation(), BugsExpected: v.ExpectedBugs(), ToolKinds: map[string]int{}}
	// found[task][bug index]
	found := map[string]map[int]bool{}
	// anywhere[task]: a TP of a task that lists no locations
	anywhere := map[string]bool{}
	for _, r := range ev.Reports {
		rv := ReportVerdict{Test: filepath.Base(r.Test), Kind: r.Recorded.Kind, File: r.Recorded.File,
			Line: r.Recorded.Line, Message: r.Recorded.Message}
		if r.Test == "" {
			rv.Test = ""
		}
		if r.Native != nil {
			rv.Native = r.Native.String()
		}
		task, bug, reason := judgeReport(v, r)
		switch {
		case IsToolKind(r.Recorded.Kind):
			rv.Verdict = VerdictTool
			j.ToolReports++
			j.ToolKinds[r.Recorded.Kind]++
		case task == "":
			rv.Verdict, rv.Reason = VerdictFP, reason
			j.FalsePositives++
		default:
			rv.Verdict, rv.Task, rv.Reason = VerdictTP, task, reason
			j.TruePositives++
			if bug >= 0 {
				if found[task] == nil {
					found[task] = map[int]bool{}
				}
				found[task][bug] = true
			} else {
				anywhere[task] = true
			}
		}
		j.Reports = append(j.Reports, rv)
	}
	for _, t := range v.Tasks {
		if !t.IsBug() {
			continue
		}
		if !t.HasLocations() {
			if anywhere[t.Name] {
				j.BugsFound++
			} else {
				j.MissedBugs = append(j.MissedBugs, t.Name+": anywhere")
			}
			continue
		}
		j.BugsFound += len(found[t.Name])
		for i, b := range t.Bugs() {
			if !found[t.Name][i] {
				j.MissedBugs = append(j.MissedBugs, t.Name+": "+locationList(b.Locations))
			}
		}
	}
	j.Crashed = ev.Status == StatusCrashed
	j.TimedOut = ev.Status == StatusKilled || ev.Status == StatusFinished && !ev.Complete && ev.TimeLimitReached

	switch {
	case ev.Status == StatusNotRun:
		j.Outcome = OutcomeSkipped
	case j.FalsePositives > 0:
		j.Outcome = OutcomeFP
		j.Reason = fmt.Sprintf("%d false positive(s)", j.FalsePositives)
		for _, rv := range j.Reports {
			if rv.Verdict == VerdictFP {
				j.Reason += ": " + rv.Reason
				break
			}
		}
	case j.BugsFound > 0:
		j.Outcome = OutcomeTP
		if j.BugsFound < j.BugsExpected {
			j.Reason = fmt.Sprintf("found %d of %d expected bugs", j.BugsFound, j.BugsExpected)
		}
	case j.Crashed:
		j.Outcome, j.Reason = OutcomeCrash, ev.CrashReason
	case j.TimedOut:
		j.Outcome = OutcomeTimeout
		if ev.Status == StatusKilled {
			j.Reason = "killed at the hard time limit"
		} else {
			j.Reason = "exploration stopped at the time limit"
		}
	case j.Expected == ExpectCorrect && ev.Complete && j.ToolReports == 0 && len(ev.Reports) == 0:
		j.Outcome = OutcomeVerified
	default:
		j.Outcome = OutcomeUnknown
		switch {
		case j.ToolReports > 0:
			j.Reason = "floatsym reported its own errors: " + kindCounts(j.ToolKinds)
		case !ev.Complete:
			j.Reason = "exploration incomplete (limits)"
		case j.Expected == ExpectBug:
			j.Reason = "exploration complete but no expected bug found (missed bug)"
		case j.Expected == ExpectUnknown:
			j.Reason = "the spec's verdict is unknown (correct: null)"
		}
	}
	return j
}

// judgeReport returns the task and the index of the bug in its Bugs (-1:
// a task without locations) a report confirms, or "" and the reason it is
// a false positive.
func judgeReport(v *Variant, r Report) (task string, bug int, reason string) {
	if IsToolKind(r.Recorded.Kind) {
		return "", -1, ""
	}
	if r.Native == nil {
		why := r.ReplayError
		if why == "" {
			why = "no native replay"
		}
		return "", -1, "not replayed: " + why
	}
	if ok, why := replay.Compare(r.Recorded, *r.Native); !ok {
		return "", -1, "does not replay: " + why
	}
	n := *r.Native
	cands := candidateTasks(n)
	if len(cands) == 0 {
		return "", -1, fmt.Sprintf("kind %s is not a verification task's", n.Kind)
	}
	locs := nativeLocations(n)
	var reasons []string
	for _, name := range cands {
		t := v.Task(name)
		switch {
		case t.IsCorrect():
			reasons = append(reasons, fmt.Sprintf("the spec says %s holds", name))
			continue
		case !t.IsBug():
			reasons = append(reasons, fmt.Sprintf("the spec's verdict for %s is unknown", name))
			continue
		}
		if !t.HasLocations() {
			return name, -1, "task lists no locations"
		}
		for i, b := range t.Bugs() {
			for _, want := range b.Locations {
				for _, got := range locs {
					if got.Line == want.Line && sameFile(got.File, want.File) {
						return name, i, "at " + want.String()
					}
				}
			}
		}
		reasons = append(reasons, fmt.Sprintf("%s at %s is not a listed location of %s (%s)",
			n.Kind, shortLocations(locs), name, taskLocations(t)))
	}
	return "", -1, strings.Join(reasons, "; ")
}

func shortLocations(locs []Location) string {
	if len(locs) == 0 {
		return "an unknown location"
	}
	var s []string
	for _, l := range locs {
		s = append(s, fmt.Sprintf("%s:%d", filepath.Base(l.File), l.Line))
	}
	return strings.Join(s, " / ")
}

func locationList(locs []Location) string {
	var s []string
	for _, l := range locs {
		s = append(s, l.String())
	}
	return strings.Join(s, " | ")
}

func taskLocations(t *Task) string {
	var s []string
	for _, ce := range t.CounterExamples {
		for _, l := range ce.Locations {
			s = append(s, l.String())
		}
	}
	return "listed: " + strings.Join(s, ", ")
}

func kindCounts(m map[string]int) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var s []string
	for _, k := range keys {
		s = append(s, fmt.Sprintf("%d %s", m[k], k))
	}
	return strings.Join(s, ", ")
}
