// Package openai implements coach.Engine over the Chat Completions API that
// OpenAI defined and that most model servers speak: OpenAI itself, Azure
// OpenAI, Mistral, OpenRouter, Ollama, vLLM, llama.cpp's server and LM
// Studio. The customer's replies stream (server-sent events); scores, hints,
// perfect answers, evaluations and summaries ask for JSON-schema output,
// which is validated and retried once when invalid.
//
// All prompt text lives in package coach (prompts.go); this package only
// moves it over HTTP and checks what comes back.
package openai

import (
	"context"
	"errors"
	"log/slog"
	"math"
	"net/http"
	"net/url"
	"strings"
	"time"

	"salescoach"
	"salescoach/coach"
)

// The user-readable messages of the errors each method returns; the
// specification's German texts.
var (
	MessageReply      = salescoach.MsgReplyFailed
	MessageAssessment = salescoach.MsgAssessmentFailed
	MessageEvaluation = salescoach.MsgEvaluationFailed
	MessageHint       = salescoach.MsgHintFailed
	MessagePerfect    = salescoach.MsgPerfectFailed
	MessageSummary    = salescoach.MsgSummaryFailed
)

// Defaults and bounds of a call.
const (
	// DefaultTimeout bounds one attempt of a call when Config.Timeout is
	// zero.
	DefaultTimeout = 60 * time.Second
	// MaxResponseBytes bounds what is read of one response, streamed or not,
	// so a misbehaving server cannot exhaust memory.
	MaxResponseBytes = 4 << 20
	// maxLineBytes bounds one line of a stream; a chunk is a few hundred
	// bytes, so anything near this is not a chat completion.
	maxLineBytes = 1 << 20
	// maxRetryAfter is the longest Retry-After the engine waits for before
	// its single retry; a server that asks for more is treated as down, so
	// that the user is not kept waiting.
	maxRetryAfter = 2 * time.Second
	// defaultRetryDelay is the pause before the retry of a 429 or 5xx that
	// named no Retry-After.
	defaultRetryDelay = 250 * time.Millisecond
)

// How long a caller is told to wait after the model server was unreachable,
// timed out, answered 429 or 5xx, or broke off a stream: the server's own
// Retry-After when it sent one, kept within these bounds, else
// UnavailableRetryAfter. A few seconds are too short for a server that is
// restarting; minutes would keep a user waiting for a blip.
const (
	UnavailableRetryAfter = 30 * time.Second
	MinUnavailableRetry   = 5 * time.Second
	MaxUnavailableRetry   = 2 * time.Minute
)

// Config says which model server to talk to.
type Config struct {
	// BaseURL is the API root that "/chat/completions" is appended to, such
	// as https://api.openai.com/v1, https://api.mistral.ai/v1,
	// https://openrouter.ai/api/v1 or http://localhost:11434/v1 (Ollama). A
	// query (Azure's ?api-version=…) is kept; a URL that already ends in
	// /chat/completions is used as it is.
	BaseURL string
	// APIKey is sent as "Authorization: Bearer …" (as "api-key: …" to Azure
	// hosts); empty sends none, as local servers expect.
	APIKey string
	// Model is the model name (the deployment name for Azure).
	Model string
	// HTTPClient sends the requests; nil uses a client with Go's default
	// transport's timeouts and proxy settings that keeps up to
	// MaxIdleConnsPerHost connections to the model server open between
	// calls. Its own Timeout should be zero: Timeout below and the caller's
	// context bound each call.
	HTTPClient *http.Client
	// Timeout bounds each attempt, including its one retry of a 429/5xx: a
	// Reply makes one attempt, a structured call a second one only after
	// invalid output. Zero means DefaultTimeout. The caller's context
	// bounds the whole call as well.
	Timeout time.Duration
	// Logger receives sizes, statuses and durations, never message text or
	// the key; nil uses slog.Default().
	Logger *slog.Logger
	// CheckTimeout bounds Check; zero means DefaultCheckTimeout.
	CheckTimeout time.Duration
}

// Engine is a coach.Engine backed by an OpenAI-compatible server. It is safe
// for concurrent use. Every method returns *salescoach.Error: EUNAVAILABLE
// with the method's Message… text for anything the server or the network
// did (with a RetryAfter when the server was unreachable, slow or
// overloaded), EINVALID for unusable input, and EINTERNAL should a prompt
// template fail to render.
type Engine struct {
	endpoint   string
	modelsURL  string // GET here lists the models (Check)
	baseURL    string // BaseURL without credentials or query, for display
	apiKey     string
	azure      bool
	model      string
	client     *http.Client
	timeout    time.Duration
	log        *slog.Logger
	retryDelay time.Duration
	// checkTimeout bounds Check.
	checkTimeout time.Duration
}

var (
	_ coach.Engine  = (*Engine)(nil)
	_ coach.Checker = (*Engine)(nil)
)

// New returns an Engine for cfg. It returns an EINVALID *salescoach.Error
// when BaseURL is not an absolute http(s) URL or Model is empty.
func New(cfg Config) (*Engine, error) {
	u, err := url.Parse(strings.TrimSpace(cfg.BaseURL))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, salescoach.Errorf(salescoach.EINVALID, "openai: base URL must be an absolute http(s) URL")
	}
	model := strings.TrimSpace(cfg.Model)
	if model == "" {
		return nil, salescoach.Errorf(salescoach.EINVALID, "openai: model is required")
	}
	base := strings.TrimSuffix(strings.TrimRight(u.Path, "/"), "/chat/completions")
	u.Path, u.RawPath, u.Fragment = base+"/chat/completions", "", ""
	host := strings.ToLower(u.Hostname())
	azure := strings.HasSuffix(host, ".openai.azure.com") || strings.HasSuffix(host, ".cognitiveservices.azure.com") || strings.HasSuffix(host, ".services.ai.azure.com")
	e := &Engine{
		endpoint:  u.String(),
		modelsURL: modelsURL(*u, base, azure),
		baseURL:   displayURL(*u, base),
		apiKey:    strings.TrimSpace(cfg.APIKey),
		// Azure accepts its keys in "api-key"; a Bearer header there is taken
		// for an Entra token and refused.
		azure:        azure,
		model:        model,
		client:       cfg.HTTPClient,
		timeout:      cfg.Timeout,
		log:          cfg.Logger,
		retryDelay:   defaultRetryDelay,
		checkTimeout: cfg.CheckTimeout,
	}
	if e.client == nil {
		e.client = &http.Client{Transport: newTransport()}
	}
	if e.timeout <= 0 {
		e.timeout = DefaultTimeout
	}
	if e.checkTimeout <= 0 {
		e.checkTimeout = DefaultCheckTimeout
	}
	if e.log == nil {
		e.log = slog.Default()
	}
	e.log = e.log.With("engine", "openai")
	return e, nil
}

// Name returns "openai".
func (e *Engine) Name() string { return "openai" }

// Reply streams the customer's next message from the model, calling emit
// with each piece as it arrives (leading and trailing white space and a
// leading <think> block are held back, so the pieces concatenate to exactly
// the returned text). A stream that breaks off before the server says it is
// complete is a failure, not a short reply. Usage is returned even with an
// error. Errors are *salescoach.Error: EUNAVAILABLE with MessageReply when
// the server cannot be reached, answers an error status, times out, breaks
// off or sends nothing, with RetryAfter set when waiting may help (see
// UnavailableRetryAfter); EINVALID for an unknown plan.Kind.
func (e *Engine) Reply(ctx context.Context, in coach.Input, plan coach.ReplyPlan, emit func(string)) (string, coach.Usage, error) {
	const purpose = "reply"
	usage := coach.Usage{Model: e.model}
	msgs, err := coach.ReplyMessages(in, plan)
	if err != nil {
		return "", usage, err
	}
	callCtx, cancel := context.WithTimeout(ctx, e.timeout)
	defer cancel()
	start := time.Now()
	resp, err := e.send(callCtx, purpose, e.requestBody(msgs, true, nil), 1)
	if err != nil {
		return "", usage, e.fail(ctx, callCtx, purpose, MessageReply, err)
	}
	defer resp.Body.Close()
	var (
		text string
		n    int
	)
	if strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
		// Some servers (older llama.cpp builds, proxies) ignore "stream"
		// and answer one completion; take it whole rather than fail.
		text, n, err = readWhole(resp.Body, &usage, emit)
	} else {
		text, n, err = readStream(resp.Body, &usage, emit)
	}
	if err == nil && text == "" {
		err = &callError{reason: "empty_reply"}
	}
	if err != nil {
		return "", usage, e.fail(ctx, callCtx, purpose, MessageReply, err)
	}
	drain(resp.Body, cancel)
	e.log.LogAttrs(ctx, slog.LevelDebug, "model call", slog.String("purpose", purpose), slog.Int("status", resp.StatusCode),
		slog.Int("response_bytes", n), slog.Int("reply_chars", len(text)), slog.Duration("duration", time.Since(start)),
		slog.Int("tokens_in", usage.TokensIn), slog.Int("tokens_out", usage.TokensOut))
	return text, usage, nil
}

// Assess asks the model to rate the last turn of in.History by the move
// the moment called for (explore, respond or advance) and with the seven
// techniques of coach.RubricKeys. The result has the move (Move), exactly
// those seven techniques, in that order, with the labels of the scenario's
// language, and Settles, Holds and HoldAt from the move (judgeMove) and,
// for a scenario's custom objection, its criteria. An answer without a
// valid move is invalid output. Errors are *salescoach.Error EUNAVAILABLE
// with MessageAssessment, also when the model answers invalid output
// twice.
func (e *Engine) Assess(ctx context.Context, in coach.Input) (*coach.Assessment, coach.Usage, error) {
	msgs, err := coach.AssessMessages(in)
	if err != nil {
		return nil, coach.Usage{Model: e.model}, err
	}
	lang := in.Scenario.Language
	schema := schemaFor(SchemaAssessment, lang)
	custom, isCustom := coach.CustomObjection(in)
	if isCustom {
		schema = criteriaSchema(custom)
	}
	var out *coach.Assessment
	usage, err := e.structured(ctx, "assessment", MessageAssessment, lang, msgs, schema, func(content string) error {
		a, err := parseAssessment(content, lang)
		if err == nil {
			judgeMove(a, in)
		}
		if err == nil && isCustom {
			err = parseCriteria(content, lang, custom, a)
		}
		out = a
		return err
	})
	if err != nil {
		return nil, usage, err
	}
	return out, usage, nil
}

// Hint asks the model for a tip on the next answer. Errors are
// *salescoach.Error EUNAVAILABLE with MessageHint, also when the model
// answers invalid output twice.
func (e *Engine) Hint(ctx context.Context, in coach.Input) (string, coach.Usage, error) {
	msgs, err := coach.HintMessages(in)
	if err != nil {
		return "", coach.Usage{Model: e.model}, err
	}
	return e.text(ctx, "hint", MessageHint, in.Scenario.Language, msgs, SchemaHint, "tip", maxTipRunes)
}

// PerfectAnswer asks the model for the answer to the customer's last message
// that a trainer would score near 100. Errors are *salescoach.Error
// EUNAVAILABLE with MessagePerfect, also when the model answers invalid
// output twice.
func (e *Engine) PerfectAnswer(ctx context.Context, in coach.Input) (string, coach.Usage, error) {
	msgs, err := coach.PerfectAnswerMessages(in)
	if err != nil {
		return "", coach.Usage{Model: e.model}, err
	}
	return e.text(ctx, "perfect", MessagePerfect, in.Scenario.Language, msgs, SchemaPerfect, "message", salescoach.MaxMessageRunes)
}

// Evaluate asks the model to grade the whole chat in the six
// coach.Categories. The result has exactly those six in order (a reordered
// answer is put back in order by name), at most three top points, and
// TotalPercent set to the rounded mean of the six scores. Errors are
// *salescoach.Error EUNAVAILABLE with MessageEvaluation, also when the model
// answers invalid output twice.
func (e *Engine) Evaluate(ctx context.Context, in coach.Input) (*coach.Evaluation, coach.Usage, error) {
	msgs, err := coach.EvaluationMessages(in)
	if err != nil {
		return nil, coach.Usage{Model: e.model}, err
	}
	lang := in.Scenario.Language
	var out *coach.Evaluation
	usage, err := e.structured(ctx, "evaluation", MessageEvaluation, lang, msgs, schemaFor(SchemaEvaluation, lang), func(content string) error {
		ev, err := parseEvaluation(content, lang)
		out = ev
		return err
	})
	if err != nil {
		return nil, usage, err
	}
	return out, usage, nil
}

// Summarize asks the model for a product description of 3–5 sentences from
// a website's text; a longer answer is cut at a sentence end to at most
// coach.MaxSummaryRunes. Errors are *salescoach.Error: EINVALID with
// MessageSummary for empty text, EUNAVAILABLE with MessageSummary when the
// call fails or the model answers invalid output twice.
func (e *Engine) Summarize(ctx context.Context, language, text string) (string, coach.Usage, error) {
	usage := coach.Usage{Model: e.model}
	if strings.TrimSpace(text) == "" {
		return "", usage, salescoach.NewError(salescoach.EINVALID, MessageSummary)
	}
	msgs, err := coach.SummaryMessages(language, text)
	if err != nil {
		return "", usage, err
	}
	s, usage, err := e.text(ctx, "summary", MessageSummary, language, msgs, SchemaSummary, "summary", 0)
	if err != nil {
		return "", usage, err
	}
	return cutSummary(s, coach.MaxSummaryRunes), usage, nil
}

// text runs a structured call whose answer is one string field.
func (e *Engine) text(ctx context.Context, purpose string, failure salescoach.Msg, lang string, msgs []coach.PromptMessage, schema, field string, maxRunes int) (string, coach.Usage, error) {
	var out string
	usage, err := e.structured(ctx, purpose, failure, lang, msgs, schemaFor(schema, lang), func(content string) error {
		s, err := parseText(content, field)
		if maxRunes > 0 {
			s = cut(s, maxRunes)
		}
		out = s
		return err
	})
	if err != nil {
		return "", usage, err
	}
	return out, usage, nil
}

// structured makes a non-streamed call with a JSON-schema response format
// and hands the content to parse. Invalid output (not JSON, refused, cut
// off, or rejected by parse) is asked for once more with a note saying what
// was wrong; a second invalid answer, like any transport failure, becomes
// EUNAVAILABLE with the failure message. Usage sums both attempts, since
// both cost tokens.
func (e *Engine) structured(ctx context.Context, purpose string, failure salescoach.Msg, lang string, msgs []coach.PromptMessage, schema responseFormat, parse func(string) error) (coach.Usage, error) {
	usage := coach.Usage{Model: e.model}
	for attempt := 1; ; attempt++ {
		callCtx, cancel := context.WithTimeout(ctx, e.timeout)
		content, err := e.complete(callCtx, purpose, msgs, schema, &usage)
		if err == nil {
			err = parse(content)
		}
		var bad *invalidOutput
		if err != nil && errors.As(err, &bad) && attempt == 1 {
			cancel()
			e.log.LogAttrs(ctx, slog.LevelWarn, "model answered invalid output; retrying once",
				slog.String("purpose", purpose), slog.String("problem", bad.problem), slog.Int("content_bytes", len(content)))
			msgs = withCorrection(msgs, coach.CorrectionNote(lang, bad.problem))
			continue
		}
		if err != nil {
			err = e.fail(ctx, callCtx, purpose, failure, err)
		}
		cancel()
		return usage, err
	}
}

// withCorrection returns msgs with the note appended to the last user
// message (a copy: the caller's slice is not changed). Appending to it rather
// than adding a message keeps the roles alternating, which some chat
// templates require.
func withCorrection(msgs []coach.PromptMessage, note string) []coach.PromptMessage {
	out := append([]coach.PromptMessage(nil), msgs...)
	for i := len(out) - 1; i >= 0; i-- {
		if out[i].Role == salescoach.RoleUser {
			out[i].Content += "\n\n" + note
			return out
		}
	}
	return append(out, coach.PromptMessage{Role: salescoach.RoleUser, Content: note})
}

// fail logs why a call failed (reason, status, never content) and returns
// the EUNAVAILABLE error with the user-readable message. parent is the
// caller's context and call the one with the engine's timeout: which of them
// ended tells a timeout from a caller that went away. When the server could
// not be reached, timed out, was overloaded (429, 5xx) or broke off a stream,
// the error's RetryAfter says when asking again is worth it (see
// UnavailableRetryAfter); it stays zero for failures that waiting does not
// cure (a refused key, a rejected request, unusable output).
func (e *Engine) fail(parent, call context.Context, purpose string, message salescoach.Msg, err error) error {
	var se *salescoach.Error
	if errors.As(err, &se) {
		return se
	}
	reason, status := "error", 0
	var ce *callError
	var bad *invalidOutput
	switch {
	case errors.Is(parent.Err(), context.Canceled):
		reason = "canceled"
	case call.Err() != nil:
		// The engine's Timeout or the caller's deadline.
		reason = "timeout"
	case errors.As(err, &ce):
		reason, status = ce.reason, ce.status
	case errors.As(err, &bad):
		reason = "invalid_output"
	}
	level := slog.LevelWarn
	if reason == "canceled" {
		// The caller went away (the user closed the page); nothing to fix.
		level = slog.LevelInfo
	}
	attrs := []slog.Attr{slog.String("purpose", purpose), slog.String("reason", reason)}
	if status != 0 {
		attrs = append(attrs, slog.Int("status", status))
	}
	if bad != nil {
		attrs = append(attrs, slog.String("problem", bad.problem))
	}
	e.log.LogAttrs(parent, level, "model call failed", attrs...)
	out := salescoach.NewError(salescoach.EUNAVAILABLE, message)
	if transient(reason, status) {
		wait := UnavailableRetryAfter
		if ce != nil && ce.retryAfter > 0 {
			wait = min(max(ce.retryAfter, MinUnavailableRetry), MaxUnavailableRetry)
		}
		out.RetryAfter = int((wait + time.Second - 1) / time.Second)
	}
	return out
}

// transient reports whether a failure is the server being unreachable, slow
// or overloaded, which passes by itself, rather than a configuration or
// output problem.
func transient(reason string, status int) bool {
	switch reason {
	case "timeout", "network", "stream_incomplete", "stream_error":
		return true
	case "status":
		return status == http.StatusTooManyRequests || status >= 500
	}
	return false
}

// cutSummary shortens s to at most n runes, at the end of a sentence when
// one ends in the second half, else at a word with an ellipsis.
func cutSummary(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	head := string(r[:n])
	if i := strings.LastIndexAny(head, ".!?"); i >= len(head)/2 {
		return head[:i+1]
	}
	return cut(s, n)
}

// cut shortens s to at most n runes, at a word when possible, ending in "…".
func cut(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	head := string(r[:n-1])
	if i := strings.LastIndexByte(head, ' '); i > len(head)*3/4 {
		head = head[:i]
	}
	return strings.TrimRight(head, " ,;:") + "…"
}

// round rounds half away from zero, as people expect of a percentage.
func round(f float64) int { return int(math.Round(f)) }
