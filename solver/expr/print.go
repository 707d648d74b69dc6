package expr

// Printing: a compact S-expression form for logs and error messages.
// Constants show their value (FP via arith.Format), array bytes as
// name[i], and rounding modes and auxiliary data in the operator name
// (fadd.down, extract.8, fround.floor). Subtrees deeper than printDepth are
// elided as "…#ID".

import (
	"fmt"
	"strings"

	"github.com/floatsym/floatsym/internal/arith"
)

const printDepth = 12

// String renders e.
func (e *Expr) String() string {
	var sb strings.Builder
	e.print(&sb, printDepth)
	return sb.String()
}

func (e *Expr) print(sb *strings.Builder, depth int) {
	switch e.Op {
	case OpConst:
		switch e.Sort.Kind {
		case Bool:
			if e.Val.Lo&1 == 1 {
				sb.WriteString("true")
			} else {
				sb.WriteString("false")
			}
		case FP:
			fmt.Fprintf(sb, "%s:%s", arith.Format(e.Sort.FK, e.Val), e.Sort)
		default:
			if e.Val.Hi != 0 {
				fmt.Fprintf(sb, "%#x%016x:%s", e.Val.Hi, e.Val.Lo, e.Sort)
			} else {
				fmt.Fprintf(sb, "%#x:%s", e.Val.Lo, e.Sort)
			}
		}
		return
	case OpByte:
		fmt.Fprintf(sb, "%s[%d]", e.Arr.Name, e.Aux)
		return
	}
	if depth == 0 {
		fmt.Fprintf(sb, "…#%d", e.ID)
		return
	}
	sb.WriteByte('(')
	sb.WriteString(e.Op.String())
	switch e.Op {
	case OpExtract:
		fmt.Fprintf(sb, ".%d", e.Aux)
	case OpFRound:
		fmt.Fprintf(sb, ".%s", arith.Integral(e.Aux))
	case OpZExt, OpSExt, OpFPToSI, OpFPToUI:
		fmt.Fprintf(sb, ".%d", e.Sort.W)
	case OpSIToFP, OpUIToFP, OpFPConv, OpFromBits:
		fmt.Fprintf(sb, ".%s", e.Sort.FK)
	case OpRead:
		fmt.Fprintf(sb, " %s", e.Arr.Name)
		for u := e.Upd; u != nil; u = u.Next {
			sb.WriteString(" [")
			u.Index.print(sb, depth-1)
			sb.WriteString("]=")
			u.Value.print(sb, depth-1)
		}
	}
	switch e.Op {
	case OpFAdd, OpFSub, OpFMul, OpFDiv, OpFSqrt, OpFMA, OpSIToFP, OpUIToFP, OpFPConv, OpFRound:
		if e.RM != arith.NearestEven {
			fmt.Fprintf(sb, ".%s", e.RM)
		}
	}
	for _, k := range e.Kids() {
		sb.WriteByte(' ')
		k.print(sb, depth-1)
	}
	sb.WriteByte(')')
}
