package flock

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// LockWait is Lock that says when it has to wait: when another holder has
// the lock, onWait is called once (e.g. to tell the user which floatsym
// work it is waiting for) before waiting. waited reports whether it did.
func LockWait(path string, onWait func()) (unlock func(), waited bool, err error) {
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
		for {
			err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
			if err != syscall.EINTR {
				break
			}
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
