// Package replay runs floatsym's generated tests natively and checks that
// each reaches the outcome floatsym recorded.
//
// Build compiles the program under test with clang-14, AddressSanitizer and
// the UBSan checks that correspond to floatsym's error kinds (integer
// division by zero, oversized shift exponent), linked with the replay
// runtime from package crt. Run executes it on one .ktest and classifies
// what happened as an Outcome. Expected reads what floatsym recorded for
// the same test (its .err file or summary.json), and Match / Compare decide
// whether the two agree.
//
// It may import internal/crt and the other supporting leaves, never the
// executor: replay is the independent, native check of what the executor
// reports.
package replay

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/floatsym/floatsym/internal/crt"
	"github.com/floatsym/floatsym/internal/ktest"
)

// DefaultTimeout bounds one native run when Options.Timeout is zero.
const DefaultTimeout = 30 * time.Second

// DefaultCFlags are used when Options.CFlags is empty.
var DefaultCFlags = []string{"-O0", "-g"}

// SanitizerFlags are added to every replay build. Only the UBSan checks
// that match floatsym's error kinds are enabled (div, overshift, and
// float-cast-overflow for fpconv and signed-integer-overflow for
// overflow, which only report and let the run go on: floatsym reports
// those only under --check-fp=fpconv and --property no-overflow), so
// behaviour floatsym does not report (left shift of negative values)
// does not abort the replay.
var SanitizerFlags = []string{
	"-fsanitize=address,integer-divide-by-zero,shift-exponent,float-cast-overflow,signed-integer-overflow",
	"-fno-sanitize-recover=all",
	// These only report (fpconv and overflow tests); the run goes on.
	"-fsanitize-recover=float-cast-overflow,signed-integer-overflow",
	"-fno-omit-frame-pointer",
}

// Options describes the program to build for replay.
type Options struct {
	// Sources are the program's C (or C++) files.
	Sources []string
	// CFlags are the compiler flags; DefaultCFlags when empty. "-g" is
	// added when no -g flag is present, as outcomes need line numbers.
	CFlags []string
	// Defines are preprocessor definitions, "NAME" or "NAME=VALUE" (a
	// leading "-D" is accepted too).
	Defines []string
	// LDFlags are extra link flags (libraries), after the sources.
	LDFlags []string
	// Args are the program's arguments after argv[0]. When nil, each run
	// gets the arguments its .ktest file records (KLEE's "args").
	Args []string
	// Env are NAME=VALUE environment variables the program runs with,
	// on top of the replaying process's own.
	Env []string
	// WorkDir receives the binary; a new temporary directory when empty
	// (removed by Binary.Close).
	WorkDir string
	// Timeout bounds each Run; DefaultTimeout when zero.
	Timeout time.Duration
	// Compiler is the C compiler; "clang-14" when empty. C++ sources use
	// the matching clang++.
	Compiler string
	// CRTDir is where the runtime files are materialized;
	// crt.DefaultDir() when empty.
	CRTDir string
	// Log receives the exact commands run; the standard logger when nil.
	Log *logrus.Entry
	// Stdin is the file each run reads as stdin (/dev/null when empty);
	// a test with --sym-stdin gets its own stdin from the test instead.
	Stdin string
	// Output, when set, receives each run's stdout and stderr (replay
	// --show-output); they are discarded otherwise (stderr is still read
	// for the outcome).
	Output io.Writer
}

// Binary is a program built for native replay.
type Binary struct {
	// Path is the executable.
	Path string
	// Commands are the compiler invocations that built it.
	Commands [][]string
	// Sources are the program's sources as absolute paths.
	Sources []string

	replaySource string
	symbolizer   string
	args         []string
	env          []string
	timeout      time.Duration
	log          *logrus.Entry
	tempDir      string // removed by Close when non-empty
	stdin        string
	output       io.Writer
}

// BuildError reports a failed compilation, with the compiler's output.
type BuildError struct {
	Cmd    []string
	Output string
	Err    error
}

func (e *BuildError) Error() string {
	return fmt.Sprintf("native replay build failed: %s: %v\n%s", shellJoin(e.Cmd), e.Err, e.Output)
}

func (e *BuildError) Unwrap() error { return e.Err }

var cxxExt = map[string]bool{".cpp": true, ".cc": true, ".cxx": true, ".C": true, ".c++": true}

// Build compiles opts.Sources natively for replay.
func Build(ctx context.Context, opts Options) (*Binary, error) {
	if len(opts.Sources) == 0 {
		return nil, errors.New("replay build: no sources")
	}
	log := opts.Log
	if log == nil {
		log = logrus.NewEntry(logrus.StandardLogger())
	}
	cc := opts.Compiler
	if cc == "" {
		cc = "clang-14"
	}
	ccPath, err := exec.LookPath(cc)
	if err != nil {
		return nil, fmt.Errorf("replay build: C compiler: %w", err)
	}
	b := &Binary{timeout: opts.Timeout, log: log, args: opts.Args, env: opts.Env, stdin: opts.Stdin, output: opts.Output}
	if b.timeout <= 0 {
		b.timeout = DefaultTimeout
	}
	cxx := false
	for _, s := range opts.Sources {
		abs, err := filepath.Abs(s)
		if err != nil {
			return nil, fmt.Errorf("replay build: source %s: %w", s, err)
		}
		if _, err := os.Stat(abs); err != nil {
			return nil, fmt.Errorf("replay build: source: %w", err)
		}
		b.Sources = append(b.Sources, abs)
		cxx = cxx || cxxExt[filepath.Ext(s)]
	}
	driver := ccPath
	var extraLibs []string
	if cxx {
		driver, extraLibs = cxxDriver(ccPath)
	}

	crtDir := opts.CRTDir
	if crtDir == "" {
		crtDir = crt.DefaultDir()
	}
	paths, err := crt.Materialize(crtDir)
	if err != nil {
		return nil, fmt.Errorf("replay build: %w", err)
	}
	b.replaySource = paths.ReplaySource

	dir := opts.WorkDir
	if dir == "" {
		if dir, err = os.MkdirTemp("", "floatsym-replay-"); err != nil {
			return nil, fmt.Errorf("replay build: %w", err)
		}
		b.tempDir = dir
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("replay build: work dir: %w", err)
	}
	if dir, err = filepath.Abs(dir); err != nil {
		return nil, fmt.Errorf("replay build: work dir: %w", err)
	}
	ok := false
	defer func() {
		if !ok {
			b.Close()
		}
	}()

	// The runtime is compiled on its own, with fixed flags, so the
	// program's language mode and defines cannot break it.
	rtFlags := append([]string{"-std=gnu99", "-O0", "-g", "-I", paths.IncludeDir}, SanitizerFlags...)
	rtObj := filepath.Join(dir, "floatsym-replay-rt-"+digest(append([]string{ccPath, crt.Hash()}, rtFlags...))[:12]+".o")
	rtCmd := append(append([]string{ccPath}, rtFlags...), "-c", paths.ReplaySource, "-o", rtObj)
	// Its name depends on everything that goes into it, so an existing
	// object is reused.
	if _, err := os.Stat(rtObj); err == nil {
		b.Commands = append(b.Commands, rtCmd)
	} else if err := b.compile(ctx, rtCmd, rtObj); err != nil {
		return nil, err
	}

	cflags := opts.CFlags
	if len(cflags) == 0 {
		cflags = DefaultCFlags
	}
	args := append([]string{}, cflags...)
	if !hasDebugFlag(cflags) {
		args = append(args, "-g")
	}
	for _, d := range opts.Defines {
		if !strings.HasPrefix(d, "-D") {
			d = "-D" + d
		}
		args = append(args, d)
	}
	args = append(args, "-I", paths.IncludeDir)
	args = append(args, SanitizerFlags...)
	args = append(args, b.Sources...)
	args = append(args, rtObj)
	// The runtime's __wrap_main rebuilds argv, files and stdin from a
	// test made with KLEE's --sym- options before main runs.
	args = append(args, "-Wl,--wrap=main")
	args = append(args, opts.LDFlags...)
	args = append(args, extraLibs...)
	args = append(args, "-lm")
	name := strings.TrimSuffix(filepath.Base(b.Sources[0]), filepath.Ext(b.Sources[0]))
	b.Path = filepath.Join(dir, name+".replay-"+digest(append([]string{driver, crt.Hash()}, args...))[:12])
	cmd := append(append([]string{driver}, args...), "-o", b.Path)
	if err := b.compile(ctx, cmd, b.Path); err != nil {
		return nil, err
	}
	b.symbolizer = findSymbolizer(ccPath)
	ok = true
	return b, nil
}

// compile runs one compiler command whose output file is out (the last
// argument), writing to a temporary name first so concurrent builds never
// see a partial file.
func (b *Binary) compile(ctx context.Context, cmd []string, out string) error {
	b.log.WithField("cmd", shellJoin(cmd)).Info("compiling for native replay")
	f, err := os.CreateTemp(filepath.Dir(out), "."+filepath.Base(out)+".*")
	if err != nil {
		return fmt.Errorf("replay build: %w", err)
	}
	tmp := f.Name()
	f.Close()
	defer os.Remove(tmp)
	run := append(append([]string{}, cmd[:len(cmd)-1]...), tmp)
	c := exec.CommandContext(ctx, run[0], run[1:]...)
	var output bytes.Buffer
	c.Stdout, c.Stderr = &output, &output
	if err := c.Run(); err != nil {
		if ctx.Err() != nil {
			return fmt.Errorf("replay build: %w", ctx.Err())
		}
		return &BuildError{Cmd: cmd, Output: output.String(), Err: err}
	}
	if err := os.Rename(tmp, out); err != nil {
		return fmt.Errorf("replay build: %w", err)
	}
	b.Commands = append(b.Commands, cmd)
	return nil
}

// Keep makes Close leave the binary (and its work directory) in place
// and returns the binary's path (replay --keep).
func (b *Binary) Keep() string {
	b.tempDir = ""
	return b.Path
}

// Close removes the temporary work directory Build made, if any.
func (b *Binary) Close() error {
	if b.tempDir == "" {
		return nil
	}
	err := os.RemoveAll(b.tempDir)
	b.tempDir = ""
	if err != nil {
		return fmt.Errorf("removing replay work dir: %w", err)
	}
	return nil
}

func hasDebugFlag(flags []string) bool {
	for _, f := range flags {
		if strings.HasPrefix(f, "-g") && f != "-g0" {
			return true
		}
	}
	return false
}

// cxxDriver finds the clang++ matching the C compiler, falling back to the
// C driver with libstdc++ added.
func cxxDriver(cc string) (string, []string) {
	dir, base := filepath.Split(cc)
	if i := strings.Index(base, "clang"); i >= 0 {
		cand := filepath.Join(dir, base[:i]+"clang++"+base[i+len("clang"):])
		if _, err := os.Stat(cand); err == nil {
			return cand, nil
		}
	}
	return cc, []string{"-lstdc++"}
}

var symbolizerCache sync.Map

// findSymbolizer locates llvm-symbolizer for sanitizer reports.
func findSymbolizer(cc string) string {
	if v, ok := symbolizerCache.Load(cc); ok {
		return v.(string)
	}
	cands := []string{filepath.Join(filepath.Dir(cc), "llvm-symbolizer-14"), filepath.Join(filepath.Dir(cc), "llvm-symbolizer"),
		"/usr/bin/llvm-symbolizer-14", "/usr/lib/llvm-14/bin/llvm-symbolizer"}
	if real, err := filepath.EvalSymlinks(cc); err == nil {
		cands = append(cands, filepath.Join(filepath.Dir(real), "llvm-symbolizer"))
	}
	found := ""
	for _, c := range cands {
		if st, err := os.Stat(c); err == nil && !st.IsDir() {
			found = c
			break
		}
	}
	if found == "" {
		for _, n := range []string{"llvm-symbolizer-14", "llvm-symbolizer"} {
			if p, err := exec.LookPath(n); err == nil {
				found = p
				break
			}
		}
	}
	symbolizerCache.Store(cc, found)
	return found
}

func digest(parts []string) string {
	h := sha256.New()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return hex.EncodeToString(h.Sum(nil))
}

// shellJoin quotes a command for logs so it can be pasted into a shell.
func shellJoin(cmd []string) string {
	q := make([]string, len(cmd))
	for i, a := range cmd {
		if a != "" && strings.IndexFunc(a, func(r rune) bool {
			return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./=:,+@%", r))
		}) < 0 {
			q[i] = a
		} else {
			q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(q, " ")
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	max int
	buf []byte
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	n := len(p)
	if len(p) > t.max {
		p = p[len(p)-t.max:]
	}
	t.buf = append(t.buf, p...)
	if len(t.buf) > 2*t.max {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-t.max:]...)
	}
	return n, nil
}

func (t *tailBuffer) String() string {
	if len(t.buf) > t.max {
		return string(t.buf[len(t.buf)-t.max:])
	}
	return string(t.buf)
}

// maxStderr bounds the stderr kept from one run; markers come last.
const maxStderr = 1 << 20

// Run executes the binary on the test at ktestPath and classifies the
// outcome. The program gets Options.Args (or the arguments the test
// records; the runtime's __wrap_main rebuilds argv, files and stdin from
// the test for KLEE's --sym- options), Options.Env on top of this
// process's environment, /dev/null or Options.Stdin as stdin, and its
// stdout is discarded. A run longer than the timeout is
// killed and reported as KindTimeout. It runs in a scratch directory that
// is removed afterwards. The error is non-nil only when the
// run could not be carried out (or ctx was cancelled).
func (b *Binary) Run(ctx context.Context, ktestPath string) (Outcome, error) {
	abs, err := filepath.Abs(ktestPath)
	if err != nil {
		return Outcome{}, fmt.Errorf("replay run: %w", err)
	}
	if _, err := os.Stat(abs); err != nil {
		return Outcome{}, fmt.Errorf("replay run: %w", err)
	}
	logDir, err := os.MkdirTemp("", "floatsym-san-")
	if err != nil {
		return Outcome{}, fmt.Errorf("replay run: %w", err)
	}
	defer os.RemoveAll(logDir)
	logPrefix := filepath.Join(logDir, "san")

	args := b.args
	if args == nil {
		t, err := ktest.ReadFile(abs)
		if err != nil {
			return Outcome{}, fmt.Errorf("replay run: %w", err)
		}
		if len(t.Args) > 1 {
			args = t.Args[1:]
		}
	}
	env := []string{}
	for _, e := range os.Environ() {
		switch strings.SplitN(e, "=", 2)[0] {
		case "KTEST_FILE", "ASAN_OPTIONS", "UBSAN_OPTIONS", "ASAN_SYMBOLIZER_PATH", "FLOATSYM_FPTRAP":
			continue
		}
		env = append(env, e)
	}
	trap, fpconv := fpExpectation(abs)
	if trap != "" {
		env = append(env, "FLOATSYM_FPTRAP="+strconv.Itoa(fpTrapMasks[trap]))
	}
	env = append(env,
		"KTEST_FILE="+abs,
		"ASAN_OPTIONS=handle_abort=1:detect_leaks=0:symbolize=1:log_path="+logPrefix,
		"UBSAN_OPTIONS=print_stacktrace=1:log_path="+logPrefix,
	)
	if b.symbolizer != "" {
		env = append(env, "ASAN_SYMBOLIZER_PATH="+b.symbolizer)
	}
	// The program's own variables come last: they win over inherited ones
	// (but the runtime's are fixed above and cannot be given here).
	for _, e := range b.env {
		switch strings.SplitN(e, "=", 2)[0] {
		case "KTEST_FILE", "ASAN_OPTIONS", "UBSAN_OPTIONS", "ASAN_SYMBOLIZER_PATH":
			continue
		}
		env = append(env, e)
	}

	runCtx, cancel := context.WithTimeout(ctx, b.timeout)
	defer cancel()
	cmd := exec.CommandContext(runCtx, b.Path, args...)
	cmd.Env = env
	cmd.Dir = logDir // files the program writes are discarded with it
	if b.stdin != "" {
		in, err := os.Open(b.stdin)
		if err != nil {
			return Outcome{}, fmt.Errorf("replay run: stdin: %w", err)
		}
		defer in.Close()
		cmd.Stdin = in
	}
	stderr := &tailBuffer{max: maxStderr}
	cmd.Stderr = stderr
	if b.output != nil {
		cmd.Stdout = b.output
		cmd.Stderr = io.MultiWriter(stderr, b.output)
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		// Kill the whole process group (the symbolizer too).
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	cmd.WaitDelay = 5 * time.Second
	b.log.WithFields(logrus.Fields{"binary": b.Path, "ktest": abs}).Debug("replaying test natively")
	start := time.Now()
	runErr := cmd.Run()
	elapsed := time.Since(start)

	if ctx.Err() != nil {
		return Outcome{}, fmt.Errorf("replay run %s: %w", ktestPath, ctx.Err())
	}
	if runCtx.Err() != nil {
		return Outcome{Kind: KindTimeout, ExitStatus: -1,
			Message: fmt.Sprintf("native run exceeded %v", b.timeout)}, nil
	}
	var ps *os.ProcessState
	var ee *exec.ExitError
	switch {
	case runErr == nil:
		ps = cmd.ProcessState
	case errors.As(runErr, &ee):
		ps = ee.ProcessState
	default:
		return Outcome{}, fmt.Errorf("replay run %s: %w", ktestPath, runErr)
	}
	sanLog := readSanitizerLogs(logPrefix)
	in := runInfo{
		exitStatus: ps.ExitCode(),
		stderr:     stderr.String(),
		sanLog:     sanLog,
		fptrap:     trap,
		fpconv:     fpconv,
		overflow:   overflowExpected(abs),
	}
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		in.signal = ws.Signal()
	}
	out := b.classify(in)
	b.log.WithFields(logrus.Fields{"ktest": abs, "kind": out.Kind, "file": out.File, "line": out.Line,
		"status": out.ExitStatus, "elapsed": elapsed}).Debug("native replay finished")
	return out, nil
}

// readSanitizerLogs concatenates the sanitizer log files (one per process).
func readSanitizerLogs(prefix string) string {
	matches, _ := filepath.Glob(prefix + ".*")
	var b strings.Builder
	for _, m := range matches {
		data, err := os.ReadFile(m)
		if err == nil {
			b.Write(data)
		}
	}
	return b.String()
}
