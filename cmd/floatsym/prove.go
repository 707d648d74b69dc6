package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/floatsym/floatsym/absint"
	"github.com/floatsym/floatsym/executor"
	"github.com/floatsym/floatsym/internal/version"
	"github.com/floatsym/floatsym/ir"
	"github.com/sirupsen/logrus"
)

// --prove: the abstract interpreter (package absint) before exploration.
//
// auto (the default) runs it when exploration cannot be exhaustive in
// general: some loop reachable from the entry draws symbolic input
// (__VERIFIER_nondet_*, klee_make_symbolic, klee_int, klee_range) in its
// body, directly or through a callee — each iteration then forks, so the
// paths are 2^iterations, or the trip count itself is symbolic. on runs
// it always, off never. When every error site is proved unreachable the
// run ends there, complete and proved; otherwise exploration proceeds as
// without it (every bug is still found by exploration and replayed), and
// summary.json's proof lists the sites that were proved.

// proofRecord is summary.json's "proof".
type proofRecord struct {
	Verdict        string                 `json:"verdict"` // "proved" or "not proved"
	Reason         string                 `json:"reason,omitempty"`
	Domain         string                 `json:"domain,omitempty"`
	Sites          []absint.Site          `json:"sites"`
	LoopInvariants []absint.LoopInvariant `json:"loop_invariants"`
	Steps          int64                  `json:"steps"`
	Seconds        float64                `json:"seconds"`
}

// inputCalls are the functions whose call makes input symbolic.
var inputCalls = []string{"__VERIFIER_nondet_", "klee_make_symbolic", "klee_int", "klee_range"}

func isInputCall(name string) bool {
	for _, p := range inputCalls {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// needsProver is the auto trigger: a loop reachable from entry whose
// body (its blocks, and functions they call) calls an input function.
func needsProver(m *ir.Module, entry string) bool {
	f := m.FuncByName[entry]
	if f == nil {
		return false
	}
	reads := map[*ir.Function]bool{} // function (transitively) reads input
	var readsInput func(f *ir.Function, seen map[*ir.Function]bool) bool
	readsInput = func(f *ir.Function, seen map[*ir.Function]bool) bool {
		if r, ok := reads[f]; ok {
			return r
		}
		if seen[f] {
			return false
		}
		seen[f] = true
		r := isInputCall(f.Name)
		for _, b := range f.Blocks {
			for _, in := range b.Insts {
				if in.Op == ir.OpCall && in.Callee >= 0 && readsInput(m.Funcs[in.Callee], seen) {
					r = true
				}
			}
		}
		reads[f] = r
		return r
	}
	seen := map[*ir.Function]bool{}
	var visit func(f *ir.Function) bool
	visit = func(f *ir.Function) bool {
		if seen[f] || f.IsDeclaration() {
			return false
		}
		seen[f] = true
		for _, loop := range loopBlocks(f) {
			for _, b := range loop {
				for _, in := range f.Blocks[b].Insts {
					if in.Op == ir.OpCall && in.Callee >= 0 && readsInput(m.Funcs[in.Callee], map[*ir.Function]bool{}) {
						return true
					}
				}
			}
		}
		for _, b := range f.Blocks {
			for _, in := range b.Insts {
				if in.Op == ir.OpCall && in.Callee >= 0 && visit(m.Funcs[in.Callee]) {
					return true
				}
			}
		}
		return false
	}
	return visit(f)
}

// loopBlocks returns, per back edge t→h of f, the blocks of its natural
// loop (those reaching t without passing h, plus h).
func loopBlocks(f *ir.Function) [][]int {
	n := len(f.Blocks)
	succs := make([][]int, n)
	preds := make([][]int, n)
	for b, blk := range f.Blocks {
		if len(blk.Insts) == 0 {
			continue
		}
		for _, e := range blk.Insts[len(blk.Insts)-1].Succs {
			succs[b] = append(succs[b], int(e.Block))
			preds[e.Block] = append(preds[e.Block], b)
		}
	}
	color := make([]uint8, n)
	var loops [][]int
	var dfs func(b int)
	dfs = func(b int) {
		color[b] = 1
		for _, s := range succs[b] {
			switch color[s] {
			case 0:
				dfs(s)
			case 1:
				in := map[int]bool{s: true}
				work := []int{b}
				for len(work) > 0 {
					x := work[len(work)-1]
					work = work[:len(work)-1]
					if in[x] {
						continue
					}
					in[x] = true
					work = append(work, preds[x]...)
				}
				var l []int
				for x := range in {
					l = append(l, x)
				}
				loops = append(loops, l)
			}
		}
		color[b] = 2
	}
	if n > 0 {
		dfs(0)
	}
	return loops
}

// proverDeadline is the prover's outer cap: --max-time counted from
// limitStart, the process's start as the exploration's (moved later by a
// library build: outsideLimit; zero: no limit). Counted from the
// prover's own start, a compilation slowed by the machine's load gave the
// prover a whole --max-time more, and the run overran its limit by as
// much (killed by floatsym bench at its hard limit, without output).
func proverDeadline(limitStart time.Time, maxTime time.Duration) time.Time {
	if maxTime <= 0 {
		return time.Time{}
	}
	return limitStart.Add(maxTime)
}

// runProver runs the analysis when mode asks for it; nil when it did not
// run. checkFP: --check-fp is on; its exception sites (invalid,
// divbyzero, overflow, fpconv) are then proof obligations too, and
// underflow or inexact make the analysis give up (absint/fpsites.go).
func runProver(mode string, m *ir.Module, f runFlags, limitStart time.Time, progArgs []string, checkFP bool, log *logrus.Entry) (*proofRecord, error) {
	switch mode {
	case "off":
		return nil, nil
	case "on":
	case "auto":
		if !needsProver(m, f.entry) {
			return nil, nil
		}
	default:
		return nil, fmt.Errorf("--prove=%q: want auto, on or off", mode)
	}
	rec := &proofRecord{Verdict: "not proved", Sites: []absint.Site{}, LoopInvariants: []absint.LoopInvariant{}}
	if f.entry != "main" {
		rec.Reason = "the prover starts from main only"
		return rec, nil
	}
	cfg := absint.DefaultConfig()
	if checkFP {
		// --check-fp's sites are proof obligations (absint/fpsites.go).
		fl, conv, err := executor.ParseCheckFP(f.checkFP)
		if err != nil {
			return nil, err
		}
		cfg.CheckFP, cfg.CheckFPConv = fl, conv
	}
	cfg.MaxHeap = f.maxMemoryMB << 20 // malloc may return NULL under --max-memory
	cfg.Argc = 1 + len(progArgs)
	cfg.Deadline = proverDeadline(limitStart, f.maxTime)
	for _, a := range progArgs {
		if strings.HasPrefix(a, "--sym-") {
			cfg.ArgcUnknown = true
		}
	}
	start := time.Now()
	res, err := absint.Analyze(m, cfg)
	rec.Seconds = time.Since(start).Seconds()
	if err != nil {
		rec.Reason = err.Error()
		log.WithField("reason", err.Error()).Info("prover: not proved")
		return rec, nil
	}
	rec.Sites, rec.LoopInvariants, rec.Steps, rec.Domain = res.Sites, res.Loops, res.Steps, res.Domain
	if rec.Sites == nil {
		rec.Sites = []absint.Site{}
	}
	if rec.LoopInvariants == nil {
		rec.LoopInvariants = []absint.LoopInvariant{}
	}
	if res.Proved {
		rec.Verdict = "proved"
	} else {
		n := 0
		for _, s := range res.Sites {
			if s.Status != "unreachable" {
				n++
				if rec.Reason == "" {
					rec.Reason = fmt.Sprintf("%s at %s: %s", s.Kind, s.Location, s.Reason)
				}
			}
		}
		rec.Reason = fmt.Sprintf("%d of %d error sites not proved unreachable (first: %s)", n, len(res.Sites), rec.Reason)
	}
	log.WithFields(logrus.Fields{"verdict": rec.Verdict, "domain": rec.Domain, "steps": rec.Steps,
		"sites": len(rec.Sites), "seconds": rec.Seconds}).Info("prover")
	return rec, nil
}

// finishProved ends a run the prover settled: no exploration, a complete
// summary with the proof, and the final line saying so.
func finishProved(proof *proofRecord, out *executor.OutputDir, inputs, cmdline []string, start time.Time) error {
	sum := &executor.Summary{
		Version: version.Version, CommandLine: cmdline, Input: inputs, OutputDir: out.Path,
		Start: start, Complete: true, EndedBy: executor.EndedProved, Errors: []executor.ErrorRecord{}, Paths: []executor.PathRecord{}, Proof: proof,
	}
	info := fmt.Sprintf("proved: every error site unreachable (%s, %d sites, %d steps)\ncomplete: true\n",
		proof.Domain, len(proof.Sites), proof.Steps)
	for _, l := range proof.LoopInvariants {
		info += fmt.Sprintf("loop invariant at %s: %s\n", l.Location, l.Invariant)
	}
	console := fmt.Sprintf("floatsym: done: proved (%s): %d error sites unreachable, %d steps, output in %s\n",
		proof.Domain, len(proof.Sites), proof.Steps, out.Path)
	return finishWithoutExploration(out, sum, info, console)
}
