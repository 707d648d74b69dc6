package flock

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
)

// TestLockWait: a free lock is taken without onWait; a held one calls
// onWait once and is taken after its holder lets go; a wait whose context
// ends gives up with the context's error, the lock still held by the
// other.
func TestLockWait(t *testing.T) {
	for _, tc := range []struct {
		name    string
		held    bool
		release bool // the holder lets go once we wait; else our context ends
	}{{"free", false, false}, {"held then released", true, true}, {"held, interrupted", true, false}} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "w.lock")
			release := func() {}
			if tc.held {
				u, err := Lock(path)
				if err != nil {
					t.Fatal(err)
				}
				release = u
				defer u()
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			calls := 0
			unlock, waited, err := LockWait(ctx, path, func() {
				calls++
				if tc.release {
					release()
				} else {
					cancel()
				}
			})
			wantErr := tc.held && !tc.release
			if waited != tc.held || (calls == 1) != tc.held || (err != nil) != wantErr {
				t.Fatalf("waited %v, onWait called %d times, err %v", waited, calls, err)
			}
			if wantErr {
				if !errors.Is(err, context.Canceled) {
					t.Errorf("err %v, want the context's", err)
				}
				return
			}
			unlock()
		})
	}
}
