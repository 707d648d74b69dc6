package executor

import "testing"

// TestBuiltinRegistry: every builtin name comes from exactly one base
// layer, decorators rewrote it in the order builtinLayers declares, and
// the names whose winner matters resolve to the declared layers.
func TestBuiltinRegistry(t *testing.T) {
	pos := map[string]int{}
	for i, l := range builtinLayers {
		if _, dup := pos[l.name]; dup {
			t.Fatalf("layer %s listed twice", l.name)
		}
		pos[l.name] = i
	}
	if len(builtinOrigin) != len(builtinTable) {
		t.Fatalf("%d names have an origin, %d are in the table", len(builtinOrigin), len(builtinTable))
	}
	for name, b := range builtinTable {
		if b.Name != name {
			t.Errorf("%s: entry names %s", name, b.Name)
		}
		origin := builtinOrigin[name]
		if len(origin) == 0 {
			t.Errorf("%s: no layer registered it", name)
			continue
		}
		if builtinLayers[pos[origin[0]]].decorates {
			t.Errorf("%s: first touched by decorator %s", name, origin[0])
		}
		for i := 1; i < len(origin); i++ {
			if !builtinLayers[pos[origin[i]]].decorates {
				t.Errorf("%s: registered by two base layers %v", name, origin)
			}
			if pos[origin[i]] <= pos[origin[i-1]] {
				t.Errorf("%s: layers applied out of the declared order: %v", name, origin)
			}
		}
	}
	for _, tc := range []struct {
		name   string
		layers []string
	}{
		{"malloc", []string{"mem"}},
		{"abort", []string{"signal"}},
		{"longjmp", []string{"jmp-exit"}},
		{"printf", []string{"stdio", "output-only"}},
		{"scalbn", []string{"math", "libm-exact"}},
		{"fmin", []string{"math", "libm-exact"}},
		{"frexp", []string{"math", "libm-exact-out"}},
		{"remquo", []string{"math", "libm-exact-out"}},
		{"sin", []string{"math", "libm-uninterpreted"}},
		{"llvm.exp", []string{"math", "libm-uninterpreted"}},
		{"__floatsym_unsupported", []string{"crt-hooks"}},
	} {
		got := builtinOrigin[tc.name]
		if len(got) != len(tc.layers) {
			t.Errorf("%s: layers %v, want %v", tc.name, got, tc.layers)
			continue
		}
		for i := range got {
			if got[i] != tc.layers[i] {
				t.Errorf("%s: layers %v, want %v", tc.name, got, tc.layers)
				break
			}
		}
	}
}

// TestBuiltinRegisterOutsideLayer: a register call outside the registry
// (e.g. from a stray init) panics instead of silently joining the table.
func TestBuiltinRegisterOutsideLayer(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("register outside a layer did not panic")
		}
		delete(builtinTable, "floatsym_test_stray")
		delete(builtinOrigin, "floatsym_test_stray")
	}()
	register("floatsym_test_stray", 0, nil)
}
