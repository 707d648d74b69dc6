package executor

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// pointKleeLast makes parent/klee-last a link to target (a klee-out-N
// beside it), replacing the previous link atomically: the new link is
// made under a name of its own and renamed over klee-last, so runs
// starting together never find klee-last missing or fail on a link
// another one just made; the last rename wins. A klee-last that is not a
// link (the user's own file or directory) is left alone. A failure here
// costs only the convenience link, never the run.
func pointKleeLast(parent, target string) {
	last := filepath.Join(parent, "klee-last")
	if fi, err := os.Lstat(last); err == nil && fi.Mode()&os.ModeSymlink == 0 {
		return
	}
	tmp := filepath.Join(parent, fmt.Sprintf(".klee-last.%d.%s", os.Getpid(), strconv.FormatInt(time.Now().UnixNano(), 36)))
	if err := os.Symlink(target, tmp); err != nil {
		return
	}
	if err := os.Rename(tmp, last); err != nil {
		os.Remove(tmp)
	}
}
