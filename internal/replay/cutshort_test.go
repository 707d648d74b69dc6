package replay

import (
	"strings"
	"testing"
)

// TestJudge: a path cut short only runs (any native end is fine and is
// described); recorded errors and normal ends must reproduce.
func TestJudge(t *testing.T) {
	limit := Outcome{Kind: KindLimit, Message: "time limit reached", File: "p.c", Line: 11}
	cases := []struct {
		name      string
		want, got Outcome
		ok, cut   bool
		line      string
	}{
		{"limit, exit", limit, Outcome{Kind: KindExit, ExitStatus: 0}, true, true, "ran: exit 0 (path cut short by time limit)"},
		{"interrupted, exit 3", Outcome{Kind: KindLimit, Message: "interrupted"}, Outcome{Kind: KindExit, ExitStatus: 3}, true, true, "ran: exit 3 (path cut short by an interrupt)"},
		{"no test message", Outcome{Kind: KindLimit, Message: "no test: solver timeout (path ended with: limit: instruction limit reached at p.c:4)"},
			Outcome{Kind: KindExit}, true, true, "ran: exit 0 (path cut short by instruction limit)"},
		{"limit, inputs ran out", limit, Outcome{Kind: KindMismatch, Message: "mismatch: x"}, true, true, "ran: the test's inputs ran out"},
		{"limit, native error", limit, Outcome{Kind: KindAssert, File: "p.c", Line: 9}, true, true, "an error floatsym did not reach"},
		{"query cut by the deadline", Outcome{Kind: KindLimit, Message: "time limit reached during a solver query"}, Outcome{Kind: KindExit}, true, true, "ran: exit 0 (path cut short by time limit)"},
		{"interrupted kind (executor.TermInterrupted)", Outcome{Kind: KindInterrupted, Message: "interrupted", File: "p.c", Line: 8}, Outcome{Kind: KindExit}, true, true, "ran: exit 0 (path cut short by an interrupt)"},
		{"interrupted kind, no message", Outcome{Kind: KindInterrupted}, Outcome{Kind: KindExit, ExitStatus: 2}, true, true, "ran: exit 2 (path cut short by an interrupt)"},
		{"query cut by an interrupt", Outcome{Kind: KindLimit, Message: "interrupted during a solver query"}, Outcome{Kind: KindExit}, true, true, "(path cut short by an interrupt)"},
		{"early file", Outcome{Kind: KindEarly, Message: "memory limit reached"}, Outcome{Kind: KindTimeout}, true, true, "ran: still running after the replay timeout (path cut short by memory limit)"},
		{"exit matches", Outcome{Kind: KindExit, ExitStatus: 1}, Outcome{Kind: KindExit, ExitStatus: 1}, true, false, "ok (exit 1)"},
		{"exit differs", Outcome{Kind: KindExit, ExitStatus: 1}, Outcome{Kind: KindExit, ExitStatus: 0}, false, false, "MISMATCH expected exit status 1, got 0"},
		{"error must reproduce", Outcome{Kind: KindAssert, File: "p.c", Line: 9}, Outcome{Kind: KindExit}, false, false, "MISMATCH expected assert"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := Judge(c.want, c.got)
			if v.OK != c.ok || v.CutShort != c.cut || !strings.Contains(v.Line, c.line) {
				t.Errorf("Judge = %+v, want ok=%v cut=%v line containing %q", v, c.ok, c.cut, c.line)
			}
		})
	}
}
