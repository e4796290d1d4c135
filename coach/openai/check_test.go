package openai_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"salescoach"
	"salescoach/coach"
	"salescoach/coach/openai"
	"salescoach/coach/openai/openaitest"
)

// wantCheckError fails unless err is an EUNAVAILABLE *salescoach.Error whose
// message contains part.
func wantCheckError(t *testing.T, err error, part string) {
	t.Helper()
	var se *salescoach.Error
	if !errors.As(err, &se) || se.Code != salescoach.EUNAVAILABLE || !strings.Contains(se.Message(), part) {
		t.Fatalf("Check = %v, want EUNAVAILABLE containing %q", err, part)
	}
}

func TestCheck(t *testing.T) {
	var _ coach.Checker = (*openai.Engine)(nil)

	t.Run("ok with the key as Bearer", func(t *testing.T) {
		srv := openaitest.New(t, openaitest.WithAPIKey(testKey))
		e, _ := newEngine(t, srv, func(c *openai.Config) { c.APIKey = testKey })
		if err := e.Check(context.Background()); err != nil {
			t.Fatal(err)
		}
		reqs := srv.ModelRequests()
		if len(reqs) != 1 || reqs[0].Method != "GET" || reqs[0].Path != "/v1/models" ||
			reqs[0].Header.Get("Authorization") != "Bearer "+testKey {
			t.Errorf("requests = %+v", reqs)
		}
		if n := len(srv.Requests()); n != 0 {
			t.Errorf("%d chat requests: a check must cost no tokens", n)
		}
	})

	t.Run("unauthorized keeps the key out", func(t *testing.T) {
		const wrong = "sk-wrong-check-key-77"
		srv := openaitest.New(t, openaitest.WithAPIKey(testKey))
		e, logs := newEngine(t, srv, func(c *openai.Config) { c.APIKey = wrong })
		err := e.Check(context.Background())
		wantCheckError(t, err, "Status 401")
		if strings.Contains(err.Error(), wrong) || strings.Contains(salescoach.ErrorMessage(err), wrong) ||
			strings.Contains(logs.String(), wrong) {
			t.Errorf("the key leaked: %v / %s", err, logs)
		}
	})

	t.Run("server error", func(t *testing.T) {
		srv := openaitest.New(t)
		srv.Fail(500, 1)
		e, _ := newEngine(t, srv)
		wantCheckError(t, e.Check(context.Background()), "Status 500")
		if n := len(srv.ModelRequests()); n != 1 {
			t.Errorf("%d requests, want 1 (a check is not retried)", n)
		}
		// The scripted failure is used up: the next check passes.
		if err := e.Check(context.Background()); err != nil {
			t.Errorf("second check: %v", err)
		}
	})

	t.Run("timeout", func(t *testing.T) {
		srv := openaitest.New(t)
		srv.Delay(time.Hour)
		e, _ := newEngine(t, srv, func(c *openai.Config) { c.CheckTimeout = 100 * time.Millisecond })
		start := time.Now()
		wantCheckError(t, e.Check(context.Background()), "nicht innerhalb von 0,1 Sekunden")
		if d := time.Since(start); d > 10*time.Second {
			t.Errorf("returned after %v", d)
		}
		select {
		case <-srv.Cancelled():
		case <-time.After(10 * time.Second):
			t.Fatal("the fake never saw the check give up")
		}
	})

	t.Run("unreachable", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := ln.Addr().String()
		ln.Close()
		e, err := openai.New(openai.Config{BaseURL: "http://" + addr + "/v1", Model: testModel})
		if err != nil {
			t.Fatal(err)
		}
		wantCheckError(t, e.Check(context.Background()), "nicht erreichbar")
	})

	t.Run("deployment URL keeps its query", func(t *testing.T) {
		srv := openaitest.New(t, openaitest.WithAPIKey(testKey))
		root := strings.TrimSuffix(srv.URL(), "/v1")
		e, _ := newEngine(t, srv, func(c *openai.Config) {
			c.BaseURL = root + "/openai/deployments/coach-4o?api-version=2024-10-21"
			c.APIKey = testKey
		})
		if err := e.Check(context.Background()); err != nil {
			t.Fatal(err)
		}
		r := srv.ModelRequests()[0]
		if r.Path != "/openai/deployments/coach-4o/models" || r.RawQuery != "api-version=2024-10-21" ||
			r.Header.Get("Authorization") != "Bearer "+testKey {
			t.Errorf("check went to %s?%s with %v", r.Path, r.RawQuery, r.Header)
		}
	})

	t.Run("azure uses api-key and the resource's model list", func(t *testing.T) {
		srv := openaitest.New(t, openaitest.WithAPIKey(testKey))
		// Every connection goes to the fake, whatever the host, so the
		// engine can be configured with a real Azure host name.
		fake := strings.TrimPrefix(strings.TrimSuffix(srv.URL(), "/v1"), "http://")
		var d net.Dialer
		client := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return d.DialContext(ctx, network, fake)
		}}}
		e, _ := newEngine(t, srv, func(c *openai.Config) {
			c.BaseURL = "http://coach.openai.azure.com/openai/deployments/coach-4o?api-version=2024-10-21"
			c.APIKey = testKey
			c.HTTPClient = client
		})
		if err := e.Check(context.Background()); err != nil {
			t.Fatal(err)
		}
		r := srv.ModelRequests()[0]
		if r.Path != "/openai/models" || r.RawQuery != "api-version=2024-10-21" ||
			r.Header.Get("api-key") != testKey || r.Header.Get("Authorization") != "" {
			t.Errorf("check went to %s?%s with %v", r.Path, r.RawQuery, r.Header)
		}
	})
}

func TestDisplayedSettingsHaveNoSecrets(t *testing.T) {
	e, err := openai.New(openai.Config{BaseURL: "https://user:pw@models.example.com/v1/chat/completions?key=secret", Model: " gpt-x "})
	if err != nil {
		t.Fatal(err)
	}
	if e.BaseURL() != "https://models.example.com/v1" || e.Model() != "gpt-x" {
		t.Errorf("BaseURL = %q, Model = %q", e.BaseURL(), e.Model())
	}
}
