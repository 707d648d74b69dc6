package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/floatsym/floatsym/internal/bench"
)

// summary.json is checked against docs/summary.schema.json: every
// summary a test reads (readSummary) is validated. The validator covers
// the subset of JSON Schema the file uses: type, properties, required,
// additionalProperties: false, items, enum, minimum, format date-time.

var loadSchema = sync.OnceValues(func() (map[string]any, error) { return readSchema("summary.schema.json") })

// bench --json reports follow docs/bench-report.schema.json: every report
// a test reads is validated (validateBenchReport).
var loadBenchSchema = sync.OnceValues(func() (map[string]any, error) { return readSchema("bench-report.schema.json") })

func readSchema(name string) (map[string]any, error) {
	b, err := os.ReadFile(filepath.Join("..", "..", "docs", name))
	if err != nil {
		return nil, err
	}
	var s map[string]any
	return s, json.Unmarshal(b, &s)
}

// validateBenchReport checks a bench --json report against its schema.
func validateBenchReport(t *testing.T, data []byte) {
	t.Helper()
	schema, err := loadBenchSchema()
	if err != nil {
		t.Fatalf("bench report schema: %v", err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("bench report: %v", err)
	}
	if errs := validate(schema, v, "$"); len(errs) > 0 {
		t.Errorf("bench report does not match docs/bench-report.schema.json:\n%s", errs)
	}
}

// validateSummary checks a summary.json's bytes against the schema.
func validateSummary(t *testing.T, data []byte) {
	t.Helper()
	schema, err := loadSchema()
	if err != nil {
		t.Fatalf("summary schema: %v", err)
	}
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatalf("summary.json: %v", err)
	}
	if errs := validate(schema, v, "$"); len(errs) > 0 {
		t.Errorf("summary.json does not match docs/summary.schema.json:\n%s", errs)
	}
}

var knownKeywords = []string{"$schema", "$id", "title", "description", "type", "properties", "required",
	"additionalProperties", "items", "enum", "minimum", "format"}

func validate(schema map[string]any, v any, at string) []string {
	var errs []string
	bad := func(format string, a ...any) { errs = append(errs, at+": "+fmt.Sprintf(format, a...)) }
	for k := range schema {
		if !slices.Contains(knownKeywords, k) {
			bad("schema keyword %q is not supported by the validator", k)
		}
	}
	if typ, ok := schema["type"].(string); ok && !hasType(typ, v) {
		bad("want %s, got %T", typ, v)
		return errs
	}
	if enum, ok := schema["enum"].([]any); ok && !slices.Contains(enum, v) {
		bad("%v is not one of %v", v, enum)
	}
	if m, ok := schema["minimum"].(float64); ok {
		if n, ok := v.(float64); ok && n < m {
			bad("%v < minimum %v", n, m)
		}
	}
	if schema["format"] == "date-time" {
		if _, err := time.Parse(time.RFC3339Nano, v.(string)); err != nil {
			bad("not a date-time: %v", err)
		}
	}
	switch v := v.(type) {
	case map[string]any:
		props, _ := schema["properties"].(map[string]any)
		req, _ := schema["required"].([]any) // absent when every key is optional
		for _, r := range req {
			if _, ok := v[r.(string)]; !ok {
				bad("missing %q", r)
			}
		}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			ps, ok := props[k].(map[string]any)
			if !ok {
				if schema["additionalProperties"] == false {
					bad("unexpected key %q", k)
				}
				continue
			}
			errs = append(errs, validate(ps, v[k], at+"."+k)...)
		}
	case []any:
		if items, ok := schema["items"].(map[string]any); ok {
			for i, e := range v {
				errs = append(errs, validate(items, e, fmt.Sprintf("%s[%d]", at, i))...)
			}
		}
	}
	return errs
}

func hasType(typ string, v any) bool {
	switch typ {
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "number":
		_, ok := v.(float64)
		return ok
	case "integer":
		n, ok := v.(float64)
		return ok && n == math.Trunc(n)
	}
	return false
}

// goodCoverage is a valid summary.json coverage object.
const goodCoverage = `{"lines_covered":3,"lines_total":4,"branches_full":1,"branches_partial":1,"branches_total":2,"all_files":false,
"files":[{"file":"a.c","lines_covered":3,"lines_total":4,"branches_full":1,"branches_partial":1,"branches_total":2,"covered_lines":[1,2,5]}]}`

// TestSummarySchemaValidator: the validator rejects what the schema
// forbids (so a summary that passes it matches the schema).
func TestSummarySchemaValidator(t *testing.T) {
	schema, err := loadSchema()
	if err != nil {
		t.Fatal(err)
	}
	good := `{"version":"v","command_line":[],"input":[],"output_dir":"o","start":"2026-01-01T00:00:00Z","end":"2026-01-01T00:00:01Z",
"wall_time_seconds":1,"paths_explored":1,"paths_completed":1,"complete":true,"ended_by":"completed",
"incomplete":{"paths_cut_short":0,"concretisations":0,"solver_unknowns":0,"unsupported":0,"forks_suppressed":0},
"instructions":5,"symbolic_objects":0,"tests_written":1,"queries":0,"solver_time_seconds":0,
"solver_stages":[{"name":"native","queries":1,"sat":1,"unsat":0,"unknown":0,"time_seconds":0.5,"interrupts":0,"memory_outs":0}],
"errors":[],"paths":[{"id":1,"instructions":5,"termination":{"kind":"exit","exit_status":0}}]}`
	cases := []struct {
		name, edit string
		ok         bool
	}{
		{"good", "", true},
		{"legacy stage keys", `{"solver_stages":[{"name":"z3","Queries":1,"Time":1000}]}`, false},
		{"ended_by unknown", `{"ended_by":"done"}`, false},
		{"negative count", `{"paths_explored":-1}`, false},
		{"fractional count", `{"queries":1.5}`, false},
		{"extra key", `{"Queries":3}`, false},
		{"bad time", `{"start":"yesterday"}`, false},
		{"coverage", `{"coverage":` + goodCoverage + `}`, true},
		{"coverage without files", `{"coverage":{"lines_covered":1,"lines_total":2,"branches_full":0,"branches_partial":1,"branches_total":1,"all_files":false}}`, false},
		{"coverage negative", `{"coverage":` + strings.Replace(goodCoverage, `"lines_covered":3`, `"lines_covered":-3`, 1) + `}`, false},
		{"coverage file extra key", `{"coverage":` + strings.Replace(goodCoverage, `"file":"a.c"`, `"file":"a.c","hits":1`, 1) + `}`, false},
	}
	for _, c := range cases {
		var v map[string]any
		json.Unmarshal([]byte(good), &v)
		if c.edit != "" {
			var e map[string]any
			if err := json.Unmarshal([]byte(c.edit), &e); err != nil {
				t.Fatal(err)
			}
			for k, x := range e {
				v[k] = x
			}
		}
		if errs := validate(schema, v, "$"); (len(errs) == 0) != c.ok {
			t.Errorf("%s: errors %v, want ok=%v", c.name, errs, c.ok)
		}
	}
}

// TestBenchSchema: a report bench writes (its Go type, marshalled as
// WriteJSON does) matches docs/bench-report.schema.json, and the schema
// rejects an unknown outcome, status or verdict and an unknown key: the
// schema and internal/bench.Document must change together.
func TestBenchSchema(t *testing.T) {
	schema, err := loadBenchSchema()
	if err != nil {
		t.Fatal(err)
	}
	doc := bench.Document{Tool: "floatsym", Version: "v", Jobs: 1, Paths: []string{"benchmarks"},
		Results: []bench.Result{{ID: "s/v", Spec: "s", Variant: "v", Expected: bench.ExpectBug, Outcome: bench.OutcomeTP,
			Status: bench.StatusFinished, Reports: []bench.ReportVerdict{{Kind: "assert", Verdict: bench.VerdictTP}},
			SolverStages: []bench.StageStats{{Name: "z3", Queries: 1}}}},
		Totals: bench.Totals{Outcomes: map[bench.Outcome]int{bench.OutcomeTP: 1}}}
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		edit func(d map[string]any)
		ok   bool
	}{
		{"as written", func(map[string]any) {}, true},
		{"unknown outcome", func(d map[string]any) { result(d)["outcome"] = "passed" }, false},
		{"unknown status", func(d map[string]any) { result(d)["status"] = "done" }, false},
		{"unknown verdict", func(d map[string]any) {
			result(d)["reports"].([]any)[0].(map[string]any)["verdict"] = "maybe"
		}, false},
		{"unknown key", func(d map[string]any) { result(d)["WallTime"] = 1 }, false},
		{"missing key", func(d map[string]any) { delete(d["totals"].(map[string]any), "wall_seconds") }, false},
	}
	for _, c := range cases {
		var d map[string]any
		if err := json.Unmarshal(b, &d); err != nil {
			t.Fatal(err)
		}
		c.edit(d)
		if errs := validate(schema, d, "$"); (len(errs) == 0) != c.ok {
			t.Errorf("%s: errors %v, want ok=%v", c.name, errs, c.ok)
		}
	}
}

func result(d map[string]any) map[string]any { return d["results"].([]any)[0].(map[string]any) }
