package muslbc

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/floatsym/floatsym/internal/flock"
	"github.com/floatsym/floatsym/internal/libbc"
)

// Extract is LLVM 14's llvm-extract (deletes definitions from a module).
const Extract = "llvm-extract-14"

// ModelDirs are musl's source directories none of whose definitions
// reach a floatsym run: libm (src/math, src/complex: floatsym's libm gives
// glibc's own results, musl's come from FreeBSD's msun), the FP
// environment (src/fenv: floatsym's models track the path's flags and
// rounding mode), and stdio (src/stdio: streams are floatsym's models of
// the POSIX environment; musl's functions would read floatsym's FILE
// objects as musl's struct _IO_FILE). A musl function of these
// directories that floatsym does not model ends its path as an undefined
// external function, never runs on a foreign FILE.
var ModelDirs = []string{"math", "complex", "fenv", "stdio"}

// KeptFloatsym are the files of floatsym's own C library linked ahead of
// musl: FP parsing (strtod, strtof, strtold, atof; the scanf family
// through them), because musl's differs from glibc's (docs/libc-survey.md,
// "musl, run": NaN sign and payload, ERANGE on subnormal results, and
// values in the directed rounding modes).
var KeptFloatsym = []string{"strtod.c", "scanf.c"}

// Linked is musl's module as floatsym links it.
type Linked struct {
	// Module is lib.bc less the deleted definitions.
	Module string `json:"module"`
	// Deleted are the musl definitions deleted (floatsym's models, the
	// ModelDirs, the names the kept floatsym files define), sorted.
	Deleted []string `json:"deleted"`
	// Defined counts the external names musl's lib.bc defines.
	Defined int `json:"defined"`
	// Renames maps a deleted alias of a kept name to that name
	// (musl's internal ___errno_location of __errno_location): after
	// linking, its uses are renamed, so they reach floatsym's model.
	Renames map[string]string `json:"renames,omitempty"`
}

// Module derives, from musl's build, the module floatsym links: every
// definition of a name in keep (floatsym's models and the names its kept
// C files define) or of a ModelDirs object is deleted, so calls reach
// floatsym. Cached next to lib.bc by a hash of the deleted names.
func Module(ctx context.Context, lib *libbc.Library, keep []string) (*Linked, error) {
	// The request (lib.bc and the names kept) names the result, so a run
	// on a warm cache reads one small file instead of disassembling musl.
	sorted := append([]string(nil), keep...)
	sort.Strings(sorted)
	rh := sha256.New()
	fmt.Fprintf(rh, "%s\x00%s", lib.Module, strings.Join(sorted, "\n"))
	index := filepath.Join(lib.Dir, "floatsym-request2-"+hex.EncodeToString(rh.Sum(nil))[:16]+".json")
	if b, err := os.ReadFile(index); err == nil {
		var res Linked
		if json.Unmarshal(b, &res) == nil {
			if _, err := os.Stat(res.Module); err == nil {
				return &res, nil
			}
		}
	}
	res, err := module(ctx, lib, keep)
	if err != nil {
		return nil, err
	}
	if b, err := json.Marshal(res); err == nil {
		tmp := index + ".tmp"
		if os.WriteFile(tmp, b, 0o644) == nil {
			os.Rename(tmp, index)
		}
	}
	return res, nil
}

func module(ctx context.Context, lib *libbc.Library, keep []string) (*Linked, error) {
	defs, err := definitions(ctx, lib)
	if err != nil {
		return nil, err
	}
	keepSet := map[string]bool{}
	for _, k := range keep {
		keepSet[k] = true
	}
	dirOf, err := objectDirs(ctx, lib)
	if err != nil {
		return nil, err
	}
	del := map[string]bool{}
	for name := range defs.kind {
		if keepSet[name] || modelDir(dirOf[name]) {
			del[name] = true
		}
	}
	// An alias of a deleted definition goes too (an alias must name a
	// definition).
	for changed := true; changed; {
		changed = false
		for a, target := range defs.alias {
			if del[target] && !del[a] {
				del[a] = true
				changed = true
			}
		}
	}
	renames := map[string]string{}
	for a, t := range defs.alias {
		for i := 0; i < 8 && defs.alias[t] != ""; i++ {
			t = defs.alias[t]
		}
		if keepSet[t] && !keepSet[a] {
			renames[a] = t
		}
	}
	names := sortedKeys(del)
	h := sha256.New()
	h.Write([]byte(strings.Join(names, "\n")))
	out := filepath.Join(lib.Dir, "floatsym-"+hex.EncodeToString(h.Sum(nil))[:16]+".bc")
	res := &Linked{Module: out, Deleted: names, Defined: len(defs.kind), Renames: renames}
	if _, err := os.Stat(out); err == nil {
		return res, nil
	}
	unlock, err := flock.Lock(out + ".lock")
	if err != nil {
		return nil, err
	}
	defer unlock()
	if _, err := os.Stat(out); err == nil {
		return res, nil
	}
	args := []string{"--delete", "-o", out + ".tmp"}
	for _, n := range names {
		args = append(args, "--"+defs.kind[n]+"="+n)
	}
	args = append(args, lib.Module)
	if b, err := exec.CommandContext(ctx, Extract, args...).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("musl bitcode: %s deleting %d definitions: %v: %s", Extract, len(names), err, firstLine(b))
	}
	if err := os.Rename(out+".tmp", out); err != nil {
		return nil, err
	}
	return res, nil
}

func modelDir(dir string) bool {
	for _, d := range ModelDirs {
		if dir == d {
			return true
		}
	}
	return false
}

func firstLine(b []byte) string {
	s := strings.TrimSpace(string(b))
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

// defs are lib.bc's external definitions: kind "func", "glob" or "alias"
// (llvm-extract's option names), and each alias's target.
type defs struct {
	kind  map[string]string
	alias map[string]string
}

var (
	reDefine = regexp.MustCompile(`^define [^@]*@("?[^"(]+"?)\(`)
	reGlobal = regexp.MustCompile(`^@("?[^" ]+"?) = (.*)$`)
	reTarget = regexp.MustCompile(`@("?[^", )]+"?)\)?\s*$`)
)

// definitions reads lib.bc's definitions from its text (llvm-dis).
func definitions(ctx context.Context, lib *libbc.Library) (*defs, error) {
	text, err := exec.CommandContext(ctx, "llvm-dis-14", "-o", "-", lib.Module).Output()
	if err != nil {
		return nil, fmt.Errorf("musl bitcode: llvm-dis-14 %s: %w", lib.Module, err)
	}
	d := &defs{kind: map[string]string{}, alias: map[string]string{}}
	sc := bufio.NewScanner(bytes.NewReader(text))
	sc.Buffer(make([]byte, 1<<20), 1<<26)
	for sc.Scan() {
		l := sc.Text()
		if m := reDefine.FindStringSubmatch(l); m != nil {
			if !strings.Contains(l[:strings.Index(l, "@")], "internal ") && !strings.Contains(l[:strings.Index(l, "@")], "private ") {
				d.kind[strings.Trim(m[1], `"`)] = "func"
			}
			continue
		}
		m := reGlobal.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		name, rest := strings.Trim(m[1], `"`), m[2]
		if strings.HasPrefix(rest, "internal ") || strings.HasPrefix(rest, "private ") || strings.HasPrefix(rest, "external ") {
			continue
		}
		if strings.Contains(rest, " alias ") || strings.HasPrefix(rest, "alias ") {
			d.kind[name] = "alias"
			if t := reTarget.FindStringSubmatch(rest); t != nil {
				d.alias[name] = strings.Trim(t[1], `"`)
			}
			continue
		}
		d.kind[name] = "glob"
	}
	return d, sc.Err()
}

// objectDirs maps each name defined by a musl object to its source
// directory under src/ (llvm-nm on the objects).
func objectDirs(ctx context.Context, lib *libbc.Library) (map[string]string, error) {
	objs, _ := filepath.Glob(filepath.Join(lib.Dir, "src", "obj", "src", "*", "*.o"))
	dirOf := map[string]string{}
	for i := 0; i < len(objs); i += 200 {
		batch := objs[i:min(i+200, len(objs))]
		out, err := exec.CommandContext(ctx, libbc.Nm, append([]string{"--defined-only", "--print-file-name"}, batch...)...).Output()
		if err != nil {
			return nil, fmt.Errorf("musl bitcode: %s: %w", libbc.Nm, err)
		}
		for _, l := range strings.Split(string(out), "\n") {
			f := strings.Fields(l)
			if len(f) < 3 {
				continue
			}
			obj := strings.TrimSuffix(f[0], ":")
			dirOf[f[len(f)-1]] = filepath.Base(filepath.Dir(obj))
		}
	}
	return dirOf, nil
}
