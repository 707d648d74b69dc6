package testtool

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestRequireUnderCI: a missing tool skips the test, except under CI,
// where it fails it. Each case runs this test binary again with the
// helper's test selected, so the failure is observed from outside.
func TestRequireUnderCI(t *testing.T) {
	if os.Getenv("TESTTOOL_HELPER") != "" {
		return
	}
	cases := []struct {
		ci       string
		wantFail bool
		want     string
	}{
		{"", false, "SKIP"},
		{"false", false, "SKIP"},
		{"true", true, "under CI a missing tool fails the test"},
		{"1", true, "under CI a missing tool fails the test"},
	}
	for _, c := range cases {
		cmd := exec.Command(os.Args[0], "-test.run", "^TestHelperMissingTool$", "-test.v")
		cmd.Env = append(os.Environ(), "TESTTOOL_HELPER=1", "CI="+c.ci)
		out, err := cmd.CombinedOutput()
		if failed := err != nil; failed != c.wantFail || !strings.Contains(string(out), c.want) {
			t.Errorf("CI=%q: failed %v, output:\n%s\nwant failed %v and %q", c.ci, failed, out, c.wantFail, c.want)
		}
	}
}

func TestHelperMissingTool(t *testing.T) {
	if os.Getenv("TESTTOOL_HELPER") == "" {
		t.Skip("run by TestRequireUnderCI")
	}
	Require(t, filepath.Join("no", "such", "tool-floatsym"))
	t.Error("Require returned for a missing tool")
}

func TestRequirePresent(t *testing.T) {
	Require(t, "sh") // present on every machine the tests run on
	if m := Missing("sh", "no-such-tool-floatsym"); len(m) != 1 || m[0] != "no-such-tool-floatsym" {
		t.Errorf("missing %v", m)
	}
}

// TestBuildCache: one build per key, each in a directory of its own,
// the first build's error returned to every caller of its key, and
// nothing left after Close.
func TestBuildCache(t *testing.T) {
	c, err := NewBuildCache("testtool-cache-")
	if err != nil {
		t.Fatal(err)
	}
	builds := map[string]int{}
	dirs := map[string]bool{}
	build := func(key string, fail bool) func(string) (any, error) {
		return func(dir string) (any, error) {
			builds[key]++
			if dirs[dir] {
				t.Errorf("%s: directory %s given to two builds", key, dir)
			}
			dirs[dir] = true
			if fail {
				return nil, errors.New("compile failed")
			}
			return key + "@" + dir, nil
		}
	}
	a1, _ := c.Do("a", build("a", false))
	a2, _ := c.Do("a", build("a", false))
	b, _ := c.Do("b", build("b", false))
	_, e1 := c.Do("bad", build("bad", true))
	_, e2 := c.Do("bad", build("bad", true))
	if a1 != a2 || a1 == b || builds["a"] != 1 || builds["b"] != 1 {
		t.Errorf("a %v / %v, b %v, builds %v: want one build per key, the same value for a key", a1, a2, b, builds)
	}
	if e1 == nil || e2 == nil || builds["bad"] != 1 {
		t.Errorf("errors %v, %v after %d builds: want the first build's error for every caller", e1, e2, builds["bad"])
	}
	// Cached: the same entries, typed.
	n, err := Cached(c, "typed", func(dir string) (int, error) { return len(dir), nil })
	m, err2 := Cached(c, "typed", func(dir string) (int, error) { return -1, nil })
	if err != nil || err2 != nil || n <= 0 || m != n {
		t.Errorf("Cached: %d, %d (%v, %v): want the first build's value twice", n, m, err, err2)
	}
	if _, err := Cached(c, "bad", func(dir string) (string, error) { return "", nil }); err == nil {
		t.Error("Cached of a failed key: no error")
	}
	root := c.root
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(root); !os.IsNotExist(err) {
		t.Errorf("%s still there after Close (%v)", root, err)
	}
}
