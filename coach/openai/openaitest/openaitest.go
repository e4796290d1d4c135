// Package openaitest runs a fake OpenAI-compatible model server for tests.
// It speaks the Chat Completions API as OpenAI documents it (POST
// /v1/chat/completions, streamed as server-sent events with a usage chunk and
// [DONE], or as one JSON object; response_format json_schema with strict
// schemas checked the way OpenAI checks them; GET /v1/models; OpenAI's
// error bodies), so the
// production client runs unchanged against it, and it has switches for the
// failures a real server causes: error statuses, slow answers, streams that
// break off and invalid JSON.
package openaitest

import (
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode"
)

// DefaultReply is what the fake answers a plain (non-JSON) chat request
// until Reply sets something else.
const DefaultReply = "Ehrlich gesagt ist mir das zu teuer. Wir haben dafür dieses Jahr kein Budget eingeplant."

// Message is one message of a recorded request.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// UnmarshalJSON accepts content as a string or, as the API also allows, as
// an array of parts whose text parts are joined.
func (m *Message) UnmarshalJSON(data []byte) error {
	var v struct {
		Role    string          `json:"role"`
		Content json.RawMessage `json:"content"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	m.Role = v.Role
	if len(v.Content) == 0 || string(v.Content) == "null" {
		return nil
	}
	if err := json.Unmarshal(v.Content, &m.Content); err == nil {
		return nil
	}
	var parts []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(v.Content, &parts); err != nil {
		return fmt.Errorf("content is neither a string nor an array of parts")
	}
	for _, p := range parts {
		m.Content += p.Text
	}
	return nil
}

// ResponseFormat is a request's response_format, flattened.
type ResponseFormat struct {
	Type   string          // text, json_object or json_schema
	Name   string          // json_schema.name
	Strict bool            // json_schema.strict
	Schema json.RawMessage // json_schema.schema
}

// Request is one request the fake received, decoded.
type Request struct {
	Method, Path, RawQuery string
	Header                 http.Header
	Model                  string
	Messages               []Message
	Stream                 bool
	// StreamOptions reports whether stream_options was sent, and
	// IncludeUsage its include_usage.
	StreamOptions  bool
	IncludeUsage   bool
	ResponseFormat *ResponseFormat // nil when none was sent
	Body           []byte          // the raw body
}

// SchemaName returns the response_format's json_schema name, or "".
func (r Request) SchemaName() string {
	if r.ResponseFormat == nil {
		return ""
	}
	return r.ResponseFormat.Name
}

// Text returns every message's content, one per line, for assertions on the
// prompt.
func (r Request) Text() string {
	var b strings.Builder
	for _, m := range r.Messages {
		b.WriteString(m.Content)
		b.WriteByte('\n')
	}
	return b.String()
}

// Server is a fake model server. Its methods may be called at any time,
// also while requests are running.
type Server struct {
	t       testing.TB
	srv     *httptest.Server
	conns   atomic.Int64 // connections accepted
	closing chan struct{}
	cancels chan struct{}

	mu         sync.Mutex
	apiKey     string
	chunker    func(string) []string
	reply      string
	schemas    map[string]func(Request) string
	failStatus int
	failTimes  int
	// structuredStatus, when not 0, answers every request with a
	// response_format other than text with this status (FailStructured).
	structuredStatus int
	retryAfter       string
	delay            time.Duration
	halfStop         bool
	invalidJSON      int
	onRequest        func(Request)
	requests         []Request
	// modelRequests are the model-list requests, kept apart from the chat
	// requests that Requests returns.
	modelRequests []Request
	seq           int
}

// Option configures a Server.
type Option func(*Server)

// WithAPIKey makes the fake require the key, as "Authorization: Bearer key"
// or Azure's "api-key: key", and answer 401 otherwise. Without it any or no
// key is accepted, as local servers such as Ollama do.
func WithAPIKey(key string) Option { return func(s *Server) { s.apiKey = key } }

// WithChunker sets how streamed content is cut into chunks (Words by
// default).
func WithChunker(f func(string) []string) Option { return func(s *Server) { s.chunker = f } }

// New starts a fake server that stops when the test ends.
func New(t testing.TB, opts ...Option) *Server {
	t.Helper()
	s := &Server{
		t:       t,
		closing: make(chan struct{}),
		cancels: make(chan struct{}, 128),
		chunker: Words,
		reply:   DefaultReply,
		schemas: map[string]func(Request) string{},
	}
	for _, o := range opts {
		o(s)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/", s.serve)
	s.srv = httptest.NewUnstartedServer(mux)
	s.srv.Config.ConnState = func(_ net.Conn, state http.ConnState) {
		if state == http.StateNew {
			s.conns.Add(1)
		}
	}
	s.srv.Start()
	t.Cleanup(func() {
		// Release handlers held by Delay before Close waits for them.
		close(s.closing)
		s.srv.CloseClientConnections()
		s.srv.Close()
	})
	return s
}

// URL returns the base URL a client is configured with, ending in /v1
// (the fake also answers /chat/completions under any other prefix, as Azure
// deployment URLs have).
func (s *Server) URL() string { return s.srv.URL + "/v1" }

// Connections returns how many connections clients have opened to the fake
// so far: a client that reuses its connections opens few.
func (s *Server) Connections() int { return int(s.conns.Load()) }

// Reply sets the content of answers to plain chat requests, streamed or
// not.
func (s *Server) Reply(text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.reply = text
}

// Chunking sets how streamed content is cut into chunks, like WithChunker.
func (s *Server) Chunking(f func(string) []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.chunker = f
}

// OnSchema answers requests whose response_format is the json_schema with
// this name with the content f returns (it need not be valid JSON). Without
// a responder the fake answers an example instance of the schema (see
// Example).
func (s *Server) OnSchema(name string, f func(Request) string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.schemas[name] = f
}

// Fail makes the next `times` requests (chat or model list) fail with the
// status and an OpenAI-style error body.
func (s *Server) Fail(status, times int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failStatus, s.failTimes = status, times
}

// FailStructured makes every chat request that asks for structured output
// (a response_format of json_schema or json_object) fail with the status
// and an OpenAI-style error body, until it is called with 0; plain and
// streamed replies are answered as usual. It is a server whose structured
// outputs are broken (an overloaded guided-decoding backend, a proxy that
// rejects response_format) while it still chats.
func (s *Server) FailStructured(status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.structuredStatus = status
}

// RetryAfter sets the Retry-After header sent with the failures of Fail
// ("" sends none).
func (s *Server) RetryAfter(value string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.retryAfter = value
}

// Delay makes every request (chat or model list) wait d before answering. A client that
// gives up meanwhile is noticed (see Cancelled) and the handler returns.
func (s *Server) Delay(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.delay = d
}

// StreamHalfAndStop makes the next streamed answer send half of its chunks
// and then end the response cleanly, without a finish_reason or [DONE], as
// a crashed or restarted upstream does.
func (s *Server) StreamHalfAndStop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.halfStop = true
}

// InvalidJSON makes the next `times` JSON-schema requests answer content
// that is not JSON.
func (s *Server) InvalidJSON(times int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.invalidJSON = times
}

// OnRequest calls f with each chat request as soon as it is received and
// recorded, before any scripted failure or delay: a test can cancel its
// context exactly while the fake holds the request.
func (s *Server) OnRequest(f func(Request)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.onRequest = f
}

// Requests returns the chat requests received so far, oldest first.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.requests...)
}

// ModelRequests returns the model-list requests received so far, oldest
// first (method, path, query and headers only).
func (s *Server) ModelRequests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.modelRequests...)
}

// Cancelled receives a value each time a client went away while the fake was
// delaying its answer (see Delay).
func (s *Server) Cancelled() <-chan struct{} { return s.cancels }

// models answers the model list (GET /v1/models, or …/models under any
// other prefix, as Azure's /openai/models). It requires the key like chat requests do, and the failures of
// Fail and the wait of Delay apply to it as well.
func (s *Server) models(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.modelRequests = append(s.modelRequests, Request{Method: r.Method, Path: r.URL.Path, RawQuery: r.URL.RawQuery, Header: r.Header.Clone()})
	apiKey := s.apiKey
	s.mu.Unlock()
	if !s.authorized(w, r, apiKey) || !s.scripted(w, r) {
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"object": "list", "data": []any{
		map[string]any{"id": "fake-model", "object": "model", "created": 0, "owned_by": "openaitest"},
	}})
}

// authorized answers 401 and returns false unless the request carries the
// key (when one is required).
func (s *Server) authorized(w http.ResponseWriter, r *http.Request, apiKey string) bool {
	if apiKey == "" {
		return true
	}
	got := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
	if got == "" {
		got = r.Header.Get("api-key")
	}
	if got != apiKey {
		// OpenAI's message quotes (part of) the key it was given; this
		// one quotes all of it, so a client that logs error bodies leaks
		// the key into its test's log.
		apiError(w, http.StatusUnauthorized, "invalid_request_error", "invalid_api_key", "Incorrect API key provided: "+got+".")
		return false
	}
	return true
}

// scripted applies a pending failure of Fail (answering it and returning
// false) and the wait of Delay (returning false when the client went away
// or the fake closes meanwhile).
func (s *Server) scripted(w http.ResponseWriter, r *http.Request) bool {
	s.mu.Lock()
	failStatus, retryAfter := 0, s.retryAfter
	if s.failTimes > 0 {
		s.failTimes--
		failStatus = s.failStatus
	}
	delay := s.delay
	s.mu.Unlock()
	if failStatus != 0 {
		if retryAfter != "" {
			w.Header().Set("Retry-After", retryAfter)
		}
		typ := "server_error"
		if failStatus == http.StatusTooManyRequests {
			typ = "rate_limit_exceeded"
		}
		apiError(w, failStatus, typ, "", http.StatusText(failStatus)+" (scripted by openaitest)")
		return false
	}
	if delay > 0 {
		t := time.NewTimer(delay)
		select {
		case <-t.C:
		case <-r.Context().Done():
			t.Stop()
			select {
			case s.cancels <- struct{}{}:
			default:
			}
			return false
		case <-s.closing:
			t.Stop()
			return false
		}
	}
	return true
}

var schemaName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/models") {
		s.models(w, r)
		return
	}
	if !strings.HasSuffix(r.URL.Path, "/chat/completions") {
		apiError(w, http.StatusNotFound, "invalid_request_error", "unknown_url", "Unknown request URL: "+r.Method+" "+r.URL.Path+".")
		return
	}
	if r.Method != http.MethodPost {
		apiError(w, http.StatusMethodNotAllowed, "invalid_request_error", "method_not_allowed", "Use POST.")
		return
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, 32<<20))
	if err != nil {
		return
	}
	req, problem := decode(body)
	req.Method, req.Path, req.RawQuery, req.Header = r.Method, r.URL.Path, r.URL.RawQuery, r.Header.Clone()

	s.mu.Lock()
	s.requests = append(s.requests, req)
	s.seq++
	id := s.seq
	apiKey, onRequest := s.apiKey, s.onRequest
	s.mu.Unlock()
	if onRequest != nil {
		onRequest(req)
	}

	if !s.authorized(w, r, apiKey) {
		return
	}
	if problem != "" {
		s.t.Logf("openaitest: answering 400: %s", problem)
		apiError(w, http.StatusBadRequest, "invalid_request_error", "invalid_request", problem)
		return
	}
	if !s.scripted(w, r) {
		return
	}
	s.mu.Lock()
	structuredStatus := s.structuredStatus
	s.mu.Unlock()
	if rf := req.ResponseFormat; structuredStatus != 0 && rf != nil && rf.Type != "text" {
		apiError(w, structuredStatus, "server_error", "", http.StatusText(structuredStatus)+" (structured output scripted to fail by openaitest)")
		return
	}

	content := s.content(req)
	completionID := fmt.Sprintf("chatcmpl-openaitest-%d", id)
	if req.Stream {
		s.stream(w, req, completionID, content)
		return
	}
	promptTokens, completionTokens := countTokens(req), len(Words(content))
	writeJSON(w, http.StatusOK, map[string]any{
		"id": completionID, "object": "chat.completion", "created": time.Now().Unix(), "model": req.Model,
		"system_fingerprint": "fp_openaitest",
		"choices": []any{map[string]any{
			"index":         0,
			"message":       map[string]any{"role": "assistant", "content": content, "refusal": nil},
			"logprobs":      nil,
			"finish_reason": "stop",
		}},
		"usage": map[string]int{"prompt_tokens": promptTokens, "completion_tokens": completionTokens, "total_tokens": promptTokens + completionTokens},
	})
}

// content picks the answer: a scripted invalid JSON, the schema's responder,
// an example of the schema, or the plain reply.
func (s *Server) content(req Request) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	rf := req.ResponseFormat
	if rf == nil || rf.Type == "text" {
		return s.reply
	}
	if s.invalidJSON > 0 {
		s.invalidJSON--
		return `{"this is": not JSON`
	}
	if f, ok := s.schemas[rf.Name]; ok {
		// Unlock while the test's function runs: it may call the Server.
		s.mu.Unlock()
		defer s.mu.Lock()
		return f(req)
	}
	if rf.Type == "json_object" {
		return "{}"
	}
	return Example(rf.Schema)
}

// stream writes content as chat.completion.chunk events the way OpenAI
// does: a first chunk with the role, one chunk per piece, a chunk with the
// finish_reason, a usage chunk without choices when include_usage was asked
// for, and [DONE].
func (s *Server) stream(w http.ResponseWriter, req Request, id, content string) {
	s.mu.Lock()
	pieces := s.chunker(content)
	half := s.halfStop
	s.halfStop = false
	s.mu.Unlock()

	flusher, _ := w.(http.Flusher)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	created := time.Now().Unix()
	send := func(choices []any, usage any) {
		chunk := map[string]any{"id": id, "object": "chat.completion.chunk", "created": created, "model": req.Model,
			"system_fingerprint": "fp_openaitest", "choices": choices}
		if req.IncludeUsage {
			chunk["usage"] = usage
		}
		data, _ := json.Marshal(chunk)
		fmt.Fprintf(w, "data: %s\n\n", data)
		if flusher != nil {
			flusher.Flush()
		}
	}
	choice := func(delta map[string]any, finish any) []any {
		return []any{map[string]any{"index": 0, "delta": delta, "logprobs": nil, "finish_reason": finish}}
	}
	send(choice(map[string]any{"role": "assistant", "content": "", "refusal": nil}, nil), nil)
	if half {
		pieces = pieces[:(len(pieces)+1)/2]
	}
	for _, p := range pieces {
		send(choice(map[string]any{"content": p}, nil), nil)
	}
	if half {
		return
	}
	send(choice(map[string]any{}, "stop"), nil)
	if req.IncludeUsage {
		in, out := countTokens(req), len(pieces)
		send([]any{}, map[string]int{"prompt_tokens": in, "completion_tokens": out, "total_tokens": in + out})
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
	if flusher != nil {
		flusher.Flush()
	}
}

// decode parses a request body and checks it as the API does; problem is
// the error message of a 400.
func decode(body []byte) (req Request, problem string) {
	req.Body = body
	var v struct {
		Model         string    `json:"model"`
		Messages      []Message `json:"messages"`
		Stream        bool      `json:"stream"`
		StreamOptions *struct {
			IncludeUsage bool `json:"include_usage"`
		} `json:"stream_options"`
		ResponseFormat *struct {
			Type       string `json:"type"`
			JSONSchema *struct {
				Name   string          `json:"name"`
				Strict bool            `json:"strict"`
				Schema json.RawMessage `json:"schema"`
			} `json:"json_schema"`
		} `json:"response_format"`
	}
	if err := json.Unmarshal(body, &v); err != nil {
		return req, "We could not parse the JSON body of your request: " + err.Error()
	}
	req.Model, req.Messages, req.Stream = v.Model, v.Messages, v.Stream
	if v.StreamOptions != nil {
		req.StreamOptions, req.IncludeUsage = true, v.StreamOptions.IncludeUsage
	}
	if v.ResponseFormat != nil {
		req.ResponseFormat = &ResponseFormat{Type: v.ResponseFormat.Type}
		if js := v.ResponseFormat.JSONSchema; js != nil {
			req.ResponseFormat.Name, req.ResponseFormat.Strict, req.ResponseFormat.Schema = js.Name, js.Strict, js.Schema
		}
	}
	switch {
	case req.Model == "":
		return req, "you must provide a model parameter"
	case len(req.Messages) == 0:
		return req, "'messages' must contain at least one message"
	case req.StreamOptions && !req.Stream:
		return req, "The 'stream_options' parameter is only allowed when 'stream' is enabled."
	}
	for i, m := range req.Messages {
		switch m.Role {
		case "system", "developer", "user", "assistant", "tool":
		default:
			return req, fmt.Sprintf("Invalid value for 'messages[%d].role': %q", i, m.Role)
		}
	}
	if rf := req.ResponseFormat; rf != nil {
		switch rf.Type {
		case "text", "json_object":
		case "json_schema":
			if v.ResponseFormat.JSONSchema == nil {
				return req, "Missing required parameter: 'response_format.json_schema'."
			}
			if !schemaName.MatchString(rf.Name) {
				return req, "Invalid 'response_format.json_schema.name': must match ^[a-zA-Z0-9_-]+$ and be at most 64 characters."
			}
			var schema map[string]any
			if err := json.Unmarshal(rf.Schema, &schema); err != nil {
				return req, "Invalid schema for response_format '" + rf.Name + "': not a JSON object."
			}
			if rf.Strict {
				if p := strictProblem(schema, "root"); p != "" {
					return req, "Invalid schema for response_format '" + rf.Name + "': " + p
				}
			}
		default:
			return req, "Invalid value for 'response_format.type': " + rf.Type
		}
	}
	return req, ""
}

// strictProblem checks what OpenAI requires of a strict schema: the root is
// an object, and every object sets additionalProperties to false and lists
// all its properties in required.
func strictProblem(schema map[string]any, path string) string {
	if path == "root" && schema["type"] != "object" {
		return "the root schema must be of type object."
	}
	if schema["type"] == "object" {
		if ap, ok := schema["additionalProperties"].(bool); !ok || ap {
			return "In context=(" + path + "), 'additionalProperties' is required to be supplied and to be false."
		}
		props, _ := schema["properties"].(map[string]any)
		required := map[string]bool{}
		if rs, ok := schema["required"].([]any); ok {
			for _, r := range rs {
				if name, ok := r.(string); ok {
					required[name] = true
				}
			}
		}
		for name, p := range props {
			if !required[name] {
				return "In context=(" + path + "), 'required' is required to be supplied and to be an array including every key in properties. Missing '" + name + "'."
			}
			if sub, ok := p.(map[string]any); ok {
				if msg := strictProblem(sub, path+", properties."+name); msg != "" {
					return msg
				}
			}
		}
	}
	if items, ok := schema["items"].(map[string]any); ok {
		return strictProblem(items, path+", items")
	}
	return ""
}

// Example returns an instance of the JSON schema: strings are a sample
// sentence, integers 50, booleans true, enums their first value, objects
// (nested ones too, such as an assessment's move) every property; an array
// of objects with an enum property gets one item per enum value, so that
// "exactly these seven keys" or "these six categories in order" come out
// valid.
func Example(schema json.RawMessage) string {
	var s map[string]any
	if err := json.Unmarshal(schema, &s); err != nil {
		return "{}"
	}
	data, _ := json.Marshal(example(s))
	return string(data)
}

func example(s map[string]any) any {
	if enum, ok := s["enum"].([]any); ok && len(enum) > 0 {
		return enum[0]
	}
	switch s["type"] {
	case "object":
		out := map[string]any{}
		props, _ := s["properties"].(map[string]any)
		for name, p := range props {
			sub, _ := p.(map[string]any)
			out[name] = example(sub)
		}
		return out
	case "array":
		items, _ := s["items"].(map[string]any)
		props, _ := items["properties"].(map[string]any)
		for name, p := range props {
			sub, _ := p.(map[string]any)
			values, ok := sub["enum"].([]any)
			if !ok {
				continue
			}
			list := make([]any, 0, len(values))
			for _, v := range values {
				item, _ := example(items).(map[string]any)
				item[name] = v
				list = append(list, item)
			}
			return list
		}
		return []any{example(items)}
	case "integer":
		if m, ok := s["minimum"].(float64); ok && m > 50 {
			return int(m)
		}
		return 50
	case "number":
		return 50.0
	case "boolean":
		return true
	case "string":
		return "Ein Beispieltext von openaitest."
	}
	return nil
}

// Words cuts text into token-like pieces: each word with the white space in
// front of it, so the pieces concatenate to the text. It is the default
// chunking. The fake's usage counts a prompt token per word of the messages
// and a completion token per streamed chunk (per word when not streamed).
func Words(text string) []string {
	var out []string
	start := 0
	inSpace := true
	for i, r := range text {
		space := unicode.IsSpace(r)
		if space && !inSpace && i > start {
			out = append(out, text[start:i])
			start = i
		}
		inSpace = space
	}
	if start < len(text) {
		out = append(out, text[start:])
	}
	return out
}

// Every returns a chunking that cuts text into pieces of n runes.
func Every(n int) func(string) []string {
	return func(text string) []string {
		r := []rune(text)
		var out []string
		for len(r) > 0 {
			k := min(n, len(r))
			out = append(out, string(r[:k]))
			r = r[k:]
		}
		return out
	}
}

// countTokens is the fake's prompt token count: one per word of every
// message.
func countTokens(req Request) int {
	n := 0
	for _, m := range req.Messages {
		n += len(strings.Fields(m.Content))
	}
	return n
}

func apiError(w http.ResponseWriter, status int, typ, code, message string) {
	var c any
	if code != "" {
		c = code
	}
	writeJSON(w, status, map[string]any{"error": map[string]any{"message": message, "type": typ, "param": nil, "code": c}})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
