package hostc

import (
	"math"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
)

func d(x float64) arith.Word { return arith.Word{Lo: math.Float64bits(x)} }

func TestLibmSmoke(t *testing.T) {
	v, ok := Lookup("sin")
	if !ok || v.Kind != arith.F64 {
		t.Fatal("sin not found")
	}
	r := Call1(v.Fn, arith.F64, arith.NearestEven, d(1))
	if r.W.Lo != 0x3FEAED548F090CEE {
		t.Errorf("sin(1) = %#x", r.W.Lo)
	}
	lg, _ := Lookup("log")
	if r := Call1(lg.Fn, arith.F64, arith.NearestEven, d(0)); r.Errno != 34 || r.W.Lo != math.Float64bits(math.Inf(-1)) {
		t.Errorf("log(0) = %#x errno %d", r.W.Lo, r.Errno)
	}
	if r := Call1(lg.Fn, arith.F64, arith.NearestEven, d(-1)); r.Errno != 33 {
		t.Errorf("log(-1) errno %d", r.Errno)
	}
	// GCC believes sinf never sets errno; hostc must see glibc's EDOM.
	sf, _ := Lookup("sinf")
	if r := Call1(sf.Fn, arith.F32, arith.NearestEven, arith.FromFloat32(float32(math.Inf(1)))); r.Errno != 33 {
		t.Errorf("sinf(inf) errno %d, want 33", r.Errno)
	}
	// Rounding-mode dependence: exp(1) rounded down and up differ by an ulp.
	ex, _ := Lookup("exp")
	dn := Call1(ex.Fn, arith.F64, arith.Downward, d(1)).W.Lo
	up := Call1(ex.Fn, arith.F64, arith.Upward, d(1)).W.Lo
	if up != dn+1 {
		t.Errorf("exp(1) down %#x up %#x", dn, up)
	}
	// Long double: sqrtl(2).
	sq, _ := Lookup("sqrtl")
	two := arith.F80FromFloat64(2)
	if r := Call1(sq.Fn, arith.F80, arith.NearestEven, two); r.W.Lo != 0xb504f333f9de6484 || r.W.Hi != 0x3fff {
		t.Errorf("sqrtl(2) = %#x %#x", r.W.Hi, r.W.Lo)
	}
	fr, _ := Lookup("frexpf")
	if r := Call1(fr.Fn, arith.F32, arith.NearestEven, arith.FromFloat32(12)); r.I != 4 || math.Float32frombits(uint32(r.W.Lo)) != 0.75 {
		t.Errorf("frexpf(12) = %v, %d", math.Float32frombits(uint32(r.W.Lo)), r.I)
	}
	if r := NaN(arith.F64, "0x5"); r.W.Lo != 0x7ff8000000000005 {
		t.Errorf("nan(\"0x5\") = %#x", r.W.Lo)
	}
}

func TestFormatSmoke(t *testing.T) {
	for _, c := range []struct {
		spec string
		rm   arith.RoundingMode
		a    Arg
		want string
	}{
		{"%.0f", arith.NearestEven, Arg{Kind: ArgDouble, W: d(0.5)}, "0"},
		{"%.0f", arith.Upward, Arg{Kind: ArgDouble, W: d(0.5)}, "1"},
		{"%-+#012.5Lf|", arith.NearestEven, Arg{Kind: ArgLongDouble, W: arith.F80FromFloat64(3.25)}, "+3.25000    |"},
		{"%a", arith.NearestEven, Arg{Kind: ArgDouble, W: d(1)}, "0x1p+0"},
		{"%05d", arith.NearestEven, Arg{Kind: ArgInt, I: -42}, "-0042"},
		{"%lx", arith.NearestEven, Arg{Kind: ArgLong, I: -1}, "ffffffffffffffff"},
		{"%.3s", arith.NearestEven, Arg{Kind: ArgString, Str: []byte("abcdef")}, "abc"},
		{"%s", arith.NearestEven, Arg{Kind: ArgString, Null: true}, "(null)"},
		{"%p", arith.NearestEven, Arg{Kind: ArgPointer}, "(nil)"},
		{"%m", arith.NearestEven, Arg{Kind: ArgErrno, I: 34}, "Numerical result out of range"},
		{"%400d", arith.NearestEven, Arg{Kind: ArgInt, I: 1}, ""},
	} {
		got, errno := FormatOne(c.spec, c.rm, c.a)
		if errno != 0 {
			t.Errorf("%s: errno %d", c.spec, errno)
			continue
		}
		if c.spec == "%400d" {
			if len(got) != 400 || got[399] != '1' {
				t.Errorf("%%400d: %q", got)
			}
			continue
		}
		if string(got) != c.want {
			t.Errorf("%s: got %q, want %q", c.spec, got, c.want)
		}
	}
}

func TestStrtoSmoke(t *testing.T) {
	w, n, er := Strto(arith.F64, arith.NearestEven, "0.1xyz")
	if w.Lo != math.Float64bits(0.1) || n != 3 || er {
		t.Errorf("strtod(0.1xyz) = %#x %d %v", w.Lo, n, er)
	}
	w2, _, _ := Strto(arith.F64, arith.Downward, "0.1")
	if w2.Lo != w.Lo-1 {
		t.Errorf("strtod(0.1) downward = %#x", w2.Lo)
	}
	if _, n, er := Strto(arith.F64, arith.NearestEven, "  1e999"); n != 7 || !er {
		t.Errorf("strtod(1e999) n=%d erange=%v", n, er)
	}
	if _, n, _ := Strto(arith.F32, arith.NearestEven, "abc"); n != 0 {
		t.Errorf("strtof(abc) n=%d", n)
	}
}
