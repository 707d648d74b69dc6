package executor_test

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/sirupsen/logrus"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/scalarize"
)

// TestErrH: crt/libc/err.c against glibc: each program in
// testdata/stderr writes the same stderr (argv[0] "prog" on both sides)
// and exits with the same status natively and under floatsym.
func TestErrH(t *testing.T) {
	requireClang(t)
	progs, _ := filepath.Glob("testdata/stderr/*.c")
	if len(progs) == 0 {
		t.Fatal("no programs in testdata/stderr")
	}
	for _, src := range progs {
		src := src
		t.Run(filepath.Base(src), func(t *testing.T) {
			dir := t.TempDir()
			bin := filepath.Join(dir, "native")
			if out, err := exec.Command(cc.Clang, "-O0", "-o", bin, src).CombinedOutput(); err != nil {
				t.Fatalf("native compile: %v\n%s", err, out)
			}
			cmd := exec.Command(bin)
			cmd.Args[0] = "prog"
			var nerr bytes.Buffer
			cmd.Stderr = &nerr
			status := 0
			var ee *exec.ExitError
			if err := cmd.Run(); errors.As(err, &ee) {
				status = ee.ExitCode()
			} else if err != nil {
				t.Fatal(err)
			}
			log := logrus.New()
			log.SetOutput(ioDiscard{})
			built, err := cc.CompileProgram(context.Background(), cc.Options{Sources: []string{src}, OutDir: dir, Log: logrus.NewEntry(log)})
			if err != nil {
				t.Fatalf("compile: %v", err)
			}
			m, err := scalarize.LoadFiles(nil, built.Module)
			if err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			ex, err := executor.New(m, executor.Config{Stdout: &stdout, Stderr: &stderr, Args: []string{"prog"},
				MaxTime: 10 * time.Minute, RuntimeDir: built.RuntimeDir, Log: logrus.NewEntry(log)})
			if err != nil {
				t.Fatal(err)
			}
			res, err := ex.Run(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			term := res.Paths[0].Term
			if term.Kind != executor.TermExit || term.ExitStatus != status {
				t.Errorf("floatsym: %s; native exit %d", term.String(), status)
			}
			if !bytes.Equal(stderr.Bytes(), nerr.Bytes()) {
				t.Errorf("stderr:\nglibc:\n%s\nfloatsym:\n%s", nerr.Bytes(), stderr.Bytes())
			}
		})
	}
}
