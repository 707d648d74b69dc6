package runstats

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/floatsym/floatsym/internal/atomicfile"
	_ "modernc.org/sqlite" // the "sqlite" database/sql driver, pure Go
)

// Writer writes run.stats: rows go to a temporary database in the output
// directory (atomicfile's naming, so atomicfile.Clean removes one a
// killed run left), renamed to run.stats by Commit. A reader never sees
// a half-written database.
type Writer struct {
	path, tmp string
	db        *sql.DB
	insert    *sql.Stmt
	rows      int
}

// Create starts run.stats in dir.
func Create(dir string) (*Writer, error) {
	path := filepath.Join(dir, FileName)
	f, err := os.CreateTemp(dir, atomicfile.TempPrefix+FileName+".*")
	if err != nil {
		return nil, fmt.Errorf("writing %s: %w", path, err)
	}
	tmp := f.Name()
	f.Close()
	w := &Writer{path: path, tmp: tmp}
	if err := w.open(); err != nil {
		w.Abort()
		return nil, fmt.Errorf("writing %s: %w", path, err)
	}
	return w, nil
}

func (w *Writer) open() error {
	db, err := sql.Open("sqlite", w.tmp)
	if err != nil {
		return err
	}
	w.db = db
	db.SetMaxOpenConns(1)
	// The temporary file is renamed only when complete, so no journal
	// and no sync per row are needed.
	for _, q := range []string{"PRAGMA journal_mode=OFF", "PRAGMA synchronous=OFF", createSQL()} {
		if _, err := db.Exec(q); err != nil {
			return fmt.Errorf("%s: %w", q, err)
		}
	}
	w.insert, err = db.Prepare(insertSQL())
	return err
}

// Append writes one row.
func (w *Writer) Append(r Row) error {
	if w.insert == nil {
		return fmt.Errorf("writing %s: closed", w.path)
	}
	if _, err := w.insert.Exec(r.values()...); err != nil {
		return fmt.Errorf("writing %s: row %d: %w", w.path, w.rows+1, err)
	}
	w.rows++
	return nil
}

// Rows is the number of rows written.
func (w *Writer) Rows() int { return w.rows }

// Commit closes the database and renames it to run.stats.
func (w *Writer) Commit() error {
	if err := w.close(); err != nil {
		os.Remove(w.tmp)
		return fmt.Errorf("writing %s: %w", w.path, err)
	}
	if err := os.Chmod(w.tmp, 0o644); err != nil { // as the other outputs
		os.Remove(w.tmp)
		return fmt.Errorf("writing %s: %w", w.path, err)
	}
	if err := os.Rename(w.tmp, w.path); err != nil {
		os.Remove(w.tmp)
		return fmt.Errorf("writing %s: %w", w.path, err)
	}
	return nil
}

// Abort closes the database and removes it (after Commit: nothing).
func (w *Writer) Abort() {
	if w.db == nil && w.insert == nil {
		return
	}
	w.close()
	os.Remove(w.tmp)
}

func (w *Writer) close() error {
	var errs []error
	if w.insert != nil {
		errs = append(errs, w.insert.Close())
		w.insert = nil
	}
	if w.db != nil {
		errs = append(errs, w.db.Close())
		w.db = nil
	}
	return errors.Join(errs...)
}
