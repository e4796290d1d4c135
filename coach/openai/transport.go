package openai

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"salescoach/coach"
)

// The wire format of the Chat Completions API, reduced to what the engine
// sends and reads.
type (
	chatRequest struct {
		Model          string          `json:"model"`
		Messages       []wireMessage   `json:"messages"`
		Stream         bool            `json:"stream,omitempty"`
		StreamOptions  *streamOptions  `json:"stream_options,omitempty"`
		ResponseFormat *responseFormat `json:"response_format,omitempty"`
	}
	wireMessage struct {
		Role    string `json:"role"`
		Content string `json:"content"`
	}
	streamOptions struct {
		IncludeUsage bool `json:"include_usage"`
	}
	responseFormat struct {
		Type       string      `json:"type"`
		JSONSchema *jsonSchema `json:"json_schema,omitempty"`
	}
	jsonSchema struct {
		Name   string          `json:"name"`
		Strict bool            `json:"strict"`
		Schema json.RawMessage `json:"schema"`
	}
	wireUsage struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
	}
	wireError struct {
		Message string `json:"message"`
		Type    string `json:"type"`
		Code    any    `json:"code"` // a string at OpenAI, a number at some servers
	}
	chatResponse struct {
		Model   string `json:"model"`
		Choices []struct {
			Message struct {
				Content *string `json:"content"`
				Refusal *string `json:"refusal"`
			} `json:"message"`
			FinishReason string `json:"finish_reason"`
		} `json:"choices"`
		Usage *wireUsage `json:"usage"`
		Error *wireError `json:"error"`
	}
)

// callError is a failed exchange with the server; it never carries content,
// so it can be logged whole.
type callError struct {
	reason string // network, status, auth, stream_incomplete, stream_error, filtered, too_large, empty_reply
	status int
	// retryAfter is how long the server asked us to wait with an error
	// status, when it said so.
	retryAfter time.Duration
	err        error
}

func (e *callError) Error() string {
	s := "openai: " + e.reason
	if e.status != 0 {
		s += " (status " + strconv.Itoa(e.status) + ")"
	}
	if e.err != nil {
		s += ": " + e.err.Error()
	}
	return s
}

func (e *callError) Unwrap() error { return e.err }

// invalidOutput is a well-delivered answer whose content is unusable; it is
// the one failure worth asking the model again for. problem is our own
// wording, never the model's text.
type invalidOutput struct{ problem string }

func (e *invalidOutput) Error() string { return "openai: invalid output: " + e.problem }

func invalid(format string, args ...any) error {
	return &invalidOutput{problem: fmt.Sprintf(format, args...)}
}

func (e *Engine) requestBody(msgs []coach.PromptMessage, stream bool, format *responseFormat) []byte {
	req := chatRequest{Model: e.model, Messages: make([]wireMessage, len(msgs)), ResponseFormat: format}
	for i, m := range msgs {
		req.Messages[i] = wireMessage(m)
	}
	if stream {
		req.Stream = true
		req.StreamOptions = &streamOptions{IncludeUsage: true}
	}
	body, err := json.Marshal(req)
	if err != nil {
		// Strings and slices only: Marshal cannot fail here.
		panic(err)
	}
	return body
}

// complete makes one non-streamed call and returns the answer's content,
// adding its tokens to usage. A delivered answer that is unusable (not a
// completion, refused, cut off by the token limit, empty) is an
// *invalidOutput; anything else is a *callError.
func (e *Engine) complete(ctx context.Context, purpose string, msgs []coach.PromptMessage, format responseFormat, usage *coach.Usage) (string, error) {
	start := time.Now()
	resp, err := e.send(ctx, purpose, e.requestBody(msgs, false, &format), 1)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(&boundedReader{r: resp.Body, n: MaxResponseBytes})
	if err != nil {
		return "", asCallError(err)
	}
	e.log.LogAttrs(ctx, slog.LevelDebug, "model call", slog.String("purpose", purpose), slog.Int("status", resp.StatusCode),
		slog.Int("response_bytes", len(data)), slog.Duration("duration", time.Since(start)))
	var cr chatResponse
	if err := json.Unmarshal(data, &cr); err != nil {
		return "", invalid("the response is not a chat completion")
	}
	if cr.Model != "" {
		usage.Model = cr.Model
	}
	if cr.Usage != nil {
		usage.TokensIn += cr.Usage.PromptTokens
		usage.TokensOut += cr.Usage.CompletionTokens
	}
	if cr.Error != nil {
		return "", &callError{reason: "status", status: resp.StatusCode, err: errors.New("error object in a 200 response")}
	}
	if len(cr.Choices) == 0 {
		return "", invalid("the response has no choices")
	}
	c := cr.Choices[0]
	switch {
	case c.Message.Refusal != nil && *c.Message.Refusal != "":
		return "", invalid("the model refused to answer")
	case c.FinishReason == "length":
		return "", invalid("the answer was cut off at the token limit; answer more briefly")
	case c.Message.Content == nil || *c.Message.Content == "":
		return "", invalid("the answer is empty")
	}
	return *c.Message.Content, nil
}

// MaxIdleConnsPerHost is how many connections to the model server the
// default client keeps open between calls. A chat turn makes one or two
// calls; with Go's default of 2, every call beyond the second running at
// the same moment opened a new connection (and left one in TIME_WAIT), which
// at a few hundred users happens all the time.
const MaxIdleConnsPerHost = 128

// newTransport returns Go's default transport (proxy from the environment,
// dial, TLS-handshake and idle timeouts, HTTP/2 where the server offers it
// over TLS) with an idle pool of MaxIdleConnsPerHost.
func newTransport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns = MaxIdleConnsPerHost
	t.MaxIdleConnsPerHost = MaxIdleConnsPerHost
	return t
}

// Bounds of drain.
const (
	drainBytes = 64 << 10
	drainWait  = 100 * time.Millisecond
)

// drain reads what follows a complete stream ([DONE] and the end of the
// response, which may arrive a moment later) so that the connection goes
// back to the pool: one closed before its end is dropped. A server that
// sends more than drainBytes, or keeps the response open for longer than
// drainWait, is cut off by cancel (the call's own) and loses the
// connection instead of holding up the turn.
func drain(body io.Reader, cancel context.CancelFunc) {
	t := time.AfterFunc(drainWait, cancel)
	defer t.Stop()
	_, _ = io.Copy(io.Discard, io.LimitReader(body, drainBytes))
}

// send POSTs body to the chat completions endpoint and returns a 2xx
// response for the caller to read and close. A 429 or 5xx is retried
// `retries` times after a short pause (the server's Retry-After when it asks
// for at most maxRetryAfter; asking for longer means it is overloaded, and
// the user should not wait). 401 and 403 are logged as a configuration
// error. Every other status is a *callError.
func (e *Engine) send(ctx context.Context, purpose string, body []byte, retries int) (*http.Response, error) {
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.endpoint, bytes.NewReader(body))
		if err != nil {
			return nil, &callError{reason: "network", err: err}
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		e.authorize(req)
		resp, err := e.client.Do(req)
		if err != nil {
			// The error of a failed Do names the URL and the transport
			// problem only; the key is in a header and never part of it.
			return nil, &callError{reason: "network", err: err}
		}
		if resp.StatusCode >= 200 && resp.StatusCode < 300 {
			return resp, nil
		}
		kind := errorKind(resp.Body)
		resp.Body.Close()
		status := resp.StatusCode
		attrs := []slog.Attr{slog.String("purpose", purpose), slog.Int("status", status), slog.String("error_kind", kind), slog.Int("attempt", attempt+1)}
		switch {
		case status == http.StatusUnauthorized || status == http.StatusForbidden:
			e.log.LogAttrs(ctx, slog.LevelError, "model server refused the credentials; check the API key and base URL", attrs...)
			return nil, &callError{reason: "auth", status: status}
		case status == http.StatusTooManyRequests || status >= 500:
			wait, ok := retryWait(resp.Header, e.retryDelay)
			if attempt >= retries || !ok {
				asked, _ := headerRetryAfter(resp.Header)
				return nil, &callError{reason: "status", status: status, retryAfter: asked}
			}
			e.log.LogAttrs(ctx, slog.LevelWarn, "model server busy; retrying once", append(attrs, slog.Duration("wait", wait))...)
			if err := sleep(ctx, wait); err != nil {
				return nil, &callError{reason: "network", err: err}
			}
		default:
			// 400, 404, 422 …: the request or the configuration (model name,
			// response_format support) is wrong; retrying cannot help.
			e.log.LogAttrs(ctx, slog.LevelError, "model server rejected the request", attrs...)
			return nil, &callError{reason: "status", status: status}
		}
	}
}

var safeKind = regexp.MustCompile(`^[A-Za-z0-9_.\-]{1,64}$`)

// errorKind reads an error response's "type" and "code" for the log. The
// "message" is never read out: OpenAI's 401 message quotes part of the key,
// and others may echo the prompt.
func errorKind(body io.Reader) string {
	data, _ := io.ReadAll(io.LimitReader(body, 64<<10))
	var v struct {
		Error *wireError `json:"error"`
	}
	if json.Unmarshal(data, &v) != nil || v.Error == nil {
		return ""
	}
	kind := ""
	if safeKind.MatchString(v.Error.Type) {
		kind = v.Error.Type
	}
	var code string
	switch c := v.Error.Code.(type) {
	case string:
		code = c
	case float64:
		code = strconv.FormatFloat(c, 'f', -1, 64)
	}
	if safeKind.MatchString(code) {
		kind += "/" + code
	}
	return kind
}

// retryWait returns how long to wait before retrying, and false when the
// server asks for longer than maxRetryAfter. Without a Retry-After it is the
// fallback.
func retryWait(h http.Header, fallback time.Duration) (time.Duration, bool) {
	d, ok := headerRetryAfter(h)
	if !ok {
		return fallback, true
	}
	return d, d <= maxRetryAfter
}

// headerRetryAfter reads the standard Retry-After (seconds or a date) and
// OpenAI's retry-after-ms; false when neither is there or readable.
func headerRetryAfter(h http.Header) (time.Duration, bool) {
	if v := h.Get("Retry-After-Ms"); v != "" {
		if ms, err := strconv.ParseFloat(v, 64); err == nil && ms >= 0 {
			return time.Duration(ms * float64(time.Millisecond)), true
		}
	}
	v := h.Get("Retry-After")
	if v == "" {
		return 0, false
	}
	if s, err := strconv.Atoi(v); err == nil && s >= 0 {
		return time.Duration(s) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(time.Until(t), 0), true
	}
	return 0, false
}

func sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

var errTooLarge = errors.New("response larger than the limit")

// boundedReader reads at most n bytes and then fails with errTooLarge rather
// than pretending the body ended, so a cut-off answer is never mistaken for a
// complete one.
type boundedReader struct {
	r io.Reader
	n int64
}

func (b *boundedReader) Read(p []byte) (int, error) {
	if b.n <= 0 {
		// Probe one byte: a body of exactly the limit is fine.
		var one [1]byte
		n, err := b.r.Read(one[:])
		if n > 0 {
			return 0, errTooLarge
		}
		return 0, err
	}
	if int64(len(p)) > b.n {
		p = p[:b.n]
	}
	n, err := b.r.Read(p)
	b.n -= int64(n)
	return n, err
}

func asCallError(err error) error {
	if errors.Is(err, errTooLarge) {
		return &callError{reason: "too_large", err: err}
	}
	return &callError{reason: "network", err: err}
}
