package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// toolRun is one tool's answers on one file.
type toolRun struct {
	answers []string // per check-sat: sat, unsat, unknown
	err     string   // the tool's error, if any
	seconds float64
}

// solved: every check-sat answered sat or unsat.
func (r toolRun) solved() bool {
	if r.err != "" || len(r.answers) == 0 {
		return false
	}
	for _, a := range r.answers {
		if a != "sat" && a != "unsat" {
			return false
		}
	}
	return true
}

var compareTools = []string{"floatsym", "z3", "cvc5"}

// compareSolvers runs floatsym, z3 and cvc5 on every .smt2 file of
// f.compare and reports (bench-smt).
func compareSolvers(f solveFlags, args []string) error {
	files, err := filepath.Glob(filepath.Join(f.compare, "*.smt2"))
	if err != nil {
		return err
	}
	if len(args) > 0 {
		return fmt.Errorf("--compare takes a directory, not files")
	}
	if len(files) == 0 {
		return fmt.Errorf("--compare %s: no .smt2 files", f.compare)
	}
	sort.Strings(files)
	runs := map[string][]toolRun{}
	var problems []string
	for _, file := range files {
		for _, tool := range compareTools {
			r := runTool(f, tool, file)
			runs[tool] = append(runs[tool], r)
		}
		i := len(runs["floatsym"]) - 1
		fs := runs["floatsym"][i]
		if fs.err != "" {
			problems = append(problems, fmt.Sprintf("%s: floatsym: %s", filepath.Base(file), fs.err))
		}
		for _, other := range compareTools[1:] {
			o := runs[other][i]
			for j := 0; j < len(fs.answers) && j < len(o.answers); j++ {
				a, b := fs.answers[j], o.answers[j]
				if (a == "sat" || a == "unsat") && (b == "sat" || b == "unsat") && a != b {
					problems = append(problems, fmt.Sprintf("%s: check-sat %d: floatsym %s, %s %s", filepath.Base(file), j+1, a, other, b))
				}
			}
		}
	}
	fmt.Printf("%d files, time limit %v per file and tool\n", len(files), f.timeout)
	fmt.Printf("%-10s %8s %10s %12s\n", "tool", "solved", "errors", "total time")
	for _, tool := range compareTools {
		n, errs, total := 0, 0, 0.0
		for _, r := range runs[tool] {
			if r.solved() {
				n++
			}
			if r.err != "" {
				errs++
			}
			total += r.seconds
		}
		fmt.Printf("%-10s %4d/%-4d %10d %11.2fs\n", tool, n, len(files), errs, total)
	}
	if f.csv != "" {
		if err := writeCompareCSV(f.csv, files, runs); err != nil {
			return err
		}
	}
	if f.cactus != "" {
		if err := writeCactus(f.cactus, runs); err != nil {
			return err
		}
	}
	if len(problems) > 0 {
		for _, p := range problems {
			fmt.Println("problem:", p)
		}
		return fmt.Errorf("%d problem(s): contradicting answers or floatsym errors", len(problems))
	}
	fmt.Println("floatsym agrees with z3 and cvc5 on every check-sat both answered")
	return nil
}

// runTool runs one tool on one file.
func runTool(f solveFlags, tool, file string) toolRun {
	start := time.Now()
	if tool == "floatsym" {
		var out bytes.Buffer
		sc, err := solveFile(f, file, &out)
		r := toolRun{seconds: time.Since(start).Seconds()}
		if err != nil {
			r.err = err.Error()
		}
		if sc != nil {
			for _, a := range sc.Answers {
				r.answers = append(r.answers, a.String())
			}
		}
		return r
	}
	var cmd *exec.Cmd
	ctx, cancel := context.WithTimeout(context.Background(), f.timeout+10*time.Second)
	defer cancel()
	secs := int(f.timeout.Seconds() + 0.999)
	switch tool {
	case "z3":
		cmd = exec.CommandContext(ctx, "z3", "-T:"+strconv.Itoa(secs), file)
	default:
		cmd = exec.CommandContext(ctx, "cvc5", "--fp-exp", "--incremental", "--tlimit="+strconv.Itoa(int(f.timeout.Milliseconds())), file)
	}
	out, err := cmd.CombinedOutput()
	r := toolRun{seconds: time.Since(start).Seconds()}
	for _, l := range strings.Split(string(out), "\n") {
		switch l = strings.TrimSpace(l); {
		case l == "sat" || l == "unsat" || l == "unknown":
			r.answers = append(r.answers, l)
		case l == "timeout" || strings.Contains(l, "interrupted by timeout"):
			r.answers = append(r.answers, "unknown")
		case strings.HasPrefix(l, "(error"):
			r.err = l
		}
	}
	if len(r.answers) == 0 && r.err == "" && err != nil {
		r.err = err.Error()
	}
	return r
}

func writeCompareCSV(path string, files []string, runs map[string][]toolRun) error {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{"file", "tool", "answers", "solved", "seconds", "error"})
	for i, file := range files {
		for _, tool := range compareTools {
			r := runs[tool][i]
			w.Write([]string{filepath.Base(file), tool, strings.Join(r.answers, " "), strconv.FormatBool(r.solved()),
				strconv.FormatFloat(r.seconds, 'f', 3, 64), r.err})
		}
	}
	w.Flush()
	return os.WriteFile(path, b.Bytes(), 0o644)
}

// writeCactus writes, per tool, its solve times sorted: row i is the
// time of its i-th fastest solved file and the cumulative time (a cactus
// plot's data).
func writeCactus(path string, runs map[string][]toolRun) error {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{"tool", "solved", "seconds", "cumulative_seconds"})
	for _, tool := range compareTools {
		var ts []float64
		for _, r := range runs[tool] {
			if r.solved() {
				ts = append(ts, r.seconds)
			}
		}
		sort.Float64s(ts)
		cum := 0.0
		for i, t := range ts {
			cum += t
			w.Write([]string{tool, strconv.Itoa(i + 1), strconv.FormatFloat(t, 'f', 3, 64), strconv.FormatFloat(cum, 'f', 3, 64)})
		}
	}
	w.Flush()
	return os.WriteFile(path, b.Bytes(), 0o644)
}
