// Command floatsym is a symbolic executor for LLVM IR with bit-precise
// floating point. Subcommands: run, replay, ktest, bench, version.
package main

import (
	"fmt"
	"os"

	"github.com/floatsym/floatsym"
	"github.com/sirupsen/logrus"
	"github.com/spf13/cobra"
)

func main() {
	root := &cobra.Command{
		Use:           "floatsym",
		Short:         "Symbolic execution of LLVM IR with bit-precise floating point",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	var level string
	root.PersistentFlags().StringVar(&level, "log-level", "warning", "log level: debug, info, warning, error")
	root.PersistentPreRunE = func(cmd *cobra.Command, args []string) error {
		l, err := logrus.ParseLevel(level)
		if err != nil {
			return err
		}
		logrus.SetLevel(l)
		logrus.SetOutput(os.Stderr)
		logrus.SetFormatter(&logrus.TextFormatter{DisableTimestamp: true})
		return nil
	}
	root.AddCommand(runCommand(), versionCommand())
	for _, extra := range extraCommands {
		root.AddCommand(extra())
	}
	if err := root.Execute(); err != nil {
		fmt.Fprintf(os.Stderr, "floatsym: error: %v\n", err)
		os.Exit(1)
	}
}

// extraCommands lets each subcommand file register itself.
var extraCommands []func() *cobra.Command

func versionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print floatsym's version",
		Args:  cobra.NoArgs,
		Run: func(cmd *cobra.Command, args []string) {
			fmt.Printf("floatsym %s\n", floatsym.Version)
		},
	}
}
