package httpapi_test

import (
	"net"
	"strconv"
	"testing"
	"time"

	"salescoach/coach/openai"
	"salescoach/coach/openai/openaitest"
	"salescoach/coach/trainer"
	"salescoach/httpapi"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// unreachable is the chat's answer when the model server does not answer.
const unreachable = "Der KI-Kunde ist gerade nicht erreichbar. Bitte versuche es in einem Moment erneut."

// withModelAt uses the production OpenAI client against baseURL.
func withModelAt(t *testing.T, baseURL string, timeout time.Duration) envOption {
	return func(_ *httpapi.Config, deps *httpapi.Deps) {
		eng, err := openai.New(openai.Config{BaseURL: baseURL, Model: "test-model", Timeout: timeout})
		if err != nil {
			t.Fatal(err)
		}
		deps.Training.Engine = eng
		// As the app wires it: the built-in trainer judges when the
		// model's structured calls fail.
		deps.Training.Fallback = trainer.New()
	}
}

// closedURL is the base URL of a port nobody listens on.
func closedURL(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return "http://" + addr + "/v1"
}

// chatRaw sends a chat message like client.chat and returns the whole
// answer, headers included.
func (c *client) chatRaw(body map[string]any) response {
	c.e.clock.Advance(21 * time.Second)
	if _, ok := body["productOverride"]; !ok {
		body["productOverride"] = productText
	}
	return c.do("POST", "/api/chat", body)
}

// wantUnreachable fails unless r is the 503 that says the AI customer cannot
// be reached, with Retry-After (header and body) of retryAfter seconds.
func wantUnreachable(t *testing.T, r response, retryAfter int) map[string]any {
	t.Helper()
	body := r.must(t, 503).json(t)
	if body["error"] != unreachable {
		t.Errorf("error = %q, want %q", body["error"], unreachable)
	}
	if got := r.header.Get("Retry-After"); got != strconv.Itoa(retryAfter) {
		t.Errorf("Retry-After = %q, want %d", got, retryAfter)
	}
	if got, _ := body["retryAfter"].(float64); int(got) != retryAfter {
		t.Errorf("retryAfter in the body = %v, want %d", body["retryAfter"], retryAfter)
	}
	return body
}

func TestChatSaysWhenTheModelServerIsUnreachable(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		t.Run("nobody listens", func(t *testing.T) {
			e := newEnv(t, db, withModelAt(t, closedURL(t), 5*time.Second))
			c := chatUser(t, e, "lost-"+db.Dialect()+"@example.com")
			// A failed first message keeps the chat and the message, and
			// names the chat so that sending again continues it.
			body := wantUnreachable(t, c.chatRaw(map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo, hier ist CloudKasse."}),
				int(openai.UnavailableRetryAfter/time.Second))
			id, _ := body["conversationId"].(string)
			if id == "" {
				t.Fatalf("no conversationId for the failed first message: %v", body)
			}
			msgs := c.do("GET", "/api/conversations/"+id, nil).must(t, 200).json(t)["messages"].([]any)
			if len(msgs) != 1 || msgs[0].(map[string]any)["content"] != "Hallo, hier ist CloudKasse." {
				t.Errorf("messages after the failed first turn = %v", msgs)
			}
		})

		fake := openaitest.New(t)
		e := newEnv(t, db, withFakeModel(t, fake, time.Second))
		c := chatUser(t, e, "patient-"+db.Dialect()+"@example.com")

		t.Run("5xx with the server's Retry-After", func(t *testing.T) {
			fake.Fail(503, 1)
			fake.RetryAfter("45")
			defer fake.RetryAfter("")
			body := wantUnreachable(t, c.chatRaw(map[string]any{"mode": "Übung", "difficulty": 1, "message": "Guten Tag!"}), 45)
			id := body["conversationId"].(string)
			// Sending again continues the chat with the kept message.
			c.chatRaw(map[string]any{"conversationId": id, "message": "Guten Tag!"}).must(t, 200)
			msgs := c.do("GET", "/api/conversations/"+id, nil).must(t, 200).json(t)["messages"].([]any)
			if len(msgs) != 2 {
				t.Errorf("%d messages after the resend, want the kept one and the reply", len(msgs))
			}

			// A later turn: the score call fails first (and the built-in
			// trainer scores), then the reply; the answer is the same.
			fake.Fail(500, 4)
			fake.RetryAfter("")
			wantUnreachable(t, c.chatRaw(map[string]any{"conversationId": id, "message": "Was zahlen Sie heute?"}), 30)
			// A Retry-After beyond the bound is cut to it.
			fake.Fail(429, 2)
			fake.RetryAfter("3600")
			wantUnreachable(t, c.chatRaw(map[string]any{"conversationId": id, "message": "Was zahlen Sie heute?"}),
				int(openai.MaxUnavailableRetry/time.Second))
		})

		t.Run("timeout", func(t *testing.T) {
			fake.Delay(time.Hour)
			defer fake.Delay(0)
			wantUnreachable(t, c.chatRaw(map[string]any{"mode": "Prüfung", "message": "Hallo, ich bin Tom."}), 30)
		})

		t.Run("the stream breaks off", func(t *testing.T) {
			first := c.chatRaw(map[string]any{"mode": "Übung", "difficulty": 1, "message": "Moin!"}).must(t, 200).json(t)
			fake.StreamHalfAndStop()
			c.e.clock.Advance(21 * time.Second)
			status, names, data := sseEvents(t, c, map[string]any{"conversationId": first["conversationId"], "message": "Wir sparen Ihnen Zeit.", "productOverride": productText})
			if status != 200 || len(names) < 2 || names[0] != "token" || names[len(names)-1] != "error" {
				t.Fatalf("status %d, events %v", status, names)
			}
			last := data[len(data)-1]
			if last["error"] != unreachable || last["retryAfter"] != float64(30) {
				t.Errorf("error event = %v", last)
			}
		})
	})
}
