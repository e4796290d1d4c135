package openai_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"salescoach"
	"salescoach/coach"
	"salescoach/coach/openai"
	"salescoach/coach/openai/openaitest"
)

const (
	testModel = "gpt-test"
	testKey   = "sk-test-0123456789abcdef"
	product   = "Zeiterfassung-Cloud für Handwerksbetriebe mit 14 Tagen Testphase"
)

// logBuffer collects the engine's log lines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

func newEngine(t testing.TB, srv *openaitest.Server, edit ...func(*openai.Config)) (*openai.Engine, *logBuffer) {
	t.Helper()
	logs := &logBuffer{}
	cfg := openai.Config{
		BaseURL: srv.URL(),
		Model:   testModel,
		Logger:  slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	}
	for _, f := range edit {
		f(&cfg)
	}
	e, err := openai.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return e, logs
}

func input(lang, formality string) coach.Input {
	return coach.Input{
		Scenario: coach.Scenario{
			Product:     product,
			Mode:        salescoach.ModePractice,
			Difficulty:  2,
			Formality:   formality,
			Language:    lang,
			Tone:        &salescoach.TonePreset{Name: "Skeptisch", Description: "zweifelt jede Zahl an"},
			CompanyRole: "Account Executive",
		},
		History: []coach.Turn{
			{Role: salescoach.RoleUser, Content: "Hallo, ich möchte Ihnen unsere Zeiterfassung vorstellen."},
			{Role: salescoach.RoleAssistant, Content: "Das ist mir ehrlich gesagt zu teuer."},
			{Role: salescoach.RoleSeller, Content: "Verstehe ich gut. Was zahlen Sie heute für die Stundenzettel-Auswertung?"},
		},
		Stage: 1, TotalStages: 2, Objection: "price", Progress: 20,
	}
}

// inTurn answers a schema's requests with the answers in turn, one per
// request.
func inTurn(answers ...string) func(openaitest.Request) string {
	var mu sync.Mutex
	return func(openaitest.Request) string {
		mu.Lock()
		defer mu.Unlock()
		a := answers[0]
		answers = answers[1:]
		return a
	}
}

// wantUnavailable fails unless err is an EUNAVAILABLE *salescoach.Error with
// the message.
func wantUnavailable(t *testing.T, err error, message salescoach.Msg) {
	t.Helper()
	var se *salescoach.Error
	if !errors.As(err, &se) {
		t.Fatalf("error = %v, want *salescoach.Error", err)
	}
	if se.Code != salescoach.EUNAVAILABLE || se.Msg.Key != message.Key {
		t.Fatalf("error = %s %q, want %s %q", se.Code, se.Msg.Key, salescoach.EUNAVAILABLE, message.Key)
	}
}

func TestNewValidatesConfig(t *testing.T) {
	for _, cfg := range []openai.Config{
		{BaseURL: "", Model: "m"},
		{BaseURL: "localhost:11434/v1", Model: "m"},
		{BaseURL: "ftp://example.com/v1", Model: "m"},
		{BaseURL: "http://localhost:11434/v1", Model: " "},
	} {
		if _, err := openai.New(cfg); salescoach.ErrorCode(err) != salescoach.EINVALID {
			t.Errorf("New(%+v) error = %v, want EINVALID", cfg, err)
		}
	}
	e, err := openai.New(openai.Config{BaseURL: "http://localhost:11434/v1/", Model: "llama3.2"})
	if err != nil || e.Name() != "openai" {
		t.Fatalf("New = %v, %v", e, err)
	}
}

func TestReplyStreamsInPieces(t *testing.T) {
	srv := openaitest.New(t, openaitest.WithAPIKey(testKey), openaitest.WithChunker(openaitest.Every(4)))
	text := "Hm, das klingt erst mal gut. Aber 12 Euro pro Mitarbeiter im Monat – das ist für uns mit 40 Leuten ein echter Posten."
	srv.Reply(text)
	e, _ := newEngine(t, srv, func(c *openai.Config) { c.APIKey = testKey })

	var pieces []string
	got, usage, err := e.Reply(context.Background(), input("de", "sie"), coach.ReplyPlan{Kind: coach.ReplyPush,
		Assessment: &coach.Assessment{Score: 35, Techniques: []salescoach.Technique{{Key: "acknowledge", Shown: true}, {Key: "evidence"}}}},
		func(p string) { pieces = append(pieces, p) })
	if err != nil {
		t.Fatal(err)
	}
	if got != text {
		t.Errorf("reply = %q, want %q", got, text)
	}
	if len(pieces) < 10 || strings.Join(pieces, "") != got {
		t.Errorf("%d pieces %q do not stream the reply", len(pieces), pieces)
	}
	if usage.Model != testModel || usage.TokensIn == 0 || usage.TokensOut != len(openaitest.Every(4)(text)) {
		t.Errorf("usage = %+v", usage)
	}

	reqs := srv.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d requests", len(reqs))
	}
	r := reqs[0]
	if r.Path != "/v1/chat/completions" || r.Model != testModel || !r.Stream || !r.IncludeUsage || r.ResponseFormat != nil {
		t.Errorf("request = %s model %q stream %v usage %v format %v", r.Path, r.Model, r.Stream, r.IncludeUsage, r.ResponseFormat)
	}
	if h := r.Header.Get("Authorization"); h != "Bearer "+testKey {
		t.Errorf("Authorization = %q", h)
	}
	roles := make([]string, len(r.Messages))
	for i, m := range r.Messages {
		roles[i] = m.Role
	}
	if want := "system user assistant user system system"; strings.Join(roles, " ") != want {
		t.Errorf("roles = %v, want %s", roles, want)
	}
	last := r.Messages[len(r.Messages)-1].Content
	if last != coach.ReminderPrefix+product {
		t.Errorf("last message = %q, want the reminder line", last)
	}
	if inst := r.Messages[len(r.Messages)-2].Content; !strings.Contains(inst, "Beleg / Beispiel") || !strings.Contains(inst, "35 von 100") {
		t.Errorf("instruction does not name what the answer lacked: %q", inst)
	}
	if !strings.Contains(r.Messages[0].Content, "siezt") || !strings.Contains(r.Messages[0].Content, "Skeptisch") {
		t.Errorf("persona misses formality or tone: %q", r.Messages[0].Content)
	}
}

func TestReplyTrimsAndDropsThinking(t *testing.T) {
	srv := openaitest.New(t, openaitest.WithChunker(openaitest.Every(3)))
	srv.Reply("<think>\nDer Kunde soll skeptisch sein.\n</think>\n\n  Zu teuer, ehrlich.  \n")
	e, _ := newEngine(t, srv)
	var b strings.Builder
	got, _, err := e.Reply(context.Background(), input("de", "du"), coach.ReplyPlan{Kind: coach.ReplyOpen}, func(p string) { b.WriteString(p) })
	if err != nil {
		t.Fatal(err)
	}
	if got != "Zu teuer, ehrlich." || b.String() != got {
		t.Errorf("reply %q, emitted %q", got, b.String())
	}
}

func TestReplyHalfStreamIsAnError(t *testing.T) {
	srv := openaitest.New(t)
	srv.Reply("Das müsste ich erst mit meinem Chef besprechen, der entscheidet über solche Ausgaben.")
	srv.StreamHalfAndStop()
	e, _ := newEngine(t, srv)
	var emitted string
	got, _, err := e.Reply(context.Background(), input("de", "sie"), coach.ReplyPlan{Kind: coach.ReplyOpen}, func(p string) { emitted += p })
	wantUnavailable(t, err, openai.MessageReply)
	if got != "" {
		t.Errorf("half a reply was returned as a success: %q", got)
	}
	if emitted == "" {
		t.Error("the fake sent no half")
	}
}

func TestReplyRejectsUnknownKind(t *testing.T) {
	srv := openaitest.New(t)
	e, _ := newEngine(t, srv)
	_, _, err := e.Reply(context.Background(), input("de", "sie"), coach.ReplyPlan{Kind: "shout"}, nil)
	if salescoach.ErrorCode(err) != salescoach.EINVALID || len(srv.Requests()) != 0 {
		t.Fatalf("err = %v, %d requests", err, len(srv.Requests()))
	}
}

func TestStructuredCalls(t *testing.T) {
	srv := openaitest.New(t)
	srv.OnSchema(openai.SchemaHint, func(openaitest.Request) string {
		return `{"tip": "  Stell eine Rückfrage: „Was genau ist Ihnen zu teuer?“  "}`
	})
	e, _ := newEngine(t, srv)
	ctx := context.Background()

	for _, lang := range []string{"de", "en"} {
		in := input(lang, "sie")
		a, usage, err := e.Assess(ctx, in)
		if err != nil {
			t.Fatalf("%s Assess: %v", lang, err)
		}
		if len(a.Techniques) != 7 || usage.TokensIn == 0 || usage.Model != testModel {
			t.Errorf("%s assessment %+v usage %+v", lang, a, usage)
		}
		for i, tech := range a.Techniques {
			if tech.Key != coach.RubricKeys[i] || tech.Label != coach.RubricLabel(lang, tech.Key) || tech.Reason == "" {
				t.Errorf("%s technique %d = %+v", lang, i, tech)
			}
		}
		ev, _, err := e.Evaluate(ctx, in)
		if err != nil {
			t.Fatalf("%s Evaluate: %v", lang, err)
		}
		if len(ev.Scores) != 6 || ev.TotalPercent != 50 || ev.Intro == "" {
			t.Errorf("%s evaluation %+v", lang, ev)
		}
		for i, s := range ev.Scores {
			if s.Category != coach.Categories[lang][i] {
				t.Errorf("%s category %d = %q", lang, i, s.Category)
			}
		}
	}
	tip, _, err := e.Hint(ctx, input("de", "sie"))
	if err != nil || tip != "Stell eine Rückfrage: „Was genau ist Ihnen zu teuer?“" {
		t.Errorf("Hint = %q, %v", tip, err)
	}
	msg, _, err := e.PerfectAnswer(ctx, input("de", "sie"))
	if err != nil || msg == "" {
		t.Errorf("PerfectAnswer = %q, %v", msg, err)
	}
	sum, _, err := e.Summarize(ctx, "de", "Wir bauen Zeiterfassung für Handwerker.")
	if err != nil || sum == "" {
		t.Errorf("Summarize = %q, %v", sum, err)
	}

	// Every structured request is non-streamed with a strict JSON schema
	// (the fake answers 400 to a schema OpenAI would reject).
	names := map[string]bool{}
	for _, r := range srv.Requests() {
		rf := r.ResponseFormat
		if r.Stream || r.StreamOptions || rf == nil || rf.Type != "json_schema" || !rf.Strict || !json.Valid(rf.Schema) {
			t.Errorf("request %s: stream %v format %+v", r.SchemaName(), r.Stream, rf)
		}
		if r.Model != testModel || len(r.Messages) != 2 || r.Messages[0].Role != "system" || r.Messages[1].Role != "user" {
			t.Errorf("request %s: model %q messages %+v", r.SchemaName(), r.Model, r.Messages)
		}
		names[r.SchemaName()] = true
	}
	for _, n := range []string{openai.SchemaAssessment, openai.SchemaEvaluation, openai.SchemaHint, openai.SchemaPerfect, openai.SchemaSummary} {
		if !names[n] {
			t.Errorf("no request with schema %q", n)
		}
	}
}

func TestAssessFixesOrderAndLabels(t *testing.T) {
	srv := openaitest.New(t)
	srv.OnSchema(openai.SchemaAssessment, func(openaitest.Request) string {
		keys := []string{"tone", "formality", "next_step", "evidence", "benefit", "question", "acknowledge"}
		var items []string
		for _, k := range keys {
			items = append(items, fmt.Sprintf(`{"key":%q,"label":"whatever","reason":" Sie schrieben „Verstehe ich gut“. ","shown":%v}`, k, k == "acknowledge" || k == "question"))
		}
		return "```json\n{\"move\":{\"expected\":\"explore\",\"made\":true,\"reason\":\"Gut gefragt.\"},\"techniques\":[" + strings.Join(items, ",") + "],\"score\":62.4}\n```"
	})
	e, _ := newEngine(t, srv)
	a, _, err := e.Assess(context.Background(), input("de", "sie"))
	if err != nil {
		t.Fatal(err)
	}
	if a.Score != 62 {
		t.Errorf("score = %d", a.Score)
	}
	for i, tech := range a.Techniques {
		want := salescoach.Technique{Key: coach.RubricKeys[i], Label: coach.RubricLabel("de", coach.RubricKeys[i]),
			Shown: i < 2, Reason: "Sie schrieben „Verstehe ich gut“."}
		if tech != want {
			t.Errorf("technique %d = %+v, want %+v", i, tech, want)
		}
	}
}

func TestEvaluateFixesOrderAndTrimsLists(t *testing.T) {
	srv := openaitest.New(t)
	srv.OnSchema(openai.SchemaEvaluation, func(openaitest.Request) string {
		// English names in a German chat, reversed, and four top points.
		var scores []string
		en := coach.Categories["en"]
		for i := len(en) - 1; i >= 0; i-- {
			scores = append(scores, fmt.Sprintf(`{"category":%q,"comment":"Kommentar %d","score":%d}`, strings.ToUpper(en[i]), i, i*20))
		}
		return `{"intro":"Solide.","scores":[` + strings.Join(scores, ",") + `],"improvements":["  Mehr fragen. ",""],"top_points":["a","b","c","d"]}`
	})
	e, _ := newEngine(t, srv)
	ev, _, err := e.Evaluate(context.Background(), input("de", "du"))
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range ev.Scores {
		if s.Category != coach.Categories["de"][i] || s.Score != i*20 || s.Comment != fmt.Sprintf("Kommentar %d", i) {
			t.Errorf("score %d = %+v", i, s)
		}
	}
	if len(ev.TopPoints) != 3 || len(ev.Improvements) != 1 || ev.Improvements[0] != "Mehr fragen." || ev.TotalPercent != 50 {
		t.Errorf("evaluation = %+v", ev)
	}
}

func TestInvalidJSONOnceIsRetried(t *testing.T) {
	srv := openaitest.New(t)
	srv.InvalidJSON(1)
	e, logs := newEngine(t, srv)
	a, usage, err := e.Assess(context.Background(), input("de", "sie"))
	if err != nil || len(a.Techniques) != 7 {
		t.Fatalf("Assess = %+v, %v", a, err)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 {
		t.Fatalf("%d requests, want 2", len(reqs))
	}
	first, second := reqs[0].Messages, reqs[1].Messages
	if !strings.Contains(second[len(second)-1].Content, "ungültig") || strings.Contains(first[len(first)-1].Content, "ungültig") {
		t.Error("the retry does not say the first answer was invalid")
	}
	// Both attempts cost tokens, so usage counts both prompts.
	want := 0
	for _, r := range reqs {
		for _, m := range r.Messages {
			want += len(strings.Fields(m.Content))
		}
	}
	if usage.TokensIn != want {
		t.Errorf("tokens in = %d, want %d (both attempts)", usage.TokensIn, want)
	}
	if !strings.Contains(logs.String(), "retrying once") {
		t.Errorf("retry not logged: %s", logs)
	}
}

func TestInvalidOutputTwiceFails(t *testing.T) {
	ctx := context.Background()
	calls := []struct {
		name    string
		message salescoach.Msg
		call    func(*openai.Engine) error
	}{
		{"assess", openai.MessageAssessment, func(e *openai.Engine) error { _, _, err := e.Assess(ctx, input("de", "sie")); return err }},
		{"evaluate", openai.MessageEvaluation, func(e *openai.Engine) error { _, _, err := e.Evaluate(ctx, input("de", "sie")); return err }},
		{"hint", openai.MessageHint, func(e *openai.Engine) error { _, _, err := e.Hint(ctx, input("de", "sie")); return err }},
		{"perfect", openai.MessagePerfect, func(e *openai.Engine) error { _, _, err := e.PerfectAnswer(ctx, input("de", "sie")); return err }},
		{"summary", openai.MessageSummary, func(e *openai.Engine) error { _, _, err := e.Summarize(ctx, "de", "Ein Produkt."); return err }},
	}
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			srv := openaitest.New(t)
			srv.InvalidJSON(2)
			e, _ := newEngine(t, srv)
			wantUnavailable(t, c.call(e), c.message)
			if n := len(srv.Requests()); n != 2 {
				t.Errorf("%d requests, want 2", n)
			}
		})
	}
}

func TestFailedValidationIsRetriedThenFails(t *testing.T) {
	srv := openaitest.New(t)
	answers := []string{
		`{"techniques":[],"score":50}`, // no techniques
		`{"techniques":[{"key":"acknowledge","label":"x","reason":"r","shown":true}],"score":150}`, // out of range
	}
	srv.OnSchema(openai.SchemaAssessment, inTurn(answers...))
	e, logs := newEngine(t, srv)
	_, _, err := e.Assess(context.Background(), input("de", "sie"))
	wantUnavailable(t, err, openai.MessageAssessment)
	if n := len(srv.Requests()); n != 2 {
		t.Errorf("%d requests, want 2", n)
	}
	if !strings.Contains(logs.String(), "reason=invalid_output") {
		t.Errorf("final failure not logged as invalid output: %s", logs)
	}

	// Missing categories and empty comments make an evaluation invalid too.
	srv.OnSchema(openai.SchemaEvaluation, func(openaitest.Request) string {
		return `{"intro":"x","scores":[{"category":"Fragetechnik","comment":"","score":10}],"improvements":[],"top_points":[]}`
	})
	_, _, err = e.Evaluate(context.Background(), input("de", "sie"))
	wantUnavailable(t, err, openai.MessageEvaluation)
}

func TestServerErrorsRetryOnce(t *testing.T) {
	t.Run("500 twice fails after one retry", func(t *testing.T) {
		srv := openaitest.New(t)
		srv.Fail(http.StatusInternalServerError, 5)
		e, _ := newEngine(t, srv)
		_, _, err := e.Hint(context.Background(), input("de", "sie"))
		wantUnavailable(t, err, openai.MessageHint)
		if n := len(srv.Requests()); n != 2 {
			t.Errorf("%d requests, want 2", n)
		}
	})
	t.Run("503 once succeeds on the retry", func(t *testing.T) {
		srv := openaitest.New(t)
		srv.Fail(http.StatusServiceUnavailable, 1)
		srv.RetryAfter("0")
		e, _ := newEngine(t, srv)
		if _, _, err := e.Reply(context.Background(), input("de", "sie"), coach.ReplyPlan{Kind: coach.ReplyOpen}, nil); err != nil {
			t.Fatal(err)
		}
		if n := len(srv.Requests()); n != 2 {
			t.Errorf("%d requests, want 2", n)
		}
	})
	t.Run("429 with a long Retry-After is not waited for", func(t *testing.T) {
		srv := openaitest.New(t)
		srv.Fail(http.StatusTooManyRequests, 1)
		srv.RetryAfter("30")
		e, _ := newEngine(t, srv)
		_, _, err := e.Reply(context.Background(), input("de", "sie"), coach.ReplyPlan{Kind: coach.ReplyOpen}, nil)
		wantUnavailable(t, err, openai.MessageReply)
		if n := len(srv.Requests()); n != 1 {
			t.Errorf("%d requests, want 1", n)
		}
	})
	t.Run("400 is not retried", func(t *testing.T) {
		srv := openaitest.New(t)
		srv.Fail(http.StatusBadRequest, 1)
		e, logs := newEngine(t, srv)
		_, _, err := e.PerfectAnswer(context.Background(), input("de", "sie"))
		wantUnavailable(t, err, openai.MessagePerfect)
		if n := len(srv.Requests()); n != 1 {
			t.Errorf("%d requests, want 1", n)
		}
		if !strings.Contains(logs.String(), "level=ERROR") {
			t.Errorf("a rejected request is a configuration error: %s", logs)
		}
	})
}

func TestTimeoutAndCancellation(t *testing.T) {
	// The fake holds every request for an hour; each case must end the call
	// long before that, and the fake must see the client go away.
	const short = 200 * time.Millisecond
	cases := []struct {
		name   string
		config func(*openai.Config)
		ctx    func(*openaitest.Server) (context.Context, context.CancelFunc)
		reason string
	}{
		{"Config.Timeout", func(c *openai.Config) { c.Timeout = short },
			func(*openaitest.Server) (context.Context, context.CancelFunc) {
				return context.WithCancel(context.Background())
			}, "reason=timeout"},
		{"context deadline", nil,
			func(*openaitest.Server) (context.Context, context.CancelFunc) {
				return context.WithTimeout(context.Background(), short)
			}, "reason=timeout"},
		{"context cancel", nil,
			func(srv *openaitest.Server) (context.Context, context.CancelFunc) {
				ctx, cancel := context.WithCancel(context.Background())
				srv.OnRequest(func(openaitest.Request) { cancel() })
				return ctx, cancel
			}, "reason=canceled"},
	}
	for _, c := range cases {
		for _, method := range []string{"reply", "assess"} {
			t.Run(c.name+"/"+method, func(t *testing.T) {
				srv := openaitest.New(t)
				srv.Delay(time.Hour)
				var edits []func(*openai.Config)
				if c.config != nil {
					edits = append(edits, c.config)
				}
				e, logs := newEngine(t, srv, edits...)
				ctx, cancel := c.ctx(srv)
				defer cancel()
				start := time.Now()
				var err error
				if method == "reply" {
					_, _, err = e.Reply(ctx, input("de", "sie"), coach.ReplyPlan{Kind: coach.ReplyOpen}, nil)
					wantUnavailable(t, err, openai.MessageReply)
				} else {
					_, _, err = e.Assess(ctx, input("de", "sie"))
					wantUnavailable(t, err, openai.MessageAssessment)
				}
				if d := time.Since(start); d > 10*time.Second {
					t.Errorf("returned after %v", d)
				}
				select {
				case <-srv.Cancelled():
				case <-time.After(10 * time.Second):
					t.Fatal("the fake never saw the request cancelled")
				}
				if n := len(srv.Requests()); n != 1 {
					t.Errorf("%d requests, want 1 (a timeout is not retried)", n)
				}
				if !strings.Contains(logs.String(), c.reason) {
					t.Errorf("log lacks %s: %s", c.reason, logs)
				}
			})
		}
	}
}

func TestUnauthorizedKeepsKeyOutOfLogs(t *testing.T) {
	const wrong = "sk-wrong-secret-key-42"
	srv := openaitest.New(t, openaitest.WithAPIKey(testKey))
	e, logs := newEngine(t, srv, func(c *openai.Config) { c.APIKey = wrong })
	_, _, err := e.Reply(context.Background(), input("de", "sie"), coach.ReplyPlan{Kind: coach.ReplyOpen}, nil)
	wantUnavailable(t, err, openai.MessageReply)
	_, _, err = e.Evaluate(context.Background(), input("de", "sie"))
	wantUnavailable(t, err, openai.MessageEvaluation)
	if n := len(srv.Requests()); n != 2 {
		t.Errorf("%d requests, want 2 (401 is not retried)", n)
	}
	out := logs.String()
	if strings.Contains(out, wrong) || strings.Contains(out, testKey) {
		t.Errorf("the key is in the logs: %s", out)
	}
	if !strings.Contains(out, "status=401") || !strings.Contains(out, "level=ERROR") || !strings.Contains(out, "invalid_api_key") {
		t.Errorf("the credential error is not logged as one: %s", out)
	}
	if err := fmt.Sprint(err); strings.Contains(err, wrong) {
		t.Errorf("the key is in the error: %s", err)
	}
}

func TestLogsCarryNoContent(t *testing.T) {
	srv := openaitest.New(t)
	const secretReply = "Geheime Kundenantwort 7781."
	srv.Reply(secretReply)
	e, logs := newEngine(t, srv)
	in := input("de", "du")
	in.History = append(in.History, coach.Turn{Role: salescoach.RoleUser, Content: "Vertrauliche Verkäuferzeile 5521"})
	if _, _, err := e.Reply(context.Background(), in, coach.ReplyPlan{Kind: coach.ReplyPush}, nil); err != nil {
		t.Fatal(err)
	}
	srv.InvalidJSON(1)
	if _, _, err := e.Assess(context.Background(), in); err != nil {
		t.Fatal(err)
	}
	out := logs.String()
	for _, s := range []string{product, "5521", "7781", "Beispieltext"} {
		if strings.Contains(out, s) {
			t.Errorf("log contains %q: %s", s, out)
		}
	}
	if !strings.Contains(out, "response_bytes=") {
		t.Errorf("sizes are not logged: %s", out)
	}
}

func TestOllamaStyleBaseURLWithoutKey(t *testing.T) {
	srv := openaitest.New(t)
	e, _ := newEngine(t, srv, func(c *openai.Config) { c.BaseURL = srv.URL() + "/"; c.Model = "llama3.2:3b" })
	got, usage, err := e.Reply(context.Background(), input("en", "du"), coach.ReplyPlan{Kind: coach.ReplyOpen}, nil)
	if err != nil || got != openaitest.DefaultReply || usage.Model != "llama3.2:3b" {
		t.Fatalf("Reply = %q, %+v, %v", got, usage, err)
	}
	r := srv.Requests()[0]
	if r.Header.Get("Authorization") != "" || r.Header.Get("api-key") != "" || r.Path != "/v1/chat/completions" {
		t.Errorf("request %s with headers %v", r.Path, r.Header)
	}
}

func TestAzureStyleBaseURLKeepsQuery(t *testing.T) {
	srv := openaitest.New(t)
	root := strings.TrimSuffix(srv.URL(), "/v1")
	e, _ := newEngine(t, srv, func(c *openai.Config) {
		c.BaseURL = root + "/openai/deployments/coach-4o?api-version=2024-10-21"
		c.APIKey = testKey
	})
	if _, _, err := e.Hint(context.Background(), input("de", "sie")); err != nil {
		t.Fatal(err)
	}
	r := srv.Requests()[0]
	if r.Path != "/openai/deployments/coach-4o/chat/completions" || r.RawQuery != "api-version=2024-10-21" {
		t.Errorf("request went to %s?%s", r.Path, r.RawQuery)
	}
}

func TestOversizedResponseFails(t *testing.T) {
	srv := openaitest.New(t)
	srv.OnSchema(openai.SchemaHint, func(openaitest.Request) string {
		return `{"tip":"` + strings.Repeat("x", openai.MaxResponseBytes) + `"}`
	})
	e, _ := newEngine(t, srv)
	_, _, err := e.Hint(context.Background(), input("de", "sie"))
	wantUnavailable(t, err, openai.MessageHint)
	if n := len(srv.Requests()); n != 1 {
		t.Errorf("%d requests, want 1", n)
	}
}

func TestSummarizeCutsLongAnswers(t *testing.T) {
	srv := openaitest.New(t)
	long := strings.Repeat("Das Produkt hilft Handwerkern, Zeiten zu erfassen. ", 30)
	srv.OnSchema(openai.SchemaSummary, func(r openaitest.Request) string {
		data, _ := json.Marshal(map[string]string{"summary": long})
		return string(data)
	})
	e, _ := newEngine(t, srv)
	got, _, err := e.Summarize(context.Background(), "de", "Website-Text")
	if err != nil {
		t.Fatal(err)
	}
	if n := len([]rune(got)); n > coach.MaxSummaryRunes || !strings.HasSuffix(got, ".") || n < coach.MaxSummaryRunes/2 {
		t.Errorf("summary of %d runes: %q", n, got)
	}
	if _, _, err := e.Summarize(context.Background(), "de", "  "); salescoach.ErrorCode(err) != salescoach.EINVALID {
		t.Errorf("empty text: %v", err)
	}
}

// BenchmarkStreamReply measures one streamed reply against the fake with no
// delay: the client's overhead (request, SSE parsing, emit) plus the fake's.
func BenchmarkStreamReply(b *testing.B) {
	srv := openaitest.New(b)
	srv.Reply(strings.Repeat("Das ist mir ehrlich gesagt zu teuer, wir haben kein Budget. ", 8))
	e, _ := newEngine(b, srv, func(c *openai.Config) { c.Logger = slog.New(slog.DiscardHandler) })
	in := input("de", "sie")
	plan := coach.ReplyPlan{Kind: coach.ReplyOpen}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := e.Reply(ctx, in, plan, func(string) {}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPassingFailuresSayWhenToRetry: an unreachable, slow or overloaded
// server gives the error a RetryAfter (the server's own, bounded, else the
// default); a refused key or a rejected request, which waiting does not
// cure, gives none.
func TestPassingFailuresSayWhenToRetry(t *testing.T) {
	retryAfter := func(t *testing.T, err error) int {
		t.Helper()
		var se *salescoach.Error
		if !errors.As(err, &se) || se.Code != salescoach.EUNAVAILABLE {
			t.Fatalf("error = %v, want EUNAVAILABLE", err)
		}
		return se.RetryAfter
	}
	def := int(openai.UnavailableRetryAfter / time.Second)
	cases := []struct {
		name  string
		setup func(*openaitest.Server)
		edit  func(*openai.Config)
		want  int
	}{
		{"500 twice", func(s *openaitest.Server) { s.Fail(500, 2) }, nil, def},
		{"503 asking for 45 s", func(s *openaitest.Server) { s.Fail(503, 1); s.RetryAfter("45") }, nil, 45},
		{"429 asking for 1 s, twice", func(s *openaitest.Server) { s.Fail(429, 2); s.RetryAfter("1") }, nil,
			int(openai.MinUnavailableRetry / time.Second)},
		{"429 asking for an hour", func(s *openaitest.Server) { s.Fail(429, 1); s.RetryAfter("3600") }, nil,
			int(openai.MaxUnavailableRetry / time.Second)},
		{"timeout", func(s *openaitest.Server) { s.Delay(time.Hour) }, func(c *openai.Config) { c.Timeout = 100 * time.Millisecond }, def},
		{"stream breaks off", func(s *openaitest.Server) { s.StreamHalfAndStop() }, nil, def},
		{"unreachable", nil, func(c *openai.Config) { c.BaseURL = "http://127.0.0.1:1/v1" }, def},
		{"400", func(s *openaitest.Server) { s.Fail(400, 1) }, nil, 0},
		{"wrong key", nil, func(c *openai.Config) { c.APIKey = "sk-wrong" }, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			srv := openaitest.New(t, openaitest.WithAPIKey(testKey))
			if c.setup != nil {
				c.setup(srv)
			}
			edits := []func(*openai.Config){func(cfg *openai.Config) { cfg.APIKey = testKey }}
			if c.edit != nil {
				edits = append(edits, c.edit)
			}
			e, _ := newEngine(t, srv, edits...)
			_, _, err := e.Reply(context.Background(), input("de", "sie"), coach.ReplyPlan{Kind: coach.ReplyOpen}, nil)
			if got := retryAfter(t, err); got != c.want {
				t.Errorf("RetryAfter = %d, want %d", got, c.want)
			}
		})
	}
}
