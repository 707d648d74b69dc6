// Package atomicfile writes files so that a reader, or a run killed at any
// moment (SIGKILL included), only ever sees a file's old state or its
// complete new contents: the data goes to a temporary file in the same
// directory and is renamed into place. (Not synced: a process killed at
// any moment leaves the page cache to the kernel, and rename is atomic;
// syncing every test would cost a disk flush per path. A power loss is
// out of scope.)
//
// Temporary files are named TempPrefix + the final name + a random
// suffix: hidden, and matched by no pattern floatsym's readers use
// (test*.ktest, test*.err, summary.json). A killed writer can leave one
// behind; Clean removes them.
//
// It is a leaf: it imports nothing from the module.
package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// TempPrefix starts the name of every temporary file.
const TempPrefix = ".floatsym-tmp-"

// WriteFile writes data to path atomically with permissions perm.
func WriteFile(path string, data []byte, perm os.FileMode) error {
	f, err := Create(path, perm)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Abort()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Commit()
}

// Write writes path atomically with what fill writes.
func Write(path string, perm os.FileMode, fill func(io.Writer) error) error {
	f, err := Create(path, perm)
	if err != nil {
		return err
	}
	if err := fill(f); err != nil {
		f.Abort()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Commit()
}

// File is a file being written: its contents appear at its path only on
// Commit.
type File struct {
	*os.File
	path string
	perm os.FileMode
	done bool
}

// Create starts writing path.
func Create(path string, perm os.FileMode) (*File, error) {
	f, err := os.CreateTemp(filepath.Dir(path), TempPrefix+filepath.Base(path)+".*")
	if err != nil {
		return nil, fmt.Errorf("writing %s: %w", path, err)
	}
	return &File{File: f, path: path, perm: perm}, nil
}

// Commit closes the file and renames it into place.
func (f *File) Commit() error {
	if f.done {
		return fmt.Errorf("writing %s: already committed or aborted", f.path)
	}
	f.done = true
	tmp := f.File.Name()
	err := f.File.Close()
	if err == nil {
		err = os.Chmod(tmp, f.perm)
	}
	if err == nil {
		err = os.Rename(tmp, f.path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("writing %s: %w", f.path, err)
	}
	return nil
}

// Abort discards the file (the path keeps its old state). It is a no-op
// after Commit.
func (f *File) Abort() {
	if f.done {
		return
	}
	f.done = true
	f.File.Close()
	os.Remove(f.File.Name())
}

// IsTemp reports whether a file name (base name) is a temporary file of
// this package.
func IsTemp(name string) bool { return strings.HasPrefix(name, TempPrefix) }

// Clean removes the temporary files a killed writer left in dir.
func Clean(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var errs []error
	for _, e := range entries {
		if IsTemp(e.Name()) && e.Type().IsRegular() {
			if err := os.Remove(filepath.Join(dir, e.Name())); err != nil {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}
