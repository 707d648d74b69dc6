// Package ktest reads and writes KLEE's .ktest files (format version 3).
//
// A .ktest file records one concrete test: the program's argv as given to
// the tool and, in the order the program made them symbolic, the bytes of
// each symbolic object. All integers in the file are big-endian u32; a
// string is a u32 length followed by that many bytes:
//
//	magic        "KTEST" (the old "BOUT\n" is accepted when reading)
//	version      u32     (3 when writing; above 3 is rejected)
//	numArgs      u32, then numArgs strings
//	symArgvs     u32     (version >= 2 only)
//	symArgvLen   u32     (version >= 2 only)
//	numObjects   u32, then per object: name string, u32 size, size bytes
//
// Reading never trusts a length: every count and size is checked against
// the bytes that remain, so a truncated or corrupt file is an error and
// never a panic or a huge allocation.
//
// It imports only internal/atomicfile from the module.
package ktest

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/floatsym/floatsym/internal/atomicfile"
)

// Version is the format version Write produces and the newest Read accepts.
const Version = 3

// Magic is the header Write produces.
const Magic = "KTEST"

// oldMagic is the header of files written by early KLEE versions.
const oldMagic = "BOUT\n"

// MaxFileSize bounds how much Read consumes (1 GiB); a longer input is an
// error rather than an unbounded allocation.
const MaxFileSize = 1 << 30

// Object is one symbolic object: its name and its memory image (on x86_64,
// little-endian; a long double is 10 bytes of x87 extended format followed
// by 6 padding bytes).
type Object struct {
	Name  string
	Bytes []byte
}

// Test is the content of one .ktest file.
type Test struct {
	// Args is the program's command line as given to the tool.
	Args []string
	// SymArgvs and SymArgvLen describe symbolic argv (KLEE's POSIX
	// runtime); floatsym writes zeros.
	SymArgvs, SymArgvLen uint32
	// Objects are the symbolic objects in creation order.
	Objects []Object
}

// ErrFormat is wrapped by every error that reports malformed input.
var ErrFormat = errors.New("malformed ktest")

func formatErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrFormat, fmt.Sprintf(format, args...))
}

// decoder walks a byte slice, checking every read against what remains.
type decoder struct {
	buf []byte
	off int
}

func (d *decoder) remaining() int { return len(d.buf) - d.off }

func (d *decoder) u32(what string) (uint32, error) {
	if d.remaining() < 4 {
		return 0, formatErr("truncated at offset %d reading %s", d.off, what)
	}
	v := binary.BigEndian.Uint32(d.buf[d.off:])
	d.off += 4
	return v, nil
}

func (d *decoder) bytes(n uint32, what string) ([]byte, error) {
	if uint64(n) > uint64(d.remaining()) {
		return nil, formatErr("%s has length %d but only %d bytes remain at offset %d",
			what, n, d.remaining(), d.off)
	}
	b := make([]byte, n)
	copy(b, d.buf[d.off:])
	d.off += int(n)
	return b, nil
}

func (d *decoder) str(what string) (string, error) {
	n, err := d.u32(what + " length")
	if err != nil {
		return "", err
	}
	b, err := d.bytes(n, what)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// count reads a u32 element count and checks that at least minSize bytes
// per element remain, so the caller may allocate count elements.
func (d *decoder) count(what string, minSize int) (int, error) {
	n, err := d.u32(what)
	if err != nil {
		return 0, err
	}
	if uint64(n)*uint64(minSize) > uint64(d.remaining()) {
		return 0, formatErr("%s is %d but only %d bytes remain", what, n, d.remaining())
	}
	return int(n), nil
}

// Parse decodes a .ktest image held in memory.
func Parse(data []byte) (*Test, error) {
	d := &decoder{buf: data}
	if len(data) < 5 {
		return nil, formatErr("file too short for magic (%d bytes)", len(data))
	}
	if magic := string(data[:5]); magic != Magic && magic != oldMagic {
		return nil, formatErr("bad magic %q", magic)
	}
	d.off = 5
	version, err := d.u32("version")
	if err != nil {
		return nil, err
	}
	if version > Version {
		return nil, formatErr("unsupported version %d (newest supported is %d)", version, Version)
	}
	t := &Test{}
	nargs, err := d.count("number of args", 4)
	if err != nil {
		return nil, err
	}
	if nargs > 0 {
		t.Args = make([]string, nargs)
	}
	for i := range t.Args {
		if t.Args[i], err = d.str(fmt.Sprintf("arg %d", i)); err != nil {
			return nil, err
		}
	}
	if version >= 2 {
		if t.SymArgvs, err = d.u32("symArgvs"); err != nil {
			return nil, err
		}
		if t.SymArgvLen, err = d.u32("symArgvLen"); err != nil {
			return nil, err
		}
	}
	nobjs, err := d.count("number of objects", 8)
	if err != nil {
		return nil, err
	}
	if nobjs > 0 {
		t.Objects = make([]Object, nobjs)
	}
	for i := range t.Objects {
		o := &t.Objects[i]
		if o.Name, err = d.str(fmt.Sprintf("object %d name", i)); err != nil {
			return nil, err
		}
		n, err := d.u32(fmt.Sprintf("object %d size", i))
		if err != nil {
			return nil, err
		}
		if o.Bytes, err = d.bytes(n, fmt.Sprintf("object %d (%q) data", i, o.Name)); err != nil {
			return nil, err
		}
	}
	// Like KLEE, ignore anything after the last object.
	return t, nil
}

// Read decodes a .ktest file from r.
func Read(r io.Reader) (*Test, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("reading ktest: %w", err)
	}
	if len(data) > MaxFileSize {
		return nil, formatErr("file larger than %d bytes", MaxFileSize)
	}
	return Parse(data)
}

// ReadFile decodes the .ktest file at path.
func ReadFile(path string) (*Test, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("opening ktest: %w", err)
	}
	defer f.Close()
	t, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return t, nil
}

// Bytes encodes t in format version 3.
func (t *Test) Bytes() ([]byte, error) {
	var b bytes.Buffer
	if err := t.Write(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Write encodes t in format version 3 to w.
func (t *Test) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	var tmp [4]byte
	u32 := func(v uint32) {
		binary.BigEndian.PutUint32(tmp[:], v)
		bw.Write(tmp[:])
	}
	length := func(n int, what string) error {
		if uint64(n) > math.MaxUint32 {
			return fmt.Errorf("writing ktest: %s too long (%d)", what, n)
		}
		u32(uint32(n))
		return nil
	}
	bw.WriteString(Magic)
	u32(Version)
	if err := length(len(t.Args), "argument list"); err != nil {
		return err
	}
	for i, a := range t.Args {
		if err := length(len(a), fmt.Sprintf("arg %d", i)); err != nil {
			return err
		}
		bw.WriteString(a)
	}
	u32(t.SymArgvs)
	u32(t.SymArgvLen)
	if err := length(len(t.Objects), "object list"); err != nil {
		return err
	}
	for i, o := range t.Objects {
		if err := length(len(o.Name), fmt.Sprintf("object %d name", i)); err != nil {
			return err
		}
		bw.WriteString(o.Name)
		if err := length(len(o.Bytes), fmt.Sprintf("object %d data", i)); err != nil {
			return err
		}
		bw.Write(o.Bytes)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("writing ktest: %w", err)
	}
	return nil
}

// WriteFile writes t to path atomically: it writes a temporary file in the
// same directory and renames it into place.
func (t *Test) WriteFile(path string) error {
	data, err := t.Bytes()
	if err != nil {
		return err
	}
	if err := atomicfile.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("writing ktest: %w", err)
	}
	return nil
}
