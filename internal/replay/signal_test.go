package replay

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCompareSignal: a recorded signal outcome is reproduced by a native
// death by the same signal, located or not.
func TestCompareSignal(t *testing.T) {
	rec := Outcome{Kind: KindSignal, Message: "killed by signal SIGFPE (raise)", File: "/gmp/invalid.c", Line: 80,
		Stack: []Frame{{Function: "__gmp_invalid_operation", File: "/gmp/invalid.c", Line: 80}, {Function: "main", File: "/src/p.c", Line: 12}}}
	for _, tc := range []struct {
		name string
		got  Outcome
		want bool
	}{
		{"unlocated death by the signal", Outcome{Kind: KindDiv, Signal: "SIGFPE", ExitStatus: -1}, true},
		{"another signal", Outcome{Kind: KindSignal, Signal: "SIGUSR1", ExitStatus: -1}, false},
		{"normal exit", Outcome{Kind: KindExit}, false},
		{"asan FPE at the program's call", Outcome{Kind: KindDiv, Signal: "SIGFPE", File: "/src/p.c", Line: 12,
			Stack: []Frame{{Function: "raise"}, {Function: "main", File: "/src/p.c", Line: 12, User: true}}}, true},
		{"asan FPE elsewhere", Outcome{Kind: KindDiv, Signal: "SIGFPE", File: "/src/p.c", Line: 30,
			Stack: []Frame{{Function: "main", File: "/src/p.c", Line: 30, User: true}}}, false},
		{"mismatch", Outcome{Kind: KindMismatch, Message: "missing object"}, false},
	} {
		if ok, why := Compare(rec, tc.got); ok != tc.want {
			t.Errorf("%s: Compare = %v (%s), want %v", tc.name, ok, why, tc.want)
		}
	}
}

// TestParseErrFileStack: the .err file's stack is read back.
func TestParseErrFileStack(t *testing.T) {
	p := filepath.Join(t.TempDir(), "test000001.signal.err")
	text := "Error: killed by signal SIGFPE (raise)\nFile: /gmp/invalid.c\nLine: 80\nassembly.ll line: 0\nStack: \n" +
		"\t#0 in __gmp_invalid_operation () at /gmp/invalid.c:80\n\t#1 in main () at /src/p.c:12\n"
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	o, err := ParseErrFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Stack) != 2 || o.Stack[1].File != "/src/p.c" || o.Stack[1].Line != 12 || o.Line != 80 {
		t.Fatalf("parsed %+v", o)
	}
}
