package bench

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"time"

	"github.com/floatsym/floatsym/internal/plotstyle"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// OutcomeColors are the bar colours of Plot.
var OutcomeColors = map[Outcome]color.RGBA{
	OutcomeTP:       {R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff}, // green
	OutcomeVerified: {R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}, // blue
	OutcomeFP:       {R: 0xd6, G: 0x27, B: 0x28, A: 0xff}, // red
	OutcomeUnlisted: {R: 0xbc, G: 0xbd, B: 0x22, A: 0xff}, // olive
	OutcomeInfra:    {R: 0x8c, G: 0x56, B: 0x4b, A: 0xff}, // brown
	OutcomeTimeout:  {R: 0xff, G: 0x7f, B: 0x0e, A: 0xff}, // orange
	OutcomeCrash:    {R: 0x94, G: 0x67, B: 0xbd, A: 0xff}, // purple
	OutcomeUnknown:  {R: 0x7f, G: 0x7f, B: 0x7f, A: 0xff}, // grey
	OutcomeSkipped:  {R: 0xc7, G: 0xc7, B: 0xc7, A: 0xff}, // light grey
}

// Plot draws the time of each variant run on a logarithmic time axis
// with labelled ticks: a dot coloured by outcome at the end of a thin
// line from the axis, the time limit as a dashed line, the legend
// outside the data. The format follows path's extension (.svg, .png,
// .pdf); an SVG embeds no font. Skipped variants are left out.
func Plot(path string, results []Result, timeLimit time.Duration) error {
	var rs []Result
	for _, r := range results {
		if r.Outcome != OutcomeSkipped {
			rs = append(rs, r)
		}
	}
	if len(rs) == 0 {
		return errors.New("plot: no variant was run")
	}
	p := plot.New()
	p.Title.Text = fmt.Sprintf("floatsym bench: time per variant (%d variants)", len(rs))
	p.X.Label.Text = "time (s, log scale)"
	n := len(rs)
	names := make([]string, n)
	limit := timeLimit.Seconds()
	times := make([]float64, n)
	for i, r := range rs {
		names[n-1-i] = r.ID // the first variant on top
		times[i] = r.Elapsed
	}
	lo, hi := timeRange(times, limit)
	plotstyle.LogAxis(&p.X, lo, hi)
	legend := plotstyle.NewLegend()
	// One path of stems (a stem per variant, from the axis to its dot).
	stems := make(plotter.XYs, 0, 3*n)
	for i, r := range rs {
		y := float64(n - 1 - i)
		stems = append(stems, plotter.XY{X: lo, Y: y}, plotter.XY{X: clampTime(r.Elapsed, lo, hi), Y: y},
			plotter.XY{X: lo, Y: y})
	}
	sl, err := plotter.NewLine(stems)
	if err != nil {
		return fmt.Errorf("plot: %w", err)
	}
	sl.LineStyle.Color = color.Gray{Y: 0xb0}
	sl.LineStyle.Width = vg.Points(0.75)
	p.Add(sl)
	for _, o := range Outcomes {
		var ends plotter.XYs
		for i, r := range rs {
			if r.Outcome == o {
				ends = append(ends, plotter.XY{X: clampTime(r.Elapsed, lo, hi), Y: float64(n - 1 - i)})
			}
		}
		if len(ends) == 0 {
			continue
		}
		dots, err := plotter.NewScatter(ends)
		if err != nil {
			return fmt.Errorf("plot: %w", err)
		}
		dots.GlyphStyle = draw.GlyphStyle{Color: OutcomeColors[o], Radius: vg.Points(3.5), Shape: draw.CircleGlyph{}}
		p.Add(dots)
		legend.Add(fmt.Sprintf("%s (%d)", o, len(ends)), dots)
	}
	if limit > 0 {
		l, err := limitLine(limit, -0.5, float64(n)-0.5, true)
		if err != nil {
			return err
		}
		p.Add(l)
		legend.Add(fmt.Sprintf("time limit (%s s)", plotstyle.FormatSeconds(limit)), l)
	}
	p.NominalY(names...)
	p.Y.Tick.Label.Font.Size = vg.Points(8)
	p.Add(plotter.NewGrid())
	height := vg.Length(n)*vg.Points(13) + 1.6*vg.Inch
	const legendW = 1.9 * vg.Inch
	return plotstyle.Save(path, 9*vg.Inch+legendW, height, func(c draw.Canvas) {
		plotstyle.DrawWithLegend(c, p, legend, legendW)
	})
}

// timeRange is a logarithmic time axis's range for times and the limit:
// from the power of ten below the shortest time (at least 1 ms) to a bit
// past the longest or the limit.
func timeRange(times []float64, limit float64) (lo, hi float64) {
	lo, hi = math.Inf(1), limit
	for _, t := range times {
		if t > 0 {
			lo = math.Min(lo, t)
		}
		hi = math.Max(hi, t)
	}
	if math.IsInf(lo, 1) {
		lo = 1
	}
	lo = math.Max(1e-3, math.Pow10(int(math.Floor(math.Log10(lo)))))
	if hi <= lo {
		hi = lo * 10
	}
	return lo, hi * 1.15
}

// clampTime puts a time inside the axis (a 0 s run at its left end).
func clampTime(t, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, t)) }

// limitLine is the dashed time-limit line: vertical at x = limit from y0
// to y1, or horizontal at y = limit from x = y0 to y1.
func limitLine(limit, from, to float64, vertical bool) (*plotter.Line, error) {
	pts := plotter.XYs{{X: limit, Y: from}, {X: limit, Y: to}}
	if !vertical {
		pts = plotter.XYs{{X: from, Y: limit}, {X: to, Y: limit}}
	}
	l, err := plotter.NewLine(pts)
	if err != nil {
		return nil, fmt.Errorf("plot: %w", err)
	}
	l.LineStyle.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	l.LineStyle.Color = color.Black
	l.LineStyle.Width = vg.Points(1)
	return l, nil
}
