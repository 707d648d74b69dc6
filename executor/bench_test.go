package executor_test

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/scalarize"
	"github.com/sirupsen/logrus"
)

// BenchmarkInterpreter runs the same CPU-bound .ll with floatsym and with
// LLVM's own interpreter (lli-14 --jit-kind=mcjit --force-interpreter; the
// mcjit kind is needed, otherwise lli silently JIT-compiles) in one run,
// and reports both speeds and their ratio.
func BenchmarkInterpreter(b *testing.B) {
	requireClang(b)
	lli, err := exec.LookPath("lli-14")
	if err != nil {
		b.Skip("lli-14 not installed")
	}
	dir := b.TempDir()
	log := logrus.New()
	log.SetOutput(ioDiscard{})
	built, err := cc.CompileProgram(context.Background(), cc.Options{
		Sources: []string{"testdata/bench/interp.c"},
		CFlags:  []string{"-O0", "-g", "-Xclang", "-disable-O0-optnone", "-ffp-contract=off"},
		OutDir:  dir, NoLibc: true, Log: logrus.NewEntry(log)})
	if err != nil {
		b.Fatal(err)
	}
	m, err := scalarize.LoadFiles(nil, built.Module)
	if err != nil {
		b.Fatal(err)
	}
	var fsOut bytes.Buffer
	var insts uint64
	var fsTime, lliTime time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		fsOut.Reset()
		ex, err := executor.New(m, executor.Config{Stdout: &fsOut, Log: logrus.NewEntry(log)})
		if err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		res, err := ex.Run(context.Background())
		fsTime += time.Since(start)
		if err != nil {
			b.Fatal(err)
		}
		insts = res.Instructions
		b.StopTimer()
		start = time.Now()
		out, err := exec.Command(lli, "--jit-kind=mcjit", "--force-interpreter", built.Module).Output()
		lliTime += time.Since(start)
		if err != nil {
			b.Fatalf("lli: %v", err)
		}
		if !bytes.Equal(out, fsOut.Bytes()) {
			b.Fatalf("outputs differ: lli %q, floatsym %q", out, fsOut.Bytes())
		}
		b.StartTimer()
	}
	n := float64(b.N)
	b.ReportMetric(float64(insts)*n/fsTime.Seconds()/1e6, "floatsym-Minst/s")
	b.ReportMetric(float64(insts)*n/lliTime.Seconds()/1e6, "lli-Minst/s")
	b.ReportMetric(lliTime.Seconds()/fsTime.Seconds(), "speedup-vs-lli")
	_ = filepath.Join
}

// TestConcreteRunDoesNotAllocate checks the hot paths (dispatch, concrete
// arithmetic, memory access, calls) on the benchmark program: no
// expression is built for concrete values, and allocations do not grow
// with the number of instructions executed.
func TestConcreteRunDoesNotAllocate(t *testing.T) {
	requireClang(t)
	log := logrus.New()
	log.SetOutput(ioDiscard{})
	built, err := cc.CompileProgram(context.Background(), cc.Options{
		Sources: []string{"testdata/bench/interp.c"},
		CFlags:  []string{"-O0", "-g", "-Xclang", "-disable-O0-optnone", "-ffp-contract=off"},
		OutDir:  t.TempDir(), NoLibc: true, Log: logrus.NewEntry(log)})
	if err != nil {
		t.Fatal(err)
	}
	m, err := scalarize.LoadFiles(nil, built.Module)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	ex, err := executor.New(m, executor.Config{Stdout: &out, Log: logrus.NewEntry(log)})
	if err != nil {
		t.Fatal(err)
	}
	exprs := ex.B.Len()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	res, err := ex.Run(context.Background())
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if n := ex.B.Len() - exprs; n != 0 {
		t.Errorf("concrete run built %d expressions", n)
	}
	allocs := after.Mallocs - before.Mallocs
	if per := float64(allocs) / float64(res.Instructions); per > 1e-3 {
		t.Errorf("%d allocations for %d instructions (%.5f per instruction)", allocs, res.Instructions, per)
	}
	t.Logf("%d instructions, %d allocations", res.Instructions, allocs)
}
