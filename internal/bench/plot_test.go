package bench

import (
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The charts are checked without golden images: the SVG parses as XML,
// stays small, embeds no font, has its axis labels and ticks, and draws
// as many points as the data has.

// svgChecks reads an SVG and checks what every chart must hold.
func svgChecks(t *testing.T, path string, maxBytes int, texts ...string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) > maxBytes {
		t.Errorf("%s: %d bytes, want at most %d", filepath.Base(path), len(b), maxBytes)
	}
	d := xml.NewDecoder(strings.NewReader(string(b)))
	for {
		_, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%s does not parse as XML: %v", filepath.Base(path), err)
		}
	}
	s := string(b)
	for _, bad := range []string{"font-face", "base64", "@font"} {
		if strings.Contains(s, bad) {
			t.Errorf("%s contains %q: a font is embedded", filepath.Base(path), bad)
		}
	}
	for _, want := range texts {
		if !strings.Contains(s, ">"+want+"<") {
			t.Errorf("%s: no text %q", filepath.Base(path), want)
		}
	}
	return s
}

// countGlyphs counts the circle-glyph dots (vgsvg draws a circle as a
// path of two arcs) and crosses in an SVG.
func countCircles(svg string) int { return strings.Count(svg, "A3.5,3.5 0 1 1") / 2 }

func loadSuite(t *testing.T) *Document {
	t.Helper()
	d, err := LoadDocument("../../benchmarks/results/results.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Results) < 100 {
		t.Fatalf("results.json has %d variants, want the whole suite", len(d.Results))
	}
	return d
}

func TestPlotSuiteSVG(t *testing.T) {
	d := loadSuite(t)
	out := filepath.Join(t.TempDir(), "suite.svg")
	limit := time.Duration(d.TimeLimitSeconds * float64(time.Second))
	if err := Plot(out, d.Results, limit); err != nil {
		t.Fatal(err)
	}
	s := svgChecks(t, out, 200<<10, "time (s, log scale)", "0.1", "1", "10", "time limit (60 s)")
	run := 0
	for _, r := range d.Results {
		if r.Outcome != OutcomeSkipped {
			run++
		}
	}
	if got := countCircles(s); got != run+countLegendDots(d.Results) {
		t.Errorf("%d dots drawn, want %d variants + %d legend entries", got, run, countLegendDots(d.Results))
	}
}

// countLegendDots is the number of outcome entries in the legend.
func countLegendDots(rs []Result) int {
	seen := map[Outcome]bool{}
	for _, r := range rs {
		if r.Outcome != OutcomeSkipped {
			seen[r.Outcome] = true
		}
	}
	return len(seen)
}

func TestPlotComparison(t *testing.T) {
	a := loadSuite(t)
	// b: the same suite where every other solved variant took twice as
	// long and every fifth one timed out.
	b := *a
	b.Results = append([]Result(nil), a.Results...)
	for i := range b.Results {
		switch {
		case i%5 == 0:
			b.Results[i].Outcome, b.Results[i].Elapsed = OutcomeTimeout, a.TimeLimitSeconds
		case i%2 == 0:
			b.Results[i].Elapsed *= 2
		}
	}
	solvedA, solvedB := len(CactusPoints(a)), len(CactusPoints(&b))
	if solvedA <= solvedB {
		t.Fatalf("solved %d in A, %d in B: B should solve fewer", solvedA, solvedB)
	}
	pts := ScatterPoints(a, &b)
	if len(pts) != len(a.Results) {
		t.Errorf("%d scatter points, want %d (every variant shared)", len(pts), len(a.Results))
	}
	atLimit := 0
	for _, p := range pts {
		if !p.SolvedB && p.B != a.TimeLimitSeconds {
			t.Errorf("%s: unsolved in B but drawn at %g s, not at the limit", p.ID, p.B)
		}
		if !p.SolvedA && !p.SolvedB {
			atLimit++
		}
	}
	for _, ext := range []string{"svg", "png"} {
		out := filepath.Join(t.TempDir(), "cmp."+ext)
		if err := PlotComparison(out, PlotRun{Name: "A", Doc: a}, PlotRun{Name: "B", Doc: &b}); err != nil {
			t.Fatal(err)
		}
		cactus, scatter := ComparisonPaths(out)
		if ext == "png" {
			for _, p := range []string{cactus, scatter} {
				if fi, err := os.Stat(p); err != nil || fi.Size() == 0 {
					t.Errorf("%s: not written (%v)", p, err)
				}
			}
			continue
		}
		cs := svgChecks(t, cactus, 200<<10, "time (s, log scale)", "variants solved (TP or verified)", "time limit (60 s)", "10")
		if !strings.Contains(cs, ">A: "+itoa(solvedA)+" of ") || !strings.Contains(cs, ">B: "+itoa(solvedB)+" of ") {
			t.Errorf("cactus legend does not give the solved counts %d and %d", solvedA, solvedB)
		}
		ss := svgChecks(t, scatter, 200<<10, "A: time (s, log scale)", "B: time (s, log scale)", "equal time", "10")
		both := 0
		for _, p := range pts {
			if p.SolvedA && p.SolvedB {
				both++
			}
		}
		// Dots are the variants both solved, plus the legend's one.
		if got := countCircles(ss); got != both+1 {
			t.Errorf("scatter: %d dots, want %d solved by both + 1 in the legend", got, both)
		}
		if !strings.Contains(ss, "solved by neither (at the limit) ("+itoa(atLimit)+")") && atLimit > 0 {
			t.Errorf("scatter legend does not count the %d variants solved by neither", atLimit)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
