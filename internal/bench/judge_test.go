package bench

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/replay"
)

func mustRE(t *testing.T, s string) *regexp.Regexp {
	t.Helper()
	re, err := regexp.Compile(s)
	if err != nil {
		t.Fatal(err)
	}
	return re
}

const judgeSpec = `
name: j
schema_version: 0
sources: [prog.c]
variants:
  bug:
    verification_tasks:
      no_assert_fail:
        correct: false
        counter_examples:
          - locations: [{file: prog.c, line: 9}]
          - locations: [{file: prog.c, line: 20}, {file: sub/other.c, line: 5}]
      no_integer_division_by_zero: {correct: false}
  reach:
    verification_tasks:
      no_reach_error_function:
        correct: false
        counter_examples:
          - locations: [{file: prog.c, line: 30}]
  correct:
    verification_tasks: {}
  unknown:
    verification_tasks:
      no_invalid_deref: {correct: null}
`

func judgeVariants(t *testing.T) map[string]*Variant {
	t.Helper()
	s, err := parseSpec([]byte(judgeSpec), "/suite/j/spec.yml")
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]*Variant{}
	for _, v := range s.Variants {
		m[v.Name] = v
	}
	return m
}

const src = "/suite/j/prog.c"

// rep is a report whose test replays natively as native (nil: no replay).
func rep(kind string, line int, native *replay.Outcome) Report {
	return Report{Test: "/out/test000001.ktest", Recorded: replay.Outcome{Kind: kind, File: src, Line: line, Message: "m"}, Native: native}
}

func repAt(kind, file string, line int, native *replay.Outcome) Report {
	return Report{Test: "/out/test000001.ktest", Recorded: replay.Outcome{Kind: kind, File: file, Line: line}, Native: native}
}

func nat(kind, file string, line int, stack ...replay.Frame) *replay.Outcome {
	return &replay.Outcome{Kind: kind, File: file, Line: line, ExitStatus: -1, Stack: stack}
}

func exit0() *replay.Outcome { return &replay.Outcome{Kind: replay.KindExit} }

func tool(kind string) Report {
	return Report{Test: "/out/test000002.ktest", Recorded: replay.Outcome{Kind: kind, Message: "tool"}}
}

func finished(complete bool, reps ...Report) Evidence {
	return Evidence{Status: StatusFinished, Complete: complete, Reports: reps}
}

func TestJudge(t *testing.T) {
	vs := judgeVariants(t)
	reachStack := []replay.Frame{
		{Function: "abort", File: "", Line: 0},
		{Function: "reach_error", File: src, Line: 3, User: true},
		{Function: "main", File: src, Line: 30, User: true},
	}
	assertReachStack := []replay.Frame{
		{Function: "__assert_fail", File: "", Line: 0},
		{Function: "reach_error", File: src, Line: 3, User: true},
		{Function: "main", File: src, Line: 30, User: true},
	}
	cases := []struct {
		name      string
		variant   string
		ev        Evidence
		outcome   Outcome
		found, fp int
		unl       int // unlisted reports
		unlBugs   int // distinct unlisted bugs (unl when 0)
		infra     int
		strict    Outcome // the strict rule's outcome (outcome when "")
		tools     int
		timedOut  bool
		crashed   bool
		reason    string // substring of the outcome's reason
		verdicts  string // the reports' verdicts, space-separated
	}{
		{name: "TP at a listed location", variant: "bug",
			ev:      finished(true, rep("assert", 9, nat("assert", src, 9))),
			outcome: OutcomeTP, found: 1, reason: "found 1 of 3", verdicts: "TP"},
		{name: "every bug: both counter examples and div anywhere", variant: "bug",
			ev: finished(true,
				rep("assert", 9, nat("assert", src, 9)),
				repAt("assert", "/suite/j/sub/other.c", 5, nat("assert", "/suite/j/sub/other.c", 5)),
				rep("div", 50, nat("div", src, 50)),
				rep("div", 51, nat("div", src, 51))),
			outcome: OutcomeTP, found: 3, verdicts: "TP TP TP TP"},
		{name: "same base name in another directory is not the listed file", variant: "bug",
			ev:      finished(true, Report{Test: "t", Recorded: replay.Outcome{Kind: "assert", File: "/suite/j/elsewhere/other.c", Line: 5}, Native: &replay.Outcome{Kind: "assert", File: "/suite/j/elsewhere/other.c", Line: 5}}),
			outcome: OutcomeUnlisted, unl: 1, strict: OutcomeFP, reason: "not a listed location", verdicts: "unlisted"},
		{name: "a second location of a counter example counts once", variant: "bug",
			ev: finished(true,
				rep("assert", 20, nat("assert", src, 20)),
				repAt("assert", "/suite/j/sub/other.c", 5, nat("assert", "/suite/j/sub/other.c", 5))),
			outcome: OutcomeTP, found: 1, verdicts: "TP TP"},
		{name: "test does not replay", variant: "bug",
			ev:      finished(true, rep("assert", 9, exit0())),
			outcome: OutcomeFP, fp: 1, reason: "does not replay", verdicts: "FP"},
		{name: "no test written: floatsym's FP", variant: "bug",
			ev:      finished(true, Report{Recorded: replay.Outcome{Kind: "assert", File: src, Line: 9}, ReplayError: "floatsym wrote no test for it"}),
			outcome: OutcomeFP, fp: 1, reason: "not replayed: floatsym wrote no test", verdicts: "FP"},
		{name: "replay build failed: infrastructure, not an FP", variant: "bug",
			ev:      finished(true, Report{Test: "t", Recorded: replay.Outcome{Kind: "assert", File: src, Line: 9}, InfraError: "the native replay build failed: x"}),
			outcome: OutcomeInfra, infra: 1, reason: "infrastructure error: the native replay build failed", verdicts: "infra"},
		{name: "an FP beats an infrastructure error", variant: "bug",
			ev: finished(true, Report{Test: "t", Recorded: replay.Outcome{Kind: "assert", File: src, Line: 9}, InfraError: "x"},
				rep("assert", 9, exit0())),
			outcome: OutcomeFP, fp: 1, infra: 1, verdicts: "infra FP"},
		{name: "replays at an unlisted location", variant: "bug",
			ev:      finished(true, rep("assert", 10, nat("assert", src, 10))),
			outcome: OutcomeUnlisted, unl: 1, strict: OutcomeFP, reason: "prog.c:10 is not a listed location of no_assert_fail", verdicts: "unlisted"},
		{name: "stale line: replays natively 2 lines below the listed one", variant: "bug",
			ev:      finished(true, rep("assert", 11, nat("assert", src, 11)), rep("assert", 11, nat("assert", src, 11))),
			outcome: OutcomeUnlisted, unl: 2, unlBugs: 1, strict: OutcomeFP, reason: "1 confirmed bug(s) the spec does not list", verdicts: "unlisted unlisted"},
		{name: "wrong kind for the task", variant: "reach",
			ev:      finished(true, rep("ptr", 30, nat("ptr", src, 30))),
			outcome: OutcomeUnlisted, unl: 1, strict: OutcomeFP, reason: "the spec says no_invalid_deref holds", verdicts: "unlisted"},
		{name: "recorded location differs from native", variant: "bug",
			ev:      finished(true, rep("assert", 8, nat("assert", src, 9))),
			outcome: OutcomeFP, fp: 1, reason: "does not replay", verdicts: "FP"},
		{name: "confirmed report on a correct variant", variant: "correct",
			ev:      finished(true, rep("assert", 9, nat("assert", src, 9))),
			outcome: OutcomeUnlisted, unl: 1, strict: OutcomeFP, reason: "the spec says no_assert_fail holds", verdicts: "unlisted"},
		{name: "confirmed report on an unknown task", variant: "unknown",
			ev:      finished(true, rep("ptr", 9, nat("ptr", src, 9))),
			outcome: OutcomeUnlisted, unl: 1, strict: OutcomeFP, reason: "verdict for no_invalid_deref is unknown", verdicts: "unlisted"},
		{name: "a kind that is no task's (e.g. fpexc, klee_report_error) is judged generically", variant: "bug",
			ev:      finished(true, rep("mykind", 9, nat("mykind", src, 9))),
			outcome: OutcomeUnlisted, unl: 1, strict: OutcomeFP, reason: "no verification task's kind", verdicts: "unlisted"},
		{name: "such a kind that does not replay is an FP", variant: "bug",
			ev:      finished(true, rep("fpexc", 9, exit0())),
			outcome: OutcomeFP, fp: 1, reason: "does not replay", verdicts: "FP"},
		{name: "TP and an unlisted bug: TP, FP under the strict rule", variant: "bug",
			ev:      finished(true, rep("assert", 9, nat("assert", src, 9)), rep("assert", 10, nat("assert", src, 10))),
			outcome: OutcomeTP, found: 1, unl: 1, strict: OutcomeFP, reason: "1 more confirmed bug(s) the spec does not list", verdicts: "TP unlisted"},
		{name: "a false positive beats a true one", variant: "bug",
			ev:      finished(true, rep("assert", 9, nat("assert", src, 9)), rep("assert", 10, exit0())),
			outcome: OutcomeFP, found: 1, fp: 1, verdicts: "TP FP"},
		{name: "abort in reach_error counts at its call site", variant: "reach",
			ev:      finished(true, rep("abort", 3, nat("abort", src, 3, reachStack...))),
			outcome: OutcomeTP, found: 1, verdicts: "TP"},
		{name: "assert in reach_error counts for no_reach_error_function", variant: "reach",
			ev:      finished(true, rep("assert", 3, nat("assert", src, 3, assertReachStack...))),
			outcome: OutcomeTP, found: 1, verdicts: "TP"},
		{name: "abort elsewhere is not at the listed call", variant: "reach",
			ev:      finished(true, rep("abort", 12, nat("abort", src, 12))),
			outcome: OutcomeUnlisted, unl: 1, strict: OutcomeFP, verdicts: "unlisted"},
		{name: "__VERIFIER_error (replay runtime) counts at its call site", variant: "reach",
			ev: finished(true, rep("abort", 30, nat("abort", src, 30,
				replay.Frame{Function: "abort"}, replay.Frame{Function: "__VERIFIER_error", File: "/rt/replay.c", Line: 400},
				replay.Frame{Function: "main", File: src, Line: 30, User: true}))),
			outcome: OutcomeTP, found: 1, verdicts: "TP"},
		{name: "reach_error from SV-COMP's __VERIFIER_assert counts at the assert's call", variant: "reach",
			ev: finished(true, rep("assert", 3, nat("assert", src, 3, replay.Frame{Function: "__assert_fail"},
				replay.Frame{Function: "reach_error", File: src, Line: 3, User: true},
				replay.Frame{Function: "__VERIFIER_assert", File: src, Line: 17, User: true},
				replay.Frame{Function: "main", File: src, Line: 30, User: true}))),
			outcome: OutcomeTP, found: 1, verdicts: "TP"},
		{name: "reach_error reached from another line is not the listed bug", variant: "reach",
			ev: finished(true, rep("assert", 3, nat("assert", src, 3, replay.Frame{Function: "__assert_fail"},
				replay.Frame{Function: "reach_error", File: src, Line: 3, User: true},
				replay.Frame{Function: "main", File: src, Line: 44, User: true}))),
			outcome: OutcomeUnlisted, unl: 1, strict: OutcomeFP, reason: "not a listed location of no_reach_error_function", verdicts: "unlisted"},
		{name: "verified", variant: "correct", ev: finished(true), outcome: OutcomeVerified},
		{name: "unknown verdict in the spec", variant: "unknown", ev: finished(true), outcome: OutcomeUnknown, reason: "correct: null"},
		{name: "tool reports only", variant: "correct",
			ev:      finished(false, tool("solver"), tool("exec"), tool("solver")),
			outcome: OutcomeUnknown, tools: 3, reason: "1 exec, 2 solver", verdicts: "tool tool tool"},
		{name: "user kind is floatsym's", variant: "correct",
			ev:      finished(true, tool("user")),
			outcome: OutcomeUnknown, tools: 1, verdicts: "tool"},
		{name: "incomplete without time limit", variant: "correct", ev: finished(false), outcome: OutcomeUnknown, reason: "incomplete"},
		{name: "stopped at the time limit", variant: "correct",
			ev:      Evidence{Status: StatusFinished, TimeLimitReached: true},
			outcome: OutcomeTimeout, timedOut: true, reason: "time limit"},
		{name: "killed", variant: "correct", ev: Evidence{Status: StatusKilled}, outcome: OutcomeTimeout, timedOut: true, reason: "killed"},
		{name: "killed after finding the bug", variant: "bug",
			ev:      Evidence{Status: StatusKilled, Reports: []Report{rep("assert", 9, nat("assert", src, 9))}},
			outcome: OutcomeTP, found: 1, timedOut: true, verdicts: "TP"},
		{name: "crash", variant: "correct", ev: Evidence{Status: StatusCrashed, CrashReason: "floatsym panic: x"},
			outcome: OutcomeCrash, crashed: true, reason: "panic"},
		{name: "crash after a false positive", variant: "correct",
			ev:      Evidence{Status: StatusCrashed, Reports: []Report{rep("div", 9, nat("div", src, 9))}},
			outcome: OutcomeUnlisted, unl: 1, strict: OutcomeFP, crashed: true, verdicts: "unlisted"},
		{name: "missed bug on a complete exploration", variant: "bug", ev: finished(true), outcome: OutcomeUnknown, reason: "missed bug"},
		{name: "skipped", variant: "correct", ev: Evidence{Status: StatusNotRun}, outcome: OutcomeSkipped},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			j := Judge(vs[tc.variant], tc.ev)
			if j.Outcome != tc.outcome || j.BugsFound != tc.found || j.FalsePositives != tc.fp || j.ToolReports != tc.tools ||
				j.TimedOut != tc.timedOut || j.Crashed != tc.crashed {
				t.Errorf("got outcome %s found %d fp %d tools %d timedOut %v crashed %v; want %s %d %d %d %v %v (reason %q, reports %+v)",
					j.Outcome, j.BugsFound, j.FalsePositives, j.ToolReports, j.TimedOut, j.Crashed,
					tc.outcome, tc.found, tc.fp, tc.tools, tc.timedOut, tc.crashed, j.Reason, j.Reports)
			}
			if !strings.Contains(j.Reason, tc.reason) {
				t.Errorf("reason %q does not contain %q", j.Reason, tc.reason)
			}
			var verdicts []string
			for _, r := range j.Reports {
				verdicts = append(verdicts, r.Verdict)
			}
			if got := strings.Join(verdicts, " "); got != tc.verdicts {
				t.Errorf("verdicts %q, want %q", got, tc.verdicts)
			}
			unlBugs, strict := tc.unlBugs, tc.strict
			if unlBugs == 0 {
				unlBugs = tc.unl
			}
			if strict == "" {
				strict = tc.outcome
			}
			if j.Unlisted != tc.unl || j.UnlistedBugs != unlBugs || j.InfraErrors != tc.infra || j.StrictOutcome != strict ||
				j.StrictFalsePositives != tc.fp+tc.unl {
				t.Errorf("unlisted %d (%d bugs) infra %d strict %s (%d FPs); want %d (%d) %d %s (%d)", j.Unlisted, j.UnlistedBugs,
					j.InfraErrors, j.StrictOutcome, j.StrictFalsePositives, tc.unl, unlBugs, tc.infra, strict, tc.fp+tc.unl)
			}
			if j.TruePositives+j.Unlisted+j.FalsePositives+j.InfraErrors+j.ToolReports != len(tc.ev.Reports) {
				t.Errorf("reports not all counted: %+v", j)
			}
		})
	}
}

func TestJudgeMissedBugs(t *testing.T) {
	vs := judgeVariants(t)
	j := Judge(vs["bug"], finished(true, rep("assert", 20, nat("assert", src, 20))))
	want := []string{"no_assert_fail: prog.c:9", "no_integer_division_by_zero: anywhere"}
	if strings.Join(j.MissedBugs, "\n") != strings.Join(want, "\n") {
		t.Errorf("missed = %q, want %q", j.MissedBugs, want)
	}
	if j.BugsExpected != 3 || j.Expected != ExpectBug {
		t.Errorf("expected %d bugs (%s)", j.BugsExpected, j.Expected)
	}
}

// Bugs are counted per location: counter examples sharing a location are
// one bug, and so are the alternative locations of one counter example.
func TestTaskBugs(t *testing.T) {
	spec := `
name: b
schema_version: 0
sources: [p.c]
verification_tasks:
  no_assert_fail:
    correct: false
    counter_examples:
      - {description: 'input: 0/0;', locations: [{file: p.c, line: 25}]}
      - {description: 'input: 1/0;', locations: [{file: p.c, line: 25}]}
      - {description: 'input: big;', locations: [{file: ./p.c, line: 25}]}
      - {description: 'other', locations: [{file: p.c, line: 40}, {file: p.c, line: 41}]}
      - {description: 'joins', locations: [{file: p.c, line: 41}, {file: p.c, line: 42}]}
      - {description: 'no location'}
  no_integer_division_by_zero:
    correct: false
    counter_examples:
      - {description: 'a'}
      - {description: 'b'}
`
	s, err := parseSpec([]byte(spec), "/s/b/spec.yml")
	if err != nil {
		t.Fatal(err)
	}
	v := s.Variants[0]
	bugs := v.Task(TaskAssert).Bugs()
	var got []string
	for _, b := range bugs {
		got = append(got, fmt.Sprintf("%s %v", locationList(b.Locations), b.CounterExamples))
	}
	want := []string{"p.c:25 [0 1 2]", "p.c:40 | p.c:41 | p.c:42 [3 4]"}
	if strings.Join(got, "; ") != strings.Join(want, "; ") {
		t.Errorf("bugs = %q, want %q", got, want)
	}
	if n := v.Task(TaskDiv).ExpectedBugs(); n != 1 {
		t.Errorf("a task without locations stands for %d bugs, want 1", n)
	}
	if n := v.ExpectedBugs(); n != 3 {
		t.Errorf("expected bugs = %d, want 3", n)
	}
	// Three reports of the bug at line 25 find one bug.
	j := Judge(v, finished(true,
		repAt("assert", "/s/b/p.c", 25, nat("assert", "/s/b/p.c", 25)),
		repAt("assert", "/s/b/p.c", 25, nat("assert", "/s/b/p.c", 25)),
		repAt("assert", "/s/b/p.c", 42, nat("assert", "/s/b/p.c", 42)),
		repAt("div", "/s/b/p.c", 7, nat("div", "/s/b/p.c", 7)),
		repAt("div", "/s/b/p.c", 8, nat("div", "/s/b/p.c", 8))))
	if j.Outcome != OutcomeTP || j.BugsFound != 3 || j.BugsExpected != 3 || j.TruePositives != 5 || len(j.MissedBugs) != 0 {
		t.Errorf("judgement %+v", j)
	}
}

func TestKindTask(t *testing.T) {
	for kind, task := range map[string]string{
		"assert": TaskAssert, "abort": TaskReachError, "ptr": TaskDeref, "readonly": TaskDeref,
		"free": TaskFree, "div": TaskDiv, "overshift": TaskOvershift, "user": "", "solver": "", "exit": "",
	} {
		if got := KindTask(kind); got != task {
			t.Errorf("KindTask(%s) = %q, want %q", kind, got, task)
		}
	}
	for _, k := range []string{"exec", "model", "solver", "user", "limit", "early", "external"} {
		if !IsToolKind(k) {
			t.Errorf("%s should be a tool kind", k)
		}
	}
	for _, k := range []string{"assert", "abort", "ptr", "free", "div", "overshift", "reporterror", "overflow"} {
		if IsToolKind(k) {
			t.Errorf("%s should not be a tool kind", k)
		}
	}
}

func TestSameFile(t *testing.T) {
	for _, tc := range []struct {
		native, spec string
		want         bool
	}{
		{"/a/b/prog.c", "prog.c", true},
		{"prog.c", "prog.c", true},
		{"/a/b/sub/x.c", "sub/x.c", true},
		{"/a/b/other/x.c", "sub/x.c", false},
		{"x.c", "sub/x.c", true},
		{"/a/b/myprog.c", "prog.c", false},
		{"/a/b/./prog.c", "./prog.c", true},
	} {
		if got := sameFile(tc.native, tc.spec); got != tc.want {
			t.Errorf("sameFile(%q, %q) = %v", tc.native, tc.spec, got)
		}
	}
}
