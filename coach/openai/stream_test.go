package openai

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"salescoach/coach"
)

func TestTextSink(t *testing.T) {
	cases := []struct {
		deltas []string
		want   string
	}{
		{[]string{"Hallo", " Welt"}, "Hallo Welt"},
		{[]string{"\n ", " Hallo", " ", " ", "Welt", "  \n"}, "Hallo  Welt"},
		{[]string{"<thi", "nk>plan", " this</th", "ink>", "\n\nZu teuer."}, "Zu teuer."},
		{[]string{" <think>a</think>b"}, "b"},
		{[]string{"<th"}, "<th"},                       // never became a think block
		{[]string{"<b>fett</b> ja"}, "<b>fett</b> ja"}, // other tags stay
		{[]string{"<think>", "nur Gedanken"}, ""},      // unclosed: nothing to show
		{[]string{"a", "", "b"}, "ab"},
	}
	for _, c := range cases {
		var emitted strings.Builder
		s := &textSink{emit: func(p string) { emitted.WriteString(p) }}
		for _, d := range c.deltas {
			s.write(d)
		}
		got := s.finish()
		if got != c.want || emitted.String() != got {
			t.Errorf("%q: got %q, emitted %q, want %q", c.deltas, got, emitted.String(), c.want)
		}
	}
}

func TestReadStreamFormats(t *testing.T) {
	cases := []struct {
		name, body, want string
		ok               bool
	}{
		{"openai", "data: {\"model\":\"m1\",\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\ndata: {\"choices\":[{\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: {\"choices\":[],\"usage\":{\"prompt_tokens\":3,\"completion_tokens\":1}}\n\ndata: [DONE]\n\n", "Hi", true},
		{"crlf, no space, comment", ": keep-alive\r\n\r\ndata:{\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\r\n\r\ndata:[DONE]\r\n\r\n", "Hi", true},
		{"finish_reason without DONE", "data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"},\"finish_reason\":\"stop\"}]}\n\n", "Hi", true},
		{"DONE without blank line at EOF", "data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\ndata: [DONE]", "Hi", true},
		{"cut off", "data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"}}]}\n\n", "", false},
		{"error event", "data: {\"error\":{\"message\":\"overloaded\"}}\n\n", "", false},
		{"filtered", "data: {\"choices\":[{\"delta\":{\"content\":\"Hi\"},\"finish_reason\":\"content_filter\"}]}\n\ndata: [DONE]\n\n", "", false},
		{"garbage", "data: {not json\n\n", "", false},
		{"line too long", "data: " + strings.Repeat("x", maxLineBytes+10) + "\n\n", "", false},
	}
	for _, c := range cases {
		var u coach.Usage
		got, _, err := readStream(strings.NewReader(c.body), &u, nil)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("%s: got %q, %v", c.name, got, err)
		}
		if c.name == "openai" && (u.Model != "m1" || u.TokensIn != 3 || u.TokensOut != 1) {
			t.Errorf("usage = %+v", u)
		}
	}
}

func TestRetryWait(t *testing.T) {
	h := func(k, v string) http.Header { x := http.Header{}; x.Set(k, v); return x }
	cases := []struct {
		h    http.Header
		want time.Duration
		ok   bool
	}{
		{http.Header{}, time.Second / 4, true},
		{h("Retry-After", "1"), time.Second, true},
		{h("Retry-After", "2"), 2 * time.Second, true},
		{h("Retry-After", "3"), 3 * time.Second, false},
		{h("Retry-After-Ms", "120"), 120 * time.Millisecond, true},
		{h("Retry-After", "soon"), time.Second / 4, true},
		{h("Retry-After", time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)), 0, false},
	}
	for _, c := range cases {
		got, ok := retryWait(c.h, time.Second/4)
		if ok != c.ok || (c.want != 0 && got != c.want) {
			t.Errorf("%v: %v %v, want %v %v", c.h, got, ok, c.want, c.ok)
		}
	}
}

func TestDecodeJSONPeelsWrappers(t *testing.T) {
	for _, content := range []string{
		`{"tip":"x"}`,
		"```json\n{\"tip\":\"x\"}\n```",
		"<think>hmm {}</think>\n{\"tip\":\"x\"}",
		"Here you go: {\"tip\":\"x\"} Hope it helps.",
	} {
		if got, err := parseText(content, "tip"); err != nil || got != "x" {
			t.Errorf("%q: %q, %v", content, got, err)
		}
	}
	for _, content := range []string{"", "no json", `{"tip":""}`, `{"tip":3}`, `[1]`} {
		if _, err := parseText(content, "tip"); err == nil {
			t.Errorf("%q accepted", content)
		}
	}
}

func TestSchemasAreStrict(t *testing.T) {
	for lang, byName := range schemas {
		for name, f := range byName {
			if f.Type != "json_schema" || f.JSONSchema.Name != name || !f.JSONSchema.Strict {
				t.Errorf("%s %s: %+v", lang, name, f)
			}
			s := string(f.JSONSchema.Schema)
			if strings.Count(s, `"type":"object"`) != strings.Count(s, `"additionalProperties":false`) {
				t.Errorf("%s %s: an object allows additional properties: %s", lang, name, s)
			}
		}
	}
	if s := string(schemaFor(SchemaEvaluation, "en").JSONSchema.Schema); !strings.Contains(s, `"Empathy \u0026 listening"`) && !strings.Contains(s, `"Empathy & listening"`) {
		t.Errorf("English evaluation schema lacks English categories: %s", s)
	}
}

func TestCutSummary(t *testing.T) {
	s := strings.Repeat("Ein Satz über das Produkt. ", 40)
	got := cutSummary(s, coach.MaxSummaryRunes)
	if n := len([]rune(got)); n > coach.MaxSummaryRunes || !strings.HasSuffix(got, ".") {
		t.Errorf("%d runes: %q", n, got)
	}
	word := strings.Repeat("Wort ", 200)
	if got := cutSummary(word, 100); len([]rune(got)) > 100 || !strings.HasSuffix(got, "…") {
		t.Errorf("no sentence end: %q", got)
	}
	if got := cutSummary("kurz.", 700); got != "kurz." {
		t.Errorf("short text changed: %q", got)
	}
}

func TestReadWhole(t *testing.T) {
	var u coach.Usage
	var emitted []string
	got, _, err := readWhole(strings.NewReader(`{"model":"m2","choices":[{"message":{"content":" Zu teuer. "},"finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":2}}`),
		&u, func(p string) { emitted = append(emitted, p) })
	if err != nil || got != "Zu teuer." || len(emitted) != 1 || u.Model != "m2" || u.TokensOut != 2 {
		t.Errorf("got %q %v %q %+v", got, err, emitted, u)
	}
	if _, _, err := readWhole(strings.NewReader(`{"error":{"message":"x"}}`), &u, nil); err == nil {
		t.Error("an error object was accepted")
	}
}
