package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/outmerge"
	"github.com/floatsym/floatsym/internal/version"
)

// floatsym run --parallel K: the split mechanism on one machine. The
// run splits into prefixesPerWorker*K prefixes (floatsym run --split in
// a child process, into OUT/split), explores them with K child processes
// taking prefixes from a queue (OUT/split/parts/i), each on the split
// run's compiled program (--compiled OUT/split/assembly.ll), and merges
// everything into OUT (internal/outmerge). The children's console
// output is in OUT/logs. --max-time applies to each child process.

// prefixesPerWorker: more prefixes than workers, so that a worker that
// drew a small subtree takes another (load balance).
const prefixesPerWorker = 4

func runParallel(ctx context.Context, f runFlags, inputs, cmdline []string) error {
	k := f.sp.parallel
	if k < 1 {
		return fmt.Errorf("--parallel %d: want at least 1 process", k)
	}
	if f.sp.split != 0 || f.sp.prefix != "" {
		return fmt.Errorf("--parallel cannot be combined with --split or --prefix (it does both)")
	}
	if f.merge != "off" {
		return fmt.Errorf("--merge cannot be combined with --parallel: a merged state has no single path to hand over")
	}
	for _, in := range inputs {
		if _, err := os.Stat(in); err != nil {
			return fmt.Errorf("input: %w", err)
		}
	}
	args, err := partArgs(cmdline)
	if err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	out, err := executor.CreateOutputDir(f.outputDir, inputs[0])
	if err != nil {
		return err
	}
	logs := out.File("logs")
	if err := os.Mkdir(logs, 0o755); err != nil {
		return err
	}
	splitDir := out.File("split")
	n := prefixesPerWorker * k
	child := func(log string, a ...string) error {
		lf, err := os.Create(filepath.Join(logs, log))
		if err != nil {
			return err
		}
		defer lf.Close()
		c := exec.CommandContext(ctx, self, append(a, args...)...)
		c.Stdout, c.Stderr = lf, lf
		// ^C: the child writes its output as a run does on SIGINT.
		c.Cancel = func() error { return c.Process.Signal(os.Interrupt) }
		c.WaitDelay = 5 * time.Second
		if err := c.Run(); err != nil {
			return fmt.Errorf("%s (log: %s): %w", c.String(), lf.Name(), err)
		}
		return nil
	}
	if err := child("split.txt", "run", "--split", fmt.Sprint(n), "--split-search="+f.sp.search, "--output-dir", splitDir); err != nil {
		return fmt.Errorf("--parallel: the split run failed: %w", err)
	}
	prefixes, _ := filepath.Glob(filepath.Join(splitDir, "prefixes", "*.prefix"))
	dirs := []string{splitDir}
	var mu sync.Mutex
	var failed []error
	next := 0
	var wg sync.WaitGroup
	for w := 0; w < min(k, len(prefixes)); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(prefixes) || ctx.Err() != nil {
					return
				}
				dir := filepath.Join(splitDir, "parts", fmt.Sprint(i))
				os.MkdirAll(filepath.Dir(dir), 0o755)
				err := child(fmt.Sprintf("part-%04d.txt", i), "run", "--prefix", prefixes[i], "--output-dir", dir,
					"--compiled", filepath.Join(splitDir, "assembly.ll"))
				mu.Lock()
				if err != nil {
					failed = append(failed, err)
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	for i := range prefixes {
		dir := filepath.Join(splitDir, "parts", fmt.Sprint(i))
		if _, err := os.Stat(filepath.Join(dir, "summary.json")); err == nil {
			dirs = append(dirs, dir)
		}
	}
	for _, e := range failed {
		fmt.Fprintf(os.Stderr, "floatsym: warning: a part failed (the merge is not complete): %v\n", e)
	}
	sum, err := outmerge.Merge(outmerge.Options{Out: out.Path, CommandLine: cmdline, Version: version.Version, InPlace: true}, dirs)
	if err != nil {
		return err
	}
	fmt.Fprintln(os.Stderr, mergedLine(sum.Complete, sum.PathsExplored, sum.TestsWritten, len(sum.Errors), len(sum.Split.Parts), out.Path))
	return nil
}
