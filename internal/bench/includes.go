package bench

import (
	"fmt"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/floatsym/floatsym/internal/cc"
)

// A realworld spec carries a package's unchanged sources, which include
// their own headers the way the package's build does: `#include
// <number.h>` with -I. The spec format has no include path, so floatsym
// reads one from its free-form `misc` mapping:
//
//	misc: {include_dirs: [., h]}
//
// Each directory is relative to the spec (never leaving it) and is put
// on the include path of both builds: floatsym run's --cflags and the
// native replay's compiler flags. Other runners ignore misc.

// parseIncludeDirs reads misc.include_dirs; the directories come back
// absolute.
func parseIncludeDirs(misc *yaml.Node, specDir string) ([]string, error) {
	if isNull(misc) || misc.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(misc.Content); i += 2 {
		if misc.Content[i].Value != "include_dirs" {
			continue
		}
		var dirs []string
		if err := misc.Content[i+1].Decode(&dirs); err != nil {
			return nil, fmt.Errorf("misc.include_dirs: want a list of directories: %w", err)
		}
		out := make([]string, 0, len(dirs))
		for _, d := range dirs {
			if err := checkSourcePath(d); err != nil {
				return nil, fmt.Errorf("misc.include_dirs: %w", err)
			}
			out = append(out, filepath.Join(specDir, d))
		}
		return out, nil
	}
	return nil, nil
}

// includeFlags are the -I flags of the spec's include directories.
func (s *Spec) includeFlags() []string {
	var f []string
	for _, d := range s.IncludeDirs {
		f = append(f, "-I"+d)
	}
	return f
}

// runCFlags is floatsym run's --cflags value for a variant: the bench's
// compiler flags (floatsym's default when none) plus the spec's include
// directories; "" when neither asks for a change.
func runCFlags(cfg *Config, v *Variant) string {
	inc := v.Spec.includeFlags()
	if len(cfg.CFlags) == 0 && len(inc) == 0 {
		return ""
	}
	flags := cfg.CFlags
	if len(flags) == 0 {
		flags = cc.DefaultCFlags
	}
	return strings.Join(append(append([]string{}, flags...), inc...), " ")
}
