// Package ir loads clang-14 LLVM IR (.ll text) with llir/llvm and lowers it
// to floatsym's compact executable form: numbered registers, operands
// pre-resolved to registers or a constant table, x86_64 sizes and offsets,
// phis turned into edge moves, and a source location on every instruction.
// Nothing of llir's types survives lowering, so the executor never sees them.
//
// It may import internal/arith only (and llir/llvm).
package ir

import (
	"strconv"

	"github.com/floatsym/floatsym/internal/arith"
)

// RefKind says what a constant's Base designates.
type RefKind uint8

// Reference kinds.
const (
	RefNone RefKind = iota
	RefGlobal
	RefFunc
	// RefExpr designates Module.ConstExprs[Index]: integer arithmetic
	// on addresses, evaluated once the executor has placed them.
	RefExpr
)

// Ref designates a global or a function whose address a constant uses.
type Ref struct {
	Kind  RefKind
	Index int32
}

// Const is a constant operand: W, plus the address of Base when Base is set.
// Aggregate constants list their leaves in Agg.
type Const struct {
	W    arith.Word
	Base Ref
	Agg  []Const
	T    *Type
}

// Reloc asks for the 8-byte address of Base plus Addend at Off in a
// global's initial image.
type Reloc struct {
	Off    uint64
	Base   Ref
	Addend int64
}

// Global is a global variable.
type Global struct {
	Index int
	Name  string
	T     *Type
	Size  uint64
	Align uint64
	// Init is the initial memory image (nil: all zero); Relocs patch in
	// addresses once the executor has placed globals and functions.
	Init     []byte
	Relocs   []Reloc
	ReadOnly bool
	// External is set for declarations without an initializer (stdout,
	// environ, ...): the executor must model them or refuse them.
	External bool
	Loc      Loc
}

// Module is a lowered program.
type Module struct {
	Funcs        []*Function
	FuncByName   map[string]*Function
	Globals      []*Global
	GlobalByName map[string]*Global
	Consts       []Const
	// ConstExprs are the address-dependent constant expressions that
	// constants of Base kind RefExpr designate (see EvalConst).
	ConstExprs []ConstExpr
	// Files are the source files named by debug locations.
	Files []string
	// Source is the .ll file the module was loaded from.
	Source string
}

// Where formats a location as file:line.
func (m *Module) Where(l Loc) string {
	if l.File < 0 || int(l.File) >= len(m.Files) {
		return "?:0"
	}
	return m.Files[l.File] + ":" + strconv.Itoa(int(l.Line))
}

// FileOf returns the file of a location or "".
func (m *Module) FileOf(l Loc) string {
	if l.File < 0 || int(l.File) >= len(m.Files) {
		return ""
	}
	return m.Files[l.File]
}
