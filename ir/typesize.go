package ir

import (
	"fmt"
	"math/bits"

	"github.com/llir/llvm/ir/types"
)

// Limits on aggregate types: an object larger than an address can span
// cannot be executed, and an aggregate is lowered with one entry per
// scalar component (Type.Leaves), so a huge array type (a hostile or
// corrupted module's [1000000000 x i32]) would take minutes and gigabytes
// before anything runs. Such a type is an error naming it, at once.
const (
	// MaxTypeSize is the largest aggregate in bytes (memory's object
	// limit, 4 GiB - 1).
	MaxTypeSize = 1<<32 - 1
	// MaxLeaves is the most scalar components an aggregate may have: 4M.
	// Lowering holds a few copies of them, 16+ bytes each: an 8 MiB
	// static char buffer (8M components) took 1.7 GB of RSS before
	// anything ran, beyond any --max-memory; refused here with a message
	// instead (a finer representation of big scalar arrays would lift
	// this).
	MaxLeaves = 1 << 22
)

// checkArraySize rejects an array type whose size or number of scalar
// components exceeds the limits.
func checkArraySize(t *types.ArrayType, el *Type) error {
	hi, size := bits.Mul64(el.Size, t.Len)
	if hi != 0 || size > MaxTypeSize {
		return fmt.Errorf("array type %s is larger than the %d-byte object limit", t, uint64(MaxTypeSize))
	}
	leaves := uint64(1)
	if el.IsAggregate() {
		leaves = uint64(len(el.Leaves))
	}
	if hi, n := bits.Mul64(leaves, t.Len); hi != 0 || n > MaxLeaves {
		return fmt.Errorf("array type %s has more than %d scalar components (floatsym's limit)", t, MaxLeaves)
	}
	return nil
}
