package executor

import (
	"runtime"
	"sort"
)

// The memory limit (Config.MaxMemory, --max-memory): when floatsym's heap
// passes it, states are ended early, the largest first, until the ones
// ended account for at least half of the states' estimated footprint; the
// running state is one of the candidates (a single state recursing
// without end, or growing its heap, is ended too, not left to exhaust the
// machine). Ended states get their tests as at any limit, and the run
// goes on with the states left, or ends normally and writes its output
// when none is left: a limit ends states, never the run.

// liveSearcher wraps the searcher and keeps the set of states it holds,
// so the memory limit can weigh them all (the Searcher interface does not
// enumerate).
type liveSearcher struct {
	Searcher
	live map[*State]struct{}
}

func trackLive(s Searcher) *liveSearcher {
	return &liveSearcher{Searcher: s, live: map[*State]struct{}{}}
}

func (l *liveSearcher) Add(s *State) {
	l.live[s] = struct{}{}
	l.Searcher.Add(s)
}

func (l *liveSearcher) Remove(s *State) {
	delete(l.live, s)
	l.Searcher.Remove(s)
}

// Cost estimates of what a state holds beyond its memory objects' bytes.
const (
	frameCost      = 256 // a stack frame: the struct, its slices
	registerCost   = 48  // a register's Value (a symbolic one points to an expression)
	constraintCost = 128 // a path constraint's share of its expression
	objectCost     = 96  // a memory object's header
)

// footprint estimates the memory a state holds on its own: its heap and
// stack objects' bytes, its frames and registers, its path condition.
// Copy-on-write sharing makes this an upper bound; it ranks states, it
// does not account memory exactly.
func footprint(s *State) uint64 {
	n := s.Mem.HeapBytes + uint64(s.Mem.Objects())*objectCost + uint64(len(s.Constraints))*constraintCost
	for _, fr := range s.Stack {
		n += frameCost + uint64(len(fr.Regs))*registerCost
		for _, id := range fr.Allocas {
			if o := s.Mem.Object(id); o != nil {
				n += o.Size
			}
		}
	}
	return n
}

// overMemory reports whether floatsym's heap exceeds the limit.
func (e *Executor) overMemory() bool {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc > e.cfg.MaxMemory
}

// shedStates ends the largest states, cur among the candidates, until
// those ended hold at least half of the estimated total (at least one
// state). It reports whether cur was ended (its caller must stop running
// it).
func (e *Executor) shedStates(cur *State) (curEnded bool) {
	states := []*State{cur}
	if l, ok := e.search.(*liveSearcher); ok {
		for s := range l.live {
			if s != cur {
				states = append(states, s)
			}
		}
	}
	size := make(map[*State]uint64, len(states))
	var total uint64
	for _, s := range states {
		size[s] = footprint(s)
		total += size[s]
	}
	sort.SliceStable(states, func(i, j int) bool {
		if size[states[i]] != size[states[j]] {
			return size[states[i]] > size[states[j]]
		}
		return states[i].ID < states[j].ID
	})
	e.shed++ // the run ended by the memory limit (ending.go)
	var freed uint64
	ended := 0
	for _, s := range states {
		if ended > 0 && freed >= total/2 {
			break
		}
		var t *Termination
		if len(s.Stack) > 0 {
			fr := s.top()
			t = e.terminate(s, &fr.Fn.Blocks[fr.Block].Insts[min(int(fr.PC), len(fr.Fn.Blocks[fr.Block].Insts)-1)], TermLimit,
				"memory limit reached (state of about %d KiB, the largest of %d)", size[s]>>10, len(states)-ended)
		} else {
			t = e.terminate(s, nil, TermLimit, "memory limit reached")
		}
		e.finish(s, t)
		freed += size[s]
		ended++
		if s == cur {
			curEnded = true
		}
	}
	e.warnOnce("memory", "memory limit of %d MiB reached: terminating states early, the largest first", e.cfg.MaxMemory>>20)
	e.log.WithField("states_ended", ended).WithField("states_left", len(states)-ended).Info("memory limit: states ended")
	runtime.GC()
	return curEnded
}

// Symbolic objects: every byte becomes an expression of its own (about
// symbolicByteCost bytes of floatsym's memory: a 256 KiB object took
// 358 MB of RSS in all, reading it included), made in one step that no
// limit can interrupt. A 2 MiB klee_make_symbolic ran for minutes; such
// objects end the path with a message saying why instead.
const (
	// MaxSymbolicBytes is the largest object klee_make_symbolic accepts.
	MaxSymbolicBytes = 1 << 20
	symbolicByteCost = 1024
)

// checkSymbolicSize ends the path when an object of size bytes is too
// large to make symbolic: beyond MaxSymbolicBytes (exec: floatsym cannot
// execute it), or beyond what --max-memory leaves room for (a limit).
func (e *Executor) checkSymbolicSize(s *State, c *Call, size uint64, name string) *Termination {
	if size > MaxSymbolicBytes {
		return e.terminate(s, c.Inst, TermExec, "klee_make_symbolic: object %q of %d bytes exceeds floatsym's limit of %d symbolic bytes per object",
			name, size, MaxSymbolicBytes)
	}
	if e.cfg.MaxMemory > 0 && size*symbolicByteCost > e.cfg.MaxMemory {
		return e.terminate(s, c.Inst, TermLimit, "memory limit reached: klee_make_symbolic of %q (%d bytes) would need about %d MiB, --max-memory is %d MiB",
			name, size, size*symbolicByteCost>>20, e.cfg.MaxMemory>>20)
	}
	return nil
}
