// Package runstats is run.stats, a run's statistics over time: an SQLite
// database with KLEE 2.3's `stats` table (lib/Core/StatsTracker.cpp's
// writeStatsHeader/writeStatsLine, the table tools/klee-stats reads), one
// row per interval and a last row at the end of the run, followed by
// floatsym's own columns. It writes the database (Writer: a temporary
// file renamed into place at the end, like every output file), reads it
// back (also KLEE's own run.stats), prints klee-stats's tables and
// comparisons, and plots a run over time.
//
// The SQLite driver is modernc.org/sqlite, pure Go: no C library or
// system package is needed. Plot styling is shared with internal/bench
// through internal/plotstyle.
package runstats

import (
	"fmt"
	"strings"
)

// FileName is the database's name in an output directory.
const FileName = "run.stats"

// Table is the table's name, as KLEE's.
const TableName = "stats"

// Column is one column of the stats table.
type Column struct {
	Name string
	Type string // SQLite type: INTEGER or REAL
	// KLEE marks KLEE 2.3's columns (in KLEE's order, first); the others
	// are floatsym's.
	KLEE bool
	Doc  string
}

// Columns is the stats table: KLEE 2.3's twenty columns in its order and
// with its types (times in microseconds; UserTime and WallTime REAL, the
// rest INTEGER; ArrayHashTime is -1, as KLEE built without
// KLEE_ARRAY_DEBUG writes it), then floatsym's. ForkTime and ResolveTime
// are NULL: floatsym does not time forks or pointer resolution apart.
var Columns = []Column{
	{"Instructions", "INTEGER", true, "instructions executed"},
	{"FullBranches", "INTEGER", true, "conditional branches of the program under test taken both ways"},
	{"PartialBranches", "INTEGER", true, "conditional branches taken one way only"},
	{"NumBranches", "INTEGER", true, "conditional branches of the program under test"},
	{"UserTime", "REAL", true, "process user CPU time (µs)"},
	{"NumStates", "INTEGER", true, "states alive"},
	{"MallocUsage", "INTEGER", true, "Go heap in live objects (bytes)"},
	{"NumQueries", "INTEGER", true, "solver queries (facade calls)"},
	{"NumQueryConstructs", "INTEGER", true, "queries translated for an SMT backend"},
	{"WallTime", "REAL", true, "wall time since the run's start (µs)"},
	{"CoveredInstructions", "INTEGER", true, "instructions of the module executed by some path"},
	{"UncoveredInstructions", "INTEGER", true, "instructions of the module not executed yet"},
	{"QueryTime", "INTEGER", true, "time in the SMT backends (µs)"},
	{"SolverTime", "INTEGER", true, "time in the solver, all stages (µs)"},
	{"CexCacheTime", "INTEGER", true, "time in the counterexample cache (µs)"},
	{"ForkTime", "INTEGER", true, "not measured (NULL)"},
	{"ResolveTime", "INTEGER", true, "not measured (NULL)"},
	{"QueryCexCacheMisses", "INTEGER", true, "counterexample cache misses"},
	{"QueryCexCacheHits", "INTEGER", true, "counterexample cache hits"},
	{"ArrayHashTime", "INTEGER", true, "-1: not measured (KLEE without KLEE_ARRAY_DEBUG)"},
	// floatsym's columns.
	{"CoveredLines", "INTEGER", false, "source lines of the program under test covered"},
	{"TotalLines", "INTEGER", false, "source lines of the program under test"},
	{"NativeQueries", "INTEGER", false, "queries reaching the native floating-point stage"},
	{"NativeSolved", "INTEGER", false, "of those, answered by it (sat or unsat)"},
	{"NativeTime", "INTEGER", false, "time in the native stage (µs)"},
	{"SolverTimeouts", "INTEGER", false, "queries that timed out"},
	{"Paths", "INTEGER", false, "paths ended"},
	{"Tests", "INTEGER", false, "tests written"},
	{"Forks", "INTEGER", false, "symbolic branches forked both ways"},
}

// createSQL creates the table.
func createSQL() string {
	parts := make([]string, len(Columns))
	for i, c := range Columns {
		parts[i] = c.Name + " " + c.Type
	}
	return fmt.Sprintf("CREATE TABLE %s (%s)", TableName, strings.Join(parts, ","))
}

// insertSQL inserts one row, every column bound.
func insertSQL() string {
	names := make([]string, len(Columns))
	marks := make([]string, len(Columns))
	for i, c := range Columns {
		names[i], marks[i] = c.Name, "?"
	}
	return fmt.Sprintf("INSERT INTO %s (%s) VALUES (%s)", TableName, strings.Join(names, ","), strings.Join(marks, ","))
}

// Row is one row to write, in the table's units (microseconds, bytes).
// A nil pointer is written as NULL.
type Row struct {
	Instructions, FullBranches, PartialBranches, NumBranches int64
	UserTime                                                 float64
	NumStates, MallocUsage, NumQueries, NumQueryConstructs   int64
	WallTime                                                 float64
	CoveredInstructions, UncoveredInstructions               int64
	QueryTime, SolverTime, CexCacheTime                      int64
	ForkTime, ResolveTime                                    *int64
	QueryCexCacheMisses, QueryCexCacheHits, ArrayHashTime    int64
	CoveredLines, TotalLines                                 int64
	NativeQueries, NativeSolved, NativeTime                  int64
	SolverTimeouts, Paths, Tests, Forks                      int64
}

// values lists the row's values in Columns' order.
func (r *Row) values() []any {
	null := func(p *int64) any {
		if p == nil {
			return nil
		}
		return *p
	}
	return []any{r.Instructions, r.FullBranches, r.PartialBranches, r.NumBranches, r.UserTime,
		r.NumStates, r.MallocUsage, r.NumQueries, r.NumQueryConstructs, r.WallTime,
		r.CoveredInstructions, r.UncoveredInstructions, r.QueryTime, r.SolverTime, r.CexCacheTime,
		null(r.ForkTime), null(r.ResolveTime), r.QueryCexCacheMisses, r.QueryCexCacheHits, r.ArrayHashTime,
		r.CoveredLines, r.TotalLines, r.NativeQueries, r.NativeSolved, r.NativeTime,
		r.SolverTimeouts, r.Paths, r.Tests, r.Forks}
}
