package stagestats

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestSum(t *testing.T) {
	a := []Stage{{Name: "cache", Queries: 3, Sat: 1}, {Name: "z3", Queries: 2, Unsat: 1, Unknown: 1, Time: time.Second, Interrupts: 1}}
	b := []Stage{{Name: "z3", Queries: 1, Sat: 1, Time: time.Second, MemoryOuts: 2}, {Name: "cvc5", Queries: 1, Unknown: 1}}
	got := Sum(a, b)
	want := []Stage{{Name: "cache", Queries: 3, Sat: 1},
		{Name: "z3", Queries: 3, Sat: 1, Unsat: 1, Unknown: 1, Time: 2 * time.Second, Interrupts: 1, MemoryOuts: 2},
		{Name: "cvc5", Queries: 1, Unknown: 1}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Sum:\n got %+v\nwant %+v", got, want)
	}
	if got := Sum(nil, b); !reflect.DeepEqual(got, b) {
		t.Errorf("Sum(nil, b) = %+v", got)
	}
}

// TestJSON: solver_stages entries are snake case with time in seconds
// (bench and solvercmp read them); the legacy form (Go names, time in
// nanoseconds) still loads.
func TestJSON(t *testing.T) {
	st := Stage{Name: "z3", Queries: 1, Time: 2500 * time.Millisecond, MemoryOuts: 3}
	j, _ := json.Marshal(st)
	if want := `{"name":"z3","queries":1,"sat":0,"unsat":0,"unknown":0,"time_seconds":2.5,"interrupts":0,"memory_outs":3}`; string(j) != want {
		t.Errorf("%s, want %s", j, want)
	}
	for _, in := range []string{string(j), `{"name":"z3","Queries":1,"Sat":0,"Unsat":0,"Unknown":0,"Time":2500000000,"Interrupts":0,"MemoryOuts":3}`} {
		var got Stage
		if err := json.Unmarshal([]byte(in), &got); err != nil || got != st {
			t.Errorf("Unmarshal(%s) = %+v, %v; want %+v", in, got, err, st)
		}
	}
}

func TestTables(t *testing.T) {
	st := []Stage{{Name: "native", Queries: 10, Sat: 4, Unsat: 2, Unknown: 4, Time: 1500 * time.Microsecond},
		{Name: "z3", Queries: 4, Sat: 1, Unknown: 3, Time: 2 * time.Second, Interrupts: 2, MemoryOuts: 1}}
	var b bytes.Buffer
	if err := WriteTable(&b, st); err != nil {
		t.Fatal(err)
	}
	want := "" +
		"   stage  queries  sat  unsat  unknown  time  interrupts  memory-outs\n" +
		"  native       10    4      2        4   2ms           0            0\n" +
		"      z3        4    1      0        3    2s           2            1\n"
	if got := strings.ReplaceAll(b.String(), " \n", "\n"); got != want {
		t.Errorf("table:\n%q\nwant:\n%q", got, want)
	}
	b.Reset()
	if err := WriteMarkdown(&b, st); err != nil {
		t.Fatal(err)
	}
	want = "| stage | queries | sat | unsat | unknown | time | interrupts | memory-outs |\n" +
		"| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n" +
		"| native | 10 | 4 | 2 | 4 | 2ms | 0 | 0 |\n" +
		"| z3 | 4 | 1 | 0 | 3 | 2s | 2 | 1 |\n"
	if b.String() != want {
		t.Errorf("markdown:\n%s\nwant:\n%s", b.String(), want)
	}
}
