package stagestats

import (
	"fmt"
	"io"
)

// Crosscheck counts --crosscheck's work: the native verdicts re-asked of
// the SMT backends (every UNSAT, every rewrite), the ones they confirmed
// (Agreed), the ones they could not decide in the cross-check's time
// (Unknown) and the ones they refuted with a validated model
// (Disagreed: a soundness bug in the native stage). Its JSON is
// summary.json's crosscheck entry.
type Crosscheck struct {
	Queries   uint64 `json:"queries"`
	Agreed    uint64 `json:"agreed"`
	Unknown   uint64 `json:"unknown"`
	Disagreed uint64 `json:"disagreed"`
}

// Add adds b's counters to c's.
func (c *Crosscheck) Add(b Crosscheck) {
	c.Queries += b.Queries
	c.Agreed += b.Agreed
	c.Unknown += b.Unknown
	c.Disagreed += b.Disagreed
}

// Write prints the counters as one line (--stats).
func (c Crosscheck) Write(w io.Writer) error {
	_, err := fmt.Fprintf(w, "crosscheck: %d native verdicts re-asked, %d agreed, %d unknown, %d disagreed\n",
		c.Queries, c.Agreed, c.Unknown, c.Disagreed)
	return err
}
