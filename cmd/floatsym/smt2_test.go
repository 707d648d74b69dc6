package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSMTScriptsAccepted runs representative programs with --write-smt2
// (the native stage off, so their queries reach the SMT backends) and
// feeds every script written to z3 and cvc5: neither may report an error
// (an unknown sort, a logic that does not admit the body; the defect was
// `(set-logic QF_BVFP)` over a constant array, found on GSL's
// gsl_histogram2d_pdf over symbolic bins). A timeout is no error. Each
// script is also answered by `floatsym solve`, which must agree with
// every answer z3 and cvc5 give.
func TestSMTScriptsAccepted(t *testing.T) {
	requireClang(t)
	for _, bin := range []string{"z3", "cvc5"} {
		if _, err := exec.LookPath(bin); err != nil {
			t.Skip(bin + " not installed")
		}
	}
	programs := []struct {
		src string
		// logic: a set-logic line some script of the program must have
		// ("": any).
		logic string
	}{
		{"testdata/constarray_sym.c", "(set-logic QF_BVFP)"}, // 512 bytes: an ite chain
		{"testdata/constarray_big.c", "(set-logic ALL)"},     // 5000 bytes: `as const`
		{"../../executor/testdata/symbolic/oob_sym_index.c", ""},
		{"../../executor/testdata/symbolic/long_double_sym.c", ""},
		{"../../executor/testdata/symbolic/nan_double.c", ""},
		{"testdata/symmalloc.c", ""},
	}
	for _, p := range programs {
		t.Run(filepath.Base(p.src), func(t *testing.T) {
			t.Parallel() // waits on its own floatsym/clang/replay children, own directories
			dir := filepath.Join(t.TempDir(), "out")
			out, code := runCLI(t, "run", "--presolver=off", "--write-smt2", "--max-time", "30s",
				"--output-dir", dir, p.src)
			if code != 0 {
				t.Fatalf("run: exit %d: %s", code, out)
			}
			files, _ := filepath.Glob(filepath.Join(dir, "*.smt2"))
			if len(files) == 0 {
				t.Fatalf("no SMT-LIB2 script written")
			}
			found := p.logic == ""
			for _, f := range files {
				text, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				found = found || strings.Contains(string(text), p.logic+"\n")
				mine, _ := runCLI(t, "solve", "--timeout", "20s", f)
				mine = strings.TrimSpace(mine)
				if mine != "sat" && mine != "unsat" && mine != "unknown" {
					t.Errorf("floatsym solve on %s: %s", filepath.Base(f), mine)
				}
				for _, cmd := range [][]string{
					{"z3", "-T:10", f},
					{"cvc5", "--fp-exp", "--tlimit=10000", f},
				} {
					o, _ := exec.Command(cmd[0], cmd[1:]...).CombinedOutput()
					s := strings.TrimSpace(string(o))
					if strings.Contains(s, "(error") || strings.Contains(s, "rror") && !strings.Contains(s, "timeout") {
						t.Errorf("%s on %s: %s", cmd[0], filepath.Base(f), s)
					}
					if (s == "sat" || s == "unsat") && (mine == "sat" || mine == "unsat") && s != mine {
						t.Errorf("%s: floatsym solve %s, %s %s", filepath.Base(f), mine, cmd[0], s)
					}
				}
			}
			if !found {
				t.Errorf("no script with %s among %d", p.logic, len(files))
			}
		})
	}
}
