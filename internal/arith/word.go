// Package arith holds floatsym's concrete semantics: integer arithmetic at
// any width up to 128 bits and IEEE-754 / x87 floating point under an
// explicit rounding mode. The executor and the expression constant folder
// both call these functions, so a folded constant and a concretely executed
// instruction can never disagree.
//
// It imports nothing from the module: every other package may build on it.
package arith

// Word is a concrete value of at most 128 bits. Integers (and pointers) are
// stored zero-extended from their width. Floating-point values are stored
// as their bit patterns: float and double in Lo; x86_fp80 keeps its 64-bit
// significand (explicit integer bit included) in Lo and its 16-bit
// sign/exponent in the low bits of Hi.
type Word struct {
	Lo, Hi uint64
}

// W64 makes a Word from a 64-bit pattern.
func W64(x uint64) Word { return Word{Lo: x} }
