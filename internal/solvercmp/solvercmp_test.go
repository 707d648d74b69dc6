package solvercmp

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestCompare(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "a", "out")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	sum := `{"solver_stages":[{"name":"native","queries":10,"sat":4,"unsat":2,"unknown":4,"time_seconds":0.000001}]}`
	if err := os.WriteFile(filepath.Join(out, "summary.json"), []byte(sum), 0o644); err != nil {
		t.Fatal(err)
	}
	on := []Result{{ID: "a/x", Outcome: "verified", SolverSeconds: 1, Elapsed: 2, OutputDir: out}, {ID: "b/y", Outcome: "timeout", SolverSeconds: 5}}
	off := []Result{{ID: "a/x", Outcome: "timeout", SolverSeconds: 60, Elapsed: 61}, {ID: "b/y", Outcome: "TP", SolverSeconds: 1}}
	rows := Compare(on, off)
	if len(rows) != 2 || rows[0].FPQueries != 10 || rows[0].Decided != 6 {
		t.Fatalf("rows %+v", rows)
	}
	var b bytes.Buffer
	Print(&b, rows)
	for _, want := range []string{"decided natively 6 (60%)", "on 1, off 1 (1 gained, 1 lost)", "timeouts: on 1, off 1", "LOST: b/y"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, b.String())
		}
	}
}
