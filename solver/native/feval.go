package native

import (
	"math"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// feval evaluates the network's nodes under the search's current byte
// values, for the fitness-guided search: it keeps one value per node in a
// slice (no map, no allocation per candidate) and, when one leaf changes,
// recomputes only the nodes that depend on its bytes. newNetwork numbers
// kids before parents, so one pass in index order is a bottom-up
// evaluation. A model is returned only after search.check has evaluated
// the whole query with expr.Evaluator; but the prover (prove.go) takes a
// point feval rejects as refuted, so feval must agree with expr.Evaluator
// on every point (both apply expr.Apply; TestProveAgreesWithEnumeration
// compares the two).
type feval struct {
	n   *network
	m   Model
	val []arith.Word
	// deps[i] lists, in index order, the nodes to recompute when the
	// bytes of leaf i change.
	deps [][]int32
	all  []int32
}

// newFeval builds the evaluator of n over the leaves, writing their bytes
// into m. It returns nil when the query reads memory at symbolic indices
// (the network does not see a read's index and updates as kids).
func newFeval(n *network, leaves []leaf, m Model) *feval {
	for _, e := range n.nodes {
		if e.Op == expr.OpRead {
			return nil
		}
	}
	f := &feval{n: n, m: m, val: make([]arith.Word, len(n.nodes))}
	byteNode := map[byteRef]int{}
	for i, e := range n.nodes {
		if e.Op == expr.OpByte {
			byteNode[byteRef{e.Arr, uint64(e.Aux)}] = i
		}
	}
	dirty := make([]bool, len(n.nodes))
	for _, l := range leaves {
		clear(dirty)
		for _, b := range l.bytes {
			if i, ok := byteNode[b]; ok {
				dirty[i] = true
			}
		}
		var dep []int32
		for i := range n.nodes {
			if !dirty[i] {
				for _, k := range n.kids[i] {
					if dirty[k] {
						dirty[i] = true
						break
					}
				}
			}
			if dirty[i] {
				dep = append(dep, int32(i))
			}
		}
		f.deps = append(f.deps, dep)
	}
	f.all = make([]int32, len(n.nodes))
	for i := range f.all {
		f.all[i] = int32(i)
	}
	return f
}

// node recomputes node i from its kids' values.
func (f *feval) node(i int32) {
	e := f.n.nodes[i]
	f.n.m.feval++
	switch e.Op {
	case expr.OpConst:
		f.val[i] = e.Val
	case expr.OpByte:
		f.val[i] = arith.Word{Lo: uint64(f.m.Byte(e.Arr, uint64(e.Aux)))}
	case expr.OpFAdd, expr.OpFSub, expr.OpFMul, expr.OpFDiv, expr.OpFOLt, expr.OpFOLe, expr.OpFOEq:
		if !f.fast(i, e) {
			f.apply(i, e)
		}
	default:
		f.apply(i, e)
	}
}

// apply computes node i with expr.Apply.
func (f *feval) apply(i int32, e *expr.Expr) {
	var v [3]arith.Word
	kids := f.n.kids[i]
	for j, k := range kids {
		v[j] = f.val[k]
	}
	f.val[i] = expr.Apply(e, v[:len(kids)])
}

// fast computes the float and double arithmetic of nearest-even mode and
// the ordered comparisons directly with Go's floating point, which is
// how package arith computes them (the enumeration of the prover spends
// most of its time in these nodes, and expr.Apply's generic prologue
// costs as much as the operation). A NaN result is left to expr.Apply
// (arith's NaN payload rules); it reports false when it did not compute
// the node.
func (f *feval) fast(i int32, e *expr.Expr) bool {
	kids := f.n.kids[i]
	x, y := f.val[kids[0]].Lo, f.val[kids[1]].Lo
	cmp := e.Sort.Kind == expr.Bool
	if !cmp && e.RM != arith.NearestEven {
		return false
	}
	switch e.Kid[0].Sort.FK {
	case arith.F32:
		a, b := math.Float32frombits(uint32(x)), math.Float32frombits(uint32(y))
		if cmp {
			f.val[i] = arith.Word{Lo: cmpBit(e.Op, float64(a), float64(b))}
			return true
		}
		r := fastArith(e.Op, a, b)
		f.val[i] = arith.Word{Lo: uint64(math.Float32bits(r))}
		return r == r
	case arith.F64:
		a, b := math.Float64frombits(x), math.Float64frombits(y)
		if cmp {
			f.val[i] = arith.Word{Lo: cmpBit(e.Op, a, b)}
			return true
		}
		r := fastArith(e.Op, a, b)
		f.val[i] = arith.Word{Lo: math.Float64bits(r)}
		return r == r
	}
	return false
}

// fastArith is a ⊕ b for op, in T's own precision.
func fastArith[T float32 | float64](op expr.Op, a, b T) T {
	switch op {
	case expr.OpFAdd:
		return a + b
	case expr.OpFSub:
		return a - b
	case expr.OpFMul:
		return a * b
	}
	return a / b
}

// cmpBit is an ordered comparison's truth as a bit (false with a NaN).
func cmpBit(op expr.Op, a, b float64) uint64 {
	var t bool
	switch op {
	case expr.OpFOLt:
		t = a < b
	case expr.OpFOLe:
		t = a <= b
	default:
		t = a == b
	}
	if t {
		return 1
	}
	return 0
}

// full recomputes every node.
func (f *feval) full() {
	for _, i := range f.all {
		f.node(i)
	}
}

// update recomputes the nodes that depend on leaf li.
func (f *feval) update(li int) {
	for _, i := range f.deps[li] {
		f.node(i)
	}
}

// Distances of the fitness function (XSat, goSAT, JFS): a violated root
// costs how far its comparison is from holding, in floats (key steps) for
// FP comparisons and in integer steps for bit-vector ones; a violation the
// values cannot measure (NaN operands, classification) costs a constant.
const (
	distUnit = 1.0
	distNaN  = 1 << 62
)

// fitness is the sum over roots of their distances: zero when every root
// has its wanted value under the current node values.
func (f *feval) fitness(roots []int, want []bool) float64 {
	sum := 0.0
	for j, r := range roots {
		sum += f.dist(r, want[j])
	}
	return sum
}

// dist is how far Bool node i is from being want.
func (f *feval) dist(i int, want bool) float64 {
	if (f.val[i].Lo&1 == 1) == want {
		return 0
	}
	e := f.n.nodes[i]
	kids := f.n.kids[i]
	switch e.Op {
	case expr.OpNot:
		return f.dist(kids[0], !want)
	case expr.OpAnd, expr.OpOr:
		if e.Sort.Kind != expr.Bool {
			break
		}
		// And wanted true (Or wanted false): every kid must be; else one.
		if (e.Op == expr.OpAnd) == want {
			return f.dist(kids[0], want) + f.dist(kids[1], want)
		}
		return min(f.dist(kids[0], want), f.dist(kids[1], want))
	case expr.OpFOLt, expr.OpFOLe, expr.OpFOEq:
		return f.fpDist(e.Op, e.Kid[0].Sort.FK, f.val[kids[0]], f.val[kids[1]], want)
	case expr.OpEq:
		s := e.Kid[0].Sort
		a, b := f.val[kids[0]], f.val[kids[1]]
		if want && s.Kind == expr.FP {
			ka, oka := keyOf(s.FK, a)
			kb, okb := keyOf(s.FK, b)
			if oka && okb {
				return absSpan(ka, kb)
			}
			return distNaN
		}
		if s.Kind == expr.BV {
			// C's truth values: klee_assume((a) & (b)) asserts
			// sext(ite(a, 1, 0) & ite(b, 1, 0)) != 0.
			if e.Kid[0].IsConst() && e.Kid[0].Val == (arith.Word{}) {
				return f.nz(kids[1], !want)
			}
			if e.Kid[1].IsConst() && e.Kid[1].Val == (arith.Word{}) {
				return f.nz(kids[0], !want)
			}
			if want {
				return absSpan(a, b)
			}
		}
	case expr.OpUlt, expr.OpUle, expr.OpSlt, expr.OpSle:
		a, b := f.val[kids[0]], f.val[kids[1]]
		if e.Op == expr.OpSlt || e.Op == expr.OpSle {
			// Biased: signed order becomes unsigned order.
			w := int(e.Kid[0].Sort.W)
			bias := arith.Shl(arith.Word{Lo: 1}, arith.Word{Lo: uint64(w - 1)}, w)
			a, b = arith.Xor(a, bias), arith.Xor(b, bias)
		}
		strict := e.Op == expr.OpUlt || e.Op == expr.OpSlt
		return orderDist(a, b, strict, want)
	}
	return distUnit
}

// nz is how far bit-vector node i is from being non-zero (want) or zero,
// seeing through the encodings of C truth values: ite(c, 1, 0), and/or
// of such values, extensions. It only guides the search (a model is
// always validated), so the and/or rules may treat wider values as
// truth values.
func (f *feval) nz(i int, want bool) float64 {
	if (f.val[i] != arith.Word{}) == want {
		return 0
	}
	e := f.n.nodes[i]
	kids := f.n.kids[i]
	switch e.Op {
	case expr.OpZExt, expr.OpSExt:
		return f.nz(kids[0], want)
	case expr.OpIte:
		t, el := e.Kid[1], e.Kid[2]
		if t.IsConst() && el.IsConst() {
			tz, ez := t.Val == (arith.Word{}), el.Val == (arith.Word{})
			switch {
			case tz && !ez:
				return f.dist(kids[0], !want)
			case !tz && ez:
				return f.dist(kids[0], want)
			}
		}
	case expr.OpAnd, expr.OpOr:
		if (e.Op == expr.OpAnd) == want {
			return f.nz(kids[0], want) + f.nz(kids[1], want)
		}
		return min(f.nz(kids[0], want), f.nz(kids[1], want))
	}
	return distUnit
}

// fpDist is the distance of an ordered FP comparison a op b from want.
func (f *feval) fpDist(op expr.Op, k arith.Kind, a, b arith.Word, want bool) float64 {
	ka, oka := keyOf(k, a)
	kb, okb := keyOf(k, b)
	if !oka || !okb {
		// Only reached when want is true (NaN makes every ordered
		// comparison false).
		return distNaN
	}
	ka, kb = numUp(ka), numUp(kb)
	switch op {
	case expr.OpFOEq:
		if want {
			return absSpan(ka, kb)
		}
		return distUnit
	case expr.OpFOLt:
		return orderDist(ka, kb, true, want)
	}
	return orderDist(ka, kb, false, want)
}

// orderDist is the distance of a < b (strict) or a ≤ b from want, over
// unsigned values.
func orderDist(a, b arith.Word, strict, want bool) float64 {
	if want {
		// a must come below b: a - b steps (+1 when strict).
		d := absSpan(a, b)
		if strict {
			d++
		}
		return d
	}
	// The negation: b < a when !strict is wanted false, b ≤ a else.
	d := absSpan(a, b)
	if !strict {
		d++
	}
	return d
}

// absSpan is |a - b| as a float64.
func absSpan(a, b arith.Word) float64 {
	if kLess(a, b) {
		return kSpan(a, b)
	}
	return kSpan(b, a)
}
