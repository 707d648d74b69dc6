package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestDocsListPackages: README's layout table and docs/architecture.md's
// package table list exactly the module's Go packages (and README's
// other rows name directories that exist); the subcommands the docs list
// are exactly the CLI's.
func TestDocsListPackages(t *testing.T) {
	root := filepath.Join("..", "..")
	pkgs := map[string]bool{}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && p != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "bin") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			rel, _ := filepath.Rel(root, filepath.Dir(p))
			pkgs[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	for _, doc := range []string{"README.md", "docs/architecture.md"} {
		listed := tableNames(t, filepath.Join(root, doc))
		for name := range listed {
			if fi, err := os.Stat(filepath.Join(root, name)); err != nil || !fi.IsDir() {
				t.Errorf("%s lists %s, which is not a directory of the repository", doc, name)
			}
		}
		for p := range pkgs {
			if !listed[p] {
				t.Errorf("%s's package table does not list package %s", doc, p)
			}
		}
	}

	cmds := map[string]bool{"run": true, "version": true}
	for _, c := range extraCommands {
		cmds[strings.Fields(c().Use)[0]] = true
	}
	var want []string
	for c := range cmds {
		want = append(want, c)
	}
	sort.Strings(want)
	for _, doc := range []string{"README.md", "docs/architecture.md"} {
		b, _ := os.ReadFile(filepath.Join(root, doc))
		m := regexp.MustCompile("(?m)^\\| `cmd/floatsym` \\| the CLI[^:]*: ([a-z, ]+) \\|$").FindSubmatch(b)
		if m == nil {
			t.Errorf("%s: no `cmd/floatsym` row listing the subcommands", doc)
			continue
		}
		got := strings.Split(string(m[1]), ", ")
		sort.Strings(got)
		if strings.Join(got, ",") != strings.Join(want, ",") {
			t.Errorf("%s lists subcommands %v, the CLI has %v", doc, got, want)
		}
	}
}

// tableNames reads the first cells of a markdown table headed
// "| package | job |": the backquoted names in them.
func tableNames(t *testing.T, path string) map[string]bool {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	in := false
	for _, l := range strings.Split(string(b), "\n") {
		switch {
		case strings.HasPrefix(l, "| package | job |"):
			in = true
		case in && !strings.HasPrefix(l, "|"):
			in = false
		case in:
			cell := strings.SplitN(strings.TrimPrefix(l, "|"), "|", 2)[0]
			for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(cell, -1) {
				names[m[1]] = true
			}
		}
	}
	if len(names) == 0 {
		t.Fatalf("%s: no package table", path)
	}
	return names
}
