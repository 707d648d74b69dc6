package main

import (
	"bufio"
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

// The base decision (docs/architecture.md, "C library"): for each program,
// the C library surface it needs (the symbols its object and the library
// code it reaches leave undefined) and how much of it floatsym's own C
// library and models cover against how much musl defines (the symbol list
// of Debian's musl-dev libc.a, -musl FILE).

// surfaceRow is one program's line of the comparison.
type surfaceRow struct {
	name           string
	need           int
	floatsym, musl int
	floatsymOnly   []string // covered by floatsym, not musl (glibc names)
	muslOnly       []string // defined by musl, missing in floatsym
	neither        []string
}

// loadSymbols reads one symbol a line.
func loadSymbols(path string) (map[string]bool, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	syms := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if s := strings.TrimSpace(sc.Text()); s != "" {
			syms[s] = true
		}
	}
	return syms, sc.Err()
}

// surface lists what the program's bitcode objects and libraries leave
// undefined, linked as floatsym links them (--only-needed libraries) but
// without any C library.
func surface(ctx context.Context, srcs, libs []string) ([]string, error) {
	var objs []string
	for _, s := range srcs {
		if strings.HasPrefix(s, "lib:") {
			libs = append(libs[:len(libs):len(libs)], strings.TrimPrefix(s, "lib:"))
			continue
		}
		if !strings.HasSuffix(s, ".o") && !strings.HasSuffix(s, ".bc") {
			return nil, fmt.Errorf("%s: only bitcode objects and modules are measured", s)
		}
		objs = append(objs, s)
	}
	dir, err := os.MkdirTemp("", "libcsurface-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	out := filepath.Join(dir, "prog.bc")
	args := append([]string{"-o", out}, objs...)
	if len(libs) > 0 {
		args = append(append(args, "--only-needed"), libs...)
	}
	if b, err := exec.CommandContext(ctx, libbc.Link, args...).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("%s: %v: %s", libbc.Link, err, firstLine(string(b)))
	}
	b, err := exec.CommandContext(ctx, libbc.Nm, "--undefined-only", "--just-symbol-name", out).Output()
	if err != nil {
		return nil, fmt.Errorf("%s: %v", libbc.Nm, err)
	}
	var syms []string
	for _, l := range strings.Split(string(b), "\n") {
		if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "llvm.") {
			syms = append(syms, l)
		}
	}
	sort.Strings(syms)
	return syms, nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// compareRow counts one program's surface against both bases; missing
// are the names floatsym lacks (the survey's own result for it).
func compareRow(name string, need []string, missing []string, musl map[string]bool) surfaceRow {
	miss := map[string]bool{}
	for _, m := range missing {
		miss[m] = true
	}
	r := surfaceRow{name: name, need: len(need)}
	for _, s := range need {
		fs, ms := !miss[s], musl[s]
		if fs {
			r.floatsym++
		}
		if ms {
			r.musl++
		}
		switch {
		case fs && !ms:
			r.floatsymOnly = append(r.floatsymOnly, s)
		case !fs && ms:
			r.muslOnly = append(r.muslOnly, s)
		case !fs && !ms:
			r.neither = append(r.neither, s)
		}
	}
	return r
}

func printComparison(w io.Writer, rows []surfaceRow) {
	if len(rows) == 0 {
		return
	}
	fmt.Fprintf(w, "### floatsym's C library against musl 1.2.3\n\n")
	fmt.Fprintf(w, "Per program: the C library surface it needs (symbols its object and the library code it reaches leave undefined), how many floatsym defines or models, how many Debian's musl 1.2.3 libc.a defines, and the names only one of them has.\n\n")
	fmt.Fprintf(w, "| program | needs | floatsym | musl | only floatsym | only musl | neither |\n| --- | --- | --- | --- | --- | --- | --- |\n")
	tn, tf, tm := 0, 0, 0
	for _, r := range rows {
		tn += r.need
		tf += r.floatsym
		tm += r.musl
		fmt.Fprintf(w, "| %s | %d | %d | %d | %s | %s | %s |\n", r.name, r.need, r.floatsym, r.musl,
			strings.Join(r.floatsymOnly, ", "), strings.Join(r.muslOnly, ", "), strings.Join(r.neither, ", "))
	}
	fmt.Fprintf(w, "| total | %d | %d | %d | | | |\n\n", tn, tf, tm)
}
