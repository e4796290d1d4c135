// Command paypalfake runs the PayPal stand-in of package paypaltest on its
// own, so that the real binary and the fake give a complete local payment
// flow (docs/billing.md):
//
//	paypalfake --addr 127.0.0.1:9090 --webhook-url http://localhost:8080/api/paypal/webhook
//
// and start salescoach with PAYPAL_API_BASE=http://127.0.0.1:9090,
// PAYPAL_CLIENT_ID=fake-client-id, PAYPAL_CLIENT_SECRET=fake-secret,
// PAYPAL_WEBHOOK_ID=WH-FAKE, PAYPAL_SDK_URL=http://127.0.0.1:9090/sdk/js and
// any plan ids. Webhooks are sent as soon as something changes. SIGHUP
// revokes every access token handed out (the subscriptions stay), as PayPal
// does after a rotation of the credentials.
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

	"salescoach/billing/paypaltest"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout, os.Stderr); err != nil && !errors.Is(err, flag.ErrHelp) {
		fmt.Fprintln(os.Stderr, "paypalfake:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("paypalfake", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:9090", "address to listen on (host:port; port 0 picks a free one)")
	public := fs.String("public-url", "", "address browsers reach the fake at (default http://<addr>)")
	webhook := fs.String("webhook-url", "", "the app's webhook, e.g. http://localhost:8080/api/paypal/webhook")
	clientID := fs.String("client-id", "fake-client-id", "client id the app must use")
	secret := fs.String("client-secret", "fake-secret", "client secret the app must use")
	webhookID := fs.String("webhook-id", "WH-FAKE", "webhook id the app must verify against")
	if err := fs.Parse(args); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	if *public == "" {
		*public = "http://" + ln.Addr().String()
	}
	f := paypaltest.New(paypaltest.Options{ClientID: *clientID, Secret: *secret, WebhookID: *webhookID,
		WebhookURL: *webhook, AutoDeliver: true, PublicURL: *public})
	log := slog.New(slog.NewTextHandler(stdout, nil))
	srv := &http.Server{Handler: f.Handler(), ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	log.Info("paypal fake listening", "addr", ln.Addr().String(), "public_url", *public, "webhook_url", *webhook)
	// SIGHUP forgets the access tokens handed out, as a restart (or a
	// rotation of the credentials) does at PayPal, while the subscriptions
	// stay: the app's next call is refused with 401 AUTHENTICATION_FAILURE.
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
	for {
		select {
		case err := <-errc:
			return err
		case <-hup:
			f.RevokeTokens()
			log.Info("access tokens revoked")
			continue
		case <-ctx.Done():
		}
		break
	}
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return srv.Shutdown(sctx)
}
