package main

import (
	"fmt"
	"strings"

	"github.com/floatsym/floatsym/internal/replay"
	"github.com/spf13/cobra"
)

func init() { extraCommands = append(extraCommands, cflagsCommand) }

// cflagsCommand prints what building a replay binary by hand needs, as
// KLEE users link -lkleeRuntest and run with KTEST_FILE.
func cflagsCommand() *cobra.Command {
	var cflagsOnly, libsOnly bool
	var compiler string
	cmd := &cobra.Command{
		Use:   "cflags [--cflags|--libs]",
		Short: "Print the flags to build a native replay binary by hand",
		Long: `cflags prints the include path (klee/klee.h, svcomp/svcomp.h) and the replay
runtime (an object file compiled on first use, and its link flags) for
building a native replay binary by hand, as KLEE's -lkleeRuntest:

    clang-14 -g prog.c $(floatsym cflags) -o prog.replay
    KTEST_FILE=klee-last/test000001.ktest ./prog.replay

The binary reads its symbolic inputs (and --sym-arg arguments, files and
stdin) from the test named by KTEST_FILE. --cflags prints only the include
flag, --libs only the runtime and link flags.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if cflagsOnly && libsOnly {
				return fmt.Errorf("--cflags and --libs: give at most one")
			}
			mb, err := replay.PrepareManual(cmd.Context(), compiler, "")
			if err != nil {
				return err
			}
			var parts []string
			if !libsOnly {
				parts = append(parts, "-I"+mb.IncludeDir)
			}
			if !cflagsOnly {
				parts = append(append(parts, mb.Runtime), mb.LinkFlags...)
			}
			fmt.Println(strings.Join(parts, " "))
			return nil
		},
	}
	cmd.Flags().BoolVar(&cflagsOnly, "cflags", false, "print only the include flag")
	cmd.Flags().BoolVar(&libsOnly, "libs", false, "print only the runtime object and link flags")
	cmd.Flags().StringVar(&compiler, "compiler", "clang-14", "C compiler that builds the runtime object")
	return cmd
}
