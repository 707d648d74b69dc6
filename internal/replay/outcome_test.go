package replay

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Sanitizer and glibc output as clang-14 / glibc 2.36 print it.
const (
	logAbort = `=================================================================
==5181==ERROR: AddressSanitizer: ABRT on unknown address 0x00000000143d (pc 0x7fe2a9d4beec bp 0x7fe2a9cbfbc0 sp 0x7ffc01f3fc70 T0)
    #0 0x7fe2a9d4beec in __pthread_kill_implementation nptl/./nptl/pthread_kill.c:44:76
    #1 0x7fe2a9cfcfb1 in raise signal/../sysdeps/posix/raise.c:26:13
    #2 0x7fe2a9ce7471 in abort stdlib/./stdlib/abort.c:79:7
    #3 0x55e59d776210 in klee_abort /cache/crt/runtime/replay.c:270:3
    #4 0x55e59d776210 in main /src/abort.c:13:11
    #5 0x7fe2a9ce8249 in __libc_start_call_main csu/../sysdeps/nptl/libc_start_call_main.h:58:16
    #6 0x55e59d6b8320 in _start (/tmp/fsx/u+0x21320) (BuildId: ba328ddba6067df45b9521475a5e4475d5776531)

AddressSanitizer can not provide additional info.
SUMMARY: AddressSanitizer: ABRT nptl/./nptl/pthread_kill.c:44:76 in __pthread_kill_implementation
==5181==ABORTING
`
	logDoubleFree = `=================================================================
==5195==ERROR: AddressSanitizer: attempting double-free on 0x602000000010 in thread T0:
    #0 0x5607faebaec2 in free (/tmp/fsx/u+0xa3ec2) (BuildId: ba328ddba6067df45b9521475a5e4475d5776531)
    #1 0x5607faef6294 in main /src/dfree.c:15:35
    #2 0x7fd1156bf249 in __libc_start_call_main csu/../sysdeps/nptl/libc_start_call_main.h:58:16

0x602000000010 is located 0 bytes inside of 4-byte region [0x602000000010,0x602000000014)
freed by thread T0 here:
    #0 0x5607faebaec2 in free (/tmp/fsx/u+0xa3ec2) (BuildId: ba328ddba6067df45b9521475a5e4475d5776531)
    #1 0x5607faef6288 in main /src/dfree.c:14:26
`
	logUBSanOverflow = `/src/a.c:8:13: runtime error: signed integer overflow: 65536 * 65536 cannot be represented in type 'int'
    #0 0x558cb17630eb in main /src/a.c:8:13
`
	logUBSanNegation = `/src/a.c:5:9: runtime error: negation of -2147483648 cannot be represented in type 'int'; cast to an unsigned type to negate this value to itself
    #0 0x558cb17630eb in main /src/a.c:5:9
`
	logUBSanDiv = `/src/div.c:10:20: runtime error: division by zero
    #0 0x558cb17630eb in main /src/div.c:10:20
    #1 0x7fcde6b82249 in __libc_start_call_main csu/../sysdeps/nptl/libc_start_call_main.h:58:16

SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior /src/div.c:10:20 in
`
	logMemcpy = `==5230==ERROR: AddressSanitizer: stack-buffer-overflow on address 0x7ffd3e853ba4 at pc 0x564009bdf54a bp 0x7ffd3e853b50 sp 0x7ffd3e853320
WRITE of size 10 at 0x7ffd3e853ba4 thread T0
    #0 0x564009bdf549 in __asan_memcpy (/tmp/fsx/u+0xa3549) (BuildId: ba328ddba6067df45b9521475a5e4475d5776531)
    #1 0x564009c1b496 in main /src/copy.c:20:27
`
	logFPE = `==5223==ERROR: AddressSanitizer: FPE on unknown address 0x5589b1861430 (pc 0x5589b1861430 bp 0x7ffde4736080 sp 0x7ffde4735f00 T0)
    #0 0x5589b1861430 in main /src/intmin.c:19:64
`
	logStackOverflow = `==1==ERROR: AddressSanitizer: stack-overflow on address 0x7ffd (pc 0x1 bp 0x2 sp 0x3 T0)
    #0 0x5589b1861430 in rec /src/rec.c:3:10
`
)

func fakeBinary(sources ...string) *Binary {
	return &Binary{Sources: sources, replaySource: "/cache/crt/runtime/replay.c"}
}

func TestClassify(t *testing.T) {
	b := fakeBinary("/src/abort.c", "/src/dfree.c", "/src/div.c", "/src/copy.c", "/src/intmin.c", "/src/rec.c", "/src/a.c")
	cases := []struct {
		name string
		in   runInfo
		want Outcome
	}{
		{"exit", runInfo{exitStatus: 3}, Outcome{Kind: KindExit, ExitStatus: 3}},
		{"exit 1 with noise", runInfo{exitStatus: 1, stderr: "x.c:1:2: runtime error: nope\nfloatsym-replay: warning: w\n"}, Outcome{Kind: KindExit, ExitStatus: 1}},
		{"abort skips libc and runtime frames", runInfo{exitStatus: 1, stderr: "AddressSanitizer:DEADLYSIGNAL\n", sanLog: logAbort},
			Outcome{Kind: KindAbort, File: "/src/abort.c", Line: 13}},
		{"assert", runInfo{exitStatus: 1, stderr: "prog: /src/a.c:12: int main(void): Assertion `x == 1' failed.\nAddressSanitizer:DEADLYSIGNAL\n", sanLog: logAbort},
			Outcome{Kind: KindAssert, File: "/src/a.c", Line: 12, Message: "ASSERTION FAIL: x == 1"}},
		{"assert text without abort is not an assertion", runInfo{exitStatus: 0, stderr: "prog: a.c:12: main: Assertion `x' failed.\n"},
			Outcome{Kind: KindExit}},
		{"assert by plain SIGABRT", runInfo{signal: syscall.SIGABRT, stderr: "prog: a.c:7: Assertion `0' failed.\n"},
			Outcome{Kind: KindAssert, File: "a.c", Line: 7, Message: "ASSERTION FAIL: 0"}},
		{"double free uses the first stack only", runInfo{exitStatus: 1, sanLog: logDoubleFree},
			Outcome{Kind: KindFree, File: "/src/dfree.c", Line: 15}},
		{"ubsan div", runInfo{exitStatus: 1, sanLog: logUBSanDiv},
			Outcome{Kind: KindDiv, File: "/src/div.c", Line: 10, Message: "division by zero"}},
		{"overflow in an interceptor", runInfo{exitStatus: 1, sanLog: logMemcpy},
			Outcome{Kind: KindPtr, File: "/src/copy.c", Line: 20}},
		{"INT_MIN / -1", runInfo{exitStatus: 1, sanLog: logFPE}, Outcome{Kind: KindDiv, File: "/src/intmin.c", Line: 19}},
		{"other sanitizer errors", runInfo{exitStatus: 1, sanLog: logStackOverflow}, Outcome{Kind: KindSanitizer, File: "/src/rec.c", Line: 3}},
		{"mismatch", runInfo{exitStatus: 97, stderr: "floatsym-replay: mismatch: t.ktest: too few\n"},
			Outcome{Kind: KindMismatch, Message: "t.ktest: too few"}},
		{"assume", runInfo{exitStatus: 98, stderr: "floatsym-replay: assume violated (klee_assume, after 1 objects)\n"},
			Outcome{Kind: KindMismatch, Message: "assume violated (klee_assume, after 1 objects)"}},
		{"marker needs its exit status", runInfo{exitStatus: 0, stderr: "floatsym-replay: mismatch: x\n"}, Outcome{Kind: KindExit}},
		{"report error", runInfo{exitStatus: 96, stderr: "floatsym-replay: error kind=ptr file=/src/a.c line=40: my: message\n"},
			Outcome{Kind: KindPtr, File: "/src/a.c", Line: 40, Message: "my: message"}},
		{"killed", runInfo{signal: syscall.SIGKILL}, Outcome{Kind: KindSignal, ExitStatus: -1, Message: "killed by signal: killed"}},
		{"plain segv", runInfo{signal: syscall.SIGSEGV}, Outcome{Kind: KindPtr, ExitStatus: -1}},
		// Signed overflow reports (recover mode) decide only when the
		// test has an overflow report; otherwise the run's end does.
		{"overflow expected", runInfo{exitStatus: 0, sanLog: logUBSanOverflow, overflow: true},
			Outcome{Kind: KindOverflow, File: "/src/a.c", Line: 8}},
		{"negation overflow expected", runInfo{exitStatus: 0, sanLog: logUBSanNegation, overflow: true},
			Outcome{Kind: KindOverflow, File: "/src/a.c", Line: 5}},
		{"overflow not expected", runInfo{exitStatus: 1, sanLog: logUBSanOverflow}, Outcome{Kind: KindExit, ExitStatus: 1}},
		{"overflow then div, not expected", runInfo{exitStatus: 1, sanLog: logUBSanOverflow + logUBSanDiv},
			Outcome{Kind: KindDiv, File: "/src/div.c", Line: 10}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := b.classify(tc.in)
			if got.Kind != tc.want.Kind || got.File != tc.want.File || got.Line != tc.want.Line {
				t.Fatalf("got %s, want %s", got, tc.want)
			}
			if tc.want.Message != "" && got.Message != tc.want.Message {
				t.Errorf("message %q, want %q", got.Message, tc.want.Message)
			}
			if tc.want.Kind == KindExit && got.ExitStatus != tc.want.ExitStatus {
				t.Errorf("status %d, want %d", got.ExitStatus, tc.want.ExitStatus)
			}
		})
	}
}

func TestParseStack(t *testing.T) {
	b := fakeBinary("/src/abort.c")
	st := b.parseStack(logAbort)
	if len(st) != 7 {
		t.Fatalf("%d frames: %+v", len(st), st)
	}
	if st[2].Function != "abort" || st[2].File != "stdlib/./stdlib/abort.c" || st[2].User {
		t.Errorf("glibc's abort.c taken for the program's: %+v", st[2])
	}
	if st[3].User {
		t.Errorf("runtime frame marked user: %+v", st[3])
	}
	if !st[4].User || st[4].Function != "main" || st[4].Line != 13 {
		t.Errorf("main frame: %+v", st[4])
	}
	if st[6].Function != "_start" || st[6].File != "" {
		t.Errorf("frame without location: %+v", st[6])
	}
}

func TestIsUser(t *testing.T) {
	b := fakeBinary("/src/prog/main.c")
	for file, want := range map[string]bool{
		"/src/prog/main.c":             true,
		"/src/prog/inc/util.h":         true,
		"/src/prog/../prog/main.c":     true,
		"main.c":                       true,
		"/src/other.c":                 false,
		"stdlib/./stdlib/main.c":       false,
		"/usr/include/stdlib.h":        false,
		"/cache/crt/runtime/replay.c":  false,
		"":                             false,
		"../sysdeps/unix/sysv/raise.c": false,
	} {
		if got := b.isUser(file); got != want {
			t.Errorf("isUser(%q) = %v, want %v", file, got, want)
		}
	}
	// Sources in the runtime's own directory must not make it user code.
	b = fakeBinary("/cache/crt/runtime/x.c")
	if b.isUser("/cache/crt/runtime/replay.c") {
		t.Error("replay.c counted as user code")
	}
}

func TestExpected(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, n := range []string{"test000001", "test000002", "test000003", "test000004", "test000005", "test000010", "test000011"} {
		write(n+".ktest", "")
	}
	write("test000001.ptr.err", "Error: memory error: out of bound pointer\nFile: /abs/prog.c\nLine: 17\nassembly.ll line: 88\nState: 3\nStack: \n\t#000000088 in main () at /abs/prog.c:17\nFile: bogus\n")
	write("test000002.my.suffix.err", "Error: custom: with colon\nFile: x.c\nLine: 3\n")
	write("test000003.assert.err", "no error line\n")
	write("test000010.div.err", "Error: division by zero\nFile: a.c\nLine: twelve\n")
	write("test000011.early", "max-time reached\n")
	write(SummaryFile, `{"paths":[
		{"test":"test000001.ktest","termination":{"kind":"exit","exit_status":0}},
		{"test":"klee-out-0/test000004.ktest","termination":{"kind":"exit","exit_status":7}},
		{"test":"test000005.ktest","termination":{"kind":"solver","message":"query timed out"}}]}`)

	cases := []struct {
		name string
		want Outcome
		err  string
	}{
		{"test000001.ktest", Outcome{Kind: KindPtr, File: "/abs/prog.c", Line: 17, Message: "memory error: out of bound pointer"}, ""},
		{"test000002.ktest", Outcome{Kind: "my.suffix", File: "x.c", Line: 3, Message: "custom: with colon"}, ""},
		{"test000003.ktest", Outcome{}, `no "Error:" line`},
		{"test000004.ktest", Outcome{Kind: KindExit, ExitStatus: 7}, ""},
		{"test000005.ktest", Outcome{Kind: KindSolver, Message: "query timed out"}, ""},
		{"test000006.ktest", Outcome{}, "no entry for test000006.ktest"},
		{"test000010.ktest", Outcome{}, "bad line number"},
		{"test000011.ktest", Outcome{Kind: KindEarly, Message: "max-time reached"}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Expected(filepath.Join(dir, tc.name))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("err = %v, want it to mention %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.Kind != tc.want.Kind || got.File != tc.want.File || got.Line != tc.want.Line ||
				got.Message != tc.want.Message || got.ExitStatus != tc.want.ExitStatus {
				t.Fatalf("got %+v, want %+v", got, tc.want)
			}
		})
	}

	empty := t.TempDir()
	if _, err := Expected(filepath.Join(empty, "test000001.ktest")); err == nil || !os.IsNotExist(unwrapAll(err)) {
		t.Errorf("no records: err = %v", err)
	}
	write(SummaryFile, "{not json")
	if _, err := Expected(filepath.Join(dir, "test000004.ktest")); err == nil || !strings.Contains(err.Error(), "parsing") {
		t.Errorf("bad summary: err = %v", err)
	}
}

func unwrapAll(err error) error {
	for {
		u, ok := err.(interface{ Unwrap() error })
		if !ok {
			return err
		}
		err = u.Unwrap()
	}
}

func TestCompare(t *testing.T) {
	callSite := []Frame{{Function: "report", File: "/rt/replay.c", Line: 5}, {Function: "main", File: "/src/p.c", Line: 9, User: true}}
	cases := []struct {
		name     string
		exp, got Outcome
		ok       bool
		reason   string
	}{
		{"same exit", Outcome{Kind: KindExit, ExitStatus: 2}, Outcome{Kind: KindExit, ExitStatus: 2}, true, ""},
		{"other exit", Outcome{Kind: KindExit, ExitStatus: 2}, Outcome{Kind: KindExit, ExitStatus: 0}, false, "exit status 2, got 0"},
		{"exit vs error", Outcome{Kind: KindExit}, Outcome{Kind: KindPtr, File: "a.c", Line: 1}, false, "native run ended with ptr"},
		{"same error, paths differ", Outcome{Kind: KindPtr, File: "prog.c", Line: 4}, Outcome{Kind: KindPtr, File: "/abs/dir/prog.c", Line: 4}, true, ""},
		{"other line", Outcome{Kind: KindPtr, File: "prog.c", Line: 4}, Outcome{Kind: KindPtr, File: "/abs/prog.c", Line: 5}, false, "at prog.c:4"},
		{"other file", Outcome{Kind: KindPtr, File: "prog.c", Line: 4}, Outcome{Kind: KindPtr, File: "/abs/other.c", Line: 4}, false, ""},
		{"other kind", Outcome{Kind: KindAssert, File: "p.c", Line: 4}, Outcome{Kind: KindAbort, File: "p.c", Line: 4}, false, "expected assert"},
		{"no recorded location", Outcome{Kind: KindDiv}, Outcome{Kind: KindDiv, File: "p.c", Line: 4}, true, ""},
		{"line only", Outcome{Kind: KindDiv, Line: 4}, Outcome{Kind: KindDiv, File: "p.c", Line: 4}, true, ""},
		{"readonly is ptr", Outcome{Kind: KindReadOnly, File: "p.c", Line: 4}, Outcome{Kind: KindPtr, File: "p.c", Line: 4}, true, ""},
		{"report error at call site", Outcome{Kind: "mine", File: "/src/p.c", Line: 9}, Outcome{Kind: "mine", File: "elsewhere.c", Line: 999, Stack: callSite}, true, ""},
		{"report error at given location", Outcome{Kind: "mine", File: "elsewhere.c", Line: 999}, Outcome{Kind: "mine", File: "elsewhere.c", Line: 999, Stack: callSite}, true, ""},
		{"exec", Outcome{Kind: KindExec, File: "p.c", Line: 1}, Outcome{Kind: KindExit}, false, "cannot be replayed"},
		{"model", Outcome{Kind: KindModel}, Outcome{Kind: KindExit}, false, "cannot be replayed"},
		{"solver", Outcome{Kind: KindSolver}, Outcome{Kind: KindExit}, false, "cannot be replayed"},
		{"mismatch", Outcome{Kind: KindExit}, Outcome{Kind: KindMismatch, Message: "too few"}, false, "does not replay: too few"},
		{"timeout", Outcome{Kind: KindExit}, Outcome{Kind: KindTimeout}, false, "timed out"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			ok, why := Compare(tc.exp, tc.got)
			if ok != tc.ok || !strings.Contains(why, tc.reason) {
				t.Fatalf("Compare = %v, %q; want %v, %q", ok, why, tc.ok, tc.reason)
			}
			if Match(tc.exp, tc.got) != ok {
				t.Fatal("Match disagrees with Compare")
			}
			if ok && why != "" {
				t.Fatalf("reason %q for a match", why)
			}
		})
	}
}

func TestTailBuffer(t *testing.T) {
	tb := &tailBuffer{max: 10}
	for i := 0; i < 100; i++ {
		tb.Write([]byte("abc"))
	}
	tb.Write([]byte("0123456789XY"))
	if got := tb.String(); got != "23456789XY" {
		t.Fatalf("got %q", got)
	}
	if len(tb.buf) > 20 {
		t.Fatalf("buffer grew to %d", len(tb.buf))
	}
}

func TestShellJoin(t *testing.T) {
	got := shellJoin([]string{"clang-14", "-DX=a b", "it's", "", "-I/x/y"})
	want := `clang-14 '-DX=a b' 'it'\''s' '' -I/x/y`
	if got != want {
		t.Fatalf("got %s, want %s", got, want)
	}
}
