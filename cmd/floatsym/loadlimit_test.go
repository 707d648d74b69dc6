package main

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/floatsym/floatsym/ir"
)

// TestLoadWithin: loading the linked program is bounded by --max-time
// from the process start, as compiling is: a load still running when the
// limit passes is given up (cut), so the run ends with its output; a
// load that writes --emit-scalarized, or a run without a limit, waits
// for the load.
func TestLoadWithin(t *testing.T) {
	mod := &ir.Module{}
	errLoad := errors.New("parse error")
	now := time.Now()
	canceled, cancel := context.WithCancel(context.Background())
	cancel()
	for _, tc := range []struct {
		name    string
		ctx     context.Context
		maxTime time.Duration
		start   time.Time
		emits   bool
		block   bool // the load waits until the test releases it
		loadErr error
		wantMod bool
		wantCut bool
		wantErr error
	}{
		{name: "no limit", ctx: context.Background(), start: now.Add(-time.Hour), wantMod: true},
		{name: "loaded within the limit", ctx: context.Background(), maxTime: time.Hour, start: now, wantMod: true},
		{name: "load error", ctx: context.Background(), maxTime: time.Hour, start: now, loadErr: errLoad, wantErr: errLoad},
		{name: "limit passed during the load", ctx: context.Background(), maxTime: time.Second, start: now.Add(-2 * time.Second), block: true, wantCut: true},
		{name: "emitting: the load runs to its end", ctx: context.Background(), maxTime: time.Second, start: now.Add(-2 * time.Second), emits: true, wantMod: true},
		{name: "interrupted", ctx: canceled, maxTime: time.Hour, start: now, block: true, wantErr: context.Canceled},
	} {
		t.Run(tc.name, func(t *testing.T) {
			release := make(chan struct{})
			defer close(release)
			load := func() (*ir.Module, error) {
				if tc.block {
					<-release
				}
				if tc.loadErr != nil {
					return nil, tc.loadErr
				}
				return mod, nil
			}
			m, cut, err := loadWithin(tc.ctx, tc.maxTime, tc.start, tc.emits, load)
			if cut != tc.wantCut || (m == mod) != tc.wantMod || !errors.Is(err, tc.wantErr) || (tc.wantErr == nil && err != nil) {
				t.Fatalf("loadWithin: module %v, cut %v, err %v; want module %v, cut %v, err %v",
					m == mod, cut, err, tc.wantMod, tc.wantCut, tc.wantErr)
			}
		})
	}
}
