package hostile

import (
	"encoding/binary"
	"math/rand/v2"

	"github.com/floatsym/floatsym/internal/ktest"
)

// hostileKtest is a .ktest made broken: cut at any point, bytes flipped,
// counts and sizes set to huge values, the magic or version wrong, or
// empty. Input i cycles through the kinds.
func hostileKtest(r *rand.Rand, i int) []byte {
	t := &ktest.Test{Args: []string{"prog.bc", "--sym-arg", "3"}, SymArgvs: 1, SymArgvLen: 3}
	for j := 0; j < 1+r.IntN(4); j++ {
		b := make([]byte, []int{1, 4, 8, 16, 0, 3}[r.IntN(6)])
		for k := range b {
			b[k] = byte(r.IntN(256))
		}
		t.Objects = append(t.Objects, ktest.Object{Name: string(rune('a' + j)), Bytes: b})
	}
	good, err := t.Bytes()
	if err != nil {
		panic(err) // the generator's own test is valid
	}
	b := append([]byte(nil), good...)
	switch i % 8 {
	case 0: // cut
		return b[:r.IntN(len(b))]
	case 1: // flipped bytes
		for k := 1 + r.IntN(4); k > 0; k-- {
			b[r.IntN(len(b))] ^= byte(1 + r.IntN(255))
		}
		return b
	case 2: // a huge argument count right after the version
		binary.BigEndian.PutUint32(b[9:], 0xffffffff-uint32(r.IntN(4)))
		return b
	case 3: // a huge 32-bit field anywhere past the magic
		off := 5 + r.IntN(len(b)-8)
		binary.BigEndian.PutUint32(b[off:], []uint32{0xffffffff, 0x7fffffff, 0x10000000, 1 << 20}[r.IntN(4)])
		return b
	case 4: // wrong magic or version
		if r.IntN(2) == 0 {
			copy(b, "KTESX")
		} else {
			binary.BigEndian.PutUint32(b[5:], uint32(4+r.IntN(1000)))
		}
		return b
	case 5: // empty or only the magic
		return b[:[]int{0, 5, 6, 9}[r.IntN(4)]]
	case 6: // garbage after a valid test, or a test of random bytes
		if r.IntN(2) == 0 {
			for k := 0; k < 64; k++ {
				b = append(b, byte(r.IntN(256)))
			}
			return b
		}
		g := make([]byte, r.IntN(200))
		for k := range g {
			g[k] = byte(r.IntN(256))
		}
		return g
	}
	return good // valid: the reader must accept it
}
