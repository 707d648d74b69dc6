package solver

import (
	"time"

	"github.com/floatsym/floatsym/solver/native"
)

// budgeter sets the native first search's work budget per query: more
// when the search has been deciding queries, not much more than the work
// it has lately needed to decide one (fast), never more than a quarter of
// the per-query timeout's work. Everything it reads is deterministic
// given the binary, the queries and the seed — the first search's
// verdicts and work, the timeout setting — never a clock: the budget, and
// so the first search's verdict, is the same on any machine load.
type budgeter struct {
	success float64 // moving average of the first search's verdicts (0..1)
	n       int
	// fast is a decaying maximum of the work the first search took to
	// decide a query; 0 before the first verdict.
	fast float64
	// won is a moving average of the passed queries the native solver
	// beside the SMT stage decided (0..1): it sets the delay before
	// that search starts (timing alone, never a budget).
	won float64
	// timeout is the per-query timeout setting (nil or 0: none).
	timeout func() time.Duration
}

// The first search's budgets, in work (native.WorkPerMs is a millisecond
// of the reference machine).
const (
	nativeBase = 40 * native.WorkPerMs
	nativeMin  = 2 * native.WorkPerMs
	nativeMax  = 3000 * native.WorkPerMs
)

// timeoutOf is the per-query timeout setting (0: none).
func (b *budgeter) timeoutOf() time.Duration {
	if b.timeout == nil {
		return 0
	}
	return b.timeout()
}

// next is the first search's budget for the next query.
func (b *budgeter) next() int64 {
	succ := b.success
	if b.n == 0 {
		succ = 0.5
	}
	d := float64(nativeBase) * (0.25 + 2*succ)
	if b.fast > 0 {
		// Past what the search has needed lately, more work mostly
		// buys nothing: the queries it decides it decides quickly
		// (sort_nan: within 16 ms, the 24 it passed on each used their
		// full 50-80 ms), and the search beside the SMT stage still
		// gets the query. Not below fastFloor: the cap fades
		// without new verdicts, not to nothing.
		d = min(d, max(fastScale*b.fast, fastFloor))
	}
	w := min(int64(d), nativeMax)
	if t := b.timeoutOf(); t > 0 {
		w = min(w, t.Milliseconds()*native.WorkPerMs/4)
	}
	return max(w, nativeMin)
}

// passed records whether the native solver beside the SMT stage decided
// a query the first search passed on (a moving average: wonWeight).
func (b *budgeter) passed(won bool) {
	v := 0.0
	if won {
		v = 1
	}
	b.won = (1-wonWeight)*b.won + wonWeight*v
}

// wonWeight is the weight of the last passed query in budgeter.won.
const wonWeight = 0.3

// delay is the wait before the search beside the SMT stage starts: none
// while that search has been deciding most passed queries, else
// besideDelay of the first search's time.
func (b *budgeter) delay(first time.Duration) time.Duration {
	if b.won >= 0.5 {
		return 0
	}
	return besideDelay(first)
}

// fastScale is the first search's budget over the work it has lately
// needed to decide a query; fastDecay the fading of that work per query.
const (
	fastScale = 2
	fastDecay = 0.9
)

// fastFloor is the least the fast cap lowers the budget to: a quarter of
// the base budget (the first search's budget when it has been deciding
// nothing).
const fastFloor = nativeBase / 4

// decided records that the first search decided a query with work.
func (b *budgeter) decided(work int64) {
	b.fast = max(b.fast, float64(work))
}

// record counts a query of the first search: decided or passed on.
func (b *budgeter) record(decided bool) {
	const a = 0.1
	b.fast *= fastDecay
	v := 0.0
	if decided {
		v = 1
	}
	b.n++
	b.success = (1-a)*b.success + a*v
}
