package executor

import (
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
)

// TestDecisionEncoding: a decision survives its prefix-file encoding, and
// malformed encodings are refused with the reason.
func TestDecisionEncoding(t *testing.T) {
	good := []Decision{
		{Site: 0, Kind: DecBranch, Val: arith.Word{Lo: 1}, Both: true},
		{Site: 1234, Kind: DecBranch},
		{Site: -1, Kind: DecValue, Val: arith.Word{Lo: 0xffffffffffffffff, Hi: 0x7fff}},
		{Site: 7, Kind: DecCheck, Val: arith.Word{Lo: checkForked}, Both: true},
		{Site: 9, Kind: DecAssume, Val: arith.Word{Lo: 1}},
	}
	for _, d := range good {
		got, err := ParseDecision(d.String())
		if err != nil || got != d {
			t.Errorf("%+v -> %q -> %+v, %v", d, d.String(), got, err)
		}
	}
	bad := []struct{ in, want string }{
		{"x12:1", "unknown kind"},
		{"b", "too short"},
		{"b12", "too short"},
		{"b12:1:2:3", "want KIND SITE"},
		{"bzz:1", "site"},
		{"b12:zz", "value"},
	}
	for _, c := range bad {
		if _, err := ParseDecision(c.in); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseDecision(%q) = %v, want an error containing %q", c.in, err, c.want)
		}
	}
}

// TestDecisionList: the persistent list gives the decisions oldest first
// and forks share their common part.
func TestDecisionList(t *testing.T) {
	var a *decNode
	for i := 0; i < 3; i++ {
		n := 1
		if a != nil {
			n = a.n + 1
		}
		a = &decNode{d: Decision{Site: int32(i), Kind: DecBranch}, prev: a, n: n}
	}
	b := &decNode{d: Decision{Site: 9, Kind: DecValue}, prev: a, n: a.n + 1}
	la, lb := a.list(), b.list()
	if len(la) != 3 || len(lb) != 4 || la[0].Site != 0 || la[2].Site != 2 || lb[3].Site != 9 || lb[2].Site != 2 {
		t.Errorf("lists %v and %v", la, lb)
	}
	if (*decNode)(nil).list() != nil {
		t.Errorf("empty list not nil")
	}
}
