package main

import (
	"bytes"
	"context"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"salescoach"
	"salescoach/dnstxt"
)

// TestRecordsThroughTheFake: the fake announces both addresses in one line,
// takes a record over HTTP and answers the server's own lookup with it.
func TestRecordsThroughTheFake(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	type addrs struct{ dns, http string }
	ready := make(chan addrs, 1)
	done := make(chan error, 1)
	var out, errs bytes.Buffer
	go func() {
		done <- run(ctx, []string{"-dns", "127.0.0.1:0", "-http", "127.0.0.1:0"}, &out, &errs,
			func(d, h string) { ready <- addrs{d, h} })
	}()
	var a addrs
	select {
	case a = <-ready:
	case err := <-done:
		cancel()
		t.Fatalf("run: %v (%s)", err, errs.String())
	}
	stopped := false
	stop := func() {
		if stopped {
			return
		}
		stopped = true
		cancel()
		if err := <-done; err != nil {
			t.Errorf("run: %v", err)
		}
	}
	defer stop()

	body := `{"name": "_salescoach-challenge.firma.de", "values": ["salescoach-verification=abc"]}`
	req, _ := http.NewRequest("PUT", "http://"+a.http+"/records", strings.NewReader(body))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusNoContent {
		t.Fatalf("PUT /records = %d", res.StatusCode)
	}
	r := dnstxt.New(a.dns, 0)
	if got, err := r.LookupTXT(t.Context(), "_salescoach-challenge.firma.de"); err != nil || len(got) != 1 || got[0] != "salescoach-verification=abc" {
		t.Errorf("lookup = %q, %v", got, err)
	}
	if _, err := r.LookupTXT(t.Context(), "_salescoach-challenge.other.de"); salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
		t.Errorf("unknown name: %v", err)
	}

	stop()
	// The announcement the end-to-end tests wait for: one line, both
	// addresses as key=value pairs.
	line := regexp.MustCompile(`msg="dns fake listening" dns=(\S+) http=(\S+)`).FindStringSubmatch(out.String())
	if line == nil || line[1] != a.dns || line[2] != a.http {
		t.Errorf("announcement: %q", out.String())
	}
	if strings.Contains(out.String(), "salescoach-verification") {
		t.Error("a record's value is in the log")
	}
}
