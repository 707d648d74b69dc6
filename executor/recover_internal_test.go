package executor

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/floatsym/floatsym/ir"
	"github.com/sirupsen/logrus"
)

// TestPanicEndsOnlyItsState: a Go panic inside a model (a stand-in for a
// bug of the executor) ends the path that hit it as an exec termination
// naming the panic, the Go site, the program's function and line; the
// other path runs on to its exit, and Run returns its result.
func TestPanicEndsOnlyItsState(t *testing.T) {
	const name = "floatsym_test_panics"
	if _, ok := builtinTable[name]; !ok {
		// A model of the test's own, registered as a layer of its own
		// would be (builtins_registry.go) and removed afterwards, so that
		// TestBuiltinRegistry sees only builtinLayers' names.
		registryLayer = &builtinLayer{name: "test"}
		register(name, 0, func(e *Executor, s *State, c *Call) (Value, *Termination) {
			var m map[string]int
			m["boom"]++ // a nil map: a runtime error, as a real bug would be
			return Value{}, nil
		})
		registryLayer = nil
		defer func() {
			delete(builtinTable, name)
			delete(builtinOrigin, name)
		}()
	}
	src := `declare void @klee_make_symbolic(i8*, i64, i8*)
declare void @floatsym_test_panics()
@.n = private constant [2 x i8] c"x\00"
define i32 @main() {
entry:
  %x = alloca i32, align 4
  %p = bitcast i32* %x to i8*
  call void @klee_make_symbolic(i8* %p, i64 4, i8* getelementptr ([2 x i8], [2 x i8]* @.n, i64 0, i64 0))
  %v = load i32, i32* %x, align 4
  %c = icmp sgt i32 %v, 10
  br i1 %c, label %bad, label %good
bad:
  call void @floatsym_test_panics()
  ret i32 1
good:
  ret i32 0
}
`
	m, err := ir.LoadText("panic.ll", src)
	if err != nil {
		t.Fatal(err)
	}
	l := logrus.New()
	l.SetOutput(&bytes.Buffer{})
	e, err := New(m, Config{Log: logrus.NewEntry(l), Stdout: &bytes.Buffer{}, Stderr: &bytes.Buffer{}})
	if err != nil {
		t.Fatal(err)
	}
	res, err := e.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var internal, exited int
	for _, p := range res.Paths {
		switch {
		case p.Term.Kind == TermExec && strings.Contains(p.Term.Message, "internal error in floatsym while executing function main") &&
			strings.Contains(p.Term.Message, "assignment to entry in nil map") && strings.Contains(p.Term.Message, "recover_internal_test.go:"):
			internal++
		case p.Term.Kind == TermExit:
			exited++
		}
	}
	if internal != 1 || exited != 1 || res.Complete {
		t.Errorf("paths %+v complete %v: want one ended by the internal error, one exit", res.Paths, res.Complete)
	}
}
