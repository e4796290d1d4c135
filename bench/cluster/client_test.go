package cluster

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Retry policy of the simulated client, the same for every request: a
// request whose connection broke (transport error, or a streamed reply that
// ended without its "done" event) or that the proxy answered 502, 503 or 504
// is sent again, unchanged, up to maxAttempts times in all, after waiting
// retryBackoff times the attempt number. That is what the app's user does
// when a message fails ("send again" sends the same text, which the server
// stores only once when it is still waiting for its answer), done at once. No
// other answer is retried.
const (
	maxAttempts  = 5
	retryBackoff = 250 * time.Millisecond
)

// answer is the part of a chat answer the benchmark checks.
type answer struct {
	ConversationID     string `json:"conversationId"`
	UserMessageID      string `json:"userMessageId"`
	AssistantMessageID string `json:"assistantMessageId"`
	Completed          bool   `json:"completed"`
}

// apiError is an answer that is not a success and is not retried.
type apiError struct {
	Status int
	Code   string `json:"code"`
}

func (e *apiError) Error() string { return fmt.Sprintf("status %d (%s)", e.Status, e.Code) }

// errBroken marks a failure the client retries.
var errBroken = errors.New("connection broke")

// client sends requests through the proxy and counts which process
// answered.
type client struct {
	base string
	http *http.Client

	mu        sync.Mutex
	upstreams map[string]int // process host:port → answers
	proxyTry  int            // answers for which the proxy itself tried more than one process
}

func newClient(base string, conns int) *client {
	return &client{base: base, upstreams: map[string]int{},
		http: &http.Client{Timeout: 30 * time.Second,
			Transport: &http.Transport{MaxIdleConns: conns, MaxIdleConnsPerHost: conns, IdleConnTimeout: time.Minute}}}
}

// user is one simulated person: an address of their own (sent as
// X-Forwarded-For, which the proxy passes on) and an access token.
type user struct {
	id, email, addr, token string
}

// do sends one request and retries it by the policy above. It returns the
// decoded answer (into out), how many attempts it took, and the last error.
// With stream set it asks for the streamed chat reply, as the app does, and
// reads it to its "done" event.
func (c *client) do(u *user, method, path string, body any, stream bool, out any) (int, error) {
	raw, err := json.Marshal(body)
	if err != nil {
		return 0, err
	}
	var last error
	for attempt := 1; attempt <= maxAttempts; attempt++ {
		if attempt > 1 {
			// Pacing the retries as a person (or the app) would; not a
			// measurement.
			time.Sleep(time.Duration(attempt-1) * retryBackoff)
		}
		last = c.once(u, method, path, raw, stream, out)
		if !errors.Is(last, errBroken) {
			return attempt, last
		}
	}
	return maxAttempts, last
}

func (c *client) once(u *user, method, path string, raw []byte, stream bool, out any) error {
	req, err := http.NewRequest(method, c.base+path, bytes.NewReader(raw))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", u.addr)
	if u.token != "" {
		req.Header.Set("Authorization", "Bearer "+u.token)
	}
	if stream {
		req.Header.Set("Accept", "text/event-stream")
	}
	res, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %v", errBroken, err)
	}
	defer res.Body.Close()
	c.count(res.Header.Get(upstreamHeader))
	switch {
	case res.StatusCode == http.StatusBadGateway || res.StatusCode == http.StatusServiceUnavailable ||
		res.StatusCode == http.StatusGatewayTimeout:
		_, _ = io.Copy(io.Discard, res.Body)
		return fmt.Errorf("%w: status %d", errBroken, res.StatusCode)
	case res.StatusCode < 200 || res.StatusCode > 299:
		e := &apiError{Status: res.StatusCode}
		_ = json.NewDecoder(res.Body).Decode(e)
		return e
	case stream && strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream"):
		return readStream(res.Body, out)
	}
	if out == nil {
		_, _ = io.Copy(io.Discard, res.Body)
		return nil
	}
	if err := json.NewDecoder(res.Body).Decode(out); err != nil {
		return fmt.Errorf("%w: %v", errBroken, err)
	}
	return nil
}

// readStream reads server-sent events up to "done" (decoded into out) or
// "error" (an apiError). A stream that ends before either broke.
func readStream(r io.Reader, out any) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	event := ""
	for sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, "event: "); ok {
			event = v
			continue
		}
		data, ok := strings.CutPrefix(line, "data: ")
		if !ok {
			continue
		}
		switch event {
		case "done":
			if err := json.Unmarshal([]byte(data), out); err != nil {
				return fmt.Errorf("done event: %v", err)
			}
			return nil
		case "error":
			e := &apiError{Status: http.StatusOK}
			_ = json.Unmarshal([]byte(data), e)
			return e
		}
	}
	return fmt.Errorf("%w: stream ended without done (%v)", errBroken, sc.Err())
}

func (c *client) count(upstream string) {
	if upstream == "" {
		upstream = "(none)"
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if strings.Contains(upstream, ",") {
		c.proxyTry++
		parts := strings.Split(upstream, ",")
		upstream = strings.TrimSpace(parts[len(parts)-1])
	}
	c.upstreams[upstream]++
}

// spread returns the answers per process so far and resets the count.
func (c *client) spread() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := c.upstreams
	c.upstreams = map[string]int{}
	return out
}

// liveReconnect is how long the app waits before it opens a broken
// live-update stream again (the "retry" of the stream's ready event).
const liveReconnect = time.Second

// liveStream is a user's live-update stream, held open through the proxy as
// the app's tab does, and opened again when it breaks.
type liveStream struct {
	mu        sync.Mutex
	upstream  string // the process of the stream open now
	opened    int    // streams that got their ready event
	changes   int    // change events received
	afterKill int    // change events received after the kill
}

// live holds u's stream until ctx ends. killed tells whether the kill has
// happened yet.
func (c *client) live(ctx context.Context, u *user, ls *liveStream, killed *atomic.Bool) {
	streams := &http.Client{Transport: c.http.Transport} // no time limit: streams are long
	for ctx.Err() == nil {
		req, err := http.NewRequestWithContext(ctx, "GET", c.base+"/api/realtime", nil)
		if err != nil {
			return
		}
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Authorization", "Bearer "+u.token)
		req.Header.Set("X-Forwarded-For", u.addr)
		if res, err := streams.Do(req); err == nil {
			if res.StatusCode == http.StatusOK {
				ls.read(res, killed)
			}
			res.Body.Close()
		}
		select {
		case <-ctx.Done():
		case <-time.After(liveReconnect): // the app's reconnect delay, not a measurement
		}
	}
}

func (ls *liveStream) read(res *http.Response, killed *atomic.Bool) {
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		event, ok := strings.CutPrefix(sc.Text(), "event: ")
		if !ok {
			continue
		}
		ls.mu.Lock()
		switch event {
		case "ready":
			ls.opened++
			ls.upstream = res.Header.Get(upstreamHeader)
		case "change":
			ls.changes++
			if killed.Load() {
				ls.afterKill++
			}
		}
		ls.mu.Unlock()
	}
}
