package solver

import "time"

// StageStats counts one stage's work: the queries it saw, its verdicts
// (Unknown: passed on to the next stage) and its time.
type StageStats struct {
	Name                         string `json:"name"`
	Queries, Sat, Unsat, Unknown uint64
	Time                         time.Duration
	Interrupts, MemoryOuts       uint64
}
