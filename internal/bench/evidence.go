package bench

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/sirupsen/logrus"

	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/internal/replay"
)

// collectReports lists the errors floatsym reported: those of summary.json
// when there is one, else the .err files of the output directory (a run
// killed or crashed may have written some before it stopped).
func collectReports(outDir string, sum *Summary) ([]Report, error) {
	var out []Report
	if sum != nil {
		for _, e := range sum.Errors {
			rep := Report{Recorded: replay.Outcome{Kind: e.Kind, Message: e.Message, File: e.File, Line: e.Line}, Paths: e.Paths}
			if e.Test != "" {
				rep.Test = filepath.Join(outDir, filepath.Base(e.Test))
				// The .err file's name holds the precise kind (a
				// klee_report_error suffix); prefer what it says.
				if rec, err := replay.Expected(rep.Test); err == nil {
					rep.Recorded = rec
				}
			}
			out = append(out, rep)
		}
		return out, nil
	}
	errFiles, err := filepath.Glob(filepath.Join(outDir, "test*.err"))
	if err != nil {
		return nil, fmt.Errorf("listing .err files: %w", err)
	}
	sort.Strings(errFiles)
	var firstErr error
	for _, f := range errFiles {
		base := filepath.Base(f)
		stem, rest, ok := strings.Cut(base, ".")
		if !ok {
			continue
		}
		kind := strings.TrimSuffix(rest, ".err")
		rec, err := replay.ParseErrFile(f)
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			rec = replay.Outcome{Message: "unreadable .err file"}
		}
		rec.Kind = kind
		rep := Report{Recorded: rec}
		kt := filepath.Join(outDir, stem+".ktest")
		if _, err := os.Stat(kt); err == nil {
			rep.Test = kt
		}
		out = append(out, rep)
	}
	return out, firstErr
}

// replayReports replays every program-error report natively, building the
// variant once (with the same defines and language standard).
func replayReports(ctx context.Context, cfg *Config, v *Variant, dir string, reps []Report, log *logrus.Entry) {
	need := false
	for i := range reps {
		if IsToolKind(reps[i].Recorded.Kind) {
			continue
		}
		if reps[i].Test == "" {
			reps[i].ReplayError = "floatsym wrote no test for it"
			continue
		}
		need = true
	}
	if !need {
		return
	}
	opts := ReplayOptions(cfg, v)
	opts.Log = log
	bin, err := replay.Build(ctx, opts)
	if err != nil {
		msg := "the native replay build failed: " + firstLines(err.Error(), 6)
		log.WithError(err).Warn("native replay build failed: the variant's reports cannot be judged (infrastructure error)")
		for i := range reps {
			if !IsToolKind(reps[i].Recorded.Kind) && reps[i].Test != "" {
				reps[i].InfraError = msg
			}
		}
		return
	}
	defer bin.Close()
	for i := range reps {
		if IsToolKind(reps[i].Recorded.Kind) || reps[i].Test == "" {
			continue
		}
		got, err := bin.Run(ctx, reps[i].Test)
		if err != nil {
			reps[i].InfraError = "the native replay could not be run: " + err.Error()
			continue
		}
		reps[i].Native = &got
		log.WithFields(logrus.Fields{"test": filepath.Base(reps[i].Test), "recorded": reps[i].Recorded.String(),
			"native": got.String()}).Debug("replayed report")
	}
}

// ReplayOptions is the native replay build of a variant: the same
// defines, language standard, dependencies, arguments and environment as
// its floatsym run.
func ReplayOptions(cfg *Config, v *Variant) replay.Options {
	cflags := append([]string{}, cfg.CFlags...)
	if len(cflags) == 0 {
		cflags = append(cflags, replay.DefaultCFlags...)
	}
	if v.Std() != "" {
		cflags = append(cflags, "-std="+v.Std())
	}
	cflags = append(cflags, v.provided.ReplayCFlags...)
	cflags = append(cflags, v.Spec.includeFlags()...)
	return replay.Options{Sources: v.Sources(), CFlags: cflags, Defines: v.DefineFlags(),
		LDFlags: v.provided.ReplayLDFlags, Args: v.Args, Env: v.EnvList(),
		WorkDir: cfg.replayDir, Timeout: cfg.ReplayTimeout, Compiler: cc.Clang}
}
