package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// interruptMessage is printed at the first SIGINT or SIGTERM.
const interruptMessage = "floatsym: interrupted: stopping exploration, writing tests (press Ctrl-C again to stop at once)\n"

// exitInterrupted is the exit code of a run stopped at once by a second
// interrupt (128 + SIGINT, as shells report it).
const exitInterrupted = 130

// onInterrupt returns a context that ends at the first SIGINT or SIGTERM
// (after printing interruptMessage on console): the run stops exploring
// and writes its output. A second one exits at once with
// exitInterrupted; every file already written is complete (they are all
// written by rename, internal/atomicfile). stop restores the default
// handling.
func onInterrupt(ctx context.Context, console io.Writer, exit func(int)) (context.Context, func()) {
	ctx, cancel := context.WithCancel(ctx)
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-sigs:
		case <-done:
			return
		}
		fmt.Fprint(console, interruptMessage)
		cancel()
		select {
		case <-sigs:
			fmt.Fprintln(console, "floatsym: interrupted again: stopping now")
			exit(exitInterrupted)
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		cancel()
	}
}
