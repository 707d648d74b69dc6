package executor

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/memory"
	"github.com/floatsym/floatsym/solver/expr"
)

// The per-state file system behind the stdio and POSIX file models.
//
// A file's contents are either an immutable byte slice shared by every
// state (a host file read when first opened, or the run's stdin), or a
// memory object in the state's address space: a file the program wrote,
// or a symbolic file from --sym-files/--sym-stdin. Memory objects fork
// copy-on-write with the rest of the state, so a file written on one path
// is never seen on another; the host's disk is never written.
//
// The table of open descriptors and streams is shared between forked
// states until one of them changes it (fileSystem.refs).

// fileNode is one file on a path.
type fileNode struct {
	name string
	// base holds the contents while obj is 0 (shared, never written).
	base []byte
	// obj is the address of the object holding the contents once the file
	// is written or symbolic; capacity is that object's size.
	obj      uint64
	capacity uint64
	size     uint64
	// stdin: base is the run's stdin, read when first needed.
	stdin bool
}

// openFile is one open descriptor (and its stream, when opened by fopen).
type openFile struct {
	node *fileNode // nil for the terminal outputs (fds 1 and 2)
	out  int       // 1 or 2: writes go to Config.Stdout / Config.Stderr
	off  uint64
	// Access mode and O_APPEND.
	read, write, appendMode bool
	// FD_CLOEXEC (fcntl F_SETFD): kept for F_GETFD; no exec runs.
	cloexec bool
	// Stream state (feof, ferror, ungetc's pushed-back bytes, last at the end).
	eof, err bool
	unget    []byte
	stream   uint64 // FILE * address, 0 for a bare descriptor
}

type fileSystem struct {
	refs    int
	nodes   map[string]*fileNode
	fds     []*openFile    // indexed by descriptor; nil: closed
	streams map[uint64]int // FILE * address -> descriptor
}

// newFileSystem makes the file system a run starts with: descriptors 0, 1
// and 2 on stdin, stdout and stderr.
func (e *Executor) newFileSystem() *fileSystem {
	stdin := &fileNode{name: "<stdin>", stdin: true}
	fs := &fileSystem{refs: 1, nodes: map[string]*fileNode{}, streams: map[uint64]int{}}
	fs.fds = []*openFile{{node: stdin, read: true}, {out: 1, write: true}, {out: 2, write: true}}
	if len(e.streams) == 3 {
		for i, fp := range e.streams {
			fs.fds[i].stream = fp
			fs.streams[fp] = i
		}
	}
	return fs
}

// clone deep-copies the table; nodes shared by several descriptors stay
// shared in the copy.
func (fs *fileSystem) clone() *fileSystem {
	c := &fileSystem{refs: 1, nodes: make(map[string]*fileNode, len(fs.nodes)), streams: make(map[uint64]int, len(fs.streams))}
	copied := map[*fileNode]*fileNode{}
	node := func(n *fileNode) *fileNode {
		if n == nil {
			return nil
		}
		if m, ok := copied[n]; ok {
			return m
		}
		m := *n
		copied[n] = &m
		return &m
	}
	for k, n := range fs.nodes {
		c.nodes[k] = node(n)
	}
	c.fds = make([]*openFile, len(fs.fds))
	for i, f := range fs.fds {
		if f != nil {
			g := *f
			g.node = node(f.node)
			g.unget = append([]byte(nil), f.unget...)
			c.fds[i] = &g
		}
	}
	for k, v := range fs.streams {
		c.streams[k] = v
	}
	return c
}

// files returns the state's file system for reading.
func (e *Executor) files(s *State) *fileSystem {
	if s.fs == nil {
		s.fs = e.newFileSystem()
	}
	return s.fs
}

// filesW returns the state's file system for changing it, copying it
// first when another state shares it.
func (e *Executor) filesW(s *State) *fileSystem {
	fs := e.files(s)
	if fs.refs > 1 {
		fs.refs--
		fs = fs.clone()
		s.fs = fs
	}
	return fs
}

// shareFiles is called when s is forked into c.
func shareFiles(s, c *State) {
	if s.fs != nil {
		s.fs.refs++
		c.fs = s.fs
	}
}

// fd returns the open descriptor n (nil when closed or invalid).
func (fs *fileSystem) fd(n int64) *openFile {
	if n < 0 || n >= int64(len(fs.fds)) {
		return nil
	}
	return fs.fds[n]
}

// allocFD installs f at the lowest free descriptor.
func (fs *fileSystem) allocFD(f *openFile) int {
	for i, g := range fs.fds {
		if g == nil {
			fs.fds[i] = f
			return i
		}
	}
	fs.fds = append(fs.fds, f)
	return len(fs.fds) - 1
}

// cleanName is the key of a path in the file system.
func cleanName(path string) string {
	if path == "" {
		return path
	}
	return filepath.Clean(path)
}

// lookupNode finds path in the state's files, or reads it from the host.
// It returns errno ENOENT (or the host's error) when neither has it.
func (e *Executor) lookupNode(fs *fileSystem, path string) (*fileNode, int) {
	name := cleanName(path)
	if n, ok := fs.nodes[name]; ok {
		if n == nil { // removed on this path
			return nil, errnoENOENT
		}
		return n, 0
	}
	data, err := e.hostFile(name)
	if err != 0 {
		return nil, err
	}
	n := &fileNode{name: name, base: data, size: uint64(len(data))}
	fs.nodes[name] = n
	return n, 0
}

// hostFile reads a host file once per run (every state sees the same
// contents, as if the file did not change during the run).
func (e *Executor) hostFile(name string) ([]byte, int) {
	if d, ok := e.hostFiles[name]; ok {
		return d, 0
	}
	fi, err := os.Stat(name)
	if err != nil {
		return nil, errnoOf(err)
	}
	if fi.IsDir() {
		return nil, errnoEISDIR
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, errnoOf(err)
	}
	if e.hostFiles == nil {
		e.hostFiles = map[string][]byte{}
	}
	e.hostFiles[name] = data
	return data, 0
}

// stdinData returns the run's stdin, read completely the first time a
// path reads it.
func (e *Executor) stdinData() []byte {
	if !e.stdinRead {
		e.stdinRead = true
		if e.cfg.Stdin != nil {
			e.stdinBytes, _ = io.ReadAll(e.cfg.Stdin)
		}
	}
	return e.stdinBytes
}

// nodeSize is the node's current size.
func (e *Executor) nodeSize(n *fileNode) uint64 {
	if n.stdin && n.obj == 0 {
		n.base = e.stdinData()
		n.size = uint64(len(n.base))
		n.stdin = false
	}
	return n.size
}

// readNode copies up to len bytes at off into the program's memory at dst
// (symbolic bytes stay symbolic) and returns how many it copied.
func (e *Executor) readNode(s *State, n *fileNode, off, dst, max uint64) (uint64, *memory.Fault) {
	size := e.nodeSize(n)
	if off >= size || max == 0 {
		return 0, nil
	}
	cnt := min(max, size-off)
	if n.obj != 0 {
		return cnt, s.Mem.Copy(dst, n.obj+off, cnt)
	}
	b, f := s.Mem.Write(dst, cnt)
	if f != nil {
		return 0, f
	}
	copy(b, n.base[off:off+cnt])
	return cnt, nil
}

// nodeByte returns the byte at off as a value (symbolic for symbolic
// files); ok is false at the end of the file.
func (e *Executor) nodeByte(s *State, n *fileNode, off uint64) (v Value, ok bool, f *memory.Fault) {
	if off >= e.nodeSize(n) {
		return Value{}, false, nil
	}
	if n.obj == 0 {
		return Value{W: arith.Word{Lo: uint64(n.base[off])}}, true, nil
	}
	w, x, f := s.Mem.LoadExpr(n.obj+off, 1)
	if f != nil {
		return Value{}, false, f
	}
	if x != nil {
		return Value{E: x}, true, nil
	}
	return Value{W: w}, true, nil
}

// concreteBytes returns the node's bytes [off, off+n) when they are
// concrete; a symbolic byte gives a SymbolicData fault (the caller's
// model is re-run on concretised contents).
func (e *Executor) concreteBytes(s *State, nd *fileNode, off, n uint64) ([]byte, *memory.Fault) {
	size := e.nodeSize(nd)
	if off >= size {
		return nil, nil
	}
	n = min(n, size-off)
	if nd.obj == 0 {
		return nd.base[off : off+n], nil
	}
	return s.Mem.Read(nd.obj+off, n)
}

// writableNode moves a node's contents into a memory object of at least
// need bytes, so it can be written on this path alone.
func (e *Executor) writableNode(s *State, n *fileNode, need uint64) error {
	size := e.nodeSize(n)
	if n.obj != 0 && need <= n.capacity {
		return nil
	}
	capacity := max(need, 2*n.capacity, 256)
	o, err := s.Mem.Alloc(memory.Special, capacity, "file "+n.name)
	if err != nil {
		return fmt.Errorf("file %s: %w", n.name, err)
	}
	if n.obj != 0 {
		if f := s.Mem.Copy(o.Address(), n.obj, size); f != nil {
			return f
		}
	} else if size > 0 {
		b, _ := s.Mem.Write(o.Address(), size)
		copy(b, n.base[:size])
	}
	n.obj, n.capacity, n.base = o.Address(), capacity, nil
	return nil
}

// writeNode writes data at off (extending the file, zero-filling a gap)
// and returns the offset after it.
func (e *Executor) writeNode(s *State, n *fileNode, off uint64, data []byte, sym []*expr.Expr) (uint64, error) {
	end := off + uint64(len(data))
	if err := e.writableNode(s, n, end); err != nil {
		return off, err
	}
	if len(data) > 0 {
		b, f := s.Mem.Write(n.obj+off, uint64(len(data)))
		if f != nil {
			return off, f
		}
		copy(b, data)
		if sym != nil {
			if f := s.Mem.SetSymbolicBytes(n.obj+off, sym); f != nil {
				return off, f
			}
		}
	}
	if end > n.size {
		n.size = end
	}
	return end, nil
}

// fileWriter writes to a descriptor of the state (the io.Writer the
// output models use for program-opened files).
type fileWriter struct {
	e  *Executor
	s  *State
	fd int
}

func (w fileWriter) Write(p []byte) (int, error) {
	fs := w.e.filesW(w.s)
	f := fs.fd(int64(w.fd))
	if f == nil {
		return 0, os.ErrClosed
	}
	switch f.out {
	case 1:
		return w.e.stdout.Write(p)
	case 2:
		return w.e.stderr.Write(p)
	}
	off := f.off
	if f.appendMode {
		off = w.e.nodeSize(f.node)
	}
	end, flt := w.e.writeNode(w.s, f.node, off, p, nil)
	if flt != nil {
		f.err = true
		return 0, flt
	}
	f.off = end
	return len(p), nil
}

// drainUnget stores up to n pushed-back bytes (ungetc's, last pushed
// first) at dst and returns how many; fread and read both start there.
func (f *openFile) drainUnget(s *State, dst, n uint64) uint64 {
	var got uint64
	for len(f.unget) > 0 && got < n {
		s.Mem.Store(dst+got, 1, arith.Word{Lo: uint64(f.unget[len(f.unget)-1])})
		f.unget = f.unget[:len(f.unget)-1]
		got++
	}
	return got
}
