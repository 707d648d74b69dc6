package plotstyle

import (
	"reflect"
	"testing"
)

func TestTicks(t *testing.T) {
	for _, tc := range []struct {
		name   string
		lo, hi float64
		log    bool
		want   []string // the labelled ticks
	}{
		{"log, one decade and a bit", 0.5, 30, true, []string{"0.5", "1", "2", "5", "10", "20"}},
		{"log, five decades: powers of ten", 0.001, 100, true, []string{"0.001", "0.01", "0.1", "1", "10", "100"}},
		{"log, empty", 0, 10, true, nil},
		{"counts 0..12", 0, 12.5, false, []string{"0", "2", "4", "6", "8", "10", "12"}},
		{"counts 0..262", 0, 262.5, false, []string{"0", "50", "100", "150", "200", "250"}},
		{"counts 0..3", 0, 3.5, false, []string{"0", "1", "2", "3"}},
	} {
		var got []string
		var all int
		if tc.log {
			for _, tk := range (LogTicks{}).Ticks(tc.lo, tc.hi) {
				all++
				if tk.Label != "" {
					got = append(got, tk.Label)
				}
			}
		} else {
			for _, tk := range (CountTicks{}).Ticks(tc.lo, tc.hi) {
				all++
				got = append(got, tk.Label)
			}
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: labels %v, want %v", tc.name, got, tc.want)
		}
		if tc.log && tc.want != nil && all <= len(got) {
			t.Errorf("%s: no minor ticks (%d ticks, %d labelled)", tc.name, all, len(got))
		}
	}
}
