package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/floatsym/floatsym/internal/libbc"
	"github.com/sirupsen/logrus"
	"github.com/spf13/cobra"
)

// resolveLibs builds (or finds in the cache) the libraries named by --lib:
// a built-in name (gsl, gmp) or a source directory or tarball.
func resolveLibs(ctx context.Context, names []string, log *logrus.Entry) ([]*libbc.Library, error) {
	var libs []*libbc.Library
	for _, n := range names {
		spec, err := libSpec(n)
		if err != nil {
			return nil, err
		}
		lib, err := libbc.Build(ctx, spec, libbc.Options{Progress: os.Stderr, Log: log})
		if err != nil {
			return nil, err
		}
		log.WithFields(logrus.Fields{"library": lib.Name, "version": lib.Version, "module": lib.Module}).Info("library")
		libs = append(libs, lib)
	}
	return libs, nil
}

// libSpec turns a --lib argument into a build recipe.
func libSpec(arg string) (libbc.Spec, error) {
	if spec, ok := libbc.Builtin(arg); ok {
		return spec, nil
	}
	if _, err := os.Stat(arg); err != nil {
		return libbc.Spec{}, fmt.Errorf("--lib %s: neither a built-in library (%s) nor a source directory or tarball", arg, strings.Join(libbc.BuiltinNames(), ", "))
	}
	name := filepath.Base(filepath.Clean(arg))
	for _, ext := range []string{".tar.gz", ".tgz", ".tar.xz", ".tar.bz2", ".tar"} {
		name = strings.TrimSuffix(name, ext)
	}
	return libbc.Spec{Name: name, Source: arg}, nil
}

// nativeLibFlags are the compiler flags that link the libraries natively
// for replay: the built-in libraries' system packages.
func nativeLibFlags(names []string) (cflags, ldflags []string, err error) {
	for _, n := range names {
		spec, ok := libbc.Builtin(n)
		if !ok {
			return nil, nil, fmt.Errorf("--lib %s: native replay links only the built-in libraries (%s); link others with --ldflags", n, strings.Join(libbc.BuiltinNames(), ", "))
		}
		cflags = append(cflags, spec.NativeCFlags...)
		ldflags = append(ldflags, spec.NativeLDFlags...)
	}
	return cflags, ldflags, nil
}

func init() {
	extraCommands = append(extraCommands, libCommand)
}

func libCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "lib NAME|DIR|TARBALL...",
		Short: "Build libraries as LLVM bitcode (or find them in the cache) and print where they are",
		Long: `lib builds each library the way run --lib does: gsl and gmp from Debian's
source packages, or a source directory or tarball, with its own configure/make
and clang-14 -flto, into one bitcode module cached under the user's cache
directory. It prints the library's version, module, object count, and the
time of its first build and of this lookup.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			log := logrus.NewEntry(logrus.StandardLogger())
			for _, a := range args {
				start := time.Now()
				libs, err := resolveLibs(ctx, []string{a}, log)
				if err != nil {
					return err
				}
				l := libs[0]
				fmt.Printf("%s %s: %s (%d objects; first build %.1fs, this call %.2fs)\n", l.Name, l.Version, l.Module,
					l.Objects, l.BuildSeconds, time.Since(start).Seconds())
			}
			return nil
		},
	}
}
