package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteCommitAbortClean(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "summary.json")
	cases := []struct {
		name  string
		write func() error
		want  string // contents after; "" with wantErr keeps the old one
		err   bool
	}{
		{"new file", func() error { return WriteFile(path, []byte("one"), 0o644) }, "one", false},
		{"replace", func() error { return WriteFile(path, []byte("two"), 0o600) }, "two", false},
		{"fill fails: old contents stay", func() error {
			return Write(path, 0o644, func(w io.Writer) error {
				w.Write([]byte("partial"))
				return errors.New("boom")
			})
		}, "two", true},
		{"abort keeps the old contents", func() error {
			f, err := Create(path, 0o644)
			if err != nil {
				return err
			}
			f.Write([]byte("half"))
			f.Abort()
			return f.Commit() // after Abort: an error
		}, "two", true},
		{"streamed", func() error {
			f, err := Create(path, 0o644)
			if err != nil {
				return err
			}
			f.WriteString("three")
			return f.Commit()
		}, "three", false},
	}
	for _, c := range cases {
		err := c.write()
		if (err != nil) != c.err {
			t.Errorf("%s: err %v, want error %v", c.name, err, c.err)
		}
		b, rerr := os.ReadFile(path)
		if rerr != nil || string(b) != c.want {
			t.Errorf("%s: file %q (%v), want %q", c.name, b, rerr, c.want)
		}
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if IsTemp(e.Name()) {
				t.Errorf("%s: temporary file %s left", c.name, e.Name())
			}
		}
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o644 {
		t.Errorf("mode %v (%v), want 0644", fi.Mode(), err)
	}
	// A killed writer's leftover: Clean removes it and nothing else.
	left, err := Create(filepath.Join(dir, "test000001.ktest"), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	left.WriteString("x")
	if m, _ := filepath.Glob(filepath.Join(dir, "test*.ktest")); len(m) != 0 {
		t.Errorf("a temporary name matches test*.ktest: %v", m)
	}
	if err := Clean(dir); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 || entries[0].Name() != "summary.json" {
		t.Errorf("after Clean: %v", entries)
	}
}
