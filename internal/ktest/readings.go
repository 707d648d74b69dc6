package ktest

import (
	"encoding/binary"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Floating-point readings of an object: a .ktest does not record types,
// so every plausible one is shown, as KLEE-float users need. An object
// whose size is a multiple of 4 reads as float (or float[N]), of 8 as
// double (or double[N]), of 10 or 16 as long double (x87, 16 bytes with
// padding; or long double[N]). NaNs show their payload and whether they
// are quiet or signalling.

type reading struct{ label, value string }

func floatReadings(data []byte) []reading {
	var r []reading
	n := len(data)
	if n == 0 {
		return nil
	}
	if n%4 == 0 && n/4 <= maxElems {
		r = append(r, elems("float", data, 4, func(b []byte) string {
			bits := binary.LittleEndian.Uint32(b)
			f := float64(math.Float32frombits(bits))
			if math.IsNaN(f) {
				return nanString(bits>>31 != 0, uint64(bits&0x7fffff), bits&0x400000 != 0)
			}
			if n > 4 && !math.IsInf(f, 0) {
				// Array elements: the shortest float that reads back.
				return strconv.FormatFloat(f, 'g', -1, 32)
			}
			return FormatDouble(f)
		}, func(b []byte) string {
			return HexDouble(float64(math.Float32frombits(binary.LittleEndian.Uint32(b))))
		}))
	}
	if n%8 == 0 && n/8 <= maxElems {
		r = append(r, elems("double", data, 8, func(b []byte) string {
			bits := binary.LittleEndian.Uint64(b)
			f := math.Float64frombits(bits)
			if math.IsNaN(f) {
				return nanString(bits>>63 != 0, bits&(1<<52-1), bits&(1<<51) != 0)
			}
			return FormatDouble(f)
		}, func(b []byte) string { return HexDouble(math.Float64frombits(binary.LittleEndian.Uint64(b))) }))
	}
	ld := func(b []byte) string {
		x := X87FromBytes(b)
		if x.IsNaN() && x.biased() == 0x7fff {
			return nanString(x.neg(), x.Mant&(1<<62-1), x.Mant&(1<<62) != 0)
		}
		return x.String()
	}
	switch {
	case n == 10:
		r = append(r, reading{"long double", ld(data) + " (" + X87FromBytes(data).Hex() + ")"})
	case n%16 == 0 && n/16 <= maxElems:
		r = append(r, elems("long double", data, 16, ld, func(b []byte) string { return X87FromBytes(b).Hex() }))
	}
	return r
}

// maxElems bounds the array readings shown for one object.
const maxElems = 64

// elems reads data as one value (with its hex form) or as an array.
func elems(typ string, data []byte, size int, dec, hex func([]byte) string) reading {
	if len(data) == size {
		if typ == "float" {
			typ = "float " // aligned with "double", as ktest-tool users know it
		}
		d, h := dec(data), hex(data)
		if strings.HasPrefix(d, "nan(") || strings.HasPrefix(d, "-nan(") {
			return reading{typ, d}
		}
		return reading{typ, d + " (" + h + ")"}
	}
	var vs []string
	for i := 0; i+size <= len(data); i += size {
		vs = append(vs, dec(data[i:i+size]))
	}
	return reading{fmt.Sprintf("%s[%d]", typ, len(vs)), strings.Join(vs, ", ")}
}

// nanString writes a NaN with its payload: "nan(0x1, signalling)".
func nanString(neg bool, payload uint64, quiet bool) string {
	s := "nan"
	if neg {
		s = "-nan"
	}
	kind := "quiet"
	if !quiet {
		kind = "signalling"
	}
	return fmt.Sprintf("%s(payload %#x, %s)", s, payload, kind)
}
