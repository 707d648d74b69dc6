// Package smtpipe runs an SMT-LIB2 solver binary (cvc5, z3) as a child
// process on one query: the script goes to its standard input, the
// verdict and the values of the model terms come back on its standard
// output. A child per query isolates floatsym from the solver (KLEE's
// forked solver): a crash, a memory cap or a hang ends the child, never
// the run, and a query is stopped by killing its child.
package smtpipe

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Errors of Run; they are wrapped with context.
var (
	// ErrKilled: the query was stopped (its context ended) before the
	// solver answered.
	ErrKilled = errors.New("smt solver stopped")
	// ErrMemory: the solver ran out of its memory cap.
	ErrMemory = errors.New("smt solver out of memory")
	// ErrCrash: the solver died or answered something unreadable.
	ErrCrash = errors.New("smt solver crashed")
)

// Status is a solver's verdict.
type Status int

const (
	Unknown Status = iota
	Sat
	Unsat
)

func (s Status) String() string { return [...]string{"unknown", "sat", "unsat"}[s] }

// Solver is a solver binary and its arguments for reading SMT-LIB2 from
// standard input.
type Solver struct {
	// Name names the solver in messages and statistics.
	Name string
	Path string
	Args []string
	// MemoryMB caps the child's address space (0: no cap).
	MemoryMB int
}

// CVC5 is the cvc5 binary. --fp-exp enables floating-point sorts other
// than Float32 and Float64 (x86_fp80 is FloatingPoint 15 64).
func CVC5(memoryMB int) *Solver {
	return &Solver{Name: "cvc5", Path: "cvc5", Args: []string{"--lang=smt2", "--fp-exp"}, MemoryMB: memoryMB}
}

// Z3 is the z3 binary.
func Z3(memoryMB int) *Solver {
	return &Solver{Name: "z3", Path: "z3", Args: []string{"-in", "-smt2"}, MemoryMB: memoryMB}
}

// Result is a solver's answer: its verdict, the values of the terms when
// Sat, and for Unknown the solver's reason.
type Result struct {
	Status Status
	Values []uint64
	Reason string
}

// Run decides the query: logic, body (declarations and assertions), and
// the terms (bit-vectors of at most 64 bits) whose values a Sat answer
// gives. The child is killed when ctx ends (ErrKilled).
func (s *Solver) Run(ctx context.Context, logic, body string, terms []string) (Result, error) {
	var in strings.Builder
	in.WriteString("(set-option :produce-models true)\n")
	fmt.Fprintf(&in, "(set-logic %s)\n", logic)
	in.WriteString(body)
	in.WriteString("(check-sat)\n")
	if len(terms) > 0 {
		in.WriteString("(get-value (")
		in.WriteString(strings.Join(terms, " "))
		in.WriteString("))\n")
	}
	in.WriteString("(exit)\n")

	path, args := s.command()
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Stdin = strings.NewReader(in.String())
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	cmd.WaitDelay = time.Second
	// The child dies with floatsym, whatever ends it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	err := cmd.Run()
	if ctx.Err() != nil {
		return Result{}, fmt.Errorf("%s: %w (%v)", s.Name, ErrKilled, context.Cause(ctx))
	}
	text := out.String() + errb.String()
	// z3 prints "unsupported" for a logic it does not know (QF_ABVFP)
	// and decides the query with its default solver.
	reply := strings.TrimLeft(out.String(), " \t\r\n")
	for strings.HasPrefix(reply, "unsupported\n") {
		reply = strings.TrimLeft(strings.TrimPrefix(reply, "unsupported\n"), " \t\r\n")
	}
	first, rest, _ := strings.Cut(reply, "\n")
	switch strings.TrimSpace(first) {
	case "unsat":
		return Result{Status: Unsat}, nil
	case "sat":
		vals, perr := parseValues(rest, len(terms))
		if perr != nil {
			return Result{}, fmt.Errorf("%s: %w: model: %v", s.Name, ErrCrash, perr)
		}
		return Result{Status: Sat, Values: vals}, nil
	case "unknown":
		return Result{Status: Unknown, Reason: strings.TrimSpace(rest)}, nil
	}
	if isMemoryOut(text, err) {
		return Result{}, fmt.Errorf("%s: %w: %s", s.Name, ErrMemory, brief(text, err))
	}
	return Result{}, fmt.Errorf("%s: %w: %s", s.Name, ErrCrash, brief(text, err))
}

// command is the program to start and its arguments.
func (s *Solver) command() (path string, args []string) {
	path, args = s.Path, s.Args
	if s.MemoryMB > 0 {
		// The address-space cap is set in the child by the shell, which
		// then becomes the solver (exec): Go's os/exec sets no rlimits.
		args = append([]string{"-c", `ulimit -v "$1" && shift && exec "$@"`, "sh",
			strconv.Itoa(s.MemoryMB * 1024), path}, args...)
		path = "/bin/sh"
	}
	return path, args
}

// isMemoryOut recognises a solver that hit its address-space cap: an
// allocation failure message, or an abort (uncaught std::bad_alloc).
func isMemoryOut(text string, err error) bool {
	l := strings.ToLower(text)
	if strings.Contains(l, "bad_alloc") || strings.Contains(l, "out of memory") || strings.Contains(l, "memory exhausted") ||
		strings.Contains(l, "cannot allocate") {
		return true
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() && ws.Signal() == syscall.SIGABRT {
			return true
		}
	}
	return false
}

func brief(text string, err error) string {
	text = strings.TrimSpace(text)
	if len(text) > 300 {
		text = text[:300] + "…"
	}
	if err != nil {
		if text == "" {
			return err.Error()
		}
		return fmt.Sprintf("%v: %s", err, text)
	}
	if text == "" {
		return "no answer"
	}
	return text
}

// parseValues reads a get-value answer, ((term value) ...), and returns
// the n values in order. Values are #b…, #x… or (_ bvN W).
func parseValues(s string, n int) ([]uint64, error) {
	if n == 0 {
		return nil, nil
	}
	toks := tokenize(s)
	vals := make([]uint64, 0, n)
	// Walk the pairs: at depth 2 a pair ends with its value.
	depth := 0
	var last []string // atoms of the current pair at depth 2 and the (_ bv) form
	for _, t := range toks {
		switch t {
		case "(":
			depth++
			if depth == 2 {
				last = last[:0]
			}
		case ")":
			if depth == 2 {
				v, err := pairValue(last)
				if err != nil {
					return nil, err
				}
				vals = append(vals, v)
			}
			depth--
		default:
			if depth >= 2 {
				last = append(last, t)
			} else if strings.HasPrefix(t, "(error") || t == "error" {
				return nil, fmt.Errorf("solver error: %s", s)
			}
		}
	}
	if len(vals) != n {
		return nil, fmt.Errorf("%d values for %d terms in %.200q", len(vals), n, s)
	}
	return vals, nil
}

// pairValue is the value at the end of a pair's atoms: #b…, #x…, or the
// atoms _ bvN W.
func pairValue(atoms []string) (uint64, error) {
	if len(atoms) == 0 {
		return 0, fmt.Errorf("empty value pair")
	}
	v := atoms[len(atoms)-1]
	switch {
	case strings.HasPrefix(v, "#b"):
		return strconv.ParseUint(v[2:], 2, 64)
	case strings.HasPrefix(v, "#x"):
		return strconv.ParseUint(v[2:], 16, 64)
	case len(atoms) >= 3 && atoms[len(atoms)-3] == "_" && strings.HasPrefix(atoms[len(atoms)-2], "bv"):
		return strconv.ParseUint(atoms[len(atoms)-2][2:], 10, 64)
	}
	return 0, fmt.Errorf("unreadable value %q", v)
}

// tokenize splits S-expressions into parentheses and atoms; |quoted|
// symbols and "strings" are single atoms.
func tokenize(s string) []string {
	var toks []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '(' || c == ')':
			toks = append(toks, s[i:i+1])
			i++
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case c == '|' || c == '"':
			j := strings.IndexByte(s[i+1:], c)
			if j < 0 {
				return append(toks, s[i:])
			}
			toks = append(toks, s[i:i+j+2])
			i += j + 2
		default:
			j := i
			for j < len(s) && !strings.ContainsRune("() \t\n\r|\"", rune(s[j])) {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		}
	}
	return toks
}
