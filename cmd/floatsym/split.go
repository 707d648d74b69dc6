package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"time"

	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/atomicfile"
	"github.com/floatsym/floatsym/internal/bench"
	"github.com/sirupsen/logrus"
	"github.com/spf13/pflag"
)

// One exploration split by path prefixes (issue 22, deliverable 2):
// --split N writes the open states' prefixes and a Slurm array script,
// --prefix FILE explores below one, --parallel K does both with K local
// processes and merges (parallel.go; floatsym merge: merge.go).

type splitFlags struct {
	split    int
	prefix   string
	parallel int
	search   string
	compiled string // compiled.go
	// canonical: every test's model canonical (split runs always).
	canonical bool
}

func addSplitFlags(fl *pflag.FlagSet, f *splitFlags) {
	fl.IntVar(&f.split, "split", 0, "explore until N states are open, then write each one's branch decisions as OUTPUT/prefixes/NNNN.prefix and a Slurm job-array script OUTPUT/prefixes/array.sbatch (one task per prefix); the paths that ended before are this run's output")
	fl.StringVar(&f.prefix, "prefix", "", "follow the branch decisions of this prefix file (written by --split) without solver calls, then explore the subtree below it")
	fl.StringVar(&f.search, "split-search", "shallowest", "searcher of a --split run until it splits (the parts use --search): shallowest (the state with the fewest forks first, which keeps the prefixes' subtrees of similar size), a --search name, or \"\" for --search")
	fl.StringVar(&f.compiled, "compiled", "", "use this already compiled and linked module (a split run's assembly.ll) instead of compiling the sources (the parts of --parallel and of a split's array.sbatch)")
	_ = fl.MarkHidden("compiled")
	fl.BoolVar(&f.canonical, "canonical-tests", false, "derive every test's model from its path condition alone (the native search, fixed work and seed), so two runs with the same seed write the same tests whichever solver stage answers first (always on with --split, --prefix and --parallel; about 2 ms a test)")
	fl.IntVar(&f.parallel, "parallel", 0, "split the exploration into 4*K prefixes and explore them with K local floatsym processes, then merge their outputs into the output directory")
}

// prefixFormat and prefixVersion head every prefix file.
const (
	prefixFormat  = "floatsym-prefix"
	prefixVersion = 1
)

// prefixFile is a prefix as written to disk (JSON).
type prefixFile struct {
	Format  string `json:"format"`
	Version int    `json:"version"`
	// SplitID names the split; Index is the prefix's place among Count.
	SplitID string `json:"split_id"`
	Index   int    `json:"index"`
	Count   int    `json:"count"`
	// ModuleSHA256 is the hash of the linked program (assembly.ll);
	// Identity the options that shape its paths: a part refuses a prefix
	// whose program or identity differs from its own.
	ModuleSHA256 string         `json:"module_sha256"`
	Identity     prefixIdentity `json:"identity"`
	// Command is the split run's command line (for information).
	Command      []string `json:"command"`
	Initial      int      `json:"initial_state"`
	StateID      int      `json:"state_id"`
	Depth        int      `json:"depth"`
	Instructions uint64   `json:"instructions"`
	Decisions    []string `json:"decisions"`
}

// prefixIdentity are the options that decide which paths exist and how
// they branch. Limits, the searcher, the seed and the solver do not: a
// part may run with other ones (the merged tests are the same only with
// the same searcher and seed).
type prefixIdentity struct {
	Argv     []string             `json:"argv"`
	Entry    string               `json:"entry"`
	CheckFP  string               `json:"check_fp"`
	Libm     string               `json:"libm"`
	KLEE     executor.KLEEOptions `json:"klee"`
	Property string               `json:"property,omitempty"`
	Env      []string             `json:"env,omitempty"`
	CleanEnv bool                 `json:"clean_env,omitempty"`
	Stdin    string               `json:"stdin,omitempty"`
}

func identityOf(f *runFlags, cfg *executor.Config) prefixIdentity {
	return prefixIdentity{Argv: cfg.Args, Entry: f.entry, CheckFP: f.checkFP, Libm: f.libm, KLEE: f.klee.opts,
		Property: f.klee.property, Env: f.env, CleanEnv: f.cleanEnv, Stdin: f.stdin}
}

// moduleHash is the SHA-256 of the linked program.
func moduleHash(out *executor.OutputDir) (string, error) {
	b, err := os.ReadFile(out.File("assembly.ll"))
	if err != nil {
		return "", err
	}
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:]), nil
}

// splitRun is a run's split state between configure and finish.
type splitRun struct {
	f        *runFlags
	hash     string
	id       prefixIdentity
	part     *prefixFile
	partPath string
}

// configureSplit checks the split flags and sets cfg.Split or cfg.Prefix.
func configureSplit(f *runFlags, cfg *executor.Config, out *executor.OutputDir) (*splitRun, error) {
	sp := &f.sp
	cfg.CanonicalTests = sp.canonical
	if sp.split == 0 && sp.prefix == "" {
		return nil, nil
	}
	if sp.split < 0 {
		return nil, fmt.Errorf("--split %d: want a positive number of prefixes", sp.split)
	}
	if sp.split > 0 && sp.prefix != "" {
		return nil, fmt.Errorf("--split and --prefix cannot be combined")
	}
	hash, err := moduleHash(out)
	if err != nil {
		return nil, err
	}
	r := &splitRun{f: f, hash: hash, id: identityOf(f, cfg)}
	// The same seed and split give the same merged tests, whichever
	// solver stage answers first (solver.CanonicalModel).
	cfg.CanonicalTests = true
	if sp.split > 0 {
		cfg.Split = sp.split
		switch sp.search {
		case "shallowest":
			cfg.SplitShallow = true
		case "":
		default:
			cfg.Search = searchSpec([]string{sp.search})
		}
		return r, nil
	}
	pf, err := readPrefix(sp.prefix)
	if err != nil {
		return nil, err
	}
	if pf.ModuleSHA256 != hash {
		return nil, fmt.Errorf("prefix %s was written for another program (module sha256 %.12s…, this one's is %.12s…): run it with the same sources, --cflags and libraries as the split run (%s)",
			sp.prefix, pf.ModuleSHA256, hash, strings.Join(pf.Command, " "))
	}
	if !reflect.DeepEqual(pf.Identity, r.id) {
		want, _ := json.Marshal(pf.Identity)
		got, _ := json.Marshal(r.id)
		return nil, fmt.Errorf("prefix %s was written with other program arguments or options:\n  prefix: %s\n  this run: %s", sp.prefix, want, got)
	}
	p := &executor.Prefix{Initial: pf.Initial, StateID: pf.StateID, Depth: pf.Depth, Instructions: pf.Instructions}
	for i, s := range pf.Decisions {
		d, err := executor.ParseDecision(s)
		if err != nil {
			return nil, fmt.Errorf("prefix %s: decision %d: %w", sp.prefix, i+1, err)
		}
		p.Decisions = append(p.Decisions, d)
	}
	cfg.Prefix = p
	r.part, r.partPath = pf, sp.prefix
	return r, nil
}

// readPrefix reads and checks a prefix file's header.
func readPrefix(path string) (*prefixFile, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("--prefix: %w", err)
	}
	var pf prefixFile
	if err := json.Unmarshal(b, &pf); err != nil {
		return nil, fmt.Errorf("--prefix %s: not a prefix file: %w", path, err)
	}
	if pf.Format != prefixFormat {
		return nil, fmt.Errorf("--prefix %s: format %q, want %q", path, pf.Format, prefixFormat)
	}
	if pf.Version != prefixVersion {
		return nil, fmt.Errorf("--prefix %s: version %d; this floatsym reads version %d", path, pf.Version, prefixVersion)
	}
	return &pf, nil
}

// finish writes a split run's prefixes and array script and returns the
// summary's split record; for a split run the summary is then not
// complete (its rest is the parts').
func (r *splitRun) finish(res *executor.Result, sum *executor.Summary, out *executor.OutputDir, cmdline []string, log *logrus.Entry) (*executor.SplitRecord, error) {
	if r == nil {
		return nil, nil
	}
	if r.part != nil {
		return &executor.SplitRecord{Role: "part", ID: r.part.SplitID, Prefixes: r.part.Count, Index: r.part.Index,
			Prefix: r.partPath, Replay: &res.Replay}, nil
	}
	complete := sum.Complete
	rec := &executor.SplitRecord{Role: "split", Requested: r.f.sp.split, Prefixes: len(res.Prefixes), CompleteBeforeSplit: &complete}
	dir := out.File("prefixes")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	h := sha256.New()
	fmt.Fprintf(h, "%s %d\n", r.hash, len(res.Prefixes))
	enc := make([][]string, len(res.Prefixes))
	for i, p := range res.Prefixes {
		enc[i] = make([]string, len(p.Decisions))
		for k, d := range p.Decisions {
			enc[i][k] = d.String()
		}
		fmt.Fprintf(h, "%d %s\n", p.Initial, strings.Join(enc[i], " "))
	}
	rec.ID = hex.EncodeToString(h.Sum(nil))[:16]
	names := make([]string, len(res.Prefixes))
	for i, p := range res.Prefixes {
		names[i] = fmt.Sprintf("%04d.prefix", i)
		pf := prefixFile{Format: prefixFormat, Version: prefixVersion, SplitID: rec.ID, Index: i, Count: len(res.Prefixes),
			ModuleSHA256: r.hash, Identity: r.id, Command: cmdline, Initial: p.Initial, StateID: p.StateID,
			Depth: p.Depth, Instructions: p.Instructions, Decisions: enc[i]}
		b, err := json.MarshalIndent(&pf, "", " ")
		if err != nil {
			return nil, err
		}
		if err := atomicfile.WriteFile(filepath.Join(dir, names[i]), append(b, '\n'), 0o644); err != nil {
			return nil, err
		}
	}
	if len(res.Prefixes) == 0 {
		sum.Split = rec
		log.Infof("the exploration ended before %d states were open: this is a complete run, no prefixes written", r.f.sp.split)
		return rec, nil
	}
	sum.Complete = false
	script, err := arrayScript(r.f, out.Path, names, cmdline, rec.ID)
	if err != nil {
		return nil, err
	}
	if err := atomicfile.WriteFile(filepath.Join(dir, "array.sbatch"), []byte(script), 0o755); err != nil {
		return nil, err
	}
	log.WithField("prefixes", len(names)).Infof("wrote %s/*.prefix and array.sbatch", dir)
	return rec, nil
}

// partArgs are the run's own arguments (after "run") without the split
// flags and the output directory: what each part runs with.
func partArgs(cmdline []string) ([]string, error) {
	at := -1
	for i, a := range cmdline {
		if a == "run" {
			at = i
			break
		}
	}
	if at < 0 {
		return nil, fmt.Errorf("cannot derive the parts' command from %q (no \"run\")", cmdline)
	}
	var out []string
	raw := cmdline[at+1:]
	for i := 0; i < len(raw); i++ {
		a := raw[i]
		if a == "--" {
			out = append(out, raw[i:]...)
			break
		}
		name, _, hasVal := strings.Cut(a, "=")
		switch name {
		case "--split", "--prefix", "--parallel", "--output-dir", "--split-search", "--compiled":
			if !hasVal {
				i++
			}
			continue
		}
		out = append(out, a)
	}
	return out, nil
}

// arrayScript is the Slurm job-array script of a split: task i runs
// floatsym run --prefix on the i-th prefix (by name) into O/parts/i.
func arrayScript(f *runFlags, outDir string, names, cmdline []string, id string) (string, error) {
	self, err := os.Executable()
	if err != nil {
		return "", err
	}
	args, err := partArgs(cmdline)
	if err != nil {
		return "", err
	}
	cwd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("#!/bin/bash\n")
	d := bench.Sbatch{JobName: "floatsym-split-" + id[:8], Array: fmt.Sprintf("0-%d", len(names)-1), CPUs: 1,
		Output: filepath.Join(outDir, "prefixes", "slurm-%A_%a.out"), Extra: []string{"--ntasks=1"}}
	if f.maxTime > 0 {
		d.TimeMinutes = int((f.maxTime + time.Minute + time.Minute - 1) / time.Minute)
	}
	if f.maxMemoryMB > 0 {
		d.MemoryMB = int(f.maxMemoryMB) + 512
	}
	d.Write(&b)
	fmt.Fprintf(&b, "# Written by floatsym run --split (split %s): task i explores below the i-th prefix\n", id)
	fmt.Fprintf(&b, "# (by name) into %s/parts/i; then: floatsym merge --output-dir M %s %s/parts/*\n", outDir, outDir, outDir)
	b.WriteString("set -eu\n")
	fmt.Fprintf(&b, "cd %s\n", bench.ShellQuote(cwd))
	b.WriteString("prefixes=(")
	for _, n := range names {
		b.WriteString(" " + n)
	}
	b.WriteString(" )\n")
	b.WriteString("i=${SLURM_ARRAY_TASK_ID:?run this script with sbatch --array}\n")
	fmt.Fprintf(&b, "mkdir -p %s\n", bench.ShellQuote(filepath.Join(outDir, "parts")))
	b.WriteString("# A requeued or resubmitted task starts its part afresh.\n")
	fmt.Fprintf(&b, "rm -rf -- %s/\"$i\"\n", bench.ShellQuote(filepath.Join(outDir, "parts")))
	fmt.Fprintf(&b, "exec %s run --prefix %s/\"${prefixes[$i]}\" --output-dir %s/\"$i\" --compiled %s", bench.ShellQuote(self),
		bench.ShellQuote(filepath.Join(outDir, "prefixes")), bench.ShellQuote(filepath.Join(outDir, "parts")),
		bench.ShellQuote(filepath.Join(outDir, "assembly.ll")))
	for _, a := range args {
		b.WriteString(" " + bench.ShellQuote(a))
	}
	b.WriteString("\n")
	return b.String(), nil
}
