package native

import (
	"time"
)

// Work budgets. Every budget of the native solver is counted in work —
// the units below, summed over the mechanisms of one call — never in
// time: the same binary, query, budget and seed give the same answer on
// an idle machine and on a loaded one. Wall time enters only as the
// outer cap of a call (Budget.Deadline, Budget.Stop: the run's deadline,
// the query's time limit, the SMT stage's answer); an answer stopped by
// it is marked Capped, the one answer that may depend on the load.
//
// The weights make a unit cost about the same time whichever mechanism
// spends it (calibrated on the suite's queries: TestWorkCalibration
// prints the rates), so that a budget of WorkPerMs·t takes about t on
// the reference machine:
const (
	// wFeval is one node of the slice evaluator (feval.node): the
	// descent's moves, the prover's points, the labelling's candidates.
	wFeval = 1
	// wRevise is one revision of a node by its projections (propagate).
	wRevise = 22
	// wCheck is one node of a validation under expr.Evaluator
	// (search.check: a map per evaluation).
	wCheck = 6
	// wForm is one node step of the big.Rat forms (affine.go's affForm,
	// relerr.go's relForm).
	wForm = 180
	// wZono is one node of the float64 forms (zono.go's zform).
	wZono = 1
	// wApply is one evaluation of an operation by the monotone
	// projections (mono.go: their bisections over an operand's floats),
	// or one candidate of the search's pools (interestingKeys).
	wApply = 2
	// wBox is one box the prover takes from its stack (prove.go),
	// whatever it does with it: splitting a box unseen costs no other
	// unit.
	wBox = 5
)

// WorkPerMs is the work the reference machine does in a millisecond
// (TestWorkCalibration measures it: 9,500-16,700 per ms of thread CPU
// time on the fuzz queries and the loop queries, on the 2-core machine
// under load, November 2026): budgets are written as WorkPerMs
// times the milliseconds they stood for when they were wall-clock ones.
const WorkPerMs = 10_000

// Budget bounds one native call: Work in units (deterministic), and the
// outer cap in wall time — Deadline (zero: none) and Stop (nil: never),
// checked often enough that the call returns within milliseconds of
// either.
type Budget struct {
	Work     int64
	Deadline time.Time
	Stop     <-chan struct{}
}

// Ms is a budget of ms nominal milliseconds of work with no outer cap.
func Ms(ms int64) Budget { return Budget{Work: ms * WorkPerMs} }

// meter counts the work of one native call, shared by every network the
// call builds, and watches the outer cap.
type meter struct {
	revise, feval, check, form, zono, apply, box int64
	deadline                                     time.Time
	stop                                         <-chan struct{}
	// capped is set (and stays set) once the outer cap fired.
	capped bool
	// rules counts the propagation rules' revisions (rules.go).
	rules ruleCounts
}

func newMeter(b Budget) *meter { return &meter{deadline: b.Deadline, stop: b.Stop} }

// work is the units spent so far.
func (m *meter) work() int64 {
	return m.revise*wRevise + m.feval*wFeval + m.check*wCheck + m.form*wForm + m.zono*wZono + m.apply*wApply + m.box*wBox
}

// out reports that the outer cap fired (the deadline passed or stop was
// closed).
func (m *meter) out() bool {
	if m.capped {
		return true
	}
	if stopped(m.stop) || (!m.deadline.IsZero() && time.Now().After(m.deadline)) {
		m.capped = true
	}
	return m.capped
}

// until is a stop test for the work up to end (absolute units) within
// the outer cap.
func (m *meter) until(end int64) func() bool {
	return func() bool { return m.work() >= end || m.out() }
}
