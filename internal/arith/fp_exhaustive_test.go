package arith_test

import (
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	. "github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/internal/arith/internal/hwref"
	"github.com/floatsym/floatsym/internal/testtool"
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
// split in 64Ki-value chunks over all CPUs. All 2^32 patterns take about
// 45 CPU-seconds (~23 s on two idle cores, minutes on a loaded CI
// machine), so they run only under make test-full (FLOATSYM_SLOW_TESTS);
// make test checks the chunks of f32Edges (about 4.7% of the patterns:
// every sign and exponent at its first, middle and last significands,
// plus every 61st chunk); -short keeps every 61st chunk only.
func TestExhaustiveF32(t *testing.T) {
	const nChunks = 1 << (32 - f32ChunkBits)
	var chunks []uint64
	switch {
	case testing.Short():
		for c := uint64(0); c < nChunks; c += 61 {
			chunks = append(chunks, c)
		}
	case testtool.Slow():
		for c := uint64(0); c < nChunks; c++ {
			chunks = append(chunks, c)
		}
	default:
		chunks = f32Edges()
		in := map[uint64]bool{}
		for _, c := range chunks {
			in[c] = true
		}
		// The patterns where the four checks change behaviour.
		for _, b := range []uint32{0, 1, 0x007fffff, 0x00800000, 0x3f800000, 0x4effffff, 0x4f000000,
			0x7f7fffff, 0x7f800000, 0x7f800001, 0x7fbfffff, 0x7fc00000, 0x7fffffff,
			0x80000000, 0x80000001, 0xceffffff, 0xcf000000, 0xcf000001, 0xff800000, 0xffc00000, 0xffffffff} {
			if !in[uint64(b>>f32ChunkBits)] {
				t.Fatalf("f32Edges misses the chunk of %#08x", b)
			}
		}
	}
	checkF32Chunks(t, chunks)
}

// f32ChunkBits is the log2 of the patterns one chunk holds.
const f32ChunkBits = 16

// f32Edges are the chunks make test checks: for each sign and each of
// the 256 biased exponents (zero and subnormals, normals, infinities and
// NaNs), the chunk of the smallest significands (the power of two, ±0,
// ±Inf, the smallest subnormals and NaN payloads), the two around the
// significand's top bit turning on (the largest signaling and smallest
// quiet NaNs, mid-binade values) and the one of the largest (just below the next power of two:
// the int32 limits of FPToSI, the largest finite value, the largest
// subnormals); and every 61st chunk besides, spread over the whole range.
// A chunk is 2^16 consecutive patterns, so each also holds every
// predicate and operand order of the FCmp check (the low 5 bits).
func f32Edges() []uint64 {
	const perExp = 1 << (23 - f32ChunkBits) // chunks per sign and exponent
	seen := map[uint64]bool{}
	var chunks []uint64
	add := func(c uint64) {
		if !seen[c] {
			seen[c] = true
			chunks = append(chunks, c)
		}
	}
	for se := uint64(0); se < 512; se++ {
		add(se * perExp)
		add(se*perExp + perExp/2 - 1)
		add(se*perExp + perExp/2)
		add(se*perExp + perExp - 1)
	}
	for c := uint64(0); c < 1<<(32-f32ChunkBits); c += 61 {
		add(c)
	}
	return chunks
}

// checkF32Chunks runs the checks of TestExhaustiveF32 on the patterns of
// the given chunks.
func checkF32Chunks(t *testing.T, chunks []uint64) {
	const chunkBits = f32ChunkBits
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
				i := next.Add(1) - 1
				if i >= uint64(len(chunks)) {
					return
				}
				c := chunks[i]
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
