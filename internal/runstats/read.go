package runstats

import (
	"bytes"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
)

// Record is one row as read: column name → value. A NULL, or a column
// the database does not have (KLEE's own run.stats, an older floatsym),
// is absent.
type Record map[string]float64

// Has reports whether the record has a value for column c.
func (r Record) Has(c string) bool { _, ok := r[c]; return ok }

// Run is one output directory's run.stats.
type Run struct {
	Dir     string
	Columns []string // the database's columns, in its order
	Records []Record // in insertion order (the last is the run's end)
}

// Last is the run's last record.
func (r *Run) Last() Record { return r.Records[len(r.Records)-1] }

// ErrNoStats is wrapped by Read's error for a directory without
// run.stats.
var ErrNoStats = errors.New("no run.stats")

// sqliteMagic starts every SQLite database file.
var sqliteMagic = []byte("SQLite format 3\x00")

// Read reads dir's run.stats (dir may also name the file itself).
func Read(dir string) (*Run, error) {
	path := dir
	if fi, err := os.Stat(dir); err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	} else if fi.IsDir() {
		path = filepath.Join(dir, FileName)
	} else {
		dir = filepath.Dir(dir)
	}
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		why := "not an output directory"
		if _, e := os.Stat(filepath.Join(dir, "summary.json")); e == nil {
			why = "written by a floatsym from before run.stats, or with --output-stats=false; its summary.json has the totals"
		} else if _, e := os.Stat(filepath.Join(dir, "info")); e == nil {
			why = "an output directory written without run.stats"
		}
		return nil, fmt.Errorf("%s: %w (%s)", dir, ErrNoStats, why)
	}
	if err != nil {
		return nil, err
	}
	head := make([]byte, len(sqliteMagic))
	_, err = io.ReadFull(f, head)
	f.Close()
	if err != nil || !bytes.Equal(head, sqliteMagic) {
		return nil, fmt.Errorf("%s: not an SQLite database (KLEE before 2.0 wrote run.stats as text; it is not read)", path)
	}
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?mode=ro")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	defer db.Close()
	rows, err := db.Query("SELECT * FROM " + TableName + " ORDER BY rowid")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	run := &Run{Dir: dir, Columns: cols}
	vals := make([]sql.NullFloat64, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return nil, fmt.Errorf("%s: row %d: %w", path, len(run.Records)+1, err)
		}
		rec := Record{}
		for i, v := range vals {
			if v.Valid {
				rec[cols[i]] = v.Float64
			}
		}
		run.Records = append(run.Records, rec)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(run.Records) == 0 {
		return nil, fmt.Errorf("%s: the stats table has no row", path)
	}
	return run, nil
}
