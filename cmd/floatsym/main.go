// Command floatsym is a symbolic executor for LLVM IR with bit-precise
// floating point. Subcommands: run, replay, ktest, bench, version.
//
// It is the top of the import graph and may import every package of the
// module; nothing imports it.
package main

import (
	"fmt"
	"io"
	stdlog "log"
	"os"

	"github.com/floatsym/floatsym/internal/version"
	"github.com/sirupsen/logrus"
	"github.com/spf13/cobra"
)

func main() {
	// llir/llvm reports through the standard logger that GEPs indexing
	// into vector types will be disallowed one day; clang-14 emits them
	// at -O3 and floatsym handles them, so the warning is only noise.
	stdlog.SetOutput(io.Discard)
	tuneGCFromEnv(0)
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
		// The logger keeps everything down to info (messages.txt gets it
		// all); the terminal only sees --log-level and above.
		logrus.SetLevel(logrus.InfoLevel)
		if l > logrus.InfoLevel {
			logrus.SetLevel(l)
		}
		logrus.SetOutput(io.Discard)
		logrus.SetFormatter(&logrus.TextFormatter{DisableTimestamp: true})
		logrus.AddHook(&stderrHook{level: l})
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

// stderrHook prints entries at or above a level on stderr.
type stderrHook struct{ level logrus.Level }

func (h *stderrHook) Levels() []logrus.Level { return logrus.AllLevels[:h.level+1] }
func (h *stderrHook) Fire(e *logrus.Entry) error {
	line, err := e.String()
	if err != nil {
		return err
	}
	_, err = os.Stderr.WriteString(line)
	return err
}

// extraCommands lets each subcommand file register itself.
var extraCommands []func() *cobra.Command

func versionCommand() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print floatsym's version",
		Args:  cobra.NoArgs,
		Run: func(cmd *cobra.Command, args []string) {
			fmt.Printf("floatsym %s\n", version.Version)
		},
	}
}
