package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/sirupsen/logrus"
	"github.com/spf13/cobra"

	"github.com/floatsym/floatsym/solver"
	"github.com/floatsym/floatsym/solver/expr"
	"github.com/floatsym/floatsym/solver/smtlib"
)

func init() { extraCommands = append(extraCommands, solveCommand) }

type solveFlags struct {
	timeout   time.Duration
	presolver string
	backend   string
	compare   string
	csv       string
	cactus    string
}

func solveCommand() *cobra.Command {
	var f solveFlags
	cmd := &cobra.Command{
		Use:   "solve [flags] FILE.smt2... | solve --compare DIR",
		Short: "Answer SMT-LIB 2.6 scripts (QF_FP, QF_BVFP, QF_BV, arrays) with floatsym's solver chain",
		Long: `solve reads SMT-LIB 2.6 scripts and answers their commands with floatsym's solver
chain: the native floating-point stage first, then the SMT portfolio (z3, cvc5).
It prints sat, unsat or unknown per check-sat, and models and values in SMT-LIB
syntax; every model is validated by evaluating the assertions. An unsupported
construct is an error naming its line and column.

With --compare DIR it runs every .smt2 file of DIR with floatsym, z3 and cvc5
under the time limit, prints each tool's solved count and total time, and
fails if floatsym's answer contradicts one of z3's or cvc5's; --csv writes one
row per file and tool, --cactus the cactus-plot data.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.compare != "" {
				return compareSolvers(f, args)
			}
			if len(args) == 0 {
				return fmt.Errorf("no input files")
			}
			for _, file := range args {
				if _, err := solveFile(f, file, os.Stdout); err != nil {
					return err
				}
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.DurationVar(&f.timeout, "timeout", 60*time.Second, "time limit of each check-sat (and, with --compare, of each tool per file)")
	fl.StringVar(&f.presolver, "presolver", "on", "native floating-point solver stage: on or off")
	fl.StringVar(&f.backend, "solver", solver.BackendPortfolio, "SMT backend after the native stage")
	fl.StringVar(&f.compare, "compare", "", "compare with z3 and cvc5 on every .smt2 file of this directory")
	fl.StringVar(&f.csv, "csv", "", "with --compare: one row per file and tool to this file")
	fl.StringVar(&f.cactus, "cactus", "", "with --compare: cactus-plot data (per tool, the i-th fastest solve time) to this file")
	return cmd
}

// solveFile runs one script, writing its answers to out.
func solveFile(f solveFlags, file string, out io.Writer) (*smtlib.Script, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	if f.presolver != "on" && f.presolver != "off" {
		return nil, fmt.Errorf("--presolver=%q: want on or off", f.presolver)
	}
	if err := solver.CheckBackend(f.backend); err != nil {
		return nil, err
	}
	b := expr.NewBuilder()
	log := logrus.NewEntry(logrus.StandardLogger()).WithField("file", file)
	s := solver.New(solver.Config{Builder: b, Timeout: f.timeout, NoNative: f.presolver == "off", Backend: f.backend, Log: log})
	defer s.Close()
	check := func(as []*expr.Expr, arrays []*expr.Array) (smtlib.Status, expr.Assignment, error) {
		m, err := s.GetModel(as, arrays)
		switch {
		case errors.Is(err, solver.ErrUnsat):
			return smtlib.Unsat, nil, nil
		case err != nil:
			return smtlib.Unknown, nil, err
		}
		return smtlib.Sat, m, nil
	}
	sc := smtlib.New(b, check, out)
	if err := sc.Run(string(src)); err != nil {
		var se *smtlib.Error
		if errors.As(err, &se) {
			return sc, fmt.Errorf("%s:%v", file, err)
		}
		return sc, fmt.Errorf("%s: %v", file, err)
	}
	for _, r := range sc.Reasons {
		log.WithField("reason", r).Info("solve: unknown")
	}
	return sc, nil
}
