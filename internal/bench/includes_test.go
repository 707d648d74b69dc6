package bench

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestIncludeDirs: misc.include_dirs puts spec directories on the include
// path of floatsym's build (--cflags, after the default or bench flags)
// and of the native replay; a directory leaving the spec is refused.
func TestIncludeDirs(t *testing.T) {
	dir := "/suite/bc_num"
	cases := []struct {
		name, misc string
		bench      []string
		wantRun    string // --cflags value ("" for none)
		wantErr    string
	}{
		{"none", "", nil, "", ""},
		{"other misc keys", "misc: {note: x}\n", nil, "", ""},
		{"two dirs", "misc: {include_dirs: [., h]}\n", nil, "-O0 -g -Xclang -disable-O0-optnone -I/suite/bc_num -I/suite/bc_num/h", ""},
		{"bench flags kept", "misc: {include_dirs: [h]}\n", []string{"-O1"}, "-O1 -I/suite/bc_num/h", ""},
		{"bench flags alone", "", []string{"-O1"}, "-O1", ""},
		{"leaves the spec", "misc: {include_dirs: [../x]}\n", nil, "", "leaves the spec"},
		{"not a list", "misc: {include_dirs: h}\n", nil, "", "list of directories"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := parseSpec([]byte(specHead+c.misc), filepath.Join(dir, "spec.yml"))
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("got %v, want an error containing %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			cfg := &Config{CFlags: c.bench}
			v := s.Variants[0]
			args := RunArgs(cfg, v, "/out")
			got := ""
			if i := slices.Index(args, "--cflags"); i >= 0 {
				got = args[i+1]
			}
			if got != c.wantRun {
				t.Errorf("--cflags %q, want %q", got, c.wantRun)
			}
			ro := ReplayOptions(cfg, v)
			for _, d := range s.IncludeDirs {
				if !slices.Contains(ro.CFlags, "-I"+d) {
					t.Errorf("replay flags %v lack -I%s", ro.CFlags, d)
				}
			}
		})
	}
}
