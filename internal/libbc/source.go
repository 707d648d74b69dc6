package libbc

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/floatsym/floatsym/internal/flock"
)

// Where a library's sources come from.
//
// Debian source packages are fetched with the system's package manager,
// isolated from the system's own configuration: apt-get reads only the
// deb-src entry scripts/install-deps.sh writes to DebSrcDir, keeps its
// package lists in the library cache, and downloads into the cache, where
// the .dsc and tarballs stay (a cached package is never fetched again,
// and works offline). dpkg-source unpacks them with Debian's patches
// applied: the same sources as the system's binary package (libgsl-dev,
// libgmp-dev) that native replay links.

// DebSrcDir holds the deb-src entry (a deb822 .sources file) written by
// scripts/install-deps.sh.
const DebSrcDir = "/etc/apt/floatsym-src/sources.list.d"

// fetch makes the sources available and names their version; src is a
// .dsc file, a tarball or a directory.
func fetch(ctx context.Context, spec *Spec, opts *Options) (src, version string, err error) {
	switch {
	case spec.Source != "":
		abs, err := filepath.Abs(spec.Source)
		if err != nil {
			return "", "", err
		}
		fi, err := os.Stat(abs)
		if err != nil {
			return "", "", fmt.Errorf("sources: %w", err)
		}
		version = spec.Version
		if version == "" {
			if version, err = hashSource(abs, fi.IsDir()); err != nil {
				return "", "", fmt.Errorf("sources: %w", err)
			}
		}
		return abs, version, nil
	case spec.Debian != "":
		dsc, err := debianSource(ctx, spec.Debian, opts)
		if err != nil {
			return "", "", err
		}
		// pkg_VERSION.dsc (the epoch is not part of the file name).
		base := strings.TrimSuffix(filepath.Base(dsc), ".dsc")
		return dsc, strings.TrimPrefix(base, spec.Debian+"_"), nil
	}
	return "", "", errors.New("no sources: give a Debian package or a source directory or tarball")
}

// debianSource returns the package's .dsc in the cache, fetching it with
// apt-get source when it is not there yet.
func debianSource(ctx context.Context, pkg string, opts *Options) (string, error) {
	dir := filepath.Join(opts.CacheDir, "debian", pkg)
	if dsc := findDSC(dir, pkg); dsc != "" {
		return dsc, nil
	}
	if opts.Offline {
		return "", fmt.Errorf("Debian source package %s is not in the cache (%s) and fetching is off", pkg, dir)
	}
	if _, err := exec.LookPath("apt-get"); err != nil {
		return "", fmt.Errorf("fetching Debian source package %s needs apt-get: give the sources as a directory or tarball instead", pkg)
	}
	entries, _ := filepath.Glob(filepath.Join(DebSrcDir, "*.sources"))
	if len(entries) == 0 {
		return "", fmt.Errorf("no deb-src entry in %s: run scripts/install-deps.sh (it adds one), or give the sources as a directory or tarball", DebSrcDir)
	}
	lists := filepath.Join(opts.CacheDir, "apt", "lists")
	cache := filepath.Join(opts.CacheDir, "apt", "cache")
	for _, d := range []string{filepath.Join(lists, "partial"), filepath.Join(cache, "archives", "partial"), dir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return "", err
		}
	}
	aptOpts := []string{"-o", "Dir::Etc::SourceList=/dev/null", "-o", "Dir::Etc::SourceParts=" + DebSrcDir,
		"-o", "Dir::State::Lists=" + lists, "-o", "Dir::Cache=" + cache, "-o", "APT::Sandbox::User=root", "-q",
		// apt's own locks (the lists, the archive cache; dpkg's when a
		// user's apt configuration reaches it) are waited for, not failed on.
		"-o", "DPkg::Lock::Timeout=600"}
	logPath := filepath.Join(dir, "apt.log")
	logf, err := os.Create(logPath)
	if err != nil {
		return "", err
	}
	defer logf.Close()
	run := func(args ...string) error {
		fmt.Fprintf(logf, "$ apt-get %s\n", strings.Join(args, " "))
		cmd := exec.CommandContext(ctx, "apt-get", args...)
		cmd.Dir, cmd.Stdout, cmd.Stderr = dir, logf, logf
		return cmd.Run()
	}
	// The package lists and the archive cache are shared by every library:
	// one apt-get at a time across floatsym processes (apt fails at once,
	// exit 100, on a lock another apt-get holds).
	unlock, _, err := flock.LockWait(ctx, filepath.Join(opts.CacheDir, "apt", "floatsym.lock"), func() {
		opts.progressf("floatsym: waiting for another floatsym's apt-get (Debian sources of %s)", pkg)
	})
	if err != nil {
		return "", err
	}
	defer unlock()
	if dsc := findDSC(dir, pkg); dsc != "" { // fetched while we waited
		return dsc, nil
	}
	if opts.Progress != nil {
		fmt.Fprintf(opts.Progress, "floatsym: fetching Debian source package %s\n", pkg)
	}
	update := func() error {
		if err := aptRetry(ctx, logPath, func() error { return run(append(aptOpts, "update")...) }); err != nil {
			return fmt.Errorf("apt-get update for deb-src failed: %w (log: %s)", err, logPath)
		}
		markListsFresh(lists)
		return nil
	}
	source := func() error {
		return aptRetry(ctx, logPath, func() error { return run(append(aptOpts, "source", "--download-only", pkg)...) })
	}
	// Lists another floatsym updated a moment ago (runs starting together
	// on a cold cache) are used as they are; if the package is not in
	// them, they are updated and the fetch tried again.
	fresh := listsFresh(lists, time.Now())
	if !fresh {
		if err := update(); err != nil {
			return "", err
		}
	}
	if err := source(); err != nil {
		if !fresh {
			return "", fmt.Errorf("apt-get source %s failed: %w (log: %s)", pkg, err, logPath)
		}
		if err := update(); err != nil {
			return "", err
		}
		if err := source(); err != nil {
			return "", fmt.Errorf("apt-get source %s failed: %w (log: %s)", pkg, err, logPath)
		}
	}
	if dsc := findDSC(dir, pkg); dsc != "" {
		return dsc, nil
	}
	return "", fmt.Errorf("apt-get source %s left no .dsc in %s (log: %s)", pkg, dir, logPath)
}

// findDSC returns the newest-named .dsc of pkg in dir.
func findDSC(dir, pkg string) string {
	m, _ := filepath.Glob(filepath.Join(dir, pkg+"_*.dsc"))
	if len(m) == 0 {
		return ""
	}
	sort.Strings(m)
	return m[len(m)-1]
}

// unpack puts the sources in tree: dpkg-source for a .dsc, tar for a
// tarball (its single top directory stripped), a copy for a directory.
func unpack(ctx context.Context, src, tree string, logf io.Writer) error {
	run := func(dir string, args ...string) error {
		fmt.Fprintf(logf, "$ %s\n", strings.Join(args, " "))
		cmd := exec.CommandContext(ctx, args[0], args[1:]...)
		cmd.Dir, cmd.Stdout, cmd.Stderr = dir, logf, logf
		return cmd.Run()
	}
	fi, err := os.Stat(src)
	if err != nil {
		return err
	}
	switch {
	case fi.IsDir():
		if err := os.MkdirAll(tree, 0o755); err != nil {
			return err
		}
		return run(src, "cp", "-a", ".", tree)
	case strings.HasSuffix(src, ".dsc"):
		return run(filepath.Dir(src), "dpkg-source", "--no-check", "-x", src, tree)
	default:
		if err := os.MkdirAll(tree, 0o755); err != nil {
			return err
		}
		if err := run(tree, "tar", "-xf", src); err != nil {
			return err
		}
		// A tarball with one top directory: its contents are the tree.
		ents, err := os.ReadDir(tree)
		if err != nil {
			return err
		}
		if len(ents) == 1 && ents[0].IsDir() {
			top := filepath.Join(tree, ents[0].Name())
			inner, err := os.ReadDir(top)
			if err != nil {
				return err
			}
			for _, e := range inner {
				if err := os.Rename(filepath.Join(top, e.Name()), filepath.Join(tree, e.Name())); err != nil {
					return err
				}
			}
			return os.Remove(top)
		}
		return nil
	}
}

// hashSource names a user's sources by their contents (file names, sizes
// and modification times for a directory: cheap, and changes when the
// user edits a file).
func hashSource(path string, dir bool) (string, error) {
	h := sha256.New()
	if !dir {
		f, err := os.Open(path)
		if err != nil {
			return "", err
		}
		defer f.Close()
		if _, err := io.Copy(h, f); err != nil {
			return "", err
		}
		return "src-" + hex.EncodeToString(h.Sum(nil))[:12], nil
	}
	err := filepath.WalkDir(path, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			return nil
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(path, p)
		fmt.Fprintf(h, "%s\x00%d\x00%d\x00", rel, fi.Size(), fi.ModTime().UnixNano())
		return nil
	})
	if err != nil {
		return "", err
	}
	return "src-" + hex.EncodeToString(h.Sum(nil))[:12], nil
}

// Builtin returns the recipe of a library floatsym knows by name.
func Builtin(name string) (Spec, bool) {
	s, ok := builtins[name]
	return s, ok
}

// BuiltinNames lists the libraries floatsym knows by name.
func BuiltinNames() []string {
	var n []string
	for k := range builtins {
		n = append(n, k)
	}
	sort.Strings(n)
	return n
}

var builtins = map[string]Spec{
	// GSL 2.7.1 (Debian bookworm). The dfsg tarball has no documentation
	// sources, so make stops in doc/: -k, then the library itself.
	"gsl": {Name: "gsl", Debian: "gsl", KeepGoing: true, Targets: []string{"libgsl.la"},
		NativeLDFlags: []string{"-lgsl", "-lgslcblas"}},
	// GMP 6.2.1: generic C instead of its x86_64 assembly (bitcode cannot
	// hold it); tests and demos are not built by make.
	// The dfsg tarball has no doc/ either, which configure wants to
	// generate a Makefile for.
	// Its cold build is measured in docs/libbuild.md (GMP has no
	// dependency tracking to turn off: automake's no-dependencies).
	"gmp": {Name: "gmp", Debian: "gmp", Configure: []string{"--disable-assembly"}, StubMakefiles: []string{"doc"},
		NativeLDFlags: []string{"-lgmp"}},
}
