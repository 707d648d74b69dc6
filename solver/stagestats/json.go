package stagestats

import (
	"encoding/json"
	"math"
	"time"
)

// stageJSON is a Stage as summary.json and bench reports write it: snake
// case, time in seconds (docs/summary.schema.json).
type stageJSON struct {
	Name        string  `json:"name"`
	Queries     uint64  `json:"queries"`
	Sat         uint64  `json:"sat"`
	Unsat       uint64  `json:"unsat"`
	Unknown     uint64  `json:"unknown"`
	TimeSeconds float64 `json:"time_seconds"`
	Interrupts  uint64  `json:"interrupts"`
	MemoryOuts  uint64  `json:"memory_outs"`
}

// legacyJSON is the form written before: Go field names, time in
// nanoseconds. Reports kept from then still load.
type legacyJSON struct {
	Queries, Sat, Unsat, Unknown *uint64
	Time                         *int64
	Interrupts, MemoryOuts       *uint64
}

// MarshalJSON writes the snake-case form.
func (s Stage) MarshalJSON() ([]byte, error) {
	return json.Marshal(stageJSON{Name: s.Name, Queries: s.Queries, Sat: s.Sat, Unsat: s.Unsat, Unknown: s.Unknown,
		TimeSeconds: s.Time.Seconds(), Interrupts: s.Interrupts, MemoryOuts: s.MemoryOuts})
}

// UnmarshalJSON reads the snake-case form, or the legacy one.
func (s *Stage) UnmarshalJSON(b []byte) error {
	var j stageJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*s = Stage{Name: j.Name, Queries: j.Queries, Sat: j.Sat, Unsat: j.Unsat, Unknown: j.Unknown,
		Time: time.Duration(math.Round(j.TimeSeconds * float64(time.Second))), Interrupts: j.Interrupts, MemoryOuts: j.MemoryOuts}
	// Legacy keys (encoding/json matches them case-insensitively, so
	// "Queries" already filled Queries; Time and MemoryOuts differ).
	var l legacyJSON
	if err := json.Unmarshal(b, &l); err != nil {
		return err
	}
	if l.Time != nil && j.TimeSeconds == 0 {
		s.Time = time.Duration(*l.Time)
	}
	if l.MemoryOuts != nil && s.MemoryOuts == 0 {
		s.MemoryOuts = *l.MemoryOuts
	}
	return nil
}
