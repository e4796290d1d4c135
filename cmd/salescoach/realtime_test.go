package main

import (
	"net/http"
	"strings"
	"testing"

	"salescoach/sqlstore/sqlstoretest"
)

// TestLiveUpdatesCrossProcesses runs two servers on one PostgreSQL database:
// a chat started through one shows up on an event stream held by the other.
func TestLiveUpdatesCrossProcesses(t *testing.T) {
	url := sqlstoretest.NewPostgresURL(t)
	secret := strings.Repeat("k", 40)
	envFor := func() func(string) string {
		return envMap("ADDR", "127.0.0.1:0", "DATA_DIR", t.TempDir(), "LOG_FORMAT", "json", "DATABASE_URL", url, "JWT_SECRET", secret,
			// Behind one load balancer every process shares the public URL,
			// which is also the tokens' issuer and audience.
			"PUBLIC_URL", "https://coach.example.com")
	}
	a, _ := startServer(t, envFor())
	b, _ := startServer(t, envFor())

	st, s := postJSON(t, http.DefaultClient, a, "/api/auth/anonymous", "", map[string]any{})
	if st != 200 {
		t.Fatalf("anonymous sign-in on A: %d", st)
	}
	token := s["access_token"].(string)

	req, _ := http.NewRequest("GET", b+"/api/realtime", nil)
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("realtime on B: %d", res.StatusCode)
	}
	lines := eventLines(res)
	waitFor := func(prefix string) string {
		t.Helper()
		l, ok := nextLine(t, lines, prefix)
		if !ok {
			t.Fatalf("stream ended before %q", prefix)
		}
		return l
	}
	waitFor("event: ready")

	st, answer := postJSON(t, http.DefaultClient, a, "/api/chat", token, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo"})
	if st != 200 {
		t.Fatalf("chat on A: %d %v", st, answer)
	}
	waitFor("event: change")
	data := waitFor("data: ")
	if !strings.Contains(data, `"type":"conversation"`) || !strings.Contains(data, answer["conversationId"].(string)) {
		t.Errorf("B received %s", data)
	}
}
