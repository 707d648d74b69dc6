package bench

import (
	"github.com/floatsym/floatsym/internal/libbc"
)

// Library dependencies: a spec's `gsl: {}` or `gmp: {}` is provided by
// floatsym's libraries as bitcode (package libbc). The run gets --lib
// NAME (the library is built once into the user's cache, then linked with
// --only-needed); the native replay links the system's build of the same
// sources (libbc.Spec.NativeLDFlags). A `version:` in the spec is accepted
// whatever it says: the library is the one libbc builds (Debian
// bookworm's), and the run's log notes a difference.
func init() {
	for _, name := range libbc.BuiltinNames() {
		spec, _ := libbc.Builtin(name)
		RegisterDependency(name, ProviderFunc(func(string) (Provided, error) {
			return Provided{
				RunArgs:       []string{"--lib", spec.Name},
				ReplayCFlags:  spec.NativeCFlags,
				ReplayLDFlags: spec.NativeLDFlags,
			}, nil
		}))
	}
}
