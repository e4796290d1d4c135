// Command salescoach is the Sales Coach server: one binary that serves the
// API, the app and the pages, and manages the database.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args, os.Getenv, os.Stdout, os.Stderr); err != nil {
		if err != errHelp {
			fmt.Fprintln(os.Stderr, "salescoach:", err)
		}
		os.Exit(1)
	}
}
