package executor

import (
	"fmt"
	"strconv"

	"github.com/floatsym/floatsym/internal/arith"
	"github.com/floatsym/floatsym/ir"
	"github.com/floatsym/floatsym/memory"
	"github.com/floatsym/floatsym/solver/expr"
)

// KLEE's symbolic environment (its POSIX runtime's klee_init_env and
// klee_init_fds), read from the program's arguments:
//
//	--sym-arg N              one symbolic argument of up to N characters
//	--sym-args MIN MAX N     MIN to MAX such arguments
//	--sym-files NUM N        NUM symbolic files named A, B, ... of N bytes
//	--sym-stdin N            stdin is N symbolic bytes
//	--sym-stdout             a symbolic stdout object (output still goes to
//	                         the terminal)
//
// The objects are made, named and ordered as KLEE makes them, so the tests
// have KLEE's layout: argNN (N+1 bytes, the last forced to NUL), n_args
// (KLEE's klee_range, only when MIN < MAX), then after the arguments the
// files' "A-data" and "A-data-stat" (a struct stat64, 144 bytes), "stdin"
// and "stdin-stat", "stdout" and "stdout-stat", and "model_version" (4
// bytes, always 1). The native replay runtime (crt/runtime/replay.c)
// rebuilds argv, the files and stdin from these objects in the same order.
// Other arguments are passed to the program as they are. Without any
// --sym- option no object is made and argv is the arguments as given.

// statSize is sizeof(struct stat64) on x86_64.
const statSize = 144

// posixOptions are the parsed --sym- options.
type posixOptions struct {
	used      bool
	items     []argItem // argv[1:], in order
	files     int
	fileLen   uint64
	stdinLen  uint64
	symStdout bool
}

// argItem is one argv entry or a --sym-arg(s) group.
type argItem struct {
	concrete string
	sym      bool // a --sym-arg of symLen characters
	group    bool // --sym-args: min to max arguments of symLen characters
	symLen   uint64
	min, max uint64
}

// parsePosixArgs recognises KLEE's options among the program's arguments
// (args excludes argv[0]). Like KLEE, it accepts one or two dashes.
func parsePosixArgs(args []string) (*posixOptions, error) {
	p := &posixOptions{}
	num := func(k int, opt string) (uint64, error) {
		if k >= len(args) {
			return 0, fmt.Errorf("%s: missing argument", opt)
		}
		v, err := strconv.ParseUint(args[k], 10, 32)
		if err != nil {
			return 0, fmt.Errorf("%s expects an integer, not %q", opt, args[k])
		}
		return v, nil
	}
	for k := 0; k < len(args); {
		a := args[k]
		if len(a) > 2 && a[:2] == "--" {
			a = a[1:]
		}
		var err error
		switch a {
		case "-sym-arg":
			var n uint64
			if n, err = num(k+1, "--sym-arg"); err == nil {
				p.items = append(p.items, argItem{sym: true, symLen: n})
				k += 2
			}
		case "-sym-args":
			var lo, hi, n uint64
			if lo, err = num(k+1, "--sym-args"); err == nil {
				if hi, err = num(k+2, "--sym-args"); err == nil {
					n, err = num(k+3, "--sym-args")
				}
			}
			if err == nil && hi < lo {
				err = fmt.Errorf("--sym-args: MIN %d is larger than MAX %d", lo, hi)
			}
			if err == nil {
				p.items = append(p.items, argItem{group: true, min: lo, max: hi, symLen: n})
				k += 4
			}
		case "-sym-files":
			var n, l uint64
			if n, err = num(k+1, "--sym-files"); err == nil {
				l, err = num(k+2, "--sym-files")
			}
			if err == nil && n > 26 {
				err = fmt.Errorf("--sym-files: at most 26 files (A to Z)")
			}
			if err == nil && n > 0 && l == 0 {
				err = fmt.Errorf("--sym-files: files must have at least one byte")
			}
			if err == nil {
				p.files, p.fileLen = int(n), l
				k += 3
			}
		case "-sym-stdin":
			if p.stdinLen, err = num(k+1, "--sym-stdin"); err == nil {
				k += 2
			}
		case "-sym-stdout":
			p.symStdout = true
			k++
		default:
			p.items = append(p.items, argItem{concrete: args[k]})
			k++
			continue
		}
		if err != nil {
			return nil, err
		}
		p.used = true
	}
	return p, nil
}

// initialStates builds argc/argv/envp (and the symbolic environment) for
// the entry function in s. --sym-args forks: one initial state per
// argument count.
func (e *Executor) initialStates(s *State, entry *ir.Function) ([]*State, error) {
	if len(entry.Params) > 3 {
		return nil, fmt.Errorf("entry function %s takes %d parameters; at most 3 (argc, argv, envp) are supported", entry.Name, len(entry.Params))
	}
	argv := e.cfg.Args
	if len(argv) == 0 {
		argv = []string{"prog"}
	}
	opts, err := parsePosixArgs(argv[1:])
	if err != nil {
		return nil, fmt.Errorf("program arguments: %w", err)
	}
	e.posix = opts
	var out []*State
	var build func(st *State, i int, ptrs []uint64) error
	build = func(st *State, i int, ptrs []uint64) error {
		for ; i < len(opts.items); i++ {
			it := opts.items[i]
			switch {
			case it.group:
				n := it.min
				if it.min < it.max {
					x, err := e.symbolicInput(st, "n_args", 4)
					if err != nil {
						return err
					}
					st.addConstraint(e.B.ICmp(arith.ISLE, e.B.U64(it.min, 32), x))
					st.addConstraint(e.B.ICmp(arith.ISLE, x, e.B.U64(it.max, 32)))
					for k := it.min; k < it.max; k++ {
						c := st.clone(0)
						shareFiles(st, c)
						c.addConstraint(e.B.Eq(x, e.B.U64(k, 32)))
						cp := append([]uint64(nil), ptrs...)
						for j := uint64(0); j < k; j++ {
							p, err := e.symbolicArg(c, it.symLen)
							if err != nil {
								return err
							}
							cp = append(cp, p)
						}
						if err := build(c, i+1, cp); err != nil {
							return err
						}
					}
					st.addConstraint(e.B.Eq(x, e.B.U64(it.max, 32)))
					n = it.max
				}
				for j := uint64(0); j < n; j++ {
					p, err := e.symbolicArg(st, it.symLen)
					if err != nil {
						return err
					}
					ptrs = append(ptrs, p)
				}
			case it.sym:
				p, err := e.symbolicArg(st, it.symLen)
				if err != nil {
					return err
				}
				ptrs = append(ptrs, p)
			default:
				p, err := e.cString(st, it.concrete, "argv")
				if err != nil {
					return err
				}
				ptrs = append(ptrs, p)
			}
		}
		if opts.used {
			if err := e.symbolicFiles(st, opts); err != nil {
				return err
			}
		}
		vals, err := e.mainValues(st, argv[0], ptrs)
		if err != nil {
			return err
		}
		e.nextState++
		st.ID = e.nextState
		e.pushFrame(st, entry, nil, vals[:len(entry.Params)])
		out = append(out, st)
		return nil
	}
	if err := build(s, 0, nil); err != nil {
		return nil, err
	}
	return out, nil
}

// symbolicInput makes a fresh symbolic object and returns its contents.
func (e *Executor) symbolicInput(s *State, name string, size uint64) (*expr.Expr, error) {
	o, err := s.Mem.Alloc(memory.Special, size, name)
	if err != nil {
		return nil, err
	}
	e.makeSymbolic(s, o, name)
	_, x, f := s.Mem.LoadExpr(o.Address(), size)
	if f != nil {
		return nil, f
	}
	return x, nil
}

// symbolicArg makes the next argNN: n symbolic characters and a NUL.
func (e *Executor) symbolicArg(s *State, n uint64) (uint64, error) {
	name := fmt.Sprintf("arg%02d", e.symArgCount(s))
	o, err := s.Mem.Alloc(memory.Special, n+1, name)
	if err != nil {
		return 0, err
	}
	e.makeSymbolic(s, o, name)
	if f := s.Mem.Store(o.Address()+n, 1, arith.Word{}); f != nil {
		return 0, f
	}
	return o.Address(), nil
}

// symArgCount counts the argNN objects already on the path.
func (e *Executor) symArgCount(s *State) int {
	n := 0
	for _, so := range s.Symbolics {
		if len(so.Name) == 5 && so.Name[:3] == "arg" {
			n++
		}
	}
	return n
}

// cString places a concrete NUL-terminated string in memory.
func (e *Executor) cString(s *State, str, name string) (uint64, error) {
	o, err := s.Mem.Alloc(memory.Special, uint64(len(str)+1), name)
	if err != nil {
		return 0, err
	}
	b, _ := s.Mem.Write(o.Address(), o.Size)
	copy(b, str)
	return o.Address(), nil
}

// symbolicFiles makes KLEE's files, stdin, stdout and model_version.
func (e *Executor) symbolicFiles(s *State, opts *posixOptions) error {
	fs := e.filesW(s)
	dfile := func(name string, size uint64) (*fileNode, error) {
		o, err := s.Mem.Alloc(memory.Special, size, name)
		if err != nil {
			return nil, err
		}
		e.makeSymbolic(s, o, name)
		st, err := s.Mem.Alloc(memory.Special, statSize, name+"-stat")
		if err != nil {
			return nil, err
		}
		// The stat object is an input as in KLEE; the file's stat as the
		// program sees it is fixed (a regular file of the given size).
		e.makeSymbolic(s, st, name+"-stat")
		b, _ := s.Mem.Write(st.Address(), statSize)
		fillStat(b, 0o100644, size)
		return &fileNode{name: name, obj: o.Address(), capacity: size, size: size}, nil
	}
	for k := 0; k < opts.files; k++ {
		name := string(rune('A' + k))
		n, err := dfile(name+"-data", opts.fileLen)
		if err != nil {
			return err
		}
		n.name = name
		fs.nodes[name] = n
	}
	if opts.stdinLen > 0 {
		n, err := dfile("stdin", opts.stdinLen)
		if err != nil {
			return err
		}
		fs.fds[0].node = n
	}
	if opts.symStdout {
		if _, err := dfile("stdout", 1024); err != nil {
			return err
		}
	}
	x, err := e.symbolicInput(s, "model_version", 4)
	if err != nil {
		return err
	}
	s.addConstraint(e.B.Eq(x, e.B.U64(1, 32)))
	return nil
}

// fillStat writes a struct stat (x86_64 layout) for a file of the given
// mode and size.
func fillStat(b []byte, mode uint32, size uint64) {
	clear(b)
	putLE(b[8:16], 1)  // st_ino
	putLE(b[16:24], 1) // st_nlink
	putLE(b[24:28], uint64(mode))
	putLE(b[48:56], size)           // st_size
	putLE(b[56:64], 4096)           // st_blksize
	putLE(b[64:72], (size+511)/512) // st_blocks
}

// mainValues places argv and envp in memory and returns main's arguments.
func (e *Executor) mainValues(s *State, name string, args []uint64) ([]Value, error) {
	p0, err := e.cString(s, name, "argv[0]")
	if err != nil {
		return nil, err
	}
	all := append([]uint64{p0}, args...)
	ptrs, err := s.Mem.Alloc(memory.Special, uint64(8*(len(all)+1)), "argv")
	if err != nil {
		return nil, err
	}
	for i, p := range all {
		s.Mem.Store(ptrs.Address()+uint64(8*i), 8, arith.Word{Lo: p})
	}
	envp, err := s.Mem.Alloc(memory.Special, uint64(8*(len(e.cfg.Env)+1)), "envp")
	if err != nil {
		return nil, err
	}
	for i, kv := range e.cfg.Env {
		p, err := e.cString(s, kv, "environment")
		if err != nil {
			return nil, err
		}
		s.Mem.Store(envp.Address()+uint64(8*i), 8, arith.Word{Lo: p})
	}
	e.setEnviron(s, envp.Address())
	return []Value{{W: arith.Word{Lo: uint64(len(all))}}, {W: arith.Word{Lo: ptrs.Address()}}, {W: arith.Word{Lo: envp.Address()}}}, nil
}
