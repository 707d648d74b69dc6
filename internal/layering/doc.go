// Package layering holds no code: its test enforces floatsym's import
// layering (layering_test.go has the table of layers), so that data keeps
// flowing one way, ir → scalarize → executor (memory) → solver, and
// nothing imports a package above it. It imports nothing.
package layering
