package openai

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/url"
	"strings"
	"time"

	"salescoach"
)

// DefaultCheckTimeout bounds Check when Config.CheckTimeout is zero.
const DefaultCheckTimeout = 5 * time.Second

// Model returns the configured model name.
func (e *Engine) Model() string { return e.model }

// BaseURL returns the API root the engine talks to, without user
// information or query (where some servers take keys), for display.
func (e *Engine) BaseURL() string { return e.baseURL }

// Check asks the server for its model list (GET {base}/models with the key,
// as chat calls send it), which costs no tokens. It returns nil for a 2xx
// answer and otherwise an EUNAVAILABLE *salescoach.Error whose message says
// what went wrong: the status, a timeout (Config.CheckTimeout, 5 s by
// default) or an unreachable server. The answer's body is never read out,
// since some servers quote the key in it.
func (e *Engine) Check(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, e.checkTimeout)
	defer cancel()
	start := time.Now()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, e.modelsURL, nil)
	if err != nil {
		return checkError(salescoach.MsgEngineBadURL)
	}
	req.Header.Set("Accept", "application/json")
	e.authorize(req)
	resp, err := e.client.Do(req)
	if err != nil {
		reason, msg := "network", salescoach.MsgEngineUnreachable
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			reason = "timeout"
			msg = salescoach.MsgEngineTimeout.With("seconds", seconds(e.checkTimeout))
		}
		e.log.LogAttrs(ctx, slog.LevelWarn, "model server check failed", slog.String("reason", reason),
			slog.Duration("duration", time.Since(start)))
		return checkError(msg)
	}
	kind := ""
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		kind = errorKind(resp.Body)
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	status := resp.StatusCode
	attrs := []slog.Attr{slog.Int("status", status), slog.Duration("duration", time.Since(start))}
	switch {
	case status >= 200 && status <= 299:
		e.log.LogAttrs(ctx, slog.LevelInfo, "model server check passed", attrs...)
		return nil
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		e.log.LogAttrs(ctx, slog.LevelWarn, "model server check: credentials refused", append(attrs, slog.String("error_kind", kind))...)
		return checkError(salescoach.MsgEngineRefused.With("status", status))
	default:
		e.log.LogAttrs(ctx, slog.LevelWarn, "model server check failed", append(attrs, slog.String("error_kind", kind))...)
		return checkError(salescoach.MsgEngineStatus.With("status", status))
	}
}

func checkError(msg salescoach.Msg) error {
	return salescoach.NewError(salescoach.EUNAVAILABLE, msg)
}

// seconds is d in seconds for a message: 5, 0.2 (clients format the number).
func seconds(d time.Duration) float64 {
	return math.Round(d.Seconds()*10) / 10
}

// authorize adds the API key the way the server expects it.
func (e *Engine) authorize(req *http.Request) {
	if e.apiKey == "" {
		return
	}
	if e.azure {
		req.Header.Set("api-key", e.apiKey)
	} else {
		req.Header.Set("Authorization", "Bearer "+e.apiKey)
	}
}

// modelsURL is where the model list is: next to chat/completions, or for an
// Azure deployment URL (…/openai/deployments/NAME) the resource's
// …/openai/models. The query (Azure's api-version) is kept.
func modelsURL(u url.URL, base string, azure bool) string {
	if i := strings.Index(base, "/openai/deployments/"); azure && i >= 0 {
		base = base[:i] + "/openai"
	}
	u.Path, u.RawPath, u.Fragment = base+"/models", "", ""
	return u.String()
}

// displayURL is the base URL without user information and query.
func displayURL(u url.URL, base string) string {
	u.Path, u.RawPath, u.RawQuery, u.Fragment, u.User = base, "", "", "", nil
	return u.String()
}
