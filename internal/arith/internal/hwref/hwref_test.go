//go:build cgo && amd64

package hwref

import "testing"

var third = 3.0

// TestFlagsIgnoreGoCode checks that Flags reports the flags of the
// operation only: Go float code that runs on the thread around the
// operation (here a division raising inexact, as the runtime's GC pacing
// may) must not show. With the flags cleared and read by cgo calls of their
// own, 1.3% of reads showed a spurious inexact under allocation pressure.
func TestFlagsIgnoreGoCode(t *testing.T) {
	qnan := W{Lo: 0xfff8000000000000}
	tiny := W{Lo: 0x0010000000000000} // 0x1p-1022
	var sink float64
	got := Flags(func() {
		sink = 1 / third
		Arith(2, 2, 2, qnan, tiny) // quiet NaN × normal: no flag
		sink += 1 / third
	})
	if got != 0 {
		t.Errorf("Flags = %#x around Go code raising inexact, want 0 (the operation raises none)", got)
	}
	if got := Flags(func() { Arith(2, 3, 0, W{Lo: 0x3ff0000000000000}, W{Lo: 0x4008000000000000}) }); got != 0x20 {
		t.Errorf("Flags(1/3) = %#x, want inexact (0x20)", got)
	}
	defer func() {
		if recover() == nil {
			t.Error("Flags with no operation did not panic")
		}
	}()
	Flags(func() { sink = 1 / third })
	_ = sink
}
