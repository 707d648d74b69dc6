package executor

import "time"

// batching keeps running the state it picked until it has run
// BatchInstructions instructions or BatchTime has passed (KLEE's
// BatchingSearcher, --use-batching-search): a coverage-guided searcher,
// whose pick costs a pass over every state, then picks less often. The
// time budget depends on the machine: a run under it is deterministic per
// --seed only when the instruction budget ends the batches first.
type batching struct {
	Searcher
	e      *Executor
	instrs uint64
	dur    time.Duration
	cur    *State
	inst0  uint64
	t0     time.Time
}

// withBatching wraps the searcher when the options ask for batching.
func withBatching(s Searcher, e *Executor, k *KLEEOptions) Searcher {
	if !k.Batching {
		return s
	}
	return &batching{Searcher: s, e: e, instrs: k.BatchInstructions, dur: k.BatchTime}
}

func (b *batching) Select() *State {
	if b.cur != nil && (b.instrs == 0 || b.e.instructions-b.inst0 < b.instrs) && (b.dur == 0 || time.Since(b.t0) < b.dur) {
		return b.cur
	}
	b.cur = b.Searcher.Select()
	b.inst0, b.t0 = b.e.instructions, time.Now()
	return b.cur
}

func (b *batching) Remove(s *State) {
	if s == b.cur {
		b.cur = nil
	}
	b.Searcher.Remove(s)
}
