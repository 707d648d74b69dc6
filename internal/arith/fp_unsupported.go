//go:build !(cgo && amd64)

package arith

// The x86_fp80 operations and the directed-rounding float/double operations
// are executed by the x87/SSE hardware through cgo, so package arith needs
// cgo on amd64. This deliberately undefined name makes any other build fail
// with a message that says so.
var _ = arith_requires_cgo_on_amd64
