package httpapi_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"salescoach/coach"
	"salescoach/coach/trainer"
	"salescoach/httpapi"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// turnWatch wraps the engine of every app instance of a test: it counts the
// turns that are with the model at once (from the assessment of an answer
// to the end of the customer's reply), and can hold the next turn that
// reaches the model until the test lets it go.
type turnWatch struct {
	coach.Engine
	inFlight, overlaps atomic.Int32
	// overlapped is closed at the first overlap.
	overlapped chan struct{}
	once       sync.Once
	// hold, when set, is closed by the test to let the held turn go; held
	// is closed when the turn is being held.
	mu   sync.Mutex
	hold chan struct{}
	held chan struct{}
}

func (w *turnWatch) Assess(ctx context.Context, in coach.Input) (*coach.Assessment, coach.Usage, error) {
	if w.inFlight.Add(1) > 1 {
		w.overlaps.Add(1)
		w.once.Do(func() { close(w.overlapped) })
	}
	w.mu.Lock()
	hold, held := w.hold, w.held
	w.hold = nil
	w.mu.Unlock()
	if hold != nil {
		close(held)
		<-hold
	}
	return w.Engine.Assess(ctx, in)
}

func (w *turnWatch) Reply(ctx context.Context, in coach.Input, plan coach.ReplyPlan, emit func(string)) (string, coach.Usage, error) {
	defer w.inFlight.Add(-1)
	return w.Engine.Reply(ctx, in, plan, emit)
}

// holdNext makes the next assessment wait until release is closed; held is
// closed once it waits.
func (w *turnWatch) holdNext() (held, release chan struct{}) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.hold, w.held = make(chan struct{}), make(chan struct{})
	return w.held, w.hold
}

// turnAnswer is what one chat request got: the status and the answer (for
// a stream, the data of its last event, named in event).
type turnAnswer struct {
	status int
	event  string
	body   map[string]any
	err    error
}

// sendTurn posts a chat message to one instance without the testing.T, so
// that it can run in any goroutine.
func sendTurn(base, token, conversationID, message string, stream bool) turnAnswer {
	b, _ := json.Marshal(map[string]any{"conversationId": conversationID, "message": message, "productOverride": productText})
	req, _ := http.NewRequest("POST", base+"/api/chat", strings.NewReader(string(b)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	if stream {
		req.Header.Set("Accept", "text/event-stream")
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return turnAnswer{err: err}
	}
	defer res.Body.Close()
	a := turnAnswer{status: res.StatusCode}
	if !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		raw, err := io.ReadAll(res.Body)
		if err == nil {
			err = json.Unmarshal(raw, &a.body)
		}
		a.err = err
		return a
	}
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		line := sc.Text()
		if name, ok := strings.CutPrefix(line, "event: "); ok {
			a.event = name
		} else if data, ok := strings.CutPrefix(line, "data: "); ok {
			a.body = nil
			a.err = json.Unmarshal([]byte(data), &a.body)
		}
	}
	return a
}

// TestTurnsAcrossProcesses runs three app instances, each with its own
// connection pool and chat service, on one PostgreSQL database, and sends
// turns of one chat to all of them at once, as two tabs behind a load
// balancer do. The chat's messages must strictly alternate (user, customer,
// user, ...), every accepted message must be followed by its own reply, and
// every refused one must get 409 conversation_busy and be stored nowhere.
//
// On SQLite the three instances share one database file, as processes on
// one machine may.
func TestTurnsAcrossProcesses(t *testing.T) {
	t.Run("sqlite", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "shared.db")
		db, err := sqlstore.Open(t.Context(), path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if err := db.Migrate(t.Context()); err != nil {
			t.Fatal(err)
		}
		testTurnsAcrossProcesses(t, path)
	})
	t.Run("postgres", func(t *testing.T) { testTurnsAcrossProcesses(t, sqlstoretest.NewPostgresURL(t)) })
}

func testTurnsAcrossProcesses(t *testing.T, url string) {
	watch := &turnWatch{Engine: trainer.New(), overlapped: make(chan struct{})}
	var apps [3]*env
	for i := range apps {
		db, err := sqlstore.Open(t.Context(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		apps[i] = newEnv(t, db, func(cfg *httpapi.Config, deps *httpapi.Deps) {
			cfg.ChatPerMinute = 1 << 20
			deps.Training.Engine = watch
		})
	}
	// The instances share the access-token secret, as a deployment must.
	c := chatUser(t, apps[0], "two.tabs@example.com")
	opening := c.chat(t, map[string]any{"mode": "Übung", "difficulty": 3, "message": "Hallo, ich stelle Ihnen CloudKasse vor."}, 200)
	chatID := opening["conversationId"].(string)

	// sendAll sends n turns at once, spread over the instances, half of
	// them streamed, each with its own text, and delivers each answer as it
	// arrives.
	type arrival struct {
		i int
		a turnAnswer
	}
	sendAll := func(round, n int) <-chan arrival {
		start := make(chan struct{})
		out := make(chan arrival, n)
		for i := range n {
			go func() {
				<-start
				out <- arrival{i, sendTurn(apps[i%len(apps)].srv.URL, c.token, chatID, turnText(round, i), i%2 == 1)}
			}()
		}
		close(start)
		return out
	}
	collect := func(in <-chan arrival, n int) []turnAnswer {
		answers := make([]turnAnswer, n)
		for range n {
			r := <-in
			answers[r.i] = r.a
		}
		return answers
	}
	accepted := map[string]string{} // user message id → its reply's id
	refusedTexts := map[string]bool{}
	tally := func(round int, answers []turnAnswer) (ok, busy int) {
		for i, a := range answers {
			text := turnText(round, i)
			switch {
			case a.err != nil:
				t.Errorf("round %d tab %d: %v", round, i, a.err)
			case a.status == 200 && (a.event == "" || a.event == "done"):
				ok++
				accepted[a.body["userMessageId"].(string)] = a.body["assistantMessageId"].(string)
			case a.status == 409 && a.body["code"] == "conversation_busy":
				busy++
				refusedTexts[text] = true
				if a.body["error"] != "In diesem Chat wird gerade eine andere Nachricht beantwortet. Warte die Antwort ab und sende deine Nachricht dann erneut." {
					t.Errorf("refusal text = %v", a.body["error"])
				}
			default:
				t.Errorf("round %d tab %d: status %d event %q %v", round, i, a.status, a.event, a.body)
			}
		}
		return ok, busy
	}

	// Round 0: the first turn to reach the model is held there until the
	// five others have been answered, so all six overlap for certain: the
	// held turn holds the chat, and each other one must be refused. One
	// that waited instead would not answer while the first is held, one
	// that went ahead would reach the model beside it or be answered: then
	// the held turn is let go at once.
	held, release := watch.holdNext()
	arrivals := sendAll(0, 6)
	<-held
	answers := make([]turnAnswer, 6)
	overlapped := watch.overlapped
	for got := 0; got < 6; {
		select {
		case r := <-arrivals:
			answers[r.i] = r.a
			got++
			if r.a.status != 409 {
				overlapped = nil
			}
		case <-overlapped:
			overlapped = nil
		}
		if release != nil && (got == 5 || overlapped == nil) {
			close(release)
			release = nil
		}
	}
	if ok, busy := tally(0, answers); ok != 1 || busy != 5 {
		t.Errorf("round 0: %d turns accepted, %d refused; want 1 and 5", ok, busy)
	}

	// Rounds 1–5: six turns at once, unheld: however they interleave, each
	// is accepted or refused as a whole.
	for round := 1; round <= 5; round++ {
		if ok, _ := tally(round, collect(sendAll(round, 6), 6)); ok < 1 {
			t.Errorf("round %d: no turn accepted", round)
		}
	}
	if n := watch.overlaps.Load(); n != 0 {
		t.Errorf("%d times two turns of one chat were with the model at once", n)
	}

	detail := c.do("GET", "/api/conversations/"+chatID, nil).must(t, 200).json(t)
	msgs := detail["messages"].([]any)
	var roles strings.Builder
	for i, m := range msgs {
		m := m.(map[string]any)
		role := m["role"].(string)
		roles.WriteString(role[:1])
		if want := map[bool]string{true: "user", false: "assistant"}[i%2 == 0]; role != want {
			t.Errorf("message %d is %s, want %s", i, role, want)
		}
		if reply, ok := accepted[m["id"].(string)]; ok {
			if i+1 >= len(msgs) || msgs[i+1].(map[string]any)["id"] != reply {
				t.Errorf("accepted message %d is not followed by its reply %s", i, reply)
			}
			delete(accepted, m["id"].(string))
		}
		if refusedTexts[m["content"].(string)] {
			t.Errorf("refused message %q was stored", m["content"])
		}
	}
	if len(accepted) != 0 {
		t.Errorf("%d accepted messages are not in the chat", len(accepted))
	}
	if len(msgs) < 2+2*6 {
		t.Errorf("%d messages, want at least %d", len(msgs), 2+2*6)
	}
	t.Logf("stored: %s", roles.String())
}

// turnText is the message of one tab in one round.
func turnText(round, tab int) string {
	return fmt.Sprintf("Runde %d, Tab %d: Das ist doch gar nicht teuer.", round, tab)
}
