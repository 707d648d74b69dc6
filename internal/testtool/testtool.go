// Package testtool is the one place tests ask for the external tools they
// need (clang-14, z3, cvc5, make...) and for the opt-in slow tests.
//
// A missing tool skips the test on a developer's machine, but fails it
// under CI (CI=true, as GitHub Actions and most CI systems set it): a CI
// run must test what it claims to, never turn tests into skips because an
// install step went wrong. Only tests import this package.
package testtool

import (
	"os"
	"os/exec"
	"strconv"
	"testing"
)

// Tool names.
const (
	Clang = "clang-14"
	Z3    = "z3"
	CVC5  = "cvc5"
)

// InCI reports whether the tests run under CI (CI set to a true value).
func InCI() bool {
	v, err := strconv.ParseBool(os.Getenv("CI"))
	return err == nil && v
}

// Missing returns the tools of the list not found in PATH.
func Missing(tools ...string) []string {
	var miss []string
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			miss = append(miss, tool)
		}
	}
	return miss
}

// Require skips the test when one of the tools is not installed, or fails
// it under CI.
func Require(t testing.TB, tools ...string) {
	t.Helper()
	miss := Missing(tools...)
	if len(miss) == 0 {
		return
	}
	if InCI() {
		t.Fatalf("%v not installed: under CI a missing tool fails the test (CI=%s)", miss, os.Getenv("CI"))
	}
	t.Skipf("%v not installed", miss)
}

// SlowEnv enables the opt-in slow tests (make test-full sets it).
const SlowEnv = "FLOATSYM_SLOW_TESTS"

// Slow reports whether the opt-in slow tests run.
func Slow() bool { return os.Getenv(SlowEnv) != "" }

// RequireSlow skips a slow test unless FLOATSYM_SLOW_TESTS is set.
func RequireSlow(t testing.TB) {
	t.Helper()
	if !Slow() {
		t.Skipf("slow (set %s=1, or make test-full)", SlowEnv)
	}
}
