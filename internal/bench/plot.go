package bench

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"path/filepath"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"
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

// Plot draws the time of each variant run as a horizontal bar coloured by
// outcome, with a legend and the time limit as a dashed line, and saves it
// to path; the format follows the extension (.svg, .png, .pdf, ...).
// Skipped variants are left out.
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
	p.X.Label.Text = "time (s)"
	p.X.Min = 0
	n := len(rs)
	names := make([]string, n)
	maxT := 0.0
	for i, r := range rs {
		names[n-1-i] = r.ID // the first variant on top
		maxT = max(maxT, r.Elapsed)
	}
	limit := timeLimit.Seconds()
	if limit > 0 {
		maxT = max(maxT, limit)
	}
	p.X.Max = maxT * 1.3 // room for the legend
	if p.X.Max <= 0 {
		p.X.Max = 1
	}
	rowHeight := vg.Points(13)
	barWidth := vg.Points(9)
	for _, o := range Outcomes {
		vals := make(plotter.Values, n)
		has := false
		for i, r := range rs {
			if r.Outcome == o {
				vals[n-1-i] = r.Elapsed
				has = true
			}
		}
		if !has {
			continue
		}
		bc, err := plotter.NewBarChart(vals, barWidth)
		if err != nil {
			return fmt.Errorf("plot: %w", err)
		}
		bc.Horizontal = true
		bc.Color = OutcomeColors[o]
		bc.LineStyle.Width = 0
		// A dot at the end of each bar keeps the outcome visible when
		// the run was too short for its bar to show.
		var ends plotter.XYs
		for i, r := range rs {
			if r.Outcome == o {
				ends = append(ends, plotter.XY{X: r.Elapsed, Y: float64(n - 1 - i)})
			}
		}
		dots, err := plotter.NewScatter(ends)
		if err != nil {
			return fmt.Errorf("plot: %w", err)
		}
		dots.GlyphStyle = draw.GlyphStyle{Color: OutcomeColors[o], Radius: vg.Points(3), Shape: draw.CircleGlyph{}}
		p.Add(bc, dots)
		p.Legend.Add(fmt.Sprintf("%s (%d)", o, countOutcome(rs, o)), bc)
	}
	if limit > 0 {
		l, err := plotter.NewLine(plotter.XYs{{X: limit, Y: -0.5}, {X: limit, Y: float64(n) - 0.5}})
		if err != nil {
			return fmt.Errorf("plot: %w", err)
		}
		l.LineStyle.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		l.LineStyle.Color = color.Black
		p.Add(l)
		p.Legend.Add("time limit", l)
	}
	p.NominalY(names...)
	p.Y.Tick.Label.Font.Size = vg.Points(8)
	p.Legend.Top = true
	p.Legend.Left = false
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	p.Add(plotter.NewGrid())
	height := vg.Length(n)*rowHeight + 1.6*vg.Inch
	width := 9 * vg.Inch
	ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	if ext == "" {
		return fmt.Errorf("plot %s: no file extension to choose the format from", path)
	}
	var w io.WriterTo
	if ext == "svg" {
		// Embed the fonts: the text is measured with them, and a viewer
		// substituting its own would misplace it.
		c := vgsvg.NewWith(vgsvg.UseWH(width, height), vgsvg.EmbedFonts(true))
		p.Draw(draw.New(c))
		w = c
	} else {
		var err error
		if w, err = p.WriterTo(width, height, ext); err != nil {
			return fmt.Errorf("plot %s: %w", path, err)
		}
	}
	return WriteFile(path, func(out io.Writer) error {
		if _, err := w.WriteTo(out); err != nil {
			return fmt.Errorf("plot %s: %w", path, err)
		}
		return nil
	})
}

func countOutcome(rs []Result, o Outcome) int {
	n := 0
	for _, r := range rs {
		if r.Outcome == o {
			n++
		}
	}
	return n
}
