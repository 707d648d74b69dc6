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

// TestJSON: the field names are summary.json's solver_stages (bench and
// solvercmp read them).
func TestJSON(t *testing.T) {
	j, _ := json.Marshal(Stage{Name: "z3", Queries: 1, Time: 2, MemoryOuts: 3})
	if want := `{"name":"z3","Queries":1,"Sat":0,"Unsat":0,"Unknown":0,"Time":2,"Interrupts":0,"MemoryOuts":3}`; string(j) != want {
		t.Errorf("%s, want %s", j, want)
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
