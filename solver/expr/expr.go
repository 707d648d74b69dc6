// Package expr defines floatsym's symbolic expressions: typed, immutable
// and hash-consed, so that pointer equality is structural equality and
// caches can key on IDs.
//
// Canonical forms (the builder maintains them; code may rely on them):
//   - No node has only constant operands: it is folded with package arith,
//     the same code the concrete executor runs, so a folded constant and an
//     executed instruction never disagree.
//   - Sorts are explicit: Bool, BV(w), FP(kind). Conversions between FP and
//     bit-vectors are explicit nodes (FromBits, ToBits); there is no
//     implicit reinterpretation.
//   - FP arithmetic nodes carry their rounding mode.
//   - Only the comparisons Eq, Ult, Ule, Slt, Sle exist for bit-vectors;
//     the others are built by swapping operands or negating.
//   - FP comparisons are FOEq, FOLt, FOLe (ordered: false on NaN) plus the
//     classifications; unordered predicates are built with IsNaN.
//   - ToBits of a NaN gives one canonical pattern per kind (the x86 default
//     NaN), since NaN payloads differ between solver and hardware.
//
// It may import internal/arith only.
package expr

import (
	"fmt"
	"sync"

	"github.com/floatsym/floatsym/internal/arith"
)

// SortKind is the kind of an expression's sort.
type SortKind uint8

// Sort kinds.
const (
	Bool SortKind = iota
	BV
	FP
)

// Sort is an expression's type.
type Sort struct {
	Kind SortKind
	W    uint16     // BV width (FP: bit width of the format)
	FK   arith.Kind // FP kind
}

// BoolSort, BVSort and FPSort make sorts.
var BoolSort = Sort{Kind: Bool, W: 1}

// BVSort is the sort of w-bit vectors.
func BVSort(w int) Sort { return Sort{Kind: BV, W: uint16(w)} }

// FPSort is the sort of an FP kind.
func FPSort(k arith.Kind) Sort { return Sort{Kind: FP, W: uint16(k.Bits()), FK: k} }

func (s Sort) String() string {
	switch s.Kind {
	case Bool:
		return "bool"
	case BV:
		return fmt.Sprintf("bv%d", s.W)
	}
	return s.FK.String()
}

// Op is an expression operator.
type Op uint8

// Operators. Kid counts and Aux meanings are noted.
const (
	OpConst Op = iota // Val (Bool: Val.Lo 0/1)
	OpByte            // byte Aux of symbolic array Arr (an input variable)
	OpRead            // byte of Arr at symbolic index Kid[0] (bv64), after Updates
	// Bit-vectors.
	OpConcat  // Kid[0] high, Kid[1] low
	OpExtract // bits [Aux, Aux+W) of Kid[0]
	OpZExt
	OpSExt
	OpAdd
	OpSub
	OpMul
	OpUDiv
	OpSDiv
	OpURem
	OpSRem
	OpShl
	OpLShr
	OpAShr
	OpAnd // BV and Bool
	OpOr  // BV and Bool
	OpXor // BV and Bool
	OpNot // BV and Bool
	OpEq  // any sort; FP Eq is bitwise identity of the value (not IEEE ==)
	OpUlt
	OpUle
	OpSlt
	OpSle
	OpIte // Kid[0] bool, Kid[1], Kid[2]
	// Floating point (RM where rounding matters).
	OpFAdd
	OpFSub
	OpFMul
	OpFDiv
	OpFRem       // C fmod / LLVM frem
	OpFRemainder // IEEE remainder
	OpFSqrt
	OpFMA
	OpFNeg
	OpFAbs
	OpFMin     // llvm.minnum semantics
	OpFMax     // llvm.maxnum semantics
	OpFRound   // round to integral, Aux = arith.Integral
	OpFOEq     // ordered ==
	OpFOLt     // ordered <
	OpFOLe     // ordered <=
	OpFIsNaN   // classification: Bool
	OpFIsInf   //
	OpFIsZero  //
	OpFIsSub   // subnormal
	OpFIsNorm  // normal
	OpFIsNeg   // sign bit set (also for NaN as the bits say)
	OpFPToSI   // to BV(W), truncating; out of range gives arith's x86 value
	OpFPToUI   //
	OpSIToFP   // from BV
	OpUIToFP   //
	OpFPConv   // FP to FP (extension exact, truncation rounds)
	OpFromBits // BV(k.Bits()) to FP of the same width
	OpToBits   // FP to BV, canonical NaN
	numOps
)

var opNames = [...]string{"const", "byte", "read", "concat", "extract", "zext", "sext", "add", "sub", "mul",
	"udiv", "sdiv", "urem", "srem", "shl", "lshr", "ashr", "and", "or", "xor", "not", "eq", "ult", "ule",
	"slt", "sle", "ite", "fadd", "fsub", "fmul", "fdiv", "frem", "fremainder", "fsqrt", "fma", "fneg",
	"fabs", "fmin", "fmax", "fround", "foeq", "folt", "fole", "isnan", "isinf", "iszero", "issubnormal",
	"isnormal", "isneg", "fptosi", "fptoui", "sitofp", "uitofp", "fpconv", "frombits", "tobits"}

func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return fmt.Sprintf("op%d", o)
}

// Array is a symbolic input object, whose bytes are variables, or (Init
// set) the constant initial contents of an object later written at a
// symbolic offset.
type Array struct {
	ID   int
	Name string
	Size uint64
	Init []byte
}

// Update is a write of Value (bv8) at Index (bv64) into an array, used for
// symbolic-offset writes (KLEE's update lists): reads see the newest first.
type Update struct {
	Index, Value *Expr
	Next         *Update
}

// Expr is an immutable, hash-consed expression node.
type Expr struct {
	Op   Op
	Sort Sort
	RM   arith.RoundingMode
	Aux  uint32
	Kid  [3]*Expr
	N    uint8 // number of kids
	Val  arith.Word
	Arr  *Array
	// Upd lists the symbolic-offset writes an OpRead sees.
	Upd *Update
	// ID is unique per builder, in creation order.
	ID uint32
	// Depth-independent facts computed once.
	symbolic bool
}

// Kids returns the operands.
func (e *Expr) Kids() []*Expr { return e.Kid[:e.N] }

// IsConst reports whether e is a constant.
func (e *Expr) IsConst() bool { return e.Op == OpConst }

// IsTrue / IsFalse test Bool constants.
func (e *Expr) IsTrue() bool  { return e.Op == OpConst && e.Sort.Kind == Bool && e.Val.Lo == 1 }
func (e *Expr) IsFalse() bool { return e.Op == OpConst && e.Sort.Kind == Bool && e.Val.Lo == 0 }

// Width is the bit width of a BV (1 for Bool, format width for FP).
func (e *Expr) Width() int { return int(e.Sort.W) }

type key struct {
	op    Op
	sort  Sort
	rm    arith.RoundingMode
	aux   uint32
	k0    uint32
	k1    uint32
	k2    uint32
	val   arith.Word
	arr   *Array
	upd   *Update
	nkids uint8
}

// Builder creates expressions; it owns the intern table. It is safe for
// concurrent use.
type Builder struct {
	mu     sync.Mutex
	table  map[key]*Expr
	nextID uint32
	arrays []*Array
	True   *Expr
	False  *Expr
}

// NewBuilder makes an empty builder.
func NewBuilder() *Builder {
	b := &Builder{table: map[key]*Expr{}}
	b.True = b.intern(&Expr{Op: OpConst, Sort: BoolSort, Val: arith.Word{Lo: 1}})
	b.False = b.intern(&Expr{Op: OpConst, Sort: BoolSort})
	return b
}

// Len is the number of distinct expressions built.
func (b *Builder) Len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.table)
}

func id(e *Expr) uint32 {
	if e == nil {
		return 0
	}
	return e.ID
}

func (b *Builder) intern(e *Expr) *Expr {
	k := key{op: e.Op, sort: e.Sort, rm: e.RM, aux: e.Aux, k0: id(e.Kid[0]), k1: id(e.Kid[1]), k2: id(e.Kid[2]),
		val: e.Val, arr: e.Arr, upd: e.Upd, nkids: e.N}
	b.mu.Lock()
	defer b.mu.Unlock()
	if old, ok := b.table[k]; ok {
		return old
	}
	b.nextID++
	e.ID = b.nextID
	e.symbolic = e.Op == OpByte || (e.Op == OpRead && (e.Arr.Init == nil || e.Upd != nil || e.Kid[0].symbolic))
	for _, c := range e.Kids() {
		e.symbolic = e.symbolic || c.symbolic
	}
	b.table[k] = e
	return e
}

// NewArray creates a symbolic input array, or with init a constant one.
func (b *Builder) NewArray(name string, size uint64, init []byte) *Array {
	b.mu.Lock()
	defer b.mu.Unlock()
	a := &Array{ID: len(b.arrays), Name: name, Size: size, Init: init}
	b.arrays = append(b.arrays, a)
	return a
}

// Const makes a BV constant of width w.
func (b *Builder) Const(w arith.Word, width int) *Expr {
	return b.intern(&Expr{Op: OpConst, Sort: BVSort(width), Val: arith.Truncate(w, width)})
}

// U64 makes a BV constant from a uint64.
func (b *Builder) U64(x uint64, width int) *Expr { return b.Const(arith.Word{Lo: x}, width) }

// FConst makes an FP constant from its bit pattern.
func (b *Builder) FConst(k arith.Kind, w arith.Word) *Expr {
	return b.intern(&Expr{Op: OpConst, Sort: FPSort(k), Val: w})
}

// BoolConst makes true or false.
func (b *Builder) BoolConst(v bool) *Expr {
	if v {
		return b.True
	}
	return b.False
}

// ConstOf makes a constant of any sort from a Word.
func (b *Builder) ConstOf(s Sort, w arith.Word) *Expr {
	switch s.Kind {
	case Bool:
		return b.BoolConst(w.Lo&1 == 1)
	case FP:
		return b.FConst(s.FK, w)
	}
	return b.Const(w, int(s.W))
}

// Byte is byte i of a symbolic array (a variable).
func (b *Builder) Byte(a *Array, i uint64) *Expr {
	return b.intern(&Expr{Op: OpByte, Sort: BVSort(8), Arr: a, Aux: uint32(i)})
}

// IsSymbolic reports whether the expression depends on an input.
func (e *Expr) IsSymbolic() bool { return e.symbolic }
