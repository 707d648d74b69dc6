// Package plotstyle holds what floatsym's charts share (bench's cactus,
// scatter and per-variant charts, run.stats's plot over time): a
// logarithmic axis with labelled ticks, a palette, a legend drawn
// outside the data, and saving by extension with SVG text as text (no
// embedded TrueType font, so an SVG stays small: gonum/plot's vgsvg
// embeds none unless asked).
//
// It imports nothing from the module but internal/atomicfile.
package plotstyle

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/floatsym/floatsym/internal/atomicfile"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgpdf"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Palette colours the lines of different runs (Tableau 10).
var Palette = []color.RGBA{
	{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}, {R: 0xff, G: 0x7f, B: 0x0e, A: 0xff},
	{R: 0x2c, G: 0xa0, B: 0x2c, A: 0xff}, {R: 0xd6, G: 0x27, B: 0x28, A: 0xff},
	{R: 0x94, G: 0x67, B: 0xbd, A: 0xff}, {R: 0x8c, G: 0x56, B: 0x4b, A: 0xff},
	{R: 0xe3, G: 0x77, B: 0xc2, A: 0xff}, {R: 0x7f, G: 0x7f, B: 0x7f, A: 0xff},
}

// Color is the i-th run's colour.
func Color(i int) color.RGBA { return Palette[i%len(Palette)] }

// LogTicks labels a logarithmic axis at 1, 2 and 5 times each power of
// ten within the range (only at powers of ten when the range spans more
// than three decades), with unlabelled minor ticks between.
type LogTicks struct{}

// Ticks implements plot.Ticker.
func (LogTicks) Ticks(lo, hi float64) []plot.Tick {
	if lo <= 0 || hi <= 0 || hi < lo {
		return nil
	}
	labelled := map[int]bool{1: true, 2: true, 5: true}
	if math.Log10(hi/lo) > 3 {
		labelled = map[int]bool{1: true}
	}
	var ticks []plot.Tick
	for e := int(math.Floor(math.Log10(lo))); e <= int(math.Ceil(math.Log10(hi))); e++ {
		p := math.Pow10(e)
		for i := 1; i < 10; i++ {
			v := float64(i) * p
			if v < lo*(1-1e-9) || v > hi*(1+1e-9) {
				continue
			}
			t := plot.Tick{Value: v}
			if labelled[i] {
				t.Label = FormatSeconds(v)
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
}

// FormatSeconds writes a tick value compactly: 0.05, 0.2, 1, 20, 1000.
func FormatSeconds(v float64) string {
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// LogAxis makes a a logarithmic axis over [lo, hi] with LogTicks.
func LogAxis(a *plot.Axis, lo, hi float64) {
	a.Scale = plot.LogScale{}
	a.Tick.Marker = LogTicks{}
	a.Min, a.Max = lo, hi
}

// DrawWithLegend draws p on the left of c and the legend in a column of
// width legendWidth on its right, outside the data (l: from
// plot.NewLegend).
func DrawWithLegend(c draw.Canvas, p *plot.Plot, l plot.Legend, legendWidth vg.Length) {
	w := c.Max.X - c.Min.X
	p.Draw(draw.Crop(c, vg.Points(4), -legendWidth, vg.Points(2), -vg.Points(6)))
	l.Top, l.Left = true, true
	lc := draw.Crop(c, w-legendWidth+vg.Points(6), 0, 0, -vg.Points(12))
	l.Draw(lc)
}

// Save draws onto a canvas of the format that path's extension names
// (svg, png, pdf) and writes it atomically. SVG text stays text: no font
// is embedded.
func Save(path string, w, h vg.Length, drawFn func(draw.Canvas)) error {
	ext := strings.TrimPrefix(strings.ToLower(filepath.Ext(path)), ".")
	var wt io.WriterTo
	switch ext {
	case "svg":
		c := vgsvg.NewWith(vgsvg.UseWH(w, h))
		drawFn(draw.New(c))
		wt = c
	case "png":
		c := vgimg.NewWith(vgimg.UseWH(w, h), vgimg.UseDPI(110))
		drawFn(draw.New(c))
		wt = vgimg.PngCanvas{Canvas: c}
	case "pdf":
		c := vgpdf.New(w, h)
		drawFn(draw.New(c))
		wt = c
	case "":
		return fmt.Errorf("plot %s: no file extension to choose the format from (svg, png or pdf)", path)
	default:
		return fmt.Errorf("plot %s: unknown format %q (svg, png or pdf)", path, ext)
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("plot %s: %w", path, err)
		}
	}
	return atomicfile.Write(path, 0o644, func(out io.Writer) error {
		_, err := wt.WriteTo(out)
		return err
	})
}

// NewLegend is a legend for DrawWithLegend: 9-point text, entries
// spaced so that glyphs do not touch.
func NewLegend() plot.Legend {
	l := plot.NewLegend()
	l.TextStyle.Font.Size = vg.Points(9)
	l.Padding = vg.Points(3)
	l.ThumbnailWidth = vg.Points(20)
	return l
}

// CountTicks labels an axis of counts with integers at a step of 1, 2 or
// 5 times a power of ten giving at most eight labels.
type CountTicks struct{}

// Ticks implements plot.Ticker.
func (CountTicks) Ticks(lo, hi float64) []plot.Tick {
	if hi <= lo {
		return nil
	}
	step := 1.0
	for _, m := range []float64{1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000} {
		step = m
		if (hi-lo)/m <= 7 {
			break
		}
	}
	var ticks []plot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', -1, 64)})
	}
	return ticks
}
