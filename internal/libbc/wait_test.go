package libbc

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestAptRetry: an apt-get failing on apt's lock is run again until it
// succeeds (bounded); any other failure is returned at once.
func TestAptRetry(t *testing.T) {
	defer func(d time.Duration) { aptLockBackoff = d }(aptLockBackoff)
	aptLockBackoff = time.Millisecond
	exit100 := errors.New("exit status 100")
	for _, tc := range []struct {
		name      string
		outputs   []string // what each call writes; the last one succeeds unless failLast
		failLast  bool
		wantCalls int
		wantErr   bool
	}{
		{"ok", []string{"Hit: bookworm\n"}, false, 1, false},
		{"lock then ok", []string{"E: Could not get lock /x/lists/lock. It is held by process 7\n", "E: Unable to lock directory /x/lists/\n", "Hit\n"}, false, 3, false},
		{"other failure", []string{"E: The repository does not have a Release file\n"}, true, 1, true},
		{"lock forever", nil, true, aptLockTries, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			log := filepath.Join(t.TempDir(), "apt.log")
			os.WriteFile(log, []byte("$ apt-get update\n"), 0o644)
			calls := 0
			err := aptRetry(context.Background(), log, func() error {
				calls++
				out := "E: Could not get lock /x/lists/lock\n"
				if tc.outputs != nil {
					out = tc.outputs[min(calls, len(tc.outputs))-1]
				}
				f, _ := os.OpenFile(log, os.O_APPEND|os.O_WRONLY, 0)
				f.WriteString(out)
				f.Close()
				if tc.outputs != nil && calls == len(tc.outputs) && !tc.failLast {
					return nil
				}
				return exit100
			})
			if calls != tc.wantCalls || (err != nil) != tc.wantErr {
				t.Errorf("%d calls, err %v; want %d calls, error %v", calls, err, tc.wantCalls, tc.wantErr)
			}
		})
	}
}

// TestListsFresh: lists floatsym updated within the hour are used as they
// are; older ones, unmarked ones and a mark from the future are not.
func TestListsFresh(t *testing.T) {
	now := time.Now()
	for _, tc := range []struct {
		name string
		age  time.Duration // mark's age; <0 in the future
		mark bool
		want bool
	}{
		{"no mark", 0, false, false},
		{"just updated", time.Second, true, true},
		{"59 minutes", 59 * time.Minute, true, true},
		{"two hours", 2 * time.Hour, true, false},
		{"future", -time.Hour, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lists := t.TempDir()
			if tc.mark {
				markListsFresh(lists)
				m := now.Add(-tc.age)
				if err := os.Chtimes(filepath.Join(lists, listsMark), m, m); err != nil {
					t.Fatal(err)
				}
			}
			if got := listsFresh(lists, now); got != tc.want {
				t.Errorf("fresh %v, want %v", got, tc.want)
			}
		})
	}
}
