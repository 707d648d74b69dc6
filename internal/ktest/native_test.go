package ktest

import (
	"bufio"
	"fmt"
	"math"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/testtool"
)

// TestFormatsMatchGlibc compiles a C program that prints doubles with
// %.17g / %a and long doubles with %.21Lg / %La, and checks that
// FormatDouble, HexDouble, X87.String and X87.Hex print the same.
func TestFormatsMatchGlibc(t *testing.T) {
	testtool.Require(t, testtool.Clang)
	cc, err := exec.LookPath(testtool.Clang)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "fmt.c")
	prog := `#include <stdio.h>
#include <string.h>
#include <stdint.h>
int main(void) {
  char kind; unsigned long long a; unsigned b;
  while (scanf(" %c %llx %x", &kind, &a, &b) == 3) {
    if (kind == 'd') {
      double d; memcpy(&d, &a, 8);
      printf("%.17g %a\n", d, d);
    } else {
      long double l = 0; unsigned char buf[16] = {0};
      uint16_t se = (uint16_t)b;
      memcpy(buf, &a, 8); memcpy(buf + 8, &se, 2); memcpy(&l, buf, 16);
      printf("%.21Lg %La\n", l, l);
    }
  }
  return 0;
}
`
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "fmt")
	if out, err := exec.Command(cc, "-O0", "-o", bin, src).CombinedOutput(); err != nil {
		t.Fatalf("compiling: %v\n%s", err, out)
	}

	rng := rand.New(rand.NewSource(1))
	var doubles []uint64
	for _, f := range []float64{0, 1, -1, 0.1, 1e20, 1e21, 123456, 1e16, 1e17, 1e-5, 1e-4, 0.5, math.MaxFloat64, math.SmallestNonzeroFloat64, math.Inf(1), math.Inf(-1), math.NaN(), 2.5e-310} {
		doubles = append(doubles, math.Float64bits(f))
	}
	for i := 0; i < 2000; i++ {
		doubles = append(doubles, rng.Uint64())
		doubles = append(doubles, math.Float64bits(float64(math.Float32frombits(rng.Uint32()))))
	}
	type ldpat struct {
		mant uint64
		se   uint16
	}
	lds := []ldpat{{0, 0}, {1 << 63, 0x3fff}, {1 << 63, 0xbfff}, {1, 0}, {1 << 63, 0}, {^uint64(0), 0x7ffe},
		{1 << 63, 0x7fff}, {3 << 62, 0x7fff}, {0, 0x7fff}, {1, 0x7fff}, {0, 0x3fff}, {12345, 0x4000},
		{0xcccccccccccccccd, 0x3ffb}, {1 << 63, 0x403e}, {1 << 63, 0x4045}, {1 << 63, 0x3ff1}}
	for i := 0; i < 2000; i++ {
		m := rng.Uint64() | 1<<63
		e := uint16(rng.Intn(0x10000))
		if i%3 == 0 {
			e = uint16(0x3fff + rng.Intn(140) - 70) // around 1, where %g switches styles
		}
		if i%7 == 0 {
			m &^= 1 << 63
			e &= 0x8000 // denormals
		}
		lds = append(lds, ldpat{m, e})
	}

	var in strings.Builder
	for _, d := range doubles {
		fmt.Fprintf(&in, "d %x 0\n", d)
	}
	for _, l := range lds {
		fmt.Fprintf(&in, "l %x %x\n", l.mant, l.se)
	}
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("running: %v", err)
	}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	fails := 0
	check := func(what, got, want string) {
		if got != want && fails < 20 {
			fails++
			t.Errorf("%s: Go %q, glibc %q", what, got, want)
		}
	}
	for _, d := range doubles {
		if !sc.Scan() {
			t.Fatal("short output")
		}
		f := math.Float64frombits(d)
		check(fmt.Sprintf("double %#x", d), FormatDouble(f)+" "+HexDouble(f), sc.Text())
	}
	for _, l := range lds {
		if !sc.Scan() {
			t.Fatal("short output")
		}
		x := X87{SignExp: l.se, Mant: l.mant}
		check(fmt.Sprintf("long double %04x:%016x", l.se, l.mant), x.String()+" "+x.Hex(), sc.Text())
	}
}
