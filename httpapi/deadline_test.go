package httpapi_test

import (
	"errors"
	"io"
	"net"
	"os"
	"strings"
	"testing"
	"time"

	"salescoach/coach/openai/openaitest"
	"salescoach/httpapi"
	"salescoach/sqlstore/sqlstoretest"
)

// withBodyIdleTimeout shortens the longest pause allowed within a body.
func withBodyIdleTimeout(d time.Duration) envOption {
	return func(cfg *httpapi.Config, _ *httpapi.Deps) { cfg.BodyIdleTimeout = d }
}

// TestStalledBodyIsDisconnected: a client that sends its headers and then
// stops sending the body it announced is disconnected, whether or not the
// handler reads the body.
func TestStalledBodyIsDisconnected(t *testing.T) {
	e := newEnv(t, sqlstoretest.NewSQLite(t), withBodyIdleTimeout(100*time.Millisecond))
	cases := []struct{ name, head, body string }{
		{"the handler reads the body", "POST /api/feedback HTTP/1.1\r\nHost: coach.test\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n", `{"message":"Hal`},
		{"headers only", "POST /api/feedback HTTP/1.1\r\nHost: coach.test\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n", ""},
		{"the handler refuses without reading", "POST /api/chat HTTP/1.1\r\nHost: coach.test\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n", `{"mess`},
		{"chunked", "POST /api/feedback HTTP/1.1\r\nHost: coach.test\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n", "5\r\n{\"mes\r\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", e.srv.Listener.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			if _, err := io.WriteString(conn, c.head+c.body); err != nil {
				t.Fatal(err)
			}
			// The server must hang up long before this; the deadline only
			// keeps a failing test from hanging.
			if err := conn.SetReadDeadline(time.Now().Add(10 * time.Second)); err != nil {
				t.Fatal(err)
			}
			answer, err := io.ReadAll(conn)
			if errors.Is(err, os.ErrDeadlineExceeded) {
				t.Fatalf("still connected after 10 s; read so far: %q", answer)
			}
			if len(answer) > 0 && !strings.HasPrefix(string(answer), "HTTP/1.1 4") {
				t.Errorf("answer = %q, want a 4xx or none", answer)
			}
		})
	}
}

// TestLongAnswerOutlivesBodyDeadline: once the body is in, a streamed reply
// that takes longer than the body's limits is not cut.
func TestLongAnswerOutlivesBodyDeadline(t *testing.T) {
	fake := openaitest.New(t)
	e := newEnv(t, sqlstoretest.NewSQLite(t), withBodyIdleTimeout(50*time.Millisecond), withFakeModel(t, fake, 10*time.Second))
	c := chatUser(t, e, "slow-model@example.com")
	fake.Delay(500 * time.Millisecond)
	status, names, data := sseEvents(t, c, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo!", "productOverride": productText})
	if status != 200 || len(names) == 0 || names[len(names)-1] != "done" {
		t.Fatalf("status %d, events %v, last %v", status, names, data)
	}
}
