package executor

// The builtin registry: every model of a C library function or an
// intrinsic enters builtinTable through one of the layers below, applied
// once, in this order, when the package is initialised. Base layers
// register new names (a name registered twice panics); decorator layers
// then rewrite entries that earlier layers registered (libm's exact and
// uninterpreted forms wrap the concrete models of builtins_math.go).
// Which model answers a name therefore depends only on this list, never
// on Go's file initialisation order: a family file declares a
// registerXxx/decorateXxx function and is listed here, and a register
// call from anywhere else (an init, a model at run time) panics.
// TestBuiltinRegistry checks that every name has exactly one base layer
// and that decorators applied in the declared order.
var builtinLayers = []builtinLayer{
	// Base layers: each registers one family of names.
	{name: "klee", apply: registerKleeBuiltins},
	{name: "proc", apply: registerProcBuiltins},
	{name: "signal", apply: registerSignalBuiltins},
	{name: "jmp-exit", apply: registerJmpExitBuiltins},
	{name: "time", apply: registerTimeBuiltins},
	{name: "mem", apply: registerMemBuiltins},
	{name: "int", apply: registerIntBuiltins},
	{name: "fp", apply: registerFPBuiltins},
	{name: "fenv", apply: registerFenvBuiltins},
	{name: "math", apply: registerMathBuiltins},
	{name: "complex", apply: registerComplexBuiltins},
	{name: "file", apply: registerFileBuiltins},
	{name: "fd", apply: registerFdBuiltins},
	{name: "stdio", apply: registerStdioBuiltins},
	{name: "crt-hooks", apply: registerCrtHooks},
	{name: "stdlib", apply: registerStdlibBuiltins},
	// Decorator layers: each rewrites entries registered above.
	{name: "output-only", decorates: true, apply: markOutputOnly},
	{name: "libm-exact", decorates: true, apply: decorateLibmExact},
	{name: "libm-exact-out", decorates: true, apply: decorateLibmExactOut},
	{name: "libm-uninterpreted", decorates: true, apply: decorateLibmUninterp},
}

// builtinLayer is one step of building builtinTable.
type builtinLayer struct {
	name string
	// decorates: the layer rewrites existing entries (and calls
	// noteLayer for each) instead of registering names.
	decorates bool
	apply     func()
}

// builtinOrigin lists, per name, the layers that registered and then
// rewrote its model, in the order they did.
var builtinOrigin = map[string][]string{}

// registryLayer is the layer being applied (nil outside buildBuiltins).
var registryLayer *builtinLayer

// noteLayer records that the current decorator layer rewrote name's model.
func noteLayer(name string) {
	if registryLayer == nil || !registryLayer.decorates {
		panic("executor: builtin " + name + " decorated outside a decorator layer of builtinLayers")
	}
	builtinOrigin[name] = append(builtinOrigin[name], registryLayer.name)
}

func buildBuiltins() {
	for i := range builtinLayers {
		registryLayer = &builtinLayers[i]
		registryLayer.apply()
	}
	registryLayer = nil
}

func init() { buildBuiltins() }
