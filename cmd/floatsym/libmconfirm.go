package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/replay"
	"github.com/sirupsen/logrus"
)

// With --libm=uninterpreted a transcendental libm call with a symbolic
// argument returns a fresh value constrained by facts that hold for glibc
// (executor/libm_facts.go): the path over-approximates the native program,
// so what it ends in is only a candidate. confirmLibm builds the program
// natively once (package replay) and runs the test of every such path:
//
//   - an error that replays to the same kind and file:line is confirmed
//     and reported; one that does not is dropped: its .ktest and .err are
//     removed and it is left out of the summary's errors;
//   - a normal end whose test does not end natively as recorded is counted
//     (the test stays: it is an input);
//   - later confirmed paths at an already reported kind and location
//     become duplicates (no test), as the executor does for other errors
//     (the executor cannot: it does not know yet which candidate holds).
//
// The run is complete only if nothing was dropped and every normal end
// replayed: the facts are sound, so every native execution follows one of
// the explored paths, and then each of them is backed by a native run.

// libmPathState is what confirmation decided for one path.
type libmPathState struct {
	note    string // PathRecord.Libm
	dropped bool
}

func confirmLibm(ctx context.Context, f runFlags, inputs []string, out *executor.OutputDir, res *executor.Result, log *logrus.Entry) (
	*executor.LibmCandidates, map[int]libmPathState, int, error) {
	counts := &executor.LibmCandidates{}
	states := map[int]libmPathState{}
	type key struct {
		kind, file string
		line       int
	}
	keyOf := func(p *executor.PathResult) key {
		k := p.Term.Kind.String()
		if p.Term.Suffix != "" {
			k += "/" + p.Term.Suffix
		}
		return key{k, p.Term.File, p.Term.Line}
	}
	reported := map[key]bool{}
	var cands []int
	for i := range res.Paths {
		p := &res.Paths[i]
		switch {
		case p.LibmUninterpreted && p.Test != "":
			cands = append(cands, i)
		case p.LibmUninterpreted:
			states[i] = libmPathState{note: "uninterpreted"}
		case p.Term.Kind.IsError() && p.Test != "" && !p.Duplicate:
			reported[keyOf(p)] = true
		}
	}
	if len(cands) == 0 {
		return counts, states, 0, nil
	}
	// The native build compiles the program as the run did (its flags,
	// standard, defines, libraries, environment and stdin).
	opts := replay.Options{Sources: inputs, Defines: f.defines, Env: f.env, Stdin: f.stdin, Log: log,
		CFlags: strings.Fields(f.cflags)}
	if len(opts.CFlags) == 0 {
		opts.CFlags = append(opts.CFlags, replay.DefaultCFlags...)
	}
	if f.std != "" {
		opts.CFlags = append(opts.CFlags, "-std="+f.std)
	}
	libCFlags, libLDFlags, err := nativeLibFlags(f.libs)
	var bin *replay.Binary
	if err == nil {
		opts.LDFlags = libLDFlags
		opts.CFlags = append(opts.CFlags, libCFlags...)
		bin, err = replay.Build(ctx, opts)
	}
	if err != nil {
		if ctx.Err() != nil {
			return nil, nil, 0, fmt.Errorf("--libm=uninterpreted: %w", ctx.Err())
		}
		// Without a native binary no candidate can be confirmed: none is
		// reported (the run keeps its other results and is incomplete).
		log.WithError(err).Error("--libm=uninterpreted: no native build to confirm reports with: every candidate is dropped")
	} else {
		defer bin.Close()
	}
	removed := 0
	remove := func(p *executor.PathResult) {
		stem := strings.TrimSuffix(p.Test, ".ktest")
		files, _ := filepath.Glob(out.File(stem + ".*"))
		for _, name := range files {
			if err := os.Remove(name); err != nil {
				log.WithError(err).Warn("removing an unconfirmed test")
			}
		}
		p.Test, p.Objects = "", nil
		removed++
	}
	for _, i := range cands {
		p := &res.Paths[i]
		isErr := p.Term.Kind.IsProgramError()
		if !isErr && p.Term.Kind != executor.TermExit {
			states[i] = libmPathState{note: "uninterpreted"} // not replayable (limit, solver, ...)
			continue
		}
		k := keyOf(p)
		if isErr && !f.emitAllErrors && reported[k] {
			// Already reported at this kind and location.
			remove(p)
			p.Duplicate = true
			states[i] = libmPathState{note: "uninterpreted"}
			continue
		}
		test := out.File(p.Test)
		want := replay.Outcome{Kind: replay.KindExit, ExitStatus: p.Term.ExitStatus}
		if isErr {
			if want, err = replay.Expected(test); err != nil {
				return nil, nil, 0, fmt.Errorf("--libm=uninterpreted: %w", err)
			}
		}
		ok, why := false, "no native build"
		if bin != nil {
			got, err := bin.Run(ctx, test)
			if err != nil {
				return nil, nil, 0, fmt.Errorf("--libm=uninterpreted: %w", err)
			}
			ok, why = replay.Compare(want, got)
		}
		l := log.WithFields(logrus.Fields{"test": p.Test, "kind": p.Term.Kind.String(), "file": p.Term.File, "line": p.Term.Line})
		switch {
		case isErr && ok:
			counts.Confirmed++
			reported[k] = true
			states[i] = libmPathState{note: "confirmed"}
			l.Info("libm candidate confirmed natively")
		case isErr:
			counts.Dropped++
			l.WithField("why", why).Warn("libm candidate dropped: it does not replay natively")
			remove(p)
			states[i] = libmPathState{note: "dropped", dropped: true}
		case ok:
			states[i] = libmPathState{note: "replayed"}
		default:
			counts.ExitsMismatched++
			l.WithField("why", why).Info("test of a path with an uninterpreted libm result ends differently natively")
			states[i] = libmPathState{note: "mismatch"}
		}
	}
	return counts, states, removed, nil
}
