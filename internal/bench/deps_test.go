package bench

import (
	"slices"
	"strings"
	"testing"
)

// gsl and gmp are provided (libbc): the run gets --lib, the native replay
// the system libraries; other dependencies add nothing; any version is
// accepted.
func TestLibraryDependencies(t *testing.T) {
	sup := SupportedDependencies()
	if !slices.Contains(sup, "gsl") || !slices.Contains(sup, "gmp") {
		t.Fatalf("gsl and gmp should be supported dependencies: %v", sup)
	}
	got, reason := resolveDependencies([]string{"klee_runtime", "gsl", "cmath", "gmp"}, map[string]string{"gsl": "2.5"})
	if reason != "" {
		t.Fatalf("not provided: %s", reason)
	}
	if s := strings.Join(got.RunArgs, " "); s != "--lib gsl --lib gmp" {
		t.Errorf("run args %q", s)
	}
	if s := strings.Join(got.ReplayLDFlags, " "); s != "-lgsl -lgslcblas -lgmp" {
		t.Errorf("native link flags %q", s)
	}
	if got, _ := resolveDependencies([]string{"cmath"}, nil); len(got.RunArgs) != 0 {
		t.Error("cmath is not a library to build")
	}
}
