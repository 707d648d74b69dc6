package main

import (
	"path/filepath"
	"sync"
	"testing"
)

// explodeCutShort is one run of testdata/explode.c stopped by
// --max-instructions 3000 (--progress 0), shared by the tests that check
// its console (TestConsole), and its replay (TestReplayCutShort): the same
// floatsym run, done once per test binary. Its output directory lives in
// TestMain's temporary directory; readers must not change it.
var explodeCutShort = struct {
	once sync.Once
	text string
	code int
	dir  string
}{}

func explodeCutShortRun(t *testing.T) (text string, code int, dir string) {
	t.Helper()
	e := &explodeCutShort
	e.once.Do(func() {
		e.dir = filepath.Join(filepath.Dir(binary), "explode-cut-short")
		e.text, e.code = runCLI(t, "run", "--progress", "0", "--max-instructions", "3000", "--output-dir", e.dir, "testdata/explode.c")
	})
	return e.text, e.code, e.dir
}
