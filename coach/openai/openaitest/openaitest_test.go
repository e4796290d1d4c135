package openaitest

import (
	"bufio"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

func post(t *testing.T, url, body string, header ...string) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, _ := io.ReadAll(resp.Body)
	return resp, string(data)
}

func TestRejectsWhatOpenAIRejects(t *testing.T) {
	srv := New(t)
	url := srv.URL() + "/chat/completions"
	for name, body := range map[string]string{
		"no model":             `{"messages":[{"role":"user","content":"hi"}]}`,
		"no messages":          `{"model":"m","messages":[]}`,
		"stream_options alone": `{"model":"m","messages":[{"role":"user","content":"hi"}],"stream_options":{"include_usage":true}}`,
		"bad role":             `{"model":"m","messages":[{"role":"robot","content":"hi"}]}`,
		"bad schema name":      `{"model":"m","messages":[{"role":"user","content":"hi"}],"response_format":{"type":"json_schema","json_schema":{"name":"a b","strict":true,"schema":{"type":"object","properties":{},"required":[],"additionalProperties":false}}}}`,
		"strict, open object":  `{"model":"m","messages":[{"role":"user","content":"hi"}],"response_format":{"type":"json_schema","json_schema":{"name":"x","strict":true,"schema":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}}}}`,
		"strict, not required": `{"model":"m","messages":[{"role":"user","content":"hi"}],"response_format":{"type":"json_schema","json_schema":{"name":"x","strict":true,"schema":{"type":"object","properties":{"a":{"type":"string"}},"required":[],"additionalProperties":false}}}}`,
		"not JSON":             `{`,
	} {
		resp, body := post(t, url, body)
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(body, `"invalid_request_error"`) {
			t.Errorf("%s: %d %s", name, resp.StatusCode, body)
		}
	}
	if resp, _ := post(t, srv.URL()+"/embeddings", `{}`); resp.StatusCode != http.StatusNotFound {
		t.Errorf("unknown path: %d", resp.StatusCode)
	}
}

func TestStreamsLikeOpenAI(t *testing.T) {
	srv := New(t, WithAPIKey("k"))
	srv.Reply("Eins zwei drei")
	resp, body := post(t, srv.URL()+"/chat/completions",
		`{"model":"m","stream":true,"stream_options":{"include_usage":true},"messages":[{"role":"user","content":[{"type":"text","text":"Hallo du"}]}]}`,
		"Authorization", "Bearer k")
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "text/event-stream" {
		t.Fatalf("%d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	var content strings.Builder
	var finish string
	var usage map[string]int
	sc := bufio.NewScanner(strings.NewReader(body))
	var last string
	for sc.Scan() {
		line, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		last = line
		if line == "[DONE]" {
			break
		}
		var c struct {
			Object  string `json:"object"`
			Choices []struct {
				Delta        struct{ Content string } `json:"delta"`
				FinishReason *string                  `json:"finish_reason"`
			} `json:"choices"`
			Usage map[string]int `json:"usage"`
		}
		if err := json.Unmarshal([]byte(line), &c); err != nil || c.Object != "chat.completion.chunk" {
			t.Fatalf("chunk %s: %v", line, err)
		}
		for _, ch := range c.Choices {
			content.WriteString(ch.Delta.Content)
			if ch.FinishReason != nil {
				finish = *ch.FinishReason
			}
		}
		if c.Usage != nil {
			usage = c.Usage
		}
	}
	if content.String() != "Eins zwei drei" || finish != "stop" || last != "[DONE]" {
		t.Errorf("content %q finish %q last %q", content.String(), finish, last)
	}
	if usage["prompt_tokens"] != 2 || usage["completion_tokens"] != 3 || usage["total_tokens"] != 5 {
		t.Errorf("usage = %v", usage)
	}
	if got := srv.Requests()[0].Messages[0].Content; got != "Hallo du" {
		t.Errorf("parts decoded as %q", got)
	}

	resp, body = post(t, srv.URL()+"/chat/completions", `{"model":"m","messages":[{"role":"user","content":"x"}]}`, "api-key", "wrong")
	if resp.StatusCode != http.StatusUnauthorized || !strings.Contains(body, "invalid_api_key") {
		t.Errorf("wrong key: %d %s", resp.StatusCode, body)
	}
}

func TestExampleFollowsTheSchema(t *testing.T) {
	schema := `{"type":"object","properties":{"items":{"type":"array","items":{"type":"object","properties":{"k":{"type":"string","enum":["a","b","c"]},"n":{"type":"integer"}}}},"ok":{"type":"boolean"}}}`
	var v struct {
		Items []struct {
			K string
			N int
		}
		OK bool
	}
	if err := json.Unmarshal([]byte(Example(json.RawMessage(schema))), &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Items) != 3 || v.Items[0].K != "a" || v.Items[2].K != "c" || v.Items[1].N != 50 || !v.OK {
		t.Errorf("example = %+v", v)
	}
	// A nested object (an assessment's move) comes out whole, its enum at
	// the first value.
	nested := `{"type":"object","properties":{"move":{"type":"object","properties":{"expected":{"type":"string","enum":["explore","respond","advance"]},"made":{"type":"boolean"},"reason":{"type":"string"}},"required":["expected","made","reason"],"additionalProperties":false}},"required":["move"],"additionalProperties":false}`
	var m struct {
		Move *struct {
			Expected string
			Made     bool
			Reason   string
		}
	}
	if err := json.Unmarshal([]byte(Example(json.RawMessage(nested))), &m); err != nil {
		t.Fatal(err)
	}
	if m.Move == nil || m.Move.Expected != "explore" || !m.Move.Made || m.Move.Reason == "" {
		t.Errorf("nested example = %+v", m.Move)
	}
	if got := strings.Join(Words(" Hallo  Welt, du"), "|"); got != " Hallo|  Welt,| du" {
		t.Errorf("Words = %q", got)
	}
	if got := strings.Join(Every(2)("abcde"), "|"); got != "ab|cd|e" {
		t.Errorf("Every = %q", got)
	}
}

func TestFailStructuredFailsOnlyStructuredCalls(t *testing.T) {
	srv := New(t)
	srv.FailStructured(http.StatusInternalServerError)
	url := srv.URL() + "/chat/completions"
	structured := `{"model":"m","messages":[{"role":"user","content":"hi"}],"response_format":{"type":"json_schema","json_schema":{"name":"x","strict":true,"schema":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}}}}`
	if resp, body := post(t, url, structured); resp.StatusCode != http.StatusInternalServerError || !strings.Contains(body, `"server_error"`) {
		t.Errorf("structured call: %d %s", resp.StatusCode, body)
	}
	if resp, body := post(t, url, `{"model":"m","messages":[{"role":"user","content":"hi"}]}`); resp.StatusCode != http.StatusOK {
		t.Errorf("plain call: %d %s", resp.StatusCode, body)
	}
	if resp, _ := post(t, url, `{"model":"m","stream":true,"messages":[{"role":"user","content":"hi"}]}`); resp.StatusCode != http.StatusOK {
		t.Errorf("streamed call: %d", resp.StatusCode)
	}
	srv.FailStructured(0)
	if resp, body := post(t, url, structured); resp.StatusCode != http.StatusOK {
		t.Errorf("structured call after FailStructured(0): %d %s", resp.StatusCode, body)
	}
}
