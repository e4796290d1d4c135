package metrics

import (
	"context"
	"time"

	"salescoach"
	"salescoach/coach"
)

// Engine wraps e so that every call is measured under its purpose: its
// duration, the tokens of the usage e reports, its error code when it fails
// and, for replies, the time to the first piece of text. Replies are always
// asked for in pieces (the wrapper passes e an emit of its own and forwards
// the pieces to the caller's, if any): the OpenAI engine streams either
// way, and the built-in trainer only splits its text. The optional methods
// the server looks for pass through: when e is a coach.Checker, or has
// Model and BaseURL (shown on the admin settings page), so has the result.
// A nil *Metrics returns e unchanged.
func (m *Metrics) Engine(e coach.Engine) coach.Engine {
	if m == nil {
		return e
	}
	w := &engine{next: e, m: m}
	c, checks := e.(coach.Checker)
	d, described := e.(engineDetails)
	switch {
	case checks && described:
		return &engineWithBoth{w, c, d}
	case checks:
		return &engineWithCheck{w, c}
	case described:
		return &engineWithDetails{w, d}
	}
	return w
}

// engineDetails is what an engine with a server tells about it (the
// OpenAI engine's Model and BaseURL).
type engineDetails interface {
	Model() string
	BaseURL() string
}

// engine measures the calls of next.
type engine struct {
	next coach.Engine
	m    *Metrics
}

// engineWithCheck, engineWithDetails and engineWithBoth are engine plus the
// optional methods of the inner engine, promoted from the embedded
// interfaces.
type (
	engineWithCheck struct {
		*engine
		coach.Checker
	}
	engineWithDetails struct {
		*engine
		engineDetails
	}
	engineWithBoth struct {
		*engine
		coach.Checker
		engineDetails
	}
)

var (
	_ coach.Engine  = (*engine)(nil)
	_ coach.Checker = (*engineWithCheck)(nil)
	_ engineDetails = (*engineWithDetails)(nil)
	_ coach.Checker = (*engineWithBoth)(nil)
	_ engineDetails = (*engineWithBoth)(nil)
)

// Name returns the inner engine's name.
func (e *engine) Name() string { return e.next.Name() }

// Reply calls the inner Reply and also records the time to its first
// non-empty piece.
func (e *engine) Reply(ctx context.Context, in coach.Input, plan coach.ReplyPlan, emit func(string)) (string, coach.Usage, error) {
	start := time.Now()
	first := true
	text, u, err := e.next.Reply(ctx, in, plan, func(piece string) {
		if first && piece != "" {
			first = false
			e.m.modelTTFT.WithLabelValues(PurposeReply).Observe(time.Since(start).Seconds())
		}
		if emit != nil {
			emit(piece)
		}
	})
	e.m.observeCall(PurposeReply, start, u, err)
	return text, u, err
}

// Assess calls the inner Assess under the purpose "score".
func (e *engine) Assess(ctx context.Context, in coach.Input) (*coach.Assessment, coach.Usage, error) {
	start := time.Now()
	a, u, err := e.next.Assess(ctx, in)
	e.m.observeCall(PurposeScore, start, u, err)
	return a, u, err
}

// Hint calls the inner Hint.
func (e *engine) Hint(ctx context.Context, in coach.Input) (string, coach.Usage, error) {
	start := time.Now()
	s, u, err := e.next.Hint(ctx, in)
	e.m.observeCall(PurposeHint, start, u, err)
	return s, u, err
}

// PerfectAnswer calls the inner PerfectAnswer under the purpose
// "perfect_message" (the name its token usage is stored under).
func (e *engine) PerfectAnswer(ctx context.Context, in coach.Input) (string, coach.Usage, error) {
	start := time.Now()
	s, u, err := e.next.PerfectAnswer(ctx, in)
	e.m.observeCall(PurposePerfect, start, u, err)
	return s, u, err
}

// Evaluate calls the inner Evaluate.
func (e *engine) Evaluate(ctx context.Context, in coach.Input) (*coach.Evaluation, coach.Usage, error) {
	start := time.Now()
	ev, u, err := e.next.Evaluate(ctx, in)
	e.m.observeCall(PurposeEvaluation, start, u, err)
	return ev, u, err
}

// Summarize calls the inner Summarize under the purpose "summary".
func (e *engine) Summarize(ctx context.Context, language, text string) (string, coach.Usage, error) {
	start := time.Now()
	s, u, err := e.next.Summarize(ctx, language, text)
	e.m.observeCall(PurposeSummary, start, u, err)
	return s, u, err
}

// observeCall records one model call that began at start. Tokens count
// also for failed calls: engines report what a failed call still cost.
func (m *Metrics) observeCall(purpose string, start time.Time, u coach.Usage, err error) {
	m.modelDuration.WithLabelValues(purpose).Observe(time.Since(start).Seconds())
	if u.TokensIn > 0 {
		m.modelTokens.WithLabelValues(purpose, "prompt").Add(float64(u.TokensIn))
	}
	if u.TokensOut > 0 {
		m.modelTokens.WithLabelValues(purpose, "completion").Add(float64(u.TokensOut))
	}
	if err != nil {
		m.modelErrors.WithLabelValues(purpose, salescoach.ErrorCode(err)).Inc()
	}
}
