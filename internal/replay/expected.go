package replay

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// SummaryFile is the name of floatsym's per-run summary, beside the tests.
const SummaryFile = "summary.json"

// Summary is the part of summary.json that replay reads.
type Summary struct {
	Paths []SummaryPath `json:"paths"`
}

// SummaryPath is one explored path of summary.json.
type SummaryPath struct {
	// Test is the path's .ktest file name (a base name, or a path whose
	// base name is used).
	Test        string      `json:"test"`
	Termination Termination `json:"termination"`
}

// Termination is how floatsym saw a path end.
type Termination struct {
	Kind       string `json:"kind"`
	ExitStatus int    `json:"exit_status"`
	Message    string `json:"message"`
	File       string `json:"file"`
	Line       int    `json:"line"`
}

// Expected returns the outcome floatsym recorded for the test at
// ktestPath. When testNNNNNN.<kind>.err exists beside it, that file
// decides (KLEE's format: "Error: <message>", "File: <path>",
// "Line: <n>", ...); otherwise the test's entry in summary.json in the
// same directory does; otherwise a testNNNNNN.early file marks a path cut
// short (KindEarly).
func Expected(ktestPath string) (Outcome, error) {
	dir := filepath.Dir(ktestPath)
	base := filepath.Base(ktestPath)
	stem := strings.TrimSuffix(base, ".ktest")
	entries, err := os.ReadDir(dir)
	if err != nil {
		return Outcome{}, fmt.Errorf("expected outcome of %s: %w", ktestPath, err)
	}
	var errFiles []string
	early := ""
	for _, e := range entries {
		name := e.Name()
		switch {
		case strings.HasPrefix(name, stem+".") && strings.HasSuffix(name, ".err") && len(name) > len(stem)+len("..err"):
			errFiles = append(errFiles, name)
		case name == stem+".early":
			early = name
		}
	}
	if len(errFiles) > 0 {
		sort.Strings(errFiles)
		name := errFiles[0]
		kind := strings.TrimSuffix(strings.TrimPrefix(name, stem+"."), ".err")
		o, err := ParseErrFile(filepath.Join(dir, name))
		if err != nil {
			return Outcome{}, err
		}
		o.Kind = kind
		return o, nil
	}

	sumPath := filepath.Join(dir, SummaryFile)
	data, err := os.ReadFile(sumPath)
	switch {
	case err == nil:
		var s Summary
		if err := json.Unmarshal(data, &s); err != nil {
			return Outcome{}, fmt.Errorf("expected outcome of %s: parsing %s: %w", ktestPath, sumPath, err)
		}
		for _, p := range s.Paths {
			if filepath.Base(p.Test) == base {
				t := p.Termination
				if t.Kind == "" {
					return Outcome{}, fmt.Errorf("expected outcome of %s: %s: termination has no kind", ktestPath, sumPath)
				}
				return Outcome{Kind: t.Kind, ExitStatus: t.ExitStatus, Message: t.Message, File: t.File, Line: t.Line}, nil
			}
		}
		if early == "" {
			return Outcome{}, fmt.Errorf("expected outcome of %s: no entry for %s in %s", ktestPath, base, sumPath)
		}
	case !errors.Is(err, os.ErrNotExist):
		return Outcome{}, fmt.Errorf("expected outcome of %s: %w", ktestPath, err)
	}
	if early != "" {
		msg, _ := os.ReadFile(filepath.Join(dir, early))
		return Outcome{Kind: KindEarly, Message: strings.TrimSpace(string(msg))}, nil
	}
	return Outcome{}, fmt.Errorf("expected outcome of %s: no %s.*.err file and no %s: %w",
		ktestPath, stem, SummaryFile, os.ErrNotExist)
}

// ParseErrFile reads a KLEE-style .err file. The kind, which is part of
// the file's name, is left empty.
func ParseErrFile(path string) (Outcome, error) {
	f, err := os.Open(path)
	if err != nil {
		return Outcome{}, fmt.Errorf("reading error file: %w", err)
	}
	defer f.Close()
	var o Outcome
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64*1024), 16<<20)
	sawError, inStack := false, false
	for sc.Scan() {
		line := sc.Text()
		if inStack {
			// Only frames follow "Stack:"; whatever else is there is not
			// read as the error's fields.
			if f, ok := parseErrFrame(line); ok {
				o.Stack = append(o.Stack, f)
			}
			continue
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		val = strings.TrimSpace(val)
		switch key {
		case "Error":
			o.Message, sawError = val, true
		case "File":
			o.File = val
		case "Line":
			n, err := strconv.Atoi(val)
			if err != nil {
				return Outcome{}, fmt.Errorf("error file %s: bad line number %q: %w", path, val, err)
			}
			o.Line = n
		case "Stack":
			inStack = true
		}
	}
	if err := sc.Err(); err != nil {
		return Outcome{}, fmt.Errorf("reading error file %s: %w", path, err)
	}
	return finishErr(path, o, sawError)
}

func finishErr(path string, o Outcome, sawError bool) (Outcome, error) {
	if !sawError {
		return Outcome{}, fmt.Errorf("error file %s: no \"Error:\" line", path)
	}
	return o, nil
}

// notReplayable are recorded kinds that no native run can reproduce.
var notReplayable = map[string]string{
	KindExec:     "an execution error of floatsym (unsupported instruction or call)",
	KindModel:    "a program feature floatsym does not model",
	KindSolver:   "a solver failure",
	KindExternal: "a call to an unmodelled external function",
	KindEarly:    "a path floatsym cut short",
	KindTimeout:  "a path floatsym cut short",
}

// Match reports whether a native outcome reproduces the expected one.
func Match(expected, got Outcome) bool {
	ok, _ := Compare(expected, got)
	return ok
}

// Compare is Match with the reason for a mismatch. A normal exit matches
// a normal exit with the same status. An error matches an error of the
// same kind (a recorded "readonly" matches a native "ptr") at the same
// line of a file with the same base name; when the recorded error has no
// location the kind suffices. For a klee_report_error outcome the
// location may be either the file and line passed to it or its call site.
func Compare(expected, got Outcome) (bool, string) {
	if why, bad := notReplayable[expected.Kind]; bad {
		return false, fmt.Sprintf("recorded outcome %q is %s, which cannot be replayed natively", expected.Kind, why)
	}
	switch got.Kind {
	case KindMismatch:
		return false, "the test does not replay: " + got.Message
	case KindTimeout:
		return false, "the native run timed out: " + got.Message
	}
	if expected.Kind == KindExit {
		if got.Kind != KindExit {
			return false, fmt.Sprintf("expected exit %d, native run ended with %s", expected.ExitStatus, got)
		}
		if got.ExitStatus != expected.ExitStatus {
			return false, fmt.Sprintf("expected exit status %d, got %d", expected.ExitStatus, got.ExitStatus)
		}
		return true, ""
	}
	if expected.Kind == KindSignal {
		return compareSignal(expected, got)
	}
	kind := expected.Kind
	if kind == KindReadOnly {
		kind = KindPtr
	}
	if got.Kind != kind {
		return false, fmt.Sprintf("expected %s, native run ended with %s", expected, got)
	}
	if expected.File == "" && expected.Line == 0 {
		return true, ""
	}
	if got.Signal != "" && got.File == "" && got.Line == 0 && len(got.Stack) == 0 {
		// Killed by a signal with no sanitizer report (e.g. SIGABRT once
		// the program's own handler replaced AddressSanitizer's): no
		// native location to compare.
		return true, ""
	}
	if sameLocation(expected.File, expected.Line, got.File, got.Line) {
		return true, ""
	}
	if f, ok := got.CallSite(); ok && sameLocation(expected.File, expected.Line, f.File, f.Line) {
		return true, ""
	}
	return false, fmt.Sprintf("expected %s at %s:%d, native %s at %s:%d",
		expected.Kind, expected.File, expected.Line, got.Kind, got.File, got.Line)
}

func sameLocation(f1 string, l1 int, f2 string, l2 int) bool {
	if l1 != l2 {
		return false
	}
	if f1 == "" {
		return true // recorded a line but no file
	}
	return filepath.Base(f1) == filepath.Base(f2)
}
