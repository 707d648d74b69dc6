package arith

import "math"

// Per-kind implementations. Every operation whose algorithm depends on the
// float kind looks its implementation up here instead of switching on
// F32/F64/F80 itself, so a kind's semantics can be read (and changed, e.g.
// when an operation moves from cgo to pure Go) in one place.

// kindOps is one kind's implementation of the kind-dependent operations.
// sqrt and fma are the pure-Go versions under NearestEven; nil means the
// operation always goes to the hardware (fp_native.go), as the directed
// rounding modes do for every kind.
//
// Not in the table: the pure-Go float/double add, sub, mul, div and
// comparison. They are the interpreter's hot path, and a call through a
// function field (which Go cannot inline) cost more than the operation:
// with the whole table, BenchmarkInterpreter's double arithmetic and a
// float add in a loop each took one indirect call more (float add 14.8 →
// 24.0 ns/op on the shared, loaded machine). FAdd, FSub, FMul, FDiv and
// FCmp call them directly (and the x87 does all x86_fp80 arithmetic).
type kindOps struct {
	// The storage format, as data: the bits a value occupies (lo, hi) and
	// its sign bit (signLo, signHi). The sign operations are bit
	// operations on these, the same for every kind, with no call.
	lo, hi         uint64
	signLo, signHi uint64

	class  func(a Word) fclass
	rel    func(a, b Word) uint8 // relLT/relGT/relEQ/relUN; nil: FCmp compares float and double itself
	format func(a Word) string

	sqrt func(a Word) Word
	fma  func(a, b, c Word) Word

	// Exact or mode-independent operations: always this kind's own.
	rem, remainder, minNum, maxNum func(a, b Word) Word
	roundInt                       func(a Word, how Integral, rm RoundingMode) Word
	toSI, toUI                     func(a Word, width int) Word // unmasked result
}

// ops returns k's implementations, panicking on an invalid kind.
//
// canon, Kind.String and Kind.Bits stay switches: the cgo glue (fromC) and
// badKind need them, and the table entries reach the cgo glue, so through
// the table they would form an initialisation cycle.
func ops(k Kind) *kindOps {
	if k < F32 || k > F80 {
		panic(badKind(k))
	}
	return &kinds[k]
}

var kinds = [F80 + 1]kindOps{
	F32: {
		lo: 1<<32 - 1, signLo: f32Sign,
		class:  func(a Word) fclass { return class32(f32bits(a)) },
		format: format32,

		sqrt: func(a Word) Word { return W64(uint64(sqrt32(f32bits(a)))) },
		fma:  func(a, b, c Word) Word { return W64(uint64(fma32(f32bits(a), f32bits(b), f32bits(c)))) },

		rem:       func(a, b Word) Word { return W64(uint64(fmod32(f32bits(a), f32bits(b)))) },
		remainder: func(a, b Word) Word { return W64(uint64(remainder32(f32bits(a), f32bits(b)))) },
		minNum:    func(a, b Word) Word { return W64(uint64(minnum32(f32bits(a), f32bits(b)))) },
		maxNum:    func(a, b Word) Word { return W64(uint64(maxnum32(f32bits(a), f32bits(b)))) },
		roundInt: func(a Word, how Integral, rm RoundingMode) Word {
			return W64(uint64(roundInt32(f32bits(a), how, rm)))
		},
		toSI: func(a Word, width int) Word {
			return fpToSISoft(float64(math.Float32frombits(f32bits(a))), width)
		},
		toUI: func(a Word, width int) Word {
			x := math.Float32frombits(f32bits(a))
			if width == 64 {
				// The 2^63 bias is subtracted in single precision (subss).
				return W64(fpToUI64Seq(float64(x), float64(x-float32(0x1p63))))
			}
			return fpToUISoft(float64(x), width)
		},
	},
	F64: {
		lo: 1<<64 - 1, signLo: f64Sign,
		class:  func(a Word) fclass { return class64(a.Lo) },
		format: format64,

		sqrt: func(a Word) Word { return W64(sqrt64(a.Lo)) },
		fma:  func(a, b, c Word) Word { return W64(fma64(a.Lo, b.Lo, c.Lo)) },

		rem:       func(a, b Word) Word { return W64(fmod64(a.Lo, b.Lo)) },
		remainder: func(a, b Word) Word { return W64(remainder64(a.Lo, b.Lo)) },
		minNum:    func(a, b Word) Word { return W64(minnum64(a.Lo, b.Lo)) },
		maxNum:    func(a, b Word) Word { return W64(maxnum64(a.Lo, b.Lo)) },
		roundInt: func(a Word, how Integral, rm RoundingMode) Word {
			return W64(roundInt64(a.Lo, how, rm))
		},
		toSI: func(a Word, width int) Word { return fpToSISoft(math.Float64frombits(a.Lo), width) },
		toUI: func(a Word, width int) Word {
			x := math.Float64frombits(a.Lo)
			if width == 64 {
				return W64(fpToUI64Seq(x, x-0x1p63))
			}
			return fpToUISoft(x, width)
		},
	},
	F80: {
		lo: 1<<64 - 1, hi: 0xffff, signHi: f80Sign,
		class:  class80,
		rel:    cmp80,
		format: func(a Word) string { return formatF80(w80(a)) },

		// The x87 computes every x86_fp80 operation (sqrt and fma stay nil);
		// the libm ones are glibc's own (fmodl, remainderl, fminl, fmaxl,
		// the rounding functions) called through cgo.
		rem:       func(a, b Word) Word { return nativeLibm2(libFmod, a, b) },
		remainder: func(a, b Word) Word { return nativeLibm2(libRemainder, a, b) },
		minNum:    func(a, b Word) Word { return nativeLibm2(libFmin, a, b) },
		maxNum:    func(a, b Word) Word { return nativeLibm2(libFmax, a, b) },
		roundInt:  func(a Word, how Integral, rm RoundingMode) Word { return nativeRoundInt(how, rm, a) },
		toSI:      func(a Word, width int) Word { return nativeFPToInt(a, width, true) },
		toUI:      func(a Word, width int) Word { return nativeFPToInt(a, width, false) },
	},
}
