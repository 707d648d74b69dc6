package main

import (
	"math"
	"runtime/debug"
	"testing"
)

// TestTuneGC: floatsym's GC target applies unless GOGC is set, and
// --max-memory becomes Go's soft memory limit unless GOMEMLIMIT is set.
func TestTuneGC(t *testing.T) {
	prevPercent := debug.SetGCPercent(100)
	prevLimit := debug.SetMemoryLimit(math.MaxInt64)
	defer func() {
		debug.SetGCPercent(prevPercent)
		debug.SetMemoryLimit(prevLimit)
	}()
	env := func(kv map[string]string) func(string) string {
		return func(k string) string { return kv[k] }
	}
	for _, c := range []struct {
		name      string
		env       map[string]string
		maxMemory uint64
		percent   int
		limit     int64
	}{
		{"defaults", nil, 0, gcPercent, math.MaxInt64},
		{"GOGC set", map[string]string{"GOGC": "100"}, 0, 100, math.MaxInt64},
		{"max-memory", nil, 512 << 20, gcPercent, 512 << 20},
		{"GOMEMLIMIT set", map[string]string{"GOMEMLIMIT": "1GiB"}, 512 << 20, gcPercent, math.MaxInt64},
	} {
		debug.SetGCPercent(100)
		debug.SetMemoryLimit(math.MaxInt64)
		tuneGC(env(c.env), c.maxMemory)
		if got := debug.SetGCPercent(100); got != c.percent {
			t.Errorf("%s: GC percent %d, want %d", c.name, got, c.percent)
		}
		if got := debug.SetMemoryLimit(-1); got != c.limit {
			t.Errorf("%s: memory limit %d, want %d", c.name, got, c.limit)
		}
	}
}
