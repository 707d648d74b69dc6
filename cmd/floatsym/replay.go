package main

import (
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
	cmd := &cobra.Command{
		Use:   "replay --program PROG.c [flags] DIR|TEST.ktest...",
		Short: "Replay tests natively and check they reproduce the recorded outcome",
		Long: `replay compiles the program natively with clang-14, floatsym's replay runtime
(klee_make_symbolic, klee_assume, __VERIFIER_nondet_* read the .ktest) and
AddressSanitizer/UBSan, runs every test (with the arguments, files and stdin
it records and the --env variables) and checks the native outcome against the
one floatsym recorded: the same exit status, or the same error kind at the same
file:line. It prints one line per test and exits non-zero on a mismatch.`,
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
			bin, err := replay.Build(cmd.Context(), opts)
			if err != nil {
				return err
			}
			defer bin.Close()
			bad := 0
			for _, kt := range tests {
				want, err := replay.Expected(kt)
				if err != nil {
					fmt.Printf("%s: ERROR %v\n", kt, err)
					bad++
					continue
				}
				got, err := bin.Run(cmd.Context(), kt)
				if err != nil {
					fmt.Printf("%s: ERROR %v\n", kt, err)
					bad++
					continue
				}
				if ok, why := replay.Compare(want, got); ok {
					fmt.Printf("%s: ok (%s)\n", kt, got)
				} else {
					fmt.Printf("%s: MISMATCH %s\n", kt, why)
					bad++
				}
			}
			fmt.Printf("%d passed, %d failed\n", len(tests)-bad, bad)
			if bad > 0 {
				return fmt.Errorf("%d of %d tests did not replay", bad, len(tests))
			}
			return nil
		},
	}
	cmd.Flags().StringArrayVar(&program, "program", nil, "program source (repeatable)")
	cmd.Flags().StringVar(&cflags, "cflags", "", "compiler flags (default -O0 -g)")
	cmd.Flags().StringArrayVarP(&defines, "define", "D", nil, "preprocessor definition NAME[=VALUE]")
	cmd.Flags().DurationVar(&timeout, "timeout", 30*time.Second, "time limit per test")
	cmd.Flags().StringArrayVar(&env, "env", nil, "environment variable NAME=VALUE for the program (repeatable), as given to run")
	cmd.Flags().StringArrayVar(&libs, "lib", nil, "built-in library the program uses (gsl, gmp): linked natively from the system's package")
	cmd.Flags().StringArrayVar(&ldflags, "ldflags", nil, "extra link flag for the native build (repeatable), e.g. -lfoo")
	cmd.Flags().StringVar(&stdin, "stdin", "", "file the program reads as stdin, as given to run (default /dev/null)")
	return cmd
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
