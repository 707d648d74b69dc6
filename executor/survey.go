package executor

import (
	"sort"

	"github.com/floatsym/floatsym/ir"
)

// Unmodelled lists what a linked module references that floatsym neither
// defines nor models: declared functions without a builtin (a call to one
// ends its path) and external globals without a model (the module does
// not load). The libc survey (benchmarks/tools/libcsurvey) reports them.
func Unmodelled(m *ir.Module) (funcs, globals []string) {
	for _, f := range m.Funcs {
		if f.IsDeclaration() && lookupBuiltin(f.Name) == nil && !ir.IntrinsicDropped(f.Name) {
			funcs = append(funcs, f.Name)
		}
	}
	for _, g := range m.Globals {
		if g.External && !plainExternals[g.Name] && !runtimeGlobals[g.Name] {
			globals = append(globals, g.Name)
		}
	}
	sort.Strings(funcs)
	sort.Strings(globals)
	return funcs, globals
}

// runtimeGlobals are the external globals setupRuntime models.
var runtimeGlobals = map[string]bool{"stdin": true, "stdout": true, "stderr": true}

// UnmodelledNames is Unmodelled for a module floatsym cannot load (an
// unsupported construct elsewhere in it): the names its declarations and
// external globals carry, as read from the linked text, filtered the same
// way.
func UnmodelledNames(declared, externals []string) (funcs, globals []string) {
	for _, f := range declared {
		if lookupBuiltin(f) == nil && !ir.IntrinsicDropped(f) {
			funcs = append(funcs, f)
		}
	}
	for _, g := range externals {
		if !plainExternals[g] && !runtimeGlobals[g] {
			globals = append(globals, g)
		}
	}
	sort.Strings(funcs)
	sort.Strings(globals)
	return funcs, globals
}
