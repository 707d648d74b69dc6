package z3

// Translation of Bool and bit-vector expressions, arrays and the
// per-query memo tables. Floating point is in fp.go.

import (
	"fmt"
	"math/big"

	z3 "github.com/floatsym/floatsym/solver/z3/internal/capi"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// iteLimit is the largest array whose symbolic-index reads become an ite
// chain over its bytes (plain bit-vector variables: the array is
// ackermannized). Larger arrays read at a symbolic index use Z3's array
// theory.
const iteLimit = 256

// constIteLimit is the same for arrays with constant contents, whose
// chains test only the nonzero bytes and add no variables: measured on
// a symbolic index into 64 doubles (512 bytes, cmd/floatsym/testdata/
// constarray_sym.c), z3 decides the chain in 0.4 s and times out after
// 30 s on the store chain over a constant array (cvc5: 1.8 s, 35 s).
const constIteLimit = 4096

// translator turns the expressions of one query into Z3 terms. Every
// table is per query; Z3 itself hash-conses the terms in the context.
type translator struct {
	ctx *z3.Context
	c   *Checker

	val  map[*expr.Expr]z3.Value // Bool, BV, or (FP sort) the value as a Float
	bits map[*expr.Expr]z3.BV    // FP: the exact bit pattern arith computes
	nn   map[*expr.Expr]z3.BV    // FP x86_fp80: the bit pattern, valid when not NaN
	// parts memoises multi-part translations (min/max, x86_fp80 fma).
	parts map[*expr.Expr]any

	bytes  map[byteKey]z3.BV
	arrays map[*expr.Array]*arrayInfo
	order  []*expr.Array // arrays in first-seen order

	bvSorts map[int]z3.Sort
	fpSorts map[arith.Kind]z3.Sort
	rm      z3.RoundingMode
	rmSet   bool

	usesFP bool
	// constArrays: some array with constant contents is read at a
	// symbolic index and is too big for an ite chain (read encodes it
	// as a store chain over a constant array, `as const`).
	constArrays bool

	// portable: translate to standard SMT-LIB2 only (for Script), with
	// side conditions for the fresh variables that stand for
	// fp.to_ieee_bv terms (see portableIEEEBV).
	portable bool
	ieee     map[z3.Float]z3.BV
	side     []z3.Bool
}

type byteKey struct {
	a *expr.Array
	i uint64
}

type arrayInfo struct {
	// theory: the array is read at a symbolic index and is too big for an
	// ite chain, so its bytes are selects from a Z3 array constant.
	theory bool
	term   z3.Array
}

// newTranslator makes a translator; set its ctx after scan.
func newTranslator(c *Checker) *translator {
	return &translator{
		c:       c,
		val:     map[*expr.Expr]z3.Value{},
		bits:    map[*expr.Expr]z3.BV{},
		nn:      map[*expr.Expr]z3.BV{},
		parts:   map[*expr.Expr]any{},
		bytes:   map[byteKey]z3.BV{},
		arrays:  map[*expr.Array]*arrayInfo{},
		bvSorts: map[int]z3.Sort{},
		fpSorts: map[arith.Kind]z3.Sort{},
		ieee:    map[z3.Float]z3.BV{},
	}
}

// scan records the arrays of es and which of them need the array theory,
// before any translation.
func (t *translator) scan(es []*expr.Expr) {
	seen := map[*expr.Expr]bool{}
	var walk func(e *expr.Expr)
	walk = func(e *expr.Expr) {
		if seen[e] {
			return
		}
		seen[e] = true
		if e.Sort.Kind == expr.FP {
			t.usesFP = true
		}
		switch e.Op {
		case expr.OpByte:
			t.noteArray(e.Arr)
		case expr.OpRead:
			// Arrays with constant contents are no input: read()
			// encodes them from Init, and the model omits them.
			if e.Arr.Init == nil {
				if ai := t.noteArray(e.Arr); e.Arr.Size > iteLimit {
					ai.theory = true
				}
			} else if e.Arr.Size > constIteLimit {
				t.constArrays = true
			}
			for u := e.Upd; u != nil; u = u.Next {
				walk(u.Index)
				walk(u.Value)
			}
		}
		for _, k := range e.Kids() {
			if k.Sort.Kind == expr.FP {
				t.usesFP = true
			}
			walk(k)
		}
	}
	for _, e := range es {
		walk(e)
	}
}

func (t *translator) noteArray(a *expr.Array) *arrayInfo {
	ai := t.arrays[a]
	if ai == nil {
		ai = &arrayInfo{}
		t.arrays[a] = ai
		t.order = append(t.order, a)
	}
	return ai
}

// usesTheory reports whether some array needs Z3's array theory (an
// input array or a constant one).
func (t *translator) usesTheory() bool {
	if t.constArrays {
		return true
	}
	for _, ai := range t.arrays {
		if ai.theory {
			return true
		}
	}
	return false
}

func (t *translator) bvSort(w int) z3.Sort {
	s, ok := t.bvSorts[w]
	if !ok {
		s = t.ctx.BVSort(w)
		t.bvSorts[w] = s
	}
	return s
}

// bvc is the w-bit constant v.
func (t *translator) bvc(v uint64, w int) z3.BV {
	if v < 1<<62 {
		return t.ctx.FromInt(int64(v), t.bvSort(w)).(z3.BV)
	}
	return t.ctx.FromBigInt(new(big.Int).SetUint64(v), t.bvSort(w)).(z3.BV)
}

// bvw is the w-bit constant of a Word.
func (t *translator) bvw(x arith.Word, w int) z3.BV {
	x = arith.Truncate(x, w)
	if x.Hi == 0 {
		return t.bvc(x.Lo, w)
	}
	b := new(big.Int).SetUint64(x.Hi)
	b.Lsh(b, 64)
	b.Or(b, new(big.Int).SetUint64(x.Lo))
	return t.ctx.FromBigInt(b, t.bvSort(w)).(z3.BV)
}

func (t *translator) boolc(v bool) z3.Bool { return t.ctx.FromBool(v) }

func ite[T z3.Value](c z3.Bool, a, b T) T { return c.IfThenElse(a, b).(T) }

// byteVar is byte i of array a as a term.
func (t *translator) byteVar(a *expr.Array, i uint64) z3.BV {
	k := byteKey{a, i}
	if v, ok := t.bytes[k]; ok {
		return v
	}
	ai := t.noteArray(a)
	var v z3.BV
	if ai.theory {
		v = t.arrayTerm(a).Select(t.bvc(i, 64)).(z3.BV)
	} else {
		v = t.ctx.BVConst(fmt.Sprintf("%s#%d[%d]", a.Name, t.c.arrayNumber(a), i), 8)
	}
	t.bytes[k] = v
	return v
}

func (t *translator) arrayTerm(a *expr.Array) z3.Array {
	ai := t.arrays[a]
	if ai.term.Context() == nil {
		s := t.ctx.ArraySort(t.bvSort(64), t.bvSort(8))
		ai.term = t.ctx.Const(fmt.Sprintf("%s#%d", a.Name, t.c.arrayNumber(a)), s).(z3.Array)
	}
	return ai.term
}

// b, bv and f translate an expression of the respective sort.
func (t *translator) b(e *expr.Expr) z3.Bool {
	if e.Sort.Kind != expr.Bool {
		panic(fmt.Sprintf("z3: %s is %s, not bool", e.Op, e.Sort))
	}
	return t.value(e).(z3.Bool)
}

func (t *translator) bv(e *expr.Expr) z3.BV {
	if e.Sort.Kind != expr.BV {
		panic(fmt.Sprintf("z3: %s is %s, not a bit-vector", e.Op, e.Sort))
	}
	return t.value(e).(z3.BV)
}

func (t *translator) f(e *expr.Expr) z3.Float {
	if e.Sort.Kind != expr.FP {
		panic(fmt.Sprintf("z3: %s is %s, not floating point", e.Op, e.Sort))
	}
	return t.value(e).(z3.Float)
}

func (t *translator) value(e *expr.Expr) z3.Value {
	if v, ok := t.val[e]; ok {
		return v
	}
	var v z3.Value
	switch e.Sort.Kind {
	case expr.Bool:
		v = t.mkBool(e)
	case expr.BV:
		v = t.mkBV(e)
	default:
		v = t.mkFP(e)
	}
	t.val[e] = v
	return v
}

func (t *translator) mkBool(e *expr.Expr) z3.Bool {
	k := e.Kids()
	switch e.Op {
	case expr.OpConst:
		return t.boolc(e.Val.Lo&1 == 1)
	case expr.OpAnd:
		return t.b(k[0]).And(t.b(k[1]))
	case expr.OpOr:
		return t.b(k[0]).Or(t.b(k[1]))
	case expr.OpXor:
		return t.b(k[0]).Xor(t.b(k[1]))
	case expr.OpNot:
		return t.b(k[0]).Not()
	case expr.OpEq:
		switch k[0].Sort.Kind {
		case expr.Bool:
			return t.b(k[0]).Iff(t.b(k[1]))
		case expr.BV:
			return t.bv(k[0]).Eq(t.bv(k[1]))
		}
		return t.fpEq(k[0], k[1])
	case expr.OpUlt:
		return t.bv(k[0]).ULT(t.bv(k[1]))
	case expr.OpUle:
		return t.bv(k[0]).ULE(t.bv(k[1]))
	case expr.OpSlt:
		return t.bv(k[0]).SLT(t.bv(k[1]))
	case expr.OpSle:
		return t.bv(k[0]).SLE(t.bv(k[1]))
	case expr.OpIte:
		return ite(t.b(k[0]), t.b(k[1]), t.b(k[2]))
	case expr.OpFOEq, expr.OpFOLt, expr.OpFOLe, expr.OpFIsNaN, expr.OpFIsInf, expr.OpFIsZero,
		expr.OpFIsSub, expr.OpFIsNorm, expr.OpFIsNeg:
		return t.fpPredicate(e)
	}
	panic(fmt.Sprintf("z3: no Bool translation for %s", e.Op))
}

func (t *translator) mkBV(e *expr.Expr) z3.BV {
	k := e.Kids()
	w := e.Width()
	switch e.Op {
	case expr.OpConst:
		return t.bvw(e.Val, w)
	case expr.OpByte:
		return t.byteVar(e.Arr, uint64(e.Aux))
	case expr.OpRead:
		return t.read(e)
	case expr.OpConcat:
		return t.bv(k[0]).Concat(t.bv(k[1]))
	case expr.OpExtract:
		return t.bv(k[0]).Extract(int(e.Aux)+w-1, int(e.Aux))
	case expr.OpZExt:
		return t.bv(k[0]).ZeroExtend(w - k[0].Width())
	case expr.OpSExt:
		return t.bv(k[0]).SignExtend(w - k[0].Width())
	case expr.OpAdd:
		return t.bv(k[0]).Add(t.bv(k[1]))
	case expr.OpSub:
		return t.bv(k[0]).Sub(t.bv(k[1]))
	case expr.OpMul:
		return t.bv(k[0]).Mul(t.bv(k[1]))
	case expr.OpUDiv:
		return t.bv(k[0]).UDiv(t.bv(k[1]))
	case expr.OpSDiv:
		return t.bv(k[0]).SDiv(t.bv(k[1]))
	case expr.OpURem:
		return t.bv(k[0]).URem(t.bv(k[1]))
	case expr.OpSRem:
		return t.bv(k[0]).SRem(t.bv(k[1]))
	case expr.OpShl:
		return t.bv(k[0]).Lsh(t.bv(k[1]))
	case expr.OpLShr:
		return t.bv(k[0]).URsh(t.bv(k[1]))
	case expr.OpAShr:
		return t.bv(k[0]).SRsh(t.bv(k[1]))
	case expr.OpAnd:
		return t.bv(k[0]).And(t.bv(k[1]))
	case expr.OpOr:
		return t.bv(k[0]).Or(t.bv(k[1]))
	case expr.OpXor:
		return t.bv(k[0]).Xor(t.bv(k[1]))
	case expr.OpNot:
		return t.bv(k[0]).Not()
	case expr.OpIte:
		return ite(t.b(k[0]), t.bv(k[1]), t.bv(k[2]))
	case expr.OpFPToSI, expr.OpFPToUI:
		return t.fpToInt(e)
	case expr.OpToBits:
		return t.toBits(k[0])
	}
	panic(fmt.Sprintf("z3: no bit-vector translation for %s", e.Op))
}

// read translates a byte read at a symbolic index with the evaluator's
// semantics: the newest update with an equal index wins; otherwise an
// index past the end reads 0; otherwise the array's byte.
func (t *translator) read(e *expr.Expr) z3.BV {
	idx := t.bv(e.Kid[0])
	a := e.Arr
	var r z3.BV
	switch {
	case a.Init != nil && a.Size <= constIteLimit:
		r = t.bvc(0, 8)
		for i := int(a.Size) - 1; i >= 0; i-- {
			if i < len(a.Init) && a.Init[i] != 0 {
				r = ite(idx.Eq(t.bvc(uint64(i), 64)), t.bvc(uint64(a.Init[i]), 8), r)
			}
		}
	case a.Init != nil:
		arr := t.ctx.ConstArray(t.bvSort(64), t.bvc(0, 8))
		for i := uint64(0); i < a.Size && i < uint64(len(a.Init)); i++ {
			if a.Init[i] != 0 {
				arr = arr.Store(t.bvc(i, 64), t.bvc(uint64(a.Init[i]), 8))
			}
		}
		r = arr.Select(idx).(z3.BV)
	case t.arrays[a] != nil && t.arrays[a].theory:
		r = ite(idx.ULT(t.bvc(a.Size, 64)), t.arrayTerm(a).Select(idx).(z3.BV), t.bvc(0, 8))
	default:
		r = t.bvc(0, 8)
		for i := int64(a.Size) - 1; i >= 0; i-- {
			r = ite(idx.Eq(t.bvc(uint64(i), 64)), t.byteVar(a, uint64(i)), r)
		}
	}
	var ups []*expr.Update
	for u := e.Upd; u != nil; u = u.Next {
		ups = append(ups, u)
	}
	for i := len(ups) - 1; i >= 0; i-- {
		r = ite(idx.Eq(t.bv(ups[i].Index)), t.bv(ups[i].Value), r)
	}
	return r
}
