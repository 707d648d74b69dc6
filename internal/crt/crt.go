// Package crt holds the C runtime files floatsym ships with its binary:
//
//   - include/klee/klee.h: KLEE's API (klee_make_symbolic, klee_assume, ...)
//   - include/svcomp/svcomp.h: the SV-COMP interface (__VERIFIER_nondet_*)
//   - runtime/replay.c: the native replay runtime, which feeds a .ktest file to a
//     natively compiled program (see the replay package)
//
// The files are embedded; Materialize writes them to a directory so a C
// compiler can use them.
//
// It imports nothing from the module.
package crt

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"
)

//go:embed include runtime libc
var files embed.FS

// Rounding-mode values of klee_set_rounding_mode's argument (klee.h's enum
// klee_rounding_mode). They equal glibc's x86 <fenv.h> constants.
const (
	RoundNearestEven = 0x000 // KLEE_FP_RNE, FE_TONEAREST
	RoundDown        = 0x400 // KLEE_FP_RTN, FE_DOWNWARD
	RoundUp          = 0x800 // KLEE_FP_RTP, FE_UPWARD
	RoundTowardZero  = 0xc00 // KLEE_FP_RTZ, FE_TOWARDZERO
)

// Exit statuses and stderr markers of the replay runtime (runtime/replay.c).
const (
	// ExitReportError: klee_report_error was called; stderr has
	// "floatsym-replay: error kind=<suffix> file=<file> line=<line>: <msg>".
	ExitReportError = 96
	// ExitMismatch: the test does not fit the program (missing object,
	// wrong size or name); stderr has "floatsym-replay: mismatch: ...".
	ExitMismatch = 97
	// ExitAssume: a klee_assume / __VERIFIER_assume / klee_range
	// constraint is false for the test's values; stderr has
	// "floatsym-replay: assume violated ...".
	ExitAssume = 98
)

// Paths locates materialized runtime files.
type Paths struct {
	// IncludeDir is the directory to pass as -I; it holds klee/klee.h and
	// svcomp/svcomp.h.
	IncludeDir string
	// ReplaySource is runtime/replay.c.
	ReplaySource string
}

// FS returns the embedded files (paths "include/klee/klee.h",
// "include/svcomp/svcomp.h" and "runtime/replay.c"); Materialize lays them
// out under its directory with the same relative paths.
func FS() fs.FS { return files }

var hashOnce = sync.OnceValue(func() string {
	h := sha256.New()
	paths, err := list()
	if err != nil {
		panic(err) // the embedded tree is fixed at build time
	}
	for _, p := range paths {
		data, err := files.ReadFile(p)
		if err != nil {
			panic(err)
		}
		fmt.Fprintf(h, "%s\x00%d\x00", p, len(data))
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil))
})

// Hash identifies the embedded content (hex SHA-256 over names and bytes).
func Hash() string { return hashOnce() }

// list returns the embedded file paths in a fixed order.
func list() ([]string, error) {
	var paths []string
	err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			paths = append(paths, p)
		}
		return nil
	})
	sort.Strings(paths)
	return paths, err
}

// DefaultDir is a per-user cache directory for the runtime files, keyed by
// their content: $XDG_CACHE_HOME/floatsym/crt-<hash> (or the platform's
// user cache directory; the system temporary directory when there is none).
func DefaultDir() string {
	base, err := os.UserCacheDir()
	if err != nil || base == "" {
		base = os.TempDir()
	}
	return filepath.Join(base, "floatsym", "crt-"+Hash()[:16])
}

// Materialize writes the embedded files under dir, creating it as needed.
// It is idempotent and safe to run concurrently: a file is rewritten (via
// a temporary file and a rename) only when its content differs.
func Materialize(dir string) (Paths, error) {
	paths, err := list()
	if err != nil {
		return Paths{}, fmt.Errorf("listing embedded runtime: %w", err)
	}
	for _, p := range paths {
		data, err := files.ReadFile(p)
		if err != nil {
			return Paths{}, fmt.Errorf("reading embedded %s: %w", p, err)
		}
		if err := writeIfChanged(filepath.Join(dir, filepath.FromSlash(p)), data); err != nil {
			return Paths{}, fmt.Errorf("materializing runtime in %s: %w", dir, err)
		}
	}
	return Paths{
		IncludeDir:   filepath.Join(dir, "include"),
		ReplaySource: filepath.Join(dir, "runtime", "replay.c"),
	}, nil
}

func writeIfChanged(path string, data []byte) error {
	if old, err := os.ReadFile(path); err == nil && bytes.Equal(old, data) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp, 0o644)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return nil
}
