package ir

import (
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
)

const header = `target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"
`

// TestFloatLiterals checks that NaN payloads and x86_fp80 patterns, which
// llir's decoder loses, survive lowering bit-exactly.
func TestFloatLiterals(t *testing.T) {
	cases := []struct {
		name, typ, lit string
		want           arith.Word
	}{
		{"double qnan", "double", "0x7FF8000000000000", arith.Word{Lo: 0x7FF8000000000000}},
		{"double negative nan", "double", "0xFFF8000000000000", arith.Word{Lo: 0xFFF8000000000000}},
		{"double nan payload", "double", "0x7FF0000000000123", arith.Word{Lo: 0x7FF0000000000123}},
		{"float nan payload", "float", "0x7FF8002000000000", arith.Word{Lo: 0x7FC00100}},
		{"float negative nan", "float", "0xFFF8000000000000", arith.Word{Lo: 0xFFC00000}},
		{"double inf", "double", "0x7FF0000000000000", arith.Word{Lo: 0x7FF0000000000000}},
		{"double tenth", "double", "1.000000e-01", arith.Word{Lo: 0x3FB999999999999A}},
		{"float tenth", "float", "0x3FB99999A0000000", arith.Word{Lo: 0x3DCCCCCD}},
		{"double -0", "double", "-0.000000e+00", arith.Word{Lo: 0x8000000000000000}},
		{"fp80 one", "x86_fp80", "0xK3FFF8000000000000000", arith.Word{Lo: 0x8000000000000000, Hi: 0x3FFF}},
		{"fp80 nan payload", "x86_fp80", "0xKFFFFC000000000000001", arith.Word{Lo: 0xC000000000000001, Hi: 0xFFFF}},
		{"fp80 unnormal", "x86_fp80", "0xK40000123456789ABCDEF", arith.Word{Lo: 0x0123456789ABCDEF, Hi: 0x4000}},
		{"fp80 pseudo-denormal", "x86_fp80", "0xK00008000000000000001", arith.Word{Lo: 0x8000000000000001, Hi: 0}},
		{"fp80 denormal", "x86_fp80", "0xK00000000000000000001", arith.Word{Lo: 1, Hi: 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := header + "@g = global " + c.typ + " " + c.lit + "\n" +
				"define " + c.typ + " @f() {\n  ret " + c.typ + " " + c.lit + "\n}\n"
			m, err := LoadText("t.ll", src)
			if err != nil {
				t.Fatal(err)
			}
			g := m.GlobalByName["g"]
			if got := GetWord(g.Init[:g.T.Store]); got != c.want {
				t.Errorf("global: got %#x/%#x, want %#x/%#x", got.Hi, got.Lo, c.want.Hi, c.want.Lo)
			}
			ret := m.FuncByName["f"].Blocks[0].Insts[0]
			if got := m.Consts[ret.A.ConstIndex()].W; got != c.want {
				t.Errorf("operand: got %#x/%#x, want %#x/%#x", got.Hi, got.Lo, c.want.Hi, c.want.Lo)
			}
		})
	}
}

// TestLayout checks x86_64 sizes, alignments and offsets.
func TestLayout(t *testing.T) {
	src := header + `%S = type { i8, double, i16, x86_fp80, [3 x i8] }
%P = type <{ i8, i32 }>
@s = global %S zeroinitializer
@p = global %P zeroinitializer
@i = global i128 0
@o = global i17 0
`
	m, err := LoadText("t.ll", src)
	if err != nil {
		t.Fatal(err)
	}
	s := m.GlobalByName["s"].T
	if want := []uint64{0, 8, 16, 32, 48}; !equalU64(s.Off, want) || s.Size != 64 || s.Align != 16 {
		t.Errorf("%%S offsets %v size %d align %d", s.Off, s.Size, s.Align)
	}
	if p := m.GlobalByName["p"].T; p.Size != 5 || p.Off[1] != 1 {
		t.Errorf("packed struct size %d offsets %v", p.Size, p.Off)
	}
	if i := m.GlobalByName["i"].T; i.Size != 16 || i.Store != 16 || i.Align != 8 {
		t.Errorf("i128 size %d store %d align %d", i.Size, i.Store, i.Align)
	}
	if o := m.GlobalByName["o"].T; o.Size != 4 || o.Store != 3 || o.Align != 4 {
		t.Errorf("i17 size %d store %d align %d", o.Size, o.Store, o.Align)
	}
}

func equalU64(a, b []uint64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestBadInput checks that malformed and unsupported IR give one clear
// error, never a panic.
func TestBadInput(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"syntax", header + "define i32 @f( {\n", "t.ll"},
		{"vector", header + "define <2 x i32> @f(<2 x i32> %a) {\n  %r = add <2 x i32> %a, %a\n  ret <2 x i32> %r\n}\n", "vector"},
		{"inline asm", header + "define void @f() {\n  call void asm \"nop\", \"\"()\n  ret void\n}\n", "inline assembly"},
		{"wide int", header + "@g = global i256 0\n", "wider than"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := LoadText("t.ll", c.src)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one mentioning %q", err, c.want)
			}
		})
	}
}
