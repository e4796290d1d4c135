package main

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"salescoach/metrics/metricstest"
	"salescoach/sqlstore/sqlstoretest"
)

// metricsAddr returns the private address the server logged.
func metricsAddr(t *testing.T, out *syncBuffer) string {
	t.Helper()
	for _, l := range logLines(out) {
		if l["msg"] == "metrics listening" {
			return l["addr"].(string)
		}
	}
	t.Fatalf("no metrics listener in the log:\n%s", out.String())
	return ""
}

// TestMetricsOnThePrivateAddress boots the real server with METRICS_ADDR on
// port 0, on SQLite and on PostgreSQL: after a sign-up, a chat turn and an
// open live-update stream, /metrics on the private address shows them; the
// public address serves neither /metrics nor pprof; the private listener
// closes with the server.
func TestMetricsOnThePrivateAddress(t *testing.T) {
	for _, dbName := range []string{"sqlite", "postgres"} {
		t.Run(dbName, func(t *testing.T) {
			kv := []string{"ADDR", "127.0.0.1:0", "METRICS_ADDR", "127.0.0.1:0", "DATA_DIR", t.TempDir(), "LOG_FORMAT", "json"}
			if dbName == "postgres" {
				kv = append(kv, "DATABASE_URL", sqlstoretest.NewPostgresURL(t))
			}
			var private string
			// Registered before the server's own clean-up, so it runs after
			// the server has stopped.
			t.Cleanup(func() {
				if private == "" {
					return
				}
				if c, err := net.Dial("tcp", private); err == nil {
					c.Close()
					t.Error("the metrics listener is still open after the server stopped")
				}
			})
			base, out := startServer(t, envMap(kv...))
			private = metricsAddr(t, out)
			c := &http.Client{}

			token := signedInToken(t, base, out, "mia@example.com")
			st, answer := postJSON(t, c, base, "/api/chat", token, map[string]any{"mode": "Übung", "difficulty": 1,
				"message": "Hallo, ich stelle Ihnen CloudKasse vor.", "productOverride": "CloudKasse, ein Kassensystem für Cafés"})
			if st != 200 {
				t.Fatalf("chat = %d %v", st, answer)
			}
			stream := openLiveStream(t, base, token)
			defer stream.Close()

			// The outbox sends after the sign-up has answered, and counts once
			// the mailer has returned: wait for that, not for a time.
			fs := metricstest.Scrape(t, "http://"+private+"/metrics")
			for deadline := time.Now().Add(10 * time.Second); fs.Value("salescoach_mails_total", "result", "sent") == 0 && time.Now().Before(deadline); {
				runtime.Gosched()
				fs = metricstest.Scrape(t, "http://"+private+"/metrics")
			}
			for _, want := range []struct {
				name   string
				labels []string
				n      float64
			}{
				{"salescoach_http_requests_total", []string{"route", "POST /api/auth/signup", "code", "201"}, 1},
				{"salescoach_http_requests_total", []string{"route", "POST /api/chat", "code", "200"}, 1},
				{"salescoach_http_request_duration_seconds", []string{"route", "POST /api/chat", "code", "200"}, 1},
				{"salescoach_chat_turns_total", []string{"mode", "practice", "outcome", "ok"}, 1},
				// The opening turn asks for a reply only; nothing is scored.
				{"salescoach_model_call_duration_seconds", []string{"purpose", "reply"}, 1},
				{"salescoach_model_time_to_first_token_seconds", []string{"purpose", "reply"}, 1},
				{"salescoach_model_call_duration_seconds", []string{"purpose", "score"}, 0},
				{"salescoach_mails_total", []string{"result", "sent"}, 1},
				{"salescoach_live_update_streams_open", nil, 1},
			} {
				if got := fs.Value(want.name, want.labels...); got != want.n {
					t.Errorf("%s%v = %v, want %v", want.name, want.labels, got, want.n)
				}
			}
			for _, name := range []string{"go_goroutines", "go_memstats_heap_alloc_bytes", "process_resident_memory_bytes", "go_sql_max_open_connections"} {
				if fs.Value(name) <= 0 {
					t.Errorf("%s missing or zero", name)
				}
			}
			if got := fs.LabelValues("go_sql_max_open_connections", "db_name"); len(got) != 1 || got[0] != "salescoach" {
				t.Errorf("database pool labels = %v", got)
			}

			for _, p := range []string{"/metrics", "/debug/pprof/", "/debug/pprof/goroutine", "/debug/pprof/cmdline"} {
				if st := status(t, c, base+p); st != 404 {
					t.Errorf("public GET %s = %d, want 404", p, st)
				}
			}
			if st := status(t, c, "http://"+private+"/debug/pprof/"); st != 200 {
				t.Errorf("private pprof index = %d, want 200", st)
			}
			if st := status(t, c, "http://"+private+"/debug/pprof/goroutine?debug=1"); st != 200 {
				t.Errorf("private goroutine profile = %d, want 200", st)
			}
		})
	}
}

// TestMetricsAreOffByDefault: without METRICS_ADDR nothing listens besides
// the public address, and a bad or taken METRICS_ADDR stops start-up.
func TestMetricsAreOffByDefault(t *testing.T) {
	_, out := startServer(t, envMap("ADDR", "127.0.0.1:0", "DATA_DIR", t.TempDir(), "LOG_FORMAT", "json"))
	for _, l := range logLines(out) {
		if l["msg"] == "metrics listening" {
			t.Errorf("a metrics listener started without METRICS_ADDR: %v", l)
		}
	}

	err := run(t.Context(), []string{"salescoach", "serve"}, envMap("METRICS_ADDR", "9090", "DATA_DIR", t.TempDir()), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "METRICS_ADDR") {
		t.Errorf("METRICS_ADDR without host:port: err = %v", err)
	}
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	err = run(t.Context(), []string{"salescoach", "serve"}, envMap("ADDR", "127.0.0.1:0", "METRICS_ADDR", taken.Addr().String(),
		"DATA_DIR", t.TempDir()), io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), "metrics listen") {
		t.Errorf("METRICS_ADDR taken: err = %v", err)
	}
}

// openStream opens the live-update stream and returns once the server has
// said "ready", that is, once the stream is subscribed.
func openLiveStream(t *testing.T, base, token string) io.Closer {
	t.Helper()
	req, _ := http.NewRequest("GET", base+"/api/realtime", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 200 {
		res.Body.Close()
		t.Fatalf("realtime = %d", res.StatusCode)
	}
	ready := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			if sc.Text() == "event: ready" {
				ready <- true
				return
			}
		}
		ready <- false
	}()
	select {
	case ok := <-ready:
		if !ok {
			t.Fatal("stream ended before ready")
		}
	case <-time.After(15 * time.Second): // a guard against hanging, not a timing assertion
		t.Fatal("no ready event")
	}
	return res.Body
}

func status(t *testing.T, c *http.Client, u string) int {
	t.Helper()
	res, err := c.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res.StatusCode
}
