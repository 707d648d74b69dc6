package libcmode

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Aliases are resolved to their aliasees (directly, through a bitcast,
// through a chain), whole names only; renames reach the model's name and
// drop a second declaration.
func TestResolveAliases(t *testing.T) {
	cases := []struct {
		name, in   string
		renames    map[string]string
		want, gone []string
		n          int
	}{
		{
			name: "direct and chain",
			in: `@stpcpy = weak dso_local alias i8* (i8*, i8*), i8* (i8*, i8*)* @__stpcpy
@stpcpy2 = weak alias i8* (i8*, i8*), i8* (i8*, i8*)* @stpcpy
define i8* @__stpcpy(i8* %a, i8* %b) {
  ret i8* %a
}
define i32 @main() {
  %1 = call i8* @stpcpy(i8* null, i8* null)
  %2 = call i8* @stpcpy2(i8* null, i8* null)
  %3 = call i8* @stpcpyx(i8* null, i8* null)
  ret i32 0
}`,
			want: []string{"%1 = call i8* @__stpcpy(", "%2 = call i8* @__stpcpy(", "@stpcpyx("},
			gone: []string{" alias "},
			n:    2,
		},
		{
			name: "bitcast aliasee",
			in: `@environ = weak alias i8**, i8*** bitcast (i8** @__environ to i8***)
@__environ = global i8* null
define i32 @main() {
  %1 = load i8**, i8*** @environ
  ret i32 0
}`,
			want: []string{"load i8**, i8*** bitcast (i8** @__environ to i8***)"},
			gone: []string{"@environ = "},
			n:    1,
		},
		{
			name: "rename to the model",
			in: `declare i32* @___errno_location()
declare i32* @__errno_location()
define i32 @main() {
  %1 = call i32* @___errno_location()
  %2 = call i32* @__errno_location()
  ret i32 0
}`,
			renames: map[string]string{"___errno_location": "__errno_location"},
			want:    []string{"%1 = call i32* @__errno_location()", "declare i32* @__errno_location()"},
			gone:    []string{"@___errno_location"},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "m.ll")
			if err := os.WriteFile(p, []byte(c.in), 0o644); err != nil {
				t.Fatal(err)
			}
			n, err := resolveAliases(p)
			if err != nil || n != c.n {
				t.Fatalf("resolveAliases = %d, %v; want %d", n, err, c.n)
			}
			if _, err := renameToModels(p, c.renames); err != nil {
				t.Fatal(err)
			}
			b, _ := os.ReadFile(p)
			out := string(b)
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("missing %q in\n%s", w, out)
				}
			}
			for _, g := range c.gone {
				if strings.Contains(out, g) {
					t.Errorf("%q still in\n%s", g, out)
				}
			}
			if strings.Count(out, "declare i32* @__errno_location()") > 1 {
				t.Errorf("two declarations of the model:\n%s", out)
			}
		})
	}
}
