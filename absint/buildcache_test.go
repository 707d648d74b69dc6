package absint

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/internal/testtool"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/scalarize"
	"github.com/sirupsen/logrus"
)

// Each testdata program is compiled once per form and test binary:
// TestProve and TestPartitionVerdicts load the same part_* programs;
// TestEnclosure, TestPartitionEncloses and TestSubdivEncloses the same
// observed modules (ABSINT_OBSERVE) and native harness builds. The cache
// keeps the compiled files (a testtool.BuildCache, which TestMain removes);
// every caller still lowers its own *ir.Module from them
// (scalarize.LoadFiles), so no test sees a module another one analyzed.

var buildCache *testtool.BuildCache

func TestMain(m *testing.M) { testtool.MainWithBuildCache(m, "absint-builds-", &buildCache) }

// compiledModule compiles src as floatsym run does (defines added) once
// per test binary and lowers a fresh module from it.
func compiledModule(t *testing.T, src string, defines ...string) *ir.Module {
	t.Helper()
	key := fmt.Sprintf("module %s %q", src, defines)
	path, err := testtool.Cached(buildCache, key, func(dir string) (string, error) {
		log := logrus.New()
		log.SetOutput(os.Stderr)
		log.SetLevel(logrus.WarnLevel)
		built, err := cc.CompileProgram(context.Background(), cc.Options{Sources: []string{src}, OutDir: dir,
			Defines: defines, Log: logrus.NewEntry(log)})
		if err != nil {
			return "", err
		}
		return built.Module, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	m, err := scalarize.LoadFiles(nil, path)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// nativeObserved is src built natively with its OBSERVE hooks and
// testdata/native/harness.c (random and boundary inputs, the rounding
// mode from ABSINT_MODE), once per test binary.
func nativeObserved(t *testing.T, src string) string {
	t.Helper()
	harness, err := filepath.Abs("testdata/native/harness.c")
	if err != nil {
		t.Fatal(err)
	}
	exe, err := testtool.Cached(buildCache, "native "+src, func(dir string) (string, error) {
		exe := filepath.Join(dir, "native")
		out, err := exec.Command("clang-14", "-O0", "-frounding-math", "-DABSINT_OBSERVE", "-o", exe, src, harness, "-lm").CombinedOutput()
		if err != nil {
			return "", fmt.Errorf("native build: %v\n%s", err, out)
		}
		return exe, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return exe
}
