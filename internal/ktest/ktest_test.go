package ktest

import (
	"bytes"
	"encoding/binary"
	"errors"
	"flag"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// enc builds a ktest image by hand, independently of Write.
type enc struct{ bytes.Buffer }

func (e *enc) u32(v uint32) *enc {
	binary.Write(&e.Buffer, binary.BigEndian, v)
	return e
}

func (e *enc) str(s string) *enc {
	e.u32(uint32(len(s)))
	e.WriteString(s)
	return e
}

func (e *enc) raw(s string) *enc {
	e.WriteString(s)
	return e
}

func sample() *Test {
	return &Test{
		Args:       []string{"prog.bc", "--sym-arg", "3"},
		SymArgvs:   1,
		SymArgvLen: 3,
		Objects: []Object{
			{Name: "x", Bytes: []byte{0, 0, 0x80, 0x3f}},
			{Name: "d", Bytes: []byte{0x9a, 0x99, 0x99, 0x99, 0x99, 0x99, 0xb9, 0x3f}},
			{Name: "empty", Bytes: []byte{}},
			{Name: "", Bytes: []byte("hi\n")},
		},
	}
}

func TestWriteMatchesHandEncoding(t *testing.T) {
	tst := sample()
	want := new(enc).raw("KTEST").u32(3).
		u32(3).str("prog.bc").str("--sym-arg").str("3").
		u32(1).u32(3).
		u32(4).
		str("x").u32(4).raw("\x00\x00\x80\x3f").
		str("d").u32(8).raw("\x9a\x99\x99\x99\x99\x99\xb9\x3f").
		str("empty").u32(0).
		str("").u32(3).raw("hi\n")
	got, err := tst.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("Write mismatch\n got %q\nwant %q", got, want.Bytes())
	}
}

func TestRoundTrip(t *testing.T) {
	cases := map[string]*Test{
		"empty":  {},
		"sample": sample(),
		"args only": {
			Args: []string{"a", "", "ünïcode"},
		},
		"binary names": {
			Objects: []Object{{Name: "\x00\xff'\"", Bytes: bytes.Repeat([]byte{0xab}, 1000)}},
		},
		"many objects": func() *Test {
			t := &Test{}
			for i := 0; i < 300; i++ {
				t.Objects = append(t.Objects, Object{Name: strings.Repeat("n", i%7), Bytes: make([]byte, i%17)})
			}
			return t
		}(),
	}
	for name, tc := range cases {
		t.Run(name, func(t *testing.T) {
			var b bytes.Buffer
			if err := tc.Write(&b); err != nil {
				t.Fatal(err)
			}
			got, err := Read(&b)
			if err != nil {
				t.Fatal(err)
			}
			if !equalTests(got, tc) {
				t.Fatalf("round trip changed test\n got %#v\nwant %#v", got, tc)
			}
		})
	}
}

// equalTests compares treating nil and empty slices alike.
func equalTests(a, b *Test) bool {
	if len(a.Args) != len(b.Args) || len(a.Objects) != len(b.Objects) ||
		a.SymArgvs != b.SymArgvs || a.SymArgvLen != b.SymArgvLen {
		return false
	}
	for i := range a.Args {
		if a.Args[i] != b.Args[i] {
			return false
		}
	}
	for i := range a.Objects {
		if a.Objects[i].Name != b.Objects[i].Name || !bytes.Equal(a.Objects[i].Bytes, b.Objects[i].Bytes) {
			return false
		}
	}
	return true
}

func TestReadVariants(t *testing.T) {
	cases := []struct {
		name string
		data []byte
		want *Test
	}{
		{
			name: "BOUT magic version 1 has no symargv fields",
			data: new(enc).raw("BOUT\n").u32(1).u32(1).str("p").u32(1).str("a").u32(1).raw("z").Bytes(),
			want: &Test{Args: []string{"p"}, Objects: []Object{{Name: "a", Bytes: []byte("z")}}},
		},
		{
			name: "version 2",
			data: new(enc).raw("KTEST").u32(2).u32(0).u32(7).u32(9).u32(0).Bytes(),
			want: &Test{SymArgvs: 7, SymArgvLen: 9},
		},
		{
			name: "trailing bytes ignored",
			data: new(enc).raw("KTEST").u32(3).u32(0).u32(0).u32(0).u32(0).raw("junk").Bytes(),
			want: &Test{},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Read(bytes.NewReader(tc.data))
			if err != nil {
				t.Fatal(err)
			}
			if !equalTests(got, tc.want) {
				t.Fatalf("got %#v, want %#v", got, tc.want)
			}
		})
	}
}

func TestReadCorrupt(t *testing.T) {
	hdr := func() *enc { return new(enc).raw("KTEST").u32(3) }
	cases := []struct {
		name string
		data []byte
		msg  string
	}{
		{"empty", nil, "too short"},
		{"bad magic", []byte("KLEE!\x00\x00\x00\x03"), "bad magic"},
		{"no version", []byte("KTEST\x00\x00"), "version"},
		{"version 4", new(enc).raw("KTEST").u32(4).u32(0).u32(0).u32(0).u32(0).Bytes(), "unsupported version 4"},
		{"huge arg count", hdr().u32(0xffffffff).Bytes(), "number of args"},
		{"huge arg length", hdr().u32(1).u32(0x7fffffff).raw("abc").Bytes(), "arg 0 has length"},
		{"missing symargvs", hdr().u32(0).Bytes(), "symArgvs"},
		{"huge object count", hdr().u32(0).u32(0).u32(0).u32(0x10000000).Bytes(), "number of objects"},
		{"huge object size", hdr().u32(0).u32(0).u32(0).u32(1).str("x").u32(0xfffffff0).raw("ab").Bytes(), "object 0 (\"x\") data"},
		{"missing object size", hdr().u32(0).u32(0).u32(0).u32(1).str("xxxxxx").Bytes(), "object 0 size"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(bytes.NewReader(tc.data))
			if err == nil {
				t.Fatal("no error")
			}
			if !errors.Is(err, ErrFormat) {
				t.Errorf("error %v does not wrap ErrFormat", err)
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %q does not mention %q", err, tc.msg)
			}
		})
	}
}

func TestReadEveryTruncation(t *testing.T) {
	full, err := sample().Bytes()
	if err != nil {
		t.Fatal(err)
	}
	for n := 0; n < len(full); n++ {
		if _, err := Parse(full[:n]); err == nil {
			t.Fatalf("truncation to %d of %d bytes parsed without error", n, len(full))
		}
	}
	if _, err := Parse(full); err != nil {
		t.Fatal(err)
	}
}

func TestFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "test000001.ktest")
	if err := sample().WriteFile(path); err != nil {
		t.Fatal(err)
	}
	got, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !equalTests(got, sample()) {
		t.Fatalf("got %#v", got)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("temporary files left behind: %v", entries)
	}
	if _, err := ReadFile(filepath.Join(dir, "missing.ktest")); err == nil || !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("missing file: err = %v", err)
	}
	if err := sample().WriteFile(filepath.Join(dir, "no", "such", "dir.ktest")); err == nil {
		t.Fatal("writing into a missing directory succeeded")
	}
}

// goldenTest has one object of every size Print interprets specially.
func goldenTest() *Test {
	le32 := func(v uint32) []byte { return binary.LittleEndian.AppendUint32(nil, v) }
	le64 := func(v uint64) []byte { return binary.LittleEndian.AppendUint64(nil, v) }
	ld := func(signExp uint16, mant uint64) []byte {
		b := binary.LittleEndian.AppendUint64(nil, mant)
		b = binary.LittleEndian.AppendUint16(b, signExp)
		return append(b, 0, 0, 0, 0, 0, 0)
	}
	return &Test{
		Args: []string{"interval.bc", "it's"},
		Objects: []Object{
			{Name: "c", Bytes: []byte{0xff}},
			{Name: "s", Bytes: le32(0x80000000)[2:]},
			{Name: "a", Bytes: le32(0x80000000)},
			{Name: "f", Bytes: le32(0x3dcccccd)},
			{Name: "d", Bytes: le64(0x3fb999999999999a)},
			{Name: "nan", Bytes: le64(0xfff8000000000000)},
			{Name: "ld_one", Bytes: ld(0x3fff, 1<<63)},
			{Name: "ld_tenth", Bytes: ld(0x3ffb, 0xcccccccccccccccd)},
			{Name: "ld_denorm", Bytes: ld(0x8000, 1)},
			{Name: "ld10", Bytes: ld(0x7fff, 1<<63)[:10]},
			{Name: "str", Bytes: []byte("ab'c\\\x00\x7f\t")},
			{Name: "quote", Bytes: []byte(`"'`)},
			{Name: "empty", Bytes: nil},
		},
	}
}

func TestPrintGolden(t *testing.T) {
	var b bytes.Buffer
	Print(&b, "klee-out-0/test000001.ktest", goldenTest())
	golden := filepath.Join("testdata", "print.golden")
	if *update {
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		t.Fatalf("Print output differs from %s\n--- got\n%s--- want\n%s", golden, got, want)
	}
}

func TestPrintKLEEExample(t *testing.T) {
	// The example from ktest-tool's own help text.
	tst := &Test{Args: []string{"get_sign.bc"}, Objects: []Object{{Name: "a", Bytes: []byte{0, 0, 0, 0x80}}}}
	var b bytes.Buffer
	Print(&b, "klee-last/test000003.ktest", tst)
	want := `ktest file : 'klee-last/test000003.ktest'
args       : ['get_sign.bc']
num objects: 1
object 0: name: 'a'
object 0: size: 4
object 0: data: b'\x00\x00\x00\x80'
object 0: hex : 0x00000080
object 0: int : -2147483648
object 0: uint: 2147483648
object 0: text: ....
object 0: float : -0 (-0x0p+0)
`
	if b.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestPrintWidth(t *testing.T) {
	tst := &Test{}
	for i := 0; i < 11; i++ {
		tst.Objects = append(tst.Objects, Object{Name: "o", Bytes: []byte{1, 2, 3}})
	}
	var b bytes.Buffer
	Print(&b, "t", tst)
	if !strings.Contains(b.String(), "object  0: name: 'o'\n") || !strings.Contains(b.String(), "object 10: size: 3\n") {
		t.Fatalf("object index not padded to width 2:\n%s", b.String())
	}
}

func TestPyRepr(t *testing.T) {
	cases := []struct{ in, bytesRepr, strRepr string }{
		{"", "b''", "''"},
		{"abc", "b'abc'", "'abc'"},
		{"it's", `b"it's"`, `"it's"`},
		{`"'`, `b'"\''`, `'"\''`},
		{"\x00\n\r\t\\\x7f\x80", `b'\x00\n\r\t\\\x7f\x80'`, `'\x00\n\r\t\\\x7f\x80'`},
		{"é", `b'\xc3\xa9'`, "'é'"},
	}
	for _, tc := range cases {
		if got := pyBytes([]byte(tc.in)); got != tc.bytesRepr {
			t.Errorf("pyBytes(%q) = %s, want %s", tc.in, got, tc.bytesRepr)
		}
		if got := pyStr(tc.in); got != tc.strRepr {
			t.Errorf("pyStr(%q) = %s, want %s", tc.in, got, tc.strRepr)
		}
	}
}

func TestFloatFormats(t *testing.T) {
	dbl := []struct {
		bits      uint64
		dec, hexf string
	}{
		{0x3ff0000000000000, "1", "0x1p+0"},
		{0x3fb999999999999a, "0.10000000000000001", "0x1.999999999999ap-4"},
		{0x8000000000000000, "-0", "-0x0p+0"},
		{0x0000000000000001, "4.9406564584124654e-324", "0x0.0000000000001p-1022"},
		{0x7ff0000000000000, "inf", "inf"},
		{0xfff8000000000000, "-nan", "-nan"},
		{0x4415af1d78b58c40, "1e+20", "0x1.5af1d78b58c4p+66"},
	}
	for _, tc := range dbl {
		f := math.Float64frombits(tc.bits)
		if got := FormatDouble(f); got != tc.dec {
			t.Errorf("FormatDouble(%#x) = %s, want %s", tc.bits, got, tc.dec)
		}
		if got := HexDouble(f); got != tc.hexf {
			t.Errorf("HexDouble(%#x) = %s, want %s", tc.bits, got, tc.hexf)
		}
	}
	ld := []struct {
		x         X87
		dec, hexf string
	}{
		{X87{0x3fff, 1 << 63}, "1", "0x8p-3"},
		{X87{0xbfff, 0xc000000000000000}, "-1.5", "-0xcp-3"},
		{X87{0x3ffb, 0xcccccccccccccccd}, "0.100000000000000000001", "0xc.ccccccccccccccdp-7"},
		{X87{0, 0}, "0", "0x0p+0"},
		{X87{0x8000, 0}, "-0", "-0x0p+0"},
		{X87{0, 1}, "3.64519953188247460253e-4951", "0x0.000000000000001p-16385"},
		{X87{0x7ffe, ^uint64(0)}, "1.18973149535723176502e+4932", "0xf.fffffffffffffffp+16380"},
		{X87{0x7fff, 1 << 63}, "inf", "inf"},
		{X87{0xffff, 0xc000000000000000}, "-nan", "-nan"},
		{X87{0x3fff, 0}, "nan", "nan"}, // unnormal
	}
	for _, tc := range ld {
		if got := tc.x.String(); got != tc.dec {
			t.Errorf("%+v.String() = %s, want %s", tc.x, got, tc.dec)
		}
		if got := tc.x.Hex(); got != tc.hexf {
			t.Errorf("%+v.Hex() = %s, want %s", tc.x, got, tc.hexf)
		}
	}
}

func TestReadDoesNotAliasInput(t *testing.T) {
	data, _ := sample().Bytes()
	got, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	for i := range data {
		data[i] = 0
	}
	if !reflect.DeepEqual(got.Objects[0].Bytes, []byte{0, 0, 0x80, 0x3f}) {
		t.Fatal("parsed objects alias the input buffer")
	}
}

func FuzzRead(f *testing.F) {
	for _, tst := range []*Test{{}, sample(), goldenTest()} {
		b, _ := tst.Bytes()
		f.Add(b)
	}
	f.Add([]byte("BOUT\n\x00\x00\x00\x01\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x01a\x00\x00\x00\x01z"))
	f.Add([]byte("KTEST\xff\xff\xff\xff"))
	f.Fuzz(func(t *testing.T, data []byte) {
		tst, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		Print(&bytes.Buffer{}, "fuzz", tst)
		out, err := tst.Bytes()
		if err != nil {
			t.Fatalf("re-encoding a parsed test: %v", err)
		}
		again, err := Parse(out)
		if err != nil {
			t.Fatalf("re-reading a written test: %v", err)
		}
		if !equalTests(tst, again) {
			t.Fatalf("write/read changed the test")
		}
	})
}
