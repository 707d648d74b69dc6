package executor

import "sort"

// ModelledNames lists every C name floatsym answers with a Go model
// (builtinTable, intrinsics left out) and the external globals it
// creates (stdin, stdout, stderr). With another C library linked as
// bitcode (run --libc=musl-bitcode, package muslbc) these names keep
// their models: the library's own definitions of them are deleted.
func ModelledNames() []string {
	var names []string
	for name := range builtinTable {
		if len(name) >= 5 && name[:5] == "llvm." {
			continue
		}
		names = append(names, name)
	}
	for name := range runtimeGlobals {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}
