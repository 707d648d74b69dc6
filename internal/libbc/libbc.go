// Package libbc builds C libraries from their source trees to LLVM bitcode
// with clang-14, so floatsym can execute a program together with the
// library code it calls.
//
// A library is built with its own build system: ./configure (when there
// is one) and make, with CC=clang-14 and -flto in CFLAGS, so every object
// file is LLVM bitcode, and llvm-ar-14/llvm-ranlib-14 as the archiver. The
// bitcode objects (those that define no main) are then linked into one
// module, lib.bc; a program is linked against it with llvm-link-14
// --only-needed, which keeps only the functions the program reaches. The
// result is cached under the user's cache directory
// (os.UserCacheDir()/floatsym/libs/<name>-<version>-<hash of the build
// recipe>), so a library is built once.
//
// Sources come from Debian source packages (apt-get source, see debian.go),
// a source tarball or a directory the user names.
package libbc

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/floatsym/floatsym/internal/flock"
	"github.com/sirupsen/logrus"
)

// Tools used to build libraries (LLVM 14 only, as the rest of floatsym).
const (
	Clang  = "clang-14"
	Link   = "llvm-link-14"
	Ar     = "llvm-ar-14"
	Ranlib = "llvm-ranlib-14"
	Nm     = "llvm-nm-14"
)

// recipeVersion changes when the way libraries are built changes, so old
// cache entries are not reused.
const recipeVersion = "1"

// DefaultCFlags build library code optimised as a library usually is, with
// debug locations (errors inside the library get file:line), and without
// FMA contraction so the bitcode computes what the natively built library
// (gcc, x86_64 SSE2) computes.
var DefaultCFlags = []string{"-O1", "-g", "-ffp-contract=off"}

// Spec describes how to build one library.
type Spec struct {
	// Name is the library's name (gsl, gmp, or the user's).
	Name string
	// Debian is the Debian source package providing the sources.
	Debian string
	// Source is a tarball or directory with the sources (instead of Debian).
	Source string
	// Version names the sources in the cache; for Debian packages it is
	// the package version, for a directory or tarball a hash of it when
	// empty.
	Version string
	// CFlags replace DefaultCFlags (-flto is always added).
	CFlags []string
	// Configure are extra ./configure arguments.
	Configure []string
	// MakeArgs are extra make arguments; KeepGoing runs make -k (a library
	// whose make fails in a part that is not the library, such as GSL's
	// documentation); Targets are made after the main make.
	MakeArgs  []string
	KeepGoing bool
	Targets   []string
	// Include lists the header directories relative to the source tree
	// (default: the tree's root, and include/ when it exists).
	Include []string
	// SkipDirs are directories of the tree whose objects are not part of
	// the library (test programs, tools).
	SkipDirs []string
	// NoLibrary allows a package of programs only (every object defines
	// main, as a one-file program's): the library module is then empty.
	NoLibrary bool
	// StubMakefiles are directories whose Makefile.in the sources lack
	// (Debian's dfsg tarballs drop documentation): a do-nothing one is
	// written so configure and make go through.
	StubMakefiles []string
	// NativeLDFlags link the natively built library for replay (e.g. -lgsl
	// -lgslcblas); NativeCFlags find its headers natively (the system's
	// -dev package needs none).
	NativeLDFlags []string
	NativeCFlags  []string
	// Prepare edits the unpacked sources before configure (e.g. musl's
	// arch headers replaced by plain C, package muslbc); PrepareKey names
	// what it does and enters the cache key.
	Prepare    func(tree string) error
	PrepareKey string
}

// Library is a built library.
type Library struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	// Module is the library's bitcode (all its objects linked together).
	Module string `json:"module"`
	// IncludeDirs hold its headers.
	IncludeDirs []string `json:"include_dirs"`
	// Objects counts the bitcode objects linked into Module.
	Objects int `json:"objects"`
	// BuildSeconds is how long the first build took.
	BuildSeconds float64 `json:"build_seconds"`
	// StepSeconds splits it by step (configure, make, ...) and CPUSeconds
	// is the CPU time (user + system) of the build's processes: the cost
	// that does not depend on the machine's load.
	StepSeconds   map[string]float64 `json:"step_seconds,omitempty"`
	CPUSeconds    float64            `json:"cpu_seconds,omitempty"`
	NativeLDFlags []string           `json:"native_ldflags"`
	NativeCFlags  []string           `json:"native_cflags"`
	// Dir is the library's cache directory.
	Dir string `json:"-"`
}

// SourceDirs are the directories the library's debug locations may name:
// its cache directory and the build directory it was renamed from
// (DIR.work, left as a link to DIR), whose name the debug info keeps.
func (l *Library) SourceDirs() []string {
	d := filepath.Dir(l.Module)
	return []string{d, d + ".work"}
}

// Options control a build.
type Options struct {
	// CacheDir is the root of the library cache (DefaultCacheDir() when
	// empty).
	CacheDir string
	// Jobs is make's -j (default: the number of CPUs, at most 4).
	Jobs int
	// Progress receives a line when a build starts and ends (nil: none).
	Progress io.Writer
	// Offline forbids fetching sources: only cached ones are used.
	Offline bool
	Log     *logrus.Entry
}

// DefaultCacheDir is os.UserCacheDir()/floatsym/libs.
func DefaultCacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	return filepath.Join(dir, "floatsym", "libs")
}

// BuildError is a failed library build: one line, with the log's path.
type BuildError struct {
	Library string
	Step    string
	Log     string
	Err     error
}

func (e *BuildError) Error() string {
	return fmt.Sprintf("building library %s failed at %s: %v (log: %s)", e.Library, e.Step, e.Err, e.Log)
}

func (e *BuildError) Unwrap() error { return e.Err }

func (o *Options) log() *logrus.Entry {
	if o.Log != nil {
		return o.Log
	}
	return logrus.NewEntry(logrus.StandardLogger())
}

// Build returns the library built from spec, building it first unless the
// cache has it.
func Build(ctx context.Context, spec Spec, opts Options) (*Library, error) {
	if opts.CacheDir == "" {
		opts.CacheDir = DefaultCacheDir()
	}
	if opts.Jobs <= 0 {
		opts.Jobs = min(runtime.NumCPU(), 4)
	}
	if err := os.MkdirAll(opts.CacheDir, 0o755); err != nil {
		return nil, fmt.Errorf("library cache: %w", err)
	}
	// One floatsym at a time fetches and builds a library: the lock is
	// taken before the sources are fetched, so runs starting together on a
	// cold cache fetch once and build once; the others wait and then find
	// the library in the cache.
	unlock, _, err := flock.LockWait(ctx, filepath.Join(opts.CacheDir, sanitize(spec.Name)+".lock"), func() {
		opts.progressf("floatsym: waiting for library %s: another floatsym is fetching or building it", spec.Name)
	})
	if err != nil {
		return nil, fmt.Errorf("library %s: cache: %w", spec.Name, err)
	}
	defer unlock()
	src, version, err := fetch(ctx, &spec, &opts)
	if err != nil {
		return nil, fmt.Errorf("library %s: %w", spec.Name, err)
	}
	dir := filepath.Join(opts.CacheDir, sanitize(spec.Name+"-"+version)+"-"+spec.key(version)[:12])
	if lib, err := loadManifest(dir); err == nil {
		return lib, nil
	}
	return build(ctx, &spec, &opts, src, version, dir)
}

// key hashes everything that decides the build's result.
func (s *Spec) key(version string) string {
	h := sha256.New()
	for _, p := range []string{recipeVersion, s.Name, version, s.Debian, s.Source, strings.Join(s.cflags(), " "),
		strings.Join(s.Configure, " "), strings.Join(s.MakeArgs, " "), fmt.Sprint(s.KeepGoing), strings.Join(s.Targets, " "),
		strings.Join(s.SkipDirs, " ")} {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	// Fields added later enter the hash only when set, so existing cache
	// entries keep their names.
	if s.NoLibrary {
		h.Write([]byte("nolibrary\x00"))
	}
	if len(s.StubMakefiles) > 0 {
		h.Write([]byte(strings.Join(s.StubMakefiles, " ")))
		h.Write([]byte{0})
	}
	if s.PrepareKey != "" {
		h.Write([]byte("prepare:" + s.PrepareKey + "\x00"))
	}
	return hex.EncodeToString(h.Sum(nil))
}

func (s *Spec) cflags() []string {
	fl := s.CFlags
	if fl == nil {
		fl = DefaultCFlags
	}
	return append([]string{"-flto"}, fl...)
}

func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_.+", r) {
			return r
		}
		return '_'
	}, s)
}

const manifestName = "manifest.json"

func loadManifest(dir string) (*Library, error) {
	b, err := os.ReadFile(filepath.Join(dir, manifestName))
	if err != nil {
		return nil, err
	}
	var lib Library
	if err := json.Unmarshal(b, &lib); err != nil {
		return nil, err
	}
	lib.Dir = dir
	lib.Module = filepath.Join(dir, lib.Module)
	for i, d := range lib.IncludeDirs {
		lib.IncludeDirs[i] = filepath.Join(dir, d)
	}
	if _, err := os.Stat(lib.Module); err != nil {
		return nil, err
	}
	return &lib, nil
}

// build runs the library's build system in a fresh copy of the sources.
func build(ctx context.Context, spec *Spec, opts *Options, src, version, dir string) (*Library, error) {
	start := time.Now()
	work := dir + ".work"
	os.RemoveAll(work) // a failed build's leftovers, or the link below
	os.Remove(work)
	if err := os.MkdirAll(work, 0o755); err != nil {
		return nil, err
	}
	logPath := filepath.Join(work, "build.log")
	logf, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	defer logf.Close()
	if opts.Progress != nil {
		fmt.Fprintf(opts.Progress, "floatsym: building library %s %s as LLVM bitcode (once; log: %s)\n", spec.Name, version, logPath)
	}
	fail := func(step string, err error) (*Library, error) {
		// Keep the log where the message says it is.
		return nil, &BuildError{Library: spec.Name, Step: step, Log: logPath, Err: err}
	}
	tree := filepath.Join(work, "src")
	if err := unpack(ctx, src, tree, logf); err != nil {
		return fail("unpacking the sources", err)
	}
	for _, d := range spec.StubMakefiles {
		in := filepath.Join(tree, d, "Makefile.in")
		if _, err := os.Stat(in); err == nil {
			continue
		}
		fmt.Fprintf(logf, "writing a do-nothing %s\n", in)
		if err := os.MkdirAll(filepath.Dir(in), 0o755); err != nil {
			return fail("preparing the sources", err)
		}
		if err := os.WriteFile(in, []byte("# written by floatsym: the sources lack this directory\n.DEFAULT:\n\t@:\nall:\n"), 0o644); err != nil {
			return fail("preparing the sources", err)
		}
	}
	if spec.Prepare != nil {
		fmt.Fprintf(logf, "preparing the sources (%s)\n", spec.PrepareKey)
		if err := spec.Prepare(tree); err != nil {
			return fail("preparing the sources", err)
		}
	}
	cflags := strings.Join(spec.cflags(), " ")
	tools := []string{"CC=" + Clang, "CFLAGS=" + cflags, "AR=" + Ar, "RANLIB=" + Ranlib, "NM=" + Nm}
	env := append(os.Environ(), tools...)
	steps, cpu := map[string]float64{}, 0.0
	step := func(name string, args ...string) error {
		t0 := time.Now()
		defer func() {
			steps[name] += time.Since(t0).Seconds()
		}()
		fmt.Fprintf(logf, "\n$ %s\n", strings.Join(args, " "))
		cmd := exec.CommandContext(ctx, args[0], args[1:]...)
		cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = tree, env, logf, logf
		// make's children die with it when the build is cancelled.
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
		err := cmd.Run()
		if ps := cmd.ProcessState; ps != nil {
			c := (ps.UserTime() + ps.SystemTime()).Seconds()
			cpu += c
			fmt.Fprintf(logf, "$ (%s: %.1fs wall, %.1fs CPU)\n", name, time.Since(t0).Seconds(), c)
		}
		return err
	}
	configured := false
	if _, err := os.Stat(filepath.Join(tree, "configure")); err == nil {
		configured = true
		args := append(append([]string{"./configure"}, tools...), "--disable-shared")
		args = append(args, spec.Configure...)
		if err := step("configure", args...); err != nil {
			return fail("configure", err)
		}
	}
	makeArgs := []string{"make", fmt.Sprintf("-j%d", opts.Jobs)}
	if spec.KeepGoing {
		makeArgs = append(makeArgs, "-k")
	}
	if !configured {
		// A plain Makefile: the tools go on make's command line.
		makeArgs = append(makeArgs, tools...)
	}
	makeArgs = append(makeArgs, spec.MakeArgs...)
	if err := step("make", makeArgs...); err != nil && !spec.KeepGoing {
		return fail("make", err)
	}
	for _, t := range spec.Targets {
		if err := step("make "+t, "make", t); err != nil {
			return fail("make "+t, err)
		}
	}
	objs, err := bitcodeObjects(ctx, tree, spec.SkipDirs)
	if err != nil {
		return fail("collecting objects", err)
	}
	if len(objs) == 0 && spec.NoLibrary {
		// An empty module: llvm-link reads an empty .ll as one.
		empty := filepath.Join(work, "empty.ll")
		if err := os.WriteFile(empty, nil, 0o644); err != nil {
			return fail("collecting objects", err)
		}
		objs = []string{empty}
	}
	if len(objs) == 0 {
		return fail("collecting objects", errors.New("the build produced no LLVM bitcode objects (does its Makefile honour CC and CFLAGS?)"))
	}
	fmt.Fprintf(logf, "\n%d bitcode objects\n", len(objs))
	module := filepath.Join(work, "lib.bc")
	if err := linkObjects(ctx, module, objs, logf); err != nil {
		return fail("linking the objects", err)
	}
	include := spec.Include
	if include == nil {
		include = []string{"."}
		if fi, err := os.Stat(filepath.Join(tree, "include")); err == nil && fi.IsDir() {
			include = append(include, "include")
		}
	}
	lib := &Library{Name: spec.Name, Version: version, Module: "lib.bc", Objects: len(objs),
		BuildSeconds: time.Since(start).Seconds(), StepSeconds: steps, CPUSeconds: cpu, NativeLDFlags: spec.NativeLDFlags, NativeCFlags: spec.NativeCFlags}
	for _, d := range include {
		lib.IncludeDirs = append(lib.IncludeDirs, filepath.Join("src", d))
	}
	b, _ := json.MarshalIndent(lib, "", "  ")
	if err := os.WriteFile(filepath.Join(work, manifestName), b, 0o644); err != nil {
		return nil, err
	}
	logf.Close()
	os.RemoveAll(dir)
	if err := os.Rename(work, dir); err != nil {
		return nil, err
	}
	// The debug locations name the build directory: keep that name valid,
	// so errors inside the library point at its sources.
	if err := os.Symlink(filepath.Base(dir), work); err != nil {
		opts.log().WithError(err).Warn("library build directory link")
	}
	if opts.Progress != nil {
		fmt.Fprintf(opts.Progress, "floatsym: built library %s %s: %d objects in %.0fs (%.0fs CPU)\n", spec.Name, version, len(objs), time.Since(start).Seconds(), cpu)
	}
	return loadManifest(dir)
}

// bitcodeObjects lists the tree's LLVM bitcode object files, except those
// defining main (programs, not library code) and those in skipped
// directories, sorted.
func bitcodeObjects(ctx context.Context, tree string, skip []string) ([]string, error) {
	var objs []string
	err := filepath.WalkDir(tree, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(tree, path)
		if d.IsDir() {
			// libtool's .libs holds copies of objects (PIC builds, archives
			// being assembled): each object counts once, from its directory.
			if d.Name() == ".libs" || d.Name() == ".deps" {
				return filepath.SkipDir
			}
			for _, s := range skip {
				if rel == s {
					return filepath.SkipDir
				}
			}
			return nil
		}
		if !strings.HasSuffix(path, ".o") || !isBitcode(path) {
			return nil
		}
		objs = append(objs, path)
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(objs)
	// One llvm-nm call for all objects: which define main.
	var withMain = map[string]bool{}
	for i := 0; i < len(objs); i += 200 {
		batch := objs[i:min(i+200, len(objs))]
		out, err := exec.CommandContext(ctx, Nm, append([]string{"--defined-only", "--print-file-name"}, batch...)...).Output()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", Nm, err)
		}
		for _, l := range strings.Split(string(out), "\n") {
			f := strings.Fields(l)
			if len(f) >= 3 && f[len(f)-1] == "main" && (f[len(f)-2] == "T" || f[len(f)-2] == "t") {
				withMain[strings.TrimSuffix(f[0], ":")] = true
			}
		}
	}
	kept := objs[:0]
	for _, o := range objs {
		if !withMain[o] {
			kept = append(kept, o)
		}
	}
	return kept, nil
}

func isBitcode(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var magic [4]byte
	if _, err := io.ReadFull(f, magic[:]); err != nil {
		return false
	}
	return bytes.Equal(magic[:], []byte{'B', 'C', 0xC0, 0xDE})
}

// linkObjects links the objects into one bitcode module.
func linkObjects(ctx context.Context, out string, objs []string, logf io.Writer) error {
	args := append([]string{"-o", out}, objs...)
	fmt.Fprintf(logf, "\n$ %s -o %s <%d objects>\n", Link, out, len(objs))
	cmd := exec.CommandContext(ctx, Link, args...)
	cmd.Stdout, cmd.Stderr = logf, logf
	return cmd.Run()
}
