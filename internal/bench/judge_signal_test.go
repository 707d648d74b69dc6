package bench

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/floatsym/floatsym/internal/replay"
)

// TestJudgeGMPDivideByZero judges realworld/gmp_tdiv_zero's spec on the
// evidence its runs give (measured with GMP 6.2.1 built by internal/libbc
// and replayed against the system's -lgmp): floatsym records the SIGFPE
// GMP raises in errno.c (kind signal); natively AddressSanitizer reports
// the FPE at the program's call into GMP. That is the spec's integer
// division by zero, and only at its listed line.
func TestJudgeGMPDivideByZero(t *testing.T) {
	dir, _ := filepath.Abs("../../benchmarks/realworld/gmp_tdiv_zero")
	b, err := os.ReadFile(filepath.Join(dir, SpecFile))
	if err != nil {
		t.Fatal(err)
	}
	s, err := parseSpec(b, filepath.Join(dir, SpecFile))
	if err != nil {
		t.Fatal(err)
	}
	variants := map[string]*Variant{}
	for _, v := range s.Variants {
		variants[v.Name] = v
	}
	// The .err file's location and stack, as floatsym wrote them.
	gmp := "/cache/gmp-6.2.1+dfsg1-1.1-ac0e35cb5e7e.work/src/"
	recorded := replay.Outcome{Kind: replay.KindSignal, Message: "killed by signal SIGFPE (raise)",
		File: gmp + "errno.c", Line: 52, Stack: []replay.Frame{
			{Function: "__gmp_exception", File: gmp + "errno.c", Line: 52},
			{Function: "__gmp_divide_by_zero", File: gmp + "errno.c", Line: 71},
			{Function: "__gmpz_tdiv_q", File: gmp + "mpz/tdiv_q.c", Line: 50},
			{Function: "main", File: filepath.Join(dir, "gmp_tdiv_zero.c"), Line: 34},
		}}
	native := func(line int) *replay.Outcome {
		return &replay.Outcome{Kind: replay.KindDiv, Signal: "SIGFPE", ExitStatus: 1, Message: "FPE on unknown address",
			File: filepath.Join(dir, "gmp_tdiv_zero.c"), Line: line}
	}
	for _, tc := range []struct {
		name, variant string
		reports       []Report
		want          Outcome
	}{
		{"bug found", "zero_bug", []Report{{Test: "t3.ktest", Recorded: recorded, Native: native(34)}}, OutcomeTP},
		{"native elsewhere", "zero_bug", []Report{{Test: "t3.ktest", Recorded: recorded, Native: native(35)}}, OutcomeFP},
		{"bug missed", "zero_bug", nil, OutcomeUnknown},
		{"correct verified", "correct", nil, OutcomeVerified},
		{"correct reports the signal", "correct", []Report{{Test: "t3.ktest", Recorded: recorded, Native: native(34)}}, OutcomeUnlisted},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := variants[tc.variant]
			if v == nil {
				t.Fatalf("no variant %s", tc.variant)
			}
			j := Judge(v, Evidence{Status: StatusFinished, Complete: true, Reports: tc.reports})
			if j.Outcome != tc.want {
				t.Errorf("outcome %s, want %s (%s; reports %+v)", j.Outcome, tc.want, j.Reason, j.Reports)
			}
		})
	}
}
