package replay

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"

	"github.com/floatsym/floatsym/internal/crt"
)

// Outcome kinds. The error kinds are KLEE's test-file suffixes; a
// klee_report_error call yields its own suffix as the kind.
const (
	KindExit        = "exit"        // normal exit; ExitStatus holds the status
	KindAssert      = "assert"      // assertion failure (assert, klee_assert)
	KindAbort       = "abort"       // abort(), klee_abort, __VERIFIER_error
	KindPtr         = "ptr"         // out-of-bounds access, null deref, use after free
	KindFree        = "free"        // double free, free of a non-heap pointer
	KindDiv         = "div"         // integer division by zero
	KindOvershift   = "overshift"   // shift amount >= bit width (or negative)
	KindReportError = "reporterror" // klee_report_error (when its suffix is this)
	KindUser        = "user"        // klee_report_error(..., "user"), invalid klee_range
	KindTimeout     = "timeout"     // the native run exceeded its time limit
	KindMismatch    = "mismatch"    // the test does not fit the program, or violates an assumption
	KindSignal      = "signal"      // killed by a signal without a sanitizer report
	KindSanitizer   = "sanitizer"   // some other sanitizer report (e.g. stack overflow)
	KindFPExc       = "fpexc"       // a trapped floating-point exception (--check-fp)
	KindFPConv      = "fpconv"      // float-to-integer conversion of NaN or out of range

	// Kinds floatsym may record that have no native counterpart.
	KindExec     = "exec"     // unsupported instruction, bad call, ...
	KindModel    = "model"    // unsupported program feature
	KindSolver   = "solver"   // solver failure
	KindExternal = "external" // call to an unmodelled external function
	KindOverflow = "overflow" // signed integer overflow (--property no-overflow)
	KindReadOnly = "readonly" // write to read-only memory (natively: ptr)
	KindEarly    = "early"    // path cut short (limits), no error
)

// Outcome is how one execution of a test ended, natively or as floatsym
// recorded it.
type Outcome struct {
	// Kind is one of the Kind constants, or a klee_report_error suffix.
	Kind string
	// ExitStatus is the exit status for KindExit; for other native
	// outcomes, the process's status (-1 when killed by a signal).
	ExitStatus int
	// File and Line locate an error (empty / 0 when unknown). For an error
	// found natively they are the innermost frame in the program's own
	// sources; for klee_report_error, the file and line it was given
	// (its call site when the runtime itself raised the error).
	File string
	Line int
	// Message describes the error.
	Message string
	// Stack is the native stack of the error, innermost first, when the
	// sanitizers printed one (for a recorded outcome: the .err file's).
	Stack []Frame
	// Signal names the signal the native process died of ("SIGFPE"),
	// directly or reported by AddressSanitizer's handler ("" for none).
	Signal string
}

// Frame is one stack frame of a native report.
type Frame struct {
	Function string
	File     string
	Line     int
	// User is true for frames in the program's own sources.
	User bool
}

func (o Outcome) String() string {
	var b strings.Builder
	b.WriteString(o.Kind)
	if o.Kind == KindExit {
		fmt.Fprintf(&b, " %d", o.ExitStatus)
	}
	if o.File != "" || o.Line != 0 {
		fmt.Fprintf(&b, " at %s:%d", o.File, o.Line)
	}
	if o.Message != "" {
		fmt.Fprintf(&b, ": %s", o.Message)
	}
	return b.String()
}

// CallSite is the innermost user frame of the stack, if any.
func (o Outcome) CallSite() (Frame, bool) {
	for _, f := range o.Stack {
		if f.User {
			return f, true
		}
	}
	return Frame{}, false
}

// runInfo is what a native run left behind.
type runInfo struct {
	exitStatus int
	signal     syscall.Signal // non-zero when killed by a signal
	stderr     string
	sanLog     string
	// fptrap names the floating-point exception whose trap was enabled
	// ("" for none): a SIGFPE is then that exception. fpconv: UBSan's
	// float-cast-overflow reports decide the outcome (otherwise they are
	// ignored, as floatsym reports them only when asked to).
	fptrap string
	fpconv bool
	// overflow: UBSan's signed-integer-overflow reports decide the
	// outcome (overflow.go).
	overflow bool
}

var (
	// glibc: "prog: file.c:12: int main(void): Assertion `x' failed."
	assertRE = regexp.MustCompile("(?m)^.*?: (.+?):(\\d+): (?:(.*?): )?Assertion `(.*)' failed\\.\\s*$")
	// replay.c's markers
	reportRE   = regexp.MustCompile(`(?m)^floatsym-replay: error kind=(\S*) file=(.*?) line=(-?\d+): (.*)$`)
	mismatchRE = regexp.MustCompile(`(?m)^floatsym-replay: (mismatch: .*|assume violated.*)$`)
	// UBSan: "file.c:10:20: runtime error: division by zero"
	ubsanRE = regexp.MustCompile(`(?m)^(.*?):(\d+):(\d+): runtime error: (.*)$`)
	// ASan: "==123==ERROR: AddressSanitizer: SEGV on unknown address ..."
	asanRE = regexp.MustCompile(`(?m)ERROR: AddressSanitizer: (.*)$`)
	// "    #3 0x55e59d776210 in main /tmp/x/u.c:13:11"
	frameRE = regexp.MustCompile(`^\s*#(\d+) 0x[0-9a-fA-F]+ in (.*)$`)
	// the location at the end of a frame: " /path/file.c:13:11" or ":13"
	frameLocRE = regexp.MustCompile(`^(.*) (\S.*?):(\d+)(?::\d+)?$`)
)

// classify turns a finished run into an Outcome.
func (b *Binary) classify(in runInfo) Outcome {
	status := in.exitStatus
	if in.signal != 0 {
		status = -1
	}
	stack := b.parseStack(in.sanLog)

	switch in.exitStatus {
	case crt.ExitMismatch, crt.ExitAssume:
		if m := lastMatch(mismatchRE, in.stderr); m != nil {
			return Outcome{Kind: KindMismatch, ExitStatus: status, Message: strings.TrimPrefix(m[1], "mismatch: ")}
		}
	case crt.ExitReportError:
		if m := lastMatch(reportRE, in.stderr); m != nil {
			line, _ := strconv.Atoi(m[3])
			o := Outcome{Kind: m[1], ExitStatus: status, File: m[2], Line: line, Message: m[4], Stack: stack}
			if b.isRuntime(o.File) {
				// Raised by the runtime itself (e.g. an invalid klee_range):
				// report the program's call site instead.
				if f, ok := o.CallSite(); ok {
					o.File, o.Line = f.File, f.Line
				}
			}
			return o
		}
	}

	aborted := in.signal == syscall.SIGABRT || strings.Contains(in.sanLog, "AddressSanitizer: ABRT")
	if aborted {
		if m := lastMatch(assertRE, in.stderr); m != nil {
			line, _ := strconv.Atoi(m[2])
			o := Outcome{Kind: KindAssert, ExitStatus: status, File: m[1], Line: line,
				Message: "ASSERTION FAIL: " + m[4], Stack: stack}
			if f, ok := o.CallSite(); ok && f.Line == line && filepath.Base(f.File) == filepath.Base(m[1]) {
				o.File = f.File // prefer the symbolizer's absolute path
			} else if ok && b.isRuntime(m[1]) {
				// Raised by the runtime (__VERIFIER_assert): report the
				// program's call, as floatsym does.
				o.File, o.Line = f.File, f.Line
			}
			return o
		}
	}

	// The first sanitizer report decides.
	ub := firstUBSan(in.sanLog, in.fpconv, in.overflow)
	as := asanRE.FindStringSubmatchIndex(in.sanLog)
	if ub != nil && (as == nil || ub[0] < as[0]) {
		file := in.sanLog[ub[2]:ub[3]]
		line, _ := strconv.Atoi(in.sanLog[ub[4]:ub[5]])
		msg := in.sanLog[ub[8]:ub[9]]
		kind := KindSanitizer
		switch {
		case strings.HasPrefix(msg, "division by zero"):
			kind = KindDiv
		case strings.HasPrefix(msg, "shift exponent"):
			kind = KindOvershift
		case isFloatCast(msg):
			kind = KindFPConv
		case isSignedOverflow(msg):
			kind = KindOverflow
		}
		o := Outcome{Kind: kind, ExitStatus: status, File: file, Line: line, Message: msg, Stack: stack}
		if f, ok := o.CallSite(); ok && f.Line == line && filepath.Base(f.File) == filepath.Base(file) {
			o.File = f.File
		}
		return o
	}
	if as != nil {
		desc := strings.TrimSpace(in.sanLog[as[2]:as[3]])
		o := Outcome{Kind: asanKind(desc), ExitStatus: status, Message: desc, Stack: stack, Signal: asanSignal(desc)}
		if o.Kind == KindDiv && in.fptrap != "" {
			// Only the trap of this exception is enabled (and integer
			// division by zero is UBSan's): the SIGFPE is the exception.
			o.Kind, o.Message = KindFPExc, "floating-point "+in.fptrap+" trapped: "+desc
		}
		if f, ok := o.CallSite(); ok {
			o.File, o.Line = f.File, f.Line
		}
		return o
	}

	if in.signal != 0 {
		o := Outcome{ExitStatus: -1, Stack: stack, Message: "killed by signal: " + in.signal.String(), Signal: signalName(in.signal)}
		switch in.signal {
		case syscall.SIGABRT:
			o.Kind = KindAbort
		case syscall.SIGSEGV, syscall.SIGBUS:
			o.Kind = KindPtr
		case syscall.SIGFPE:
			o.Kind = KindDiv
			if in.fptrap != "" {
				o.Kind = KindFPExc
			}
		default:
			o.Kind = KindSignal
		}
		return o
	}
	return Outcome{Kind: KindExit, ExitStatus: in.exitStatus}
}

// asanKind maps an AddressSanitizer error description to a kind.
func asanKind(desc string) string {
	word := desc
	if i := strings.IndexByte(desc, ' '); i >= 0 {
		word = desc[:i]
	}
	switch {
	case word == "ABRT":
		return KindAbort
	case word == "FPE":
		return KindDiv
	case strings.HasPrefix(desc, "attempting double-free"),
		strings.HasPrefix(desc, "attempting free on address which was not malloc()-ed"),
		word == "alloc-dealloc-mismatch", word == "new-delete-type-mismatch",
		word == "bad-free", word == "double-free":
		return KindFree
	case word == "SEGV", word == "BUS", word == "unknown-crash", word == "container-overflow",
		word == "use-after-poison", word == "negative-size-param",
		strings.HasSuffix(word, "-buffer-overflow"), strings.HasSuffix(word, "-buffer-underflow"),
		strings.Contains(word, "use-after-"), strings.HasPrefix(word, "wild-"),
		word == "intra-object-overflow":
		return KindPtr
	}
	return KindSanitizer
}

// parseStack extracts the first stack trace of a sanitizer log.
func (b *Binary) parseStack(log string) []Frame {
	var frames []Frame
	started := false
	for _, line := range strings.Split(log, "\n") {
		m := frameRE.FindStringSubmatch(line)
		if m == nil {
			if started {
				break
			}
			continue
		}
		if started && m[1] == "0" {
			break // a second stack begins
		}
		started = true
		f := Frame{Function: m[2]}
		if l := frameLocRE.FindStringSubmatch(m[2]); l != nil && !strings.HasPrefix(l[2], "(") {
			f.Function, f.File = l[1], l[2]
			f.Line, _ = strconv.Atoi(l[3])
		} else if i := strings.Index(m[2], " ("); i >= 0 {
			f.Function = m[2][:i] // "free (/path/bin+0x1234)"
		}
		f.User = b.isUser(f.File)
		frames = append(frames, f)
	}
	return frames
}

// isUser reports whether file is one of the program's own files: one of
// its sources, or a file in a source's directory tree, but not the replay
// runtime. Relative paths (glibc's frames are relative) count only when
// they are a bare source file name.
func (b *Binary) isUser(file string) bool {
	if file == "" {
		return false
	}
	clean := filepath.Clean(file)
	if !filepath.IsAbs(clean) {
		if strings.ContainsRune(clean, filepath.Separator) {
			return false
		}
		for _, s := range b.Sources {
			if clean == filepath.Base(s) {
				return true
			}
		}
		return false
	}
	if b.isRuntime(clean) {
		return false
	}
	for _, s := range b.Sources {
		if clean == s {
			return true
		}
	}
	for _, s := range b.Sources {
		if rel, err := filepath.Rel(filepath.Dir(s), clean); err == nil && rel != ".." &&
			!strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// isRuntime reports whether file is the replay runtime's source.
func (b *Binary) isRuntime(file string) bool {
	return b.replaySource != "" && file != "" && filepath.Clean(file) == filepath.Clean(b.replaySource)
}

func lastMatch(re *regexp.Regexp, s string) []string {
	all := re.FindAllStringSubmatch(s, -1)
	if len(all) == 0 {
		return nil
	}
	return all[len(all)-1]
}

// isFloatCast reports whether a UBSan message is a float-cast-overflow
// report ("1e+10 is outside the range of representable values of type
// 'int'").
func isFloatCast(msg string) bool {
	return strings.Contains(msg, "is outside the range of representable values of type")
}

// firstUBSan finds the first UBSan report, skipping float-cast-overflow
// reports unless fpconv and signed-integer-overflow ones unless overflow.
func firstUBSan(log string, fpconv, overflow bool) []int {
	for _, m := range ubsanRE.FindAllStringSubmatchIndex(log, -1) {
		msg := log[m[8]:m[9]]
		if (fpconv || !isFloatCast(msg)) && (overflow || !isSignedOverflow(msg)) {
			return m
		}
	}
	return nil
}

// fpTrapMasks are glibc's x86_64 FE_* values of the exceptions floatsym
// reports.
var fpTrapMasks = map[string]int{"invalid": 0x01, "divbyzero": 0x04, "overflow": 0x08, "underflow": 0x10, "inexact": 0x20}

// fpexcRE reads the exception out of an fpexc report's message.
var fpexcRE = regexp.MustCompile(`^floating-point (\w+) in `)

// fpExpectation looks beside a test for an fpexc or fpconv report and
// returns the exception to trap and whether float-cast reports count.
func fpExpectation(ktestPath string) (trap string, fpconv bool) {
	stem := strings.TrimSuffix(ktestPath, ".ktest")
	if _, err := os.Stat(stem + "." + KindFPConv + ".err"); err == nil {
		fpconv = true
	}
	if o, err := ParseErrFile(stem + "." + KindFPExc + ".err"); err == nil {
		if m := fpexcRE.FindStringSubmatch(o.Message); m != nil {
			if _, ok := fpTrapMasks[m[1]]; ok {
				trap = m[1]
			}
		}
	}
	return trap, fpconv
}
