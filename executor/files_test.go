package executor_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/scalarize"
	"github.com/sirupsen/logrus"
)

// The file models (builtins_file.go, fs.go, crt/libc/scanf.c) against the native
// glibc: every program in testdata/files reads testdata/files/data.txt,
// named by $DATA, and testdata/files/stdin.txt as stdin, natively and
// under floatsym; stdout and the exit status must be the same.
func TestFilesDifferential(t *testing.T) {
	requireClang(t)
	progs, _ := filepath.Glob("testdata/files/*.c")
	if len(progs) == 0 {
		t.Fatal("no test programs in testdata/files")
	}
	data, _ := filepath.Abs("testdata/files/data.txt")
	stdin, _ := filepath.Abs("testdata/files/stdin.txt")
	env := []string{"DATA=" + data}
	for _, src := range progs {
		for _, opt := range optLevels {
			src, opt := src, opt
			prog := strings.TrimSuffix(filepath.Base(src), ".c")
			if !filesCover.runs(prog, opt) {
				continue // its forms run in the covering subset (diff_cover_test.go)
			}
			t.Run(prog+strings.ReplaceAll(opt, " ", ""), func(t *testing.T) {
				t.Parallel()
				skipUnlessRunnable(t, opt)
				dir := t.TempDir()
				bin := filepath.Join(dir, "native")
				if out, err := exec.Command(cc.Clang, append(append(strings.Fields(opt), "-g", "-o", bin, src, "-lm"), nativeLDFlags(t, src)...)...).CombinedOutput(); err != nil {
					t.Fatalf("native compile: %v\n%s", err, out)
				}
				in, err := os.Open(stdin)
				if err != nil {
					t.Fatal(err)
				}
				defer in.Close()
				run := exec.Command(bin)
				run.Env, run.Stdin, run.Dir = env, in, dir
				var want bytes.Buffer
				run.Stdout = &want
				status := 0
				var ee *exec.ExitError
				if err := run.Run(); errors.As(err, &ee) {
					status = ee.ExitCode()
				} else if err != nil {
					t.Fatal(err)
				}

				log := logrus.New()
				log.SetOutput(ioDiscard{})
				built, err := cc.CompileProgram(context.Background(), cc.Options{Sources: []string{src}, CFlags: cflagsFor(opt), OutDir: dir, Log: logrus.NewEntry(log)})
				if err != nil {
					t.Fatalf("compile: %v", err)
				}
				m, err := scalarize.LoadFiles(nil, built.Module)
				if err != nil {
					t.Fatal(err)
				}
				in2, _ := os.Open(stdin)
				defer in2.Close()
				var got bytes.Buffer
				ex, err := executor.New(m, executor.Config{Stdout: &got, Args: []string{"prog"}, Env: env, Stdin: in2,
					MaxTime: time.Minute, RuntimeDir: built.RuntimeDir, Log: logrus.NewEntry(log)})
				if err != nil {
					t.Fatal(err)
				}
				res, err := ex.Run(context.Background())
				if err != nil {
					t.Fatal(err)
				}
				if len(res.Paths) != 1 {
					t.Fatalf("%d paths, want 1", len(res.Paths))
				}
				term := res.Paths[0].Term
				if term.Kind != executor.TermExit || term.ExitStatus != status {
					t.Errorf("floatsym: %s; native exit %d", term.String(), status)
				}
				if got.String() != want.String() {
					t.Errorf("stdout differs:\n%s", lineDiff(want.String(), got.String()))
				}
			})
		}
	}
}

// nativeLDFlags: a test program's "// native-ldflags: ..." line names the
// libraries its native build links (floatsym models them: readline).
func nativeLDFlags(t *testing.T, src string) []string {
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "// native-ldflags:"); ok {
			return strings.Fields(v)
		}
	}
	return nil
}
