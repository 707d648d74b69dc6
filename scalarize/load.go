package scalarize

import (
	"io"

	fir "github.com/floatsym/floatsym/ir"
)

// LoadFiles loads .ll/.bc files with ir, scalarized; emit, when not nil,
// receives the scalarized module as LLVM text.
func LoadFiles(emit io.Writer, paths ...string) (*fir.Module, error) {
	return fir.LoadFilesWith(fir.LoadOptions{Rewrite: Module, Emit: emit}, paths...)
}

// LoadText is LoadFiles for IR text in memory.
func LoadText(emit io.Writer, name, text string) (*fir.Module, error) {
	return fir.LoadTextWith(fir.LoadOptions{Rewrite: Module, Emit: emit}, name, text)
}
