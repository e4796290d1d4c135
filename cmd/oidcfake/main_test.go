package main

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"salescoach/auth"
)

// TestSignInThroughTheFake: the provider client of the real binary
// discovers the fake, is sent straight back with a code, and redeems it for
// the configured person's verified claims.
func TestSignInThroughTheFake(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	addr := make(chan string, 1)
	done := make(chan error, 1)
	var out, errs bytes.Buffer
	go func() {
		done <- run(ctx, []string{"--addr", "127.0.0.1:0", "--email", "otto@example.com", "--subject", "otto-1",
			"--redirect-uris", "http://coach.test/api/auth/oauth/google/callback"}, &out, &errs, func(a string) { addr <- a })
	}()
	var issuer string
	select {
	case a := <-addr:
		issuer = "http://" + a
	case err := <-done:
		cancel()
		t.Fatalf("run: %v (%s)", err, errs.String())
	}
	defer func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("run: %v", err)
		}
		if !strings.Contains(out.String(), "issuer="+issuer) {
			t.Errorf("log does not name the issuer: %s", out.String())
		}
	}()

	pc := auth.GoogleConfig("test-client", "test-secret", "http://coach.test/api/auth/oauth/google/callback")
	pc.Issuer = issuer
	p, err := auth.NewProvider(ctx, pc)
	if err != nil {
		t.Fatal(err)
	}
	verifier := auth.NewOpaqueToken()
	to := p.ReauthCodeURL("state-1", "nonce-1", auth.PKCEChallenge(verifier))
	noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := noFollow.Get(to)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	loc, _ := url.Parse(res.Header.Get("Location"))
	if res.StatusCode != http.StatusFound || loc.Host != "coach.test" || loc.Query().Get("state") != "state-1" {
		t.Fatalf("authorize answered %d to %s", res.StatusCode, loc)
	}
	claims, err := p.Exchange(ctx, loc.Query().Get("code"), verifier, "nonce-1")
	if err != nil {
		t.Fatal(err)
	}
	if claims.Subject != "otto-1" || claims.Email != "otto@example.com" || !claims.EmailVerified || claims.AuthTime.IsZero() {
		t.Errorf("claims = %+v", claims)
	}

	// A redirect URI it does not know is refused.
	bad := strings.Replace(to, url.QueryEscape("http://coach.test/"), url.QueryEscape("http://evil.test/"), 1)
	if res, err := noFollow.Get(bad); err != nil {
		t.Fatal(err)
	} else if res.Body.Close(); res.StatusCode != http.StatusBadRequest {
		t.Errorf("a foreign redirect URI: %d", res.StatusCode)
	}
}
