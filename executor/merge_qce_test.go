package executor_test

import (
	"path/filepath"
	"testing"
	"time"
)

// TestMergeAutoDeterministic runs --merge=auto twice on programs whose
// merges the query count estimation both makes and refuses: the same
// paths, the same merges and refusals, the same errors (merge decisions
// depend only on the program and the states, never on timing).
func TestMergeAutoDeterministic(t *testing.T) {
	requireClang(t)
	for _, name := range []string{"clamp_bug", "bisect_hot"} {
		name := name
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			src := filepath.Join("testdata", "merge", name+".c")
			dir := t.TempDir()
			a, _ := runMerge(t, src, filepath.Join(dir, "a"), true, true, 300*time.Second)
			b, _ := runMerge(t, src, filepath.Join(dir, "b"), true, true, 300*time.Second)
			if !a.Complete || !b.Complete {
				t.Fatalf("incomplete: %v, %v", a.Complete, b.Complete)
			}
			if a.Merge == nil || b.Merge == nil {
				t.Fatal("no merge statistics")
			}
			if *a.Merge != *b.Merge || len(a.Paths) != len(b.Paths) || verdict(a) != verdict(b) {
				t.Errorf("runs differ: %+v %d paths %q, then %+v %d paths %q",
					*a.Merge, len(a.Paths), verdict(a), *b.Merge, len(b.Paths), verdict(b))
			}
			if a.Merge.Groups == 0 {
				t.Errorf("no merge group opened: %+v", *a.Merge)
			}
		})
	}
}
