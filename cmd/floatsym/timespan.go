package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// KLEE's time spans (klee/Support/Time: "1h30min", "5min", "10s",
// "500ms", a bare number of seconds "5" or "0.5"): a sequence of a
// number and a unit, h, min, s, ms, us or ns. Go's spellings ("1m30s",
// "1.5h") are accepted too: "m" is minutes.
var timeUnits = []struct {
	name string
	d    time.Duration
}{
	// Longer names first, so "min" and "ms" are not read as "m".
	{"min", time.Minute}, {"ms", time.Millisecond}, {"us", time.Microsecond}, {"µs", time.Microsecond},
	{"ns", time.Nanosecond}, {"h", time.Hour}, {"m", time.Minute}, {"s", time.Second},
}

// parseTimeSpan reads a KLEE or Go time span.
func parseTimeSpan(s string) (time.Duration, error) {
	in := strings.TrimSpace(s)
	if in == "" {
		return 0, fmt.Errorf("empty time span")
	}
	if v, err := strconv.ParseFloat(in, 64); err == nil {
		if v < 0 {
			return 0, fmt.Errorf("time span %q is negative", s)
		}
		return time.Duration(v * float64(time.Second)), nil
	}
	var total time.Duration
	rest := in
	for rest != "" {
		i := 0
		for i < len(rest) && (rest[i] >= '0' && rest[i] <= '9' || rest[i] == '.') {
			i++
		}
		if i == 0 {
			return 0, fmt.Errorf("time span %q: want a number then a unit (h, min, s, ms, us, ns), e.g. 1h30min, 5min, 10s or 5 (seconds)", s)
		}
		v, err := strconv.ParseFloat(rest[:i], 64)
		if err != nil {
			return 0, fmt.Errorf("time span %q: %w", s, err)
		}
		rest = rest[i:]
		unit := time.Duration(0)
		for _, u := range timeUnits {
			if strings.HasPrefix(rest, u.name) {
				unit, rest = u.d, rest[len(u.name):]
				break
			}
		}
		if unit == 0 {
			return 0, fmt.Errorf("time span %q: unknown unit at %q (want h, min, s, ms, us or ns)", s, rest)
		}
		total += time.Duration(v * float64(unit))
	}
	return total, nil
}

// timeSpanFlag is a duration flag spelled as KLEE spells time spans.
type timeSpanFlag struct{ d *time.Duration }

func (f timeSpanFlag) String() string {
	if f.d == nil {
		return "0s"
	}
	return f.d.String()
}
func (f timeSpanFlag) Type() string { return "timespan" }
func (f timeSpanFlag) Set(s string) error {
	d, err := parseTimeSpan(s)
	if err != nil {
		return err
	}
	*f.d = d
	return nil
}
