package main

import "testing"

// TestResolveMerge checks --merge's resolution: a given mode is kept, the
// default applies otherwise, and a split exploration runs unmerged unless
// --merge was given (then checkSplitConfig refuses it).
func TestResolveMerge(t *testing.T) {
	for _, tc := range []struct {
		name  string
		sp    splitFlags
		merge string // the flag's value
		given bool
		want  string
	}{
		{"default", splitFlags{}, mergeDefaultMode, false, mergeDefaultMode},
		{"given off", splitFlags{}, "off", true, "off"},
		{"given on", splitFlags{}, "on", true, "on"},
		{"given auto", splitFlags{}, "auto", true, "auto"},
		{"split", splitFlags{split: 4}, mergeDefaultMode, false, "off"},
		{"prefix", splitFlags{prefix: "p.json"}, mergeDefaultMode, false, "off"},
		{"parallel", splitFlags{parallel: 2}, mergeDefaultMode, false, "off"},
		{"split, given auto", splitFlags{split: 4}, "auto", true, "auto"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := runFlags{merge: tc.merge, sp: tc.sp}
			resolveMerge(&f, tc.given)
			if f.merge != tc.want {
				t.Errorf("--merge resolved to %q, want %q", f.merge, tc.want)
			}
		})
	}
}
