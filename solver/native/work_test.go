package native

import (
	"math/rand"
	"os"
	"runtime"
	"sort"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/arith"
)

// TestSolveStopsAtOuterCap: a search with a long work budget on a query
// it cannot settle (absorption_loop's exit after exactly three steps is
// UNSAT, not provable by intervals) returns UNKNOWN, marked Capped, soon
// after stop is closed or its deadline passes: the solver stage stops
// the search it runs beside the SMT backends when they answer, and the
// run's deadline ends every native call. The bounds are generous outer
// ones (a loaded machine), far below the budget's hours.
func TestSolveStopsAtOuterCap(t *testing.T) {
	e := newEnv(t)
	cons, arrays := absorptionLoop(e, arith.F32, 1e9, 3, true)
	roots := rootsOf(cons)
	long := Ms(3_600_000)
	for _, tc := range []struct {
		name string
		cap  func(b *Budget)
	}{
		{"stop", func(b *Budget) {
			stop := make(chan struct{})
			time.AfterFunc(100*time.Millisecond, func() { close(stop) })
			b.Stop = stop
		}},
		{"deadline", func(b *Budget) { b.Deadline = time.Now().Add(100 * time.Millisecond) }},
	} {
		for _, solver := range []string{"solve", "prove"} {
			b := long
			tc.cap(&b)
			// No wall bound: a solver the cap did not stop runs its hour
			// of work and the test binary's timeout reports it.
			var a Answer
			if solver == "solve" {
				a = Solve(roots, arrays, nil, b, 1)
			} else {
				a, _ = Prove(roots, arrays, b)
			}
			if a.Result == Sat {
				t.Fatalf("%s by %s: SAT on an UNSAT query", solver, tc.name)
			}
			if a.Result == Unknown && !a.Capped {
				t.Fatalf("%s by %s: unknown but not capped after %d work of %d", solver, tc.name, a.Work, b.Work)
			}
		}
	}
}

// TestWorkDeterministic: the same query, work budget and seed give the
// same answer and the same work, whatever else the machine runs: the
// fuzz generator's queries, solved alone and then again beside goroutines
// that keep every core busy.
func TestWorkDeterministic(t *testing.T) {
	type run struct {
		res  Result
		work int64
		rw   bool
	}
	solveAll := func() []run {
		g := &gen{rng: rand.New(rand.NewSource(11))}
		var out []run
		for q := 0; q < 60; q++ {
			cons := g.query()
			if len(cons) == 0 {
				continue
			}
			roots := rootsOf(cons)
			a := Solve(roots, g.arrs, g.b, Ms(5), int64(q))
			out = append(out, run{a.Result, a.Work, a.Rewritten != nil})
			if a.Capped {
				t.Fatalf("query %d: capped without an outer cap", q)
			}
			if a.Result == Unknown {
				p, _ := Prove(roots, g.arrs, Ms(5))
				out = append(out, run{p.Result, p.Work, false})
			}
		}
		return out
	}
	idle := solveAll()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < 2*runtime.NumCPU(); i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := 1.0
			for !stopped(stop) {
				for j := 0; j < 1000; j++ {
					x = x*1.0000001 + 1e-9
				}
			}
			_ = x
		}()
	}
	loaded := solveAll()
	close(stop)
	wg.Wait()
	if len(idle) != len(loaded) {
		t.Fatalf("%d answers idle, %d loaded", len(idle), len(loaded))
	}
	decided := 0
	for i := range idle {
		if idle[i] != loaded[i] {
			t.Fatalf("answer %d: idle %+v, loaded %+v", i, idle[i], loaded[i])
		}
		if idle[i].res != Unknown {
			decided++
		}
	}
	if decided == 0 || decided == len(idle) {
		t.Fatalf("%d of %d decided: the test needs some of each", decided, len(idle))
	}
	t.Logf("%d answers (%d decided), identical idle and beside %d busy goroutines", len(idle), decided, 2*runtime.NumCPU())
}

// TestWorkCalibration measures the time per unit of work of each
// mechanism over the fuzz generator's queries and the suite's loop
// queries (set FLOATSYM_WORK_CALIBRATE=1): WorkPerMs and the weights of
// work.go come from it.
func TestWorkCalibration(t *testing.T) {
	if os.Getenv("FLOATSYM_WORK_CALIBRATE") == "" {
		t.Skip("set FLOATSYM_WORK_CALIBRATE=1")
	}
	var work int64
	var took time.Duration
	var sum meter
	const nu = 7
	var rows [][nu + 1]float64 // the units of each mechanism, and the time (ns)
	add := func(m *meter, d time.Duration) {
		rows = append(rows, [nu + 1]float64{float64(m.revise), float64(m.feval), float64(m.check), float64(m.form), float64(m.zono),
			float64(m.apply), float64(m.box), float64(d.Nanoseconds())})
		work += m.work()
		took += d
		sum.revise += m.revise
		sum.feval += m.feval
		sum.check += m.check
		sum.form += m.form
		sum.zono += m.zono
		sum.apply += m.apply
		sum.box += m.box
	}
	// Thread CPU time, not wall time: the machine may be loaded.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu := func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
			t.Fatal(err)
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	since := func(t0 time.Duration) time.Duration { return cpu() - t0 }
	g := &gen{rng: rand.New(rand.NewSource(3))}
	for q := 0; q < 120; q++ {
		cons := g.query()
		if len(cons) == 0 {
			continue
		}
		m := newMeter(Ms(20))
		start := cpu()
		solve(rootsOf(cons), g.arrs, g.b, Ms(20).Work, int64(q), m)
		add(m, since(start))
		m = newMeter(Ms(20))
		start = cpu()
		proveOn(rootsOf(cons), g.arrs, Ms(20).Work, m, true)
		add(m, since(start))
	}
	e := newEnv(t)
	for _, q := range [][2]float64{{1, 4}, {3, 4}} {
		roots, arrays := newtonQuery(e, q[0], q[1], 6)
		m := newMeter(Ms(500))
		start := cpu()
		proveOn(roots, arrays, Ms(500).Work, m, true)
		add(m, since(start))
		m = newMeter(Ms(200))
		start = cpu()
		solve(roots, arrays, e.b, Ms(200).Work, 1, m)
		add(m, since(start))
	}
	cons, arrays := absorptionLoop(e, arith.F32, 1e9, 3, true)
	m := newMeter(Ms(300))
	start := cpu()
	solve(rootsOf(cons), arrays, e.b, Ms(300).Work, 1, m)
	add(m, since(start))
	t.Logf("work %d in %v: %.0f work/ms (WorkPerMs %d); units: revise %d feval %d check %d form %d zono %d apply %d box %d",
		work, took, float64(work)/float64(took.Milliseconds()), WorkPerMs, sum.revise, sum.feval, sum.check, sum.form, sum.zono, sum.apply, sum.box)
	sort.Slice(rows, func(i, j int) bool { return rows[i][nu] > rows[j][nu] })
	for _, r := range rows[:min(12, len(rows))] {
		t.Logf("slow call: %.1f ms: revise %.0f feval %.0f check %.0f form %.0f zono %.0f apply %.0f box %.0f", r[nu]/1e6, r[0], r[1], r[2], r[3], r[4], r[5], r[6])
	}
	// Least squares of the time on the units: ns per unit of each.
	var a [nu][nu + 1]float64
	for _, r := range rows {
		for i := 0; i < nu; i++ {
			for j := 0; j <= nu; j++ {
				a[i][j] += r[i] * r[j]
			}
		}
	}
	for i := 0; i < nu; i++ {
		a[i][i] += 1e-9*a[i][i] + 1 // ridge: a mechanism unused stays 0
	}
	for c := 0; c < nu; c++ {
		for r := c + 1; r < nu; r++ {
			f := a[r][c] / a[c][c]
			for j := c; j <= nu; j++ {
				a[r][j] -= f * a[c][j]
			}
		}
	}
	var x [nu]float64
	for i := nu - 1; i >= 0; i-- {
		v := a[i][nu]
		for j := i + 1; j < nu; j++ {
			v -= a[i][j] * x[j]
		}
		x[i] = v / a[i][i]
	}
	t.Logf("ns per unit (least squares over %d calls): revise %.1f feval %.1f check %.1f form %.1f zono %.1f apply %.1f box %.1f",
		len(rows), x[0], x[1], x[2], x[3], x[4], x[5], x[6])
}
