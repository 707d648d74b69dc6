// Package flock serializes floatsym processes over a shared cache entry
// with an advisory lock on a file (flock(2)): a library build, the apt
// calls that fetch sources, the compilation of floatsym's C library.
// Concurrent runs on a cold cache then do the work once, the others wait
// for it and find the result.
package flock

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// Lock takes an exclusive lock on path (created, with its directory, when
// missing), waiting for other holders, and returns its release. The lock
// also ends with the process, so a killed holder never blocks the others.
func Lock(path string) (unlock func(), err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	for {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}
