package bench

import (
	"strings"
	"testing"
)

// gsl and gmp are provided (libbc): the run gets --lib, the native replay
// the system libraries; other dependencies add nothing.
func TestLibraryDependencies(t *testing.T) {
	if !SupportedDependencies["gsl"] || !SupportedDependencies["gmp"] {
		t.Fatal("gsl and gmp should be supported dependencies")
	}
	v := &Variant{Dependencies: []string{"klee_runtime", "gsl", "cmath", "gmp"}}
	if got := strings.Join(libRunArgs(v), " "); got != "--lib gsl --lib gmp" {
		t.Errorf("run args %q", got)
	}
	if got := strings.Join(libLDFlags(v), " "); got != "-lgsl -lgslcblas -lgmp" {
		t.Errorf("native link flags %q", got)
	}
	if len(libRunArgs(&Variant{Dependencies: []string{"cmath"}})) != 0 {
		t.Error("cmath is not a library to build")
	}
}
