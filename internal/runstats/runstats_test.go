package runstats

import (
	"bytes"
	"database/sql"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// kleeColumns is KLEE 2.3's stats table (lib/Core/StatsTracker.cpp,
// writeStatsHeader), name and type, in its order.
var kleeColumns = []struct{ name, typ string }{
	{"Instructions", "INTEGER"}, {"FullBranches", "INTEGER"}, {"PartialBranches", "INTEGER"},
	{"NumBranches", "INTEGER"}, {"UserTime", "REAL"}, {"NumStates", "INTEGER"}, {"MallocUsage", "INTEGER"},
	{"NumQueries", "INTEGER"}, {"NumQueryConstructs", "INTEGER"}, {"WallTime", "REAL"},
	{"CoveredInstructions", "INTEGER"}, {"UncoveredInstructions", "INTEGER"}, {"QueryTime", "INTEGER"},
	{"SolverTime", "INTEGER"}, {"CexCacheTime", "INTEGER"}, {"ForkTime", "INTEGER"}, {"ResolveTime", "INTEGER"},
	{"QueryCexCacheMisses", "INTEGER"}, {"QueryCexCacheHits", "INTEGER"}, {"ArrayHashTime", "INTEGER"},
}

// rows are three samples of a run: it starts, forks, ends.
var rows = []Row{
	{Instructions: 10, NumBranches: 4, UserTime: 1000, NumStates: 1, MallocUsage: 1 << 20, WallTime: 1e6,
		CoveredInstructions: 10, UncoveredInstructions: 90, ArrayHashTime: -1, TotalLines: 20},
	{Instructions: 500, FullBranches: 1, PartialBranches: 2, NumBranches: 4, UserTime: 2e6, NumStates: 3,
		MallocUsage: 3 << 20, NumQueries: 8, NumQueryConstructs: 4, WallTime: 2e6, CoveredInstructions: 60,
		UncoveredInstructions: 40, QueryTime: 100000, SolverTime: 500000, CexCacheTime: 1000,
		QueryCexCacheMisses: 6, QueryCexCacheHits: 2, ArrayHashTime: -1, CoveredLines: 10, TotalLines: 20,
		NativeQueries: 6, NativeSolved: 3, NativeTime: 200000, Paths: 1, Tests: 1},
	{Instructions: 900, FullBranches: 3, PartialBranches: 1, NumBranches: 4, UserTime: 3e6, NumStates: 0,
		MallocUsage: 2 << 20, NumQueries: 12, NumQueryConstructs: 6, WallTime: 4e6, CoveredInstructions: 80,
		UncoveredInstructions: 20, QueryTime: 200000, SolverTime: 1e6, CexCacheTime: 2000,
		QueryCexCacheMisses: 9, QueryCexCacheHits: 3, ArrayHashTime: -1, CoveredLines: 15, TotalLines: 20,
		NativeQueries: 9, NativeSolved: 6, NativeTime: 400000, Paths: 4, Tests: 4, Forks: 3},
}

// writeRun writes rows as dir's run.stats.
func writeRun(t *testing.T, dir string, rs []Row) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	w, err := Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rs {
		if err := w.Append(r); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, FileName)); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("run.stats visible before Commit (%v)", err)
	}
	if err := w.Commit(); err != nil {
		t.Fatal(err)
	}
	w.Abort() // after Commit: nothing
}

func TestSchema(t *testing.T) {
	dir := t.TempDir()
	writeRun(t, dir, rows[:1])
	db, err := sql.Open("sqlite", filepath.Join(dir, FileName))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	q, err := db.Query("SELECT name, type FROM pragma_table_info('stats') ORDER BY cid")
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	var got []struct{ name, typ string }
	for q.Next() {
		var n, ty string
		if err := q.Scan(&n, &ty); err != nil {
			t.Fatal(err)
		}
		got = append(got, struct{ name, typ string }{n, ty})
	}
	if len(got) != len(Columns) {
		t.Fatalf("%d columns, want %d", len(got), len(Columns))
	}
	for i, k := range kleeColumns {
		if got[i] != k {
			t.Errorf("column %d is %s %s, KLEE 2.3's is %s %s", i+1, got[i].name, got[i].typ, k.name, k.typ)
		}
	}
	for i, c := range Columns {
		if c.KLEE != (i < len(kleeColumns)) {
			t.Errorf("column %s: KLEE=%v at position %d", c.Name, c.KLEE, i+1)
		}
	}
}

func TestWriteRead(t *testing.T) {
	dir := t.TempDir()
	writeRun(t, dir, rows)
	ents, _ := os.ReadDir(dir)
	if len(ents) != 1 || ents[0].Name() != FileName {
		t.Errorf("directory holds %v, want run.stats alone (no temporary file)", ents)
	}
	run, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(run.Records) != len(rows) {
		t.Fatalf("%d records, want %d", len(run.Records), len(rows))
	}
	for i, r := range rows {
		rec := run.Records[i]
		for j, v := range r.values() {
			c := Columns[j].Name
			switch v := v.(type) {
			case nil:
				if rec.Has(c) {
					t.Errorf("row %d: %s = %v, want NULL", i, c, rec[c])
				}
			case int64:
				if rec[c] != float64(v) {
					t.Errorf("row %d: %s = %v, want %d", i, c, rec[c], v)
				}
			case float64:
				if rec[c] != v {
					t.Errorf("row %d: %s = %v, want %v", i, c, rec[c], v)
				}
			}
		}
	}
	// Reading the file itself works too.
	if _, err := Read(filepath.Join(dir, FileName)); err != nil {
		t.Error(err)
	}
}

func TestAbort(t *testing.T) {
	dir := t.TempDir()
	w, err := Create(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Append(rows[0]); err != nil {
		t.Fatal(err)
	}
	w.Abort()
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("Abort left %v", ents)
	}
}

func TestReadErrors(t *testing.T) {
	for _, tc := range []struct {
		dir, want string
	}{
		{"testdata/oldfloatsym", "summary.json has the totals"},
		{"testdata/klee1", "not an SQLite database"},
		{"testdata/nonexistent", "no such file"},
		{"testdata", "not an output directory"},
	} {
		_, err := Read(tc.dir)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one saying %q", tc.dir, err, tc.want)
		}
	}
	if _, err := Read("testdata/oldfloatsym"); !errors.Is(err, ErrNoStats) {
		t.Errorf("no run.stats: %v does not wrap ErrNoStats", err)
	}
}

func TestTable(t *testing.T) {
	base := t.TempDir()
	a, b := filepath.Join(base, "runs", "a"), filepath.Join(base, "runs", "b")
	writeRun(t, a, rows)
	// b: straight-line code (no branch) and no solver.
	writeRun(t, b, []Row{{Instructions: 7, WallTime: 5e5, CoveredInstructions: 7, UncoveredInstructions: 3,
		ArrayHashTime: -1, UserTime: 4e5}})
	ra, err := Read(a)
	if err != nil {
		t.Fatal(err)
	}
	rb, err := Read(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		runs   []*Run
		mode   Mode
		format string
		want   []string
	}{
		// klee-stats's own test expects this head for --table-format=csv.
		{"csv", []*Run{ra}, ModeDefault, "csv", []string{"Path,Instrs,Time(s),ICov(%),BCov(%),ICount,TSolver(%)",
			// ICov 80/100, BCov (2*3+1)/(2*4), TSolver 1 s of 4 s.
			a + ",900,4.00,80.00,87.50,100,25.00"}},
		{"two runs and total", []*Run{ra, rb}, ModeDefault, "csv", []string{
			"a,900,4.00,80.00,87.50,100,25.00",
			"b,7,0.50,70.00,100.00,10,0.00", // no branch: 100% as klee-stats
			// Sums: 87 of 110 instructions, 3 full + 1 partial of 4.
			"Total (2),907,4.50,79.09,87.50,110,22.22"}},
		{"more", []*Run{ra}, ModeMore, "csv", []string{
			"Path,Instrs,Time(s),ICov(%),BCov(%),ICount,TSolver(%),States,maxStates,Mem(MiB),maxMem(MiB)",
			",0,3,2.00,3.00"}},
		{"all", []*Run{ra}, ModeAll, "csv", []string{
			// avgStates 4/3, avgMem 2 MiB, AvgQC floor(6/12), Tcex 2 ms of 4 s,
			// Tfork and TResolve NULL, LCov 15/20, TNative 0.4/1, NSolved 6/9.
			",1.33,2.00,3.00,2.00,12,0,0.05,-,-,9,3,75.00,40.00,66.67,4,3\n"}},
		{"abstime", []*Run{ra}, ModeAbsTime, "csv", []string{"Path,Time(s),TUser(s),TSolver(s),Tcex(s),Tfork(s),TResolve(s)",
			",4.00,3.00,1.00,0.00,-,-"}},
		{"reltime", []*Run{ra}, ModeRelTime, "csv", []string{",4.00,75.00,25.00,0.05,-,-"}},
		{"klee box", []*Run{ra}, ModeDefault, "klee", []string{" Path ", "| Instrs |", "|    900 |", "-----\n"}},
		{"readable", []*Run{ra, rb}, ModeDefault, "readable-csv", []string{"Path     ,  Instrs,", "Total (2),     907,"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := BuildTable(tc.runs, tc.mode, 2).Write(&buf, tc.format); err != nil {
				t.Fatal(err)
			}
			if tc.format == "klee" { // a box: every line as long as the rules
				lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
				for _, l := range lines {
					if len(l) != len(lines[0]) {
						t.Errorf("line %q is %d long, the rule %d", l, len(l), len(lines[0]))
					}
				}
			}
			for _, w := range tc.want {
				if !strings.Contains(buf.String(), w) {
					t.Errorf("no %q in\n%s", w, buf.String())
				}
			}
		})
	}
	var buf bytes.Buffer
	cmp, err := BuildComparison([]*Run{ra, rb}, ModeDefault, 2)
	if err != nil {
		t.Fatal(err)
	}
	if err := cmp.Write(&buf, "csv"); err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{"Metric,a,b,b / a", "Instrs,900,7,0.01x", "Time(s),4.00,0.50,0.12x", "TSolver(%),25.00,0.00,0.00x"} {
		if !strings.Contains(buf.String(), w) {
			t.Errorf("comparison: no %q in\n%s", w, buf.String())
		}
	}
	if _, err := BuildComparison([]*Run{ra}, ModeDefault, 2); err == nil {
		t.Error("a comparison of one run did not fail")
	}
	if err := BuildTable([]*Run{ra}, ModeDefault, 2).Write(io.Discard, "latex"); err == nil {
		t.Error("an unknown table format did not fail")
	}
}

func TestPlot(t *testing.T) {
	base := t.TempDir()
	a, b := filepath.Join(base, "a"), filepath.Join(base, "b")
	writeRun(t, a, rows)
	writeRun(t, b, rows[:2])
	ra, _ := Read(a)
	rb, _ := Read(b)
	s := SeriesOf(ra)
	if len(s.States) != 3 || len(s.ICov) != 3 || len(s.LCov) != 3 || len(s.BCov) != 3 || len(s.Solver) != 2 {
		t.Errorf("series of %d rows: %d states, %d ICov, %d LCov, %d BCov, %d solver points", len(rows),
			len(s.States), len(s.ICov), len(s.LCov), len(s.BCov), len(s.Solver))
	}
	// The last interval: 0.5 s of solver in 2 s.
	if got := s.Solver[1].Y; got != 25 {
		t.Errorf("solver share of the last interval %v%%, want 25%%", got)
	}
	out := filepath.Join(base, "plot.svg")
	if err := Plot(out, []*Run{ra, rb}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(data) > 200<<10 {
		t.Errorf("plot is %d bytes", len(data))
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		if _, err := d.Token(); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			t.Fatalf("plot does not parse as XML: %v", err)
		}
	}
	for _, w := range []string{">states alive<", ">coverage (%)<", ">solver share of time (%)<", ">wall time (s)<", ">a<", ">b<"} {
		if !strings.Contains(string(data), w) {
			t.Errorf("plot has no %s", w)
		}
	}
	if strings.Contains(string(data), "font-face") {
		t.Error("plot embeds a font")
	}
	if err := Plot(filepath.Join(base, "plot"), []*Run{ra}); err == nil {
		t.Error("a plot without an extension did not fail")
	}
}

// BenchmarkAppend is the cost of one run.stats row (the executor writes
// one a second by default).
func BenchmarkAppend(b *testing.B) {
	w, err := Create(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer w.Abort()
	r := rows[2]
	for i := 0; i < b.N; i++ {
		r.Instructions++
		if err := w.Append(r); err != nil {
			b.Fatal(err)
		}
	}
}
