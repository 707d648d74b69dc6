package bench

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Provided is what a dependency adds to the two builds of a variant.
type Provided struct {
	// RunArgs are more `floatsym run` arguments (flags, or library
	// inputs such as an .ll file), placed before the sources.
	RunArgs []string
	// ReplayCFlags and ReplayLDFlags are added to the native replay
	// build (compiler flags before the sources, link flags after them).
	ReplayCFlags  []string
	ReplayLDFlags []string
}

func (p *Provided) add(q Provided) {
	p.RunArgs = append(p.RunArgs, q.RunArgs...)
	p.ReplayCFlags = append(p.ReplayCFlags, q.ReplayCFlags...)
	p.ReplayLDFlags = append(p.ReplayLDFlags, q.ReplayLDFlags...)
}

// A Provider supplies one dependency of the spec format. Resolve is given
// the version the spec asks for ("" for any) and returns what the builds
// need, or an error saying why it cannot provide that version (the
// variant is then skipped with that reason).
type Provider interface {
	Resolve(version string) (Provided, error)
}

// ProviderFunc adapts a function to Provider.
type ProviderFunc func(version string) (Provided, error)

// Resolve calls f.
func (f ProviderFunc) Resolve(version string) (Provided, error) { return f(version) }

// builtinProvider is a dependency floatsym provides itself, in any version:
// klee/klee.h and svcomp/svcomp.h are on floatsym's include path and the
// replay build's, and libm is modelled by floatsym and linked (-lm) into
// every replay build.
var builtinProvider = ProviderFunc(func(string) (Provided, error) { return Provided{}, nil })

var (
	providersMu sync.RWMutex
	providers   = map[string]Provider{
		"klee_runtime":        builtinProvider,
		"svcomp_klee_runtime": builtinProvider,
		"cmath":               builtinProvider,
	}
)

// RegisterDependency makes a dependency supported (a library provided as
// LLVM IR for floatsym and as a native library for the replay, say). It
// replaces an earlier provider of the same name.
func RegisterDependency(name string, p Provider) {
	providersMu.Lock()
	defer providersMu.Unlock()
	providers[name] = p
}

// SupportedDependencies lists the dependencies with a provider, sorted.
func SupportedDependencies() []string {
	providersMu.RLock()
	defer providersMu.RUnlock()
	out := make([]string, 0, len(providers))
	for n := range providers {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// resolveDependencies asks each dependency's provider for what it adds;
// the reason is "" when all of them can be provided.
func resolveDependencies(names []string, versions map[string]string) (Provided, string) {
	providersMu.RLock()
	defer providersMu.RUnlock()
	var all Provided
	var missing, failed []string
	for _, n := range names {
		p, ok := providers[n]
		if !ok {
			missing = append(missing, n)
			continue
		}
		got, err := p.Resolve(versions[n])
		if err != nil {
			what := n
			if v := versions[n]; v != "" {
				what += " version " + v
			}
			failed = append(failed, fmt.Sprintf("%s: %v", what, err))
			continue
		}
		all.add(got)
	}
	switch {
	case len(missing) > 0:
		return Provided{}, "unsupported dependency " + strings.Join(missing, ", ")
	case len(failed) > 0:
		return Provided{}, "dependency not available: " + strings.Join(failed, "; ")
	}
	return all, ""
}
