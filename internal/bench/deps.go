package bench

import (
	"github.com/floatsym/floatsym/internal/libbc"
)

// Library dependencies: a spec's `gsl: {}` or `gmp: {}` is provided by
// floatsym's libraries as bitcode (package libbc). The run gets --lib
// NAME (the library is built once into the user's cache, then linked with
// --only-needed); the native replay links the system's build of the same
// sources (libbc.Spec.NativeLDFlags). A `version:` in the spec is not
// checked: the library is the one libbc builds (Debian bookworm's).
func init() {
	for _, name := range libbc.BuiltinNames() {
		SupportedDependencies[name] = true
	}
}

// libraryDeps returns the variant's dependencies that are libbc libraries.
func libraryDeps(v *Variant) []libbc.Spec {
	var specs []libbc.Spec
	for _, d := range v.Dependencies {
		if s, ok := libbc.Builtin(d); ok {
			specs = append(specs, s)
		}
	}
	return specs
}

// libRunArgs are the floatsym run flags for the variant's libraries.
func libRunArgs(v *Variant) []string {
	var args []string
	for _, s := range libraryDeps(v) {
		args = append(args, "--lib", s.Name)
	}
	return args
}

// libLDFlags link the variant's libraries into the native replay build.
func libLDFlags(v *Variant) []string {
	var flags []string
	for _, s := range libraryDeps(v) {
		flags = append(flags, s.NativeLDFlags...)
	}
	return flags
}
