package executor

import (
	"fmt"
	"io"
	"sync"
	"time"
)

// Progress reporting: the exploration publishes a snapshot of its counters
// at its checkpoints (at most every snapshotEvery), and a printer goroutine
// writes it on its own timer, so a line appears on time even while one
// solver query runs long. On a terminal the line is rewritten in place.

// snapshotEvery bounds how often the exploration copies its counters.
const snapshotEvery = 100 * time.Millisecond

// progressSnap is what a progress line shows.
type progressSnap struct {
	paths, active, tests int
	instructions         uint64
	queries              uint64
	solverTime           time.Duration
	// coverage: CoverageCounts
	lines, linesTotal, brFull, brPartial, brTotal int
}

// progressPrinter writes progress lines every interval until stopped.
type progressPrinter struct {
	w     io.Writer
	live  bool
	every time.Duration
	start time.Time

	mu       sync.Mutex
	snap     progressSnap
	wroteAny bool
	stop     chan struct{}
	done     chan struct{}
}

// startProgress starts the printer when the configuration asks for one.
func (e *Executor) startProgress() {
	if e.cfg.Progress == nil || e.cfg.ProgressEvery <= 0 {
		return
	}
	p := &progressPrinter{w: e.cfg.Progress, live: e.cfg.ProgressLive, every: e.cfg.ProgressEvery, start: e.start,
		stop: make(chan struct{}), done: make(chan struct{})}
	e.printer = p
	go p.loop()
}

func (p *progressPrinter) loop() {
	defer close(p.done)
	t := time.NewTicker(p.every)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			p.print()
		}
	}
}

func (p *progressPrinter) print() {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := p.snap
	el := time.Since(p.start)
	share := 0.0
	if el > 0 {
		share = 100 * s.solverTime.Seconds() / el.Seconds()
	}
	cov := ""
	if s.linesTotal > 0 {
		cov = fmt.Sprintf("; ICov %.1f%% (%d/%d lines)", 100*float64(s.lines)/float64(s.linesTotal), s.lines, s.linesTotal)
		if s.brTotal > 0 {
			cov += fmt.Sprintf(", BCov %.1f%% (%d/%d branches)", 100*float64(2*s.brFull+s.brPartial)/float64(2*s.brTotal),
				2*s.brFull+s.brPartial, 2*s.brTotal)
		}
	}
	line := fmt.Sprintf("floatsym: %s: paths %d done, %d active; tests %d; instructions %s; queries %d (solver %.0f%% of the time)%s",
		el.Round(time.Second), s.paths, s.active, s.tests, countString(s.instructions), s.queries, min(share, 100), cov)
	if p.live {
		fmt.Fprintf(p.w, "\r\x1b[K%s", line)
	} else {
		fmt.Fprintln(p.w, line)
	}
	p.wroteAny = true
}

// stopProgress stops the printer; a live line is cleared, so the final
// line starts on a clean row.
func (e *Executor) stopProgress() {
	p := e.printer
	if p == nil {
		return
	}
	close(p.stop)
	<-p.done
	e.printer = nil
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.live && p.wroteAny {
		fmt.Fprint(p.w, "\r\x1b[K")
	}
}

// progress publishes the exploration's counters for the printer (final:
// always; else at most every snapshotEvery).
func (e *Executor) progress(final bool) {
	e.statsTick(final) // statstrack.go: run.stats rows
	p := e.printer
	if p == nil {
		return
	}
	now := time.Now()
	if !final && now.Sub(e.lastProgress) < snapshotEvery {
		return
	}
	e.lastProgress = now
	st := e.solver.Stats()
	snap := progressSnap{paths: len(e.res.Paths), active: e.search.Len(), tests: e.testsWritten(),
		instructions: e.instructions, queries: st.Queries, solverTime: st.Time}
	snap.lines, snap.linesTotal, snap.brFull, snap.brPartial, snap.brTotal = e.CoverageCounts()
	p.mu.Lock()
	p.snap = snap
	p.mu.Unlock()
}

// countString writes a large count compactly (1234567 -> 1.23M).
func countString(n uint64) string {
	switch {
	case n >= 1e9:
		return fmt.Sprintf("%.2fG", float64(n)/1e9)
	case n >= 1e6:
		return fmt.Sprintf("%.2fM", float64(n)/1e6)
	case n >= 1e4:
		return fmt.Sprintf("%.1fk", float64(n)/1e3)
	}
	return fmt.Sprint(n)
}

func (e *Executor) testsWritten() int {
	if e.cfg.Output == nil {
		return 0
	}
	return e.cfg.Output.Tests()
}
