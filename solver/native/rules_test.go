package native

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/solver/expr"
)

// TestRegistryTables: the tables derived from the registry are those the
// hand-wired switch and requeue table had: the rules of each operation in
// their order, and the atoms whose decision requeues the operands' other
// parents.
func TestRegistryTables(t *testing.T) {
	names := func(op expr.Op) []string {
		var out []string
		for _, id := range byOp[op] {
			out = append(out, rules[id].name)
		}
		return out
	}
	for _, tc := range []struct {
		op   expr.Op
		want []string
	}{
		{expr.OpFAdd, []string{"rounded", "rel-sign"}},
		{expr.OpFSub, []string{"rounded", "rel-sign", "sub-zero"}},
		{expr.OpFMul, []string{"rounded", "rel-sign"}},
		{expr.OpFDiv, []string{"rounded", "rel-div"}},
		{expr.OpFSqrt, []string{"rounded"}},
		{expr.OpFNeg, []string{"neg"}},
		{expr.OpFRem, []string{"rem"}},
		{expr.OpFOLt, []string{"fcmp", "same-value", "affine", "rel-err"}},
		{expr.OpFOEq, []string{"fcmp", "same-value", "affine", "rel-err"}},
		{expr.OpFIsZero, []string{"class"}},
		{expr.OpAnd, []string{"logic"}},
		{expr.OpZExt, []string{"zext"}},
		{expr.OpMul, []string{"int-bin"}},
		{expr.OpConst, nil},
	} {
		if got := names(tc.op); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("rules of %v: %v, want %v", tc.op, got, tc.want)
		}
	}
	want := map[expr.Op]bool{expr.OpFOLt: true, expr.OpFOLe: true, expr.OpFOEq: true, expr.OpFIsZero: true}
	if !reflect.DeepEqual(relReads, want) {
		t.Errorf("atoms read: %v, want %v", relReads, want)
	}
	rwNames := func(op expr.Op) []string {
		var out []string
		for _, id := range rewriteByOp[op] {
			out = append(out, rules[id].name)
		}
		return out
	}
	// The rewrite rules in the order of rewrite.go's former switch.
	for _, tc := range []struct {
		op   expr.Op
		want []string
	}{
		{expr.OpFRem, []string{"rw-rem-identity", "rw-rem-less"}},
		{expr.OpFRemainder, []string{"rw-rem-identity"}},
		{expr.OpFSqrt, []string{"rw-sqrt-square"}},
		{expr.OpFPConv, []string{"rw-double-rounding"}},
		{expr.OpFAdd, []string{"rw-sterbenz"}},
		{expr.OpFSub, []string{"rw-sterbenz"}},
		{expr.OpFOLt, nil},
	} {
		if got := rwNames(tc.op); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("rewrite rules of %v: %v, want %v", tc.op, got, tc.want)
		}
	}
	seen := map[string]bool{}
	for id, r := range rules {
		if seen[r.name] || r.name == "" || len(r.ops) == 0 || (r.revise == nil) == (r.rewrite == nil) {
			t.Errorf("rule %q: a name of its own, operations and a revision or a rewrite needed", r.name)
		}
		if r.slot != nil && *r.slot != id {
			t.Errorf("rule %q: slot %d, registry index %d", r.name, *r.slot, id)
		}
		seen[r.name] = true
	}
	if rules[affineRule].name != "affine" || rules[relErrRule].name != "rel-err" || rules[sterbenzRule].name != "rw-sterbenz" {
		t.Errorf("mechanism slots: %s, %s, %s", rules[affineRule].name, rules[relErrRule].name, rules[sterbenzRule].name)
	}
}

// TestRuleCounters: a call's answer carries the counters of the rules
// that fired, and the rules an UNSAT rests on are among those that
// refuted or narrowed: foo's refutation is by the rounding projections
// and the comparisons.
func TestRuleCounters(t *testing.T) {
	e := newEnv(t)
	x, a := e.sym("x", arith.F32)
	big := e.c(arith.F32, 1e12)
	cons := []*expr.Expr{e.b.FCmp(arith.OLT, x, e.c(arith.F32, 10000)), e.b.FCmp(arith.OGT, e.bin(expr.OpFAdd, x, big), big)}
	ans := e.solve(1000, []*expr.Array{a}, cons...)
	if ans.Result != Unsat {
		t.Fatalf("Solve = %v, want UNSAT", ans.Result)
	}
	refuted, fired := 0, map[string]bool{}
	for _, c := range ans.Rules {
		fired[c.Name] = true
		if c.Fired == 0 || c.Narrowed > c.Fired || c.Refuted > c.Fired {
			t.Errorf("rule %s: counters %+v", c.Name, c)
		}
		refuted += int(c.Refuted)
	}
	if refuted != 1 || !fired["rounded"] || !fired["fcmp"] {
		t.Fatalf("rules %+v: want rounded and fcmp, one refutation", ans.Rules)
	}
	eff := Effective(ans.Rules)
	if len(eff) == 0 {
		t.Fatalf("no effective rule in %+v", ans.Rules)
	}
	sum := SumRules(SumRules(nil, ans.Rules), ans.Rules)
	for i, c := range sum {
		if c.Fired != 2*ans.Rules[i].Fired || c.Name != ans.Rules[i].Name {
			t.Fatalf("SumRules twice: %+v from %+v", c, ans.Rules[i])
		}
	}
	t.Logf("rules: %+v; effective %v", ans.Rules, eff)
}

// TestRewriteRuleCounters: the rewrite rules that rewrote a node are the
// answer's Rewrites (what --crosscheck names) and are counted like the
// propagation rules (fired: asked about a node; narrowed: rewrote it).
// sqrt(x ⊗ x) ≠ x over x ∈ [1, 2] is refuted only over the query the
// sqrt-square rule rewrites; in a directed mode the rule does not apply
// and nothing is rewritten.
func TestRewriteRuleCounters(t *testing.T) {
	for _, tc := range []struct {
		m        arith.RoundingMode
		rewrites []string
	}{
		{arith.NearestEven, []string{"rw-sqrt-square"}},
		{arith.Upward, nil},
	} {
		e := newEnv(t)
		x, ax := e.sym("x", arith.F64)
		r := e.b.FSqrt(tc.m, e.b.FBin(expr.OpFMul, tc.m, x, x))
		cons := []*expr.Expr{e.b.FCmp(arith.OLE, e.c(arith.F64, 1), x), e.b.FCmp(arith.OLE, x, e.c(arith.F64, 2)),
			e.b.Not(e.b.FCmp(arith.OEQ, r, x))}
		ans := e.solve(300, []*expr.Array{ax}, cons...)
		if !reflect.DeepEqual(ans.Rewrites, tc.rewrites) {
			t.Errorf("mode %v: rewrites %v, want %v", tc.m, ans.Rewrites, tc.rewrites)
		}
		var c RuleCount
		for _, rc := range ans.Rules {
			if rc.Name == "rw-sqrt-square" {
				c = rc
			}
		}
		if c.Fired == 0 || c.Refuted != 0 || (c.Narrowed > 0) != (tc.rewrites != nil) {
			t.Errorf("mode %v: rw-sqrt-square counters %+v", tc.m, c)
		}
		if tc.rewrites != nil && (ans.Result != Unsat || ans.By != ByRewritten) {
			t.Errorf("mode %v: %v by %q, want unsat by the rewritten query", tc.m, ans.Result, ans.By)
		}
		if tc.rewrites == nil && ans.Result == Unsat {
			t.Errorf("mode %v: unsat without the lemma", tc.m)
		}
	}
}

// TestRewriteRulesDocumented: docs/architecture.md's registry section
// names every rewrite rule of the registry.
func TestRewriteRulesDocumented(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	start := strings.Index(doc, "### Native rules: the registry")
	if start < 0 {
		t.Fatal("docs/architecture.md: no registry section")
	}
	sec := doc[start:]
	if end := strings.Index(sec[1:], "\n## "); end >= 0 {
		sec = sec[:end+1]
	}
	for _, r := range rules {
		if r.rewrite != nil && !strings.Contains(sec, "`"+r.name+"`") {
			t.Errorf("the registry section does not name rewrite rule %s", r.name)
		}
	}
}
