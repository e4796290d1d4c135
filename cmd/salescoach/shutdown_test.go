package main

import (
	"bufio"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"salescoach"
	"salescoach/coach/openai/openaitest"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// heldModel is a fake model server that holds the first streamed reply
// until release is closed; held is closed once it holds it.
func heldModel(t *testing.T) (fake *openaitest.Server, held, release chan struct{}) {
	fake = openaitest.New(t)
	held, release = make(chan struct{}), make(chan struct{})
	var once sync.Once
	fake.OnRequest(func(r openaitest.Request) {
		if !r.Stream {
			return
		}
		first := false
		once.Do(func() { first = true })
		if first {
			close(held)
			<-release
		}
	})
	return fake, held, release
}

// eventLines reads an event stream's lines into a channel that is closed
// when the stream ends.
func eventLines(res *http.Response) <-chan string {
	lines := make(chan string, 64)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			lines <- sc.Text()
		}
	}()
	return lines
}

// nextLine returns the stream's next line with the prefix, skipping others;
// ok is false when the stream ended first.
func nextLine(t *testing.T, lines <-chan string, prefix string) (line string, ok bool) {
	t.Helper()
	deadline := time.After(20 * time.Second) // a guard against hanging, not a timing assertion
	for {
		select {
		case l, open := <-lines:
			if !open {
				return "", false
			}
			if strings.HasPrefix(l, prefix) {
				return l, true
			}
		case <-deadline:
			t.Fatalf("no %q within 20 s", prefix)
		}
	}
}

// openStream sends a request whose answer is an event stream.
func openStream(t *testing.T, method, url, token, body string) *http.Response {
	t.Helper()
	res, err := sendStream(method, url, token, body)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { res.Body.Close() })
	return res
}

func sendStream(method, url, token, body string) (*http.Response, error) {
	req, _ := http.NewRequest(method, url, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Content-Type", "application/json")
	return http.DefaultClient.Do(req)
}

// chatStream sends a streamed chat message in the background (its answer's
// headers come with the first token) and returns the answer's lines.
func chatStream(t *testing.T, base, token, body string) <-chan string {
	lines := make(chan string, 64)
	go func() {
		res, err := sendStream("POST", base+"/api/chat", token, body)
		if err != nil {
			close(lines)
			return
		}
		defer res.Body.Close()
		for l := range eventLines(res) {
			lines <- l
		}
		close(lines)
	}()
	return lines
}

// TestGracefulShutdown is a rolling restart's view of one process: when
// run's context ends, /readyz turns 503 at once, an open live-update stream
// is told to reconnect and ends, a streamed chat reply in flight is allowed
// to finish and is stored, and run returns without error.
func TestGracefulShutdown(t *testing.T) {
	for _, dbName := range []string{"sqlite", "postgres"} {
		t.Run(dbName, func(t *testing.T) {
			dir := t.TempDir()
			dsn := filepath.Join(dir, "salescoach.db")
			if dbName == "postgres" {
				dsn = sqlstoretest.NewPostgresURL(t)
			}
			fake, held, release := heldModel(t)
			defer func() {
				select {
				case <-release:
				default:
					close(release)
				}
			}()
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			env := []string{"ADDR", "127.0.0.1:0", "DATA_DIR", dir, "LOG_FORMAT", "json",
				"LLM_BASE_URL", fake.URL(), "LLM_MODEL", "coach-model",
				// Long enough to ask /readyz while the listener is still open.
				"SHUTDOWN_DELAY", "2s"}
			if dbName == "postgres" {
				env = append(env, "DATABASE_URL", dsn)
			}
			base, out, done := launch(t, ctx, envMap(env...))

			st, s := postJSON(t, http.DefaultClient, base, "/api/auth/anonymous", "", map[string]any{})
			if st != 200 {
				t.Fatalf("anonymous sign-in: %d", st)
			}
			token := s["access_token"].(string)
			live := eventLines(openStream(t, "GET", base+"/api/realtime", token, ""))
			if _, ok := nextLine(t, live, "event: ready"); !ok {
				t.Fatal("live-update stream ended before ready")
			}
			chat := chatStream(t, base, token, `{"mode":"Übung","difficulty":1,"message":"Hallo, ich rufe wegen Ihrer Software an."}`)
			<-held

			cancel()
			if _, ok := nextLine(t, live, "event: reconnect"); !ok {
				t.Fatalf("live-update stream ended without a reconnect event\n%s", out.String())
			}
			if _, ok := nextLine(t, live, "event: "); ok {
				t.Error("live-update stream went on after the reconnect event")
			}
			res, err := http.Get(base + "/readyz")
			if err != nil {
				t.Fatalf("/readyz during the drain: %v", err)
			}
			res.Body.Close()
			if res.StatusCode != http.StatusServiceUnavailable {
				t.Errorf("/readyz during the drain = %d, want 503", res.StatusCode)
			}
			if res := openStream(t, "GET", base+"/api/realtime", token, ""); res.StatusCode != http.StatusServiceUnavailable {
				t.Errorf("new live-update stream during the drain = %d, want 503", res.StatusCode)
			}

			// The listener closes after the delay while the reply is still
			// held: new connections are refused, the chat's goes on.
			addr := strings.TrimPrefix(base, "http://")
			for deadline := time.Now().Add(20 * time.Second); ; {
				c, err := net.Dial("tcp", addr)
				if err != nil {
					break
				}
				c.Close()
				if time.Now().After(deadline) {
					t.Fatal("the listener stayed open")
				}
				time.Sleep(20 * time.Millisecond) // polling for the listener to close, not timing a result
			}
			select {
			case err := <-done:
				t.Fatalf("run returned before the chat reply finished: %v", err)
			default:
			}
			close(release)

			if _, ok := nextLine(t, chat, "event: done"); !ok {
				t.Fatalf("chat stream ended without its done event\n%s", out.String())
			}
			data, _ := nextLine(t, chat, "data: ")
			var answer struct{ ConversationID, Message string }
			if err := json.Unmarshal([]byte(strings.TrimPrefix(data, "data: ")), &answer); err != nil || answer.Message == "" {
				t.Fatalf("done event %q: %v", data, err)
			}
			select {
			case err := <-done:
				if err != nil {
					t.Fatalf("run: %v", err)
				}
			case <-time.After(20 * time.Second):
				t.Fatal("run did not return")
			}

			// Another process finds the reply stored.
			db, err := sqlstore.Open(t.Context(), dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			msgs, err := sqlstore.NewConversationService(db).Messages(t.Context(), answer.ConversationID)
			if err != nil || len(msgs) != 2 || msgs[1].Role != salescoach.RoleAssistant || msgs[1].Content != answer.Message {
				t.Errorf("stored messages = %v (%v), want the user's and the streamed reply", msgs, err)
			}
		})
	}
}

// TestShutdownTimeoutCutsRequests checks the bound: a reply still running
// after SHUTDOWN_TIMEOUT is cut and run says so.
func TestShutdownTimeoutCutsRequests(t *testing.T) {
	fake, held, release := heldModel(t)
	defer close(release)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	base, _, done := launch(t, ctx, envMap("ADDR", "127.0.0.1:0", "DATA_DIR", t.TempDir(), "LOG_FORMAT", "json",
		"LLM_BASE_URL", fake.URL(), "LLM_MODEL", "coach-model", "SHUTDOWN_TIMEOUT", "1s"))
	_, s := postJSON(t, http.DefaultClient, base, "/api/auth/anonymous", "", map[string]any{})
	chat := chatStream(t, base, s["access_token"].(string), `{"mode":"Prüfung","message":"Hallo"}`)
	<-held
	cancel()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "were cut") {
			t.Errorf("run = %v, want the cut requests named", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("run did not return")
	}
	if _, ok := nextLine(t, chat, "event: done"); ok {
		t.Error("the cut chat stream still got its done event")
	}
}
