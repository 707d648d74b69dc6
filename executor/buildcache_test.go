package executor_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/internal/replay"
	"github.com/floatsym/floatsym/internal/testtool"
	"github.com/sirupsen/logrus"
)

// The builds several tests repeat are made once per test binary: a
// program's module as floatsym compiles it (TestMerge runs each program
// with merging off, on and auto, TestMergeAutoDeterministic twice more)
// and its native replay binary (replayAll: once per program and flags,
// not once per run). Every caller still lowers its own module from the
// compiled file (scalarize.LoadFiles) and writes its own output, so no
// run sees a module or a directory another one used. The files live in
// the package's testtool.BuildCache, which TestMain removes: nothing outlives the test binary.

var buildCache *testtool.BuildCache

func TestMain(m *testing.M) { testtool.MainWithBuildCache(m, "executor-builds-", &buildCache) }

// compiledProgram is cc.CompileProgram of src with cflags (nil: floatsym's
// defaults), once per test binary.
func compiledProgram(t testing.TB, src string, cflags []string) *cc.Result {
	t.Helper()
	res, err := testtool.Cached(buildCache, fmt.Sprintf("compile %s %q %v", src, cflags, cflags == nil), func(dir string) (*cc.Result, error) {
		return cc.CompileProgram(context.Background(), cc.Options{Sources: []string{src}, CFlags: cflags, OutDir: dir,
			Log: logrus.NewEntry(quietLogger())})
	})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	return res
}

// replayBinary is the native replay build of src with cflags, once per
// test binary (Binary.Run keeps its logs in a directory of each run's).
func replayBinary(t testing.TB, src string, cflags []string) *replay.Binary {
	t.Helper()
	bin, err := testtool.Cached(buildCache, fmt.Sprintf("replay %s %q %v", src, cflags, cflags == nil), func(dir string) (*replay.Binary, error) {
		return replay.Build(context.Background(), replay.Options{Sources: []string{src}, CFlags: cflags, WorkDir: dir,
			Log: logrus.NewEntry(quietLogger())})
	})
	if err != nil {
		t.Fatalf("replay build: %v", err)
	}
	return bin
}
