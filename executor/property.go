package executor

import (
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
)

// SV-COMP properties (--property FILE.prp): which terminations are
// violations. SV-COMP programs discard inputs with
// assume_abort_if_not(c) { if (!c) abort(); }, so under a property an
// abort() that is not the violation itself ends its path silently, as a
// failed klee_assume does.

// Properties floatsym checks.
const (
	PropUnreachCall   = "unreach-call"
	PropValidMemsafey = "valid-memsafety"
	PropNoOverflow    = "no-overflow"
)

// propertyRE reads one CHECK line of a .prp file.
var propertyRE = regexp.MustCompile(`^CHECK\(\s*init\(\s*main\(\)\s*\)\s*,\s*LTL\(\s*(.*?)\s*\)\s*\)$`)

// prpFormulas maps each LTL formula SV-COMP writes to the property's
// name and whether floatsym checks it.
var prpFormulas = map[string]struct {
	prop    string
	checked bool
}{
	"G ! call(reach_error())":      {PropUnreachCall, true},
	"G ! call(__VERIFIER_error())": {PropUnreachCall, true},
	"G valid-free":                 {PropValidMemsafey, true},
	"G valid-deref":                {PropValidMemsafey, true},
	"G valid-memtrack":             {PropValidMemsafey, false},
	"G ! overflow":                 {PropNoOverflow, true},
	"G valid-memcleanup":           {"valid-memcleanup", false},
	"F end":                        {"termination", false},
	"G ! data-race":                {"no-data-race", false},
}

// ParsePropertyFile reads an SV-COMP .prp file and returns the property
// floatsym checks for it, with notes on the parts it does not check
// (valid-memtrack: memory leaks). A property floatsym cannot check at all
// (termination, valid-memcleanup, no-data-race) is an error.
func ParsePropertyFile(path string) (prop string, notes []string, err error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", nil, fmt.Errorf("--property: %w", err)
	}
	props := map[string]bool{}
	for i, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		m := propertyRE.FindStringSubmatch(line)
		if m == nil {
			return "", nil, fmt.Errorf("--property %s:%d: not an SV-COMP property (want CHECK( init(main()), LTL(...) )): %q", path, i+1, line)
		}
		f, ok := prpFormulas[strings.Join(strings.Fields(m[1]), " ")]
		if !ok {
			return "", nil, fmt.Errorf("--property %s:%d: unknown formula %q", path, i+1, m[1])
		}
		if !f.checked {
			if f.prop != PropValidMemsafey {
				return "", nil, fmt.Errorf("--property %s: %s is not a property floatsym checks (it checks %s, %s, %s)", path, f.prop, PropUnreachCall, PropValidMemsafey, PropNoOverflow)
			}
			notes = append(notes, "valid-memtrack (memory leaks) is not checked")
		}
		props[f.prop] = true
	}
	if len(props) != 1 {
		var names []string
		for p := range props {
			names = append(names, p)
		}
		sort.Strings(names)
		return "", nil, fmt.Errorf("--property %s: want one property, got %d (%s)", path, len(props), strings.Join(names, ", "))
	}
	for p := range props {
		prop = p
	}
	return prop, notes, nil
}

// reachesError reports whether a termination is a call of reach_error (or
// __VERIFIER_error): an error raised inside it, or the builtin itself.
func reachesError(t *Termination) bool {
	if strings.HasPrefix(t.Message, "__VERIFIER_error reached") {
		return true
	}
	for _, f := range t.Stack {
		if f.Func == "reach_error" || f.Func == "__VERIFIER_error" {
			return true
		}
	}
	return false
}

// IsViolation reports whether an error termination violates the
// property ("": no property, every error counts).
func IsViolation(prop string, t *Termination) bool {
	if !t.Kind.IsError() {
		return false
	}
	switch prop {
	case PropUnreachCall:
		return reachesError(t)
	case PropValidMemsafey:
		return t.Kind == TermPtr || t.Kind == TermFree
	case PropNoOverflow:
		return t.Kind == TermOverflow || t.Kind == TermDiv && strings.Contains(t.Message, "overflow")
	}
	return true
}

// propertyEnd applies the property to a path's end: under a property an
// abort() that is not a violation (SV-COMP's assume_abort_if_not) ends
// the path silently.
func (e *Executor) propertyEnd(t *Termination) *Termination {
	if e.cfg.Property == "" || t.Kind != TermAbort || IsViolation(e.cfg.Property, t) {
		return t
	}
	e.silentAborts++
	return &Termination{Kind: TermSilent, Message: "abort() discards the input (" + e.cfg.Property + ")", File: t.File, Line: t.Line, Stack: t.Stack}
}
