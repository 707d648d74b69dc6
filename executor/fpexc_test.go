package executor_test

import (
	"context"
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/cc"
	"github.com/floatsym/floatsym/internal/testtool"
	"github.com/floatsym/floatsym/scalarize"
	"github.com/sirupsen/logrus"
)

// The floating-point exception suite: each program in testdata/fpexc runs
// with the --check-fp list of its "// check-fp:" line and states what must
// be found:
//
//	expect-fpexc: EXC LINE        an fpexc report of EXC at LINE (the set of
//	                              these lines is exactly the set reported)
//	expect-kind: KIND LINE        every error is KIND at LINE (and one exists)
//	expect-errors: 0              nothing is reported
//	expect-paths: N               exactly N paths
//	expect-minpaths: N            at least N paths
//	expect-absrange: OBJ LO HI    |OBJ| of every error test is in [LO, HI]
//	expect-incomplete: WHY        an undecided check may leave the run incomplete
//	slow: WHY                     run only with FLOATSYM_SLOW_TESTS=1
//
// Every test written is replayed natively (fpexc with the exception's trap
// enabled, fpconv under UBSan) and must reproduce the recorded outcome;
// exit statuses (the flags programs return) must match the hardware's.

var fpexcLineRe = regexp.MustCompile(`//\s*(check-fp|expect-[a-z]+):\s*(.*)`)

func runFPExc(t *testing.T, src, dir, checkFP string) (*executor.Result, *executor.OutputDir) {
	t.Helper()
	log := quietLogger()
	built, err := cc.CompileProgram(context.Background(), cc.Options{Sources: []string{src}, OutDir: filepath.Join(dir, "build"), Log: logrus.NewEntry(log)})
	if err != nil {
		t.Fatalf("compile: %v", err)
	}
	m, err := scalarize.LoadFiles(nil, built.Module)
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	out, err := executor.CreateOutputDir(filepath.Join(dir, "out"), src)
	if err != nil {
		t.Fatal(err)
	}
	fl, conv, err := executor.ParseCheckFP(checkFP)
	if err != nil {
		t.Fatal(err)
	}
	ex, err := executor.New(m, executor.Config{Stdout: ioDiscard{}, Stderr: ioDiscard{}, Args: []string{"prog"},
		MaxTime: 120 * time.Second, Output: out, RuntimeDir: built.RuntimeDir, Log: logrus.NewEntry(log),
		CheckFP: fl, CheckFPConv: conv})
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

func TestFPExceptions(t *testing.T) {
	requireClang(t)
	progs, _ := filepath.Glob("testdata/fpexc/*.c")
	if len(progs) == 0 {
		t.Fatal("no programs")
	}
	for _, src := range progs {
		src := src
		t.Run(strings.TrimSuffix(filepath.Base(src), ".c"), func(t *testing.T) {
			t.Parallel()
			b, err := os.ReadFile(src)
			if err != nil {
				t.Fatal(err)
			}
			checkFP := "none"
			var wantExc []string
			wantKind, wantLine := "", 0
			noErrors, incompleteOK := false, false
			paths, minPaths := -1, 0
			var absRange []string
			for _, m := range fpexcLineRe.FindAllStringSubmatch(string(b), -1) {
				f := strings.Fields(m[2])
				switch m[1] {
				case "check-fp":
					checkFP = f[0]
				case "expect-fpexc":
					wantExc = append(wantExc, f[0]+" "+f[1])
				case "expect-kind":
					wantKind = f[0]
					wantLine, _ = strconv.Atoi(f[1])
				case "expect-errors":
					noErrors = true
				case "expect-paths":
					paths, _ = strconv.Atoi(f[0])
				case "expect-minpaths":
					minPaths, _ = strconv.Atoi(f[0])
				case "expect-incomplete":
					incompleteOK = true
				case "expect-absrange":
					absRange = f
				}
			}
			if strings.Contains(string(b), "// slow:") {
				testtool.RequireSlow(t)
			}
			res, out := runFPExc(t, src, t.TempDir(), checkFP)
			if !res.Complete && !incompleteOK {
				t.Errorf("exploration incomplete")
			}
			var errs []executor.PathResult
			gotExc := map[string]bool{}
			for _, p := range res.Paths {
				if !p.Term.Kind.IsError() {
					continue
				}
				if !p.Term.Kind.IsProgramError() {
					t.Errorf("floatsym failure on path %d: %s", p.ID, p.Term.String())
					continue
				}
				errs = append(errs, p)
				if p.Term.Kind.String() == "fpexc" {
					exc := strings.Fields(strings.TrimPrefix(p.Term.Message, "floating-point "))[0]
					gotExc[exc+" "+strconv.Itoa(p.Term.Line)] = true
				}
			}
			if noErrors && len(errs) > 0 {
				t.Errorf("unexpected error: %s", errs[0].Term.String())
			}
			if wantExc != nil {
				var got []string
				for k := range gotExc {
					got = append(got, k)
				}
				sort.Strings(got)
				sort.Strings(wantExc)
				if strings.Join(got, ",") != strings.Join(wantExc, ",") {
					t.Errorf("fpexc reports %v, want %v", got, wantExc)
				}
			}
			if wantKind != "" {
				if len(errs) == 0 {
					t.Errorf("expected a %s error at line %d, found none", wantKind, wantLine)
				}
				for _, p := range errs {
					if p.Term.Kind.String() != wantKind || p.Term.Line != wantLine {
						t.Errorf("error %s, want %s at line %d", p.Term.String(), wantKind, wantLine)
					}
				}
			}
			if paths >= 0 && len(res.Paths) != paths {
				t.Errorf("%d paths, want %d", len(res.Paths), paths)
			}
			if len(res.Paths) < minPaths {
				t.Errorf("%d paths, want at least %d", len(res.Paths), minPaths)
			}
			if absRange != nil {
				lo, _ := strconv.ParseFloat(absRange[1], 64)
				hi, _ := strconv.ParseFloat(absRange[2], 64)
				for _, p := range errs {
					for _, o := range p.Objects {
						if o.Name == absRange[0] {
							v := math.Abs(math.Float64frombits(binary.LittleEndian.Uint64(o.Bytes)))
							if !(v >= lo && v <= hi) {
								t.Errorf("|%s| = %g, want it in [%g, %g]", o.Name, v, lo, hi)
							}
						}
					}
				}
			}
			replayAll(t, src, nil, out)
		})
	}
}
