package bench

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"sort"
	"strings"

	"github.com/floatsym/floatsym/internal/plotstyle"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// The pictures the field compares tools and configurations with: the
// cactus plot (variants solved within a time, one line per run) and the
// scatter plot (each variant's time in run A against run B, log–log,
// with the diagonal). `floatsym bench --compare OLD.json --png/--svg`
// draws both beside the per-variant chart.

// PlotRun is one run of a comparison picture.
type PlotRun struct {
	Name string
	Doc  *Document
}

// Solved reports whether a variant got its verdict: its bug found (TP)
// or its correctness verified.
func Solved(r Result) bool { return r.Outcome == OutcomeTP || r.Outcome == OutcomeVerified }

// ComparisonPaths are the files the comparison pictures go to beside
// path: NAME.cactus.EXT and NAME.scatter.EXT.
func ComparisonPaths(path string) (cactus, scatter string) {
	ext := filepath.Ext(path)
	base := strings.TrimSuffix(path, ext)
	return base + ".cactus" + ext, base + ".scatter" + ext
}

// CactusPoints are a run's cactus curve: the solved variants' times in
// increasing order, the i-th point at (time, i+1).
func CactusPoints(d *Document) plotter.XYs {
	var ts []float64
	for _, r := range d.Results {
		if Solved(r) {
			ts = append(ts, r.Elapsed)
		}
	}
	sort.Float64s(ts)
	xy := make(plotter.XYs, len(ts))
	for i, t := range ts {
		xy[i] = plotter.XY{X: t, Y: float64(i + 1)}
	}
	return xy
}

// runLimit is the largest time limit of the runs.
func runLimit(runs []PlotRun) float64 {
	limit := 0.0
	for _, r := range runs {
		limit = math.Max(limit, r.Doc.TimeLimitSeconds)
	}
	return limit
}

// PlotCactus draws the runs' cactus plot: variants solved (y) within a
// time (x, log scale), one step line per run, the time limit dashed, the
// legend outside the data.
func PlotCactus(path string, runs []PlotRun) error {
	if len(runs) == 0 {
		return errors.New("cactus plot: no run")
	}
	p := plot.New()
	p.Title.Text = "floatsym bench: variants solved within a time"
	p.X.Label.Text = "time (s, log scale)"
	p.Y.Label.Text = "variants solved (TP or verified)"
	limit := runLimit(runs)
	var all []float64
	total := 0
	for _, r := range runs {
		for _, res := range r.Doc.Results {
			all = append(all, res.Elapsed)
		}
		total = max(total, len(r.Doc.Results))
	}
	lo, hi := timeRange(all, limit)
	plotstyle.LogAxis(&p.X, lo, hi)
	p.Y.Min, p.Y.Max = 0, float64(total)+0.5
	p.Y.Tick.Marker = plotstyle.CountTicks{}
	legend := plotstyle.NewLegend()
	for i, r := range runs {
		pts := CactusPoints(r.Doc)
		// A step curve from the axis: the count rises at each time.
		step := plotter.XYs{{X: lo, Y: 0}}
		for _, pt := range pts {
			x := clampTime(pt.X, lo, hi)
			step = append(step, plotter.XY{X: x, Y: pt.Y - 1}, plotter.XY{X: x, Y: pt.Y})
		}
		end := hi // a run's curve stops at its time limit (or its last solved variant)
		if r.Doc.TimeLimitSeconds > 0 {
			end = math.Min(hi, r.Doc.TimeLimitSeconds)
		}
		if n := len(step); n > 0 {
			end = math.Max(end, step[n-1].X)
		}
		step = append(step, plotter.XY{X: end, Y: float64(len(pts))})
		l, err := plotter.NewLine(step)
		if err != nil {
			return fmt.Errorf("cactus plot: %w", err)
		}
		l.LineStyle.Color = plotstyle.Color(i)
		l.LineStyle.Width = vg.Points(1.75)
		p.Add(l)
		legend.Add(fmt.Sprintf("%s: %d of %d", r.Name, len(pts), len(r.Doc.Results)), l)
	}
	if limit > 0 {
		l, err := limitLine(limit, 0, float64(total)+0.5, true)
		if err != nil {
			return err
		}
		p.Add(l)
		legend.Add(fmt.Sprintf("time limit (%s s)", plotstyle.FormatSeconds(limit)), l)
	}
	p.Add(plotter.NewGrid())
	const legendW = 1.9 * vg.Inch
	return plotstyle.Save(path, 7*vg.Inch+legendW, 5*vg.Inch, func(c draw.Canvas) {
		plotstyle.DrawWithLegend(c, p, legend, legendW)
	})
}

// ScatterPoint is one variant of the scatter plot: its times in A and B
// (a run without a verdict drawn at the time limit) and whether each run
// solved it.
type ScatterPoint struct {
	ID               string
	A, B             float64
	SolvedA, SolvedB bool
}

// ScatterPoints pairs the variants two runs share (by ID, in a's order);
// a variant either run did not solve is put at the time limit.
func ScatterPoints(a, b *Document) []ScatterPoint {
	limit := math.Max(a.TimeLimitSeconds, b.TimeLimitSeconds)
	inB := map[string]Result{}
	for _, r := range b.Results {
		inB[r.ID] = r
	}
	at := func(r Result) float64 {
		if !Solved(r) && limit > 0 {
			return limit
		}
		return r.Elapsed
	}
	var pts []ScatterPoint
	for _, ra := range a.Results {
		rb, ok := inB[ra.ID]
		if !ok || ra.Outcome == OutcomeSkipped || rb.Outcome == OutcomeSkipped {
			continue
		}
		pts = append(pts, ScatterPoint{ID: ra.ID, A: at(ra), B: at(rb), SolvedA: Solved(ra), SolvedB: Solved(rb)})
	}
	return pts
}

// PlotScatter draws each shared variant's time in run a (x) against run
// b (y), log–log, with the diagonal (below it b was faster) and the time
// limit; variants solved by both are dots, by one only triangles, by
// neither crosses (at the limit).
func PlotScatter(path string, a, b PlotRun) error {
	pts := ScatterPoints(a.Doc, b.Doc)
	if len(pts) == 0 {
		return fmt.Errorf("scatter plot: %s and %s share no variant", a.Name, b.Name)
	}
	limit := math.Max(a.Doc.TimeLimitSeconds, b.Doc.TimeLimitSeconds)
	var all []float64
	for _, pt := range pts {
		all = append(all, pt.A, pt.B)
	}
	lo, hi := timeRange(all, limit)
	p := plot.New()
	p.Title.Text = fmt.Sprintf("floatsym bench: time per variant, %s vs %s", a.Name, b.Name)
	p.X.Label.Text = a.Name + ": time (s, log scale)"
	p.Y.Label.Text = b.Name + ": time (s, log scale)"
	plotstyle.LogAxis(&p.X, lo, hi)
	plotstyle.LogAxis(&p.Y, lo, hi)
	legend := plotstyle.NewLegend()
	diag, err := plotter.NewLine(plotter.XYs{{X: lo, Y: lo}, {X: hi, Y: hi}})
	if err != nil {
		return fmt.Errorf("scatter plot: %w", err)
	}
	diag.LineStyle.Color = plotstyle.Color(7)
	p.Add(diag)
	legend.Add("equal time", diag)
	groups := []struct {
		name  string
		keep  func(ScatterPoint) bool
		shape draw.GlyphDrawer
		color int
	}{
		{"solved by both", func(s ScatterPoint) bool { return s.SolvedA && s.SolvedB }, draw.CircleGlyph{}, 0},
		{"solved by " + a.Name + " only", func(s ScatterPoint) bool { return s.SolvedA && !s.SolvedB }, draw.TriangleGlyph{}, 1},
		{"solved by " + b.Name + " only", func(s ScatterPoint) bool { return !s.SolvedA && s.SolvedB }, draw.TriangleGlyph{}, 2},
		{"solved by neither (at the limit)", func(s ScatterPoint) bool { return !s.SolvedA && !s.SolvedB }, draw.CrossGlyph{}, 3},
	}
	for _, g := range groups {
		var xy plotter.XYs
		for _, pt := range pts {
			if g.keep(pt) {
				xy = append(xy, plotter.XY{X: clampTime(pt.A, lo, hi), Y: clampTime(pt.B, lo, hi)})
			}
		}
		if len(xy) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(xy)
		if err != nil {
			return fmt.Errorf("scatter plot: %w", err)
		}
		sc.GlyphStyle = draw.GlyphStyle{Color: plotstyle.Color(g.color), Radius: vg.Points(3.5), Shape: g.shape}
		p.Add(sc)
		legend.Add(fmt.Sprintf("%s (%d)", g.name, len(xy)), sc)
	}
	if limit > 0 {
		v, err := limitLine(limit, lo, hi, true)
		if err != nil {
			return err
		}
		h, err := limitLine(limit, lo, hi, false)
		if err != nil {
			return err
		}
		p.Add(v, h)
		legend.Add(fmt.Sprintf("time limit (%s s)", plotstyle.FormatSeconds(limit)), v)
	}
	p.Add(plotter.NewGrid())
	const legendW = 2.4 * vg.Inch
	return plotstyle.Save(path, 6*vg.Inch+legendW, 6*vg.Inch, func(c draw.Canvas) {
		plotstyle.DrawWithLegend(c, p, legend, legendW)
	})
}

// PlotComparison draws the cactus and the scatter plot of runs a and b
// beside path (ComparisonPaths).
func PlotComparison(path string, a, b PlotRun) error {
	cactus, scatter := ComparisonPaths(path)
	return errors.Join(PlotCactus(cactus, []PlotRun{a, b}), PlotScatter(scatter, a, b))
}
