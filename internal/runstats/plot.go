package runstats

import (
	"fmt"
	"math"

	"github.com/floatsym/floatsym/internal/plotstyle"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Series are the plotted curves of one run: x is the wall time (s).
type Series struct {
	States, ICov, LCov, BCov, Solver plotter.XYs
}

// SeriesOf computes a run's curves from its records: states alive,
// instruction coverage (and line and branch coverage of the program
// under test when the run measured them), and the solver's share of
// each interval's wall time.
func SeriesOf(r *Run) Series {
	var s Series
	var prev Record
	for _, rec := range r.Records {
		t := rec["WallTime"] / 1e6
		s.States = append(s.States, plotter.XY{X: t, Y: rec["NumStates"]})
		if c, u := rec["CoveredInstructions"], rec["UncoveredInstructions"]; c+u > 0 {
			s.ICov = append(s.ICov, plotter.XY{X: t, Y: 100 * c / (c + u)})
		}
		if n := rec["TotalLines"]; n > 0 {
			s.LCov = append(s.LCov, plotter.XY{X: t, Y: 100 * rec["CoveredLines"] / n})
		}
		if n := rec["NumBranches"]; n > 0 {
			s.BCov = append(s.BCov, plotter.XY{X: t, Y: 100 * (2*rec["FullBranches"] + rec["PartialBranches"]) / (2 * n)})
		}
		if prev != nil {
			if dw := rec["WallTime"] - prev["WallTime"]; dw > 0 {
				share := 100 * (rec["SolverTime"] - prev["SolverTime"]) / dw
				s.Solver = append(s.Solver, plotter.XY{X: t, Y: math.Max(0, math.Min(100, share))})
			}
		}
		prev = rec
	}
	return s
}

// Plot draws runs over time in three panels sharing the time axis:
// states alive, coverage, and the solver's share of the time; one
// colour per run, the legend outside the data. The format follows
// path's extension (svg, png, pdf).
func Plot(path string, runs []*Run) error {
	if len(runs) == 0 {
		return fmt.Errorf("plot %s: no run", path)
	}
	names := displayPaths(runs)
	panels := []*plot.Plot{plot.New(), plot.New(), plot.New()}
	titles := []string{"states alive", "coverage (%)", "solver share of time (%)"}
	tmax := 0.0
	legend := plotstyle.NewLegend()
	dashed := []vg.Length{vg.Points(5), vg.Points(3)}
	dotted := []vg.Length{vg.Points(1.5), vg.Points(2.5)}
	covStyles := false
	for i, r := range runs {
		s := SeriesOf(r)
		tmax = math.Max(tmax, r.Last()["WallTime"]/1e6)
		col := plotstyle.Color(i)
		add := func(p *plot.Plot, xy plotter.XYs, dashes []vg.Length) (*plotter.Line, error) {
			if len(xy) == 0 {
				return nil, nil
			}
			l, err := plotter.NewLine(xy)
			if err != nil {
				return nil, fmt.Errorf("plot %s: %s: %w", path, r.Dir, err)
			}
			l.LineStyle.Color = col
			l.LineStyle.Width = vg.Points(1.5)
			l.LineStyle.Dashes = dashes
			p.Add(l)
			return l, nil
		}
		first, err := add(panels[0], s.States, nil)
		if err != nil {
			return err
		}
		for _, c := range []struct {
			xy     plotter.XYs
			dashes []vg.Length
		}{{s.ICov, nil}, {s.LCov, dashed}, {s.BCov, dotted}} {
			if _, err := add(panels[1], c.xy, c.dashes); err != nil {
				return err
			}
		}
		covStyles = covStyles || len(s.LCov) > 0 || len(s.BCov) > 0
		if _, err := add(panels[2], s.Solver, nil); err != nil {
			return err
		}
		if first != nil {
			legend.Add(names[i], first)
		}
	}
	if covStyles {
		for _, k := range []struct {
			name   string
			dashes []vg.Length
		}{{"instructions", nil}, {"lines", dashed}, {"branches", dotted}} {
			l, _ := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 0}})
			l.LineStyle.Color = plotstyle.Color(7)
			l.LineStyle.Dashes = k.dashes
			legend.Add("coverage: "+k.name, l)
		}
	}
	if tmax <= 0 {
		tmax = 1
	}
	for i, p := range panels {
		p.Y.Label.Text = titles[i]
		p.X.Min, p.X.Max = 0, tmax
		p.Y.Min = 0
		p.Add(plotter.NewGrid())
		if i < len(panels)-1 {
			p.X.Tick.Label.Font.Size = 0 // the time axis is labelled once, at the bottom
		}
	}
	panels[1].Y.Max, panels[2].Y.Max = 100, 100
	panels[0].Title.Text = "floatsym run over time"
	panels[2].X.Label.Text = "wall time (s)"
	const legendW = 2.2 * vg.Inch
	width, height := 8*vg.Inch, 7*vg.Inch
	return plotstyle.Save(path, width, height, func(c draw.Canvas) {
		plotArea := draw.Crop(c, 0, -legendW, 0, 0)
		tiles := draw.Tiles{Rows: 3, Cols: 1, PadTop: vg.Points(4), PadBottom: vg.Points(4),
			PadLeft: vg.Points(4), PadRight: vg.Points(8), PadY: vg.Points(6)}
		grid := [][]*plot.Plot{{panels[0]}, {panels[1]}, {panels[2]}}
		cs := plot.Align(grid, tiles, plotArea)
		for i := range panels {
			panels[i].Draw(cs[i][0])
		}
		legend.Top, legend.Left = true, true
		legend.Draw(draw.Crop(c, c.Max.X-c.Min.X-legendW+vg.Points(6), 0, 0, -vg.Points(24)))
	})
}
