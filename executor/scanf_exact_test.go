package executor_test

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/cc"
)

// TestScanfFloatExact: crt/libc/scanf.c's floating conversions (%f %lf
// %Lf %e %g %a, with and without a width, %n after them), run concretely
// by the executor, print exactly what the native program linked with
// glibc prints: the return value, the stored bits and the characters
// consumed, on strtod's random, boundary, hexadecimal, inf/nan and
// overlong inputs and scanf's own prefix cases ("1e", "0x", "nan(", ...),
// in all four rounding modes.
func TestScanfFloatExact(t *testing.T) {
	requireClang(t)
	inputs := append(strtodInputs(), "1e", "1e+", "1ex", "0x", "0xp3", "0x.", "-0x", "nan(", "nanx", "na", "in",
		"infinit", "infx", "+", "-", ".", "-.", "+.5x", "  \t-.5e-3x", "5.", "5.e", "00012", "1,5", "0x1.fffffffffffff8p1023",
		"1e400", "-1e-400", "0x1p-1075", "12abc", "e12", "   ")
	dir := t.TempDir()
	src := filepath.Join(dir, "scanf_exact.c")
	if err := os.WriteFile(src, []byte(scanfProgram(inputs)), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "native")
	if out, err := exec.Command(cc.Clang, "-O0", "-o", bin, src, "-lm").CombinedOutput(); err != nil {
		t.Fatalf("native compile: %v\n%s", err, out)
	}
	want, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatalf("native run: %v", err)
	}
	res, got := runFloatsymFor(t, src, dir, 30*time.Minute) // generous: a loaded machine
	if len(res.Paths) != 1 || res.Paths[0].Term.Kind.IsError() {
		t.Fatalf("run: %+v", res.Paths[0].Term)
	}
	wl, gl := bytes.Split(want, []byte("\n")), bytes.Split(got, []byte("\n"))
	if len(wl) != len(gl) {
		t.Errorf("native printed %d lines, floatsym %d", len(wl), len(gl))
	}
	bad := 0
	for i := 0; i < len(wl) && i < len(gl); i++ {
		if !bytes.Equal(wl[i], gl[i]) {
			bad++
			if bad <= 40 {
				t.Errorf("input %q: glibc %q, floatsym %q", clip(inputs[(i%(10*len(inputs)))/10]), wl[i], gl[i])
			}
		}
	}
	t.Logf("%d inputs, %d result lines compared, %d differ", len(inputs), len(wl), bad)
}

// scanfProgram prints, per rounding mode, input and format: the return
// value, the stored bits and %n.
func scanfProgram(inputs []string) string {
	var b strings.Builder
	b.WriteString(`#include <fenv.h>
#include <stdio.h>
#include <string.h>
static const char *in[] = {
`)
	for _, s := range inputs {
		b.WriteString("\t\"")
		for i := 0; i < len(s); i++ {
			fmt.Fprintf(&b, "\\x%02x", s[i])
		}
		b.WriteString("\",\n")
	}
	b.WriteString(`};
static const int modes[] = {FE_TONEAREST, FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};
static void dbits(const char *fmt, const char *s) {
	double d = -1; int n = -1; unsigned long long u;
	int r = sscanf(s, fmt, &d, &n);
	memcpy(&u, &d, 8);
	printf("%s %d %llx %d\n", fmt, r, u, n);
}
static void fbits(const char *fmt, const char *s) {
	float f = -1; int n = -1; unsigned u;
	int r = sscanf(s, fmt, &f, &n);
	memcpy(&u, &f, 4);
	printf("%s %d %x %d\n", fmt, r, u, n);
}
static void lbits(const char *fmt, const char *s) {
	long double l = -1; int n = -1; unsigned char by[16] = {0};
	int r = sscanf(s, fmt, &l, &n);
	memcpy(by, &l, 10);
	printf("%s %d", fmt, r);
	for (int i = 9; i >= 0; i--) printf("%02x", by[i]);
	printf(" %d\n", n);
}
int main(void) {
	for (int m = 0; m < 4; m++) {
		fesetround(modes[m]);
		for (unsigned i = 0; i < sizeof in / sizeof *in; i++) {
			printf("%u\n", i);
			dbits("%lf%n", in[i]);
			dbits("%le%n", in[i]);
			dbits("%4lg%n", in[i]);
			dbits("%la%n", in[i]);
			dbits("%2lf%n", in[i]);
			fbits("%f%n", in[i]);
			fbits("%7e%n", in[i]);
			lbits("%Lf%n", in[i]);
			lbits("%12Lg%n", in[i]);
		}
	}
	return 0;
}
`)
	return b.String()
}
