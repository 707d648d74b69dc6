package executor

import (
	"math/big"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/solver/expr"
)

// Signed integer overflow, SV-COMP's no-overflow property ("It can never
// happen that the resulting type of an operation is a signed integer
// type but does not fit into the bounds of that type"). clang marks C's
// signed +, -, * (and unary minus, a sub from 0) with LLVM's nsw flag;
// under --property no-overflow such an operation whose exact result does
// not fit is an "overflow" error. Replay confirms it natively with
// UBSan's signed-integer-overflow check. Signed division overflow
// (INT_MIN / -1) is a "div" error, as it traps natively; shifts (shl nsw)
// are not checked: C calls a shift into the sign bit undefined, but
// UBSan files it under shift-base, not overflow, and SV-COMP's tasks
// about it are few.

// overflowChecked reports whether in is an operation whose signed
// overflow the run reports.
func (e *Executor) overflowChecked(in *ir.Inst) bool {
	if !in.NSW || e.cfg.Property != PropNoOverflow {
		return false
	}
	switch in.Op {
	case ir.OpAdd, ir.OpSub:
		return in.Bits >= 2
	case ir.OpMul:
		return in.Bits >= 2 && in.Bits <= 64 // the exact product needs 2w bits (arith words hold 128)
	}
	return false
}

var overflowOpName = map[ir.Op]string{ir.OpAdd: "addition", ir.OpSub: "subtraction", ir.OpMul: "multiplication"}

// checkOverflow ends the path with an overflow error when the nsw
// operation in overflows; with symbolic operands it forks: the
// overflowing inputs end in the error, the others go on.
func (e *Executor) checkOverflow(s *State, fr *StackFrame, in *ir.Inst) *Termination {
	a, b, w := e.get(fr, in.A), e.get(fr, in.B), int(in.Bits)
	msg := "signed integer overflow in " + overflowOpName[in.Op]
	if a.E == nil && b.E == nil {
		if overflowsConcrete(in.Op, a.W, b.W, w) {
			return e.terminate(s, in, TermOverflow, "%s (%d-bit)", msg, w)
		}
		return nil
	}
	t := fr.Fn.RegType[in.Dst]
	x, y := e.bv(e.exprOf(a, t)), e.bv(e.exprOf(b, t))
	if in.Op == ir.OpMul && w >= 16 && e.halfWidthOperands(s, x, y, w) {
		return nil
	}
	if ok, term := e.guard(s, in, e.B.Not(e.overflowExpr(in.Op, x, y, w)), TermOverflow, "%s (%d-bit)", msg, w); !ok {
		return term
	}
	return nil
}

// halfWidthOperands reports whether the path implies that both factors
// fit in w/2 signed bits, so that their product cannot overflow. The
// exact check needs a 2w-bit product, which SMT solvers bit-blast
// slowly (a 64-bit product of inputs bounded to a million: over 20 s in
// z3 and cvc5); this question is about comparisons only and settles the
// usual case, inputs the program keeps small. A solver failure answers
// false: the exact check decides.
func (e *Executor) halfWidthOperands(s *State, x, y *expr.Expr, w int) bool {
	B := e.B
	fits := func(v *expr.Expr) *expr.Expr { return B.Eq(B.SExt(B.Trunc(v, w/2), w), v) }
	big, err := e.mayBeTrue(s, B.Not(B.And(fits(x), fits(y))))
	return err == nil && !big
}

// overflowExpr is true when op's exact signed result on x, y (w bits)
// does not fit in w bits.
func (e *Executor) overflowExpr(op ir.Op, x, y *expr.Expr, w int) *expr.Expr {
	B := e.B
	sign := func(v *expr.Expr) *expr.Expr { return B.Eq(B.Extract(v, w-1, 1), B.U64(1, 1)) }
	switch op {
	case ir.OpAdd: // both operands' signs differ from the result's
		r := B.Bin(expr.OpAdd, x, y)
		return sign(B.Bin(expr.OpAnd, B.Bin(expr.OpXor, x, r), B.Bin(expr.OpXor, y, r)))
	case ir.OpSub: // operands of different signs, result's sign not x's
		r := B.Bin(expr.OpSub, x, y)
		return sign(B.Bin(expr.OpAnd, B.Bin(expr.OpXor, x, y), B.Bin(expr.OpXor, x, r)))
	}
	p := B.Bin(expr.OpMul, B.SExt(x, 2*w), B.SExt(y, 2*w))
	return B.Not(B.Eq(p, B.SExt(B.Trunc(p, w), 2*w)))
}

// overflowsConcrete is overflowExpr on constants.
func overflowsConcrete(op ir.Op, a, b arith.Word, w int) bool {
	x, y := signedBig(a, w), signedBig(b, w)
	var r big.Int
	switch op {
	case ir.OpAdd:
		r.Add(x, y)
	case ir.OpSub:
		r.Sub(x, y)
	default:
		r.Mul(x, y)
	}
	limit := new(big.Int).Lsh(big.NewInt(1), uint(w-1)) // 2^(w-1)
	return r.Cmp(limit) >= 0 || r.Cmp(new(big.Int).Neg(limit)) < 0
}

// signedBig reads the low w bits of a word as a two's complement number.
func signedBig(v arith.Word, w int) *big.Int {
	v = arith.Truncate(v, w)
	n := new(big.Int).SetUint64(v.Hi)
	n.Lsh(n, 64)
	n.Or(n, new(big.Int).SetUint64(v.Lo))
	if n.Bit(w-1) == 1 {
		n.Sub(n, new(big.Int).Lsh(big.NewInt(1), uint(w)))
	}
	return n
}
