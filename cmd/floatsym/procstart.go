package main

import (
	"os"
	"strconv"
	"strings"
	"time"
)

// processStart is when this process was started (exec), from
// /proc/self/stat and /proc/uptime (10 ms resolution): --max-time counts
// from there, so that the dynamic loading of the solver libraries
// (a few hundred ms on a loaded machine) is inside the limit. Elsewhere
// (or if /proc cannot be read) it is when the package was initialised.
// It is read once, at initialisation: a later reading (the prover's
// deadline, after a compilation that took minutes under load) would find
// the process older than the plausibility bound and fall back to now.
func processStart() time.Time { return startedAt }

var startedAt = readProcessStart()

func readProcessStart() time.Time {
	now := time.Now()
	stat, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return now
	}
	// Fields after the command name (in parentheses, which may hold
	// spaces): state is field 3, starttime field 22.
	i := strings.LastIndexByte(string(stat), ')')
	if i < 0 {
		return now
	}
	fields := strings.Fields(string(stat[i+1:]))
	if len(fields) < 20 {
		return now
	}
	ticks, err := strconv.ParseFloat(fields[19], 64)
	if err != nil {
		return now
	}
	up, err := os.ReadFile("/proc/uptime")
	if err != nil {
		return now
	}
	f := strings.Fields(string(up))
	if len(f) < 1 {
		return now
	}
	uptime, err := strconv.ParseFloat(f[0], 64)
	if err != nil {
		return now
	}
	const clkTck = 100 // USER_HZ on Linux
	age := time.Duration((uptime - ticks/clkTck) * float64(time.Second))
	if age < 0 || age > time.Minute {
		return now // not plausible: ignore
	}
	return now.Add(-age)
}
