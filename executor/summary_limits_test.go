package executor

import "testing"

// TestWithoutTest: the paths cut short are counted by where their test
// came from; those without one are listed by location, a path stopped in
// code without debug information at its innermost frame that has one.
func TestWithoutTest(t *testing.T) {
	libc := Termination{Kind: TermLimit, Stack: []Frame{{Func: "strtof"}, {Func: "main", File: "p.c", Line: 9}}}
	paths := []PathResult{
		{Term: Termination{Kind: TermExit}, Test: "test000001.ktest"},
		{Term: Termination{Kind: TermLimit, File: "p.c", Line: 4}, Test: "test000002.ktest", TestFromKnown: true},
		{Term: Termination{Kind: TermInterrupted, File: "p.c", Line: 4}, Test: "test000003.ktest"},
		{Term: Termination{Kind: TermLimit, File: "p.c", Line: 4}, WithoutTest: true},
		{Term: libc, WithoutTest: true},
		{Term: libc, WithoutTest: true},
	}
	w := WithoutTest(paths)
	if w.CutShort != 5 || w.FromKnownModels != 1 || w.FromSolver != 1 || w.Count != 3 {
		t.Errorf("counts %+v, want cut_short 5 = 1 known + 1 solver + 3 without", w)
	}
	want := []StateLocation{{File: "p.c", Line: 9, States: 2}, {File: "p.c", Line: 4, States: 1}}
	if len(w.Locations) != len(want) {
		t.Fatalf("locations %+v, want %+v", w.Locations, want)
	}
	for i := range want {
		if w.Locations[i] != want[i] {
			t.Errorf("location %d: %+v, want %+v", i, w.Locations[i], want[i])
		}
	}
}
