package arith_test

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	. "github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/arith/internal/hwref"
)

// TestExhaustiveF32 runs every one of the 2^32 float bit patterns through
//   - FPExt F32->F64 then FPTrunc F64->F32 (must give the input back, NaNs
//     quieted),
//   - FSqrt F32 NearestEven against the hardware (sqrtps, same semantics as
//     sqrtss/sqrtf),
//   - FPToSI F32->i32 against the hardware (cvttps2dq = cvttss2si r32),
//   - FCmp of x against -x: the relation must follow from the sign and
//     class of x alone, also with swapped operands and predicate,
//
// split in 64Ki-value chunks over all CPUs. It takes about 45 CPU-seconds
// (~23 s on two idle cores); with -short only every 61st chunk is checked.
func TestExhaustiveF32(t *testing.T) {
	const chunkBits = 16
	const nChunks = 1 << (32 - chunkBits)
	stride := uint64(1)
	if testing.Short() {
		stride = 61
	}
	var checked atomic.Int64
	var next atomic.Uint64
	var failures atomic.Int64
	var mu sync.Mutex
	var msgs []string
	report := func(format string, args ...any) {
		if failures.Add(1) <= 20 {
			mu.Lock()
			msgs = append(msgs, fmt.Sprintf(format, args...))
			mu.Unlock()
		}
	}
	var wg sync.WaitGroup
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sq := make([]uint32, 1<<chunkBits)
			cv := make([]uint32, 1<<chunkBits)
			for {
				c := (next.Add(1) - 1) * stride
				if c >= nChunks {
					return
				}
				checked.Add(1 << chunkBits)
				start := uint32(c << chunkBits)
				hwref.SqrtF32Range(start, sq)
				hwref.CvttF32Range(start, cv)
				for i := range sq {
					b := start + uint32(i)
					a := Word{Lo: uint64(b)}
					nan := b&0x7fffffff > 0x7f800000

					want := b
					if nan {
						want |= 0x00400000
					}
					if r := FPTrunc(F64, F32, NearestEven, FPExt(F32, F64, a)); r.Lo != uint64(want) || r.Hi != 0 {
						report("fptrunc(fpext(%#08x)) = %#x, want %#08x", b, r.Lo, want)
					}
					if r := FSqrt(F32, NearestEven, a); r.Lo != uint64(sq[i]) {
						report("sqrt(%#08x) = %#x, hardware %#08x", b, r.Lo, sq[i])
					}
					if r := FPToSI(F32, a, 32); r.Lo != uint64(cv[i]) {
						report("fptosi(%#08x) = %#x, hardware %#08x", b, r.Lo, cv[i])
					}

					// x vs -x: unordered for NaN, equal for ±0, else the sign
					// of x decides. Every predicate is used (low 4 bits of
					// x), in both operand orders (bit 4).
					n := Word{Lo: uint64(b ^ 0x80000000)}
					rel := fpRelGT
					switch {
					case nan:
						rel = fpRelUN
					case b&0x7fffffff == 0:
						rel = fpRelEQ
					case b>>31 != 0:
						rel = fpRelLT
					}
					p := Pred(b & 15)
					var got bool
					if b&16 == 0 {
						got = FCmp(F32, p, a, n)
					} else {
						got = FCmp(F32, p.Swapped(), n, a)
					}
					if got != (int(p)&rel != 0) {
						report("fcmp %s %#08x, %#08x (swapped %v) = %v", p, b, n.Lo, b&16 != 0, got)
					}
				}
			}
		}()
	}
	wg.Wait()
	fpComparisons.Add(4 * checked.Load())
	if f := failures.Load(); f > 0 {
		t.Errorf("%d failures; first ones:\n%v", f, msgs)
	}
	t.Logf("%d float patterns checked", checked.Load())
}

// LLVM predicate bits.
const (
	fpRelEQ = 1
	fpRelGT = 2
	fpRelLT = 4
	fpRelUN = 8
)
