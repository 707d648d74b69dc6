package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestProveCLI: --prove's interface. A correct loop program (auto: its
// loop draws symbolic input) ends proved: complete, a proof with its
// domain, sites all unreachable and a loop invariant, the final line
// "proved"; --prove=off leaves no proof. A buggy twin is not proved: the
// run explores as before, finds the bug, and keeps the proof record.
func TestProveCLI(t *testing.T) {
	requireClang(t)
	cases := []struct {
		name, src, mode string
		proved, proof   bool
		errors          int
	}{
		{"auto", "testdata/prove_filter.c", "auto", true, true, 0},
		{"on", "testdata/prove_filter.c", "on", true, true, 0},
		{"bug", "testdata/prove_filter_bug.c", "auto", false, true, 1},
		{"off", "testdata/prove_filter_bug.c", "off", false, false, 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "out")
			args := []string{"run", "--prove=" + c.mode, "--max-time", "15s", "--output-dir", dir}
			if c.errors > 0 {
				// The buggy twin's paths never end (2^iterations): without
				// --exit-on-error it explores until --max-time (15 s of a
				// core, twice); the bug, its count and the proof record
				// (or its absence) are the same at the first error.
				args = append(args, "--exit-on-error")
			}
			out, code := runCLI(t, append(args, c.src)...)
			if code != 0 {
				t.Fatalf("exit %d:\n%s", code, out)
			}
			b, err := os.ReadFile(filepath.Join(dir, "summary.json"))
			if err != nil {
				t.Fatal(err)
			}
			var sum struct {
				Complete bool `json:"complete"`
				Errors   []struct {
					Kind string `json:"kind"`
				} `json:"errors"`
				Proof *struct {
					Verdict string `json:"verdict"`
					Domain  string `json:"domain"`
					Sites   []struct {
						Location, Kind, Status string
					} `json:"sites"`
					LoopInvariants []struct {
						Location, Invariant string
					} `json:"loop_invariants"`
					Steps int64 `json:"steps"`
				} `json:"proof"`
			}
			if err := json.Unmarshal(b, &sum); err != nil {
				t.Fatal(err)
			}
			if (sum.Proof != nil) != c.proof {
				t.Fatalf("proof record present = %v, want %v", sum.Proof != nil, c.proof)
			}
			if len(sum.Errors) != c.errors {
				t.Errorf("%d errors, want %d", len(sum.Errors), c.errors)
			}
			if !c.proof {
				return
			}
			p := sum.Proof
			if got := p.Verdict == "proved"; got != c.proved {
				t.Fatalf("verdict %q, want proved = %v", p.Verdict, c.proved)
			}
			if !c.proved {
				return
			}
			if !sum.Complete || p.Domain == "" || p.Steps <= 0 || len(p.LoopInvariants) == 0 {
				t.Errorf("proved run: complete %v, domain %q, steps %d, %d invariants", sum.Complete, p.Domain, p.Steps, len(p.LoopInvariants))
			}
			asserts := 0
			for _, s := range p.Sites {
				if s.Status != "unreachable" {
					t.Errorf("site %s %s: %s in a proved run", s.Location, s.Kind, s.Status)
				}
				if s.Kind == "assert" {
					asserts++
				}
			}
			if asserts == 0 {
				t.Errorf("no assert site listed")
			}
			if !strings.Contains(out, "done: proved (") {
				t.Errorf("final line does not say proved:\n%s", out)
			}
		})
	}
}
