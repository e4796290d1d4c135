package httpapi_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"salescoach/coach/openai"
	"salescoach/coach/openai/openaitest"
	"salescoach/coach/trainer"
	"salescoach/httpapi"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
	"salescoach/webfetch"
)

const productText = "CloudKasse – ein Kassensystem für Cafés und Bäckereien, das Abrechnung und Inventur automatisiert."

// chatUser signs up, confirms and signs in a user with a product description.
func chatUser(t *testing.T, e *env, addr string) *client {
	t.Helper()
	e.signUpConfirmed(addr, pw)
	c := e.client()
	c.signIn(addr, pw, false)
	return c
}

func (c *client) chat(t *testing.T, body map[string]any, status int) map[string]any {
	t.Helper()
	// Past the fast-answer window, and short enough that the access token
	// outlives a whole chat.
	c.e.clock.Advance(21 * time.Second)
	if _, ok := body["productOverride"]; !ok {
		body["productOverride"] = productText
	}
	return c.do("POST", "/api/chat", body).must(t, status).json(t)
}

// placeholderPattern finds a model answer's placeholders for the seller's
// own facts.
var placeholderPattern = regexp.MustCompile(`\[[^\[\]\n]{2,}\]`)

// ownExamples are what a seller writes into a model answer's placeholders,
// a different one each time.
var ownExamples = []string{
	"ein Café mit acht Leuten spart damit seit März 4 Stunden pro Woche",
	"eine Bäckerei mit drei Filialen hat ihre Inventur von zwei Tagen auf einen halbiert",
	"ein Bistro in Köln rechnet seitdem jeden Abend 20 Minuten schneller ab",
	"eine Konditorei mit zwölf Leuten spart 180 Euro im Monat an Papierkram",
}

// fillPlaceholders replaces a model answer's placeholders with a seller's
// own example (the n-th), as a user does before sending it.
func fillPlaceholders(answer string, n int) string {
	return placeholderPattern.ReplaceAllString(answer, ownExamples[n%len(ownExamples)])
}

func TestPracticeChatOverHTTP(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := chatUser(t, e, "nora@example.com")
		pre := c.do("GET", "/api/chat/preflight", nil).must(t, 200).json(t)
		if pre["allowed"] != true || pre["limit"].(float64) != 5 {
			t.Errorf("preflight = %v", pre)
		}
		a := c.chat(t, map[string]any{"mode": "Übung", "difficulty": 2, "message": "Hallo, ich stelle dir CloudKasse vor."}, 200)
		id := a["conversationId"].(string)
		for _, k := range []string{"message", "userMessageId", "assistantMessageId"} {
			if s, _ := a[k].(string); s == "" {
				t.Errorf("answer lacks %s: %v", k, a)
			}
		}
		if a["stage"].(float64) != 1 || a["totalStages"].(float64) != 2 {
			t.Errorf("opening state = %v", a)
		}
		// A weak answer is scored and explained, and the chat goes on.
		a = c.chat(t, map[string]any{"conversationId": id, "message": "Das ist nicht teuer."}, 200)
		score := a["score"].(map[string]any)
		if score["answerScore"].(float64) >= 35 || len(score["techniques"].([]any)) < 5 {
			t.Errorf("weak answer score = %v", score)
		}
		same := c.do("POST", "/api/conversations/"+id+"/score", nil).must(t, 200).json(t)
		if same["totalPercent"] != score["totalPercent"] || same["stage"] != score["stage"] {
			t.Errorf("score endpoint %v differs from the turn's %v", same, score)
		}
		if tip := c.do("POST", "/api/conversations/"+id+"/hint", nil).must(t, 200).json(t)["tip"]; tip == "" {
			t.Error("empty hint")
		}
		for i := 0; i < 8 && a["completed"] != true; i++ {
			perfect := c.do("POST", "/api/conversations/"+id+"/perfect-message", map[string]any{"conversationId": id}).must(t, 200).json(t)["message"].(string)
			// As a user does, the placeholders get the seller's own facts.
			a = c.chat(t, map[string]any{"conversationId": id, "message": fillPlaceholders(perfect, i)}, 200)
		}
		if a["completed"] != true || !strings.HasPrefix(a["title"].(string), "🚀 ") {
			t.Fatalf("not won: %v", a)
		}
		c.chat(t, map[string]any{"conversationId": id, "message": "Und jetzt?"}, 409)
		conv := c.do("GET", "/api/conversations/"+id, nil).must(t, 200).json(t)
		msgs := conv["messages"].([]any)
		last := msgs[len(msgs)-1].(map[string]any)
		if last["role"] != "system" || last["isCompletion"] != true || conv["completed"] != true || conv["engine"] != "builtin" {
			t.Errorf("conversation = %v", conv)
		}
		ev := c.do("POST", "/api/conversations/"+id+"/evaluation", nil).must(t, 200).json(t)["evaluation"].(map[string]any)
		if cats := ev["scores"].([]any); len(cats) != 6 || cats[0].(map[string]any)["category"] != "Empathie & Zuhören" {
			t.Errorf("evaluation = %v", ev)
		}
		if c.do("GET", "/api/conversations/"+id, nil).must(t, 200).json(t)["evaluation"] == nil {
			t.Error("evaluation not shown after reload")
		}
		me := c.do("GET", "/api/me", nil).must(t, 200).json(t)
		if p := me["profile"].(map[string]any); p["objections_solved_count"].(float64) != 2 {
			t.Errorf("profile = %v", p)
		}
		usage := c.do("GET", "/api/me/usage", nil).must(t, 200).json(t)
		if usage["used"].(float64) != 1 || usage["quota"].(float64) != 5 || usage["plan"] != "free" {
			t.Errorf("usage = %v", usage)
		}

		// Rename, list, delete, history.
		c.do("PATCH", "/api/conversations/"+id, map[string]any{"title": "  "}).must(t, 400)
		if got := c.do("PATCH", "/api/conversations/"+id, map[string]any{"title": " "}).json(t)["error"]; got != "Titel darf nicht leer sein" {
			t.Errorf("empty title error = %q", got)
		}
		c.do("PATCH", "/api/conversations/"+id, map[string]any{"title": " Café Müller "}).must(t, 200)
		var list []map[string]any
		_ = json.Unmarshal(c.do("GET", "/api/conversations", nil).must(t, 200).body, &list)
		if len(list) != 1 || list[0]["title"] != "Café Müller" {
			t.Errorf("list = %v", list)
		}
		c.do("DELETE", "/api/conversations/"+id, nil).must(t, 204)
		c.do("GET", "/api/conversations/"+id, nil).must(t, 404)
		c.chat(t, map[string]any{"mode": "Prüfung", "message": "Hallo"}, 200)
		if got := c.do("DELETE", "/api/me/history", nil).must(t, 200).json(t)["deleted"]; got.(float64) != 1 {
			t.Errorf("history deleted %v", got)
		}
		// Deleted chats still count against the quota.
		if used := c.do("GET", "/api/me/usage", nil).must(t, 200).json(t)["used"]; used.(float64) != 2 {
			t.Errorf("used after deleting = %v", used)
		}
	})
}

func TestChatRejectsBadInput(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := chatUser(t, e, "otto@example.com")
		other := chatUser(t, e, "paula@example.com")
		exam := c.chat(t, map[string]any{"mode": "Prüfung", "message": "Guten Tag"}, 200)["conversationId"].(string)
		tests := []struct {
			name   string
			body   map[string]any
			status int
			msg    string
		}{
			{"empty message", map[string]any{"mode": "Übung", "difficulty": 1, "message": ""}, 400, "Die Nachricht ist leer."},
			{"whitespace message", map[string]any{"mode": "Übung", "difficulty": 1, "message": " \n\t "}, 400, "Die Nachricht ist leer."},
			{"100 000 characters", map[string]any{"mode": "Übung", "difficulty": 1, "message": strings.Repeat("a", 100_000)}, 400, "Die Nachricht ist zu lang (max. 4000 Zeichen)."},
			{"no mode", map[string]any{"message": "Hallo"}, 400, "Bitte wähle einen Modus aus"},
			{"practice without difficulty", map[string]any{"mode": "Übung", "message": "Hallo"}, 400, "Schwierigkeit auswählen und auf Start drücken"},
			{"numeric id for an exam", map[string]any{"conversationId": "12345", "mode": "Prüfung", "message": "Hallo"}, 404, "Konversation nicht gefunden."},
			{"another user's chat", map[string]any{"conversationId": exam, "message": "Hallo"}, 404, ""},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				who := c
				if tt.name == "another user's chat" {
					who = other
				}
				got := who.chat(t, tt.body, tt.status)
				if tt.msg != "" && got["error"] != tt.msg {
					t.Errorf("error = %q, want %q", got["error"], tt.msg)
				}
			})
		}
		r := c.do("POST", "/api/chat", `{"mode":"Übung","difficulty":1,"message":"`+strings.Repeat("x", 2<<20)+`"}`).must(t, 413)
		if r.json(t)["error"] != "Die Anfrage ist zu groß." {
			t.Errorf("huge body: %s", r.body)
		}
		if got := c.do("POST", "/api/conversations/"+exam+"/hint", nil).must(t, 400).json(t)["error"]; got != "Nur im Übungsmodus verfügbar" {
			t.Errorf("hint in exam: %q", got)
		}
		for _, path := range []string{"/api/conversations/" + exam, "/api/conversations/" + exam + "/evaluation", "/api/conversations/not-a-uuid"} {
			method := "GET"
			if strings.HasSuffix(path, "evaluation") {
				method = "POST"
			}
			other.do(method, path, nil).must(t, 404)
		}
		other.do("GET", "/api/admin/conversations/"+exam, nil).must(t, 403)
		c.do("POST", "/api/conversations/"+exam+"/finish", nil).must(t, 200)
	})
}

func TestAdminReadsAnyConversation(t *testing.T) {
	db := sqlstoretest.NewSQLite(t)
	e := newEnv(t, db)
	c := chatUser(t, e, "quinn@example.com")
	id := c.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo"}, 200)["conversationId"].(string)
	c.do("DELETE", "/api/conversations/"+id, nil).must(t, 204)
	admin := chatUser(t, e, "boss@example.com")
	got := admin.do("GET", "/api/admin/conversations/"+id, nil).must(t, 200).json(t)
	if len(got["messages"].([]any)) != 2 {
		t.Errorf("admin view = %v", got)
	}
	admin.do("GET", "/api/admin/conversations/"+strings.Repeat("0", 36), nil).must(t, 404)
}

// sseEvents reads a server-sent event stream into (event, data) pairs.
func sseEvents(t *testing.T, c *client, body map[string]any) (int, []string, []map[string]any) {
	t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", c.e.srv.URL+"/api/chat", strings.NewReader(string(b)))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "text/event-stream")
	req.Header.Set("Authorization", "Bearer "+c.token)
	res, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var names []string
	var data []map[string]any
	sc := bufio.NewScanner(res.Body)
	var name string
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "event: "):
			name = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			var m map[string]any
			if err := json.Unmarshal([]byte(strings.TrimPrefix(line, "data: ")), &m); err != nil {
				t.Fatalf("bad event data %q", line)
			}
			names, data = append(names, name), append(data, m)
		}
	}
	if !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		var m map[string]any
		_ = json.Unmarshal([]byte(strings.Join(names, "")), &m)
	}
	return res.StatusCode, names, data
}

func TestPDFAttachedLater(t *testing.T) {
	db := sqlstoretest.NewSQLite(t)
	e := newEnv(t, db)
	c := chatUser(t, e, "paul.pdf@example.com")
	id := c.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo"}, 200)["conversationId"].(string)
	c.chat(t, map[string]any{"conversationId": id, "message": "Hier unser Datenblatt.", "pdfName": "datenblatt.pdf",
		"pdfText": "CloudKasse spart 5 Stunden pro Woche."}, 200)
	conv, err := e.training.Conversations.Conversation(t.Context(), c.userID(t), id)
	if err != nil || conv.PDFName != "datenblatt.pdf" || conv.PDFText != "CloudKasse spart 5 Stunden pro Woche." {
		t.Fatalf("conversation PDF = %q / %q (%v)", conv.PDFName, conv.PDFText, err)
	}
	msgs := c.do("GET", "/api/conversations/"+id, nil).must(t, 200).json(t)["messages"].([]any)
	var named []string
	for _, m := range msgs {
		if n, _ := m.(map[string]any)["pdfName"].(string); n != "" {
			named = append(named, m.(map[string]any)["content"].(string))
		}
	}
	if len(named) != 1 || named[0] != "Hier unser Datenblatt." {
		t.Errorf("messages carrying the PDF name: %v", named)
	}
}

func TestChatStreams(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := chatUser(t, e, "rita@example.com")
		status, names, data := sseEvents(t, c, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo!", "productOverride": productText})
		if status != 200 || len(names) < 3 || names[len(names)-1] != "done" {
			t.Fatalf("status %d events %v", status, names)
		}
		var text strings.Builder
		for i, n := range names[:len(names)-1] {
			if n != "token" {
				t.Fatalf("event %d is %q", i, n)
			}
			text.WriteString(data[i]["text"].(string))
		}
		done := data[len(data)-1]
		if done["message"] != text.String() || done["conversationId"] == "" || done["assistantMessageId"] == "" {
			t.Errorf("done = %v, tokens joined %q", done, text.String())
		}
	})
}

// withFakeModel swaps the engine for the production OpenAI client against a
// local fake server.
func withFakeModel(t *testing.T, fake *openaitest.Server, timeout time.Duration) envOption {
	return func(_ *httpapi.Config, deps *httpapi.Deps) {
		eng, err := openai.New(openai.Config{BaseURL: fake.URL(), Model: "test-model", Timeout: timeout})
		if err != nil {
			t.Fatal(err)
		}
		deps.Training.Engine = eng
		// As the app wires it: the built-in trainer judges when the
		// model's structured calls fail.
		deps.Training.Fallback = trainer.New()
	}
}

func TestModelFaults(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := openaitest.New(t)
		e := newEnv(t, db, withFakeModel(t, fake, 2*time.Second))
		c := chatUser(t, e, "sven@example.com")
		fake.Reply("Hm, das ist mir zu teuer.")
		// The very first turn fails: the chat exists and counts, so the
		// answer names it and sending again continues it.
		fake.Fail(500, 2)
		failed := c.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo"}, 503)
		id, _ := failed["conversationId"].(string)
		if id == "" || failed["error"] != unreachable {
			t.Fatalf("failed first turn = %v", failed)
		}
		c.chat(t, map[string]any{"conversationId": id, "message": "Hallo"}, 200)
		if used := c.do("GET", "/api/me/usage", nil).must(t, 200).json(t)["used"]; used.(float64) != 1 {
			t.Errorf("used = %v after a retried first turn, want 1", used)
		}

		// Every model call's tokens are recorded for the user and the chat.
		var calls, tokens int
		if err := db.SQL().QueryRowContext(t.Context(), "SELECT COUNT(*), COALESCE(SUM(tokens_in + tokens_out), 0) FROM token_usage WHERE conversation_id = '"+id+"' AND model = 'test-model'").Scan(&calls, &tokens); err != nil || calls == 0 || tokens == 0 {
			t.Errorf("token usage: %d calls, %d tokens (%v)", calls, tokens, err)
		}

		// The model server fails (the scoring call and its retry, which the
		// built-in trainer then answers, and the reply and its retry): the
		// message stays, the error is the specified one, and sending again
		// continues without a duplicate.
		fake.Fail(500, 4)
		if got := c.chat(t, map[string]any{"conversationId": id, "message": "Was kostet es Sie heute?"}, 503)["error"]; got != unreachable {
			t.Errorf("500 error = %q", got)
		}
		conv := c.do("GET", "/api/conversations/"+id, nil).must(t, 200).json(t)
		msgs := conv["messages"].([]any)
		if last := msgs[len(msgs)-1].(map[string]any); last["content"] != "Was kostet es Sie heute?" {
			t.Fatalf("user message not kept: %v", last)
		}
		c.chat(t, map[string]any{"conversationId": id, "message": "Was kostet es Sie heute?"}, 200)
		after := c.do("GET", "/api/conversations/"+id, nil).must(t, 200).json(t)["messages"].([]any)
		if len(after) != len(msgs)+1 {
			t.Errorf("resend stored the message twice: %d → %d messages", len(msgs), len(after))
		}

		// Invalid structured output twice: the built-in trainer scores the
		// answer and the chat goes on.
		fake.InvalidJSON(2)
		if got := c.chat(t, map[string]any{"conversationId": id, "message": "Darf ich fragen, was dir wichtig ist?"}, 200)["score"].(map[string]any); got["source"] != "builtin" {
			t.Errorf("score after invalid JSON twice = %v, want the built-in trainer's", got)
		}

		// A stream that stops half-way: the error arrives as an event.
		fake.StreamHalfAndStop()
		status, names, data := sseEvents(t, c, map[string]any{"conversationId": id, "message": "Kunden sparen 20 % Zeit.", "productOverride": productText})
		if status != 200 || names[len(names)-1] != "error" || data[len(data)-1]["error"] != unreachable {
			t.Errorf("half stream: status %d events %v last %v", status, names, data[len(data)-1])
		}

		// A model that does not answer in time.
		fake.Delay(5 * time.Second)
		if got := c.chat(t, map[string]any{"conversationId": id, "message": "Hallo, noch da?"}, 503)["error"]; got == "" {
			t.Error("timeout gave no error")
		}
		fake.Delay(0)
	})
}

func TestQuotaUnderConcurrentStarts(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := chatUser(t, e, "tara@example.com")
		for i := 0; i < 4; i++ {
			c.chat(t, map[string]any{"mode": "Prüfung", "message": "Hallo"}, 200)
		}
		start := make(chan struct{})
		var wg sync.WaitGroup
		statuses := make(chan response, 20)
		for i := 0; i < 20; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				statuses <- c.do("POST", "/api/chat", map[string]any{"mode": "Prüfung", "message": "Hallo", "productOverride": productText})
			}()
		}
		close(start)
		wg.Wait()
		close(statuses)
		ok, limited := 0, 0
		for r := range statuses {
			switch r.status {
			case 200:
				ok++
			case 429:
				limited++
				body := r.json(t)
				// no plan can be bought on this server (no PayPal): the limit says when the quota renews
				if body["error"] != "Monatslimit erreicht" || body["details"] != "Du hast dein monatliches Chat-Limit (5) erreicht. Ab dem 1. Dezember 2026 kannst du wieder Chats starten." {
					t.Errorf("limit answer = %v", body)
				}
			default:
				t.Errorf("status %d: %s", r.status, r.body)
			}
		}
		if ok != 1 || limited != 19 {
			t.Errorf("%d started, %d limited; want 1 and 19", ok, limited)
		}
		if pre := c.do("GET", "/api/chat/preflight", nil).must(t, 200).json(t); pre["allowed"] != false {
			t.Errorf("preflight after the quota = %v", pre)
		}
	})
}

// TestChatLimitMessage: at the monthly limit the answer asks for an upgrade
// where a plan can be bought (PayPal configured), and says when the quota
// renews where none can; the preflight tells the app which, and the day.
func TestChatLimitMessage(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		limited := func(t *testing.T, c *client) (refused, pre map[string]any) {
			t.Helper()
			for range 5 {
				c.chat(t, map[string]any{"mode": "Prüfung", "message": "Hallo"}, 200)
			}
			refused = c.do("POST", "/api/chat", map[string]any{"mode": "Prüfung", "message": "Hallo"}).must(t, 429).json(t)
			return refused, c.do("GET", "/api/chat/preflight", nil).must(t, 200).json(t)
		}
		t.Run("no plan for sale", func(t *testing.T) {
			e := newEnv(t, db)
			// the test clock stands at 2026-11-21: the free plan's cycle is November
			refused, pre := limited(t, chatUser(t, e, "nina@example.com"))
			params, _ := refused["params"].(map[string]any)
			if refused["code"] != "chat_limit" || refused["detailsCode"] != "chat_limit_renews" ||
				refused["details"] != "Du hast dein monatliches Chat-Limit (5) erreicht. Ab dem 1. Dezember 2026 kannst du wieder Chats starten." ||
				params["date"] != "2026-12-01" || params["quota"] != float64(5) {
				t.Errorf("limit answer = %v", refused)
			}
			if pre["allowed"] != false || pre["plansForSale"] != false || pre["renewsOn"] != "2026-12-01" {
				t.Errorf("preflight = %v", pre)
			}
		})
		t.Run("plans for sale", func(t *testing.T) {
			p := newPayEnv(t, db, 5*time.Second)
			c, _ := p.user("paula")
			refused, pre := limited(t, c)
			if refused["detailsCode"] != "chat_limit_details" ||
				refused["details"] != "Du hast dein monatliches Chat-Limit (5) erreicht. Bitte upgrade dein Abo, um weitere Chats zu starten." {
				t.Errorf("limit answer = %v", refused)
			}
			if pre["allowed"] != false || pre["plansForSale"] != true || pre["renewsOn"] != "2026-12-01" {
				t.Errorf("preflight = %v", pre)
			}
		})
	})
}

func TestProductSummary(t *testing.T) {
	db := sqlstoretest.NewSQLite(t)
	// The site is served on 127.0.0.2, the only address the test client's
	// SSRF guard is told to allow.
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Fatal(err)
	}
	site := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<html><head><title>CloudKasse</title></head><body><nav>Menü</nav><main>
<h1>CloudKasse – die Kasse für Cafés</h1>
<p>CloudKasse ist ein Kassensystem für Cafés und Bäckereien.</p>
<p>Es rechnet automatisch ab und erledigt die Inventur über Nacht.</p>
<p>Über 2.000 Betriebe sparen damit jede Woche fünf Stunden Verwaltung.</p></main>
<script>alert(1)</script></body></html>`)
	})}
	go site.Serve(ln)
	t.Cleanup(func() { site.Close() })
	port, _ := strconv.Atoi(strings.Split(ln.Addr().String(), ":")[1])
	e := newEnv(t, db, func(_ *httpapi.Config, deps *httpapi.Deps) {
		deps.Fetcher = webfetch.New(webfetch.Config{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.2/32")}, AllowPorts: []int{port}})
	})
	c := chatUser(t, e, "uwe@example.com")
	sum := c.do("POST", "/api/product-summary", map[string]any{"url": "http://" + ln.Addr().String() + "/"}).must(t, 200).json(t)["summary"].(string)
	if !strings.Contains(sum, "Kassensystem") || strings.Contains(sum, "alert") || strings.Contains(sum, "Menü") {
		t.Errorf("summary = %q", sum)
	}
	for _, bad := range []string{"http://127.0.0.1/", "http://[::ffff:127.0.0.1]/", "http://169.254.169.254/latest/meta-data", "http://10.0.0.1/", "http://localhost/", "http://example.com:22/", "file:///etc/passwd"} {
		r := c.do("POST", "/api/product-summary", map[string]any{"url": bad}).must(t, 400)
		if msg := r.json(t)["error"]; msg != "Diese Adresse ist nicht erlaubt." && msg != "Bitte eine gültige URL angeben." {
			t.Errorf("%s: %q", bad, msg)
		}
	}
	if got := c.do("POST", "/api/product-summary", map[string]any{"url": " "}).must(t, 400).json(t)["error"]; got != "Bitte eine URL angeben." {
		t.Errorf("empty url: %q", got)
	}
}

// TestEveryDifficultyWonOnlyByGoodAnswers plays whole practice chats through
// the API: perfect answers win every difficulty, weak answers win none.
func TestEveryDifficultyWonOnlyByGoodAnswers(t *testing.T) {
	db := sqlstoretest.NewSQLite(t)
	e := newEnv(t, db)
	for difficulty := 1; difficulty <= 3; difficulty++ {
		good := chatUser(t, e, fmt.Sprintf("good%d@example.com", difficulty))
		a := good.chat(t, map[string]any{"mode": "Übung", "difficulty": difficulty, "message": "Hallo, ich stelle dir CloudKasse vor."}, 200)
		id := a["conversationId"].(string)
		turns := 0
		for ; turns < 4*difficulty && a["completed"] != true; turns++ {
			answer := good.do("POST", "/api/conversations/"+id+"/perfect-message", nil).must(t, 200).json(t)["message"].(string)
			a = good.chat(t, map[string]any{"conversationId": id, "message": fillPlaceholders(answer, turns)}, 200)
		}
		if a["completed"] != true {
			t.Errorf("difficulty %d: good answers did not win in %d turns: %v", difficulty, turns, a)
		}

		bad := chatUser(t, e, fmt.Sprintf("bad%d@example.com", difficulty))
		a = bad.chat(t, map[string]any{"mode": "Übung", "difficulty": difficulty, "message": "Hallo, ich stelle dir CloudKasse vor."}, 200)
		id = a["conversationId"].(string)
		weak := []string{"Das ist nicht teuer.", "Doch, das brauchst du.", "Kauf einfach, nur heute!", "Stimmt nicht.", "Egal."}
		for i := 0; i < 15; i++ {
			a = bad.chat(t, map[string]any{"conversationId": id, "message": weak[i%len(weak)]}, 200)
			if a["completed"] == true || a["stage"].(float64) != 1 {
				t.Fatalf("difficulty %d: weak answers moved the chat: %v", difficulty, a)
			}
		}
	}
}
