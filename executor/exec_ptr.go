package executor

import (
	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/memory"
	"github.com/floatsym/floatsym/solver/expr"
)

// maxResolutions bounds the objects one symbolic pointer is resolved to;
// past it the remaining possibilities end as an error path.
const maxResolutions = 16

// accessFn performs an access on one resolution of a symbolic pointer, in
// state st, to object o at the (bv64) offset off.
type accessFn func(st *State, o *memory.Object, off *expr.Expr) *Termination

// symbolicAccess resolves a symbolic pointer KLEE-style: take a feasible
// address, find its object, fork on "the access lies inside it", and repeat
// on the other side; what cannot be inside any object is a ptr error.
func (e *Executor) symbolicAccess(s *State, in *ir.Inst, p *expr.Expr, size uint64, do accessFn) *Termination {
	rest := s
	var restTerm, sTerm *Termination
	for k := 0; ; k++ {
		if k == maxResolutions {
			restTerm = e.terminate(rest, in, TermPtr, "memory error: symbolic pointer may point to more than %d objects", maxResolutions)
			break
		}
		w, vt, err := e.solverValue(rest, in, p) // prefix.go
		if vt != nil {
			restTerm = vt
			break
		}
		if err != nil {
			restTerm = e.terminate(rest, in, TermSolver, "solver failure resolving a pointer: %v", err)
			break
		}
		o := rest.Mem.ObjectAt(w.Lo)
		if o == nil {
			// The example address is in no object: the pointer can be
			// invalid. Report that with this example as the test.
			id, _ := memory.Split(w.Lo)
			cond := e.B.Eq(p, e.B.Const(w, 64))
			rest.addConstraint(cond)
			restTerm = e.terminate(rest, in, TermPtr, "%s", (&memory.Fault{Kind: faultKindFor(rest, w.Lo, id), Addr: w.Lo, Size: size}).Error())
			break
		}
		base := e.B.U64(o.Address(), 64)
		off := e.B.Bin(expr.OpSub, p, base)
		var inb *expr.Expr
		if o.Size >= size {
			inb = e.B.ICmp(arith.IULE, off, e.B.U64(o.Size-size, 64))
		} else {
			inb = e.B.False
		}
		t, f, term := e.fork(rest, in, inb)
		if term != nil {
			restTerm = term
			break
		}
		if t != nil {
			if r := do(t, o, off); r != nil {
				if t == s {
					sTerm = r
				} else {
					e.finish(t, r)
				}
			}
		}
		if f == nil {
			return sTerm
		}
		rest = f
	}
	if rest == s {
		return restTerm
	}
	e.finish(rest, restTerm)
	return sTerm
}

func faultKindFor(s *State, addr uint64, id memory.ObjectID) memory.FaultKind {
	if addr < 1<<memory.OffsetBits {
		return memory.NullDeref
	}
	if o := s.Mem.Object(id); o != nil && o.Freed {
		return memory.UseAfterFree
	}
	return memory.OutOfBounds
}
