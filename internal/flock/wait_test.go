package flock

import (
	"path/filepath"
	"testing"
)

// TestLockWait: a free lock is taken without onWait; a held one calls
// onWait once and is taken after its holder lets go.
func TestLockWait(t *testing.T) {
	path := filepath.Join(t.TempDir(), "w.lock")
	for _, tc := range []struct {
		name string
		held bool
	}{{"free", false}, {"held", true}} {
		t.Run(tc.name, func(t *testing.T) {
			var release func()
			if tc.held {
				u, err := Lock(path)
				if err != nil {
					t.Fatal(err)
				}
				release = u
			}
			calls := 0
			got := make(chan bool, 1)
			go func() {
				unlock, waited, err := LockWait(path, func() {
					calls++
					release() // the holder finishes once we are known to wait
				})
				if err != nil {
					t.Error(err)
				} else {
					unlock()
				}
				got <- waited
			}()
			if waited := <-got; waited != tc.held || calls != map[bool]int{false: 0, true: 1}[tc.held] {
				t.Errorf("waited %v, onWait called %d times (held %v)", waited, calls, tc.held)
			}
		})
	}
}
