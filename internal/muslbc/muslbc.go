// Package muslbc builds Debian's musl (bookworm, 1.2.3) to LLVM bitcode,
// for the experimental `floatsym run --libc=musl-bitcode` mode, where
// musl's C code replaces floatsym's own C library (internal/crt/libc)
// except where floatsym's models must answer (docs/architecture.md, "The
// C library").
//
// The build is internal/libbc's (apt-get source musl, ./configure with
// CC=clang-14 -flto, make, the bitcode objects linked into lib.bc, cached
// under the library cache), with three changes made to the sources first
// (overlay/, embedded):
//
//   - the ModelDirs (libm, complex, fenv, stdio) are not built: their
//     names stay floatsym's models in every run (module.go);
//   - musl's x86_64 assembly is left out (make ARCH_SRCS=): each of the 30
//     .s files has a generic C counterpart (memcpy, memset, memmove,
//     setjmp, longjmp, sigsetjmp, fenv, the x87 long double math, clone,
//     vfork, __set_thread_area, __unmapself, syscall_cp, restore, the
//     dynamic linker's dlsym and tlsdesc), built instead;
//   - arch/x86_64/{syscall_arch,pthread_arch,atomic_arch}.h are replaced
//     by plain C: system calls go to __floatsym_musl_syscall, the thread
//     pointer is a function, atomics are plain loads and stores (floatsym
//     runs one thread);
//   - src/floatsym/glue.c maps musl's system calls to floatsym's models.
//
// Module then derives the module floatsym links: lib.bc with musl's
// definitions of the names floatsym keeps as models deleted (llvm-extract
// --delete), so calls to them reach floatsym's models.
package muslbc

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/floatsym/floatsym/internal/libbc"
)

//go:embed overlay
var overlay embed.FS

// Debian is the source package; Version the bookworm version built.
const (
	Debian  = "musl"
	Version = "1.2.3-1"
)

// overlayKey hashes the overlay, so a changed overlay rebuilds.
func overlayKey() string {
	h := sha256.New()
	fs.WalkDir(overlay, "overlay", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, _ := overlay.ReadFile(p)
		fmt.Fprintf(h, "%s\x00%d\x00", p, len(b))
		h.Write(b)
		return nil
	})
	return "musl-overlay-" + hex.EncodeToString(h.Sum(nil))[:16]
}

// Spec is the recipe libbc builds musl with.
func Spec() libbc.Spec {
	return libbc.Spec{
		Name:   "musl",
		Debian: Debian,
		// musl's own configure picks -O2 unless CFLAGS has -O; -O1 as the
		// other libraries, no FMA contraction (glibc's x86_64 build has
		// none either).
		CFlags: libbc.DefaultCFlags,
		// Only the static library's objects; no x86_64 assembly (its
		// generic C is built instead); archives with LLVM's tools, which
		// read bitcode objects; the static objects (configure picked the -fPIC
		// .lo ones for the archive, which libbc does not collect).
		MakeArgs: []string{"ARCH_SRCS=", "AOBJS=$(LIBC_OBJS)", "AR=" + libbc.Ar, "RANLIB=" + libbc.Ranlib,
			"SRC_DIRS=$(addprefix $(srcdir)/,$(filter-out " + strings.Join(skipSrc(), " ") + ",$(wildcard src/*)) src/malloc/$(MALLOC_DIR))",
			"lib/libc.a"},
		Include:    []string{"include", "obj/include", "arch/x86_64", "arch/generic"},
		SkipDirs:   []string{"obj/crt", "obj/ldso"},
		Prepare:    prepare,
		PrepareKey: overlayKey(),
	}
}

// skipSrc are the ModelDirs as musl's source directories: not built,
// their functions being floatsym's models in every run.
func skipSrc() []string {
	var out []string
	for _, d := range ModelDirs {
		out = append(out, "src/"+d)
	}
	return out
}

// prepare writes the overlay over the unpacked sources.
func prepare(tree string) error {
	return fs.WalkDir(overlay, "overlay", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := overlay.ReadFile(p)
		if err != nil {
			return err
		}
		dst := filepath.Join(tree, filepath.FromSlash(strings.TrimPrefix(p, "overlay/")))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		return os.WriteFile(dst, b, 0o644)
	})
}

// Build returns musl's bitcode, building it once (cached as libbc caches
// every library).
func Build(ctx context.Context, opts libbc.Options) (*libbc.Library, error) {
	lib, err := libbc.Build(ctx, Spec(), opts)
	if err != nil {
		return nil, fmt.Errorf("musl bitcode: %w", err)
	}
	return lib, nil
}

// sortedKeys returns the set's names in order.
func sortedKeys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
