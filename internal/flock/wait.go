package flock

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// pollEvery is how often LockWait tries a held lock again.
var pollEvery = 200 * time.Millisecond

// LockWait is Lock that says when it has to wait and can be given up:
// when another holder has the lock, onWait is called once (e.g. to tell
// the user which floatsym work it is waiting for), then the lock is tried
// again every pollEvery until it is taken or ctx ends (a run interrupted
// while another builds a library stops at once, instead of when the build
// ends). waited reports whether it had to wait.
func LockWait(ctx context.Context, path string, onWait func()) (unlock func(), waited bool, err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, false, fmt.Errorf("lock %s: %w", path, err)
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, false, fmt.Errorf("lock %s: %w", path, err)
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err != syscall.EINTR {
			break
		}
	}
	if err == syscall.EWOULDBLOCK {
		waited = true
		if onWait != nil {
			onWait()
		}
		tick := time.NewTicker(pollEvery)
		defer tick.Stop()
		for err == syscall.EWOULDBLOCK || err == syscall.EINTR {
			select {
			case <-ctx.Done():
				f.Close()
				return nil, true, fmt.Errorf("waiting for lock %s: %w", path, ctx.Err())
			case <-tick.C:
			}
			err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		}
	}
	if err != nil {
		f.Close()
		return nil, waited, fmt.Errorf("lock %s: %w", path, err)
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, waited, nil
}
