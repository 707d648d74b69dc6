package bench

import (
	"context"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/internal/ktest"
	"github.com/floatsym/floatsym/internal/replay"
)

// TestSuiteCounterExamples checks the judging rules against floatsym's own
// suite (../../benchmarks): every counter example, turned into a .ktest from
// its "input: ...;" description (the FSB_INPUT syntax of
// benchmarks/tools/mock_klee.c), must replay natively and be judged a true
// positive at a listed location. It compiles every buggy variant, so it
// runs only with FLOATSYM_BENCH_SUITE=1.
func TestSuiteCounterExamples(t *testing.T) {
	if os.Getenv("FLOATSYM_BENCH_SUITE") != "1" {
		t.Skip("set FLOATSYM_BENCH_SUITE=1 to replay the suite's counter examples")
	}
	needClang(t)
	specs, err := LoadSpecs("../../benchmarks")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	ctx := context.Background()
	n := 0
	for _, v := range Variants(specs) {
		if v.Expectation() != ExpectBug || v.Skip != "" {
			continue
		}
		cflags := append(append([]string{}, replay.DefaultCFlags...), "-std="+v.Language())
		cflags = append(cflags, v.Spec.includeFlags()...) // misc.include_dirs, as ReplayOptions
		bin, err := replay.Build(ctx, replay.Options{Sources: v.Sources(), CFlags: cflags, Defines: v.DefineFlags(),
			WorkDir: dir, Log: quietLog()})
		if err != nil {
			t.Errorf("%s: %v", v.ID(), err)
			continue
		}
		for _, task := range v.Tasks {
			for i, ce := range task.CounterExamples {
				kt := filepath.Join(dir, fmt.Sprintf("%s-%s-%d.ktest", v.Spec.Name, v.Name, i))
				got, err := replayWitness(ctx, bin, kt, ce.Description)
				if err != nil {
					t.Errorf("%s %s counter example %d: %v", v.ID(), task.Name, i, err)
					continue
				}
				n++
				// As if floatsym had recorded exactly what happens natively.
				j := Judge(v, Evidence{Status: StatusFinished, Complete: true,
					Reports: []Report{{Test: kt, Recorded: got, Native: &got}}})
				if j.Outcome != OutcomeTP || j.Reports[0].Task != task.Name {
					t.Errorf("%s %s counter example %d: native %s judged %s (%s)", v.ID(), task.Name, i, got, j.Outcome, j.Reason)
				}
			}
		}
		bin.Close()
	}
	t.Logf("%d counter examples replayed", n)
}

var (
	witnessRE   = regexp.MustCompile(`(?s)^input:(.*?);`)
	wantBytesRE = regexp.MustCompile(`wants (\d+) bytes but object (\d+)`)
)

// replayWitness writes the counter example's input as a .ktest and runs
// it; "bytes" objects are zero padded to the size the program asks for.
func replayWitness(ctx context.Context, bin *replay.Binary, kt, desc string) (replay.Outcome, error) {
	m := witnessRE.FindStringSubmatch(desc)
	if m == nil {
		return replay.Outcome{}, fmt.Errorf("no 'input: ...;' in %q", desc)
	}
	var objs []ktest.Object
	var types []string
	if in := strings.TrimSpace(m[1]); in != "(none)" {
		for _, tok := range strings.Fields(in) {
			name, rest, _ := strings.Cut(tok, "=")
			ty, vals, _ := strings.Cut(rest, ":")
			o := ktest.Object{Name: name}
			for _, val := range strings.Split(vals, ",") {
				b, err := encodeValue(ty, val)
				if err != nil {
					return replay.Outcome{}, fmt.Errorf("input %s: %w", tok, err)
				}
				o.Bytes = append(o.Bytes, b...)
			}
			objs = append(objs, o)
			types = append(types, ty)
		}
	}
	for try := 0; ; try++ {
		if err := (&ktest.Test{Args: []string{"prog"}, Objects: objs}).WriteFile(kt); err != nil {
			return replay.Outcome{}, err
		}
		got, err := bin.Run(ctx, kt)
		if err != nil || got.Kind != replay.KindMismatch || try > len(objs) {
			return got, err
		}
		w := wantBytesRE.FindStringSubmatch(got.Message)
		if w == nil {
			return got, nil
		}
		size, _ := strconv.Atoi(w[1])
		k, _ := strconv.Atoi(w[2])
		if types[k] != "bytes" || len(objs[k].Bytes) >= size {
			return got, nil
		}
		objs[k].Bytes = append(objs[k].Bytes, make([]byte, size-len(objs[k].Bytes))...)
	}
}

func encodeValue(ty, v string) ([]byte, error) {
	rangeOK := func(err error) error {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return nil // overflow to ±inf or underflow to 0, as C's strtod
		}
		return err
	}
	switch ty {
	case "float":
		f, err := strconv.ParseFloat(v, 32)
		return binary.LittleEndian.AppendUint32(nil, math.Float32bits(float32(f))), rangeOK(err)
	case "double":
		f, err := strconv.ParseFloat(v, 64)
		return binary.LittleEndian.AppendUint64(nil, math.Float64bits(f)), rangeOK(err)
	case "int", "uint":
		n, err := strconv.ParseInt(v, 0, 64)
		return binary.LittleEndian.AppendUint32(nil, uint32(n)), err
	case "long", "ulong":
		n, err := strconv.ParseInt(v, 0, 64)
		return binary.LittleEndian.AppendUint64(nil, uint64(n)), err
	case "bytes":
		return hex.DecodeString(v)
	}
	return nil, fmt.Errorf("type %s not supported by this test", ty)
}
