package dnstxt_test

import (
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"salescoach"
	"salescoach/dnstxt"
	"salescoach/dnstxt/dnstest"
)

func TestLookupTXT(t *testing.T) {
	srv := dnstest.New(t)
	r := dnstxt.New(srv.Addr(), 0)
	ctx := t.Context()

	srv.Set("_salescoach-challenge.Firma.de.", "v=spf1 -all", "salescoach-verification=abc")
	got, err := r.LookupTXT(ctx, "_salescoach-challenge.firma.de")
	if err != nil || !slices.Equal(got, []string{"v=spf1 -all", "salescoach-verification=abc"}) {
		t.Fatalf("records = %q, %v", got, err)
	}
	// A value longer than one character-string (255 bytes) comes back whole.
	long := "salescoach-verification=" + strings.Repeat("x", 600)
	srv.Set("long.firma.de", long)
	if got, err := r.LookupTXT(ctx, "long.firma.de"); err != nil || len(got) != 1 || got[0] != long {
		t.Errorf("long record = %d values, %v", len(got), err)
	}
	// An answer too large for UDP is truncated and fetched again over TCP.
	many := make([]string, 40)
	for i := range many {
		many[i] = strings.Repeat(string(rune('a'+i%26)), 200)
	}
	srv.Set("many.firma.de", many...)
	if got, err := r.LookupTXT(ctx, "many.firma.de"); err != nil || len(got) != len(many) {
		t.Errorf("large answer = %d values, %v", len(got), err)
	}

	// No such name, and a name without TXT records: not found.
	if _, err := r.LookupTXT(ctx, "_salescoach-challenge.other.de"); salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
		t.Errorf("NXDOMAIN: %v", err)
	}
	srv.Set("empty.firma.de")
	if _, err := r.LookupTXT(ctx, "empty.firma.de"); salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
		t.Errorf("NODATA: %v", err)
	}
	srv.Delete("_salescoach-challenge.FIRMA.de")
	if _, err := r.LookupTXT(ctx, "_salescoach-challenge.firma.de"); salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
		t.Errorf("deleted: %v", err)
	}

	// A failing server is unavailable, not "no record".
	srv.SetFailing(true)
	_, err = r.LookupTXT(ctx, "long.firma.de")
	if salescoach.ErrorCode(err) != salescoach.EUNAVAILABLE || !strings.Contains(salescoach.ErrorMessage(err), "DNS") {
		t.Errorf("SERVFAIL: %v", err)
	}
	srv.SetFailing(false)
	if srv.Queries("long.firma.de") < 2 {
		t.Errorf("the server saw %d queries", srv.Queries("long.firma.de"))
	}
}

// TestLookupTXTServerDown: a DNS server that is not there is unavailable.
func TestLookupTXTServerDown(t *testing.T) {
	pc, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := pc.LocalAddr().String()
	pc.Close()
	if _, err := dnstxt.New(addr, 0).LookupTXT(t.Context(), "firma.de"); salescoach.ErrorCode(err) != salescoach.EUNAVAILABLE {
		t.Errorf("closed port: %v", err)
	}
}

func TestControlHandler(t *testing.T) {
	srv := dnstest.New(t)
	ctl := httptest.NewServer(srv.ControlHandler())
	t.Cleanup(ctl.Close)
	do := func(method, path, body string) int {
		t.Helper()
		req, _ := http.NewRequest(method, ctl.URL+path, strings.NewReader(body))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res.StatusCode
	}
	r := dnstxt.New(srv.Addr(), 0)
	if got := do("PUT", "/records", `{"name": "_salescoach-challenge.FIRMA.de.", "values": ["salescoach-verification=x"]}`); got != 204 {
		t.Fatalf("PUT = %d", got)
	}
	if got, err := r.LookupTXT(t.Context(), "_salescoach-challenge.firma.de"); err != nil || len(got) != 1 || got[0] != "salescoach-verification=x" {
		t.Errorf("after PUT: %q, %v", got, err)
	}
	for _, bad := range []string{`{"name": ""}`, `{"name": "a..b"}`, `{"name": "x", "extra": 1}`, `[]`} {
		if got := do("PUT", "/records", bad); got != 400 {
			t.Errorf("PUT %s = %d", bad, got)
		}
	}
	if got := do("DELETE", "/records?name=_salescoach-challenge.firma.de", ""); got != 204 {
		t.Errorf("DELETE = %d", got)
	}
	if _, err := r.LookupTXT(t.Context(), "_salescoach-challenge.firma.de"); salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
		t.Errorf("after DELETE: %v", err)
	}
}
