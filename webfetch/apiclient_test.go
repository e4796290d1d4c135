package webfetch

import (
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strconv"
	"testing"
)

func TestAPIClientGuard(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/redirect" {
			http.Redirect(w, r, "http://169.254.169.254/latest/meta-data", http.StatusFound)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"ok":true}`))
	}))
	defer srv.Close()
	u, _ := url.Parse(srv.URL)
	port, _ := strconv.Atoi(u.Port())

	// Without an allowance a loopback provider is refused at connect time.
	closed := New(Config{AllowPorts: []int{port}}).APIClient()
	if resp, err := closed.Get(srv.URL + "/x"); err == nil {
		resp.Body.Close()
		t.Fatal("reached 127.0.0.1 without an allowance")
	}
	// A port not allowed is refused before dialling.
	if resp, err := New(Config{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}).APIClient().Get(srv.URL); err == nil {
		resp.Body.Close()
		t.Fatal("reached a port not allowed")
	}
	open := New(Config{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}, AllowPorts: []int{port}})
	resp, err := open.APIClient().Get(srv.URL + "/x")
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("allowed request: %v", err)
	}
	resp.Body.Close()
	// A redirect to the metadata address is refused.
	if resp, err := open.APIClient().Get(srv.URL + "/redirect"); err == nil {
		resp.Body.Close()
		t.Fatal("followed a redirect to 169.254.169.254")
	}
	if !open.AllowsPlainHTTP(u) {
		t.Error("an allowed IP literal may not use http")
	}
	for _, s := range []string{"http://localhost:" + u.Port(), "http://10.0.0.1", "http://example.com"} {
		if open.AllowsPlainHTTP(mustParse(t, s)) {
			t.Errorf("%s may use http", s)
		}
	}
}

func mustParse(t *testing.T, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
