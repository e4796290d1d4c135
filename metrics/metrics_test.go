package metrics_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"salescoach"
	"salescoach/coach"
	"salescoach/coach/openai"
	"salescoach/coach/openai/openaitest"
	"salescoach/coach/trainer"
	"salescoach/mail"
	"salescoach/metrics"
	"salescoach/metrics/metricstest"
	"salescoach/realtime"
	"salescoach/sqlstore"
)

// value reads one series from m's registry (metricstest.Families.Value).
func value(t *testing.T, m *metrics.Metrics, name string, labels ...string) float64 {
	t.Helper()
	return metricstest.Gather(t, m.Registry()).Value(name, labels...)
}

func quietLog() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// chatInput is a chat in which the customer raised the price objection and
// the seller answered.
func chatInput() coach.Input {
	return coach.Input{
		Scenario: coach.Scenario{Product: "CloudKasse, ein Kassensystem für Cafés", Language: salescoach.LanguageDE,
			Formality: salescoach.FormalitySie, Mode: salescoach.ModePractice, Difficulty: 2, Seed: "3f1c2a9e-0000-4000-8000-000000000001"},
		History: []coach.Turn{{Role: salescoach.RoleSeller, Content: "Guten Tag!"}, {Role: salescoach.RoleAssistant, Content: "Das ist mir zu teuer."},
			{Role: salescoach.RoleSeller, Content: "Verstehe ich. Was würde es Ihnen bringen, wenn die Inventur von selbst läuft?"}},
		Stage: 1, TotalStages: 2, Objection: "price", Objections: []string{"price", "trust"},
	}
}

// openaiEngine is the production OpenAI engine against a fake model
// server.
func openaiEngine(t *testing.T) (*openaitest.Server, *openai.Engine) {
	t.Helper()
	srv := openaitest.New(t)
	e, err := openai.New(openai.Config{BaseURL: srv.URL(), Model: "test-model", Logger: quietLog()})
	if err != nil {
		t.Fatal(err)
	}
	return srv, e
}

func TestEngineMeasuresEveryPurposeWithTheModelsUsage(t *testing.T) {
	_, inner := openaiEngine(t)
	m := metrics.New()
	e := m.Engine(inner)
	ctx, in := t.Context(), chatInput()

	// The reply: the caller's emit gets exactly the pieces, and the first
	// one's time is recorded.
	var pieces []string
	text, u, err := e.Reply(ctx, in, coach.ReplyPlan{Kind: coach.ReplyPush, Assessment: &coach.Assessment{Score: 40}}, func(p string) { pieces = append(pieces, p) })
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(pieces, "") != text || len(pieces) < 2 {
		t.Errorf("pieces %q do not make the reply %q", pieces, text)
	}
	usages := map[string]coach.Usage{metrics.PurposeReply: u}
	if _, usages[metrics.PurposeScore], err = e.Assess(ctx, in); err != nil {
		t.Fatal(err)
	}
	if _, usages[metrics.PurposeHint], err = e.Hint(ctx, in); err != nil {
		t.Fatal(err)
	}
	if _, usages[metrics.PurposePerfect], err = e.PerfectAnswer(ctx, in); err != nil {
		t.Fatal(err)
	}
	if _, usages[metrics.PurposeEvaluation], err = e.Evaluate(ctx, in); err != nil {
		t.Fatal(err)
	}
	if _, usages[metrics.PurposeSummary], err = e.Summarize(ctx, "de", "CloudKasse ist ein Kassensystem für Cafés und Bäckereien. Es rechnet ab und zählt die Inventur."); err != nil {
		t.Fatal(err)
	}

	for purpose, u := range usages {
		if u.TokensIn == 0 || u.TokensOut == 0 {
			t.Fatalf("%s: the fake reported no tokens (%+v)", purpose, u)
		}
		if n := value(t, m, "salescoach_model_call_duration_seconds", "purpose", purpose); n != 1 {
			t.Errorf("%s: %v calls timed, want 1", purpose, n)
		}
		if n := value(t, m, "salescoach_model_tokens_total", "purpose", purpose, "kind", "prompt"); n != float64(u.TokensIn) {
			t.Errorf("%s: %v prompt tokens, want %d", purpose, n, u.TokensIn)
		}
		if n := value(t, m, "salescoach_model_tokens_total", "purpose", purpose, "kind", "completion"); n != float64(u.TokensOut) {
			t.Errorf("%s: %v completion tokens, want %d", purpose, n, u.TokensOut)
		}
		if n := value(t, m, "salescoach_model_errors_total", "purpose", purpose); n != 0 {
			t.Errorf("%s: %v errors, want none", purpose, n)
		}
	}
	if n := value(t, m, "salescoach_model_time_to_first_token_seconds", "purpose", metrics.PurposeReply); n != 1 {
		t.Errorf("time to first token observed %v times, want 1", n)
	}
}

func TestEngineCountsErrorsByCode(t *testing.T) {
	srv, inner := openaiEngine(t)
	m := metrics.New()
	e := m.Engine(inner)
	srv.Fail(http.StatusBadRequest, 1) // not retried
	if _, _, err := e.Hint(t.Context(), chatInput()); salescoach.ErrorCode(err) != salescoach.EUNAVAILABLE {
		t.Fatalf("hint with a failing server: %v", err)
	}
	if n := value(t, m, "salescoach_model_errors_total", "purpose", metrics.PurposeHint, "code", salescoach.EUNAVAILABLE); n != 1 {
		t.Errorf("hint errors = %v, want 1", n)
	}
	if n := value(t, m, "salescoach_model_call_duration_seconds", "purpose", metrics.PurposeHint); n != 1 {
		t.Errorf("failed hint timed %v times, want 1", n)
	}

	// A reply that fails before its first piece: an error, no first token.
	tm := metrics.New()
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	if _, _, err := tm.Engine(trainer.New()).Reply(ctx, chatInput(), coach.ReplyPlan{Kind: coach.ReplyOpen}, nil); err == nil {
		t.Fatal("reply with an ended context succeeded")
	}
	if n := value(t, tm, "salescoach_model_errors_total", "purpose", metrics.PurposeReply, "code", salescoach.EUNAVAILABLE); n != 1 {
		t.Errorf("reply errors = %v, want 1", n)
	}
	if n := value(t, tm, "salescoach_model_time_to_first_token_seconds", "purpose", metrics.PurposeReply); n != 0 {
		t.Errorf("time to first token observed %v times for a reply without text", n)
	}
}

// details is what the admin settings page asks an engine.
type details interface {
	Model() string
	BaseURL() string
}

func TestEngineKeepsTheOptionalMethods(t *testing.T) {
	srv, inner := openaiEngine(t)
	m := metrics.New()
	e := m.Engine(inner)
	if e.Name() != "openai" {
		t.Errorf("name = %q", e.Name())
	}
	c, ok := e.(coach.Checker)
	if !ok {
		t.Fatal("the wrapped OpenAI engine lost Check")
	}
	if err := c.Check(t.Context()); err != nil {
		t.Errorf("check: %v", err)
	}
	srv.Fail(http.StatusUnauthorized, 1)
	if err := c.Check(t.Context()); err == nil {
		t.Error("check passed against a failing server: not the inner Check")
	}
	d, ok := e.(details)
	if !ok || d.Model() != inner.Model() || d.BaseURL() != inner.BaseURL() {
		t.Errorf("the wrapped engine lost Model/BaseURL (%v)", ok)
	}

	b := m.Engine(trainer.New())
	if _, ok := b.(coach.Checker); ok {
		t.Error("the wrapped trainer claims to check a server")
	}
	if _, ok := b.(details); ok {
		t.Error("the wrapped trainer claims a model and URL")
	}
	if b.Name() != "builtin" {
		t.Errorf("name = %q", b.Name())
	}
}

// TestEngineCountsConcurrentRepliesExactly releases replies together: every
// one is timed and has its first token recorded, none lost.
func TestEngineCountsConcurrentRepliesExactly(t *testing.T) {
	const n = 40
	m := metrics.New()
	e := m.Engine(trainer.New())
	want, _, err := trainer.New().Reply(t.Context(), chatInput(), coach.ReplyPlan{Kind: coach.ReplyOpen}, nil)
	if err != nil {
		t.Fatal(err)
	}
	start := make(chan struct{})
	var wg sync.WaitGroup
	errs := make(chan string, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			var b strings.Builder
			var emit func(string)
			if i%2 == 0 { // half with a caller that streams, half without
				emit = func(p string) { b.WriteString(p) }
			}
			text, _, err := e.Reply(context.Background(), chatInput(), coach.ReplyPlan{Kind: coach.ReplyOpen}, emit)
			if err != nil || text != want || (emit != nil && b.String() != want) {
				errs <- "reply differs from the unwrapped trainer's"
			}
		}()
	}
	close(start)
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if got := value(t, m, "salescoach_model_call_duration_seconds", "purpose", metrics.PurposeReply); got != n {
		t.Errorf("%v replies timed, want %d", got, n)
	}
	if got := value(t, m, "salescoach_model_time_to_first_token_seconds", "purpose", metrics.PurposeReply); got != n {
		t.Errorf("%v first tokens, want %d", got, n)
	}
}

func TestMailerCountsSentAndFailed(t *testing.T) {
	const n = 20
	m := metrics.New()
	mailer := m.Mailer(mail.NewLogMailer(quietLog()))
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			to := "lea@example.com"
			if i%4 == 0 {
				to = "lea@example.com\r\nBcc: all@example.com" // refused, as SMTP would
			}
			_ = mailer.Send(context.Background(), salescoach.MailMessage{To: to, Subject: "Hallo", Text: "Text"})
		}()
	}
	close(start)
	wg.Wait()
	if got := value(t, m, "salescoach_mails_total", "result", "sent"); got != 15 {
		t.Errorf("sent = %v, want 15", got)
	}
	if got := value(t, m, "salescoach_mails_total", "result", "failed"); got != 5 {
		t.Errorf("failed = %v, want 5", got)
	}
	err := mailer.Send(t.Context(), salescoach.MailMessage{To: "a@b.c\nx", Subject: "s", Text: "t"})
	if salescoach.ErrorCode(err) != salescoach.EINVALID {
		t.Errorf("the inner error was not passed on: %v", err)
	}
}

func TestRequestsAndChatTurnsHaveBoundedLabels(t *testing.T) {
	m := metrics.New()
	m.ObserveRequest("GET /api/conversations/{id}", 200, 3*time.Millisecond)
	m.ObserveRequest("GET /api/conversations/{id}", 404, time.Millisecond)
	m.ObserveRequest("", 404, time.Millisecond)
	m.ObserveRequest("GET /healthz", 0, time.Millisecond) // nothing written: net/http sends 200
	for _, c := range []struct {
		route, code string
		want        float64
	}{{"GET /api/conversations/{id}", "200", 1}, {"GET /api/conversations/{id}", "404", 1}, {metrics.RouteUnmatched, "404", 1}, {"GET /healthz", "200", 1}} {
		if got := value(t, m, "salescoach_http_requests_total", "route", c.route, "code", c.code); got != c.want {
			t.Errorf("requests{%s,%s} = %v, want %v", c.route, c.code, got, c.want)
		}
		if got := value(t, m, "salescoach_http_request_duration_seconds", "route", c.route, "code", c.code); got != c.want {
			t.Errorf("durations{%s,%s} = %v, want %v", c.route, c.code, got, c.want)
		}
	}

	m.ObserveChatTurn(salescoach.ModePractice, nil)
	m.ObserveChatTurn(salescoach.ModeExam, salescoach.NewError(salescoach.ELIMIT, salescoach.MsgInternal))
	m.ObserveChatTurn("Plauderei", io.ErrUnexpectedEOF)
	for _, c := range [][2]string{{"practice", "ok"}, {"exam", "limit"}, {"unknown", salescoach.EINTERNAL}} {
		if got := value(t, m, "salescoach_chat_turns_total", "mode", c[0], "outcome", c[1]); got != 1 {
			t.Errorf("chat turns{%s,%s} = %v, want 1", c[0], c[1], got)
		}
	}
}

func TestHandlerServesMetricsAndProfiles(t *testing.T) {
	db, err := sqlstore.Open(t.Context(), filepath.Join(t.TempDir(), "m.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	hub := realtime.NewHub()
	m := metrics.New()
	m.WatchDB(db.SQL())
	m.WatchStreams(hub.Subscribers)
	a, b := hub.Subscribe("u1"), hub.Subscribe("u2")
	defer b.Close()
	if got := value(t, m, "salescoach_live_update_streams_open"); got != 2 {
		t.Errorf("streams open = %v, want 2", got)
	}
	a.Close()
	if got := value(t, m, "salescoach_live_update_streams_open"); got != 1 {
		t.Errorf("streams open after one closed = %v, want 1", got)
	}

	srv := httptest.NewServer(m.Handler())
	defer srv.Close()
	body := get(t, srv.URL+"/metrics", 200)
	for _, want := range []string{"go_goroutines ", "go_memstats_heap_alloc_bytes ", "process_cpu_seconds_total ",
		`go_sql_max_open_connections{db_name="salescoach"}`, "salescoach_live_update_streams_open 1", `salescoach_mails_total{result="failed"} 0`} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if body := get(t, srv.URL+"/debug/pprof/", 200); !strings.Contains(body, "goroutine") {
		t.Error("pprof index lists no goroutine profile")
	}
	get(t, srv.URL+"/debug/pprof/goroutine?debug=1", 200)
	get(t, srv.URL+"/debug/pprof/cmdline", 200)
}

func TestNilMetricsIsOff(t *testing.T) {
	var m *metrics.Metrics
	inner := trainer.New()
	if m.Engine(inner) != coach.Engine(inner) {
		t.Error("a nil Metrics wrapped the engine")
	}
	lm := mail.NewLogMailer(quietLog())
	if m.Mailer(lm) != salescoach.Mailer(lm) {
		t.Error("a nil Metrics wrapped the mailer")
	}
	m.ObserveRequest("GET /healthz", 200, time.Millisecond)
	m.ObserveChatTurn(salescoach.ModePractice, nil)
	m.WatchStreams(func() int { return 0 })
	if m.Registry() != nil {
		t.Error("a nil Metrics has a registry")
	}
	srv := httptest.NewServer(m.Handler())
	defer srv.Close()
	get(t, srv.URL+"/metrics", 404)
}

func get(t *testing.T, url string, status int) string {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != status {
		t.Fatalf("GET %s = %d, want %d", url, res.StatusCode, status)
	}
	return string(b)
}

// BenchmarkObserveRequest is the cost metrics add to every request besides
// the route lookup: two label lookups, a counter and a histogram.
func BenchmarkObserveRequest(b *testing.B) {
	m := metrics.New()
	routes := []string{"POST /api/chat", "GET /api/conversations/{id}", "GET /api/me", ""}
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			m.ObserveRequest(routes[i%len(routes)], 200, time.Millisecond)
			i++
		}
	})
}
