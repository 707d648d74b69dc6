package libbc

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// progressf writes one progress line when the options ask for them.
func (o *Options) progressf(format string, args ...any) {
	if o.Progress != nil {
		fmt.Fprintf(o.Progress, format+"\n", args...)
	}
}

// aptLockTries bounds the retries of an apt-get that failed on a lock
// held by an apt outside floatsym (floatsym's own apt-gets are serialised
// by floatsym.lock): apt-get fails at once, exit 100, "Could not get
// lock", where DPkg::Lock::Timeout does not reach (apt-get update's lists
// lock on older apt).
const aptLockTries = 20

var aptLockBackoff = 3 * time.Second

// aptRetry runs an apt-get call, again (at most aptLockTries times, a
// pause between) while it fails on apt's own lock; the log, which run
// appends to, tells a lock failure from another.
func aptRetry(ctx context.Context, logPath string, run func() error) error {
	var err error
	for try := 1; try <= aptLockTries; try++ {
		before := logSize(logPath)
		if err = run(); err == nil || !lockFailure(logPath, before) {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(aptLockBackoff):
		}
	}
	return fmt.Errorf("%w (apt's lock still held after %d tries)", err, aptLockTries)
}

func logSize(path string) int64 {
	fi, err := os.Stat(path)
	if err != nil {
		return 0
	}
	return fi.Size()
}

// lockFailure tells whether the log written since offset from says apt
// could not get one of its locks.
func lockFailure(path string, from int64) bool {
	b, err := os.ReadFile(path)
	if err != nil || int64(len(b)) < from {
		return false
	}
	tail := b[from:]
	return bytes.Contains(tail, []byte("Could not get lock")) || bytes.Contains(tail, []byte("Unable to lock"))
}

// listsFreshFor is how long package lists floatsym updated stay good
// enough to fetch from without another apt-get update.
const listsFreshFor = time.Hour

const listsMark = ".floatsym-updated"

// markListsFresh records that apt-get update succeeded on lists now.
func markListsFresh(lists string) {
	os.WriteFile(filepath.Join(lists, listsMark), []byte(time.Now().UTC().Format(time.RFC3339)+"\n"), 0o644)
}

// listsFresh tells whether floatsym updated lists less than listsFreshFor
// before now.
func listsFresh(lists string, now time.Time) bool {
	fi, err := os.Stat(filepath.Join(lists, listsMark))
	if err != nil {
		return false
	}
	age := now.Sub(fi.ModTime())
	return age >= 0 && age < listsFreshFor
}
