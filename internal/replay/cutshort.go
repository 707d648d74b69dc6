package replay

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/floatsym/floatsym/internal/crt"
)

// KindLimit is the kind summary.json records for a path floatsym cut short
// at a limit (time, memory, instructions); KindInterrupted for one an
// interrupt (SIGINT, SIGTERM) stopped (executor.TermInterrupted).
const (
	KindLimit       = "limit"
	KindInterrupted = "interrupted"
)

// CutShort reports whether a recorded outcome is a path floatsym did not
// follow to its end (a limit or an interrupt stopped it), and by what.
// Such a test is an input, not a claim: its native run may end any way.
func CutShort(expected Outcome) (by string, ok bool) {
	switch expected.Kind {
	case KindLimit, KindInterrupted, KindEarly, KindTimeout:
	default:
		return "", false
	}
	by = strings.TrimSpace(expected.Message)
	if i := strings.Index(by, " (path ended with: "); i >= 0 {
		// "no test: ... (path ended with: limit: time limit reached at f.c:3)"
		by = by[i+len(" (path ended with: "):]
		by = strings.TrimSuffix(by, ")")
		by = strings.TrimPrefix(by, KindLimit+": ")
		by = strings.TrimPrefix(by, KindInterrupted+": ")
		if j := strings.LastIndex(by, " at "); j >= 0 {
			by = by[:j]
		}
	}
	// "time limit reached during a solver query" -> "time limit"
	if i := strings.Index(by, " reached"); i >= 0 {
		by = by[:i]
	}
	switch {
	case by == "" && expected.Kind == KindInterrupted:
		by = "an interrupt"
	case by == "":
		by = "a limit"
	case strings.HasPrefix(by, "interrupted"):
		by = "an interrupt"
	}
	return by, true
}

// Verdict is the judgement of one replayed test.
type Verdict struct {
	// OK: the test replayed as recorded, or it is a path cut short (whose
	// native run may end any way).
	OK bool
	// CutShort is set for a path floatsym cut short.
	CutShort bool
	// Line describes the result: "ok (exit 0)", "ran: exit 0 (path cut
	// short by time limit)", or the reason for a mismatch.
	Line string
}

// Judge compares a native outcome with the recorded one. Only recorded
// errors and normal ends must reproduce; a path cut short by a limit or an
// interrupt only ran, and its native end is reported, not judged (an error
// found natively on it is named: floatsym did not reach it).
func Judge(expected, got Outcome) Verdict {
	if by, ok := CutShort(expected); ok {
		var what string
		switch got.Kind {
		case KindMismatch:
			what = "the test's inputs ran out before the program's (" + got.Message + ")"
		case KindTimeout:
			what = "still running after the replay timeout"
		case KindExit:
			what = fmt.Sprintf("exit %d", got.ExitStatus)
		default:
			what = got.String() + "; an error floatsym did not reach on this path"
		}
		return Verdict{OK: true, CutShort: true, Line: fmt.Sprintf("ran: %s (path cut short by %s)", what, by)}
	}
	if ok, why := Compare(expected, got); !ok {
		return Verdict{Line: "MISMATCH " + why}
	}
	return Verdict{OK: true, Line: fmt.Sprintf("ok (%s)", got)}
}

// ManualBuild is what a replay binary built by hand needs (KLEE's
// -lkleeRuntest): the include directory for klee/klee.h and
// svcomp/svcomp.h, and the replay runtime compiled without sanitizers.
type ManualBuild struct {
	IncludeDir string
	// Runtime is the runtime's object file; link it with LinkFlags.
	Runtime   string
	LinkFlags []string
}

// PrepareManual materialises the headers and compiles the runtime object
// (once per runtime version) under crtDir (crt.DefaultDir() when empty).
// A binary linked with it reads its inputs from the .ktest named by the
// KTEST_FILE environment variable, as KLEE's replay library does.
func PrepareManual(ctx context.Context, compiler, crtDir string) (ManualBuild, error) {
	if compiler == "" {
		compiler = "clang-14"
	}
	if crtDir == "" {
		crtDir = crt.DefaultDir()
	}
	paths, err := crt.Materialize(crtDir)
	if err != nil {
		return ManualBuild{}, fmt.Errorf("replay runtime: %w", err)
	}
	ccPath, err := exec.LookPath(compiler)
	if err != nil {
		return ManualBuild{}, fmt.Errorf("replay runtime: C compiler: %w", err)
	}
	flags := []string{"-std=gnu99", "-O0", "-g", "-fPIC", "-I", paths.IncludeDir}
	obj := filepath.Join(crtDir, "floatsym-replay-rt-plain-"+digest(append([]string{ccPath, crt.Hash()}, flags...))[:12]+".o")
	if _, err := os.Stat(obj); err != nil {
		tmp := obj + fmt.Sprintf(".%d.tmp", os.Getpid())
		cmd := exec.CommandContext(ctx, ccPath, append(flags, "-c", paths.ReplaySource, "-o", tmp)...)
		if out, err := cmd.CombinedOutput(); err != nil {
			os.Remove(tmp)
			return ManualBuild{}, &BuildError{Cmd: cmd.Args, Output: string(out), Err: err}
		}
		if err := os.Rename(tmp, obj); err != nil {
			return ManualBuild{}, fmt.Errorf("replay runtime: %w", err)
		}
	}
	return ManualBuild{IncludeDir: paths.IncludeDir, Runtime: obj, LinkFlags: []string{"-Wl,--wrap=main", "-lm"}}, nil
}
