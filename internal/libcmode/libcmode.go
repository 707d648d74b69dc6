// Package libcmode chooses the C library a floatsym run links (run --libc):
// floatsym's own (the default) or, experimentally, Debian's musl as bitcode
// (package muslbc) with floatsym's models and FP parsing kept.
package libcmode

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/internal/libbc"
	"github.com/floatsym/floatsym/internal/muslbc"
	"github.com/sirupsen/logrus"
)

// The C library a run links (run --libc).
const (
	Floatsym = "floatsym"
	// Musl is experimental: Debian's musl 1.2.3 as bitcode instead
	// of floatsym's C library, except floatsym's models (libm, stdio and
	// FP formatting, files and the POSIX environment, memory, signals,
	// the clock) and its FP parsing (strtod, the scanf family), which
	// match glibc where musl does not (docs/libc-survey.md, "musl, run").
	Musl = "musl-bitcode"
)

// Apply sets the compile options for --libc.
func Apply(ctx context.Context, mode string, copts *cc.Options, log *logrus.Entry) error {
	switch mode {
	case "", Floatsym:
		return nil
	case Musl:
	default:
		return fmt.Errorf("--libc %s: want %s (default) or %s (experimental)", mode, Floatsym, Musl)
	}
	if copts.NoLibc {
		return fmt.Errorf("--libc %s and --no-libc exclude each other", mode)
	}
	lib, err := muslbc.Build(ctx, libbc.Options{Progress: os.Stderr, Log: log})
	if err != nil {
		return err
	}
	kept, err := keptDefinitions(ctx, log)
	if err != nil {
		return err
	}
	linked, err := muslbc.Module(ctx, lib, append(executor.ModelledNames(), kept...))
	if err != nil {
		return err
	}
	log.WithFields(logrus.Fields{"libc": mode, "module": linked.Module, "musl_defined": linked.Defined,
		"musl_deleted": len(linked.Deleted), "floatsym_files": muslbc.KeptFloatsym}).Info("C library: musl bitcode (experimental)")
	copts.LibcSources = muslbc.KeptFloatsym
	copts.AfterLibc = append(copts.AfterLibc, linked.Module)
	copts.PostLink = func(module string) error {
		n, err := resolveAliases(module)
		if err != nil {
			return fmt.Errorf("musl bitcode: %w", err)
		}
		r, err := renameToModels(module, linked.Renames)
		if err != nil {
			return fmt.Errorf("musl bitcode: %w", err)
		}
		log.WithFields(logrus.Fields{"aliases": n, "renamed_to_models": r}).Info("musl's aliases resolved")
		return nil
	}
	return nil
}

var defineRE = regexp.MustCompile(`(?m)^define [^@]*@"?([^"(]+)"?\(`)

// keptDefinitions names the functions floatsym's kept C files define
// (musl's definitions of them are deleted).
func keptDefinitions(ctx context.Context, log *logrus.Entry) ([]string, error) {
	paths, err := cc.RuntimePaths()
	if err != nil {
		return nil, fmt.Errorf("floatsym runtime: %w", err)
	}
	module, err := cc.LibcFiles(ctx, filepath.Dir(paths.IncludeDir), muslbc.KeptFloatsym, log)
	if err != nil {
		return nil, err
	}
	text, err := os.ReadFile(cc.LibcListing(module))
	if err != nil {
		return nil, err
	}
	var names []string
	for _, m := range defineRE.FindAllStringSubmatch(string(text), -1) {
		names = append(names, m[1])
	}
	return names, nil
}
