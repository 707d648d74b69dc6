package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/floatsym/floatsym/internal/libbc"
)

// The surveyed Debian source packages (bookworm), each built to bitcode
// with internal/libbc as `floatsym lib` builds a library: its own
// configure/make under clang-14 -flto. KeepGoing where make fails only in
// a part that is not the program (manual pages needing asciidoc or
// makeinfo, which a bitcode survey does not need).
//
// Tried and left out (2026-11-26): libnova, erfa, libsamplerate (their
// Debian sources have no configure: Debian runs autoreconf, and autoconf
// is not installed), qhull (its Makefile's default target builds
// nothing), bwbasic, cddlib, datamash (their Debian tarballs were not on
// the mirror: apt-get source failed with 404).
var surveyPackages = []libbc.Spec{
	{Name: "spline", Debian: "spline", MakeArgs: []string{"all", "aspline.o"}}, // aspline.c is compiled and linked in one step: its object too
	{Name: "ent", Debian: "ent", KeepGoing: true},
	{Name: "units", Debian: "units", KeepGoing: true},
	// bc and dc share a tree but not their globals: one program each.
	{Name: "bc", Debian: "bc", KeepGoing: true, SkipDirs: []string{"dc"}},
	{Name: "dc", Debian: "bc", KeepGoing: true, SkipDirs: []string{"bc"}},
	{Name: "mawk", Debian: "mawk", KeepGoing: true},
	{Name: "ministat", Debian: "ministat", KeepGoing: true, MakeArgs: []string{"all", "ministat.o"}, NoLibrary: true},
	{Name: "cjson", Debian: "cjson", KeepGoing: true},
	{Name: "libtommath", Debian: "libtommath", KeepGoing: true},
	{Name: "glpk", Debian: "glpk", KeepGoing: true},
}

// surveyPackage is one built package: its version and the survey
// arguments (NAME=SRC,lib:MODULE) of each program it has.
type surveyPackage struct {
	name, version, status string
	programs              []string // NAME=OBJ,lib:MODULE
}

// buildPackages builds the named packages (all when names is empty) and
// returns what to survey. A package whose build fails is kept with its
// reason: the report lists it as not surveyed.
func buildPackages(ctx context.Context, names []string, progress io.Writer) []surveyPackage {
	var out []surveyPackage
	for _, spec := range surveyPackages {
		if len(names) > 0 && !contains(names, spec.Name) {
			continue
		}
		p := surveyPackage{name: spec.Name, version: "—"}
		lib, err := libbc.Build(ctx, spec, libbc.Options{Jobs: 2, Progress: progress})
		if err != nil {
			p.status = "build failed: " + oneLine(err.Error())
			out = append(out, p)
			continue
		}
		p.version = lib.Version
		mod := lib.Module
		progs, err := programObjects(ctx, filepath.Join(lib.Dir, "src"), spec.SkipDirs)
		if err != nil {
			p.status = "programs not found: " + oneLine(err.Error())
			out = append(out, p)
			continue
		}
		if len(progs) == 0 {
			p.status = "library objects only"
			p.programs = append(p.programs, spec.Name+"="+mod)
		} else {
			var ns []string
			for _, o := range progs {
				n := strings.TrimSuffix(filepath.Base(o), ".o")
				if n == "main" { // bc's, mawk's main.o: the package names the program
					n = spec.Name
				}
				ns = append(ns, n)
				p.programs = append(p.programs, spec.Name+"/"+n+"="+o+",lib:"+mod)
			}
			p.status = "programs: " + strings.Join(ns, ", ")
		}
		out = append(out, p)
	}
	return out
}

// programObjects lists the bitcode objects under tree that define main
// (internal/libbc leaves them out of the library module).
func programObjects(ctx context.Context, tree string, skip []string) ([]string, error) {
	var objs []string
	err := filepath.WalkDir(tree, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".libs" || d.Name() == ".deps") {
			return filepath.SkipDir
		}
		if rel, _ := filepath.Rel(tree, path); d.IsDir() && contains(skip, rel) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".o") {
			objs = append(objs, path)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var progs []string
	for _, o := range objs {
		out, err := exec.CommandContext(ctx, libbc.Nm, "--defined-only", o).Output()
		if err != nil {
			continue // not bitcode (a native object of a build tool)
		}
		for _, l := range bytes.Split(out, []byte("\n")) {
			f := strings.Fields(string(l))
			if len(f) >= 2 && f[len(f)-1] == "main" && (f[len(f)-2] == "T" || f[len(f)-2] == "t") {
				progs = append(progs, o)
				break
			}
		}
	}
	sort.Strings(progs)
	return progs, nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func oneLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

// printVersions writes the packages table of the report.
func printVersions(w io.Writer, pkgs []surveyPackage) {
	fmt.Fprintf(w, "| package | Debian version | module |\n| --- | --- | --- |\n")
	for _, p := range pkgs {
		fmt.Fprintf(w, "| %s | %s | %s |\n", p.name, p.version, p.status)
	}
	fmt.Fprintln(w)
}
