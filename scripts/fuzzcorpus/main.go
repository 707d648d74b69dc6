// Command fuzzcorpus writes the checked-in seed corpora of floatsym's fuzz
// targets (testdata/fuzz/FuzzXxx/ of each package) in go test's corpus
// format: valid inputs taken from the repository's test programs and
// specs, and broken variants of them (truncated, bytes flipped, lines
// dropped), so every go test runs the targets on inputs that reach deep
// into the loaders, and go test -fuzz starts from them. Run from the
// module root:
//
//	go run ./scripts/fuzzcorpus
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/floatsym/floatsym/internal/ktest"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "fuzzcorpus:", err)
		os.Exit(1)
	}
}

// write puts one input in dir, named by its hash; text selects the
// string form (the target's argument is a string) over []byte.
func write(dir string, data []byte, text bool) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	h := sha256.Sum256(data)
	typ := "[]byte"
	if text {
		typ = "string"
	}
	body := fmt.Sprintf("go test fuzz v1\n%s(%s)\n", typ, strconv.Quote(string(data)))
	return os.WriteFile(filepath.Join(dir, hex.EncodeToString(h[:8])), []byte(body), 0o644)
}

// variants are data and broken forms of it: cut in half and at a
// quarter, a byte flipped in the middle, every third line dropped.
func variants(data []byte) [][]byte {
	out := [][]byte{data, data[:len(data)/2], data[:len(data)/4]}
	if len(data) > 0 {
		flip := append([]byte(nil), data...)
		flip[len(flip)/2] ^= 0x5a
		out = append(out, flip)
	}
	lines := strings.Split(string(data), "\n")
	var kept []string
	for i, l := range lines {
		if i%3 != 1 {
			kept = append(kept, l)
		}
	}
	return append(out, []byte(strings.Join(kept, "\n")))
}

func fromFiles(dir string, text bool, max int, globs ...string) error {
	n := 0
	for _, g := range globs {
		files, err := filepath.Glob(g)
		if err != nil {
			return err
		}
		for _, f := range files {
			if n >= max {
				return nil
			}
			b, err := os.ReadFile(f)
			if err != nil {
				return err
			}
			if len(b) > 16<<10 {
				continue
			}
			n++
			for _, v := range variants(b) {
				if err := write(dir, v, text); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func run() error {
	if err := fromFiles("ir/testdata/fuzz/FuzzLoad", true, 8, "cmd/floatsym/testdata/*.ll", "scalarize/testdata/arith.ll",
		"scalarize/testdata/calls.ll", "scalarize/testdata/memory.ll", "executor/testdata/*/*.ll"); err != nil {
		return err
	}
	if err := fromFiles("scalarize/testdata/fuzz/FuzzScalarize", true, 9, "scalarize/testdata/*.ll"); err != nil {
		return err
	}
	if err := fromFiles("internal/bench/testdata/fuzz/FuzzSpec", false, 12, "internal/bench/testdata/bad/*.yml",
		"internal/bench/testdata/specs/*/spec.yml", "benchmarks/realworld/*/spec.yml"); err != nil {
		return err
	}
	tests := []*ktest.Test{
		{},
		{Args: []string{"prog.bc", "--sym-arg", "3"}, SymArgvs: 1, SymArgvLen: 3,
			Objects: []ktest.Object{{Name: "x", Bytes: []byte{0, 0, 0x80, 0x3f}}, {Name: "d", Bytes: []byte{0x9a, 0x99, 0x99, 0x99, 0x99, 0x99, 0xb9, 0x3f}},
				{Name: "empty", Bytes: []byte{}}, {Name: "", Bytes: []byte("hi\n")}}},
		{Args: []string{"p"}, Objects: []ktest.Object{{Name: "ld", Bytes: []byte{0, 0, 0, 0, 0, 0, 0, 0x80, 0xff, 0x3f, 0, 0, 0, 0, 0, 0}}}},
	}
	for _, tst := range tests {
		b, err := tst.Bytes()
		if err != nil {
			return err
		}
		for _, v := range variants(b) {
			if err := write("internal/ktest/testdata/fuzz/FuzzRead", v, false); err != nil {
				return err
			}
		}
	}
	for _, s := range []string{"\x00", "\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f",
		"\x03\x01\x07\x00\x01\x05\x02\x02\x04\x09\x01\x06\x03\x03\x00\x02\x01\x01",
		"\x01\x01\x00\x03\x00\x01\x02\x00\x01\x04\x02\x05\x06\x07\x00\x00\x03\x01\x02",
		"\x07\x07\x07\x07\x07\x00\x05\x06\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c"} {
		if err := write("solver/z3/testdata/fuzz/FuzzScript", []byte(s), false); err != nil {
			return err
		}
	}
	return nil
}
