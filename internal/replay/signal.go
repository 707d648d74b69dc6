package replay

import (
	"regexp"
	"strconv"
	"strings"
	"syscall"
)

// A recorded "signal" outcome (floatsym's TermSignal: the program raised
// a signal it has no handler for) names the signal in its message
// ("killed by signal SIGFPE (raise)"). Natively the process dies of it,
// or AddressSanitizer's handler reports it (SEGV, BUS, FPE, ABRT) and
// exits: either reproduces it when the signal is the same. A death
// without a sanitizer report has no native location (raise and kill are
// not caught by AddressSanitizer): the signal alone decides. Otherwise
// the location matches when the native error's location or its innermost frame in
// the program's sources is one of the recorded stack's frames (a signal
// raised inside a library built without debug information natively is
// located natively at the program's call into it).

var recordedSignalRE = regexp.MustCompile(`\bSIG([A-Z0-9]+)\b`)

// signalName is the name of a signal as a .err file records it (SIGFPE, SIGSEGV, ...).
func signalName(sig syscall.Signal) string {
	switch sig {
	case syscall.SIGABRT:
		return "SIGABRT"
	case syscall.SIGFPE:
		return "SIGFPE"
	case syscall.SIGSEGV:
		return "SIGSEGV"
	case syscall.SIGBUS:
		return "SIGBUS"
	case syscall.SIGILL:
		return "SIGILL"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGHUP:
		return "SIGHUP"
	case syscall.SIGQUIT:
		return "SIGQUIT"
	case syscall.SIGTRAP:
		return "SIGTRAP"
	case syscall.SIGUSR1:
		return "SIGUSR1"
	case syscall.SIGUSR2:
		return "SIGUSR2"
	case syscall.SIGPIPE:
		return "SIGPIPE"
	case syscall.SIGALRM:
		return "SIGALRM"
	case syscall.SIGKILL:
		return "SIGKILL"
	case syscall.SIGSYS:
		return "SIGSYS"
	case syscall.SIGXCPU:
		return "SIGXCPU"
	case syscall.SIGXFSZ:
		return "SIGXFSZ"
	case syscall.SIGVTALRM:
		return "SIGVTALRM"
	case syscall.SIGPROF:
		return "SIGPROF"
	case syscall.SIGSTKFLT:
		return "SIGSTKFLT"
	case syscall.SIGTSTP:
		return "SIGTSTP"
	case syscall.SIGTTIN:
		return "SIGTTIN"
	case syscall.SIGTTOU:
		return "SIGTTOU"
	case syscall.SIGIO:
		return "SIGIO"
	case syscall.SIGPWR:
		return "SIGPWR"
	}
	return "SIG" + strconv.Itoa(int(sig))
}

// asanSignal is the signal behind an AddressSanitizer report ("" when
// the report is not a caught signal).
func asanSignal(desc string) string {
	word, _, _ := strings.Cut(desc, " ")
	switch word {
	case "SEGV":
		return "SIGSEGV"
	case "BUS":
		return "SIGBUS"
	case "FPE":
		return "SIGFPE"
	case "ABRT":
		return "SIGABRT"
	case "ILL":
		return "SIGILL"
	}
	return ""
}

// compareSignal decides a recorded signal outcome.
func compareSignal(expected, got Outcome) (bool, string) {
	m := recordedSignalRE.FindStringSubmatch(expected.Message)
	if m == nil {
		return false, "recorded signal outcome names no signal: " + expected.Message
	}
	want := "SIG" + m[1]
	if got.Signal != want {
		return false, "expected death by " + want + ", native run ended with " + got.String()
	}
	if expected.File == "" && expected.Line == 0 {
		return true, ""
	}
	site, ok := got.CallSite()
	if got.File == "" && got.Line == 0 && !ok {
		// A signal the process sends itself (raise, kill) kills it
		// without a sanitizer report, hence without a location: the
		// signal decides.
		return true, ""
	}
	if sameLocation(expected.File, expected.Line, got.File, got.Line) {
		return true, ""
	}
	for _, f := range append([]Frame{{File: expected.File, Line: expected.Line}}, expected.Stack...) {
		if f.Line == 0 {
			continue
		}
		if sameLocation(f.File, f.Line, got.File, got.Line) || (ok && sameLocation(f.File, f.Line, site.File, site.Line)) {
			return true, ""
		}
	}
	return false, "expected " + want + " at " + expected.File + ":" + strconv.Itoa(expected.Line) +
		", native " + got.Signal + " at " + got.File + ":" + strconv.Itoa(got.Line)
}

// errStackRE reads a frame of an .err file's stack:
// "\t#1 in main () at /path/prog.c:12".
var errStackRE = regexp.MustCompile(`^\s*#\d+ in (\S+) \(\) at (.*):(\d+)$`)

func parseErrFrame(line string) (Frame, bool) {
	m := errStackRE.FindStringSubmatch(line)
	if m == nil {
		return Frame{}, false
	}
	n, _ := strconv.Atoi(m[3])
	return Frame{Function: m[1], File: m[2], Line: n}, true
}
