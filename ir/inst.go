package ir

import (
	"fmt"

	"github.com/floatsym/floatsym/internal/arith"
)

// Op is a lowered instruction opcode.
type Op uint8

// Opcodes. Phi nodes do not appear: they are lowered into parallel moves on
// the control-flow edges that enter their block (Edge.Moves).
const (
	OpInvalid Op = iota
	// Integer arithmetic and bitwise ops: A op B at width Bits.
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
	OpAnd
	OpOr
	OpXor
	// Floating point: kind FK.
	OpFAdd
	OpFSub
	OpFMul
	OpFDiv
	OpFRem
	OpFNeg
	// Comparisons: Pred holds the LLVM predicate.
	OpICmp
	OpFCmp
	// Conversions: From is the source type, T the result type.
	OpTrunc
	OpZExt
	OpSExt
	OpFPTrunc
	OpFPExt
	OpFPToUI
	OpFPToSI
	OpUIToFP
	OpSIToFP
	OpPtrToInt
	OpIntToPtr
	OpBitCast
	// Others.
	OpSelect
	OpAlloca
	OpLoad
	OpStore
	OpGEP
	OpCall
	OpExtractValue
	OpInsertValue
	OpVAArg
	OpFreeze
	OpFence
	OpAtomicRMW
	OpCmpXchg
	// Terminators.
	OpRet
	OpBr
	OpCondBr
	OpSwitch
	OpUnreachable
)

var opNames = [...]string{
	OpInvalid: "invalid", OpAdd: "add", OpSub: "sub", OpMul: "mul", OpUDiv: "udiv", OpSDiv: "sdiv",
	OpURem: "urem", OpSRem: "srem", OpShl: "shl", OpLShr: "lshr", OpAShr: "ashr", OpAnd: "and",
	OpOr: "or", OpXor: "xor", OpFAdd: "fadd", OpFSub: "fsub", OpFMul: "fmul", OpFDiv: "fdiv",
	OpFRem: "frem", OpFNeg: "fneg", OpICmp: "icmp", OpFCmp: "fcmp", OpTrunc: "trunc",
	OpZExt: "zext", OpSExt: "sext", OpFPTrunc: "fptrunc", OpFPExt: "fpext", OpFPToUI: "fptoui",
	OpFPToSI: "fptosi", OpUIToFP: "uitofp", OpSIToFP: "sitofp", OpPtrToInt: "ptrtoint",
	OpIntToPtr: "inttoptr", OpBitCast: "bitcast", OpSelect: "select", OpAlloca: "alloca",
	OpLoad: "load", OpStore: "store", OpGEP: "getelementptr", OpCall: "call",
	OpExtractValue: "extractvalue", OpInsertValue: "insertvalue", OpVAArg: "va_arg",
	OpFreeze: "freeze", OpFence: "fence", OpAtomicRMW: "atomicrmw", OpCmpXchg: "cmpxchg",
	OpRet: "ret", OpBr: "br", OpCondBr: "br", OpSwitch: "switch", OpUnreachable: "unreachable",
}

func (o Op) String() string {
	if int(o) < len(opNames) {
		return opNames[o]
	}
	return fmt.Sprintf("op%d", o)
}

// Operand names an instruction input: a register of the current frame when
// non-negative, or constant -1-k of Module.Consts when negative (KLEE's
// encoding).
type Operand int32

// NoOperand marks an absent operand.
const NoOperand Operand = -1 << 31

// IsReg reports whether the operand is a register.
func (o Operand) IsReg() bool { return o >= 0 }

// ConstIndex is the Module.Consts index of a constant operand.
func (o Operand) ConstIndex() int { return int(-1 - o) }

// Loc is a source position from the instruction's !dbg attachment.
type Loc struct {
	File int32 // index into Module.Files; -1 when unknown
	Line int32
	Col  int32
}

// Move copies Src into register Dst when an edge is taken (a phi).
type Move struct {
	Dst int32
	Src Operand
}

// Edge is a control-flow edge with the phi moves of its target block.
type Edge struct {
	Block int32
	Moves []Move
	// Parallel is set when a move reads a register another move of the
	// same edge writes, so the moves must read all sources first.
	Parallel bool
}

// GEPIndex is a variable GEP index: the address grows by Scale times the
// index sign-extended from Bits.
type GEPIndex struct {
	Op    Operand
	Scale int64
	Bits  int
}

// Case is one switch case: Val (of the condition's width) goes to Succs[i+1].
type Case struct {
	Val arith.Word
}

// Inst is one lowered instruction. Fields are used per opcode as noted; a
// single flat struct keeps dispatch a plain switch with no type assertions.
type Inst struct {
	Op   Op
	Pred uint8 // icmp/fcmp predicate (LLVM numbering), atomicrmw op
	// NSW is LLVM's nsw flag of add, sub, mul and shl: a signed overflow
	// is undefined behaviour (clang sets it on C's signed arithmetic);
	// the executor reports one under the no-overflow property.
	NSW  bool
	Bits int32 // integer width of the operation
	FK   arith.Kind
	Dst  int32 // result register, -1 if none
	A    Operand
	B    Operand
	C    Operand
	T    *Type // result type (alloca: allocated type; store: stored type)
	From *Type // conversion source type

	// Calls: Callee is a function index (>= 0) or -1 for an indirect call
	// through operand A. Args are the call arguments.
	Callee int32
	Args   []Operand
	ArgT   []*Type

	// GEP: the address is A + Offset + sum(Index).
	Offset int64
	Index  []GEPIndex

	// extractvalue/insertvalue leaf range.
	LeafLo, LeafHi int32

	// Terminators.
	Succs []Edge
	Cases []Case

	Loc Loc
	// Text is the original instruction, for messages.
	Text string
}

// Block is a basic block.
type Block struct {
	Name  string
	Insts []Inst
}

// Function is a lowered function definition or declaration.
type Function struct {
	Index    int
	Name     string
	Params   []*Type
	Ret      *Type
	Variadic bool
	// NumRegs is the frame size; parameters occupy registers 0..len(Params)-1.
	NumRegs int
	Blocks  []Block // nil for a declaration
	// RegType gives each register's type (for aggregates and diagnostics).
	RegType []*Type
	// Loc is the definition's source position (DISubprogram).
	Loc Loc
}

// IsDeclaration reports whether the function has no body.
func (f *Function) IsDeclaration() bool { return f.Blocks == nil }
