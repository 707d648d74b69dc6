package executor_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/scalarize"
	"github.com/sirupsen/logrus"
)

// TestMerge runs each program of testdata/merge with state merging off, on
// and auto: the verdicts (errors by kind and line, completeness) must be
// the same, every test of every run must replay natively (a merged state's
// model picks one concrete path), and "// expect-merged: 1" programs must
// merge (and explore fewer paths) while "expect-merged: 0" ones must not
// (states that differ in their rounding mode or FP flags stay apart);
// "expect-auto-merged: 0|1" says the same of --merge=auto (query count
// estimation, merge_qce.go), and "expect-auto-fewer" that auto refuses
// some merges that on makes (computed values).
func TestMerge(t *testing.T) {
	requireClang(t)
	progs, _ := filepath.Glob("testdata/merge/*.c")
	if len(progs) == 0 {
		t.Fatal("no merge test programs")
	}
	for _, src := range progs {
		src := src
		t.Run(strings.TrimSuffix(filepath.Base(src), ".c"), func(t *testing.T) {
			t.Parallel()
			x := parseExpect(t, src)
			wantMerged := regexp.MustCompile(`expect-merged:\s*1`).Match(x.progBytes)
			autoWant := regexp.MustCompile(`expect-auto-merged:\s*([01])`).FindSubmatch(x.progBytes)
			dir := t.TempDir()
			off, outOff := runMerge(t, src, filepath.Join(dir, "off"), false, false, x.maxTime)
			on, outOn := runMerge(t, src, filepath.Join(dir, "on"), true, false, x.maxTime)
			auto, outAuto := runMerge(t, src, filepath.Join(dir, "auto"), true, true, x.maxTime)
			if !off.Complete || !on.Complete || !auto.Complete {
				t.Fatalf("incomplete exploration: off %v, on %v, auto %v", off.Complete, on.Complete, auto.Complete)
			}
			if a, b, c := verdict(off), verdict(on), verdict(auto); a != b || a != c {
				t.Errorf("verdicts differ: off %s, on %s, auto %s", a, b, c)
			}
			if autoWant == nil {
				t.Fatal("no expect-auto-merged line")
			}
			if got := auto.Merge.Merged > 0; got != (autoWant[1][0] == '1') {
				t.Errorf("--merge=auto merged %d times, want merges: %s", auto.Merge.Merged, autoWant[1])
			}
			if bytes.Contains(x.progBytes, []byte("expect-auto-fewer")) && auto.Merge.Merged >= on.Merge.Merged {
				t.Errorf("--merge=auto merged %d times, --merge=on %d: auto must refuse the computed values", auto.Merge.Merged, on.Merge.Merged)
			}
			if x.errKind != "" && !strings.Contains(verdict(on), fmt.Sprintf("%s:%d", x.errKind, x.errLine)) {
				t.Errorf("want a %s error at line %d, got %s", x.errKind, x.errLine, verdict(on))
			}
			if x.noErrors && verdict(on) != "" {
				t.Errorf("unexpected errors: %s", verdict(on))
			}
			if on.Merge == nil {
				t.Fatal("no merge statistics with merging on")
			}
			if wantMerged {
				if on.Merge.Merged == 0 || len(on.Paths) >= len(off.Paths) {
					t.Errorf("merging did not pay: %+v, paths %d on, %d off", *on.Merge, len(on.Paths), len(off.Paths))
				}
			} else if on.Merge.Merged != 0 {
				t.Errorf("states merged that must stay apart: %+v", *on.Merge)
			}
			replayAll(t, src, nil, outOff)
			replayAll(t, src, nil, outOn)
			replayAll(t, src, nil, outAuto)
		})
	}
}

// verdict lists a run's distinct errors as kind:line.
func verdict(r *executor.Result) string {
	seen := map[string]bool{}
	for _, p := range r.Paths {
		if p.Term.Kind.IsError() {
			seen[fmt.Sprintf("%s:%d", p.Term.Kind, p.Term.Line)] = true
		}
	}
	var ks []string
	for k := range seen {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, ",")
}

func runMerge(t *testing.T, src, dir string, merge, cheap bool, maxTime time.Duration) (*executor.Result, *executor.OutputDir) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	log := logrus.New()
	log.SetOutput(ioDiscard{})
	built := compiledProgram(t, src, nil) // once for the off, on and auto runs
	m, err := scalarize.LoadFiles(nil, built.Module)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	out, err := executor.CreateOutputDir(filepath.Join(dir, "out"), src)
	if err != nil {
		t.Fatal(err)
	}
	ex, err := executor.New(m, executor.Config{Stdout: ioDiscard{}, Stderr: ioDiscard{}, Args: []string{"prog"},
		MaxTime: maxTime, Output: out, RuntimeDir: built.RuntimeDir, Log: logrus.NewEntry(log),
		EmitAllErrors: true, Merge: merge, MergeCheap: cheap})
	if err != nil {
		t.Fatalf("executor: %v", err)
	}
	res, err := ex.Run(context.Background())
	if err != nil {
		t.Fatalf("run: %v", err)
	}
	writeSummary(t, out, res)
	return res, out
}
