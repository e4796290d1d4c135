package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"salescoach/sqlstore"
)

// copyProgressEvery is how many rows of one table pass between progress
// lines; smaller tables get one line when done.
const copyProgressEvery = 10000

// runCopy is "salescoach copy": it moves an installation from its SQLite
// file to a new PostgreSQL database (docs/operations.md, "Moving from SQLite
// to PostgreSQL"). Both are migrated first; the target must hold no data.
func runCopy(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("salescoach copy", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dataDir := getenv("DATA_DIR")
	if dataDir == "" {
		dataDir = "./data"
	}
	to := getenv("DATABASE_URL")
	if file := getenv("DATABASE_URL_FILE"); file != "" {
		b, err := os.ReadFile(file)
		if err != nil {
			return fmt.Errorf("DATABASE_URL_FILE: %w", err)
		}
		to = strings.TrimSpace(string(b))
	}
	from := fs.String("from", filepath.Join(dataDir, "salescoach.db"), "the SQLite file to copy (default DATA_DIR/salescoach.db)")
	fs.StringVar(&to, "to", to, "the new PostgreSQL database, postgres://... (default DATABASE_URL or DATABASE_URL_FILE)")
	batch := fs.Int("batch", 500, "rows per INSERT")
	fs.Usage = func() {
		fmt.Fprint(stderr, "Usage: salescoach copy [--from FILE] [--to postgres://...]\n\n"+
			"Copies every table of the SQLite installation into a new PostgreSQL database, in one\n"+
			"transaction, and checks the row counts. Stop the servers on the SQLite file first.\n\n")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	if *batch < 1 || *batch > 10000 {
		return errors.New("--batch must be from 1 to 10000")
	}
	if !strings.HasPrefix(to, "postgres://") && !strings.HasPrefix(to, "postgresql://") {
		return errors.New("--to (or DATABASE_URL) must name the PostgreSQL database, postgres://...")
	}
	// Opening a missing file would create an empty database and copy nothing.
	if st, err := os.Stat(*from); err != nil || st.IsDir() {
		return fmt.Errorf("--from: no SQLite database at %s", *from)
	}
	target := to
	if u, err := url.Parse(to); err == nil {
		target = u.Redacted()
	}

	src, err := sqlstore.Open(ctx, *from)
	if err != nil {
		return fmt.Errorf("open %s: %w", *from, err)
	}
	defer src.Close()
	dst, err := sqlstore.Open(ctx, to)
	if err != nil {
		return fmt.Errorf("open %s: %w", target, err)
	}
	defer dst.Close()
	for _, db := range []*sqlstore.DB{src, dst} {
		if err := db.Migrate(ctx); err != nil {
			return fmt.Errorf("migrate %s database: %w", db.Dialect(), err)
		}
	}
	fmt.Fprintf(stdout, "copying %s to %s\n", *from, target)
	start := time.Now()
	tables, err := sqlstore.Copy(ctx, src, dst, sqlstore.CopyOptions{Batch: *batch, Progress: func(table string, done, total int64) {
		if done == total || done/copyProgressEvery != (done-int64(*batch))/copyProgressEvery {
			fmt.Fprintf(stdout, "  %-24s %d/%d rows\n", table, done, total)
		}
	}})
	if err != nil {
		return err
	}
	var rows int64
	for _, t := range tables {
		rows += t.Rows
	}
	fmt.Fprintf(stdout, "copied %d rows in %d tables in %s; the row counts match\n", rows, len(tables), time.Since(start).Round(time.Millisecond))
	return nil
}

// runHealthcheck is "salescoach healthcheck": it asks the server on this
// machine for /healthz and fails unless it answers 200, for container health
// checks in images without curl. The port is ADDR's (or --url).
func runHealthcheck(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("salescoach healthcheck", flag.ContinueOnError)
	fs.SetOutput(stderr)
	port := "8080"
	if addr := getenv("ADDR"); addr != "" {
		if _, p, err := net.SplitHostPort(addr); err == nil {
			port = p
		}
	}
	target := fs.String("url", "http://127.0.0.1:"+port+"/healthz", "the health endpoint to ask")
	timeout := fs.Duration("timeout", 3*time.Second, "how long to wait for the answer")
	if err := fs.Parse(args); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, *target, nil)
	if err != nil {
		return fmt.Errorf("--url: %w", err)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return fmt.Errorf("unhealthy: %w", err)
	}
	defer res.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 1<<10))
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("unhealthy: %s answered %d", *target, res.StatusCode)
	}
	fmt.Fprintln(stdout, "healthy")
	return nil
}
