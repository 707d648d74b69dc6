// Package cc drives clang-14 and llvm-link-14: it turns C sources (or
// existing .ll/.bc files) into the single .ll module floatsym executes,
// with floatsym's headers on the include path and floatsym's own small C
// library (crt/libc) linked in for the functions the program needs.
//
// It may import internal/crt and internal/flock only.
package cc

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/floatsym/floatsym/internal/crt"
	"github.com/floatsym/floatsym/internal/flock"
	"github.com/sirupsen/logrus"
)

// Tool names; floatsym works with LLVM 14 only (llir/llvm parses its typed
// pointers; clang-15+ emits opaque pointers).
const (
	Clang = "clang-14"
	Link  = "llvm-link-14"
)

// DefaultCFlags keep the program as written (-O0), with debug locations,
// while still letting the IR be optimised by later passes if wanted.
var DefaultCFlags = []string{"-O0", "-g", "-Xclang", "-disable-O0-optnone"}

// Options describe one compilation.
type Options struct {
	Sources []string // .c, .ll or .bc files
	CFlags  []string // nil: DefaultCFlags
	Defines []string // NAME or NAME=VALUE, passed as -D
	Std     string   // e.g. "c99"; empty: clang's default
	// OutDir receives the intermediate and final .ll files.
	OutDir string
	// NoLibc skips linking floatsym's C library.
	NoLibc bool
	// IncludeDirs are added to the include path (libraries' headers).
	IncludeDirs []string
	// Libraries are bitcode modules (package libbc) linked after the
	// program with --only-needed: only what the program reaches is kept.
	Libraries []string
	// LibcSources, when set, names the files of floatsym's C library
	// (e.g. "strtod.c") linked instead of all of them; AfterLibc are
	// modules linked --only-needed after it (run --libc=musl-bitcode:
	// floatsym's FP parsing, then musl's bitcode).
	LibcSources []string
	// Libc, when set, is floatsym's C library already compiled (what
	// LibcFiles returned for LibcSources), so it is not looked up again.
	Libc      string
	AfterLibc []string
	// PostLink rewrites the linked module in place (nil: nothing).
	PostLink func(module string) error
	Log      *logrus.Entry
}

// Result names the compiled module and the files that came from
// floatsym's runtime (errors inside them are attributed to the caller).
type Result struct {
	Module     string
	RuntimeDir string
	Commands   [][]string
}

func (o *Options) log() *logrus.Entry {
	if o.Log != nil {
		return o.Log
	}
	return logrus.NewEntry(logrus.StandardLogger())
}

// RuntimePaths materializes floatsym's headers and C library in the
// per-user cache and returns where they are.
func RuntimePaths() (crt.Paths, error) {
	return crt.Materialize(crt.DefaultDir())
}

func run(ctx context.Context, o *Options, res *Result, args ...string) error {
	o.log().WithField("cmd", strings.Join(args, " ")).Info("running")
	res.Commands = append(res.Commands, args)
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		if _, lookErr := exec.LookPath(args[0]); lookErr != nil {
			return fmt.Errorf("%s not found: install it (make deps / scripts/install-deps.sh)", args[0])
		}
		o.log().WithField("output", string(out)).Info(args[0] + " failed")
		msg := firstError(string(out), args[0]+" failed: "+err.Error())
		if strings.Contains(string(out), "ptr type is only supported in -opaque-pointers mode") {
			msg += " (this .ll uses opaque pointers (ptr), which LLVM 14 does not read: compile the C with clang-14, or give floatsym the .c file)"
		}
		return fmt.Errorf("%s", msg)
	}
	return nil
}

// firstError picks the first diagnostic line ("file:line:col: error: ...")
// of a tool's output, so a failed compile is one clear line; the whole
// output goes to the log.
func firstError(out, fallback string) string {
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "error:") {
			l = strings.TrimSpace(l)
			for _, p := range []string{Link + ": ", Clang + ": "} {
				l = strings.TrimPrefix(l, p)
			}
			return l
		}
	}
	return fallback
}

// FixedCFlags are always passed after the user's flags. Position-dependent
// code keeps -O2 from turning pointer tables into relative lookup tables
// (32-bit differences of addresses, which floatsym's object-ID addresses
// cannot represent). It does not change what the program computes. The
// vectorizers stay on: package scalarize runs the vector code clang
// builds.
var FixedCFlags = []string{"-fno-pic", "-fno-pie"}

// CompileArgs returns the clang command line for one C source.
func CompileArgs(src, out string, o *Options, include string) []string {
	args := []string{Clang, "-S", "-emit-llvm"}
	flags := o.CFlags
	if flags == nil {
		flags = DefaultCFlags
	}
	args = append(args, flags...)
	args = append(args, FixedCFlags...)
	if o.Std != "" {
		args = append(args, "-std="+o.Std)
	}
	for _, d := range o.Defines {
		args = append(args, "-D"+d)
	}
	if include != "" {
		args = append(args, "-I", include)
	}
	for _, d := range o.IncludeDirs {
		args = append(args, "-I", d)
	}
	return append(args, "-o", out, src)
}

// CompileProgram compiles and links the sources into one .ll module.
func CompileProgram(ctx context.Context, o Options) (*Result, error) {
	if len(o.Sources) == 0 {
		return nil, fmt.Errorf("no input files")
	}
	if err := os.MkdirAll(o.OutDir, 0o755); err != nil {
		return nil, err
	}
	paths, err := RuntimePaths()
	if err != nil {
		return nil, fmt.Errorf("floatsym runtime: %w", err)
	}
	root := filepath.Dir(paths.IncludeDir)
	res := &Result{RuntimeDir: root}
	var lls []string
	for i, src := range o.Sources {
		if _, err := os.Stat(src); err != nil {
			return nil, fmt.Errorf("input: %w", err)
		}
		switch filepath.Ext(src) {
		case ".ll", ".bc":
			lls = append(lls, src)
		case ".c", ".i":
			out := filepath.Join(o.OutDir, fmt.Sprintf("%d-%s.ll", i, strings.TrimSuffix(filepath.Base(src), filepath.Ext(src))))
			if err := run(ctx, &o, res, CompileArgs(src, out, &o, paths.IncludeDir)...); err != nil {
				return nil, fmt.Errorf("compiling %s: %w", src, err)
			}
			lls = append(lls, out)
		default:
			return nil, fmt.Errorf("%s: unsupported input (want .c, .ll or .bc)", src)
		}
	}
	final := filepath.Join(o.OutDir, "assembly.ll")
	if len(lls) > 1 {
		// The program is linked whole first: llvm-link-14 applies
		// --only-needed to every file after the first, whatever its
		// place on the command line, so a definition in one program file
		// that only a later file uses would be dropped (mawk's
		// mawk_state: 36 of its 326 functions were linked).
		prog := filepath.Join(o.OutDir, "program.ll")
		if err := run(ctx, &o, res, append([]string{Link, "-S", "-o", prog}, lls...)...); err != nil {
			return nil, fmt.Errorf("linking: %w", err)
		}
		lls = []string{prog}
	}
	args := append([]string{Link, "-S", "-o", final}, lls...)
	if len(o.Libraries) > 0 {
		args = append(append(args, "--only-needed"), o.Libraries...)
	}
	if !o.NoLibc {
		lib := o.Libc
		if lib == "" {
			var err error
			if lib, err = LibcFiles(ctx, root, o.LibcSources, o.log()); err != nil {
				return nil, err
			}
		}
		if lib != "" {
			// The program (one file by now) is linked whole, the
			// library only for what the program needs.
			if len(o.Libraries) == 0 {
				args = append(args, "--only-needed")
			}
			args = append(args, lib)
		}
	}
	if len(o.AfterLibc) > 0 {
		// llvm-link takes --only-needed once; it applies to every file
		// after it.
		if len(o.Libraries) == 0 && (o.NoLibc || !slicesContain(args, "--only-needed")) {
			args = append(args, "--only-needed")
		}
		args = append(args, o.AfterLibc...)
	}
	if err := run(ctx, &o, res, args...); err != nil {
		return nil, fmt.Errorf("linking: %w", err)
	}
	if o.PostLink != nil {
		if err := o.PostLink(final); err != nil {
			return nil, fmt.Errorf("linking: %w", err)
		}
	}
	res.Module = final
	return res, nil
}

func slicesContain(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

var libcMu sync.Mutex

// Libc compiles floatsym's C library to one bitcode module, cached next
// to the materialized sources by a hash of their contents (LibcListing
// names its textual form).
func Libc(ctx context.Context, root string, log *logrus.Entry) (string, error) {
	return LibcFiles(ctx, root, nil, log)
}

// LibcFiles is Libc for the named files of the library (nil: all).
func LibcFiles(ctx context.Context, root string, only []string, log *logrus.Entry) (string, error) {
	srcs, _ := filepath.Glob(filepath.Join(root, "libc", "*.c"))
	if only != nil {
		var kept []string
		for _, s := range srcs {
			for _, o := range only {
				if filepath.Base(s) == o {
					kept = append(kept, s)
				}
			}
		}
		if len(kept) != len(only) {
			return "", fmt.Errorf("floatsym libc: files %v: only %d of them exist", only, len(kept))
		}
		srcs = kept
	}
	if len(srcs) == 0 {
		return "", nil
	}
	libcMu.Lock()
	defer libcMu.Unlock()
	sort.Strings(srcs)
	h := sha256.New()
	for _, s := range srcs {
		b, err := os.ReadFile(s)
		if err != nil {
			return "", err
		}
		h.Write([]byte(s))
		h.Write(b)
	}
	// The module is kept as bitcode: every compilation links it, and
	// llvm-link-14 reads the bitcode in half the time of the text (0.14
	// against 0.28 CPU-s for a small program on the project's machine,
	// the same linked module). The text beside it is its listing.
	out := filepath.Join(filepath.Dir(srcs[0]), "libc-"+hex.EncodeToString(h.Sum(nil))[:16]+".bc")
	if _, err := os.Stat(out); err == nil {
		return out, nil
	}
	// Other floatsym processes starting on a cold cache wait for one
	// compilation instead of repeating it (the rename below keeps the file
	// whole either way).
	unlock, err := flock.Lock(out + ".lock")
	if err != nil {
		return "", fmt.Errorf("floatsym libc cache: %w", err)
	}
	defer unlock()
	if _, err := os.Stat(out); err == nil {
		return out, nil
	}
	tmp, err := os.MkdirTemp(filepath.Dir(out), "build-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	o := &Options{Log: log}
	res := &Result{}
	var lls []string
	for i, s := range srcs {
		ll := filepath.Join(tmp, fmt.Sprintf("%d.ll", i))
		args := []string{Clang, "-S", "-emit-llvm", "-O1", "-g", "-fno-builtin", "-ffreestanding", "-o", ll, s}
		if err := run(ctx, o, res, args...); err != nil {
			return "", fmt.Errorf("compiling floatsym libc %s: %w", s, err)
		}
		lls = append(lls, ll)
	}
	text := filepath.Join(tmp, "libc.ll")
	if err := run(ctx, o, res, append([]string{Link, "-S", "-o", text}, lls...)...); err != nil {
		return "", fmt.Errorf("linking floatsym libc: %w", err)
	}
	bc := filepath.Join(tmp, "libc.bc")
	if err := run(ctx, o, res, Link, "-o", bc, text); err != nil {
		return "", fmt.Errorf("linking floatsym libc: %w", err)
	}
	// The listing first: a module's presence means both are there.
	if err := os.Rename(text, LibcListing(out)); err != nil {
		return "", err
	}
	if err := os.Rename(bc, out); err != nil {
		return "", err
	}
	return out, nil
}

// LibcListing is the textual (.ll) form of the module Libc or LibcFiles
// returned.
func LibcListing(module string) string {
	return strings.TrimSuffix(module, filepath.Ext(module)) + ".ll"
}
