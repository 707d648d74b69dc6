package main

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/testtool"
)

// TestNoOverflow: under SV-COMP's no-overflow property a signed +, -, *
// (nsw in the IR) whose exact result does not fit is an "overflow"
// report and a violation, found with symbolic and concrete operands,
// in int and long; unsigned arithmetic and operations the path's
// assumptions keep in range are not; another error is not a violation;
// every report replays natively (UBSan's signed-integer-overflow).
func TestNoOverflow(t *testing.T) {
	requireClang(t)
	cases := []struct {
		prog  string
		kinds string // sorted kind:violation of the errors
		line  int    // the overflow's line (0: none)
		slow  bool   // make test-full only (each run and replay ~2 s)
	}{
		{"mul.c", "overflow:true", 8, false},
		{"neg.c", "overflow:true", 5, true},
		{"concrete.c", "overflow:true", 5, true},
		{"long.c", "assert:false,overflow:true", 9, true},
		{"safe.c", "", 0, false},
	}
	for _, c := range cases {
		t.Run(c.prog, func(t *testing.T) {
			if c.slow {
				testtool.RequireSlow(t)
			}
			prog := filepath.Join("testdata", "overflow", c.prog)
			dir := filepath.Join(t.TempDir(), "out")
			out, code := runCLI(t, "run", "--max-time", "60s", "--property", "testdata/no-overflow.prp", "--output-dir", dir, prog)
			if code != 0 {
				t.Fatalf("exit %d\n%s", code, out)
			}
			sum := readSummary(t, dir)
			var kinds []string
			for _, e := range sum.Errors {
				v := "-"
				if e.Violation != nil {
					v = fmt.Sprint(*e.Violation)
				}
				kinds = append(kinds, e.Kind+":"+v)
				if e.Kind == "overflow" && e.Line != c.line {
					t.Errorf("overflow reported at line %d, want %d", e.Line, c.line)
				}
			}
			sort.Strings(kinds)
			if strings.Join(kinds, ",") != c.kinds {
				t.Errorf("errors %v, want %q\n%s", kinds, c.kinds, out)
			}
			if !sum.Complete {
				t.Errorf("run not complete\n%s", out)
			}
			text, code := runCLI(t, "replay", "--program", prog, dir)
			if code != 0 || strings.Contains(text, "MISMATCH") {
				t.Errorf("replay: exit %d\n%s", code, text)
			}
		})
	}
	// Without the property signed overflow is not reported.
	dir := filepath.Join(t.TempDir(), "out")
	if out, code := runCLI(t, "run", "--output-dir", dir, "testdata/overflow/mul.c"); code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	for _, e := range readSummary(t, dir).Errors {
		if e.Kind == "overflow" {
			t.Errorf("overflow reported without --property no-overflow: %+v", e)
		}
	}
}
