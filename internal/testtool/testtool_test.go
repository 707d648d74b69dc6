package testtool

import (
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
