package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/floatsym/floatsym/internal/ktest"
	"github.com/floatsym/floatsym/internal/replay"
	"github.com/sirupsen/logrus"
	"github.com/spf13/cobra"
)

func init() {
	extraCommands = append(extraCommands, replayCommand, ktestCommand)
}

func replayCommand() *cobra.Command {
	var program []string
	var cflags string
	var defines []string
	var timeout time.Duration
	var env []string
	var stdin string
	var libs, ldflags []string
	var showOutput, keep bool
	cmd := &cobra.Command{
		Use:   "replay --program PROG.c [flags] DIR|TEST.ktest...",
		Short: "Replay tests natively and check they reproduce the recorded outcome",
		Long: `replay compiles the program natively with clang-14, floatsym's replay runtime
(klee_make_symbolic, klee_assume, __VERIFIER_nondet_* read the .ktest) and
AddressSanitizer/UBSan, runs every test (with the arguments, files and stdin
it records and the --env variables) and checks the native outcome against the
one floatsym recorded: the same exit status, or the same error kind at the same
file:line. A test of a path floatsym cut short (a limit or an interrupt
stopped it) only runs: its line says how it ended ("ran: exit 0 (path cut
short by time limit)") and it is not judged. It prints one line per test and
exits non-zero on a mismatch.

The native binary is the program compiled with -Wl,--wrap=main and the replay
runtime; like KLEE's, it reads the test named by the KTEST_FILE environment
variable. --keep keeps it; "floatsym cflags" prints the flags to build one by
hand.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(program) == 0 {
				return fmt.Errorf("--program is required")
			}
			tests, err := collectTests(args)
			if err != nil {
				return err
			}
			log := logrus.NewEntry(logrus.StandardLogger())
			for _, d := range env {
				if i := strings.IndexByte(d, '='); i <= 0 {
					return fmt.Errorf("--env %q: want NAME=VALUE", d)
				}
			}
			opts := replay.Options{Sources: program, Defines: defines, Timeout: timeout, Log: log, Env: env, Stdin: stdin}
			libCFlags, libLDFlags, err := nativeLibFlags(libs)
			if err != nil {
				return err
			}
			opts.LDFlags = append(libLDFlags, ldflags...)
			if cflags != "" {
				opts.CFlags = strings.Fields(cflags)
			}
			if len(libCFlags) > 0 {
				if opts.CFlags == nil {
					opts.CFlags = append([]string(nil), replay.DefaultCFlags...)
				}
				opts.CFlags = append(opts.CFlags, libCFlags...)
			}
			if showOutput {
				opts.Output = os.Stdout
			}
			bin, err := replay.Build(cmd.Context(), opts)
			if err != nil {
				return err
			}
			if keep {
				fmt.Printf("native binary: %s (run it with KTEST_FILE=TEST.ktest)\n", bin.Keep())
			}
			defer bin.Close()
			return replayTests(cmd.Context(), bin, tests, showOutput)
		},
	}
	cmd.Flags().StringArrayVar(&program, "program", nil, "program source (repeatable)")
	cmd.Flags().StringVar(&cflags, "cflags", "", "compiler flags (default -O0 -g)")
	cmd.Flags().StringArrayVarP(&defines, "define", "D", nil, "preprocessor definition NAME[=VALUE]")
	timeout = 30 * time.Second
	cmd.Flags().Var(timeSpanFlag{&timeout}, "timeout", "time limit per test (a KLEE time span: 30s, 1min, 5)")
	cmd.Flags().StringArrayVar(&env, "env", nil, "environment variable NAME=VALUE for the program (repeatable), as given to run")
	cmd.Flags().StringArrayVar(&libs, "lib", nil, "built-in library the program uses (gsl, gmp): linked natively from the system's package")
	cmd.Flags().StringArrayVar(&ldflags, "ldflags", nil, "extra link flag for the native build (repeatable), e.g. -lfoo")
	cmd.Flags().StringVar(&stdin, "stdin", "", "file the program reads as stdin, as given to run (default /dev/null)")
	cmd.Flags().BoolVar(&showOutput, "show-output", false, "pass each run's stdout and stderr through (after a header line per test)")
	cmd.Flags().BoolVar(&keep, "keep", false, "keep the native binary and print its path (run it by hand with KTEST_FILE=TEST.ktest)")
	return cmd
}

// replayTests runs each test natively and judges it; it fails when a
// recorded error or normal end does not reproduce.
func replayTests(ctx context.Context, bin *replay.Binary, tests []string, showOutput bool) error {
	bad, cut := 0, 0
	for _, kt := range tests {
		want, err := replay.Expected(kt)
		if err != nil {
			fmt.Printf("%s: ERROR %v\n", kt, err)
			bad++
			continue
		}
		if showOutput {
			fmt.Printf("== %s: output\n", kt)
		}
		got, err := bin.Run(ctx, kt)
		if err != nil {
			fmt.Printf("%s: ERROR %v\n", kt, err)
			bad++
			continue
		}
		v := replay.Judge(want, got)
		fmt.Printf("%s: %s\n", kt, v.Line)
		switch {
		case !v.OK:
			bad++
		case v.CutShort:
			cut++
		}
	}
	cutNote := ""
	if cut > 0 {
		cutNote = fmt.Sprintf(" (%d of them paths cut short: ran, not judged)", cut)
	}
	fmt.Printf("%d passed%s, %d failed\n", len(tests)-bad, cutNote, bad)
	if bad > 0 {
		return fmt.Errorf("%d of %d tests did not replay", bad, len(tests))
	}
	return nil
}

// collectTests expands directories into their .ktest files.
func collectTests(args []string) ([]string, error) {
	var tests []string
	for _, a := range args {
		fi, err := os.Stat(a)
		if err != nil {
			return nil, err
		}
		if !fi.IsDir() {
			tests = append(tests, a)
			continue
		}
		m, _ := filepath.Glob(filepath.Join(a, "*.ktest"))
		sort.Strings(m)
		tests = append(tests, m...)
	}
	if len(tests) == 0 {
		return nil, fmt.Errorf("no .ktest files in %s", strings.Join(args, " "))
	}
	return tests, nil
}

func ktestCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "ktest FILE.ktest...",
		Short: "Print tests like KLEE's ktest-tool, with float readings",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			for _, a := range args {
				t, err := ktest.ReadFile(a)
				if err != nil {
					return err
				}
				ktest.Print(os.Stdout, a, t)
			}
			return nil
		},
	}
}
