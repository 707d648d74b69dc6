package testtool

import (
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// BuildCache makes each keyed build once per test binary: the tests of a
// package that compile the same program (the same source, flags and
// form) share the files of the first build. Each build gets a directory
// of its own under a temporary root, which Close removes, so nothing
// outlives the test binary (CI runs -count=1 on a clean clone; a cache
// across runs would hide the build's cost and its failures). Callers
// keep what must not be shared (a lowered module, an output directory)
// out of the cache: they derive their own from the cached files.
type BuildCache struct {
	mu      sync.Mutex
	root    string
	entries map[string]*cacheEntry
}

type cacheEntry struct {
	once sync.Once
	val  any
	err  error
}

// NewBuildCache makes the cache's root, a temporary directory named
// after prefix. A package's TestMain makes it and closes it after m.Run.
func NewBuildCache(prefix string) (*BuildCache, error) {
	root, err := os.MkdirTemp("", prefix)
	if err != nil {
		return nil, fmt.Errorf("build cache: %w", err)
	}
	return &BuildCache{root: root, entries: map[string]*cacheEntry{}}, nil
}

// Do returns what build made for key, calling build (with a fresh
// directory) the first time only; concurrent callers of one key wait
// for that first build and get its value or its error.
func (c *BuildCache) Do(key string, build func(dir string) (any, error)) (any, error) {
	c.mu.Lock()
	e, ok := c.entries[key]
	if !ok {
		e = &cacheEntry{}
		c.entries[key] = e
	}
	n := len(c.entries)
	c.mu.Unlock()
	e.once.Do(func() {
		dir := filepath.Join(c.root, fmt.Sprint(n))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			e.err = fmt.Errorf("build cache: %w", err)
			return
		}
		e.val, e.err = build(dir)
	})
	return e.val, e.err
}

// Close removes every build's files.
func (c *BuildCache) Close() error { return os.RemoveAll(c.root) }

// Cached is Do with the build's type: what build made for key, built
// once per cache.
func Cached[T any](c *BuildCache, key string, build func(dir string) (T, error)) (T, error) {
	v, err := c.Do(key, func(dir string) (any, error) { return build(dir) })
	if err != nil {
		var zero T
		return zero, err
	}
	return v.(T), nil
}

// MainWithBuildCache is a package's TestMain with a build cache: it makes
// the cache (its directory named after prefix) into *c, runs the tests,
// removes every build's files and exits with the tests' code.
func MainWithBuildCache(m *testing.M, prefix string, c **BuildCache) {
	cache, err := NewBuildCache(prefix)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	*c = cache
	code := m.Run()
	cache.Close()
	os.Exit(code)
}
