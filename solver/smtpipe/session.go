package smtpipe

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
	"runtime"
	"strings"
	"sync"
	"syscall"
)

// Session is a solver binary kept running across queries (z3 -in). A
// query with floating point is posed after (reset), so it starts from a
// fresh term manager and solver, as a fresh in-process context would:
// Z3's FP tactic is used only by a solver that was never pushed, and
// its search depends on the terms' history (see solver/z3). A QF_BV
// query runs in a scope pushed for it and popped by the next one:
// (reset) costs about 2.5 ms (it rebuilds the term manager), push/pop a
// tenth of it, and bit-vector queries are the many small ones. Z3 4.8
// decides a pushed QF_BV solver with its incremental SAT solver
// (bit-blasting, as its QF_BV tactic does); with arrays (QF_ABV) a push
// would move it to its general SMT core, so those queries are reset too.
//
// The process saves a process start per query (about 50 ms for z3 on a
// loaded machine), so that every query, not only the hard ones, can run
// outside floatsym's process. A query is stopped by killing the process;
// so is a process that crashed, reached its memory cap or answered
// something unreadable. The next query starts a new one. It is safe for
// concurrent use (queries are serialised).
type Session struct {
	// Solver is the binary, its arguments and its memory cap.
	Solver *Solver
	// MaxUses: the process is replaced after that many queries (0: never),
	// so that a solver's leaks and fragmentation do not accumulate over
	// a long run.
	MaxUses int

	mu    sync.Mutex
	proc  *process
	uses  int
	Spawn int // processes started, for tests and statistics
	// base is the logic of the process's pushed scope, where the last
	// query without floating point ran ("": none).
	base string
}

// NewSession makes a session of s; its process starts with the first
// query. The process ends with Close, when the Session is garbage, or
// with floatsym.
func (s *Solver) NewSession() *Session {
	p := &Session{Solver: s, MaxUses: 1000}
	// A Solver dropped without Close (tests make thousands) must not
	// leave an idle solver process behind until floatsym exits.
	runtime.SetFinalizer(p, (*Session).Close)
	return p
}

// endMarker ends every batch of commands: the solver echoes it once it
// has run them all, so a reply is everything before it.
const endMarker = "floatsym-end-of-reply"

type process struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	out    *bufio.Reader
	stderr *capBuffer
}

// capBuffer keeps the first 4 KiB written to it (a solver's stderr).
type capBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (c *capBuffer) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if room := 4096 - c.b.Len(); room > 0 {
		c.b.Write(p[:min(room, len(p))])
	}
	return len(p), nil
}

func (c *capBuffer) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.b.String()
}

func (p *Session) start() (*process, error) {
	path, args := p.Solver.command()
	cmd := exec.Command(path, args...)
	// The child dies with floatsym, whatever ends it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	pr := &process{cmd: cmd, stdin: stdin, out: bufio.NewReaderSize(stdout, 1<<16), stderr: &capBuffer{}}
	cmd.Stderr = pr.stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	p.Spawn++
	return pr, nil
}

// stop kills the process and reaps it, returning its exit error.
func (p *Session) stop() error {
	pr := p.proc
	if pr == nil {
		return nil
	}
	p.proc, p.base = nil, ""
	pr.cmd.Process.Kill()
	pr.stdin.Close()
	return pr.cmd.Wait()
}

// Close ends the session's process (a later query starts a new one).
func (p *Session) Close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stop()
}

// Run decides a query as Solver.Run does, in the session's process.
func (p *Session) Run(ctx context.Context, logic, body string, terms []string) (Result, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	name := p.Solver.Name
	if err := ctx.Err(); err != nil {
		return Result{}, fmt.Errorf("%s: %w before the query (%v)", name, ErrKilled, context.Cause(ctx))
	}
	if p.proc != nil && p.MaxUses > 0 && p.uses >= p.MaxUses {
		p.stop()
	}
	if p.proc == nil {
		pr, err := p.start()
		if err != nil {
			return Result{}, fmt.Errorf("%s: %w: %v", name, ErrCrash, err)
		}
		p.proc, p.uses = pr, 0
	}
	p.uses++
	var in strings.Builder
	if incremental := logic == "QF_BV"; incremental && p.base == logic {
		in.WriteString("(pop 1)\n(push 1)\n")
	} else {
		in.WriteString("(reset)\n(set-option :produce-models true)\n")
		fmt.Fprintf(&in, "(set-logic %s)\n", logic)
		p.base = ""
		if incremental {
			in.WriteString("(push 1)\n")
			p.base = logic
		}
	}
	in.WriteString(body)
	in.WriteString("(check-sat)\n")
	reply, err := p.exchange(ctx, in.String())
	if err != nil {
		return Result{}, err
	}
	if strings.Contains(reply, "(error") {
		// A declaration or assertion the solver rejected: its verdict
		// would be on part of the query.
		reply = "error: " + reply
	}
	switch reply {
	case "unsat":
		return Result{Status: Unsat}, nil
	case "unknown":
		reason, err := p.exchange(ctx, "(get-info :reason-unknown)\n")
		if err != nil {
			return Result{}, err
		}
		return Result{Status: Unknown, Reason: reason}, nil
	case "sat":
		if len(terms) == 0 {
			return Result{Status: Sat}, nil
		}
		vals, err := p.exchange(ctx, "(get-value ("+strings.Join(terms, " ")+"))\n")
		if err != nil {
			return Result{}, err
		}
		v, perr := parseValues(vals, len(terms))
		if perr != nil {
			p.stop() // the process's state is not to be trusted
			return Result{}, fmt.Errorf("%s: %w: model: %v", name, ErrCrash, perr)
		}
		return Result{Status: Sat, Values: v}, nil
	}
	p.stop()
	if isMemoryOut(reply, nil) {
		return Result{}, fmt.Errorf("%s: %w: %s", name, ErrMemory, brief(reply, nil))
	}
	return Result{}, fmt.Errorf("%s: %w: %s", name, ErrCrash, brief(reply, nil))
}

// exchange sends commands and returns the reply to them (the lines
// before the end marker, without the lines a solver prints for
// unsupported logics and options). The process is killed when ctx ends
// (ErrKilled) and reaped when it dies (ErrMemory, ErrCrash).
func (p *Session) exchange(ctx context.Context, cmds string) (string, error) {
	pr := p.proc
	name := p.Solver.Name
	type reply struct {
		text string
		err  error
	}
	ch := make(chan reply, 1)
	go func() {
		var b strings.Builder
		for {
			line, err := pr.out.ReadString('\n')
			l := strings.TrimSpace(line)
			if strings.Trim(l, `"`) == endMarker {
				ch <- reply{strings.TrimSpace(b.String()), nil}
				return
			}
			if l != "unsupported" && l != "success" && l != "" {
				b.WriteString(line)
			}
			if err != nil {
				ch <- reply{b.String(), err}
				return
			}
		}
	}()
	// The solver reads while it runs the commands: write beside the
	// reader, so a long script cannot block on a full pipe. A write to a
	// killed process fails, which the reader sees as the end of output.
	go io.WriteString(pr.stdin, cmds+`(echo "`+endMarker+`")`+"\n")
	select {
	case r := <-ch:
		if r.err == nil {
			return r.text, nil
		}
		werr := p.stop()
		text := r.text + pr.stderr.String()
		if isMemoryOut(text, werr) {
			return "", fmt.Errorf("%s: %w: %s", name, ErrMemory, brief(text, werr))
		}
		if werr == nil {
			werr = r.err // the output ended, the process did not
		}
		return "", fmt.Errorf("%s: %w: %s", name, ErrCrash, brief(text, werr))
	case <-ctx.Done():
		p.stop()
		<-ch
		return "", fmt.Errorf("%s: %w (%v)", name, ErrKilled, context.Cause(ctx))
	}
}
