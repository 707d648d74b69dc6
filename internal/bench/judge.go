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
	// OutcomeFP: some report is not confirmed by the native replay (it
	// does not replay, or replays to another kind or place): floatsym's
	// own false positive.
	OutcomeFP Outcome = "FP"
	// OutcomeUnlisted: no expected bug was found, but some report replays
	// natively, with its kind and location, where the spec lists no bug
	// (a stale line, a bug the spec's authors missed). Under the study's
	// strict rule it is an FP (Result.StrictOutcome).
	OutcomeUnlisted Outcome = "unlisted"
	// OutcomeInfra: some report could not be judged because the runner's
	// native replay failed (the replay build or run could not be carried
	// out): an infrastructure error, not a verdict on floatsym.
	OutcomeInfra Outcome = "infra-error"
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
var Outcomes = []Outcome{OutcomeTP, OutcomeVerified, OutcomeUnlisted, OutcomeFP, OutcomeInfra, OutcomeTimeout,
	OutcomeCrash, OutcomeUnknown, OutcomeSkipped}

// RunStatus is how the floatsym process ended.
type RunStatus string

// Run statuses.
const (
	StatusFinished RunStatus = "finished" // exit 0 and a summary.json
	StatusKilled   RunStatus = "killed"   // hard time limit: killed by bench
	StatusCrashed  RunStatus = "crashed"  // non-zero exit, panic, or no summary
	StatusNotRun   RunStatus = "not-run"  // skipped
)

// Report verdicts: the three kinds of bug report, a report the runner
// could not judge, and floatsym's own errors.
const (
	// VerdictTP: confirmed natively and expected (right kind, a listed
	// location of a `correct: false` task).
	VerdictTP = "TP"
	// VerdictUnlisted: confirmed natively (same kind and location as
	// recorded), but not where the spec says: a real failure of the
	// program the spec does not list. A false positive only under the
	// study's strict rule.
	VerdictUnlisted = "unlisted"
	// VerdictFP: not confirmed (no test, does not replay, or replays to
	// another kind or location): floatsym's own false positive.
	VerdictFP = "FP"
	// VerdictInfra: the native replay could not be built or run, so the
	// report is not judged: an infrastructure error of the runner.
	VerdictInfra = "infra"
	// VerdictTool: floatsym's own kinds, not a claim about the program.
	VerdictTool = "tool"
)

// VerdictLabels describe the verdicts for people (tables, Markdown).
var VerdictLabels = map[string]string{
	VerdictTP:       "confirmed and expected",
	VerdictUnlisted: "confirmed natively, not where the spec says",
	VerdictFP:       "not confirmed (floatsym's false positive)",
	VerdictInfra:    "not judged: native replay infrastructure error",
	VerdictTool:     "floatsym's own error",
}

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
	// ReplayError says why Native is nil when floatsym is to blame (it
	// wrote no test for the report).
	ReplayError string
	// InfraError says why Native is nil when the runner is to blame: the
	// native build or run could not be carried out.
	InfraError string
	// Paths counts the paths that reached the error (summary.json).
	Paths int
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
	// Native is the native replay's outcome, as text, and NativeStack its
	// stack (innermost first, "function file:line").
	Native      string   `json:"native,omitempty"`
	NativeStack []string `json:"native_stack,omitempty"`
	// Reason explains an FP (or what a TP matched).
	Reason string `json:"reason,omitempty"`
	// Paths counts the paths that reached the error.
	Paths int `json:"paths,omitempty"`
}

// Judgement is the verdict on one variant.
type Judgement struct {
	Outcome      Outcome
	Expected     Expectation
	BugsExpected int
	BugsFound    int
	// TruePositives, Unlisted, FalsePositives, InfraErrors and
	// ToolReports count reports by verdict.
	TruePositives  int
	Unlisted       int
	FalsePositives int
	InfraErrors    int
	ToolReports    int
	// UnlistedBugs counts the distinct failures (kind and native
	// location) of the Unlisted reports: bugs found that the spec does
	// not list.
	UnlistedBugs int
	// StrictFalsePositives counts reports under the study's rule: every
	// report that is not a TP (Unlisted + FalsePositives); StrictOutcome
	// is the outcome under that rule.
	StrictFalsePositives int
	StrictOutcome        Outcome
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
// site of reach_error / __VERIFIER_error (and of the __VERIFIER_assert
// that called reach_error).
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
		// The call of reach_error; when that is SV-COMP's boilerplate
		// __VERIFIER_assert (`if (!cond) reach_error();`), its call too.
		for _, c := range o.Stack[i+1:] {
			if !c.User {
				continue
			}
			add(c.File, c.Line)
			if funcName(c.Function) != "__VERIFIER_assert" {
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
// Each report of a program error is one of three kinds. It is confirmed
// when its test replays natively with the recorded kind and location
// (replay.Compare); a confirmed report is a true positive when the native
// kind maps to a task the spec marks `correct: false` and the native
// location is one the task's counter examples list (any location when the
// task lists none), and otherwise "unlisted": a real failure the spec does
// not list. A report that is not confirmed is floatsym's own false
// positive. A report whose native replay could not be built or run is not
// judged (an infrastructure error). Reports of floatsym's own kinds are
// counted apart and only make the run incomplete.
func Judge(v *Variant, ev Evidence) Judgement {
	j := Judgement{Expected: v.Expectation(), BugsExpected: v.ExpectedBugs(), ToolKinds: map[string]int{}}
	// found[task][bug index]
	found := map[string]map[int]bool{}
	// anywhere[task]: a TP of a task that lists no locations
	anywhere := map[string]bool{}
	unlisted := map[string]bool{}
	for _, r := range ev.Reports {
		rv := ReportVerdict{Test: filepath.Base(r.Test), Kind: r.Recorded.Kind, File: r.Recorded.File,
			Line: r.Recorded.Line, Message: r.Recorded.Message, Paths: r.Paths}
		if r.Test == "" {
			rv.Test = ""
		}
		if r.Native != nil {
			rv.Native = r.Native.String()
			rv.NativeStack = stackLines(r.Native.Stack)
		}
		verdict, task, bug, reason := judgeReport(v, r)
		rv.Verdict, rv.Reason = verdict, reason
		switch verdict {
		case VerdictTool:
			j.ToolReports++
			j.ToolKinds[r.Recorded.Kind]++
		case VerdictInfra:
			j.InfraErrors++
		case VerdictFP:
			j.FalsePositives++
		case VerdictUnlisted:
			j.Unlisted++
			if k := unlistedKey(*r.Native); !unlisted[k] {
				unlisted[k] = true
				j.UnlistedBugs++
			}
		case VerdictTP:
			rv.Task = task
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
	j.StrictFalsePositives = j.FalsePositives + j.Unlisted
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

	firstReason := func(verdict string) string {
		for _, rv := range j.Reports {
			if rv.Verdict == verdict {
				return rv.Reason
			}
		}
		return ""
	}
	switch {
	case ev.Status == StatusNotRun:
		j.Outcome = OutcomeSkipped
	case j.FalsePositives > 0:
		j.Outcome = OutcomeFP
		j.Reason = fmt.Sprintf("%d false positive(s): %s", j.FalsePositives, firstReason(VerdictFP))
	case j.InfraErrors > 0:
		j.Outcome = OutcomeInfra
		j.Reason = fmt.Sprintf("%d report(s) not judged: %s", j.InfraErrors, firstReason(VerdictInfra))
	case j.BugsFound > 0:
		j.Outcome = OutcomeTP
		var notes []string
		if j.BugsFound < j.BugsExpected {
			notes = append(notes, fmt.Sprintf("found %d of %d expected bugs", j.BugsFound, j.BugsExpected))
		}
		if j.UnlistedBugs > 0 {
			notes = append(notes, fmt.Sprintf("%d more confirmed bug(s) the spec does not list", j.UnlistedBugs))
		}
		j.Reason = strings.Join(notes, "; ")
	case j.Unlisted > 0:
		j.Outcome = OutcomeUnlisted
		j.Reason = fmt.Sprintf("%d confirmed bug(s) the spec does not list: %s", j.UnlistedBugs, firstReason(VerdictUnlisted))
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
	// The study's rule: any report that is not a TP is a false positive.
	j.StrictOutcome = j.Outcome
	if j.Outcome == OutcomeUnlisted || j.Outcome == OutcomeTP && j.Unlisted > 0 {
		j.StrictOutcome = OutcomeFP
	}
	return j
}

// unlistedKey identifies a native failure: its kind and location.
func unlistedKey(n replay.Outcome) string {
	return fmt.Sprintf("%s@%s:%d", n.Kind, filepath.Base(n.File), n.Line)
}

// stackLines renders a native stack, innermost first.
func stackLines(st []replay.Frame) []string {
	var out []string
	for _, f := range st {
		l := funcName(f.Function)
		if f.File != "" {
			l += fmt.Sprintf(" %s:%d", f.File, f.Line)
		}
		out = append(out, l)
	}
	return out
}

// judgeReport returns a report's verdict and, for a TP, the task and the
// index of the bug in its Bugs (-1: a task without locations) it
// confirms; the reason explains the verdict.
func judgeReport(v *Variant, r Report) (verdict, task string, bug int, reason string) {
	if IsToolKind(r.Recorded.Kind) {
		return VerdictTool, "", -1, ""
	}
	if r.InfraError != "" {
		return VerdictInfra, "", -1, "native replay infrastructure error: " + r.InfraError
	}
	if r.Native == nil {
		why := r.ReplayError
		if why == "" {
			why = "no native replay"
		}
		return VerdictFP, "", -1, "not replayed: " + why
	}
	if ok, why := replay.Compare(r.Recorded, *r.Native); !ok {
		return VerdictFP, "", -1, "does not replay: " + why
	}
	n := *r.Native
	cands := candidateTasks(n)
	locs := nativeLocations(n)
	if len(cands) == 0 {
		return VerdictUnlisted, "", -1, fmt.Sprintf("%s at %s is no verification task's kind", n.Kind, shortLocations(locs))
	}
	var reasons []string
	for _, name := range cands {
		t := v.Task(name)
		switch {
		case t.IsCorrect():
			reasons = append(reasons, fmt.Sprintf("%s at %s, but the spec says %s holds", n.Kind, shortLocations(locs), name))
			continue
		case !t.IsBug():
			reasons = append(reasons, fmt.Sprintf("%s at %s, but the spec's verdict for %s is unknown", n.Kind, shortLocations(locs), name))
			continue
		}
		if !t.HasLocations() {
			return VerdictTP, name, -1, "task lists no locations"
		}
		for i, b := range t.Bugs() {
			for _, want := range b.Locations {
				for _, got := range locs {
					if got.Line == want.Line && sameFile(got.File, want.File) {
						return VerdictTP, name, i, "at " + want.String()
					}
				}
			}
		}
		reasons = append(reasons, fmt.Sprintf("%s at %s is not a listed location of %s (%s)",
			n.Kind, shortLocations(locs), name, taskLocations(t)))
	}
	return VerdictUnlisted, "", -1, strings.Join(reasons, "; ")
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
