// Command dnsfake runs the DNS server of package dnstest on its own, so
// that the real binary can prove a company sign-in domain by its TXT record
// without real DNS (the end-to-end tests):
//
//	dnsfake -dns 127.0.0.1:0 -http 127.0.0.1:0
//
// It answers DNS over UDP and TCP on the -dns address (both on one port)
// and takes its records over HTTP on the -http address:
//
//	PUT /records {"name": "_salescoach-challenge.firma.de", "values": ["salescoach-verification=…"]} → 204
//	DELETE /records?name=_salescoach-challenge.firma.de → 204
//
// Names are taken with or without the trailing dot, in any case; a name it
// does not hold is answered NXDOMAIN. Start salescoach with
// SSO_DNS_SERVER=<the dns address>.
//
// Like the other fakes it announces itself with one log line on standard
// output once both listen, in slog's text format, the addresses as
// key=value pairs (port 0 resolved):
//
//	time=… level=INFO msg="dns fake listening" dns=127.0.0.1:40123 http=127.0.0.1:40124
//
// so /dns=(\S+)/ and /http=(\S+)/ find them. Then one line per control
// request (method, path, status, never a record's value). SIGINT or SIGTERM
// stops it.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"salescoach/cmd/internal/requestlog"
	"salescoach/dnstxt/dnstest"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr, nil); err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(os.Stderr, "dnsfake:", err)
		os.Exit(1)
	}
}

// run serves the fake until ctx ends; ready, when not nil, learns the DNS
// and the HTTP address.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, ready func(dnsAddr, httpAddr string)) error {
	fs := flag.NewFlagSet("dnsfake", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dnsAddr := fs.String("dns", "127.0.0.1:0", "address DNS is answered at over UDP and TCP (host:port; port 0 picks a free one)")
	httpAddr := fs.String("http", "127.0.0.1:0", "address of the HTTP API that sets the records (host:port; port 0 picks a free one)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	dnsSrv, err := dnstest.Start(*dnsAddr)
	if err != nil {
		return fmt.Errorf("dns: %w", err)
	}
	defer dnsSrv.Close()
	ln, err := net.Listen("tcp", *httpAddr)
	if err != nil {
		return fmt.Errorf("http: %w", err)
	}
	log := slog.New(slog.NewTextHandler(stdout, nil))
	srv := &http.Server{Handler: requestlog.Handler(log, dnsSrv.ControlHandler()), ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	log.Info("dns fake listening", "dns", dnsSrv.Addr(), "http", ln.Addr().String())
	if ready != nil {
		ready(dnsSrv.Addr(), ln.Addr().String())
	}
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return srv.Shutdown(sctx)
}
