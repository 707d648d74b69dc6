package native

import (
	"fmt"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// Dom is the domain of one expression: an interval and, for FP, whether
// NaN is possible. For FP sorts Lo and Hi are keys (key.go), so the
// interval includes ±INF and tracks -0 and +0 as distinct members; Num
// says the interval is non-empty and NaN says NaN is possible, which
// gives the three-valued NaN flag: NaN only (!Num && NaN), never NaN
// (!NaN), or unknown. For bit-vectors (and Bool, as a 1-bit vector) Lo
// and Hi are unsigned bounds. A domain with neither Num nor NaN is empty:
// no solution.
type Dom struct {
	Lo, Hi arith.Word
	Num    bool
	NaN    bool
}

// Empty reports that no value is possible.
func (d Dom) Empty() bool { return !d.Num && !d.NaN }

// Point reports a single non-NaN value.
func (d Dom) Point() bool { return d.Num && !d.NaN && d.Lo == d.Hi }

// fullDom is the domain of every value of sort s.
func fullDom(s expr.Sort) Dom {
	switch s.Kind {
	case expr.FP:
		return Dom{Lo: keyNegInf(s.FK), Hi: keyPosInf(s.FK), Num: true, NaN: true}
	case expr.Bool:
		return Dom{Hi: arith.Word{Lo: 1}, Num: true}
	}
	return Dom{Hi: arith.Mask(int(s.W)), Num: true}
}

// constDom is the domain of one value w of sort s.
func constDom(s expr.Sort, w arith.Word) Dom {
	if s.Kind == expr.FP {
		if k, ok := keyOf(s.FK, w); ok {
			return Dom{Lo: k, Hi: k, Num: true}
		}
		return Dom{NaN: true}
	}
	return Dom{Lo: w, Hi: w, Num: true}
}

// fpRange is the FP domain [lo, hi] (keys) without NaN.
func fpRange(lo, hi arith.Word) Dom {
	return Dom{Lo: lo, Hi: hi, Num: kLE(lo, hi)}
}

// intersect is the meet of two domains of one sort.
func intersect(a, b Dom) Dom {
	r := Dom{Lo: kMax(a.Lo, b.Lo), Hi: kMin(a.Hi, b.Hi), NaN: a.NaN && b.NaN}
	r.Num = a.Num && b.Num && kLE(r.Lo, r.Hi)
	if !r.Num {
		r.Lo, r.Hi = arith.Word{}, arith.Word{}
	}
	return r
}

// hull is the join (interval hull) of two domains.
func hull(a, b Dom) Dom {
	switch {
	case !a.Num:
		b.NaN = b.NaN || a.NaN
		return b
	case !b.Num:
		a.NaN = a.NaN || b.NaN
		return a
	}
	return Dom{Lo: kMin(a.Lo, b.Lo), Hi: kMax(a.Hi, b.Hi), Num: true, NaN: a.NaN || b.NaN}
}

// contains reports whether the non-NaN value with key (or BV value) v is
// in d.
func (d Dom) contains(v arith.Word) bool { return d.Num && kLE(d.Lo, v) && kLE(v, d.Hi) }

// has reports whether concrete value w of sort s is in d.
func (d Dom) has(s expr.Sort, w arith.Word) bool {
	if s.Kind == expr.FP {
		k, ok := keyOf(s.FK, w)
		if !ok {
			return d.NaN
		}
		return d.contains(k)
	}
	return d.contains(w)
}

// boolDom builds the domain of a Bool from what is possible.
func boolDom(canFalse, canTrue bool) Dom {
	switch {
	case canFalse && canTrue:
		return Dom{Hi: arith.Word{Lo: 1}, Num: true}
	case canTrue:
		return Dom{Lo: arith.Word{Lo: 1}, Hi: arith.Word{Lo: 1}, Num: true}
	case canFalse:
		return Dom{Num: true}
	}
	return Dom{}
}

func (d Dom) canTrue() bool  { return d.Num && d.Hi.Lo == 1 }
func (d Dom) canFalse() bool { return d.Num && d.Lo.Lo == 0 }

// format prints a domain for debugging and test messages.
func (d Dom) format(s expr.Sort) string {
	if d.Empty() {
		return "∅"
	}
	out := ""
	if d.Num {
		if s.Kind == expr.FP {
			out = fmt.Sprintf("[%s, %s]", arith.Format(s.FK, valueOf(s.FK, d.Lo)), arith.Format(s.FK, valueOf(s.FK, d.Hi)))
		} else {
			out = fmt.Sprintf("[%#x, %#x]", d.Lo.Lo, d.Hi.Lo)
		}
	}
	if d.NaN {
		out += "∪NaN"
	}
	return out
}

// size is the number of values in d (approximately, as a float).
func (d Dom) size() float64 {
	n := 0.0
	if d.Num {
		n = kSpan(d.Lo, d.Hi) + 1
	}
	if d.NaN {
		n++
	}
	return n
}
