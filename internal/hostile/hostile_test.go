package hostile

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/testtool"
)

// outerTimeout ends a run that hangs: far beyond its own limits
// (--max-time 2s, --max-test-time 1s, compilation), generous for a loaded
// machine. Reaching it is a failure (a hang), not a measurement.
const outerTimeout = 3 * time.Minute

// TestHostile runs floatsym on the generated suite: each input must end
// as its category allows (finished with summary.json, or rejected with
// one clear "floatsym: error:" line), without a Go panic trace, before
// the outer timeout, within the memory bound. The default suite runs a
// sample of 50 inputs spread over every category; FLOATSYM_HOSTILE_N=1000
// (make test-hostile) runs that many. FLOATSYM_HOSTILE_JOBS sets the runs
// at once (default 2).
func TestHostile(t *testing.T) {
	testtool.Require(t, testtool.Clang, "llvm-as-14", "llvm-link-14")
	n, sample := 1000, true
	if v := os.Getenv("FLOATSYM_HOSTILE_N"); v != "" {
		var err error
		if n, err = strconv.Atoi(v); err != nil || n <= 0 {
			t.Fatalf("FLOATSYM_HOSTILE_N=%q", v)
		}
		sample = false
	}
	jobs := 2
	if v, err := strconv.Atoi(os.Getenv("FLOATSYM_HOSTILE_JOBS")); err == nil && v > 0 {
		jobs = v
	}
	seeds, err := LoadSeeds("../..")
	if err != nil {
		t.Fatal(err)
	}
	inputs := Generate(seeds, n, 1)
	if sample {
		var s []*Input
		for i := 0; i < len(inputs); i += len(inputs) / 50 {
			s = append(s, inputs[i])
		}
		inputs = s
	}
	if v := os.Getenv("FLOATSYM_HOSTILE_CATEGORY"); v != "" {
		// Only the categories matching this regular expression.
		re, err := regexp.Compile(v)
		if err != nil {
			t.Fatalf("FLOATSYM_HOSTILE_CATEGORY: %v", err)
		}
		var kept []*Input
		for _, in := range inputs {
			if re.MatchString(in.Category) {
				kept = append(kept, in)
			}
		}
		inputs = kept
	}
	bin := buildFloatsym(t)
	work := t.TempDir()
	results := make([]result, len(inputs))
	// FLOATSYM_HOSTILE_LOG names a file that gets one line per input as
	// it ends (progress of a long run).
	var logMu sync.Mutex
	var logf *os.File
	if p := os.Getenv("FLOATSYM_HOSTILE_LOG"); p != "" {
		if logf, err = os.Create(p); err != nil {
			t.Fatal(err)
		}
		defer logf.Close()
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = runInput(bin, filepath.Join(work, fmt.Sprint(inputs[i].ID)), inputs[i])
				if logf != nil {
					r := results[i]
					logMu.Lock()
					fmt.Fprintf(logf, "%d\t%s\t%s\texit %d\t%.1fs\t%dMiB\t%s\t%s\n", inputs[i].ID, inputs[i].Category, r.outcome,
						r.code, r.wall.Seconds(), r.rssKiB>>10, r.failure, errorLine(r.tail))
					logMu.Unlock()
				}
			}
		}()
	}
	for i := range inputs {
		next <- i
	}
	close(next)
	wg.Wait()
	report(t, inputs, results)
}

func buildFloatsym(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "floatsym")
	cmd := exec.Command("go", "build", "-o", bin, "../../cmd/floatsym")
	cmd.Env = append(os.Environ(), "CGO_CFLAGS_ALLOW=-frounding-math")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("building floatsym: %v\n%s", err, out)
	}
	return bin
}

// result is how one input ended.
type result struct {
	code    int // exit code; -1 killed
	wall    time.Duration
	rssKiB  int64
	stdoutN int64
	tail    string // the end of stderr (and stdout)
	failure string // why the ending is not acceptable ("" when it is)
	outcome string // finished, rejected, failed
}

// tailBuffer keeps a byte count, the first and the last 32 KiB written.
type tailBuffer struct {
	mu   sync.Mutex
	n    int64
	head []byte
	tail []byte
}

const keep = 32 << 10

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.n += int64(len(p))
	if room := keep - len(b.head); room > 0 {
		b.head = append(b.head, p[:min(room, len(p))]...)
	}
	b.tail = append(b.tail, p...)
	if len(b.tail) > 2*keep {
		b.tail = append(b.tail[:0], b.tail[len(b.tail)-keep:]...)
	}
	return len(p), nil
}

func (b *tailBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.n <= int64(len(b.head)) {
		return string(b.head)
	}
	return string(b.head) + "\n[...]\n" + string(b.tail[max(0, len(b.tail)-keep):])
}

// prepare writes the input's files; a mutated .bc is assembled from its
// seed and mutated here (llvm-as-14).
func prepare(dir string, in *Input) error {
	for name, data := range in.Files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
	}
	if plan, ok := in.Files["mutate"]; ok {
		bc := filepath.Join(dir, "seed.bc")
		if out, err := exec.Command("llvm-as-14", "-o", bc, filepath.Join(dir, "m.ll.seed")).CombinedOutput(); err != nil {
			return fmt.Errorf("llvm-as-14 on the seed: %v: %s", err, out)
		}
		b, err := os.ReadFile(bc)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, "m.bc"), ApplyPlan(b, plan), 0o644)
	}
	return nil
}

func runInput(bin, dir string, in *Input) (r result) {
	r.outcome = "failed"
	if err := prepare(dir, in); err != nil {
		r.failure = "preparing the input: " + err.Error()
		return r
	}
	out := filepath.Join(dir, "out")
	var args []string
	for _, a := range in.Args {
		a = strings.ReplaceAll(a, "{dir}", dir)
		a = strings.ReplaceAll(a, "{out}", out)
		args = append(args, strings.ReplaceAll(a, "{floatsym}", bin))
	}
	if in.Category == "spec" {
		args = append(args[:len(args)-1], "--json", out+".json", args[len(args)-1])
	}
	ctx, cancel := context.WithTimeout(context.Background(), outerTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	var stdout, stderr tailBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Stdin = bytes.NewReader(nil)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	start := time.Now()
	err := cmd.Run()
	r.wall = time.Since(start)
	r.stdoutN = stdout.n
	r.tail = stderr.String()
	if cmd.ProcessState != nil {
		r.code = cmd.ProcessState.ExitCode()
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			r.rssKiB = ru.Maxrss
		}
	}
	switch {
	case ctx.Err() != nil:
		r.failure = fmt.Sprintf("hang: killed after %v", outerTimeout)
		return r
	case err != nil && cmd.ProcessState == nil:
		r.failure = "could not run: " + err.Error()
		return r
	}
	all := r.tail + "\n" + stdout.String()
	if strings.Contains(r.tail, "goroutine ") || strings.Contains(r.tail, "panic:") {
		r.failure = "Go panic trace"
		return r
	}
	if in.Category == "spec" {
		if b, err := os.ReadFile(out + ".json"); err == nil && (bytes.Contains(b, []byte("panic")) || bytes.Contains(b, []byte("goroutine "))) {
			r.failure = "a floatsym run of the suite panicked (bench's JSON report)"
			return r
		}
	}
	bound := int64(2 << 20) // KiB: 2 GiB without a memory limit
	if in.MaxMemoryMB > 0 {
		bound = int64(3*in.MaxMemoryMB+512) << 10
	}
	if r.rssKiB > bound {
		r.failure = fmt.Sprintf("memory: max RSS %d MiB over the bound %d MiB", r.rssKiB>>10, bound>>10)
		return r
	}
	finished := r.code == 0
	if finished && in.Args[0] == "run" {
		if _, err := os.Stat(filepath.Join(out, "summary.json")); err != nil {
			r.failure = "exit 0 without summary.json"
			return r
		}
	}
	rejected := r.code == 1 && strings.Contains(all, "floatsym: error: ")
	switch {
	case finished && in.Expect != Rejected:
		r.outcome = "finished"
	case rejected && in.Expect != Finished:
		r.outcome = "rejected"
	default:
		r.failure = fmt.Sprintf("exit %d, want %s", r.code, in.Expect)
	}
	return r
}

// report logs the results by category and fails the test for each input
// whose ending is not acceptable.
func report(t *testing.T, inputs []*Input, results []result) {
	type agg struct {
		n, finished, rejected, failed int
		maxWall                       time.Duration
		maxRSS                        int64
		stdout                        int64
		examples                      []string
	}
	cats := map[string]*agg{}
	var total agg
	for i, in := range inputs {
		r := results[i]
		for _, a := range []*agg{cats[in.Category], &total} {
			if a == nil {
				a = &agg{}
				cats[in.Category] = a
			}
			a.n++
			switch r.outcome {
			case "finished":
				a.finished++
			case "rejected":
				a.rejected++
			}
			if r.failure != "" {
				a.failed++
			}
			a.maxWall = max(a.maxWall, r.wall)
			a.maxRSS = max(a.maxRSS, r.rssKiB)
			a.stdout = max(a.stdout, r.stdoutN)
		}
		if msg := errorLine(r.tail); msg != "" && len(cats[in.Category].examples) < 2 {
			cats[in.Category].examples = append(cats[in.Category].examples, msg)
		}
		if r.failure != "" {
			t.Errorf("input %d (%s): %s\nfloatsym %s\nfiles: %v\nstderr:\n%s", in.ID, in.Category, r.failure,
				strings.Join(in.Args, " "), fileNames(in), r.tail)
		}
	}
	var names []string
	for c := range cats {
		names = append(names, c)
	}
	sort.Strings(names)
	var b strings.Builder
	fmt.Fprintf(&b, "%-28s %6s %9s %9s %7s %9s %8s %10s\n", "category", "inputs", "finished", "rejected", "failed", "max wall", "max RSS", "max stdout")
	line := func(name string, a *agg) {
		fmt.Fprintf(&b, "%-28s %6d %9d %9d %7d %8.1fs %6dMiB %9dK\n", name, a.n, a.finished, a.rejected, a.failed,
			a.maxWall.Seconds(), a.maxRSS>>10, a.stdout>>10)
	}
	for _, c := range names {
		line(c, cats[c])
	}
	line("total", &total)
	b.WriteString("\nexamples of messages:\n")
	for _, c := range names {
		for _, m := range cats[c].examples {
			fmt.Fprintf(&b, "  %s: %s\n", c, m)
		}
	}
	t.Logf("hostile inputs:\n%s", b.String())
}

func fileNames(in *Input) []string {
	var n []string
	for k := range in.Files {
		n = append(n, k)
	}
	sort.Strings(n)
	return n
}

// errorLine is the "floatsym: error:" line of an output, cut to 160
// characters.
func errorLine(out string) string {
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "floatsym: error: ") {
			if len(l) > 160 {
				l = l[:160] + "..."
			}
			return l
		}
	}
	return ""
}
