// Command oidcfake runs the OpenID Connect provider stand-in of package
// oidctest on its own, so that the real binary can offer 'Mit Google
// anmelden' without Google (the end-to-end tests):
//
//	oidcfake --addr 127.0.0.1:9092 --email erika@example.com
//
// and start salescoach with GOOGLE_ISSUER=http://127.0.0.1:9092,
// GOOGLE_CLIENT_ID=test-client and GOOGLE_CLIENT_SECRET=test-secret. The
// fake speaks the real protocol (discovery, authorization with PKCE, token,
// JWKS) and signs in the one configured person at once, without a page to
// click: the browser goes straight back to the callback.
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
	"strings"
	"syscall"
	"time"

	"salescoach/auth/oidctest"
	"salescoach/cmd/internal/requestlog"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr, nil); err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(os.Stderr, "oidcfake:", err)
		os.Exit(1)
	}
}

// run serves the fake until ctx ends; ready, when not nil, learns the
// address it listens on.
func run(ctx context.Context, args []string, stdout, stderr io.Writer, ready func(addr string)) error {
	fs := flag.NewFlagSet("oidcfake", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:9092", "address to listen on (host:port; port 0 picks a free one)")
	clientID := fs.String("client-id", oidctest.DefaultClientID, "the client id the fake accepts")
	clientSecret := fs.String("client-secret", oidctest.DefaultClientSecret, "the client secret the fake accepts")
	redirects := fs.String("redirect-uris", "", "comma-separated redirect URIs the fake accepts (empty: any http(s) URI)")
	subject := fs.String("subject", oidctest.DefaultUser.Subject, "the signed-in person's stable id (sub)")
	email := fs.String("email", oidctest.DefaultUser.Email, "their verified e-mail address")
	name := fs.String("name", oidctest.DefaultUser.Name, "their name")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	issuer := "http://" + ln.Addr().String()
	opts := []oidctest.Option{
		oidctest.WithClient(*clientID, *clientSecret),
		oidctest.WithUser(oidctest.User{Subject: *subject, Email: *email, EmailVerified: *email != "", Name: *name}),
	}
	if *redirects != "" {
		opts = append(opts, oidctest.WithRedirectURIs(strings.Split(*redirects, ",")...))
	}
	_, handler, err := oidctest.NewHandler(issuer, opts...)
	if err != nil {
		ln.Close()
		return err
	}
	log := slog.New(slog.NewTextHandler(stdout, nil))
	srv := &http.Server{Handler: requestlog.Handler(log, handler), ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	log.Info("oidc fake listening", "addr", ln.Addr().String(), "issuer", issuer)
	if ready != nil {
		ready(ln.Addr().String())
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
