package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/floatsym/floatsym/executor"
	"github.com/spf13/pflag"
)

// The console: progress lines while a run explores, and the final line
// saying why it ended and whether it is complete.

// progressFlag is --progress: unset (auto), or an interval (0 disables).
type progressFlag struct {
	set   bool
	every time.Duration
}

func (p *progressFlag) String() string {
	if !p.set {
		return "auto"
	}
	return p.every.String()
}
func (p *progressFlag) Type() string { return "duration" }
func (p *progressFlag) Set(s string) error {
	d, err := parseTimeSpan(s)
	if err != nil {
		return err
	}
	p.set, p.every = true, d
	return nil
}

// Default progress intervals: a live line on a terminal is refreshed
// every second; otherwise (a pipe, a log file) a line every 10 s.
const (
	progressLiveEvery  = time.Second
	progressPlainEvery = 10 * time.Second
)

func addConsoleFlags(fl *pflag.FlagSet, f *runFlags) {
	fl.Var(&f.progress, "progress", "interval of the progress line on stderr (paths, states, instructions, queries, solver share): "+
		"rewritten in place on a terminal (default 1s), a line each interval otherwise (default 10s); 0 disables")
}

// progressConfig decides where progress goes, how often, and whether the
// line is rewritten in place (stderr is a terminal).
func progressConfig(p progressFlag) (w *os.File, every time.Duration, live bool) {
	fi, err := os.Stderr.Stat()
	live = err == nil && fi.Mode()&os.ModeCharDevice != 0
	every = progressPlainEvery
	if live {
		every = progressLiveEvery
	}
	if p.set {
		every = p.every
	}
	if every <= 0 {
		return nil, 0, false
	}
	return os.Stderr, every, live
}

// finalLine is the run's last console line: why it ended, whether it is
// complete (and if not, the counted reasons), and what it found, e.g.
// "floatsym: done (time limit, incomplete: 19 paths cut short, 2
// concretisations): 987 paths (968 completed), 987 tests, 0 errors, output
// in klee-out-3".
func finalLine(sum *executor.Summary, libm *executor.LibmCandidates, libmLine string) string {
	ended := sum.EndedBy
	if ended == "" {
		ended = executor.EndedCompleted
	}
	ended = strings.ReplaceAll(ended, "_", " ") // time_limit -> "time limit"
	state := "complete"
	if !sum.Complete {
		reasons := sum.Incomplete.Reasons()
		if libm != nil && libm.Dropped > 0 {
			reasons = append(reasons, fmt.Sprintf("%d libm candidates dropped", libm.Dropped))
		}
		if libm != nil && libm.ExitsMismatched > 0 {
			reasons = append(reasons, fmt.Sprintf("%d libm paths did not replay", libm.ExitsMismatched))
		}
		state = "incomplete"
		if len(reasons) > 0 {
			state += ": " + strings.Join(reasons, ", ")
		}
	}
	if sum.Property != "" {
		v := 0
		for _, e := range sum.Errors {
			if e.Violation != nil && *e.Violation {
				v++
			}
		}
		libmLine = fmt.Sprintf(" (%d violating %s)", v, sum.Property) + libmLine
	}
	return fmt.Sprintf("floatsym: done (%s, %s): %d paths (%d completed), %d tests, %d errors%s%s, output in %s",
		ended, state, sum.PathsExplored, sum.PathsCompleted, sum.TestsWritten, len(sum.Errors), libmLine,
		sum.StatesWithoutTest.String(), sum.OutputDir)
}

// kleeDoneLines are KLEE's closing lines ("KLEE: done: ..."), spelled with
// floatsym's name, for info and messages.txt.
func kleeDoneLines(sum *executor.Summary) string {
	var b strings.Builder
	fmt.Fprintf(&b, "floatsym: done: ended by = %s\n", sum.EndedBy)
	fmt.Fprintf(&b, "floatsym: done: total instructions = %d\n", sum.Instructions)
	fmt.Fprintf(&b, "floatsym: done: explored paths = %d\n", sum.PathsExplored)
	fmt.Fprintf(&b, "floatsym: done: completed paths = %d\n", sum.PathsCompleted)
	fmt.Fprintf(&b, "floatsym: done: partially completed paths = %d\n", sum.PathsExplored-sum.PathsCompleted)
	fmt.Fprintf(&b, "floatsym: done: generated tests = %d\n", sum.TestsWritten)
	fmt.Fprintf(&b, "floatsym: done: total queries = %d\n", sum.Queries)
	return b.String()
}
