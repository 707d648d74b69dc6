package smtlib

import (
	"fmt"
	"strconv"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// sortKind: the sorts of the supported theories.
type sortKind uint8

const (
	sBool sortKind = iota
	sBV
	sFP
	sRM
	sArray
)

// sort is an SMT-LIB sort: Bool, (_ BitVec w), (_ FloatingPoint e s)
// for the formats floatsym computes in (Float32, Float64, and 15 64 as
// the x87 format), RoundingMode, and (Array (_ BitVec i) (_ BitVec e)).
type sort struct {
	kind       sortKind
	w          int        // BV width
	fk         arith.Kind // FP kind
	index, elm *sort      // Array
}

var boolSort = &sort{kind: sBool}

func bvSort(w int) *sort { return &sort{kind: sBV, w: w} }

func fpSort(k arith.Kind) *sort { return &sort{kind: sFP, fk: k} }

func (s *sort) equal(t *sort) bool {
	if s.kind != t.kind || s.w != t.w || s.fk != t.fk {
		return false
	}
	if s.kind == sArray {
		return s.index.equal(t.index) && s.elm.equal(t.elm)
	}
	return true
}

// fpFormat is the SMT-LIB (eb, sb) of an FP kind.
func fpFormat(k arith.Kind) (eb, sb int) {
	switch k {
	case arith.F32:
		return 8, 24
	case arith.F64:
		return 11, 53
	}
	return 15, 64
}

// smtBits is the width of an FP kind's SMT-LIB bit pattern (x87's
// explicit integer bit is implied, as in IEEE formats).
func smtBits(k arith.Kind) int {
	eb, sb := fpFormat(k)
	return eb + sb
}

func fpKind(eb, sb int) (arith.Kind, bool) {
	switch {
	case eb == 8 && sb == 24:
		return arith.F32, true
	case eb == 11 && sb == 53:
		return arith.F64, true
	case eb == 15 && sb == 64:
		return arith.F80, true
	}
	return 0, false
}

func (s *sort) String() string {
	switch s.kind {
	case sBool:
		return "Bool"
	case sBV:
		return fmt.Sprintf("(_ BitVec %d)", s.w)
	case sFP:
		eb, sb := fpFormat(s.fk)
		return fmt.Sprintf("(_ FloatingPoint %d %d)", eb, sb)
	case sRM:
		return "RoundingMode"
	}
	return fmt.Sprintf("(Array %s %s)", s.index, s.elm)
}

// exprSort is the expression sort of a Bool, BV or FP sort.
func (s *sort) exprSort() expr.Sort {
	switch s.kind {
	case sBool:
		return expr.BoolSort
	case sBV:
		return expr.BVSort(s.w)
	}
	return expr.FPSort(s.fk)
}

// parseSort reads a sort.
func parseSort(n *node) (*sort, error) {
	if n.kind == nSymbol {
		switch n.text {
		case "Bool":
			return boolSort, nil
		case "RoundingMode":
			return &sort{kind: sRM}, nil
		case "Float32":
			return fpSort(arith.F32), nil
		case "Float64":
			return fpSort(arith.F64), nil
		}
		return nil, errAt(n, "unsupported sort %s", n.text)
	}
	if n.kind != nList || len(n.list) == 0 {
		return nil, errAt(n, "bad sort %s", n)
	}
	h := n.list[0]
	switch {
	case h.isSym("_") && len(n.list) == 3 && n.list[1].isSym("BitVec"):
		w, err := numeral(n.list[2])
		if err != nil {
			return nil, err
		}
		if w < 1 || w > 128 {
			return nil, errAt(n, "bit-vector width %d unsupported (1 to 128)", w)
		}
		return bvSort(w), nil
	case h.isSym("_") && len(n.list) == 4 && n.list[1].isSym("FloatingPoint"):
		eb, err := numeral(n.list[2])
		if err != nil {
			return nil, err
		}
		sb, err := numeral(n.list[3])
		if err != nil {
			return nil, err
		}
		k, ok := fpKind(eb, sb)
		if !ok {
			return nil, errAt(n, "floating-point format (%d %d) unsupported: floatsym computes in (8 24), (11 53) and (15 64)", eb, sb)
		}
		return fpSort(k), nil
	case h.isSym("Array") && len(n.list) == 3:
		i, err := parseSort(n.list[1])
		if err != nil {
			return nil, err
		}
		e, err := parseSort(n.list[2])
		if err != nil {
			return nil, err
		}
		if i.kind != sBV || e.kind != sBV && e.kind != sFP && e.kind != sBool {
			return nil, errAt(n, "array sort %s unsupported: bit-vector indices and Bool, bit-vector or FP elements", n)
		}
		return &sort{kind: sArray, index: i, elm: e}, nil
	}
	return nil, errAt(n, "unsupported sort %s", n)
}

// numeral reads a non-negative numeral atom.
func numeral(n *node) (int, error) {
	if n.kind != nNumeral {
		return 0, errAt(n, "numeral expected, got %s", n)
	}
	v, err := strconv.Atoi(n.text)
	if err != nil || v > 1<<20 {
		return 0, errAt(n, "numeral %s out of range", n.text)
	}
	return v, nil
}
