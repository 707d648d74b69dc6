// Command libcsurvey measures the C library surface real programs need:
// for each program (C sources, optionally with library bitcode from
// internal/libbc) it compiles and links the program as floatsym run does
// (floatsym's C library included), and lists every external function and
// global the linked module references that floatsym neither defines nor
// models. It prints one Markdown section per program and a table of the
// missing names by how many programs need them.
//
// Usage:
//
//	libcsurvey [-lib MODULE.bc]... NAME=SRC[,SRC...] ...
//	libcsurvey -packages all|PKG,PKG...
//
// -packages builds the surveyed Debian source packages (packages.go) to
// bitcode with internal/libbc and surveys every program of each (its
// object defining main, linked with the package's library module).
//
// A SRC may be a .c, .ll or .bc file, a bitcode .o of an -flto build
// (a program's object defining main, which internal/libbc leaves out of
// the library module), or lib:MODULE.bc, a library linked for this
// program only (as -lib is for all).
//
// scripts/libc-survey.sh runs it over the surveyed programs (make
// libc-survey) and writes docs/libc-survey.md.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/sirupsen/logrus"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/internal/libcmode"
	"github.com/floatsym/floatsym/scalarize"
)

// libcFlag is -libc: the C library linked (libcmode).
var libcFlag *string

type libList []string

func (l *libList) String() string     { return strings.Join(*l, ",") }
func (l *libList) Set(s string) error { *l = append(*l, s); return nil }

func main() {
	var libs, incs libList
	flag.Var(&libs, "lib", "library bitcode module to link (repeatable)")
	flag.Var(&incs, "I", "include directory (repeatable)")
	muslSyms := flag.String("musl", "", "file of musl's defined symbols (one a line): compare each program's surface with musl")
	libcFlag = flag.String("libc", libcmode.Floatsym, "C library the programs are linked with, as floatsym run --libc (floatsym, musl-bitcode)")
	pkgs := flag.String("packages", "", "build these surveyed Debian packages (comma-separated, or 'all') and survey their programs")
	flag.Parse()
	log := logrus.New()
	log.SetLevel(logrus.WarnLevel)
	args := flag.Args()
	if *pkgs != "" {
		var names []string
		if *pkgs != "all" {
			names = strings.Split(*pkgs, ",")
		}
		built := buildPackages(context.Background(), names, os.Stderr)
		printVersions(os.Stdout, built)
		for _, p := range built {
			args = append(args, p.programs...)
		}
	}
	var musl map[string]bool
	if *muslSyms != "" {
		var err error
		if musl, err = loadSymbols(*muslSyms); err != nil {
			fmt.Fprintf(os.Stderr, "libcsurvey: -musl: %v\n", err)
			os.Exit(2)
		}
	}
	var rows []surfaceRow
	need := map[string][]string{}
	failed := 0
	for _, arg := range args {
		name, srcs, ok := strings.Cut(arg, "=")
		if !ok {
			fmt.Fprintf(os.Stderr, "libcsurvey: %q is not NAME=SRC[,SRC...]\n", arg)
			os.Exit(2)
		}
		funcs, globals, err := survey(strings.Split(srcs, ","), libs, incs, logrus.NewEntry(log))
		fmt.Printf("### %s\n\n", name)
		var le *loadError
		if errors.As(err, &le) {
			fmt.Printf("surveyed from the linked text; floatsym does not run it yet: %v\n\n", le.err)
			err = nil
		}
		if err != nil {
			failed++
			fmt.Printf("not surveyed: %v\n\n", err)
			continue
		}
		if len(funcs)+len(globals) == 0 {
			fmt.Printf("nothing missing\n\n")
		}
		for _, f := range funcs {
			need["function "+f] = append(need["function "+f], name)
		}
		for _, g := range globals {
			need["global "+g] = append(need["global "+g], name)
		}
		if len(funcs) > 0 {
			fmt.Printf("functions: %s\n\n", strings.Join(funcs, ", "))
		}
		if musl != nil {
			if surf, err := surface(context.Background(), strings.Split(srcs, ","), libs); err != nil {
				fmt.Printf("surface not measured: %v\n\n", err)
			} else {
				rows = append(rows, compareRow(name, surf, append(append([]string{}, funcs...), globals...), musl))
			}
		}
		if len(globals) > 0 {
			fmt.Printf("globals: %s\n\n", strings.Join(globals, ", "))
		}
	}
	names := make([]string, 0, len(need))
	for n := range need {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		if len(need[names[i]]) != len(need[names[j]]) {
			return len(need[names[i]]) > len(need[names[j]])
		}
		return names[i] < names[j]
	})
	fmt.Printf("### Missing, by how many programs need it\n\n")
	fmt.Printf("%d missing names\n\n", len(names))
	if len(names) > 0 {
		fmt.Printf("| name | programs |\n| --- | --- |\n")
		for _, n := range names {
			fmt.Printf("| `%s` | %s |\n", n, strings.Join(need[n], ", "))
		}
	}
	printComparison(os.Stdout, rows)
	if failed > 0 {
		os.Exit(1)
	}
}

func survey(srcs, libs, incs []string, log *logrus.Entry) (funcs, globals []string, err error) {
	dir, err := os.MkdirTemp("", "libcsurvey-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(dir)
	// "lib:MODULE.bc" links a library module of this program only.
	var own []string
	for _, s := range srcs {
		if m, ok := strings.CutPrefix(s, "lib:"); ok {
			libs = append(libs[:len(libs):len(libs)], m)
			continue
		}
		own = append(own, s)
	}
	srcs = own
	for i, s := range srcs {
		if srcs[i], err = filepath.Abs(s); err != nil {
			return nil, nil, err
		}
		if strings.HasSuffix(s, ".o") {
			// a bitcode object of an -flto build (a program's main)
			bc := filepath.Join(dir, fmt.Sprintf("obj%d-%s.bc", i, strings.TrimSuffix(filepath.Base(s), ".o")))
			if err := os.Symlink(srcs[i], bc); err != nil {
				return nil, nil, err
			}
			srcs[i] = bc
		}
	}
	copts := cc.Options{Sources: srcs, OutDir: dir, Libraries: libs, IncludeDirs: incs, Log: log}
	if err := libcmode.Apply(context.Background(), *libcFlag, &copts, log); err != nil {
		return nil, nil, err
	}
	built, err := cc.CompileProgram(context.Background(), copts)
	if err != nil {
		return nil, nil, fmt.Errorf("compile: %w", err)
	}
	m, err := scalarize.LoadFiles(nil, built.Module)
	if err != nil {
		// floatsym cannot run the module (the error names the construct);
		// its external surface is still read from the linked text.
		decl, ext, rerr := declaredNames(built.Module)
		if rerr != nil {
			return nil, nil, fmt.Errorf("load: %w", err)
		}
		funcs, globals = executor.UnmodelledNames(decl, ext)
		return funcs, globals, &loadError{err}
	}
	funcs, globals = executor.Unmodelled(m)
	return funcs, globals, nil
}

// loadError: the module's surface was surveyed, but floatsym cannot load
// it (reported beside the survey, not as a missing function).
type loadError struct{ err error }

func (e *loadError) Error() string { return e.err.Error() }

var (
	declareRE = regexp.MustCompile(`(?m)^declare [^@]*@("?[^"(\s]+"?)\(`)
	externRE  = regexp.MustCompile(`(?m)^@("?[^"\s]+"?) = external (?:dso_local )?(?:global|constant) `)
)

// declaredNames reads the declared functions and external globals of a
// linked .ll module.
func declaredNames(ll string) (funcs, globals []string, err error) {
	b, err := os.ReadFile(ll)
	if err != nil {
		return nil, nil, err
	}
	for _, m := range declareRE.FindAllSubmatch(b, -1) {
		funcs = append(funcs, strings.Trim(string(m[1]), `"`))
	}
	for _, m := range externRE.FindAllSubmatch(b, -1) {
		globals = append(globals, strings.Trim(string(m[1]), `"`))
	}
	return funcs, globals, nil
}
