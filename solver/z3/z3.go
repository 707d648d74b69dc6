// Package z3 decides floatsym expressions with Z3, through a minimal cgo
// binding (internal/capi; see there why not go-z3): terms, solvers for a
// logic (QF_FPBV's eager bit-blasting tactic), solver timeouts and model
// evaluation in one call.
//
// Every query gets a fresh Z3 solver: Z3 leaves its fast FP tactic once a
// solver has been pushed, and a fresh solver also never carries state from
// an earlier query. Queries with floating point also get a fresh context
// (see newContext).
//
// The translation is bit-exact with package arith (see fp.go): a Z3 model
// evaluates, under expr.Evaluator, to the same truth values Z3 assigned.
//
// It may import solver/expr, internal/arith and its binding internal/capi.
package z3

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	z3 "github.com/floatsym/floatsym/solver/z3/internal/capi"
	"github.com/sirupsen/logrus"

	"github.com/floatsym/floatsym/solver/expr"
)

// Errors of Check; they are wrapped with context.
var (
	ErrTimeout = errors.New("z3: timeout")
	ErrUnknown = errors.New("z3: unknown")
	ErrZ3      = errors.New("z3: error")
	// ErrMemory: Z3 reached its memory cap (SetMemoryLimit). It wraps
	// ErrZ3 too.
	ErrMemory = fmt.Errorf("%w: out of memory", ErrZ3)
)

// Contexts. A query with floating point gets a fresh Z3 context: Z3's
// bit-blasting search depends on the context's history (on term
// identities), and queries sharing subterms with earlier ones were seen to
// take up to 8x longer in a reused context (eight double-precision
// Howden-like queries, twice: 27.6 s in one context, 11.6 s in fresh
// ones); a fresh context also makes a query's time independent of what
// ran before. Creating a context costs about 5 ms, so the next one is made
// in the background, and a used one is deleted in the background.
// Queries without floating point (cheap and frequent) share one context,
// renewed every sharedUses queries (its terms live until it is deleted).
const sharedUses = 500

// Checker runs queries on Z3. It is not safe for concurrent use; separate
// Checkers may run in parallel.
type Checker struct {
	shared     *z3.Context
	sharedUses int
	next       chan *z3.Context // a fresh context being made
	arrayNo    map[*expr.Array]int
	// Log receives one debug line per query (nil: none).
	Log *logrus.Entry
	// RLimit caps each query's resource units (Z3's deterministic work
	// count, its "rlimit" parameter; 0: none): a query that reaches it
	// ends with ErrUnknown (never ErrTimeout), whatever the machine's
	// load, unlike the wall-clock timeout.
	RLimit uint
	// LastRLimit is the resource units the last query used (Z3's
	// statistic "rlimit count"), for sizing RLimit.
	LastRLimit uint64
}

// NewChecker makes a Checker. Its contexts are freed by Close, or when
// the Checker is garbage.
func NewChecker() *Checker {
	c := &Checker{arrayNo: map[*expr.Array]int{}}
	runtime.SetFinalizer(c, (*Checker).Close)
	return c
}

// SetMemoryLimit caps Z3's memory in MiB for every query of the process.
func SetMemoryLimit(mib int) { z3.SetMemoryLimit(mib) }

// context returns the context for a query: a fresh one if it has floating
// point, else the shared one.
func (c *Checker) context(fp bool) *z3.Context {
	if !fp {
		if c.shared == nil || c.sharedUses >= sharedUses {
			c.drop(c.shared)
			c.shared = z3.NewContext()
		}
		c.sharedUses++
		return c.shared
	}
	var ctx *z3.Context
	if c.next != nil {
		ctx = <-c.next
		if ctx == nil {
			// The prefetch failed (Z3 was at its memory cap when it
			// ran, e.g. during the query that hit the cap): the cap
			// may have been raised or memory freed since, so try
			// again now rather than fail this query for an old cause.
			ctx = z3.NewContext()
		}
	} else {
		ctx = z3.NewContext()
		c.next = make(chan *z3.Context, 1)
	}
	go func(ch chan<- *z3.Context) { ch <- z3.NewContext() }(c.next)
	return ctx
}

// release ends a query's use of ctx: fresh contexts are deleted.
func (c *Checker) release(ctx *z3.Context) {
	if ctx != nil && ctx != c.shared {
		go ctx.Close()
	}
}

// drop deletes ctx and stops it from serving further queries (after a Z3
// error or an interrupt).
func (c *Checker) drop(ctx *z3.Context) {
	if ctx == nil {
		return
	}
	if ctx == c.shared {
		c.shared = nil
		c.sharedUses = 0
	}
	go ctx.Close()
}

// Close frees the Checker's contexts; it may be used again afterwards.
func (c *Checker) Close() {
	c.drop(c.shared)
	if c.next != nil {
		if ctx := <-c.next; ctx != nil {
			ctx.Close()
		}
		c.next = nil
	}
}

// arrayNumber distinguishes arrays of equal names in variable names.
func (c *Checker) arrayNumber(a *expr.Array) int {
	n, ok := c.arrayNo[a]
	if !ok {
		if len(c.arrayNo) >= 1<<16 {
			c.arrayNo = map[*expr.Array]int{}
			c.drop(c.shared) // names must stay unique within a context
		}
		n = len(c.arrayNo)
		c.arrayNo[a] = n
	}
	return n
}

// Model holds the value of every byte of every array of a query.
type Model map[*expr.Array][]byte

// Check decides the conjunction of assert and the negations of negate
// (all Bool). When it is satisfiable, the model gives every byte of the
// arrays the query mentions and of arrays. A zero timeout means none.
func (c *Checker) Check(assert, negate []*expr.Expr, arrays []*expr.Array, timeout time.Duration) (sat bool, m Model, err error) {
	return c.CheckContext(context.Background(), assert, negate, arrays, timeout)
}

// CheckContext is Check that also stops (ErrTimeout) when ctx ends: the
// check is interrupted (Z3_interrupt) from the goroutine that sees ctx
// end, as it is when the timeout passes.
func (c *Checker) CheckContext(ctx context.Context, assert, negate []*expr.Expr, arrays []*expr.Array, timeout time.Duration) (sat bool, m Model, err error) {
	if err := ctx.Err(); err != nil {
		return false, nil, fmt.Errorf("%w before the check: %v", ErrTimeout, context.Cause(ctx))
	}
	start := time.Now()
	t := newTranslator(c)
	all := append(append([]*expr.Expr(nil), assert...), negate...)
	t.scan(all)
	zc := c.context(t.usesFP)
	if zc == nil {
		if !t.usesFP {
			c.shared = nil
		}
		return false, nil, fmt.Errorf("%w: cannot create a context", ErrMemory)
	}
	t.ctx = zc
	dropped := false
	defer func() {
		if r := recover(); r != nil {
			// A Z3 error (a translation bug) panics; the context
			// that saw it is not reused.
			c.drop(zc)
			sat, m, err = false, nil, fmt.Errorf("%w: %v", ErrZ3, r)
			return
		}
		if !dropped {
			c.release(zc)
		}
	}()
	as := t.assertions(arrays, assert, negate)
	// Model terms: every byte of every array.
	var terms []z3.BV
	for _, a := range t.order {
		for i := uint64(0); i < a.Size; i++ {
			terms = append(terms, t.byteVar(a, i))
		}
	}
	logic := "QF_BV"
	switch {
	case t.usesTheory() && t.usesFP, t.constArrays:
		// No array+FP logic in Z3 4.8, and its QF_ABV rejects
		// constant arrays: its default solver.
		logic = ""
	case t.usesTheory():
		logic = "QF_ABV"
	case t.usesFP:
		logic = "QF_FPBV"
	}
	ms := uint(0)
	var fired atomic.Bool
	done := make(chan struct{})
	interrupt := func() {
		if fired.Swap(true) {
			return
		}
		// Z3_interrupt only reaches a check that is running: repeat it
		// until the check returns, in case it had not started yet.
		go func() {
			tick := time.NewTicker(20 * time.Millisecond)
			defer tick.Stop()
			for {
				zc.Interrupt()
				select {
				case <-done:
					return
				case <-tick.C:
				}
			}
		}()
	}
	var timer *time.Timer
	if timeout > 0 {
		ms = uint(timeout.Milliseconds())
		if ms == 0 {
			ms = 1
		}
		// Z3's own timeout is checked only now and then (not during
		// bit-blasting): the timer interrupts the check on time.
		timer = time.AfterFunc(max(timeout-time.Since(start), 0), interrupt)
	}
	stopCtx := context.AfterFunc(ctx, interrupt)
	status, vals, msg, used := zc.Solve(logic, ms, c.RLimit, as, terms)
	c.LastRLimit = used
	close(done)
	stopCtx()
	if timer != nil {
		timer.Stop()
	}
	if fired.Load() {
		// The interrupt may have come after the check: a context
		// marked interrupted must not serve the next query.
		c.drop(zc)
		dropped = true
	}
	if c.Log != nil {
		c.Log.WithFields(logrus.Fields{"logic": logic, "status": status, "time": time.Since(start),
			"assertions": len(as), "bytes": len(terms), "rlimit_used": used}).Debug("z3 query")
	}
	switch status {
	case z3.Unsat:
		return false, nil, nil
	case z3.Sat:
		m = Model{}
		i := 0
		for _, a := range t.order {
			bs := make([]byte, a.Size)
			for j := range bs {
				bs[j] = byte(vals[i])
				i++
			}
			m[a] = bs
		}
		return true, m, nil
	case z3.Unknown:
		if strings.Contains(msg, "memory") {
			if !dropped {
				c.drop(zc)
				dropped = true
			}
			return false, nil, fmt.Errorf("%w after %v (%s)", ErrMemory, time.Since(start).Round(time.Millisecond), msg)
		}
		if !fired.Load() && c.RLimit > 0 && used >= uint64(c.RLimit) {
			// The budget, which Z3 sometimes reports as "canceled":
			// not a timeout. The context is not reused.
			if !dropped {
				c.drop(zc)
				dropped = true
			}
			return false, nil, fmt.Errorf("%w: resource limit of %d units reached (%s)", ErrUnknown, c.RLimit, msg)
		}
		if fired.Load() || strings.Contains(msg, "timeout") || strings.Contains(msg, "canceled") || strings.Contains(msg, "interrupted") {
			if !dropped {
				c.drop(zc)
				dropped = true
			}
			return false, nil, fmt.Errorf("%w after %v (%s)", ErrTimeout, time.Since(start).Round(time.Millisecond), msg)
		}
		return false, nil, fmt.Errorf("%w: %s", ErrUnknown, msg)
	}
	if !dropped {
		c.drop(zc)
		dropped = true
	}
	if strings.Contains(msg, "memory") {
		return false, nil, fmt.Errorf("%w (%s)", ErrMemory, msg)
	}
	if fired.Load() {
		// Interrupted while asserting or building the model.
		return false, nil, fmt.Errorf("%w after %v (%s)", ErrTimeout, time.Since(start).Round(time.Millisecond), msg)
	}
	return false, nil, fmt.Errorf("%w: %s", ErrZ3, msg)
}

// assertions notes the arrays whose bytes the model must give and
// translates assert ∧ ¬negate: the formulas Check and Script both pose.
func (t *translator) assertions(arrays []*expr.Array, assert, negate []*expr.Expr) []z3.Bool {
	for _, a := range arrays {
		t.noteArray(a)
	}
	var as []z3.Bool
	for _, e := range assert {
		as = append(as, t.b(e))
	}
	for _, e := range negate {
		as = append(as, t.b(e).Not())
	}
	return as
}
