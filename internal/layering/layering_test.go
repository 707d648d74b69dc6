package layering

import (
	"errors"
	"fmt"
	"go/build"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// layers ranks every package of the module (paths relative to the module
// root). A package may import packages of a lower layer; within a layer
// only the edges in sameLayer are allowed. The table was derived from the
// real import graph (go list -f '{{.Imports}}' ./...) and follows the
// design's data flow: supporting leaves, then the solver from its
// expressions up, memory, ir, scalarize, the executor, the tools around
// it, and the CLI on top.
//
// A new package needs a row here (a new solver backend under solver/ gets
// the backends' layer automatically). Moving a package down, or adding a
// same-layer edge, is a design decision: say why in the commit.
var layers = []struct {
	layer int
	pkgs  []string
}{
	// Leaves: no imports from the module.
	{0, []string{"internal/arith", "internal/atomicfile", "internal/arith/internal/hwref", "internal/version",
		"internal/crt", "internal/layering", "internal/flock", "internal/testtool", "solver/z3/internal/capi",
		// The solver's per-stage counters, shared by solver and
		// internal/bench (which must not link the cgo solver).
		"solver/stagestats"}},
	// hostc → arith, cc → crt, flock, solvercmp → stagestats, ktest →
	// atomicfile (tests are written by rename), libbc → flock.
	// plotstyle → atomicfile (charts are written by rename).
	{1, []string{"internal/hostc", "internal/cc", "internal/solvercmp", "internal/ktest", "internal/libbc",
		"internal/plotstyle"}},
	// runstats (run.stats: SQLite, klee-stats tables, plots) → atomicfile,
	// plotstyle; the CLI feeds it the executor's samples, so it imports
	// neither the executor nor the solver.
	// muslbc (musl as bitcode for run --libc=musl-bitcode) → libbc.
	{2, []string{"solver/expr", "internal/runstats", "internal/muslbc"}},
	{3, []string{"solver/*"}}, // the backends and stages below the chain: z3, native, smtpipe
	{4, []string{"solver"}},
	{5, []string{"memory"}},
	{6, []string{"ir"}},
	{7, []string{"scalarize"}},
	// The prover reads the lowered IR; the CLI (and later the
	// executor) calls it.
	{8, []string{"absint"}},
	{9, []string{"executor"}},
	// libcmode (run --libc) → executor (the modelled names), cc, muslbc.
	{10, []string{"internal/replay", "internal/bench", "internal/outmerge", "internal/libcmode"}},
	{11, []string{"cmd/*", "benchmarks/tools/*", "scripts/*", "internal/hostile"}},
}

// sameLayer lists the allowed imports between packages of one layer.
var sameLayer = map[[2]string]bool{
	{"internal/bench", "internal/replay"}: true, // a bench run validates reports by native replay
}

// layerOf returns the layer of pkg: an exact row, else the nearest
// "dir/*" row above it.
func layerOf(pkg string) (int, bool) {
	for _, l := range layers {
		for _, p := range l.pkgs {
			if p == pkg {
				return l.layer, true
			}
		}
	}
	best, found, bestLen := 0, false, -1
	for _, l := range layers {
		for _, p := range l.pkgs {
			dir, ok := strings.CutSuffix(p, "/*")
			if ok && strings.HasPrefix(pkg, dir+"/") && len(dir) > bestLen {
				best, found, bestLen = l.layer, true, len(dir)
			}
		}
	}
	return best, found
}

// pkgInfo is what the test needs of one package.
type pkgInfo struct {
	imports []string // module-relative paths of module imports (not tests)
	doc     string
}

// modulePackages parses every package of the module with go/build (no go
// command needed): its non-test imports within the module and its doc.
func modulePackages(t *testing.T) map[string]pkgInfo {
	t.Helper()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	module := ""
	for _, l := range strings.Split(string(gomod), "\n") {
		if m, ok := strings.CutPrefix(l, "module "); ok {
			module = strings.TrimSpace(m)
		}
	}
	if module == "" {
		t.Fatal("no module line in go.mod")
	}
	ctx := build.Default
	ctx.CgoEnabled = true
	pkgs := map[string]pkgInfo{}
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != root && (name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		bp, err := ctx.ImportDir(path, build.ImportComment)
		var noGo *build.NoGoError
		if errors.As(err, &noGo) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		rel, _ := filepath.Rel(root, path)
		info := pkgInfo{doc: bp.Doc}
		for _, imp := range bp.Imports {
			if r, ok := strings.CutPrefix(imp, module+"/"); ok {
				info.imports = append(info.imports, r)
			}
		}
		pkgs[filepath.ToSlash(rel)] = info
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) < 10 {
		t.Fatalf("found only %d packages under %s", len(pkgs), root)
	}
	return pkgs
}

// TestNoUpwardImports fails when a package imports one in its own or a
// higher layer (except the listed same-layer edges), or when a package has
// no layer.
func TestNoUpwardImports(t *testing.T) {
	pkgs := modulePackages(t)
	names := make([]string, 0, len(pkgs))
	for p := range pkgs {
		names = append(names, p)
	}
	sort.Strings(names)
	for _, p := range names {
		from, ok := layerOf(p)
		if !ok {
			t.Errorf("package %s has no layer: add it to the layers table in %s", p, "internal/layering/layering_test.go")
			continue
		}
		for _, imp := range pkgs[p].imports {
			to, ok := layerOf(imp)
			switch {
			case !ok:
				t.Errorf("%s imports %s, which has no layer", p, imp)
			case to > from:
				t.Errorf("%s (layer %d) imports %s (layer %d): upward import", p, from, imp, to)
			case to == from && !sameLayer[[2]string{p, imp}]:
				t.Errorf("%s imports %s of its own layer %d: not an allowed same-layer edge", p, imp, from)
			}
		}
		t.Logf("%s (layer %d) → %v", p, from, pkgs[p].imports)
	}
}

// TestPackageComments checks that every package says what it is for.
func TestPackageComments(t *testing.T) {
	for p, info := range modulePackages(t) {
		if info.doc == "" {
			t.Errorf("package %s has no package comment", p)
		}
	}
}

// TestLayerTable checks the table itself: every package in one layer
// only, and every same-layer edge really within one layer.
func TestLayerTable(t *testing.T) {
	seen := map[string]int{}
	for _, l := range layers {
		for _, p := range l.pkgs {
			if prev, dup := seen[p]; dup {
				t.Errorf("%s in layers %d and %d", p, prev, l.layer)
			}
			seen[p] = l.layer
		}
	}
	for e := range sameLayer {
		a, okA := layerOf(e[0])
		b, okB := layerOf(e[1])
		if !okA || !okB || a != b {
			t.Errorf("same-layer edge %s → %s joins layers %d and %d", e[0], e[1], a, b)
		}
	}
	for _, c := range []struct {
		pkg   string
		layer int
	}{
		{"solver/z3", 3}, {"solver/native", 3}, {"solver/z3/internal/capi", 0}, {"solver/stagestats", 0}, {"solver", 4},
		{"cmd/floatsym", 11}, {"internal/arith", 0},
	} {
		if got, ok := layerOf(c.pkg); !ok || got != c.layer {
			t.Errorf("layerOf(%s) = %d, %v; want %d", c.pkg, got, ok, c.layer)
		}
	}
}
