package bench

import (
	"github.com/sirupsen/logrus"

	"github.com/floatsym/floatsym/internal/libbc"
)

// libraryVersions are the upstream versions of the libraries libbc builds
// from Debian bookworm's sources.
var libraryVersions = map[string]string{"gsl": "2.7.1", "gmp": "6.2.1"}

// Library dependencies: a spec's `gsl: {}` or `gmp: {}` is provided by
// floatsym's libraries as bitcode (package libbc). The run gets --lib
// NAME (the library is built once into the user's cache, then linked with
// --only-needed); the native replay links the system's build of the same
// sources (libbc.Spec.NativeLDFlags). A `version:` in the spec is accepted
// whatever it says: the library is the one libbc builds, and a differing
// version is noted in the log.
func init() {
	for _, name := range libbc.BuiltinNames() {
		spec, _ := libbc.Builtin(name)
		RegisterDependency(name, ProviderFunc(func(version string) (Provided, error) {
			if have := libraryVersions[spec.Name]; version != "" && have != "" && version != have {
				logrus.WithFields(logrus.Fields{"dependency": spec.Name, "asked": version, "used": have}).
					Warn("dependency version differs: the spec's version is accepted, floatsym links the one it builds")
			}
			return Provided{
				RunArgs:       []string{"--lib", spec.Name},
				ReplayCFlags:  spec.NativeCFlags,
				ReplayLDFlags: spec.NativeLDFlags,
			}, nil
		}))
	}
}
