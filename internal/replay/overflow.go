package replay

import (
	"os"
	"strings"
)

// Signed integer overflow (floatsym's "overflow" reports, under
// --property no-overflow): every replay build has UBSan's
// signed-integer-overflow check in recover mode, so it only reports and
// the run goes on. Its reports decide a test's outcome only when the
// test has an overflow report beside it; otherwise they are ignored, as
// floatsym reports signed overflow only under that property.

// isSignedOverflow reports whether a UBSan message is a
// signed-integer-overflow report ("signed integer overflow: 2147483647 +
// 1 cannot be represented in type 'int'", or a negation's "negation of
// -2147483648 cannot be represented in type 'int'").
func isSignedOverflow(msg string) bool {
	return strings.HasPrefix(msg, "signed integer overflow") ||
		strings.HasPrefix(msg, "negation of") && strings.Contains(msg, "cannot be represented in type")
}

// overflowExpected reports whether the test has an overflow report
// beside it.
func overflowExpected(ktestPath string) bool {
	_, err := os.Stat(strings.TrimSuffix(ktestPath, ".ktest") + "." + KindOverflow + ".err")
	return err == nil
}
