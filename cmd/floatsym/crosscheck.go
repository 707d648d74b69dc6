package main

import (
	"context"
	"io"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/floatsym/floatsym/solver"
)

// crosscheckFlags are --crosscheck and --crosscheck-timeout (run).
type crosscheckFlags struct {
	on      bool
	timeout time.Duration
}

// firstError keeps the first disagreement reported.
type firstError struct {
	mu  sync.Mutex
	err error
}

func (f *firstError) set(err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err == nil {
		f.err = err
	}
}

func (f *firstError) get() error {
	if f == nil {
		return nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}

func addCrosscheckFlags(cmd *cobra.Command, c *crosscheckFlags) {
	fl := cmd.Flags()
	fl.BoolVar(&c.on, "crosscheck", false, "re-ask every UNSAT and every rewrite of the native FP solver stage of the SMT "+
		"backends (z3, cvc5); a disagreement stops the run, writes crosscheck-NNN.smt2 and exits nonzero")
	fl.DurationVar(&c.timeout, "crosscheck-timeout", solver.DefaultCrosscheckTimeout,
		"SMT backends' time per re-asked query (an unknown answer is counted, not an error)")
}

// setup returns the solver's cross-check configuration (writing into
// dir), a context that a disagreement cancels, so the run stops, and
// where the disagreement is kept.
func (c crosscheckFlags) setup(ctx context.Context, dir string) (context.Context, solver.CrosscheckConfig, context.CancelFunc, *firstError) {
	if !c.on {
		return ctx, solver.CrosscheckConfig{}, func() {}, nil
	}
	ctx, cancel := context.WithCancel(ctx)
	first := &firstError{}
	return ctx, solver.CrosscheckConfig{On: true, Timeout: c.timeout, Dir: dir, Stop: func(err error) {
		first.set(err)
		cancel()
	}}, cancel, first
}

// finish gives summary.json's crosscheck counters (nil when off), prints
// them with --stats, and returns the first disagreement.
func (c crosscheckFlags) finish(st solver.Stats, first *firstError, stats bool, w io.Writer) (*solver.CrosscheckStats, error) {
	if !c.on {
		return nil, nil
	}
	if stats {
		st.Crosscheck.Write(w)
	}
	cs := st.Crosscheck
	return &cs, first.get()
}
