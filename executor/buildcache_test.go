package executor_test

import (
	"context"
	"fmt"
	"os"
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

func TestMain(m *testing.M) {
	c, err := testtool.NewBuildCache("executor-builds-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	buildCache = c
	code := m.Run()
	c.Close()
	os.Exit(code)
}

// cached returns what build made for key, building it (in a directory of
// its own) the first time.
func cached(key string, build func(dir string) (any, error)) (any, error) {
	return buildCache.Do(key, build)
}

// compiledProgram is cc.CompileProgram of src with cflags (nil: floatsym's
// defaults), once per test binary.
func compiledProgram(t testing.TB, src string, cflags []string) *cc.Result {
	t.Helper()
	v, err := cached(fmt.Sprintf("compile %s %q %v", src, cflags, cflags == nil), func(dir string) (any, error) {
		return cc.CompileProgram(context.Background(), cc.Options{Sources: []string{src}, CFlags: cflags, OutDir: dir,
			Log: logrus.NewEntry(quietLogger())})
	})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	return v.(*cc.Result)
}

// replayBinary is the native replay build of src with cflags, once per
// test binary (Binary.Run keeps its logs in a directory of each run's).
func replayBinary(t testing.TB, src string, cflags []string) *replay.Binary {
	t.Helper()
	v, err := cached(fmt.Sprintf("replay %s %q %v", src, cflags, cflags == nil), func(dir string) (any, error) {
		return replay.Build(context.Background(), replay.Options{Sources: []string{src}, CFlags: cflags, WorkDir: dir,
			Log: logrus.NewEntry(quietLogger())})
	})
	if err != nil {
		t.Fatalf("replay build: %v", err)
	}
	return v.(*replay.Binary)
}
