package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/atomicfile"
	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/internal/version"
	"github.com/floatsym/floatsym/ir"
	"github.com/sirupsen/logrus"
)

// buildContext bounds the program's compilation (clang-14, llvm-link-14)
// by --max-time, which counts from the process start: on a loaded machine
// the tools alone can outlast a short limit, and the run must still end by
// the limit + 1 s with its output written (issue 24). Libraries are built
// outside it (a shared, cached build is not cut short by one run's limit).
func buildContext(ctx context.Context, maxTime time.Duration, start time.Time) (context.Context, context.CancelFunc) {
	if maxTime <= 0 {
		return ctx, func() {}
	}
	return context.WithDeadline(ctx, start.Add(maxTime))
}

// cutByLimit reports whether a failed build failed because --max-time
// passed (not because the program does not compile, nor an interrupt).
func cutByLimit(parent, build context.Context, err error) bool {
	return err != nil && parent.Err() == nil && errors.Is(build.Err(), context.DeadlineExceeded)
}

// finishUnexplored ends a run whose time limit passed before exploration
// began (while compiling): no path explored, an incomplete summary ended
// by the time limit, info, and the usual final line — a limit ends the
// run's work, never its output.
func finishUnexplored(out *executor.OutputDir, inputs, cmdline []string, start time.Time, phase string) error {
	sum := &executor.Summary{
		Version: version.Version, CommandLine: cmdline, Input: inputs, OutputDir: out.Path,
		Start: start, Complete: false, EndedBy: executor.EndedTimeLimit,
		Errors: []executor.ErrorRecord{}, Paths: []executor.PathRecord{},
		StatesWithoutTest: executor.StatesWithoutTest{Locations: []executor.StateLocation{}},
	}
	msg := fmt.Sprintf("time limit reached while %s: nothing explored", phase)
	return finishWithoutExploration(out, sum, msg+"\ncomplete: false\n",
		"floatsym: "+msg+"\n"+finalLine(sum, nil, "")+"\n")
}

// finishWithoutExploration writes the output of a run that explored
// nothing (proved by the prover, or cut by its limit while compiling):
// summary.json, info (KLEE's header lines, then infoTail) and the
// console's closing lines.
func finishWithoutExploration(out *executor.OutputDir, sum *executor.Summary, infoTail, console string) error {
	sum.End = time.Now()
	sum.WallTime = sum.End.Sub(sum.Start).Seconds()
	if err := out.WriteSummary(sum); err != nil {
		return err
	}
	info := fmt.Sprintf("%s\nfloatsym %s\nStarted: %s\nFinished: %s\nElapsed: %s\n",
		strings.Join(sum.CommandLine, " "), version.Version, sum.Start.Format(time.RFC3339), sum.End.Format(time.RFC3339),
		sum.End.Sub(sum.Start).Round(time.Millisecond)) + infoTail
	if err := atomicfile.WriteFile(out.File("info"), []byte(info), 0o644); err != nil {
		return err
	}
	fmt.Fprint(os.Stderr, console)
	return nil
}

// loadWithin runs load (parsing and scalarizing the linked program) within
// --max-time, counted from the process start like the compilation: on a
// starved machine loading a library-sized module (GMP's: 2.5 MB of IR)
// outlasted the limit by minutes, and the run was killed without output.
// cut reports that the limit passed first; the load is then left to
// finish in the background (the process ends with the run). A load that
// writes --emit-scalarized (emits) runs to its end: its file must not be
// written after the run has given it up.
func loadWithin(ctx context.Context, maxTime time.Duration, start time.Time, emits bool, load func() (*ir.Module, error)) (m *ir.Module, cut bool, err error) {
	if maxTime <= 0 || emits {
		m, err = load()
		return m, false, err
	}
	type loaded struct {
		m   *ir.Module
		err error
	}
	done := make(chan loaded, 1)
	go func() {
		m, err := load()
		done <- loaded{m, err}
	}()
	t := time.NewTimer(time.Until(start.Add(maxTime)))
	defer t.Stop()
	select {
	case r := <-done:
		return r.m, false, r.err
	case <-t.C:
		return nil, true, nil
	case <-ctx.Done():
		return nil, false, ctx.Err()
	}
}

// outsideLimit is where --max-time counts from once the libraries are
// ready: the process's start, moved later by the time since libsBegan
// (building a library from Debian's sources, or waiting for another
// floatsym's build, takes minutes to an hour once per cache; README:
// "libraries are built outside the limit"). Counted from the process's
// start, a first --lib run built GSL and then ended at once with the
// limit long past, nothing explored.
func outsideLimit(start, libsBegan time.Time) time.Time {
	return start.Add(time.Since(libsBegan))
}

// fillLibcCache compiles floatsym's C library into its cache (a no-op
// when cached) before the limit starts: on a cold cache that is a
// one-time build of every libc file, shared by every later run, like a
// library's. The compilation takes the module from o.Libc.
func fillLibcCache(ctx context.Context, o *cc.Options, compiled string, log *logrus.Entry) error {
	if o.NoLibc || compiled != "" {
		return nil
	}
	paths, err := cc.RuntimePaths()
	if err != nil {
		return fmt.Errorf("floatsym runtime: %w", err)
	}
	o.Libc, err = cc.LibcFiles(ctx, filepath.Dir(paths.IncludeDir), o.LibcSources, log)
	if err != nil {
		return fmt.Errorf("floatsym's C library: %w", err)
	}
	return nil
}
