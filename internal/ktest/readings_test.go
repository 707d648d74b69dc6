package ktest

import (
	"encoding/binary"
	"math"
	"strings"
	"testing"
)

func TestFloatReadings(t *testing.T) {
	f32 := func(v ...uint32) []byte {
		b := make([]byte, 4*len(v))
		for i, x := range v {
			binary.LittleEndian.PutUint32(b[4*i:], x)
		}
		return b
	}
	one, half := math.Float32bits(1), math.Float32bits(-0.5)
	cases := []struct {
		name string
		data []byte
		want []string
	}{
		{"float[4]", f32(one, half, 0x7fc00001, 0xff800000), []string{"float[4]: 1, -0.5, nan(payload 0x400001, quiet), -inf", "double[2]: ", "long double: "}},
		{"float[8]", f32(one, one, one, one, one, one, one, 0x7f800001), []string{"float[8]: 1, 1, 1, 1, 1, 1, 1, nan(payload 0x1, signalling)", "double[4]: ", "long double[2]: "}},
		{"scalar float nan", f32(0xffc00000), []string{"float : -nan(payload 0x400000, quiet)"}},
		{"double", f32(0, 0x3ff80000), []string{"float[2]: 0, 1.9375", "double: 1.5 (0x1.8p+0)"}},
	}
	for _, c := range cases {
		var got []string
		for _, r := range floatReadings(c.data) {
			got = append(got, r.label+": "+r.value)
		}
		all := strings.Join(got, "\n")
		for _, w := range c.want {
			if !strings.Contains(all, w) {
				t.Errorf("%s: readings\n%s\nlack %q", c.name, all, w)
			}
		}
	}
}
